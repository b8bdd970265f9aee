"""Seven-card hands by colex rank: a number for each hand of a deck, and ranges of them.

A hand is positions ``c0 < ... < c6`` in a deck of n cards (card indices ascending, as
``rules.deck``); its *colex rank* ``sum C(c_i, i + 1)`` numbers the hands 0 .. C(n, 7) - 1.
The hands sharing their top five cards ``c2 .. c6`` have consecutive ranks (the C(c2, 2)
pairs below c2): a showdown group (:class:`~pysolver.crossval._showdown_groups.ShowdownGroups`).
:func:`hand_range` gives the hands of a range of ranks, as groups (cut at the range's edges);
:func:`rank_tasks` splits all C(n, 7) ranks into contiguous ranges.

    >>> seven_card_hands(), hand_range(0, 120, 12).groups
    (133784560, 56)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from math import comb

import numpy as np

from ..core import BINOMIALS, Rules, colex_unrank
from ._showdown_groups import ShowdownGroups

DeckLike = Rules | Sequence[int] | np.ndarray | int | None
"""A deck: None (all 52 cards), a :class:`Rules` (its deck), card indices, or n (the n lowest cards)."""


def _deck(deck: DeckLike) -> np.ndarray:
    """The deck's card indices, ascending, (n,) int64; checked."""
    if isinstance(deck, Rules):
        deck = [c.index for c in deck.deck]
    elif deck is None or (isinstance(deck, (int, np.integer)) and not isinstance(deck, bool)):
        deck = range(52 if deck is None else int(deck))
    cards = np.asarray(deck, dtype=np.int64).reshape(-1)
    if not 7 <= len(cards) <= 52 or cards.min() < 0 or cards.max() > 51 or (np.diff(cards) <= 0).any():
        raise ValueError(f"deck of {len(cards)} cards: expected 7 to 52 distinct card indices 0..51, ascending")
    return cards


def _cards(positions: np.ndarray, deck: np.ndarray) -> np.ndarray:
    """Positions in the deck as int8 card indices."""
    cards = deck.astype(np.int8)
    return positions.astype(np.int8) if len(deck) == 52 else cards[positions]


def _check_tasks(tasks: int) -> None:
    if isinstance(tasks, bool) or not isinstance(tasks, int) or tasks < 1:
        raise ValueError(f"tasks {tasks!r}: must be a whole number, at least 1")


def seven_card_hands(deck: DeckLike = None) -> int:
    """C(n, 7): the seven-card hands of the deck.

    >>> seven_card_hands(52), seven_card_hands(36)
    (133784560, 8347680)
    """
    return comb(len(_deck(deck)), 7)


def _rank(positions: np.ndarray) -> np.ndarray:
    """Colex ranks of (N, k) ascending positions."""
    return BINOMIALS[positions, np.arange(1, positions.shape[1] + 1)].sum(axis=1)


def hands_at(ranks: np.ndarray | Sequence[int], deck: DeckLike = None) -> np.ndarray:
    """(N, 7) int8 the hands of colex rank ``ranks`` (card indices, rows ascending).

    >>> hands_at([0, 1, 133784559]).tolist()
    [[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 7], [45, 46, 47, 48, 49, 50, 51]]
    """
    cards = _deck(deck)
    ranks = np.asarray(ranks, dtype=np.int64)
    if ranks.size and (ranks.min() < 0 or ranks.max() >= comb(len(cards), 7)):
        raise ValueError(f"ranks must be 0..{comb(len(cards), 7) - 1}")
    return _cards(colex_unrank(ranks, 7, len(cards)), cards)


def colex_ranks(hands: np.ndarray, deck: DeckLike = None) -> np.ndarray:
    """(N,) int64 the colex ranks of (N, 7) hands (card indices of the deck, any order).

    >>> colex_ranks(np.array([[51, 50, 49, 48, 47, 46, 45]])).tolist()
    [133784559]
    """
    cards = _deck(deck)
    hands = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    positions = np.searchsorted(cards, hands)
    if (cards[np.minimum(positions, len(cards) - 1)] != hands).any():
        raise ValueError("a hand holds a card outside the deck")
    return _rank(positions)


def hand_range(start: int, stop: int, deck: DeckLike = None) -> ShowdownGroups:
    """The hands of colex rank ``start`` .. ``stop - 1`` in showdown groups, in rank order
    (the first and last group may be parts of groups).

    >>> g = hand_range(0, 120, 12)                      # a deck of the 12 lowest cards
    >>> len(g), g.groups, g.sizes[-3:].tolist(), g.boards[-1].tolist()
    (120, 56, [3, 6, 10], [5, 6, 7, 8, 9])
    """
    cards = _deck(deck)
    n = len(cards)
    if not 0 <= start <= stop <= comb(n, 7):
        raise ValueError(f"ranks {start}..{stop}: must lie in 0..{comb(n, 7)}")
    if start == stop:
        return ShowdownGroups(np.empty((0, 7), np.int8), np.zeros(1, np.int64))
    ends = _rank(colex_unrank(np.array([start, stop - 1]), 7, n)[:, 2:])  # the first and last board's 5-set ranks
    tops = colex_unrank(np.arange(ends[0], ends[1] + 1), 5, n)
    tops = tops[tops[:, 0] >= 2]  # boards with a pair below them
    base = BINOMIALS[tops, np.arange(3, 8)].sum(axis=1)  # rank of the group's first hand
    lo = np.maximum(start - base, 0)
    counts = np.minimum(stop - base, BINOMIALS[tops[:, 0], 2]) - lo
    offsets = np.concatenate([[0], np.cumsum(counts)])
    pair = np.arange(offsets[-1]) - np.repeat(offsets[:-1] - lo, counts)  # the hole pair's colex rank
    high = np.searchsorted(BINOMIALS[:n, 2], pair, side="right") - 1
    positions = np.column_stack([pair - BINOMIALS[high, 2], high, np.repeat(tops, counts, axis=0)])
    return ShowdownGroups(_cards(positions, cards), offsets)


def rank_tasks(tasks: int, deck: DeckLike = None, whole_groups: bool = True) -> list[tuple[int, int]]:
    """``tasks`` contiguous ranges ``(start, stop)`` of about equal size covering all C(n, 7)
    ranks; with ``whole_groups`` each cut moves to the nearest start of a group.

    >>> rank_tasks(3, 12)
    [(0, 265), (265, 525), (525, 792)]
    >>> rank_tasks(2, 12), rank_tasks(2, 12, whole_groups=False)
    ([(0, 395), (395, 792)], [(0, 396), (396, 792)])
    """
    _check_tasks(tasks)
    n = len(_deck(deck))
    total = comb(n, 7)
    cuts = np.array([total * i // tasks for i in range(tasks + 1)], dtype=np.int64)
    inner = cuts[1:-1]
    if whole_groups and len(inner):
        hands = colex_unrank(np.minimum(inner, total - 1), 7, n)
        into = hands[:, 0] + BINOMIALS[hands[:, 1], 2]  # the rank within the group
        size = BINOMIALS[hands[:, 2], 2]
        cuts[1:-1] = np.where(2 * into <= size, inner - into, inner - into + size)
    return [(int(a), int(b)) for a, b in itertools.pairwise(cuts)]


__all__ = ["DeckLike", "seven_card_hands", "hands_at", "colex_ranks", "hand_range", "rank_tasks"]
