"""The CUDA kernels (numba-cuda), imported only where a GPU or the simulator answers (:mod:`._cuda`).

The per-hand functions are the CPU kernel's (:mod:`pysolver.evaluator._compiled`), their Python
source compiled once more as CUDA device functions (:func:`device`): one place says how a hand's
value is read, and a showdown's. ``cuda`` is this module's global, so that numba-cuda's simulator
can stand in for it.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

import numpy as np
from numba import cuda

from ..core import colex_first, colex_next
from ._compiled import _flush_value, _rank_value
from ._compiled import showdown as _showdown
from ._compiled import table_value as _table_value
from ._shipped_tables import FLUSH_BIAS, FLUSH_OR_BAD


def device(function: Callable, **calls: Any) -> Any:
    """A CPU kernel function (numba-compiled, or plain Python) compiled once more as a CUDA device
    function, from its Python source; ``calls`` name the device functions its source calls in
    place of the CPU ones (by the names the source uses)."""
    source = getattr(function, "py_func", function)
    if calls:
        scope = {**source.__globals__, **calls}
        source = types.FunctionType(source.__code__, scope, source.__name__, source.__defaults__, source.__closure__)
    return cuda.jit(device=True)(source)


rank_value = device(_rank_value)
flush_value = device(_flush_value)
showdown = device(_showdown, _rank_value=rank_value, _flush_value=flush_value)


@cuda.jit
def rows(hands, out, bad, word0_of, word1_of, rank_starts, rank_values, flush_values):
    """Hand ``i`` of ``hands`` (N, k) valued into ``out[i]``, a GPU thread a hand; ``bad[0]``: the
    smallest row with a card outside 0..51 (kept at N when none)."""
    i = cuda.grid(1)
    if i >= hands.shape[0]:
        return
    word0 = np.int64(FLUSH_BIAS)
    word1 = np.int64(0)
    for j in range(hands.shape[1]):
        card = min(np.uint64(hands[i, j]), np.uint64(255))
        word0 += word0_of[card]
        word1 += word1_of[card]
    if word0 >> 60:
        cuda.atomic.min(bad, 0, i)
        return
    value = rank_value(word0, rank_starts, rank_values)
    if word0 & FLUSH_OR_BAD:
        value = max(value, flush_value(word0, word1, flush_values))
    out[i] = value


MOST_VALUES = 8192
"""Values a game's table may hold, 0 included, for :func:`every_hand`'s block counts (shared memory)."""

table_value = device(_table_value, _rank_value=rank_value, _flush_value=flush_value)
first_set = device(colex_first)
next_set = device(colex_next)


@cuda.jit
def every_hand(deck, k, total, per_thread, binomials, counts, word0_of, word1_of, rank_starts, rank_values,
               flush_values):  # fmt: skip
    """Every ``k``-card hand of ``deck`` (card indices, ascending) valued and counted into ``counts``
    by value: thread ``i`` takes the hands of colex rank ``i * per_thread`` onward (``per_thread``
    of them, ``total`` in all), the first unranked, each next one its successor (the lowest
    position that can move up one, moved, the ones below it reset); a block counts in shared
    memory and adds its counts once."""
    block_counts = cuda.shared.array(MOST_VALUES, np.int32)
    for v in range(cuda.threadIdx.x, MOST_VALUES, cuda.blockDim.x):
        block_counts[v] = 0
    cuda.syncthreads()
    first = cuda.grid(1) * per_thread
    last = min(first + per_thread, total)
    if first < last:
        places = cuda.local.array(7, np.int64)
        first_set(places, first, k, deck.shape[0], binomials)
        for _ in range(first, last):
            word0 = np.int64(0)
            word1 = np.int64(0)
            for i in range(k):
                card = deck[places[i]]
                word0 += word0_of[card]
                word1 += word1_of[card]
            cuda.atomic.add(block_counts, table_value(word0, word1, rank_starts, rank_values, flush_values), 1)
            next_set(places, k)
    cuda.syncthreads()
    for v in range(cuda.threadIdx.x, MOST_VALUES, cuda.blockDim.x):
        if block_counts[v]:
            cuda.atomic.add(counts, v, np.int64(block_counts[v]))


__all__ = [
    "MOST_VALUES",
    "device",
    "rank_value",
    "flush_value",
    "showdown",
    "table_value",
    "first_set",
    "next_set",
    "rows",
    "every_hand",
]
