"""Threads: how many a call gets, and running its parts on them.

Every call that can use threads takes ``threads=``: ``None`` (or 0, as OMPEval's
``--threads 0``) for every core this process may use, or a count of at least 1.
:func:`check_threads` reads it, for every engine alike; a bad value is a
:class:`~pysolver.PokerInputError` naming it. ``PYSOLVER_THREADS`` in the
environment changes what ``None`` means (a worker process of a pool sets it to 1
with :func:`one_thread_per_process`, so that processes on every core do not each
start a thread per core).

The work of a call is cut into parts that do not depend on the thread count, and
:func:`run_parts` runs them on up to that many threads, giving their results in
order: summed in that order, the answer is the same for any thread count. The
calling thread works too, beside threads of one pool per process kept between
calls (a sleeping thread takes time to wake); a part that runs
:func:`run_parts` itself runs its parts in its own thread (no pool thread waits
for another). While parts run, numpy's BLAS keeps to one thread
(:func:`one_blas_thread`): the parts are the work spread over the cores, and a
BLAS pool beside them only spins (AhKh against two random hands before the flop
on numpy took twice its CPU with it).

    >>> check_threads(2), check_threads(None) == cpu_threads()
    (2, True)
    >>> run_parts(lambda part: sum(part), [range(10), range(10, 20)], threads=2)
    [45, 145]
    >>> check_threads(-1)
    Traceback (most recent call last):
    ...
    pysolver.PokerInputError: threads -1: must be a whole number, at least 1 (0 or None: every core)
"""

from __future__ import annotations

import contextlib
import contextvars
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from threadpoolctl import ThreadpoolController

from ._cards import quoted
from ._errors import PokerInputError

THREADS_VARIABLE = "PYSOLVER_THREADS"
"""The environment variable that, when set, is what ``threads=None`` means."""

Part = TypeVar("Part")
Result = TypeVar("Result")


def cpu_threads() -> int:
    """The cores this process may run on.

    >>> cpu_threads() >= 1
    True
    """
    if hasattr(os, "process_cpu_count"):
        return os.process_cpu_count() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def check_threads(threads: object) -> int:
    """The thread count a call asked for: ``threads`` if it is a whole number of at least 1;
    for ``None`` or 0 every core (or ``PYSOLVER_THREADS`` when set)."""
    count = threads.__index__() if hasattr(threads, "__index__") and not isinstance(threads, bool) else -1
    if count < 0 and threads is not None:
        raise PokerInputError(f"threads {quoted(threads)}: must be a whole number, at least 1 (0 or None: every core)")
    if count > 0:
        return count
    setting = os.environ.get(THREADS_VARIABLE, "").strip()
    if not setting:
        return cpu_threads()
    if not setting.isdigit():
        raise PokerInputError(f"{THREADS_VARIABLE}={quoted(setting)}: must be a whole number, 0 for every core")
    return int(setting) or cpu_threads()


def threads_for(threads: int, work: float, work_per_thread: float) -> int:
    """Threads for ``work`` (any unit): ``threads`` at most, one per ``work_per_thread`` of it, at least 1.

    >>> threads_for(8, 10, 100), threads_for(8, 250, 100), threads_for(2, 10**9, 100)
    (1, 3, 2)
    """
    return max(1, min(threads, -int(-work // work_per_thread)))


def one_thread_per_process() -> None:
    """Make ``threads=None`` mean one thread in this process (a worker of a pool of processes)."""
    os.environ[THREADS_VARIABLE] = "1"


class _OneBlasThread:
    """The process's BLAS limit, shared by overlapping calls: the first sets it, the last restores it."""

    def __init__(self) -> None:
        self.lock, self.users = threading.Lock(), 0
        self.controller: ThreadpoolController | None = None  # made once, when first needed
        self.limit: Any = None

    def __enter__(self) -> None:
        with self.lock:
            if self.users == 0:
                self.controller = self.controller or ThreadpoolController()
                self.limit = self.controller.limit(limits=1, user_api="blas")
            self.users += 1

    def __exit__(self, *_: object) -> None:
        with self.lock:
            self.users -= 1
            if self.users == 0:
                self.limit.restore_original_limits()


_one_blas_thread = _OneBlasThread()


def one_blas_thread() -> contextlib.AbstractContextManager[None]:
    """Inside this context the BLAS libraries numpy loaded run on one thread (a setting of the
    process: overlapping calls share it, and the last to leave restores it; threadpoolctl sets it).

    >>> import numpy as np
    >>> with one_blas_thread():
    ...     float((np.ones((64, 64)) @ np.ones(64)).sum())
    4096.0
    """
    return _one_blas_thread


_inside = threading.local()


def run_parts(function: Callable[[Part], Result], parts: Sequence[Part], threads: int) -> list[Result]:
    """``function(part)`` for every part, on up to ``threads`` threads at once, BLAS on one thread;
    the results in the order of ``parts``. One thread, one part, or a call from inside a part: in
    this thread. Once a part raises, no other part starts, and the first error is raised."""
    with one_blas_thread():
        return _run_parts(function, parts, threads)


def _run_parts(function: Callable[[Part], Result], parts: Sequence[Part], threads: int) -> list[Result]:
    threads = min(threads, len(parts))
    if threads <= 1 or getattr(_inside, "part", False):
        return [function(part) for part in parts]
    results: list = [None] * len(parts)
    taken = iter(range(len(parts)))
    lock, failed = threading.Lock(), threading.Event()

    def worker() -> None:  # takes the next part until none is left, or one has failed
        _inside.part = True
        try:
            while not failed.is_set():
                with lock:
                    index = next(taken, None)
                if index is None:
                    return
                try:
                    results[index] = function(parts[index])
                except BaseException:
                    failed.set()
                    raise
        finally:
            _inside.part = False

    # each thread runs in a copy of the caller's context: what the work was given (a backend) holds there
    futures = [_pool(threads).submit(contextvars.copy_context().run, worker) for _ in range(threads - 1)]
    try:  # the calling thread is one of the workers: one thread fewer to wake
        worker()
        mine = None
    except BaseException as exception:
        mine = exception
    errors = [future.exception() for future in futures]  # every worker ended: no part still running
    error = mine or next((e for e in errors if e is not None), None)
    if error is not None:
        raise error
    return results


_pools: dict[int, ThreadPoolExecutor] = {}
_pools_lock = threading.Lock()


def _pool(threads: int) -> ThreadPoolExecutor:
    """A pool of at least ``threads`` threads (one per core unless more are asked for), kept for
    the next call; a forked child makes its own."""
    with _pools_lock:
        size = max([threads, cpu_threads(), *_pools])
        if size not in _pools:
            for old in _pools.values():
                old.shutdown(wait=False)
            _pools.clear()
            _pools[size] = ThreadPoolExecutor(size, thread_name_prefix="pysolver")
        return _pools[size]


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_pools.clear)


__all__ = [
    "THREADS_VARIABLE",
    "cpu_threads",
    "check_threads",
    "threads_for",
    "one_thread_per_process",
    "one_blas_thread",
    "run_parts",
]
