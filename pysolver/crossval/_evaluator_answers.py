"""What an evaluator answered for each hand, and asking a Python evaluator hand by hand.

:class:`Answers` holds one integer per hand, or why there is none (a status, an index
into :data:`FAILURES` + 1, and a message). :func:`answer_hands` calls a Python evaluator
over hands in order, counting them as it goes: in this process, or in the forked child
that :mod:`~pysolver.crossval._evaluator_fork` watches. Each answer is read into an
integer by a *reader*: :func:`as_integer` (values that are int64 integers), or
:class:`~pysolver.crossval._evaluator_keys.OrderKeys` (values of any ordered type, and
comparisons, as their place among reference values). ``None`` is an answer of its own:
the hand has no value (no qualifying low).

    >>> answers = Answers(np.zeros(2, np.int64), np.full(2, NOT_RUN, np.int8))
    >>> answer_hands(len, [["As"], ["As", "Kd"]], False, answers.values, answers.status, np.zeros(2, np.int64),
    ...              0, 0, answers.messages.__setitem__)
    >>> answers.values.tolist(), bool(answers.ok.all())
    ([1, 2], True)
"""

from __future__ import annotations

import numbers
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from ..core import Card

#: Why a hand has no value; ``status`` 0 is an answer.
FAILURES = ("exception", "not an integer", "time limit", "crash", "not run", "no value", "not comparable")
OK, EXCEPTION, NOT_INTEGER, TIME_LIMIT, CRASH, NOT_RUN, NO_VALUE, NOT_COMPARABLE = range(8)
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


def failure_label(status: int, message: str, wrong_answer: str = "not an integer") -> str:
    """How a report names a failure of ``status`` (an exception by its type; ``wrong_answer``: the
    name of an answer that could not be read).

    >>> failure_label(EXCEPTION, "KeyError: 'As'"), failure_label(NOT_RUN, "")
    ('exception KeyError', 'not run (too many hangs or crashes)')
    """
    if status == EXCEPTION and message:
        return f"exception {message.split(':', 1)[0]}"
    if status == NOT_INTEGER:
        return wrong_answer
    return FAILURES[status - 1] if status != NOT_RUN else "not run (too many hangs or crashes)"


class Reader(Protocol):
    """Reads an evaluator's answer for hand ``j`` into an int64 integer; ValueError says why it cannot."""

    def __call__(self, value: object, j: int, /) -> int: ...


class NotComparable(ValueError):
    """An answer that cannot be put in order with the others (a reader's failure)."""


def as_integer(value: object, j: int = 0) -> int:
    """``value`` as an int64 integer, or ValueError saying what it is (the reader of integer values)."""
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


def batch_answers(out: object, n: int) -> list:
    """A batch evaluator's answers as a list of n values (numpy scalars as Python ones)."""
    if isinstance(out, np.ndarray):
        answers = [out.item()] if out.ndim == 0 else out.tolist()
    else:
        answers = list(out) if isinstance(out, (list, tuple)) or (n > 1 and hasattr(out, "__iter__")) else [out]
    if len(answers) != n:
        raise ValueError(f"returned {len(answers)} values for {n} hands")
    return answers


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
    read: Reader = as_integer,
) -> None:
    """Answer hands ``start`` .. in order, counting them in ``progress[0]`` (of two); a batch evaluator
    takes :data:`BATCH` hands a call, one at a time before ``single_until`` or after a batch fails.
    ``read`` turns each answer into the integer stored in ``values``."""
    n, i, told = len(items), start, Counter[str]()
    prepare = getattr(read, "prepare", None)
    if prepare is not None:  # a reader that values reference hands first: each one moves ``progress[1]``

        def tick() -> None:
            progress[1] += 1

        prepare(call, batch, tick)

    def failed(j: int, code: int, message: str) -> None:
        status[j] = code
        name = message.split(":", 1)[0] if code == EXCEPTION else message
        told[name] += 1
        report(j, message[:300] if told[name] <= MAX_MESSAGES else name)

    def store(j: int, value: object) -> None:
        if value is None:
            status[j] = NO_VALUE
            return
        try:
            values[j] = read(value, j)
            status[j] = OK
        except NotComparable as error:
            failed(j, NOT_COMPARABLE, str(error))
        except ValueError as error:
            failed(j, NOT_INTEGER, str(error))
        except Exception as error:  # a comparison the evaluator wrote
            failed(j, EXCEPTION, f"{type(error).__name__}: {error}")

    while i < n:
        if batch and i >= single_until:
            j = min(i + BATCH, n)
            try:
                out = call(items[i:j])
                if read is as_integer:
                    values[i:j] = _batch_values(out, j - i)
                    status[i:j] = OK
                else:
                    for k, value in zip(range(i, j), batch_answers(out, j - i)):
                        store(k, value)
                progress[0] = i = j
                continue
            except Exception:
                single_until = j
        try:
            value = call(items[i : i + 1]) if batch else call(items[i])
            if batch:
                value = batch_answers(value, 1)[0]
        except Exception as error:
            failed(i, EXCEPTION, f"{type(error).__name__}: {error}")
        else:
            store(i, value)
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
    "NO_VALUE",
    "NOT_COMPARABLE",
    "Reader",
    "NotComparable",
    "MAX_BREAKS",
    "BATCH",
    "MAX_MESSAGES",
    "CARD_TEXT",
    "Answers",
    "failure_label",
    "as_integer",
    "batch_answers",
    "answer_hands",
]
