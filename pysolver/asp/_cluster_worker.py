"""On a Dask worker: each task runs in a child Python process, replaced after a few tasks.

clingo keeps every symbol it makes for the life of a process and its controls do
not pickle, so a Dask worker never runs clingo itself: :func:`in_child` hands
each task to a child process of its own (:func:`serve`), which builds its own
clingo control and is replaced by a fresh one after ``tasks_per_process`` tasks.
A child ends with its worker (:mod:`pysolver.asp._lifeline`); and while a task
runs, its worker looks every :data:`WANTED_POLL` seconds whether the scheduler
still wants the result: when the client that asked for it is gone (closed,
killed by any signal) or cancelled it, the child is killed at once, so nothing
runs on for nobody on the cluster's machines.

    >>> _still_wanted(type("W", (), {"state": type("S", (), {"tasks": {}})()})(), "x")
    False
"""

from __future__ import annotations

import os
import pickle
import select
import struct
import subprocess
import sys
import threading
from collections.abc import Callable

from ..core import THREADS_VARIABLE, WorkerError
from ._lifeline import EARLY, end_with_parent

#: Seconds between a running task's looks at whether its result is still wanted.
WANTED_POLL = 0.5

_idle: list[_Child] = []
_idle_lock = threading.Lock()


def in_child(
    function: Callable, task, tasks_per_process: int, initializer: Callable[[], None] | None, run: str, index: int
):
    """Run one task in a child process of this (Dask worker) process, recycling the children;
    the start is logged on the scheduler (topic ``run``), where the caller counts the retries."""
    from distributed import get_worker

    worker = get_worker()
    worker.log_event(run, index)
    key = worker.get_current_task()
    with _idle_lock:
        child = _idle.pop() if _idle else None
    if child is None:
        child = _Child(initializer)
    ok, value = child.call(function, (task,), wanted=lambda: _still_wanted(worker, key))
    if child.tasks < tasks_per_process:
        with _idle_lock:
            _idle.append(child)
    else:
        child.close()
    if not ok:
        raise value  # type: ignore[misc]
    return value


class _Child:
    """A Python process running :func:`serve`: tasks go in on its stdin, results come back on its stdout."""

    def __init__(self, initializer: Callable[[], None] | None):
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
        env[THREADS_VARIABLE] = "1"  # the processes are the parallel work: one thread each
        self.process = subprocess.Popen(
            [sys.executable, "-c", EARLY + "from pysolver.asp._cluster_worker import serve; serve()", str(os.getpid())],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
        )
        self.tasks = 0
        if initializer is not None:
            self.call(initializer, (), count=False)

    def call(
        self, function: Callable, args: tuple, count: bool = True, wanted: Callable[[], bool] = lambda: True
    ) -> tuple[bool, object]:
        """``function(*args)`` in the child; while it runs, every :data:`WANTED_POLL` seconds,
        ``wanted()`` says whether the result is still wanted: if not, the child is killed and
        :class:`Abandoned` raised (a client gone, a task cancelled: no work runs on for nobody)."""
        try:
            _write(self.process.stdin, (function, args))
            while not select.select([self.process.stdout.fileno()], [], [], WANTED_POLL)[0]:  # type: ignore[union-attr]
                if not wanted():
                    self.process.kill()
                    self.process.wait()
                    raise Abandoned("the task's result is no longer wanted (its client left, or it was cancelled)")
            answer = _read(self.process.stdout)
        except (BrokenPipeError, OSError):
            answer = None
        if answer is None:
            code = self.process.wait()
            how = f"was killed by signal {-code}" if code < 0 else f"ended with exit code {code}"
            raise WorkerError(f"the child process running a task {how}: nothing of the task was counted")
        self.tasks += count
        return answer

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


class Abandoned(Exception):
    """A task stopped on its Dask worker because nobody wants its result any more."""


def _still_wanted(worker, key) -> bool:
    """Whether the task ``key`` running on ``worker`` is still wanted: the scheduler cancels a
    task on its worker when its client leaves (closed, killed) or cancels it."""
    state = worker.state.tasks.get(key)
    return state is not None and state.state in ("executing", "long-running", "resumed")


def serve() -> None:
    """A child's loop: read ``(function, args)``, run ``function(*args)``, send back
    ``(ok, result or exception)``, until the parent closes stdin or dies."""
    results = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # anything printed goes to stderr, not the results
    end_with_parent(int(sys.argv[1]) if len(sys.argv) > 1 else os.getppid())
    tasks = sys.stdin.buffer
    while (message := _read(tasks)) is not None:
        function, args = message
        try:
            answer = (True, function(*args))
        except Exception as error:  # sent to the parent, which raises it
            answer = (False, error)
        try:
            _write(results, answer)
        except BrokenPipeError:
            return


def _write(stream, message) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(struct.pack("<Q", len(data)) + data)
    stream.flush()


def _read(stream):
    head = stream.read(8)
    if len(head) < 8:
        return None
    size = struct.unpack("<Q", head)[0]
    data = stream.read(size)
    return pickle.loads(data) if len(data) == size else None


__all__ = ["WANTED_POLL", "Abandoned", "in_child", "serve"]
