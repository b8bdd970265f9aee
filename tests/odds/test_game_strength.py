"""Hand strength in a game: a share of the pot against every holding, against a plain-Python count."""

from fractions import Fraction

import pytest

from pysolver import PokerInputError, hand_strength, parse_cards, parse_range
from pysolver.odds import game_equity
from pysolver.odds._games.strength import game_strength

from ..helpers.game_brute import brute_game_equity
from ..helpers.rule_books import own_rule_book


def cards(text):
    return tuple(c.index for c in parse_cards(text))


@pytest.fixture(scope="module")
def two_card_omaha(tmp_path_factory):
    """Two hole cards, both in the five, hi-lo: every holding of the deck counted by hand in a second."""
    return own_rule_book(tmp_path_factory.mktemp("rules"), "omaha_hi_lo", ("hole_cards(4).", "hole_cards(2)."))


@pytest.mark.parametrize("board", ["2c 5d 8h", "2c 5d 8h Kc"])
def test_a_showdown_now_against_every_holding(two_card_omaha, board):
    strength = game_strength("Ah 4h", board, rules=two_card_omaha)
    expected, weight = brute_game_equity(
        [cards("Ah 4h"), ()], [0, 2], cards(board), len(cards(board)), ["high", "low8"], {2}
    )
    assert strength.total == weight == (52 - 2 - len(cards(board))) * (51 - 2 - len(cards(board))) // 2
    assert Fraction(strength.hs).limit_denominator(10**7) == expected[0]
    assert strength.over == "opponent holdings"


def test_the_nuts_in_razz_is_never_behind():
    strength = game_strength("Ah 2d 3c 4s 5h Kd Kc", rules="razz", seed=4)  # a wheel: no low beats it
    assert strength.behind == 0 and strength.hs > 0.99 and "sampled, seed 4" in strength.over


def test_before_a_five_is_formed_it_is_the_all_in_equity():
    strength = game_strength("Ah Ad Kh Kd", rules="omaha", seed=7)
    equity = game_equity(["Ah Ad Kh Kd", "random"], rules="omaha", seed=7)
    assert strength.hs == equity.players[0].equity and "all-in" in strength.over
    assert strength.total == pytest.approx(equity.weight)


def test_hand_strength_takes_a_game_and_a_list_of_holdings():
    listed = hand_strength("Ah 3h Kd Qd", "2c 5d 8h Kc", rules="omaha_hi_lo", opponent_range="As 2s 9c 9d, 7h 6h 4c 4d")
    assert listed.total == 2 and listed.ahead + listed.tied + listed.behind == 2
    both = [
        game_strength("Ah 3h Kd Qd", "2c 5d 8h Kc", rules="omaha_hi_lo", opponent=o)
        for o in ("As 2s 9c 9d", "7h 6h 4c 4d")
    ]
    assert listed.hs == pytest.approx(sum(s.hs for s in both) / 2)
    with pytest.raises(PokerInputError, match="list of holdings, as text"):
        hand_strength("Ah 3h Kd Qd", "2c 5d 8h", rules="omaha", opponent_range=parse_range("AA"))
    with pytest.raises(PokerInputError, match="omaha deals 4 hole cards"):
        hand_strength("Ah 3h", "2c 5d 8h", rules="omaha")
