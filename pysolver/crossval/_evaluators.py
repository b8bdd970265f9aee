"""Someone else's hand evaluator, run so that it cannot hang or crash pysolver.

An :class:`Evaluator` is a Python callable (or ``"MODULE:FUNCTION"``) or a
command in any language. :func:`run_evaluator` gives it hands and returns
:class:`Answers`: one integer per hand, or why there is none -- an exception,
an answer that is not an integer, no answer within the time limit, a crash.
Given reference hands, answers of any ordered type (and a comparison function's
verdicts, ``kind="compare"``) become their place among the references' values
(:mod:`~pysolver.crossval._evaluator_keys`).

* A callable runs in a forked child process (Linux and macOS;
  :mod:`~pysolver.crossval._evaluator_fork`), killed when it answers no hand for
  ``timeout`` seconds; ``timeout=None`` calls it here, unguarded.
* A command (:mod:`~pysolver.crossval._evaluator_command`) reads one hand per line
  and writes one integer per line.

    >>> hands = np.array([[51, 47, 43, 39, 35], [0, 4, 8, 13, 22]])
    >>> answers = run_evaluator(Evaluator(lambda cards: len(set(c[1] for c in cards))), hands)
    >>> answers.values.tolist(), bool(answers.ok.all())
    ([1, 3], True)
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import cast

import numpy as np

from ..core import PokerInputError
from ._evaluator_answers import CARD_TEXT, NOT_RUN, Answers, Reader, answer_hands, as_integer
from ._evaluator_command import command_args, run_command
from ._evaluator_fork import run_forked
from ._evaluator_keys import Compared, OrderKeys

#: Seconds an evaluator may take for one hand (a batch: this plus a millisecond per hand).
TIMEOUT = 5.0
#: What an evaluator answers: a value per hand, the order of two hands, or a showdown's winners.
KINDS = ("values", "compare", "winners")


@dataclass(frozen=True)
class Evaluator:
    """How to call an evaluator: ``target`` is a callable, ``"MODULE:FUNCTION"``, or with
    ``command=True`` a command line. ``cards`` is ``"text"`` (``["As", "Kd", ...]``) or
    ``"index"`` (``4 * rank + suit``, as :func:`pysolver.evaluate` takes); ``batch``: it takes a
    numpy array of hands (n, k) and returns n values; ``timeout``: seconds per call (None: no limit,
    called in this process). ``kind``: ``"values"`` (a value per hand) or ``"compare"`` (``f(a, b)``
    of two hands: negative, 0 or positive as ``a`` is worse, equal or better) or ``"winners"``
    (``f(hands, board)`` of a showdown: the indices of the players who win). ``hole``: a hand's
    first ``hole`` cards are hole cards and the rest a board, given apart: ``f(hole, board)`` (a
    batch: two arrays; a command: a line ``hole | board``; a comparison: hands ``[hole, board]``)."""

    target: Callable | str
    command: bool = False
    cards: str = "text"
    batch: bool = False
    timeout: float | None = TIMEOUT
    kind: str = "values"
    hole: int = 0

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise PokerInputError(f"kind {self.kind!r}: one of {', '.join(KINDS)}")
        if self.kind != "values" and (self.command or self.batch):
            raise PokerInputError(f"a {self.kind} function is a Python function of single hands (no command, no batch)")
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
            command_args(cast(str, self.target))
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


def run_evaluator(
    evaluator: Evaluator, hands: np.ndarray, references: np.ndarray | None = None, hints: np.ndarray | None = None
) -> Answers:
    """The evaluator's answers for ``hands`` (n, k) card indices: integers as they are, or with
    ``references`` (hands in the rules' order) any ordered values as their keys among the
    references' values; ``hints[j]``: the reference of hand j's class (-1 none)."""
    hands = np.asarray(hands, dtype=np.int64)
    if evaluator.command:
        return run_command(cast(str, evaluator.target), evaluator.cards, evaluator.timeout, hands, evaluator.hole)
    call = evaluator.function()
    if evaluator.hole and evaluator.kind == "values":
        call = partial(_apart, call)
    if evaluator.kind == "compare":
        call = partial(Compared, call)
        references = hands[:0] if references is None else references
    items = evaluator_inputs(hands, evaluator)
    read: Reader = as_integer
    if references is not None:
        read = OrderKeys(
            evaluator_inputs(np.asarray(references, np.int64), evaluator), None if hints is None else hints.tolist()
        )
    return run_items(evaluator, call, items, read)


def run_items(evaluator: Evaluator, call: Callable, items, read: Reader = as_integer) -> Answers:
    """``call``'s answers for ``items``, read by ``read``: in a forked child watched for hangs and
    crashes, or (``timeout`` None, or no fork) here."""
    if evaluator.timeout is None or not hasattr(os, "fork"):
        answers = Answers(np.zeros(len(items), np.int64), np.full(len(items), NOT_RUN, np.int8))
        answer_hands(
            call,
            items,
            evaluator.batch,
            answers.values,
            answers.status,
            np.zeros(2, np.int64),
            0,
            0,
            answers.messages.__setitem__,
            read,
        )
        return answers
    return run_forked(call, items, evaluator.batch, evaluator.timeout, len(items), read)


def _apart(call: Callable, hand) -> object:
    """``call(hole, board)`` of a hand given as [hole, board] (a batch: an array, cut at the hole)."""
    return call(hand[0], hand[1])


def evaluator_inputs(hands: np.ndarray, evaluator: Evaluator):
    """The hands as the evaluator takes them: lists of card texts or indices, [hole, board] pairs
    where the hole cards come apart, or (a batch) an array, [holes, boards] apart."""
    h = evaluator.hole
    if evaluator.batch:
        array = hands if evaluator.cards == "index" else np.array(CARD_TEXT)[hands]
        return _Apart(array, h) if h else array
    rows = hands.tolist() if evaluator.cards == "index" else [[CARD_TEXT[c] for c in hand] for hand in hands.tolist()]
    return [[row[:h], row[h:]] for row in rows] if h else rows


class _Apart:
    """A batch's hands whose slices are [holes, boards]: ``f(holes, boards)`` of two arrays."""

    def __init__(self, array: np.ndarray, hole: int) -> None:
        self.array, self.hole = array, hole

    def __len__(self) -> int:
        return len(self.array)

    def __getitem__(self, where: slice) -> list[np.ndarray]:
        part = self.array[where]
        return [part[:, : self.hole], part[:, self.hole :]]


__all__ = ["TIMEOUT", "KINDS", "Evaluator", "load_function", "run_evaluator", "run_items", "evaluator_inputs"]
