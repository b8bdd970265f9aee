"""The 13x13 grid: its layout worked by hand, a range laid out on it, and the pictures."""

import numpy as np
import pytest

from pysolver.cli._render import to_rich
from pysolver.core import equity_colour, share_picture, weight_picture
from pysolver.core._cards import parse_cards
from pysolver.core._errors import RangeError
from pysolver.core._grid import GRID_CLASSES, class_grid, grid_cell, grid_class, range_grid
from pysolver.core._ranges import HAND_CLASSES
from pysolver.core._rules import STANDARD


def test_layout_worked_by_hand():
    # Rows and columns run A K Q J T 9 8 7 6 5 4 3 2. AA top left, 22 bottom right; a suited hand
    # in the row of its high card and the column of its low card, above the diagonal; offsuit
    # mirrored below it.
    assert grid_cell("AA") == (0, 0) and grid_cell("22") == (12, 12) and grid_cell("77") == (7, 7)
    assert grid_cell("AKs") == (0, 1) and grid_cell("AKo") == (1, 0)
    assert grid_cell("A2s") == (0, 12) and grid_cell("A2o") == (12, 0)
    assert grid_cell("T9s") == (4, 5) and grid_cell("T9o") == (5, 4)
    assert grid_cell("32s") == (11, 12) and grid_cell("32o") == (12, 11)
    assert GRID_CLASSES[1][:3] == ("AKo", "KK", "KQs")
    assert [GRID_CLASSES[i][i] for i in range(13)] == [
        "AA",
        "KK",
        "QQ",
        "JJ",
        "TT",
        "99",
        "88",
        "77",
        "66",
        "55",
        "44",
        "33",
        "22",
    ]


def test_every_class_has_one_cell():
    cells = [grid_cell(name) for name in HAND_CLASSES]
    assert len(set(cells)) == 169
    for name in HAND_CLASSES:
        row, column = grid_cell(name)
        assert grid_class(row, column) == name
        assert (row < column) == name.endswith("s") and (row > column) == name.endswith("o")


def test_a_range_on_the_grid():
    # QQ+ is 3 x 6 = 18 combos, AKs 4, half of KQs 2: 24 of 1,326.
    grid = range_grid("QQ+, AKs, 0.5(KQs)")
    assert grid.combos == 24 and grid.total == 1326 and grid.share == pytest.approx(24 / 1326)
    expected = np.zeros((13, 13))
    expected[0, 0] = expected[1, 1] = expected[2, 2] = expected[0, 1] = 1
    expected[1, 2] = 0.5
    assert np.array_equal(grid.fractions, expected)
    # With the As dead: AA keeps 3 of 6 combos, AKs 3 of 4; 51 cards deal 1,275 combos.
    dead = range_grid("QQ+, AKs", dead=parse_cards("As"))
    assert (dead.fraction("AA"), dead.fraction("AKs"), dead.fraction("KK")) == (0.5, 0.75, 1.0)
    assert dead.combos == 3 + 6 + 6 + 3 and dead.total == 1275


def test_short_deck_cells_stay_on_the_grid_empty():
    # The short deck has no twos to fives: their cells stay, with no combos; 36 cards deal 630.
    removed = [int(i) for i in np.flatnonzero(~np.isin(np.arange(52) >> 2, range(4, 13)))]
    grid = range_grid("random", dead=removed)
    assert grid.total == 630 and grid.combos == 630
    assert grid.live[grid_cell("A5s")] == 0 and grid.live[grid_cell("A6s")] == 4
    assert grid.live[grid_cell("22")] == 0
    assert len(STANDARD.removed) == 0


def test_plain_text_and_dict():
    grid = range_grid("KK, 0.25(AKo)")
    lines = str(grid).splitlines()
    assert lines[0] == "KK, 0.25(AKo): 9 combos, 0.68% of 1,326"
    assert lines[1] == ".    .    .    .    .    .    .    .    .    .    .    .    ."
    assert lines[2] == "AKo* KK   .    .    .    .    .    .    .    .    .    .    ."
    assert lines[-1] == "* partly held: AKo 25%"
    d = grid.to_dict()
    assert d["classes"] == {"AKo": {"combos": 3.0, "fraction": 0.25}, "KK": {"combos": 6.0, "fraction": 1.0}}


def test_class_grid_errors():
    with pytest.raises(RangeError, match="AKx"):
        class_grid({"AKx": 1.0})
    with pytest.raises(RangeError, match="169"):
        class_grid(np.zeros(3))
    with pytest.raises(RangeError, match="13"):
        grid_class(13, 0)
    with pytest.raises(RangeError, match="AKx"):
        grid_cell("AKx")


def test_colour_scale_is_pokerstoves():
    # neutral at the fair share 1/N, green above, red below, for any number of players
    for players in (2, 3, 6):
        fair = 1 / players
        assert equity_colour(fair, players) == "#e6e6e6"
        assert equity_colour(2 * fair, players) == "#1a9641"
        assert equity_colour(fair / 2, players) == "#d7191c"
        above, below = equity_colour(1.3 * fair, players), equity_colour(0.7 * fair, players)
        assert int(above[3:5], 16) > int(above[1:3], 16) and int(below[1:3], 16) > int(below[3:5], 16)


def test_pictures_fill_cells_as_held():
    picture = weight_picture(range_grid("AA, 0.5(KK)"), "t")
    assert picture.cells[0][0].segments == (("#f2c12e", 1.0),)
    assert picture.cells[1][1].segments == (("#f2c12e", 0.5),)
    assert picture.cells[0][1].segments == ()
    text = to_rich(picture).plain
    assert text.splitlines()[1].startswith("  AA   AKs") and "held by the range" in text
    halves = share_picture([np.full((13, 13), 0.5), np.full((13, 13), 0.25)], ["#000000", "#ffffff"], ["a", "b"], "t")
    assert halves.cells[3][4].segments == (("#000000", 0.5), ("#ffffff", 0.25))
