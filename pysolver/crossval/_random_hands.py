"""Random suits and random hands, so that a fault that depends on the suits cannot hide behind
the representatives of the suit classes.

    >>> sample_hands(1, 1).shape
    (1, 7)
"""

from __future__ import annotations

from math import comb

import numpy as np

from ._colex import DeckLike, _deck, hands_at


def relabel_suits(hands: np.ndarray, rng: np.random.Generator | int | None = None) -> np.ndarray:
    """The hands (N, k) with the suits of each row permuted at random (one permutation per row),
    rows sorted ascending, same dtype. ``rng`` is a Generator or a seed.

    >>> relabel_suits(np.array([[48, 49, 50, 51, 0, 4, 8]]), 7).tolist()
    [[0, 4, 8, 48, 49, 50, 51]]
    """
    hands = np.asarray(hands)
    perms = np.random.default_rng(rng).permuted(np.tile(np.arange(4), (len(hands), 1)), axis=1)
    suits = np.take_along_axis(perms, (hands & 3).astype(np.int64), axis=1)
    return np.sort((hands & ~3) | suits.astype(hands.dtype), axis=1)


def sample_hands(count: int, rng: np.random.Generator | int | None = None, deck: DeckLike = None) -> np.ndarray:
    """(count, 7) int8 hands drawn uniformly (with replacement) from the deck, rows ascending.

    >>> sample_hands(2, 1).tolist()
    [[1, 8, 14, 18, 23, 28, 47], [11, 17, 20, 24, 35, 42, 47]]
    """
    cards = _deck(deck)
    return hands_at(np.random.default_rng(rng).integers(0, comb(len(cards), 7), count), cards)


__all__ = ["relabel_suits", "sample_hands"]
