"""The evaluator on an NVIDIA GPU: batches of hands valued by a CUDA kernel (numba-cuda, the ``gpu`` extra).

The kernel gives each hand a GPU thread: it sums the hand's card words, reads the
rank table and, where word 0 shows five cards of a suit, the flush table, on the
same tables and with the same per-hand functions as the CPU kernel
(:mod:`pysolver.evaluator._compiled`: their Python source compiled once more, as
CUDA device functions), so every hand gets the CPU's value. A rule variant's
tables are copied to the GPU once and kept beside the tables.

Without a GPU, numba-cuda's simulator (``NUMBA_ENABLE_CUDASIM=1`` set before the
process imports numba) runs the same kernel in Python threads, slowly: the tests
run it that way on small batches.

    >>> isinstance(cuda_present(), bool)
    True
"""

from __future__ import annotations

import os
from functools import cache
from types import ModuleType
from typing import Any

import numpy as np

from ._jit import load_numba

THREADS_PER_BLOCK = 256
"""GPU threads per block of the kernels: a hand a thread."""


@cache
def _cuda() -> ModuleType | None:
    """numba's CUDA module where numba-cuda is installed and a GPU (or the simulator) answers, else None."""
    try:
        from numba import cuda
    except ImportError:
        return None
    try:
        return cuda if cuda.is_available() else None
    except Exception:  # a driver that fails to load is no GPU
        return None


def cuda_present() -> bool:
    """Whether the ``cuda`` backend can run: numba-cuda installed and a GPU, or its simulator
    (``NUMBA_ENABLE_CUDASIM=1``), answering. Imports numba's CUDA module (once)."""
    return load_numba() is not None and _cuda() is not None  # (no numba, or PYSOLVER_KERNEL=numpy: no GPU either)


def simulated() -> bool:
    """Whether the CUDA kernels run in numba-cuda's simulator rather than on a GPU."""
    return os.environ.get("NUMBA_ENABLE_CUDASIM", "") not in ("", "0")


def block_threads() -> int:
    """GPU threads per block of a launch: :data:`THREADS_PER_BLOCK`, or 32 in numba-cuda's
    simulator (which runs a block's threads as Python threads)."""
    return 32 if simulated() else THREADS_PER_BLOCK


@cache
def _kernels() -> ModuleType:
    """The CUDA kernels' module (:mod:`pysolver.evaluator._cuda_kernels`), compiled on first use."""
    from . import _cuda_kernels

    return _cuda_kernels


_on_device: dict[int, tuple[Any, tuple]] = {}


def cuda_tables(tables: Any) -> tuple:
    """The arrays of a game's :class:`~pysolver.evaluator.KernelTables` on the GPU, copied once per
    tables object: the card words (``card_word0``, ``card_word1``), then ``rank_starts``,
    ``rank_values`` and ``flush_values``, as a kernel takes them."""
    cuda = _cuda()
    assert cuda is not None
    key = id(tables)
    kept = _on_device.get(key)
    if kept is None or kept[0] is not tables:
        arrays = (tables.card_word0, tables.card_word1, tables.rank_starts, tables.rank_values, tables.flush_values)
        kept = (tables, tuple(cuda.to_device(np.ascontiguousarray(a)) for a in arrays))
        _on_device[key] = kept
    return kept[1]


def cuda_rows(hands: np.ndarray, out: np.ndarray, tables: Any) -> int:
    """The CUDA kernel on every row of ``hands`` (N, k) into ``out`` (N,) int16 (``tables``: the
    game's :class:`~pysolver.evaluator.KernelTables`); the first row with a card outside 0..51, or -1."""
    cuda = _cuda()
    assert cuda is not None
    n = len(hands)
    if n == 0:
        return -1
    cards = hands.astype(np.int64, copy=False).view(np.uint64) if hands.dtype != np.uint8 else hands
    device_hands = cuda.to_device(np.ascontiguousarray(cards))
    device_out = cuda.device_array(n, dtype=np.int16)
    bad = cuda.to_device(np.array([n], dtype=np.int64))
    blocks = -(-n // THREADS_PER_BLOCK)
    _kernels().rows[blocks, THREADS_PER_BLOCK](device_hands, device_out, bad, *cuda_tables(tables))
    device_out.copy_to_host(out)
    first = int(bad.copy_to_host()[0])
    return first if first < n else -1


HANDS_PER_THREAD = 64
"""Hands a GPU thread of the every-hand count walks (4 in numba-cuda's simulator)."""


def cuda_every_hand(tables: Any, deck: np.ndarray, cards: int, values: int) -> np.ndarray:
    """The number of ``cards``-card hands of ``deck`` (card indices, ascending) at each value 0 ..
    ``values`` (the game's tables: :class:`~pysolver.evaluator.KernelTables`), every one valued
    on the GPU (:func:`._cuda_kernels.every_hand`)."""
    from ..core import BINOMIALS

    cuda = _cuda()
    assert cuda is not None
    kernels = _kernels()
    if values >= kernels.MOST_VALUES:
        raise ValueError(f"{values} values: the GPU counts {kernels.MOST_VALUES - 1} at most")
    total = int(BINOMIALS[len(deck), cards])
    per_thread = 4 if simulated() else HANDS_PER_THREAD
    per_block = block_threads()
    blocks = max(1, -(-total // (per_thread * per_block)))
    counts = cuda.to_device(np.zeros(kernels.MOST_VALUES, dtype=np.int64))
    kernels.every_hand[blocks, per_block](
        cuda.to_device(np.ascontiguousarray(deck, dtype=np.int64)),
        cards,
        total,
        per_thread,
        cuda.to_device(BINOMIALS),
        counts,
        *cuda_tables(tables),
    )
    return counts.copy_to_host()[: values + 1]


def cuda_showdown() -> Any:
    """The evaluator's showdown (:func:`~pysolver.evaluator.compiled_showdown`) as a CUDA device
    function, for a kernel that values boards: the same source as the CPU's."""
    return _kernels().showdown


def cuda_device(function: Any, **calls: Any) -> Any:
    """A CPU kernel function compiled once more as a CUDA device function, ``calls`` naming the
    device functions to call in place of the CPU ones its source calls (by the source's names)."""
    return _kernels().device(function, **calls)


def cuda_module() -> ModuleType:
    """numba's CUDA module (where :func:`cuda_present`)."""
    cuda = _cuda()
    assert cuda is not None
    return cuda


__all__ = [
    "THREADS_PER_BLOCK",
    "cuda_present",
    "simulated",
    "block_threads",
    "cuda_rows",
    "cuda_every_hand",
    "cuda_tables",
    "cuda_showdown",
    "cuda_device",
    "cuda_module",
]
