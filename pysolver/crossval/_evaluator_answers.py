"""What an evaluator answered for each hand, and asking a Python evaluator hand by hand.

:class:`Answers` holds one integer per hand, or why there is none (a status, an index
into :data:`FAILURES` + 1, and a message). :func:`answer_hands` calls a Python evaluator
over hands in order, counting them as it goes: in this process, or in the forked child
that :mod:`~pysolver.crossval._evaluator_fork` watches.

    >>> answers = Answers(np.zeros(2, np.int64), np.full(2, NOT_RUN, np.int8))
    >>> answer_hands(len, [["As"], ["As", "Kd"]], False, answers.values, answers.status, np.zeros(1, np.int64),
    ...              0, 0, answers.messages.__setitem__)
    >>> answers.values.tolist(), bool(answers.ok.all())
    ([1, 2], True)
"""

from __future__ import annotations

import numbers
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from ..core import Card

#: Why a hand has no value; ``status`` 0 is an answer.
FAILURES = ("exception", "not an integer", "time limit", "crash", "not run")
OK, EXCEPTION, NOT_INTEGER, TIME_LIMIT, CRASH, NOT_RUN = range(6)
#: Hangs and crashes after which the rest of a run's hands are not run.
MAX_BREAKS = 5
#: Hands per call of a batch evaluator.
BATCH = 2048
#: Whole failure messages kept per kind of exception in a run of hands (the others keep its name).
MAX_MESSAGES = 50

CARD_TEXT = tuple(str(Card(i)) for i in range(52))


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


def answer_hands(
    call: Callable,
    items,
    batch: bool,
    values: np.ndarray,
    status: np.ndarray,
    progress: np.ndarray,
    start: int,
    single_until: int,
    report: Callable[[int, str], None],
) -> None:
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
            value = call(items[i : i + 1]) if batch else call(items[i])
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


__all__ = [
    "FAILURES",
    "OK",
    "EXCEPTION",
    "NOT_INTEGER",
    "TIME_LIMIT",
    "CRASH",
    "NOT_RUN",
    "MAX_BREAKS",
    "BATCH",
    "MAX_MESSAGES",
    "CARD_TEXT",
    "Answers",
    "as_integer",
    "answer_hands",
]
