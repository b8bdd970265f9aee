"""Sets of cards by colex rank: every k-set of n positions numbered 0 .. C(n, k) - 1.

A set is positions ``c0 < ... < c(k-1)``; its *colex rank* is ``sum C(c_i, i + 1)``. The sets
of one top position are consecutive, and the next set in rank order is the lowest position
that can move up one, moved, with the positions below it reset to 0, 1, ...: a walk over every
hand of a deck needs no list of them (the evaluator's every-hand count, the seven-card
cross-validation's tasks). :func:`colex_first` and :func:`colex_next` are that walk one set at a
time, for the compiled kernels (compiled once more as CUDA device functions).

    >>> colex_unrank([0, 1, 2], 2, 4).tolist()
    [[0, 1], [0, 2], [1, 2]]
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

import numpy as np

BINOMIALS = np.array([[comb(c, k) for k in range(8)] for c in range(53)], dtype=np.int64)
"""``BINOMIALS[c, k]``: C(c, k), for c up to 52 and k up to 7."""


def colex_unrank(ranks: np.ndarray | Sequence[int], k: int, n: int) -> np.ndarray:
    """(N, k) ascending positions of the k-sets of colex rank ``ranks`` among n positions."""
    rest = np.array(ranks, dtype=np.int64).reshape(-1)
    out = np.empty((len(rest), k), np.int64)
    for i in range(k - 1, -1, -1):
        column = BINOMIALS[:n, i + 1]
        out[:, i] = np.searchsorted(column, rest, side="right") - 1
        rest -= column[out[:, i]]
    return out


def colex_first(places: np.ndarray, rank: int, k: int, n: int, binomials: np.ndarray) -> None:
    """Write into ``places[:k]`` the positions of the k-set of colex rank ``rank`` among ``n``, one
    set at a time (the first of a compiled walk's stream; :func:`colex_unrank` does many in numpy).

    >>> places = np.zeros(3, np.int64)
    >>> colex_first(places, 5, 3, 6, BINOMIALS); places.tolist()
    [0, 2, 4]
    """
    place = n
    for i in range(k - 1, -1, -1):
        place -= 1
        while binomials[place, i + 1] > rank:
            place -= 1
        places[i] = place
        rank -= binomials[place, i + 1]


def colex_next(places: np.ndarray, k: int) -> None:
    """Move ``places[:k]`` to the next k-set in colex order: the lowest position that can move up
    one, moved, the ones below it reset to 0, 1, ... (nothing to move for k = 0).

    >>> places = np.array([0, 2, 4])
    >>> colex_next(places, 3); places.tolist()
    [1, 2, 4]
    """
    if k == 0:
        return
    i = 0
    while i < k - 1 and places[i] + 1 == places[i + 1]:
        i += 1
    places[i] += 1
    for j in range(i):
        places[j] = j


__all__ = ["BINOMIALS", "colex_unrank", "colex_first", "colex_next"]
