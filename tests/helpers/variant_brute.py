"""A separately written ranking of five cards under a rule variant, for the tests: numpy, no pysolver.

Parameterised the way the variants differ: the ranks of the deck (the ace-low
straight is the ace with the deck's four lowest ranks) and the order of the
categories. A hand's key is ``place of its category * 13**5 + its ranks``
(the ranks by group size then rank, high first; a straight's top five times),
so keys compare as hands do.
"""

from itertools import combinations

import numpy as np

CATEGORIES = (
    "high_card",
    "pair",
    "two_pair",
    "three_of_a_kind",
    "straight",
    "flush",
    "full_house",
    "four_of_a_kind",
    "straight_flush",
    "royal_flush",
)


def _swapped(order: tuple[str, ...], *pairs: tuple[str, str]) -> tuple[str, ...]:
    """``order`` with each pair of categories trading places."""
    out = list(order)
    for a, b in pairs:
        i, j = out.index(a), out.index(b)
        out[i], out[j] = b, a
    return tuple(out)


FLUSH_OVER_FULL_HOUSE = _swapped(CATEGORIES, ("flush", "full_house"))
SHORT_DECK = _swapped(FLUSH_OVER_FULL_HOUSE, ("straight", "three_of_a_kind"))
# The short deck that keeps the straight over three of a kind: only the flush moves.
SHORT_DECK_STRAIGHT_OVER_TRIPS = FLUSH_OVER_FULL_HOUSE


def all_hands(low_rank: int, size: int = 5) -> np.ndarray:
    """Every hand of ``size`` cards from the deck of ranks low_rank..12, as card indices."""
    return np.array(list(combinations(range(4 * low_rank, 52), size)), dtype=np.int64)


def classify(hands: np.ndarray, low_rank: int, order: tuple[str, ...]) -> tuple[np.ndarray, np.ndarray]:
    """(category index into CATEGORIES, key) of each row of five card indices."""
    ranks, suits = hands >> 2, hands & 3
    same = (ranks[:, :, None] == ranks[:, None, :]).sum(axis=2)  # copies of each card's rank
    grouped = np.sort(same * 16 + ranks, axis=1)[:, ::-1]  # by group size, then rank
    group_ranks, sizes = grouped & 15, grouped >> 4
    top_size = sizes[:, 0]
    pairs = (sizes == 2).sum(axis=1) // 2
    flush = (suits == suits[:, :1]).all(axis=1)
    distinct = top_size == 1
    high, low = ranks.max(axis=1), ranks.min(axis=1)
    ace_low = distinct & (np.sort(ranks, axis=1) == [low_rank, low_rank + 1, low_rank + 2, low_rank + 3, 12]).all(
        axis=1
    )
    straight = distinct & ((high - low == 4) | ace_low)
    top = np.where(ace_low, low_rank + 3, high)
    category = np.select(
        [
            straight & flush & (top == 12),
            straight & flush,
            top_size == 4,
            (top_size == 3) & (pairs == 1),
            flush,
            straight,
            top_size == 3,
            pairs == 2,
            pairs == 1,
        ],
        [9, 8, 7, 6, 5, 4, 3, 2, 1],
        default=0,
    )
    tiebreak = np.where(straight[:, None], top[:, None], group_ranks)
    packed = (tiebreak * 13 ** np.arange(4, -1, -1)).sum(axis=1)
    place = np.array([order.index(name) for name in CATEGORIES])
    return category, place[category] * 13**5 + packed


def best_keys(hands: np.ndarray, low_rank: int, order: tuple[str, ...]) -> np.ndarray:
    """The key of the best five of each row of 5 to 7 cards."""
    subsets = list(combinations(range(hands.shape[1]), 5))
    return np.max([classify(hands[:, list(s)], low_rank, order)[1] for s in subsets], axis=0)
