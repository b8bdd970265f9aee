"""The games' compiled loops for Monte Carlo: the shuffle that deals a block's cards, by numba.

Imported on first use, when the evaluator's compiled kernel runs the block (the family
:data:`~pysolver.odds._games.draws.SAMPLE_LOOPS`); the numpy path deals the same places from
the same random numbers (:func:`~pysolver.odds._games.draws.draw_places`).

    >>> u = np.array([[0.5, 0.0], [0.9, 0.0]])      # two rows, two cards, a deck of four
    >>> places = np.empty((2, 2), np.int64)
    >>> shuffled_places(u, 4, places); places.tolist()
    [[2, 3], [0, 1]]
"""

from __future__ import annotations

import numpy as np

from ...evaluator import jit


@jit
def shuffled_places(u, size, places):
    """Into ``places`` (n, width) the first ``width`` places of a shuffle of ``range(size)`` for
    each row: card ``j`` swapped with the place ``j + floor(u[j, row] * (size - j))`` (Fisher and
    Yates, ``u`` (width, n) uniform in [0, 1))."""
    deck = np.empty(size, np.int64)
    for row in range(places.shape[0]):
        for c in range(size):
            deck[c] = c
        for j in range(places.shape[1]):
            pick = j + np.int64(u[j, row] * (size - j))
            deck[j], deck[pick] = deck[pick], deck[j]
            places[row, j] = deck[j]


__all__ = ["shuffled_places"]
