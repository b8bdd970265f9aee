"""A Python evaluator run in a forked child process (Linux and macOS), so that it cannot hang or
crash pysolver.

The child writes each value into memory shared with pysolver; when the count of answered
hands stops moving for the time limit, the hand it stopped at hangs: the child is killed
and a fresh one goes on from the next hand. A child that dies names its hand the same way.

    >>> answers = run_forked(len, [["As"], ["As", "Kd"]], False, 5.0, 2)
    >>> answers.values.tolist(), bool(answers.ok.all())
    ([1, 2], True)
"""

from __future__ import annotations

import mmap
import os
import select
import signal
import time
from collections.abc import Callable

import numpy as np

from ._evaluator_answers import (
    BATCH,
    CRASH,
    MAX_BREAKS,
    NOT_RUN,
    TIME_LIMIT,
    Answers,
    Reader,
    answer_hands,
    as_integer,
)


def run_forked(call: Callable, items, batch: bool, timeout: float, n: int, read: Reader = as_integer) -> Answers:
    """Answers for ``items`` (n hands) from ``call`` in forked children, each killed when it
    answers no hand for ``timeout`` seconds (a batch: plus a millisecond per hand); ``read``
    turns each answer into an integer (in the child)."""
    shared = mmap.mmap(-1, 16 * n + 16)
    progress = np.frombuffer(shared, np.int64, 2, 0)  # hands answered; references valued
    values = np.frombuffer(shared, np.int64, n, 16)
    status = np.frombuffer(shared, np.int8, n, 16 + 8 * n)
    status[:] = NOT_RUN
    messages: dict[int, str] = {}
    start, single_until, breaks = 0, 0, 0
    limit = timeout + (BATCH / 1000 if batch else 0.0)
    while start < n and breaks < MAX_BREAKS:
        progress[0] = start
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: answer, then leave at once
            code = 0
            try:
                os.close(read_end)
                os.dup2(2, 1)  # its prints go to stderr, not into a report
                with os.fdopen(write_end, "w") as pipe:

                    def tell(j: int, message: str) -> None:
                        pipe.write(f"{j}\t{' '.join(message.split())}\n")
                        pipe.flush()

                    answer_hands(call, items, batch, values, status, progress, start, single_until, tell, read)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(write_end)
        hung = _watch(pid, read_end, progress, limit, messages)
        done = int(progress[0])
        if done >= n:
            break
        breaks += 1
        if batch and done >= single_until:  # a batch broke: its hands again, one by one
            single_until, start = min(done + BATCH, n), done
            continue
        status[done] = TIME_LIMIT if hung else CRASH
        messages[done] = f"no answer within {timeout:g} s" if hung else f"the process died ({_ending(pid)})"
        start = done + 1
    answers = Answers(values.copy(), status.copy(), messages)
    del progress, values, status
    shared.close()
    return answers


_EXIT_STATUS: dict[int, int] = {}  # a child's wait status, from its end until it is said


def _ending(pid: int) -> str:
    """How the child ``pid`` ended: a signal or an exit status."""
    code = _EXIT_STATUS.pop(pid, 0)
    if os.WIFSIGNALED(code):
        return f"signal {signal.Signals(os.WTERMSIG(code)).name}"
    return f"exit status {os.WEXITSTATUS(code)}"


def _watch(pid: int, fd: int, progress: np.ndarray, limit: float, messages: dict[int, str]) -> bool:
    """Read the child's messages until it ends; kill it when ``progress`` stands still for
    ``limit`` seconds. Returns whether it was killed for that."""
    last, since, buffer, hung = progress.tolist(), time.monotonic(), b"", False
    try:
        while True:
            ready, _, _ = select.select([fd], [], [], 0.02)
            if ready:
                data = os.read(fd, 65536)
                if not data:
                    break
                buffer += data
                *lines, buffer = buffer.split(b"\n")
                for line in lines:
                    index, _, message = line.decode("utf-8", "replace").partition("\t")
                    messages[int(index)] = message
            now, done = time.monotonic(), progress.tolist()
            if done != last:
                last, since = done, now
            elif now - since > limit:
                os.kill(pid, signal.SIGKILL)
                hung = True
                break
    finally:
        os.close(fd)
        _EXIT_STATUS[pid] = os.waitpid(pid, 0)[1]
    return hung


__all__ = ["run_forked"]
