"""Computations off the event loop: a pool of threads, a time bound, cancelling.

The server never computes on its event loop: every request's work runs in a
:class:`Runner`'s threads (as many as the machine's cores by default, so many
clients at once queue rather than starve each other), under a time bound that
counts from the request's arrival. Long work (equity) reports its progress
through a :class:`Budget`, which is also where it stops: when the client goes
away (a cancel button, a closed tab) or the time bound passes, the next
progress call raises and the thread is free again.

    >>> import asyncio
    >>> runner = Runner(workers=1, seconds=5)
    >>> asyncio.run(runner.run(lambda budget: 6 * 7))
    42
    >>> runner.close()
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from ..core import PokerInputError

T = TypeVar("T")

GRACE = 5.0
"""Seconds past the time bound that a computation is waited for, so that work bounded on its own
(a rule text grounding in a child process under the same limit) ends with its own message."""


class Cancelled(Exception):
    """The client no longer waits for this computation."""


class Budget:
    """The time a computation may take and whether it is still wanted; ``progress`` is the
    callback the engines call (``progress(done, total)``), which raises once the time is
    up or the work was cancelled."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.deadline = time.monotonic() + seconds
        self.done, self.total = 0, 0
        self._cancelled = threading.Event()

    def cancel(self) -> None:
        self._cancelled.set()

    def check(self) -> None:
        """Raise :class:`Cancelled` or the time limit's :class:`PokerInputError`."""
        if self._cancelled.is_set():
            raise Cancelled()
        if time.monotonic() > self.deadline:
            raise time_limit_error(self.seconds)

    def progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        self.check()


def time_limit_error(seconds: float) -> PokerInputError:
    """The one-line answer to work that ran past the server's time limit."""
    return PokerInputError(
        f"the computation ran past the server's time limit of {seconds:g} s: ask for "
        "less (fewer trials, narrower ranges, a later street)"
    )


class Runner:
    """Runs work in ``workers`` threads, each piece bounded by ``seconds``."""

    def __init__(self, workers: int | None = None, seconds: float = 60.0) -> None:
        self.workers = workers or os.cpu_count() or 1
        self.seconds = seconds
        self._pool = ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="pysolver-web")

    def start(self, work: Callable[[Budget], T]) -> tuple[Budget, asyncio.Future[T]]:
        """Submit ``work(budget)``: the budget and an awaitable of its result."""
        budget = Budget(self.seconds)

        def call() -> T:
            budget.check()  # cancelled or out of time while it queued
            return work(budget)

        return budget, asyncio.wrap_future(self._pool.submit(call))

    async def run(
        self, work: Callable[[Budget], T], gone: Callable[[], Awaitable[bool]] | None = None, every: float = 0.25
    ) -> T:
        """``work(budget)``'s result, or the time limit's error; cancelled with the request, or
        when ``gone()`` (asked every ``every`` seconds) says the client went away."""
        budget, future = self.start(work)
        try:
            while True:
                done, _ = await asyncio.wait({future}, timeout=every)
                if done:
                    return future.result()
                if time.monotonic() > budget.deadline + GRACE:
                    raise time_limit_error(self.seconds)
                if gone is not None and await gone():
                    raise Cancelled()
        finally:
            budget.cancel()

    async def stream(self, work: Callable[[Budget], T], every: float = 0.25) -> AsyncIterator[dict]:
        """``{"progress": done, "total": total}`` every ``every`` seconds while ``work`` runs,
        then ``{"result": ...}`` (the result) or ``{"error": message}``. Leaving the
        iteration early (the client went away) cancels the work."""
        budget, future = self.start(work)
        try:
            while True:
                done, _ = await asyncio.wait({future}, timeout=every)
                if done:
                    break
                if time.monotonic() > budget.deadline + GRACE:
                    yield {"error": str(time_limit_error(self.seconds))}
                    return
                yield {"progress": budget.done, "total": budget.total}
            try:
                yield {"result": future.result()}
            except (PokerInputError, Cancelled) as error:
                yield {"error": str(error) or "cancelled"}
        finally:
            budget.cancel()

    def close(self) -> None:
        """Stop taking work; running work stops at its next progress call."""
        self._pool.shutdown(wait=False, cancel_futures=True)


__all__ = ["GRACE", "Budget", "Cancelled", "Runner", "time_limit_error"]
