"""Someone else's hand evaluator, run so that it cannot hang or crash pysolver.

An :class:`Evaluator` is a Python callable (or ``"MODULE:FUNCTION"``) or a
command in any language. :func:`run_evaluator` gives it hands and returns
:class:`Answers`: one integer per hand, or why there is none -- an exception,
an answer that is not an integer, no answer within the time limit, a crash.

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
from typing import cast

import numpy as np

from ..core import PokerInputError
from ._evaluator_answers import CARD_TEXT, NOT_RUN, Answers, answer_hands
from ._evaluator_command import command_args, run_command
from ._evaluator_fork import run_forked

#: Seconds an evaluator may take for one hand (a batch: this plus a millisecond per hand).
TIMEOUT = 5.0


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


def run_evaluator(evaluator: Evaluator, hands: np.ndarray) -> Answers:
    """The evaluator's answers for ``hands`` (n, k) card indices."""
    hands = np.asarray(hands, dtype=np.int64)
    if evaluator.command:
        return run_command(cast(str, evaluator.target), evaluator.cards, evaluator.timeout, hands)
    call = evaluator.function()
    items = _inputs(hands, evaluator)
    if evaluator.timeout is None or not hasattr(os, "fork"):
        answers = Answers(np.zeros(len(hands), np.int64), np.full(len(hands), NOT_RUN, np.int8))
        answer_hands(
            call,
            items,
            evaluator.batch,
            answers.values,
            answers.status,
            np.zeros(1, np.int64),
            0,
            0,
            answers.messages.__setitem__,
        )
        return answers
    return run_forked(call, items, evaluator.batch, evaluator.timeout, len(hands))


def _inputs(hands: np.ndarray, evaluator: Evaluator):
    if evaluator.batch:
        return hands if evaluator.cards == "index" else np.array(CARD_TEXT)[hands]
    if evaluator.cards == "index":
        return hands.tolist()
    return [[CARD_TEXT[c] for c in hand] for hand in hands.tolist()]


__all__ = ["TIMEOUT", "Evaluator", "load_function", "run_evaluator"]
