"""exact_seconds reads a known hand as every hand is read: text pairs, a string, cards or indices
give the estimate the planner makes of the same question (the suits a lone hand leaves alike)."""

import pytest

from pysolver import Card, PokerInputError
from pysolver.core import Situation
from pysolver.core._ranges import RANDOM
from pysolver.odds._cost import VALUES_PER_SECOND, Shape
from pysolver.odds._model import Question
from pysolver.odds._planner import exact_seconds
from pysolver.odds._registry import least_cost


def spellings(hand: str) -> list:
    """One hand written every way a caller may write it."""
    cards = (Card.parse(hand[:2]), Card.parse(hand[2:]))
    return [hand, (hand[:2], hand[2:]), [hand[:2].lower(), hand[2:]], cards, tuple(c.index for c in cards)]


@pytest.mark.parametrize("hand, randoms", [("AhKh", 2), ("AhKh", 3), ("7c2d", 2), ("AcAd", 3)])
def test_a_hand_in_any_spelling_gives_the_planners_estimate(hand, randoms):
    situation = Situation.of(
        [hand] + ["random"] * randoms,
        ranges=True,
    )
    planned = least_cost(Shape.of(Question.of(situation, table=False))) / VALUES_PER_SECOND
    for written in spellings(hand):
        assert exact_seconds([written] + [RANDOM] * randoms, 0) == pytest.approx(planned), written


def test_a_suited_hand_leaves_fewer_suits_to_tell_apart_than_any_two_cards():
    # AhKh leaves hearts and the other three suits: the count of the others' combos folds by suit.
    assert exact_seconds([("Ah", "Kh"), RANDOM, RANDOM, RANDOM], 0) < exact_seconds([(None, None)] + [RANDOM] * 3, 0)


def test_a_bad_card_is_named():
    with pytest.raises(PokerInputError, match="Zh"):
        exact_seconds([("Zh", "Kh"), RANDOM, RANDOM], 0)
