"""The Monte Carlo kernel on an NVIDIA GPU (numba-cuda): trials dealt and valued, a GPU thread a stream of trials.

Imported on first use, where a GPU (or numba-cuda's simulator) answers. The generator, the
exact uniform picks and the showdown are the CPU sampler's and evaluator's own functions
(:mod:`pysolver.odds._sampling.draws`, :func:`pysolver.evaluator.cuda_showdown`), their Python
source compiled once more as CUDA device functions. The trial itself is :mod:`.gpu`'s to say.
``cuda`` is this module's global, so that numba-cuda's simulator can stand in for it.
"""

from __future__ import annotations

import numpy as np
from numba import cuda

from ...core import MAX_PLAYERS
from ...evaluator import cuda_device, cuda_showdown
from . import draws

mixed = cuda_device(draws.mixed)
next_output = cuda_device(draws.next_output)
below = cuda_device(draws.below, next_output=next_output)
showdown = cuda_showdown()

TRIAL_STEP = np.uint64(0xD1B54A32D192ED03)
"""What a trial's number adds to the run's base state (:func:`~.draws.block_state`'s step)."""
MOST = MAX_PLAYERS
TALLY = MOST * MOST
"""Entries of a thread's tally: a player by the players splitting (constants size a GPU thread's arrays)."""


@cuda.jit
def trials(base, first, count, unseen, takes, known, board0, board1, board_left, counts, word0_of, word1_of,
           rank_starts, rank_values, flush_values):  # fmt: skip
    """Trials ``first .. first + count - 1`` of a run, each thread every ``gridsize``-th one,
    into ``counts`` (P, P): ``counts[p, k - 1]`` the trials player ``p`` won with ``k - 1``
    others. ``unseen`` the cards dealt from, ``takes`` the cards each player is dealt (0 for a
    known hand), ``known`` (P, 2) the summed card words of each known hand, ``board0``,
    ``board1`` the board's, ``board_left`` its cards to come."""
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    players = takes.shape[0]
    size = unseen.shape[0]
    deck = cuda.local.array(52, np.int64)
    swapped = cuda.local.array(52, np.int64)
    words = cuda.local.array((MOST, 2), np.int64)
    values = cuda.local.array(MOST, np.int64)
    tally = cuda.local.array(TALLY, np.int64)
    for i in range(size):
        deck[i] = unseen[i]
    for i in range(players * players):
        tally[i] = 0
    dealt = board_left
    for p in range(players):
        dealt += takes[p]
    for t in range(first + start, first + count, stride):
        state = mixed(base + np.uint64(t) * TRIAL_STEP)
        for i in range(dealt):  # a partial Fisher-Yates shuffle of the unseen cards
            n = np.uint64(size - i)
            state, j = below(state, n, np.uint64(4294967296) % n)
            j += i
            swapped[i] = j
            card = deck[j]
            deck[j] = deck[i]
            deck[i] = card
        place = 0
        for p in range(players):
            words[p, 0] = known[p, 0]
            words[p, 1] = known[p, 1]
            for _ in range(takes[p]):
                card = deck[place]
                words[p, 0] += word0_of[card]
                words[p, 1] += word1_of[card]
                place += 1
        on0, on1 = board0, board1
        for _ in range(board_left):
            card = deck[place]
            on0 += word0_of[card]
            on1 += word1_of[card]
            place += 1
        best, winners = showdown(on0, on1, words[:players], values[:players], rank_starts, rank_values, flush_values)
        for p in range(players):
            if values[p] == best:
                tally[p * players + winners - 1] += 1
        for i in range(dealt - 1, -1, -1):  # the deck as it was: each trial shuffles it afresh
            j = swapped[i]
            card = deck[j]
            deck[j] = deck[i]
            deck[i] = card
    for i in range(players * players):
        if tally[i]:
            cuda.atomic.add(counts, (i // players, i % players), tally[i])


__all__ = ["TRIAL_STEP", "trials"]
