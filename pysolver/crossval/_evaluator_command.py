"""An evaluator that is a command in any language: one hand per line in, one integer per line out.

The command reads one hand per line on its standard input (card texts, or indices, separated
by spaces; where the hole cards come apart, ``hole | board``) and writes one integer per line
(``none`` for a hand with no value, as a hand with no qualifying low); a line that is not an integer, no line within the
time limit, or the end of its output names the hand it was answering, and a fresh process
goes on from the next hand.

    >>> answers = run_command("wc -w", "text", 5.0, np.array([[51, 47, 43, 39, 35]]))
    >>> answers.values.tolist(), bool(answers.ok.all())
    ([5], True)
"""

from __future__ import annotations

import os
import select
import shlex
import subprocess
import tempfile
import threading
import time
from typing import IO, cast

import numpy as np

from ..core import PokerInputError
from ._evaluator_answers import (
    CARD_TEXT,
    CRASH,
    MAX_BREAKS,
    NO_VALUE,
    NOT_INTEGER,
    NOT_RUN,
    OK,
    TIME_LIMIT,
    Answers,
    as_integer,
)

#: Lines that say a hand has no value (no qualifying low).
NO_VALUE_WORDS = ("none", "null")


def command_args(command: str) -> list[str]:
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
            stdin.write(b"".join(lines[k : k + 256]))
        stdin.close()
    except (BrokenPipeError, OSError, ValueError):
        pass


def run_command(command: str, cards: str, timeout: float | None, hands: np.ndarray, hole: int = 0) -> Answers:
    """Answers for ``hands`` (n, k) card indices from the command line ``command``, the cards
    written as ``cards`` ("text" or "index"), ``timeout`` seconds a hand; with ``hole``, a hand's
    first ``hole`` cards, then ``|``, then the board."""
    args = command_args(command)
    n = len(hands)
    words = [[CARD_TEXT[c] if cards == "text" else str(c) for c in hand] for hand in hands.tolist()]
    if hole:
        words = [row[:hole] + ["|"] + row[hole:] for row in words]
    lines = [(" ".join(row) + "\n").encode() for row in words]
    answers = Answers(np.zeros(n, np.int64), np.full(n, NOT_RUN, np.int8))
    start, breaks = 0, 0
    while start < n and breaks < MAX_BREAKS:
        with tempfile.TemporaryFile() as err:
            process = _start(args, err)
            feeder = threading.Thread(target=_feed, args=(process, lines[start:]), daemon=True)
            feeder.start()
            done, hung = _read_answers(process, answers, start, timeout)
            if process.poll() is None:
                process.kill()
            process.wait()
            feeder.join()
            if done >= n:
                break
            err.seek(0)
            tail = err.read()[-2000:].decode("utf-8", "replace").strip().splitlines()
        if done == 0 and not hung and process.returncode:
            raise PokerInputError(
                f"command '{command}' exited with status {process.returncode} before "
                f"its first answer" + (f": {tail[-1]}" if tail else "")
            )
        breaks += 1
        answers.status[done] = TIME_LIMIT if hung else CRASH
        ended = f"the command ended (status {process.returncode})" + (f": {tail[-1]}" if tail else "")
        answers.messages[done], start = f"no answer within {timeout:g} s" if hung else ended, done + 1
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
        for line in got[: n - i]:
            text = line.decode("utf-8", "replace").strip()
            if text.lower() in NO_VALUE_WORDS:
                answers.status[i] = NO_VALUE
                i += 1
                continue
            try:
                answers.values[i] = as_integer(int(text))
                answers.status[i] = OK
            except ValueError:
                answers.status[i] = NOT_INTEGER
                answers.messages[i] = f"wrote {text[:60]!r}" if text else "wrote an empty line"
            i += 1
    return i, False


__all__ = ["NO_VALUE_WORDS", "command_args", "run_command"]
