"""The CUDA kernels (numba-cuda), imported only where a GPU or the simulator answers (:mod:`._cuda`).

The per-hand functions are the CPU kernel's (:mod:`pysolver.evaluator._compiled`), their Python
source compiled once more as CUDA device functions: one place says how a hand's value is read.
``cuda`` is this module's global, so that numba-cuda's simulator can stand in for it.
"""

from __future__ import annotations

import numpy as np
from numba import cuda

from ._compiled import _flush_value, _rank_value
from ._shipped_tables import FLUSH_BIAS, FLUSH_OR_BAD

rank_value = cuda.jit(device=True)(_rank_value.py_func)
flush_value = cuda.jit(device=True)(_flush_value.py_func)


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


__all__ = ["rank_value", "flush_value", "rows"]
