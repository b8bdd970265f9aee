"""The exact heads-up preflop table of a rule book, cell by cell against equity() of the two classes.

equity() counts a class against a class by its own paths (the grouped enumeration of two ranges,
or, in the standard game, the shipped matchup table built by scripts/make_preflop_table.py); the
table counts each matchup once up to the suits and sums. Their integers must be equal.
"""

import numpy as np
import pytest

from pysolver import PokerInputError, equity
from pysolver.cli import main
from pysolver.odds import heads_up_table

ROWS = ["AA", "KQs", "76s", "T9o"]


@pytest.fixture(scope="module")
def short_deck():
    return heads_up_table("short_deck", classes=ROWS, threads=2)


def test_every_cell_is_the_exact_count_of_the_two_classes(short_deck):
    rng = np.random.default_rng(5)
    for row in ROWS:
        for column in rng.choice(short_deck.classes, 6, replace=False).tolist() + ["AA"]:
            counted = equity([row, column], rules="short_deck", exact=True)
            i, j = short_deck.rows.index(row), short_deck.classes.index(column)
            assert (short_deck.wins[i, j], short_deck.ties[i, j], short_deck.deals[i, j]) == (
                counted.players[0].wins,
                counted.players[0].ties,
                counted.deals,
            ), (row, column)


def test_the_cells_of_a_pair_of_classes_add_up(short_deck):
    for a in ROWS:
        for b in ROWS:
            i, j = short_deck.rows.index(a), short_deck.classes.index(b)
            k, m = short_deck.rows.index(b), short_deck.classes.index(a)
            assert short_deck.deals[i, j] == short_deck.deals[k, m]
            assert short_deck.wins[i, j] + short_deck.ties[i, j] + short_deck.wins[k, m] == short_deck.deals[i, j]
    assert short_deck.equity("AA", "AA") == 0.5 and len(short_deck.classes) == 81  # 9 ranks: 9 pairs, 36 + 36


def test_the_counts_do_not_depend_on_the_threads(short_deck):
    one = heads_up_table("short_deck", classes=ROWS, threads=1)
    assert (one.wins == short_deck.wins).all() and (one.ties == short_deck.ties).all()


def test_a_standard_row_is_the_shipped_matchup_table():
    table = heads_up_table(classes=["72o"], threads=0)
    assert len(table.classes) == 169
    for column in ("AA", "KQs", "72o", "32s", "T9o"):
        shipped = equity(["72o", column])  # the shipped table, counted by scripts/make_preflop_table.py
        assert shipped.method == "matchup table"
        j = table.classes.index(column)
        assert (table.wins[0, j], table.ties[0, j], table.deals[0, j]) == (
            shipped.players[0].wins,
            shipped.players[0].ties,
            shipped.deals,
        )


def test_the_command_line_writes_the_table(tmp_path, capsys):
    out = tmp_path / "t.csv"
    assert main(["table", "--rules", "short_deck", "--classes", "AA", "KQs", "--csv", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert len(lines) == 3 and lines[0].split(",")[1:4] == ["AA", "KK", "QQ"]
    assert float(lines[1].split(",")[1]) == 0.5
    assert "2 x 81 classes" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--rules", "omaha"], "two hole cards and a board of five"),
        (["--rules", "short_deck", "--classes", "72o"], "class '72o': not a starting hand of the short_deck deck"),
    ],
)
def test_bad_tables_are_one_line_and_exit_2(capsys, argv, says):
    assert main(["table", *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0]


def test_a_cell_outside_the_table_is_named():
    table = heads_up_table("short_deck", classes=["AA"])
    with pytest.raises(PokerInputError, match="'KK': not a row"):
        table.equity("KK", "AA")
