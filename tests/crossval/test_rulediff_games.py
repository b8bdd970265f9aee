"""A game's rule diff, pot by pot and in equity, against a plain-Python valuation of the same deals."""

import json
from fractions import Fraction

import pytest

from pysolver import PokerInputError, load_rules, parse_cards
from pysolver.cli import main
from pysolver.crossval import rule_diff
from pysolver.crossval._games import deal_game
from pysolver.odds import equity

from ..helpers.game_brute import best, brute_game_equity, shares


def cards(text):
    return tuple(c.index for c in parse_cards(text))


def test_omaha_against_o8_counts_lows_and_changed_shares_as_the_oracle_does():
    diff = rule_diff("omaha", "omaha_hi_lo", showdowns=300, seed=5, named=False)
    holes, boards = deal_game(300, 2, 5, load_rules("omaha"))  # the diff's deals: the same dealer and seed
    played = changed = 0
    for hole, board in zip(holes.tolist(), boards.tolist()):
        hands = [tuple(h) for h in hole]
        played += any(best("low8", h, tuple(board), {2}) is not None for h in hands)
        changed += shares(hands, tuple(board), ["high"], {2}) != shares(hands, tuple(board), ["high", "low8"], {2})
    assert diff.low_played == (None, pytest.approx(played / 300))
    assert diff.changed == changed
    assert diff.pots["high"][0] == diff.pots["high"][1]  # the same high hands under both books


def test_a_matchup_is_measured_under_both_books_exactly():
    matchup = "Ah 3h Kd Qd vs As 3s 9c 9d on 2c 5d 8h Kc"
    diff = rule_diff("omaha", "omaha_hi_lo", showdowns=100, seed=1, named=False, matchups=[matchup])
    (measured,) = diff.matchups
    assert measured.exact == (True, True)
    for book, pots, got in zip(("omaha", "omaha_hi_lo"), (["high"], ["high", "low8"]), measured.equities):
        expected, _ = brute_game_equity(
            [cards("Ah 3h Kd Qd"), cards("As 3s 9c 9d")], [0, 0], cards("2c 5d 8h Kc"), 5, pots, {2}
        )
        assert [Fraction(x).limit_denominator(10**6) for x in got] == expected
        assert list(got) == [
            p.equity for p in equity(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc", rules=book).players
        ]


def test_named_matchups_follow_the_game_deal():
    stud = rule_diff("razz", "stud", showdowns=100, seed=1)
    assert [m.players for m in stud.matchups] == [("Ah 2d 3c 7s 8h", "Kh Kd 4c 5s 6h")]
    assert stud.matchups[0].equities[0][0] > 0.9 > 0.2 > stud.matchups[0].equities[1][0]  # razz favours the low draw
    text = str(stud)
    assert "equity under both" in text and "razz" in text


def test_the_command_line_prints_a_game_diff_with_its_matchups(capsys):
    argv = ["rules", "diff", "omaha", "omaha_hi_lo", "--showdowns", "200", "--seed", "2", "--json", "--no-named"]
    assert main([*argv, "--matchup", "Ah 3h Kd Qd vs As 3s 9c 9d on 2c 5d 8h Kc"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["equity"][0]["players"] == ["Ah 3h Kd Qd", "As 3s 9c 9d"] and answer["equity"][0]["exact"] == [
        True,
        True,
    ]
    assert main([*argv, "--matchup", "Ah 3h Kd Qd vs As 3s 9c 9d on 2c 5d 8h Kd"]) == 2
    assert "duplicate card 'Kd'" in capsys.readouterr().err


def test_a_bad_matchup_is_one_error():
    with pytest.raises(PokerInputError, match="omaha deals 4 hole cards"):
        rule_diff("omaha", "omaha_hi_lo", showdowns=10, seed=1, matchups=["Ah Kh vs Qs Qd"])
