"""Sets of cards by colex rank: every k-set of n positions numbered 0 .. C(n, k) - 1.

A set is positions ``c0 < ... < c(k-1)``; its *colex rank* is ``sum C(c_i, i + 1)``. The sets
of one top position are consecutive, and the next set in rank order is the lowest position
that can move up one, moved, with the positions below it reset to 0, 1, ...: a walk over every
hand of a deck needs no list of them (the evaluator's every-hand count, the seven-card
cross-validation's tasks).

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


__all__ = ["BINOMIALS", "colex_unrank"]
