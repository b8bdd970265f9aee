"""The Chen formula against the issue's known scores and hands worked by hand."""

import pytest

from pysolver.core._errors import RangeError
from pysolver.odds._chen import CHEN_MAX, CHEN_MIN, chen_normalized, chen_points, chen_score, chen_table


@pytest.mark.parametrize(
    "hand, score",
    [
        ("AA", 20),
        ("KK", 16),
        ("AKs", 12),
        ("JTs", 9),
        ("72o", -1),  # the values
        ("22", 5),  # 1 doubled is 2, raised to the minimum 5
        ("55", 5),  # 2.5 doubled
        ("66", 6),
        ("AKo", 10),
        ("T9s", 8),  # 5 + 2 suited + 1 connector bonus
        ("J9o", 6),  # 6 - 1 one-gap + 1 both below a queen
        ("Q9s", 7),  # 7 + 2 - 2 two-gap, no bonus: the queen is not below a queen
        ("94o", 0),  # 4.5 - 5 (gap of 4) = -0.5 rounds up to 0
    ],
)
def test_known_scores(hand, score):
    assert chen_score(hand) == score


def test_rounding_half_up():
    assert chen_points(5, 0, False) == -1.5 and chen_score("72o") == -1
    assert chen_points(7, 7, False) == 9.0 and chen_score("99") == 9
    assert chen_points(7, 5, True) == 4.5 - 1 + 2 + 1 and chen_score("97s") == 7


def test_cards_and_classes_agree():
    assert chen_score("Ah Kh") == chen_score("AKs") == 12
    assert chen_score("7c2d") == chen_score("72o")
    assert chen_score("aks") == 12


def test_table_bounds_and_normalisation():
    table = chen_table()
    assert len(table) == 169
    assert min(table.values()) == CHEN_MIN == -1 and max(table.values()) == CHEN_MAX == 20
    assert chen_normalized("AA") == 1.0 and chen_normalized("72o") == 0.0
    assert chen_normalized("AKs") == pytest.approx(13 / 21)


@pytest.mark.parametrize("bad", ["AKx", "A", "AsAs", "ZZ"])
def test_bad_hand_names_it(bad):
    with pytest.raises(RangeError, match=repr(bad)):
        chen_score(bad)


def test_cli(capsys):
    import json

    from pysolver.cli import main

    assert main(["chen", "AKs", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == [{"hand": "AKs", "chen": 12, "normalized": 13 / 21}]
    assert main(["chen", "AA", "72o"]) == 0
    out = capsys.readouterr().out
    assert "AA: 20" in out and "72o: -1" in out
    assert main(["chen", "AKx"]) == 2
    assert "AKx" in capsys.readouterr().err
