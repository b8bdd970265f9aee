"""The exact count of known hands over every board, on an NVIDIA GPU (numba-cuda): many deals at once.

Imported on first use, where a GPU (or numba-cuda's simulator) answers. The showdown is the
evaluator's (:func:`pysolver.evaluator.cuda_showdown`), its Python source compiled once more as a
CUDA device function. ``cuda`` is this module's global, so that the simulator can stand in for it.
"""

from __future__ import annotations

import numpy as np
from numba import cuda

from ...core import MAX_PLAYERS, colex_first, colex_next
from ...evaluator import cuda_device, cuda_showdown

showdown = cuda_showdown()
first_set = cuda_device(colex_first)
next_set = cuda_device(colex_next)
MOST = MAX_PLAYERS
TALLY = MOST * MOST
"""Entries of a thread's tally: a player by the players splitting (constants size a GPU thread's arrays)."""


@cuda.jit
def fixed_deals(holes, rest, left, total, per_thread, board0, board1, binomials, counts, word0_of, word1_of,
                rank_starts, rank_values, flush_values):  # fmt: skip
    """Deal ``m = blockIdx.y``: players ``holes[m]`` (P, 2) over every ``left`` cards of
    ``rest[m]`` added to the board (summed words ``board0``, ``board1``), ``total`` boards in
    all; thread ``i`` of the row takes the boards of colex rank ``i * per_thread`` onward, the
    first unranked, each next one its successor. ``counts[m, p, k - 1]``: the boards player ``p``
    won with ``k - 1`` others."""
    m = cuda.blockIdx.y
    first = (cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x) * per_thread
    last = min(first + per_thread, total)
    if first >= last:
        return
    players = holes.shape[1]
    words = cuda.local.array((MOST, 2), np.int64)
    values = cuda.local.array(MOST, np.int64)
    tally = cuda.local.array(TALLY, np.int64)
    places = cuda.local.array(5, np.int64)
    for p in range(players):
        words[p, 0] = word0_of[holes[m, p, 0]] + word0_of[holes[m, p, 1]]
        words[p, 1] = word1_of[holes[m, p, 0]] + word1_of[holes[m, p, 1]]
    for i in range(players * players):
        tally[i] = 0
    first_set(places, first, left, rest.shape[1], binomials)
    for _ in range(first, last):
        on0, on1 = board0, board1
        for i in range(left):
            card = rest[m, places[i]]
            on0 += word0_of[card]
            on1 += word1_of[card]
        best, winners = showdown(on0, on1, words[:players], values[:players], rank_starts, rank_values, flush_values)
        for p in range(players):
            if values[p] == best:
                tally[p * players + winners - 1] += 1
        next_set(places, left)
    for i in range(players * players):
        if tally[i]:
            cuda.atomic.add(counts, (m, i // players, i % players), tally[i])


__all__ = ["fixed_deals"]
