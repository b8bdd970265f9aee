"""The evaluator's compiled kernel: numba when it is installed, else the numpy path.

The kernel (:mod:`pysolver.evaluator._compiled`) evaluates hands one after
another in a compiled loop, on the same additive keys and tables as the numpy
path (:mod:`pysolver.evaluator._key_values`): a card adds one int64 to word 0 (rank
key and suit counts), the rank key's perfect-hash slot gives the value, and
only a hand with five cards of a suit reads word 1 (its suit's rank mask) and
the flush table. The loops release the GIL, so a large batch is cut into
contiguous parts, a few per thread; each hand's value is computed alone, so the
values do not depend on the number of threads.

    >>> backend() in ("numba", "numpy")
    True
    >>> thread_count(None, 10), thread_count(2, 10**7)
    (1, 2)

Loading numba and the compiled code takes about 0.6 s, once per process, so it
happens once the process has evaluated :data:`LOAD_ROWS` hands in batches
(:func:`uses_kernel`), or on :func:`load_kernel`; the batches before it take
the numpy path, with the same values, and ``import pysolver`` never loads
numba. ``PYSOLVER_KERNEL=numpy`` in the environment chooses the numpy path even when
numba is installed. Compiled code is cached on disk (numba's ``cache=True``:
beside the package, else numba's user cache folder, or ``NUMBA_CACHE_DIR``),
and compiled again when any module of compiled code changes (:func:`~pysolver.evaluator.jit`);
where no folder is writable the kernel is compiled in each process instead.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import pairwise
from types import ModuleType
from typing import NamedTuple

import numpy as np

from ..core import check_threads, cpu_threads, run_parts, threads_for
from ._backends import Loops, loaded, requested, runs_on
from ._cuda import cuda_present, simulated
from ._jit import backend, load_numba
from ._shipped_tables import BAD_CARD, RANK_KEY_BITS, RANK_SHIFT

LOAD_ROWS = 1 << 22
"""Hands evaluated in batches by a process before it loads the compiled kernel (numpy: about 60 ms)."""
MIN_ROWS_PER_THREAD = 1 << 16
"""Hands per thread below which a batch uses fewer threads (a thread costs about 0.1 ms to start)."""
PARTS_PER_THREAD = 4
"""Parts a threaded batch is cut into per thread, each of :data:`MIN_ROWS_PER_THREAD` hands at least:
the threads take the next part as they finish one, so a thread that loses its core to another
process holds up a quarter of its share, not all of it (on a shared machine another process
often takes a core for part of a batch)."""

_rows_so_far = [0]


ROW_LOOPS = Loops("evaluate", 1.8, ("pysolver.evaluator._compiled:ROWS", "pysolver.evaluator._compiled:boards_rows"))
"""The kernel's loops over hands and over boards (:mod:`pysolver.evaluator._compiled`)."""
GAME_LOOPS = Loops(
    "games",
    1.2,
    (
        "pysolver.evaluator._game_loops:game_rows",
        "pysolver.evaluator._game_loops:game_runouts",
        "pysolver.evaluator._game_loops:hand_table_rows",
    ),
)
"""The kernel's loops over a game's fives (:func:`~pysolver.evaluator.game_values`) and over the
runouts of known hands (:func:`~pysolver.evaluator.game_runouts`)."""
NUMPY_ROW_SECONDS = 15e-9
"""Seconds a hand takes on the numpy path (one core): 60 ms for :data:`LOAD_ROWS` hands."""


GPU_ROWS = 1 << 22
"""Hands in a batch from which a GPU, where one answers, values it (a smaller batch stays on the
CPU, which needs no copy to the GPU and back)."""


def on_gpu(rows: int) -> bool:
    """Whether a batch of ``rows`` hands runs on the GPU: the work was given ``cuda``, or, given
    nothing, the batch has :data:`GPU_ROWS` hands or more and a GPU (not the simulator) answers."""
    named = requested()
    if named is not None:
        return named == "cuda"
    return rows >= GPU_ROWS and cuda_present() and not simulated()


def uses_kernel(rows: int, loops: Loops = ROW_LOOPS) -> bool:
    """Whether a batch of ``rows`` hands runs in the compiled kernel (``loops``): the backend the
    work was given (:func:`~pysolver.evaluator._backends.using`); else numba installed, and the
    loops loaded already, or this process's batches so far reaching :data:`LOAD_ROWS` hands with
    this one and the loops compiled on this machine (or their hands on numpy, so far, outlasting
    a compile: :func:`~pysolver.evaluator._backends.runs_on`)."""
    named = requested()
    if named is not None:
        return named == "numba"
    if compiled.cache_info().currsize and loaded(loops):
        return True
    _rows_so_far[0] += rows
    if _rows_so_far[0] < LOAD_ROWS or load_numba() is None:
        return False
    seconds = _rows_so_far[0] * NUMPY_ROW_SECONDS
    return runs_on(loops, seconds, seconds / 10) == "numba"


def kernel_loaded() -> bool:
    """Whether this process has loaded the compiled kernel (numba and its cached code).

    >>> path = load_kernel()
    >>> kernel_loaded() == (path == "numba")
    True
    """
    return compiled.cache_info().currsize > 0


def load_kernel() -> str:
    """Load the compiled kernel now (numba and the cached code, about 0.6 s; compiled on the
    machine's first use), rather than when batches reach :data:`LOAD_ROWS` hands; the backend.

    >>> load_kernel() == backend()
    True
    """
    if load_numba() is not None:
        compiled().ROWS[7](
            np.zeros(0, np.uint8),
            np.zeros(0, np.int16),
            make_kernel_tables(
                np.zeros((52, 2), np.int64), np.zeros(1, np.int32), np.zeros(1, np.int16), np.zeros(8192, np.int16)
            ),
            0,
            0,
        )
    return backend()


@lru_cache(maxsize=1)
def compiled() -> ModuleType:
    """The compiled kernel's module (:mod:`pysolver.evaluator._compiled`), imported on first use."""
    from . import _compiled

    return _compiled


def game_loops() -> ModuleType:
    """The compiled loops of any game (:mod:`pysolver.evaluator._game_loops`), imported on first use."""
    compiled()  # the kernel loaded, as uses_kernel counts it
    from . import _game_loops

    return _game_loops


class KernelTables(NamedTuple):
    """A game's tables as the kernel reads them (numba-typed fields, passable into compiled code).

    ``card_word0`` and ``card_word1`` have 256 entries, one per ``uint8`` card index: 0..51 are
    the cards' keys (unbiased, as :data:`pysolver.evaluator._game_tables.CARD_KEYS`), 52..255 flag a bad card.
    The perfect hash is the shipped one, ``slot = key + rank_offsets[key >> 12]``, written as
    ``slot = (key & 4095) + 2 * rank_starts[key >> 12]``: each row's start is even, so its half
    fits 16 bits, and the 16 KB of starts stay in a core's first-level cache beside the card words
    (the 32 KB of int32 offsets do not). Every 25-bit key, of any cards, even
    repeated ones, has a slot inside ``rank_values``.
    """

    card_word0: np.ndarray  # (256,) int64
    card_word1: np.ndarray  # (256,) int64
    rank_starts: np.ndarray  # (8192,) uint16, half the slot of each row's column 0 (0 for a row without keys)
    rank_values: np.ndarray  # int16, by slot, zeros after the shipped table up to the last row's end
    flush_values: np.ndarray  # (8192,) int16, by a suit's 13-bit rank mask


def make_kernel_tables(
    card_keys: np.ndarray, rank_offsets: np.ndarray, rank_values: np.ndarray, flush_values: np.ndarray
) -> KernelTables:
    """The kernel's view of a game's tables (``card_keys``: the (52, 2) keys of single cards;
    ``rank_offsets``: the perfect hash's offsets, every row holding keys starting at an even slot).

    >>> t = make_kernel_tables(np.zeros((52, 2), np.int64), np.zeros(1, np.int32), np.ones(3, np.int16), np.zeros(8192))
    >>> t.rank_starts.shape, t.rank_starts.dtype.name, len(t.rank_values), t.rank_values[:4].tolist()
    ((8192,), 'uint16', 4096, [1, 1, 1, 0])
    """
    word0 = np.full(256, BAD_CARD, dtype=np.int64)
    word1 = np.zeros(256, dtype=np.int64)
    word0[:52], word1[:52] = card_keys[:, 0], card_keys[:, 1]
    rows = np.arange(1 << (RANK_KEY_BITS - RANK_SHIFT), dtype=np.int64)
    starts = rows << RANK_SHIFT
    starts[: len(rank_offsets)] += rank_offsets
    starts[(starts < 0) | (starts >= len(rank_values))] = 0  # rows without keys: any start inside the table
    if (starts % 2).any():
        raise ValueError("the perfect hash has a row starting at an odd slot: the kernel keeps row starts halved")
    values = np.zeros(max(len(rank_values), int(starts.max()) + (1 << RANK_SHIFT)), dtype=np.int16)
    values[: len(rank_values)] = rank_values
    return KernelTables(
        word0,
        word1,
        (starts // 2).astype(np.uint16),
        values,
        np.ascontiguousarray(flush_values, dtype=np.int16),
    )


def thread_count(threads: int | None, rows: int) -> int:
    """Threads for ``rows`` hands: ``threads`` (:func:`~pysolver.core.check_threads`: None or 0 for
    every core), fewer for a small batch.

    >>> thread_count(1, 10**7), thread_count(None, 10)
    (1, 1)
    """
    return threads_for(check_threads(threads), rows, MIN_ROWS_PER_THREAD)


def in_parts(rows: int, threads: int, work: Callable[[int, int], int]) -> int:
    """``work(start, stop)`` over contiguous parts of ``range(rows)`` on ``threads`` threads at once
    (one part on one thread, else up to :data:`PARTS_PER_THREAD` per thread); the smallest
    non-negative answer (the first bad row), or -1.

    >>> in_parts(10, 1, lambda start, stop: -1 if stop < 10 else 9)
    9
    """
    parts = 1 if threads <= 1 else max(threads, min(PARTS_PER_THREAD * threads, rows // MIN_ROWS_PER_THREAD))
    bounds = [rows * t // parts for t in range(parts + 1)]
    found = run_parts(lambda part: work(*part), list(pairwise(bounds)), threads)
    return min((f for f in found if f >= 0), default=-1)


def _cards(array: np.ndarray) -> np.ndarray:
    """Card indices as the kernel reads them: uint8 as is, anything else as uint64 (a negative
    index then reads as too big), C-contiguous."""
    if array.dtype != np.uint8:
        array = array.astype(np.int64, copy=False).view(np.uint64)
    return np.ascontiguousarray(array)


def evaluate_rows(hands: np.ndarray, out: np.ndarray, tables: KernelTables, threads: int) -> int:
    """The kernel on every row of ``hands`` (N, k), k = 5, 6, 7, into ``out`` (N,) int16; the first
    row with a card outside 0..51, or -1. Needs numba (:func:`backend`)."""
    flat = _cards(hands).reshape(-1)
    rows = compiled().ROWS[hands.shape[1]]
    return in_parts(len(hands), threads, lambda start, stop: rows(flat, out, tables, start, stop))


def evaluate_board_rows(
    boards: np.ndarray, holes: np.ndarray, out: np.ndarray, tables: KernelTables, threads: int
) -> int:
    """The kernel on boards (N, b) and hole cards (1 or N, P, h) into ``out`` (N, P) int16; the first
    row with a card outside 0..51, or -1. Needs numba (:func:`backend`)."""
    boards, holes = _cards(boards), _cards(holes)
    return in_parts(
        len(boards), threads, lambda start, stop: compiled().boards_rows(boards, holes, out, tables, start, stop)
    )


__all__ = [
    "LOAD_ROWS",
    "MIN_ROWS_PER_THREAD",
    "PARTS_PER_THREAD",
    "ROW_LOOPS",
    "GPU_ROWS",
    "on_gpu",
    "GAME_LOOPS",
    "uses_kernel",
    "kernel_loaded",
    "load_kernel",
    "compiled",
    "game_loops",
    "KernelTables",
    "make_kernel_tables",
    "cpu_threads",
    "thread_count",
    "in_parts",
    "evaluate_rows",
    "evaluate_board_rows",
]
