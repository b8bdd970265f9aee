"""The lookup-table evaluator against published counts, the reference ranking and hands worked by hand."""

from itertools import combinations, combinations_with_replacement
from math import comb

import numpy as np
import pytest

from pysolver import Card, Category
from pysolver.core._errors import CardCountError, DuplicateCardError, InvalidCardError, PokerInputError
from pysolver.evaluator._game_tables import CARD_KEYS
from pysolver.evaluator._key_values import card_keys, evaluate_keys
from pysolver.evaluator._lookup import (
    best_five,
    categories,
    category,
    describe_value,
    evaluate,
    evaluate_batch,
    tiebreak_ranks,
)
from pysolver.evaluator._reference import hand_classes, rank_pattern
from tests.helpers.strength_oracle import rank_hand

# Published counts (e.g. Wikipedia, "Poker probability"), straight flush (royal included) ... high card.
FIVE_CARD_COUNTS = [40, 624, 3744, 5108, 10200, 54912, 123552, 1098240, 1302540]
FIVE_CARD_CLASSES = [10, 156, 156, 1277, 10, 858, 858, 2860, 1277]
SEVEN_CARD_COUNTS = [41584, 224848, 3473184, 4047644, 6180020, 6461620, 31433400, 58627800, 23294460]


def all_hands(k: int) -> np.ndarray:
    return np.array(list(combinations(range(52), k)), dtype=np.int8)


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    return np.argsort(np.random.default_rng(seed).random((n, 52)), axis=1)[:, :k]


def by_category(counts_low_to_high) -> list[int]:
    """Counts by category HIGH_CARD..ROYAL_FLUSH -> straight flush (royal included) .. high card."""
    counts = list(counts_low_to_high)
    return [counts[8] + counts[9]] + counts[7::-1]


def reference_values(hands: np.ndarray) -> np.ndarray:
    """Reference value of each 5-card row: rank_pattern of its (sorted ranks, suited) pattern."""
    value = {cls: i + 1 for i, cls in enumerate(hand_classes())}
    patterns = {}
    for ranks in combinations(range(13), 5):  # suited patterns: five distinct ranks
        patterns[_pattern_key(ranks, True)] = value[rank_pattern(ranks, suited=True)]
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            patterns[_pattern_key(ranks, False)] = value[rank_pattern(ranks, suited=False)]
    keys = np.array(sorted(patterns))
    values = np.array([patterns[k] for k in keys])
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    suited = (hands & 3 == (hands[:, :1] & 3)).all(axis=1)
    hand_keys = _pattern_key(ranks.T, suited)
    found = np.searchsorted(keys, hand_keys)
    assert (keys[found] == hand_keys).all()
    return values[found]


def _pattern_key(sorted_ranks, suited):
    return sum(r * 13**i for i, r in enumerate(sorted_ranks)) + np.asarray(suited, dtype=np.int64) * 13**5


@pytest.fixture(scope="module")
def five_card_hands() -> np.ndarray:
    return all_hands(5)


def test_all_five_card_hands_match_published_counts_and_reference(five_card_hands):
    values = evaluate_batch(five_card_hands)
    assert len(values) == comb(52, 5) == 2_598_960
    cats = categories(values)
    assert by_category(np.bincount(cats, minlength=10)) == FIVE_CARD_COUNTS
    assert np.bincount(cats, minlength=10)[Category.ROYAL_FLUSH] == 4
    distinct = np.unique(values)
    assert len(distinct) == 7462 and distinct[0] == 1 and distinct[-1] == 7462
    assert by_category(np.bincount(categories(distinct), minlength=10)) == FIVE_CARD_CLASSES
    assert (values == reference_values(five_card_hands)).all()


@pytest.mark.heavy
@pytest.mark.parametrize("k", [6, 7])
def test_six_and_seven_cards_are_the_best_five_card_subset(k):
    hands = random_hands(100_000, k, seed=k)
    best = np.max([reference_values(hands[:, list(five)]) for five in combinations(range(k), 5)], axis=0)
    assert (evaluate_batch(hands) == best).all()


def test_values_order_hands_as_an_independent_oracle_does():
    hands = random_hands(3000, 7, seed=11)
    values = evaluate_batch(hands)
    oracle = [rank_hand(h) for h in hands.tolist()]
    for i in range(len(hands) - 1):
        assert (values[i] > values[i + 1]) == (oracle[i] > oracle[i + 1])
        assert (values[i] == values[i + 1]) == (oracle[i] == oracle[i + 1])


@pytest.mark.parametrize(
    "cards, label, ranks",
    [
        ("7c 5d 4h 3s 2c", "high_card", (5, 3, 2, 1, 0)),
        ("As Ks Qs Js Ts", "royal_flush", (12,)),
        ("3c 3d Ks Kh 7c 7d Ah", "two_pair", (11, 5, 12)),  # counterfeited: the threes do not play
        ("Ah Ad Ac Kh Kd Ks 2c", "full_house", (12, 11)),  # two trips
        ("Ah Kh Qh 9h 7h 2h 3c", "flush", (12, 11, 10, 7, 5)),  # six suited cards
        ("9h 8h 7h 6h 5h 2h Ac", "straight_flush", (7,)),  # six suited, a straight flush inside
        ("Ac 2d 3h 4s 5c 6d Kh", "straight", (4,)),  # wheel plus six-high straight
        ("Ac 2d 3h 4s 5c Kd Kh", "straight", (3,)),  # the wheel beats the pair
        ("2h 5h 9h Jh Kh Tc Qd", "flush", (11, 9, 7, 3, 0)),  # flush beats a straight
        ("9c 9d 9h 9s 2c 2d 2h", "four_of_a_kind", (7, 0)),
        ("Qc Qd 8h 8s 4c 4d Ah", "two_pair", (10, 6, 12)),  # three pairs: best two + ace kicker
    ],
)
def test_hands_worked_by_hand(cards, label, ranks):
    value = evaluate(cards)
    assert category(value).snake == label
    assert tiebreak_ranks(value) == ranks


def test_value_scale_ends_and_descriptions():
    assert evaluate("7c 5d 4h 3s 2c") == 1
    assert evaluate("As Ks Qs Js Ts") == 7462
    assert evaluate("3c 3d Ks Kh 7c 7d Ah") == evaluate("Ks Kh 7c 7d Ah")
    assert evaluate("Ac 2d 3h 4s 5c 6d Kh") == evaluate("2d 3h 4s 5c 6d") > evaluate("Ac 2d 3h 4s 5c")
    assert describe_value(evaluate("Kh Kd Ks 7c 7d")) == "Full house, Kings full of Sevens"
    assert describe_value(evaluate("Ah Ad Qc Qs Kd 2c 3c")) == "Two pair, Aces and Queens, King kicker"
    assert describe_value(7462) == "Royal flush"


def test_best_five():
    assert best_five("2c 3d 4h 5s Ac Kd 9h") == tuple(map(Card.parse, "5s 4h 3d 2c Ac".split()))
    assert best_five("Ac 2d 3h 4s 5c 6d Kh") == tuple(map(Card.parse, "6d 5c 4s 3h 2d".split()))
    assert best_five("3c 3d Ks Kh 7c 7d Ah") == tuple(map(Card.parse, "Ks Kh 7d 7c Ah".split()))
    assert best_five("Ah Kh Qh 9h 7h 2h 3c") == tuple(map(Card.parse, "Ah Kh Qh 9h 7h".split()))
    hands = random_hands(300, 7, seed=5)
    for hand in hands.tolist():
        five = best_five(hand)
        assert {c.index for c in five} <= set(hand) and evaluate(five) == evaluate(hand)


def test_single_and_batch_and_keys_agree():
    for k in (5, 6, 7):
        hands = random_hands(20_000, k, seed=20 + k)
        values = evaluate_batch(hands)
        assert values.tolist()[:200] == [evaluate(h) for h in hands.tolist()[:200]]
        assert (evaluate_keys(card_keys(hands)) == values).all()
        boards, holes = hands[:, 2:], hands[:, :2]  # keys add up over disjoint cards
        assert (evaluate_keys(card_keys(boards) + card_keys(holes)) == values).all()
    assert (card_keys(np.array([3, 7])) == CARD_KEYS[3] + CARD_KEYS[7]).all()


def test_batch_input_forms():
    hands = random_hands(50_000, 7, seed=3)  # more rows than one chunk
    expected = evaluate_batch(hands)
    for dtype in (np.int8, np.uint8, np.int32, np.int64):
        assert (evaluate_batch(hands.astype(dtype)) == expected).all()
    assert (evaluate_batch(np.asfortranarray(hands)) == expected).all()
    assert evaluate_batch(np.empty((0, 7), dtype=np.int64)).shape == (0,)


def test_bad_input():
    with pytest.raises(CardCountError, match="shape"):
        evaluate_batch(np.zeros((3, 4), dtype=np.int64))
    with pytest.raises(InvalidCardError, match="52"):
        evaluate_batch(np.array([[1, 2, 3, 4, 52]]))
    with pytest.raises(InvalidCardError, match="-1"):
        evaluate_batch(np.array([[1, 2, 3, 4, -1]]))
    with pytest.raises(InvalidCardError, match="index 200"):
        evaluate_batch(np.array([[1, 2, 3, 4, 200]], dtype=np.uint8))
    with pytest.raises(InvalidCardError, match="dtype"):
        evaluate_batch(np.array([[1.0, 2, 3, 4, 5]]))
    with pytest.raises(DuplicateCardError, match="'2d'"):
        evaluate_batch(np.array([[0, 1, 2, 3, 4], [1, 1, 5, 6, 7]]), check_distinct=True)
    with pytest.raises(CardCountError, match="5, 6 or 7 cards, got 4"):
        evaluate("As Ks Qs Js")
    with pytest.raises(DuplicateCardError):
        evaluate("As As Qs Js Ts")
    with pytest.raises(DuplicateCardError, match="'2c'"):
        evaluate([0, 0, 5, 9, 13])
    with pytest.raises(InvalidCardError, match="52"):
        evaluate([1, 5, 9, 13, 52])
    for value in (0, 7463):
        with pytest.raises(PokerInputError, match=str(value)):
            category(value)
    with pytest.raises(PokerInputError):
        categories(np.array([1, 0]))
    with pytest.raises(InvalidCardError, match="-3"):
        card_keys(np.array([[1, 2], [-3, 4]]))
    with pytest.raises(InvalidCardError, match="card axis"):
        card_keys(np.array(7))


@pytest.mark.heavy
def test_all_seven_card_hands_match_published_counts():
    """All 133,784,560 seven-card hands: the lowest four cards' keys once, then every top three."""
    four = all_hands(4)
    four = four[np.lexsort(four.T)]  # colex: combinations of range(m) come first
    four_keys = card_keys(four)
    tally = np.zeros(10, dtype=np.int64)
    for top in combinations(range(52), 3):
        below = comb(top[0], 4)
        if below:
            values = evaluate_keys(four_keys[:below] + card_keys(np.array(top)))
            tally += np.bincount(categories(values), minlength=10)
    assert tally.sum() == comb(52, 7)
    assert by_category(tally) == SEVEN_CARD_COUNTS
