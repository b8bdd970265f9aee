"""A small, obviously correct ranking of five cards: the evaluator's tables are built from it.

Not fast (plain Python, one hand at a time); its only jobs are to define the
order of the 7,462 hand classes and to serve as an independent check in tests.
A hand's rank is the tuple ``(category, *tie-break ranks)`` in the convention
of :mod:`pysolver.core._categories` (the wheel counts as five-high, an ace-high
straight flush is a royal flush); tuples compare as hands do.

    >>> rank_five([51, 47, 43, 39, 35])           # As Ks Qs Js Ts
    (9, 12)
    >>> rank_five([0, 4, 8, 12, 49])              # 2c 3c 4c 5c Ad: the wheel
    (4, 3)
    >>> len(hand_classes())
    7462
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations, combinations_with_replacement

from ..core import Category

WHEEL = (12, 3, 2, 1, 0)


def _straight_high(ranks: Sequence[int]) -> int | None:
    """The top rank if five distinct ranks form a straight (the wheel is five-high), else None."""
    ordered = sorted(set(ranks), reverse=True)
    if len(ordered) != 5:
        return None
    if tuple(ordered) == WHEEL:
        return 3
    if ordered[0] - ordered[4] == 4:
        return ordered[0]
    return None


def rank_pattern(ranks: Sequence[int], suited: bool) -> tuple[int, ...]:
    """``(category, *tie-break ranks)`` of five cards given their ranks and whether all share a suit.

    >>> rank_pattern([11, 11, 11, 5, 5], suited=False)
    (6, 11, 5)
    """
    category, *tiebreak = _classify(ranks, suited)
    return (int(category), *tiebreak)


def _classify(ranks: Sequence[int], suited: bool) -> tuple[int, ...]:
    if len(ranks) != 5:
        raise ValueError(f"a hand class has five cards, got {len(ranks)}")
    high = _straight_high(ranks)
    if suited and high is not None:
        return (Category.ROYAL_FLUSH, 12) if high == 12 else (Category.STRAIGHT_FLUSH, high)
    # ranks grouped: biggest group first, then the higher rank
    groups = sorted(Counter(ranks).items(), key=lambda rank_count: (rank_count[1], rank_count[0]), reverse=True)
    shape = tuple(count for _, count in groups)
    by_group = tuple(rank for rank, _ in groups)
    if shape == (4, 1):
        return (Category.FOUR_OF_A_KIND, *by_group)
    if shape == (3, 2):
        return (Category.FULL_HOUSE, *by_group)
    if suited:
        return (Category.FLUSH, *by_group)
    if high is not None:
        return (Category.STRAIGHT, high)
    if shape == (3, 1, 1):
        return (Category.THREE_OF_A_KIND, *by_group)
    if shape == (2, 2, 1):
        return (Category.TWO_PAIR, *by_group)
    if shape == (2, 1, 1, 1):
        return (Category.PAIR, *by_group)
    return (Category.HIGH_CARD, *by_group)


def rank_five(cards: Sequence[int]) -> tuple[int, ...]:
    """The rank of exactly five card indices (``4 * rank + suit``)."""
    cards = [int(c) for c in cards]
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"need five distinct cards, got {cards}")
    return rank_pattern([c >> 2 for c in cards], suited=len({c & 3 for c in cards}) == 1)


def rank_best(cards: Sequence[int]) -> tuple[int, ...]:
    """The best rank among all five-card subsets of 5 to 7 cards (max over subsets)."""
    return max(rank_five(five) for five in combinations(cards, 5))


@lru_cache(maxsize=1)
def hand_classes() -> tuple[tuple[int, ...], ...]:
    """The 7,462 hand classes, weakest first: ``hand_classes()[value - 1]`` is the class of ``value``.

    Every rank multiset of five cards (at most four of a rank) offsuit, and every
    set of five distinct ranks suited.
    """
    classes = {
        rank_pattern(ranks, suited=False)
        for ranks in combinations_with_replacement(range(13), 5)
        if max(Counter(ranks).values()) <= 4
    }
    classes |= {rank_pattern(ranks, suited=True) for ranks in combinations(range(13), 5)}
    return tuple(sorted(classes))


__all__ = ["WHEEL", "rank_pattern", "rank_five", "rank_best", "hand_classes"]
