"""Seven-card hands up to a permutation of the suits: one representative a class, with its weight.

:func:`canonical_classes` -- the 6,009,159 classes of hands up to a permutation of the
suits, each as its member of lowest colex rank (the one whose suit masks, read as 13-bit
numbers, fall from clubs to spades) with its weight, the number of hands in the class:
24 / the product of m! over the multiplicities m of equal suit masks. In colex order, so
they form showdown groups too (130,869 of 52 cards); cached. :func:`canonical_tasks` and
:func:`canonical_range` split them into the tasks of a run.

    >>> len(canonical_classes(12)), int(canonical_classes(12).weights.sum())
    (57, 792)
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from math import factorial

import numpy as np

from ._colex import DeckLike, _check_tasks, _deck
from ._showdown_groups import ShowdownGroups, _offsets


def _mask_multisets(ranks: int) -> np.ndarray:
    """(N, 4) uint16 every multiset of 4 suit masks of ``ranks`` bits holding 7 cards in all,
    one row each, by the masks' popcounts (a partition of 7 in at most 4 parts)."""
    masks = np.arange(1 << ranks, dtype=np.uint16)
    by_count = [masks[np.bitwise_count(masks) == k] for k in range(8)]
    blocks = []
    for part in itertools.product(range(8), repeat=4):
        if sum(part) != 7 or list(part) != sorted(part, reverse=True):
            continue
        block = np.zeros((1, 0), np.uint16)
        for count, run in itertools.groupby(part):  # equal counts: a multiset of masks
            r = len(list(run))
            choice = by_count[count][
                np.array(
                    list(itertools.combinations_with_replacement(range(len(by_count[count])), r)), np.int64
                ).reshape(-1, r)
            ]
            block = np.concatenate([np.repeat(block, len(choice), axis=0), np.tile(choice, (len(block), 1))], axis=1)
        blocks.append(block)
    return np.concatenate(blocks)


def _sort_descending(masks: np.ndarray) -> np.ndarray:
    """Each row of (N, 4) sorted descending (a sorting network, column by column)."""
    m = [masks[:, j].copy() for j in range(4)]
    for i, j in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):
        m[i], m[j] = np.maximum(m[i], m[j]), np.minimum(m[i], m[j])
    return np.stack(m, axis=1)


def _weight_of_code() -> np.ndarray:
    """(8,) the weight by which of the 3 neighbours of a sorted row of 4 masks are equal (bit j:
    masks j and j + 1): 24 / the product of m! over the runs of m equal masks."""
    runs = ["".join("=" if code >> j & 1 else "|" for j in range(3)).split("|") for code in range(8)]
    return np.array([24 // int(np.prod([factorial(len(run) + 1) for run in row])) for row in runs], np.int64)


@lru_cache(maxsize=4)
def _canonical_positions(ranks: int) -> ShowdownGroups:
    """The classes of a deck of ``ranks`` whole ranks, as positions (see :func:`canonical_classes`)."""
    masks = _sort_descending(_mask_multisets(ranks))
    spread: np.ndarray = sum(((np.arange(1 << ranks) >> r) & 1) << (4 * r + 3) for r in range(ranks))  # type: ignore[assignment]  # bit r to 4 r + 3
    key = spread[masks[:, 0]]
    for s in range(1, 4):
        key |= spread[masks[:, s]] << s
        key |= (masks[:, s - 1] == masks[:, s]).astype(np.int64) << (s - 1)  # equal neighbours, low 3 bits
    del masks
    key.sort()  # colex order: the order of the card bits
    weights = _weight_of_code()[key & 7]
    key >>= 3
    hands = np.empty((len(key), 7), np.int8)
    for j in range(7):  # the set bits, lowest first
        hands[:, j] = np.bitwise_count(key ^ (key - 1)) - 1
        key &= key - 1
        if j == 1:
            offsets = _offsets(key)  # key: the top five cards
    for array in (hands, weights, offsets):
        array.flags.writeable = False
    return ShowdownGroups(hands, offsets, weights)


@lru_cache(maxsize=4)
def _canonical_cards(cards: tuple[int, ...]) -> ShowdownGroups:
    positions = _canonical_positions(len(cards) // 4)
    if len(cards) == 52:
        return positions
    hands = np.asarray(cards, np.int8)[positions.hands]
    hands.flags.writeable = False
    return ShowdownGroups(hands, positions.offsets, positions.weights)


def canonical_classes(deck: DeckLike = None) -> ShowdownGroups:
    """Every class of seven-card hands up to a permutation of the suits, once, in showdown groups:
    6,009,159 hands of weights summing to C(52, 7), 130,869 groups. Each class is its member of
    lowest colex rank; the classes are in colex order. The deck must be whole ranks (a variant's
    deck). Cached, read-only; a few seconds for 52 cards.

    >>> g = canonical_classes(12)                       # a deck of 2c .. 4s; 2c 2d 2h 2s 3c 3d 3h first:
    >>> g.hands[:3].tolist(), g.weights[:3].tolist()     # four ways, by the suit without a three
    ([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 8]], [4, 4, 12])
    """
    cards = _deck(deck)
    if len(cards) % 4 or (cards.reshape(-1, 4) != (cards[::4, None] & ~3) + np.arange(4)).any():
        raise ValueError("suit classes need a deck of whole ranks (all four suits of each)")
    return _canonical_cards(tuple(cards.tolist()))


def canonical_tasks(tasks: int, deck: DeckLike = None) -> list[tuple[int, int]]:
    """``tasks`` contiguous ranges ``(start, stop)`` of class indices of about equal size covering
    :func:`canonical_classes`, each cut at the start of a group.

    >>> canonical_tasks(2, 12), canonical_classes(12).offsets[15:20].tolist()
    ([(0, 29), (29, 57)], [19, 23, 24, 25, 29])
    """
    _check_tasks(tasks)
    offsets = canonical_classes(deck).offsets
    wanted = np.array([int(offsets[-1]) * i // tasks for i in range(tasks + 1)])
    cuts = offsets[np.searchsorted(offsets, wanted)]
    return [(int(a), int(b)) for a, b in itertools.pairwise(cuts)]


def canonical_range(start: int, stop: int, deck: DeckLike = None) -> ShowdownGroups:
    """Classes ``start`` .. ``stop - 1`` of :func:`canonical_classes`, with their weights."""
    classes = canonical_classes(deck)
    if not 0 <= start <= stop <= len(classes):
        raise ValueError(f"classes {start}..{stop}: must lie in 0..{len(classes)}")
    return classes.rows(start, stop)


__all__ = ["canonical_classes", "canonical_tasks", "canonical_range"]
