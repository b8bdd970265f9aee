"""Answers of any ordered type as integer keys: each one's place among reference values.

An evaluator may value hands with integers of any size, floats, tuples, or any
objects that are totally ordered (pokerkit's hand objects), or may compare two
hands (``compare(a, b)``: a negative number, 0 or a positive number as hand ``a``
is worse, equal or better). A conformance check judges only order, so each answer
becomes an int64 *key*: its place among the values of reference hands -- one
hand of each class under the rules, valued first by the same evaluator in the
same process. A value equal to the i-th least reference value gets ``2 * i``;
one strictly between the (i-1)-th and the i-th gets ``2 * i - 1``. Keys order
hands as their values do, and keys from different processes compare, since
every process places its values among the same references.

The references come in the rules' order, so for a conforming evaluator sorting
them takes one comparison each, and a hand whose class is known (``hints``) is
tested against its class's reference first: one comparison a hand.

    >>> keys = OrderKeys([["c"], ["a"], ["b"]])
    >>> keys.prepare(lambda hand: hand[0], batch=False)
    >>> [keys(value, 0) for value in ("a", "b", "bb", "z")]
    [0, 2, 3, 5]

Equal values get one key, whichever reference a hint names:

    >>> keys = OrderKeys([["a"], ["b"], ["b"]], hints=[2, 1])
    >>> keys.prepare(lambda hand: hand[0], batch=False)
    >>> keys("b", 0), keys("b", 1)
    (2, 2)
"""

from __future__ import annotations

import math
import numbers
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ._evaluator_answers import NotComparable, batch_answers


class Compared:
    """A hand ordered by a comparison function: ``a < b`` when ``compare(a, b)`` is negative.

    >>> by_length = lambda a, b: len(a) - len(b)
    >>> Compared(by_length, ["As"]) < Compared(by_length, ["As", "Kd"])
    True
    """

    __slots__ = ("compare", "hand")

    def __init__(self, compare: Callable, hand: object) -> None:
        self.compare, self.hand = compare, hand

    def _sign(self, other: Compared) -> Any:
        answer = self.compare(self.hand, other.hand)
        if not isinstance(answer, numbers.Real) or (isinstance(answer, float) and math.isnan(answer)):
            text = repr(answer)
            raise NotComparable(f"compare returned {text[:60]} ({type(answer).__name__}), not a number")
        return answer

    def __lt__(self, other: Compared) -> bool:
        return self._sign(other) < 0

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Compared) and self._sign(other) == 0

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Compared({self.hand!r})"


class OrderKeys:
    """The reader of answers of any ordered type (see the module): ``references`` are the
    reference hands' inputs in the rules' order, ``hints[j]`` the reference of hand j's class
    (-1: unknown). :meth:`prepare` values the references; then ``keys(value, j)`` is hand j's key."""

    def __init__(self, references: Sequence, hints: Sequence[int] | None = None) -> None:
        self.references, self.hints = references, hints
        self.values: list = []
        self.place: list[int] = []
        self.first: list[int] = []
        self.broken = ""

    def prepare(self, call: Callable, batch: bool, tick: Callable[[], None] = lambda: None) -> None:
        """Value the references with ``call`` (a batch evaluator: in one call) and sort them,
        calling ``tick`` after each; references the evaluator cannot value are left out."""
        n, answers = len(self.references), None
        if batch:
            try:
                answers = batch_answers(call(self.references[0:n]), n)
            except Exception:
                answers = None
        valued: list[tuple[int, object]] = []
        for r in range(n):
            tick()
            try:
                if answers is not None:
                    value = answers[r]
                elif batch:
                    value = batch_answers(call(self.references[r : r + 1]), 1)[0]
                else:
                    value = call(self.references[r])
            except Exception:
                continue
            if value is not None and _ordered(value):
                valued.append((r, value))
        kinds = Counter(type(value) for _, value in valued)
        if kinds:  # references of the most common type: a stray answer of another type is its hand's finding
            common = kinds.most_common(1)[0][0]
            valued = [(r, value) for r, value in valued if type(value) is common]
        try:
            valued.sort(key=lambda pair: _Ticking(pair[1], tick))
        except Exception as error:
            self.broken = f"the values cannot be put in order: {type(error).__name__}: {error}"
            return
        self.values = [value for _, value in valued]
        self.place = [-1] * len(self.references)
        for p, (r, _) in enumerate(valued):
            self.place[r] = p
        self.first = list(range(len(self.values)))  # the first place of each run of equal values
        try:
            for p in range(1, len(self.values)):
                tick()
                if self.values[p] == self.values[p - 1]:
                    self.first[p] = self.first[p - 1]
        except Exception as error:
            self.broken = f"the values cannot be compared: {type(error).__name__}: {error}"

    def __call__(self, value: object, j: int) -> int:
        if self.broken:
            raise NotComparable(self.broken)
        if not _ordered(value):
            raise NotComparable(f"returned {value!r}, which has no order")
        hint = self.hints[j] if self.hints is not None else -1
        if hint >= 0 and self.place[hint] >= 0 and value == self.values[self.place[hint]]:
            return 2 * self.first[self.place[hint]]
        try:
            i = bisect_left(self.values, value)
            return 2 * i if i < len(self.values) and value == self.values[i] else 2 * i - 1
        except TypeError as error:
            text = repr(value)
            raise NotComparable(
                f"returned {text[:60]} ({type(value).__name__}), not comparable with the other values: {error}"
            ) from None


class _Ticking:
    """A value that calls ``tick`` on each comparison (a slow comparison function is seen working)."""

    __slots__ = ("tick", "value")

    def __init__(self, value: object, tick: Callable[[], None]) -> None:
        self.value, self.tick = value, tick

    def __lt__(self, other: _Ticking) -> bool:
        self.tick()
        return self.value < other.value  # type: ignore[operator]


def _ordered(value: object) -> bool:
    """False for a float NaN, which no order holds."""
    return not (isinstance(value, float) and math.isnan(value))


__all__ = ["Compared", "OrderKeys"]
