"""Someone else's hand evaluator, run so that it cannot hang or crash pysolver.

An :class:`Evaluator` is a Python callable (or ``"MODULE:FUNCTION"``) or a
command in any language. :func:`run_evaluator` gives it hands and returns
:class:`Answers`: one integer per hand, or why there is none -- an exception,
an answer that is not an integer, no answer within the time limit, a crash.

* A callable runs in a forked child process (Linux and macOS) that writes each
  value into memory shared with pysolver; when the count of answered hands stops
  moving for ``timeout`` seconds, the hand it stopped at hangs: the child is
  killed and a fresh one goes on from the next hand. A child that dies names its
  hand the same way. ``timeout=None`` calls it here, unguarded.
* A command reads one hand per line on its standard input (card texts separated
  by spaces) and writes one integer per line; a line that is not an integer, no
  line within ``timeout`` seconds, or the end of its output names the hand it was
  answering, and a fresh process goes on from the next hand.

    >>> hands = np.array([[51, 47, 43, 39, 35], [0, 4, 8, 13, 22]])
    >>> answers = run_evaluator(Evaluator(lambda cards: len(set(c[1] for c in cards))), hands)
    >>> answers.values.tolist(), bool(answers.ok.all())
    ([1, 3], True)
"""

from __future__ import annotations

import importlib
import mmap
import numbers
import os
import select
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, cast

import numpy as np

from ..core import Card, PokerInputError

#: Why a hand has no value; ``status`` 0 is an answer.
FAILURES = ("exception", "not an integer", "time limit", "crash", "not run")
OK, EXCEPTION, NOT_INTEGER, TIME_LIMIT, CRASH, NOT_RUN = range(6)
#: Seconds an evaluator may take for one hand (a batch: this plus a millisecond per hand).
TIMEOUT = 5.0
#: Hangs and crashes after which the rest of a run's hands are not run.
MAX_BREAKS = 5
#: Hands per call of a batch evaluator.
BATCH = 2048
#: Whole failure messages kept per kind of exception in a run of hands (the others keep its name).
MAX_MESSAGES = 50

CARD_TEXT = tuple(str(Card(i)) for i in range(52))


@dataclass(frozen=True)
class Evaluator:
    """How to call an evaluator: ``target`` is a callable, ``"MODULE:FUNCTION"``, or with
    ``command=True`` a command line. ``cards`` is ``"text"`` (``["As", "Kd", ...]``) or
    ``"index"`` (``4 * rank + suit``, as :func:`pysolver.evaluate` takes); ``batch``: it takes a
    numpy array of hands (n, k) and returns n values; ``timeout``: seconds per call (None: no limit,
    called in this process)."""

    target: Callable | str
    command: bool = False
    cards: str = "text"
    batch: bool = False
    timeout: float | None = TIMEOUT

    def __post_init__(self) -> None:
        if self.cards not in ("text", "index"):
            raise PokerInputError(f"cards as {self.cards!r}: 'text' (As, Kd, ...) or 'index' (4 * rank + suit)")
        if self.timeout is not None and not (isinstance(self.timeout, (int, float)) and self.timeout > 0):
            raise PokerInputError(f"timeout {self.timeout!r}: a positive number of seconds, or None")
        if self.command and not isinstance(self.target, str):
            raise PokerInputError("a command is a command line (text)")
        if not self.command and not (callable(self.target) or isinstance(self.target, str)):
            raise PokerInputError(f"evaluator {self.target!r}: a callable or 'MODULE:FUNCTION'")

    @property
    def name(self) -> str:
        if isinstance(self.target, str):
            return self.target
        module, name = getattr(self.target, "__module__", None), getattr(self.target, "__qualname__", None)
        name = name or repr(self.target)
        return name if module in (None, "__main__", "builtins") else f"{module}:{name}"

    def function(self) -> Callable:
        """The callable (imported from ``MODULE:FUNCTION`` with the current folder on the path)."""
        return self.target if callable(self.target) else load_function(self.target)

    def check(self) -> None:
        """Raise :class:`PokerInputError` naming the evaluator if it cannot be run at all."""
        if self.command:
            _command_args(cast(str, self.target))
        else:
            self.function()


def load_function(spec: str) -> Callable:
    """``MODULE:FUNCTION`` imported as ``python -m`` would (the current folder first on the path).

    >>> load_function("math:sqrt")(4.0)
    2.0
    """
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise PokerInputError(f"evaluator '{spec}': expected MODULE:FUNCTION, e.g. myeval:evaluate")
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    try:
        target = importlib.import_module(module_name)
    except Exception as error:  # the user's module: any error while importing it
        raise PokerInputError(f"module '{module_name}' does not import: {type(error).__name__}: {error}") from None
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise PokerInputError(f"module '{module_name}' has no '{attribute}'")
        target = getattr(target, part)
    if not callable(target):
        raise PokerInputError(f"'{spec}' is not callable")
    return target


@dataclass
class Answers:
    """Each hand's value and status (0 an answer, else an index of :data:`FAILURES` + 1), and
    the messages of failed hands (by hand; an exception's name alone after :data:`MAX_MESSAGES` of its kind)."""

    values: np.ndarray
    status: np.ndarray
    messages: dict[int, str] = field(default_factory=dict)

    @property
    def ok(self) -> np.ndarray:
        return self.status == OK


def run_evaluator(evaluator: Evaluator, hands: np.ndarray) -> Answers:
    """The evaluator's answers for ``hands`` (n, k) card indices."""
    hands = np.asarray(hands, dtype=np.int64)
    if evaluator.command:
        return _run_command(evaluator, hands)
    call = evaluator.function()
    items = _inputs(hands, evaluator)
    if evaluator.timeout is None or not hasattr(os, "fork"):
        answers = Answers(np.zeros(len(hands), np.int64), np.full(len(hands), NOT_RUN, np.int8))
        _answer(call, items, evaluator.batch, answers.values, answers.status, np.zeros(1, np.int64), 0, 0,
                answers.messages.__setitem__)
        return answers
    return _run_forked(call, items, evaluator, len(hands))


def _inputs(hands: np.ndarray, evaluator: Evaluator):
    if evaluator.batch:
        return hands if evaluator.cards == "index" else np.array(CARD_TEXT)[hands]
    if evaluator.cards == "index":
        return hands.tolist()
    return [[CARD_TEXT[c] for c in hand] for hand in hands.tolist()]


def as_integer(value: object) -> int:
    """``value`` as an int64 integer, or ValueError saying what it is."""
    if isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_)):
        number = int(value)
        if -(1 << 63) <= number < (1 << 63):
            return number
        raise ValueError(f"{number} does not fit in 64 bits")
    text = repr(value)
    raise ValueError(f"returned {text if len(text) <= 60 else text[:57] + '...'} ({type(value).__name__})")


def _batch_values(out: object, n: int) -> np.ndarray:
    array = np.asarray(out)
    if array.shape != (n,) or not np.issubdtype(array.dtype, np.integer):
        raise ValueError(f"returned {array.dtype} of shape {array.shape} for {n} hands")
    return array.astype(np.int64)


def _answer(call: Callable, items, batch: bool, values: np.ndarray, status: np.ndarray, progress: np.ndarray,
            start: int, single_until: int, report: Callable[[int, str], None]) -> None:
    """Answer hands ``start`` .. in order, counting them in ``progress[0]``; a batch evaluator
    takes :data:`BATCH` hands a call, one at a time before ``single_until`` or after a batch fails."""
    n, i, told = len(items), start, Counter[str]()

    def failed(j: int, code: int, message: str) -> None:
        status[j] = code
        name = message.split(":", 1)[0] if code == EXCEPTION else message
        told[name] += 1
        report(j, message[:300] if told[name] <= MAX_MESSAGES else name)

    while i < n:
        if batch and i >= single_until:
            j = min(i + BATCH, n)
            try:
                values[i:j] = _batch_values(call(items[i:j]), j - i)
                status[i:j] = OK
                progress[0] = i = j
                continue
            except Exception:
                single_until = j
        try:
            value = call(items[i:i + 1]) if batch else call(items[i])
            if batch:
                value = np.asarray(value).reshape(-1)
                value = value[0] if value.shape == (1,) else value
        except Exception as error:
            failed(i, EXCEPTION, f"{type(error).__name__}: {error}")
        else:
            try:
                values[i] = as_integer(value)
                status[i] = OK
            except ValueError as error:
                failed(i, NOT_INTEGER, str(error))
        i += 1
        progress[0] = i


# --- In a forked child ---------------------------------------------------------------------------

def _run_forked(call: Callable, items, evaluator: Evaluator, n: int) -> Answers:
    shared = mmap.mmap(-1, 16 * n + 8)
    progress = np.frombuffer(shared, np.int64, 1, 0)
    values = np.frombuffer(shared, np.int64, n, 8)
    status = np.frombuffer(shared, np.int8, n, 8 + 8 * n)
    status[:] = NOT_RUN
    messages: dict[int, str] = {}
    start, single_until, breaks = 0, 0, 0
    limit = cast(float, evaluator.timeout) + (BATCH / 1000 if evaluator.batch else 0.0)   # None: never forked
    while start < n and breaks < MAX_BREAKS:
        progress[0] = start
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:                                     # the child: answer, then leave at once
            code = 0
            try:
                os.close(read_end)
                os.dup2(2, 1)                            # its prints go to stderr, not into a report
                with os.fdopen(write_end, "w") as pipe:
                    def tell(j: int, message: str) -> None:
                        pipe.write(f"{j}\t{' '.join(message.split())}\n"); pipe.flush()  # noqa: E702
                    _answer(call, items, evaluator.batch, values, status, progress, start, single_until, tell)
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
        if evaluator.batch and done >= single_until:     # a batch broke: its hands again, one by one
            single_until, start = min(done + BATCH, n), done
            continue
        status[done] = TIME_LIMIT if hung else CRASH
        messages[done] = (f"no answer within {evaluator.timeout:g} s" if hung
                                  else f"the process died ({_ending(pid)})")
        start = done + 1
    answers = Answers(values.copy(), status.copy(), messages)
    del progress, values, status
    shared.close()
    return answers


_EXIT_STATUS: dict[int, int] = {}     # a child's wait status, from its end until it is said


def _ending(pid: int) -> str:
    """How the child ``pid`` ended: a signal or an exit status."""
    code = _EXIT_STATUS.pop(pid, 0)
    if os.WIFSIGNALED(code):
        return f"signal {signal.Signals(os.WTERMSIG(code)).name}"
    return f"exit status {os.WEXITSTATUS(code)}"


def _watch(pid: int, fd: int, progress: np.ndarray, limit: float, messages: dict[int, str]) -> bool:
    """Read the child's messages until it ends; kill it when ``progress`` stands still for
    ``limit`` seconds. Returns whether it was killed for that."""
    last, since, buffer, hung = int(progress[0]), time.monotonic(), b"", False
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
            now, done = time.monotonic(), int(progress[0])
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


# --- A command: one hand per line in, one integer per line out ------------------------------------

def _command_args(command: str) -> list[str]:
    try:
        args = shlex.split(command)
    except ValueError as error:
        raise PokerInputError(f"command '{command}': {error}") from None
    if not args:
        raise PokerInputError("the command is empty")
    return args


def _start(args: list[str], err) -> subprocess.Popen:
    try:
        return subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=err, bufsize=0)
    except OSError as error:
        raise PokerInputError(f"command '{shlex.join(args)}' does not start: {error.strerror or error}") from None


def _feed(process: subprocess.Popen, lines: list[bytes]) -> None:
    stdin = cast(IO, process.stdin)
    try:
        for k in range(0, len(lines), 256):
            stdin.write(b"".join(lines[k:k + 256]))
        stdin.close()
    except (BrokenPipeError, OSError, ValueError):
        pass


def _run_command(evaluator: Evaluator, hands: np.ndarray) -> Answers:
    args = _command_args(cast(str, evaluator.target))
    n = len(hands)
    lines = [(" ".join(CARD_TEXT[c] if evaluator.cards == "text" else str(c) for c in hand) + "\n").encode()
             for hand in hands.tolist()]
    answers = Answers(np.zeros(n, np.int64), np.full(n, NOT_RUN, np.int8))
    start, breaks = 0, 0
    while start < n and breaks < MAX_BREAKS:
        with tempfile.TemporaryFile() as err:
            process = _start(args, err)
            feeder = threading.Thread(target=_feed, args=(process, lines[start:]), daemon=True)
            feeder.start()
            done, hung = _read_answers(process, answers, start, evaluator.timeout)
            if process.poll() is None:
                process.kill()
            process.wait()
            feeder.join()
            if done >= n:
                break
            err.seek(0)
            tail = err.read()[-2000:].decode("utf-8", "replace").strip().splitlines()
        if done == 0 and not hung and process.returncode:
            raise PokerInputError(f"command '{evaluator.target}' exited with status {process.returncode} before "
                                  f"its first answer" + (f": {tail[-1]}" if tail else ""))
        breaks += 1
        answers.status[done] = TIME_LIMIT if hung else CRASH
        ended = f"the command ended (status {process.returncode})" + (f": {tail[-1]}" if tail else "")
        answers.messages[done], start = f"no answer within {evaluator.timeout:g} s" if hung else ended, done + 1
    return answers


def _read_answers(process: subprocess.Popen, answers: Answers, start: int, timeout: float | None) -> tuple[int, bool]:
    """Read answers for hands ``start`` ..; return the next hand without one and whether it hung."""
    fd, i, buffer, n = cast(IO, process.stdout).fileno(), start, b"", len(answers.values)
    since = time.monotonic()
    while i < n:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if not ready:
            if timeout is not None and time.monotonic() - since > timeout:
                return i, True
            continue
        data = os.read(fd, 65536)
        if not data:
            return i, False
        since = time.monotonic()
        buffer += data
        *got, buffer = buffer.split(b"\n")
        for line in got[:n - i]:
            text = line.decode("utf-8", "replace").strip()
            try:
                answers.values[i] = as_integer(int(text))
                answers.status[i] = OK
            except ValueError:
                answers.status[i] = NOT_INTEGER
                answers.messages[i] = f"wrote {text[:60]!r}" if text else "wrote an empty line"
            i += 1
    return i, False


__all__ = ["FAILURES", "OK", "EXCEPTION", "NOT_INTEGER", "TIME_LIMIT", "CRASH", "NOT_RUN", "TIMEOUT", "MAX_BREAKS",
           "BATCH", "CARD_TEXT", "Evaluator", "Answers", "load_function", "run_evaluator", "as_integer"]
