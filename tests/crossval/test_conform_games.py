"""Conformance of evaluators of every game: Omaha's two hole cards, hi-lo's low and its qualifier,
razz, deuce-to-seven; values of any type (tuples, None for no low), comparison functions.

The evaluators are written in the tests (:mod:`tests.helpers.game_brute`, :mod:`tests.helpers.textbook`),
apart from pysolver; each bug's witness is checked again by the right evaluator."""

from functools import cache
from itertools import combinations

import pytest

from pysolver import PokerInputError, parse_cards
from pysolver.crossval import check_evaluator

from ..helpers.equity_brute import rank5
from ..helpers.game_brute import best, pot_value
from ..helpers.textbook import evaluate as textbook

pytestmark = pytest.mark.heavy  # whole conformance runs of Python evaluators


def _index(cards):
    return [c.index for c in parse_cards(" ".join(cards))]


def omaha_high(hole, board):
    return best("high", hole, board, {2})


def omaha_low(hole, board):
    return best("low8", hole, board, {2})


def _recheck(report, right, pot_hole=None):
    """Each pair out of order is ordered so by the right evaluator (the better hand first)."""
    for c in report.counterexamples:
        if c["relation"] == "failure":
            continue
        first, second = (_index(h) for h in c["hands"])
        if pot_hole:
            first, second = [first[:pot_hole], first[pot_hole:]], [second[:pot_hole], second[pot_hole:]]
        a, b = right(*first) if pot_hole else right(first), right(*second) if pot_hole else right(second)
        if c["relation"] == "split":
            assert a == b, c
        else:  # None: no low, below every low
            assert a is not None and (b is None or a > b), c


def test_a_right_omaha_evaluator_of_tuples_conforms_for_the_high_and_the_low():
    high = check_evaluator(omaha_high, rules="omaha_hi_lo", takes="index")
    assert high.ok, str(high)
    assert high.cards == 9 and high.hole == 4 and high.pot == "high"
    assert high.shapes["hole-card rule"] > 1000
    low = check_evaluator(omaha_low, rules="omaha_hi_lo", pot="low", takes="index")
    assert low.ok, str(low)
    assert low.categories["no_low"] > 0 and low.classes == 57  # the 56 eight-or-better lows and no low


def test_random_omaha_hands_of_classes_the_quick_hands_lack_are_keyed_exactly():
    # random deals hold high classes no quick hand has: tuples of two such classes between the same
    # two quick classes must still compare, in each task and across tasks
    report = check_evaluator(omaha_high, rules="omaha", mode="random", count=3000, seed=3, takes="index", tasks=3)
    assert report.ok, str(report)


def test_three_hole_cards_in_omaha_is_a_finding_with_a_witness():
    report = check_evaluator(lambda hole, board: best("high", hole, board, {1, 2, 3}), rules="omaha", takes="index")
    assert not report.ok and report.counterexamples[0]["kind"].startswith("high hand: exactly 2 hole cards")
    _recheck(report, omaha_high, 4)


def test_a_low_that_uses_any_hole_cards_is_a_counterfeit_finding():
    report = check_evaluator(
        lambda hole, board: best("low8", hole, board, {1, 2, 3, 4}), rules="omaha_hi_lo", pot="low", takes="index"
    )
    assert not report.ok
    assert report.counterexamples[0]["rule"] == "exactly 2 hole cards"
    _recheck(report, omaha_low, 4)


def test_no_low_may_be_a_value_below_every_low_and_not_a_value_among_them():
    def sentinel(hole, board):
        value = omaha_low(hole, board)
        return ((-99,),) if value is None else value

    assert check_evaluator(sentinel, rules="omaha_hi_lo", pot="low", takes="index").ok

    def low_without_qualifier(hole, board):  # every ace-to-five low plays, as in razz
        return best("razz", hole, board, {2})

    report = check_evaluator(low_without_qualifier, rules="omaha_hi_lo", pot="low", takes="index")
    assert not report.ok and report.counterexamples[0]["rule"] == "the qualifier"


def razz(cards):
    return best("razz", cards, [], {5})


def test_razz_ignores_straights_and_flushes():
    assert check_evaluator(razz, rules="razz", takes="index").ok

    def counts_them(cards):
        values = []
        for five in combinations(cards, 5):
            value = pot_value("razz", list(five))
            made = rank5(list(five))[0] in (4, 5, 8)  # a straight, a flush or a straight flush counts against
            values.append(((-1,) if made else (0,), value))
        return max(values)

    report = check_evaluator(counts_them, rules="razz", takes="index")
    assert not report.ok
    assert {c["rule"] for c in report.counterexamples} & {"straights do not count", "flushes do not count"}
    _recheck(report, razz)


def test_deuce_to_seven_and_the_wheel_that_is_no_straight():
    right = check_evaluator(lambda cards: -textbook(cards, bugs=("wheel",)), rules="deuce_to_seven")
    assert right.ok, str(right)
    report = check_evaluator(lambda cards: -textbook(cards), rules="deuce_to_seven")  # A-5-4-3-2 as a straight
    assert not report.ok
    assert all(c["rule"] == "the deuce-to-seven wheel" for c in report.counterexamples)
    for c in report.counterexamples:
        assert any(sorted(card[0] for card in hand) == sorted("A5432") for hand in c["hands"])
        first, second = (-textbook(hand, bugs=("wheel",)) for hand in c["hands"])
        assert first > second if c["relation"] != "split" else first == second


def _comparison(value):
    """A comparison function of [hole, board] hands by ``value(hole, board)`` (each hand valued once)."""
    valued = cache(lambda hole, board: value(list(hole), list(board)))

    def compare(a, b):
        x, y = valued(tuple(a[0]), tuple(a[1])), valued(tuple(b[0]), tuple(b[1]))
        return (x > y) - (x < y)

    return compare


def test_a_comparison_function_of_omaha_hands():
    assert check_evaluator(_comparison(omaha_high), rules="omaha", kind="compare", takes="index").ok
    compare_any_five = _comparison(lambda hole, board: best("high", hole, board, {1, 2, 3}))

    report = check_evaluator(compare_any_five, rules="omaha", kind="compare", takes="index")
    assert not report.ok and "compare" in report.counterexamples[0]
    _recheck(report, omaha_high, 4)


def test_bad_pots_and_card_counts_name_the_value():
    with pytest.raises(PokerInputError, match="pot 'low'"):
        check_evaluator(omaha_high, rules="omaha", pot="low")
    with pytest.raises(PokerInputError, match="cards 6"):
        check_evaluator(omaha_high, rules="omaha", cards=6)
    with pytest.raises(PokerInputError, match="exhaustive"):
        check_evaluator(omaha_high, rules="omaha", mode="exhaustive")
