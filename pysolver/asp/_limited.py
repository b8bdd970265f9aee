"""Work on untrusted input in a forked child process, bounded in time and memory.

:func:`call_limited` runs a function in a child forked directly from the calling thread
(``os.fork``; a worker process may call it too) under a memory limit and a time limit
(:class:`~pysolver.core.Limits`): running past either, or Ctrl-C, is a
:class:`~pysolver.RuleFileError` naming what ran and the limit, and this process is unharmed.

    >>> from pysolver.core import Limits
    >>> call_limited(lambda: 6 * 7, Limits(seconds=10), "a product")
    42
"""

from __future__ import annotations

import os
import pickle
import resource
import select
import signal
import time
from collections.abc import Callable
from typing import Any, TypeVar

from ..core import Limits, RuleFileError
from ._lifeline import end_with_parent

T = TypeVar("T")


def call_limited(function: Callable[[], T], limits: Limits, label: str) -> T:
    """``function()`` in a forked child process under ``limits``: its result, or the exception
    it raised. Running past the time limit, past the memory limit, or Ctrl-C here, is a
    :class:`~pysolver.RuleFileError` naming ``label`` (the rule files) and the limit.

    The child is forked directly (``os.fork``), so a worker process may call this too.
    """
    read_end, write_end = os.pipe()
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        status = 1
        try:
            end_with_parent(parent)
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
            os.close(read_end)
            _limit_memory(limits.memory_mb)
            _send(write_end, _outcome(function))
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    deadline = time.monotonic() + limits.seconds
    chunks: list[bytes] = []
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([read_end], [], [], left)[0]:
                raise RuleFileError(
                    f"{label}: grounding ran past the time limit of {limits.seconds:g} s (--time-limit)"
                )
            chunk = os.read(read_end, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    except KeyboardInterrupt:
        raise RuleFileError(f"{label}: interrupted while grounding") from None
    finally:
        os.close(read_end)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
    outcome: str
    value: Any
    outcome, value = pickle.loads(b"".join(chunks)) if chunks else ("lost", None)
    if outcome == "ok":
        return value
    if outcome == "error":
        raise value
    why = "ran past" if outcome == "memory" else "was stopped (killed, or past"
    raise RuleFileError(
        f"{label}: grounding {why} the memory limit of {limits.memory_mb:,} MiB"
        f"{'' if outcome == 'memory' else ')'} (--memory-limit)"
    )


def _limit_memory(memory_mb: int) -> None:
    """Cap this process's address space at what it holds now plus ``memory_mb`` MiB."""
    with open("/proc/self/statm") as statm:
        held = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    budget = held + memory_mb * (1 << 20)
    resource.setrlimit(resource.RLIMIT_AS, (budget, budget))


def _outcome(function: Callable[[], T]) -> tuple[str, object]:
    try:
        return "ok", function()
    except MemoryError:
        return "memory", None
    except Exception as error:  # raised again in the caller
        return ("memory", None) if "bad_alloc" in str(error) else ("error", error)


def _send(fd: int, outcome: tuple[str, object]) -> None:
    try:
        data = pickle.dumps(outcome)
    except Exception as error:  # an unpicklable result or exception
        data = pickle.dumps(("error", RuleFileError(f"an answer could not be returned: {error}")))
    with os.fdopen(fd, "wb") as pipe:
        pipe.write(data)


__all__ = ["call_limited"]
