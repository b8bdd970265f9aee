"""Conformance: does someone else's hand evaluator order hands as the rules do?

:func:`check_evaluator` deals hands to the evaluator (quick, random or every
hand of the deck; :mod:`pysolver.crossval._conform.hands`), runs it where it
cannot hang or crash pysolver (:mod:`pysolver.crossval._evaluators`), and judges
only the order its values put hands in, against the rule book: each class of
hand under the rules (the 7,462 of the standard game, which cross-validation
proves equal to the ASP rules; a variant's classes, ranked by clingo) must get
one value, and the classes must be strictly ordered as the rules order them. A
hand it cannot evaluate (an exception, a non-integer, a crash, a hang) is a
finding too. The report groups what is wrong by kind, with the simplest pair of
hands of each and the ASP explanation of the order the rules give
(:mod:`pysolver.crossval._conform.findings`).

    >>> from pysolver.evaluator import evaluate
    >>> report = check_evaluator(lambda cards: -evaluate(cards), cards=5)   # lower is better
    >>> report.ok, report.order, report.hands
    (True, 'lower', 7466)
    >>> report = check_evaluator(lambda cards: evaluate(cards) // 2, cards=5)
    >>> report.ok, report.counterexamples[0]["relation"]
    (False, 'tied')
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from ...core import PokerInputError, Rules, check_count, quoted
from ...evaluator import NO_HAND
from ...rulebook import rules_of
from .._compare import Partial
from .._evaluator_answers import (
    FAILURES,
    NO_VALUE,
    NOT_COMPARABLE,
    NOT_INTEGER,
    OK,
    batch_answers,
    failure_label,
)
from .._evaluators import TIMEOUT, Evaluator, evaluator_inputs, run_evaluator
from .._execution import check_where, resume_file, rules_label, run_checks, run_seed
from .findings import NONE_KEY, class_examples, explain, failure_examples, failures, out_of_order
from .hands import deck_hands, hands_of_ranks, random_rows, rank_ranges
from .pot_hands import PotHands
from .report import ConformReport, hand_text, public_finding
from .winners import check_winners

MODES = ("quick", "random", "exhaustive")
ORDERS = ("higher", "lower", "auto")
#: Hands per task of the random and the exhaustive modes.
HANDS_PER_TASK = 1_000_000

EvaluatorLike = Callable | str | Evaluator


# --- One task: hands -> the evaluator's answers -> examples -------------------------------------


def _hands(source: str, args: tuple, judged: PotHands) -> np.ndarray:
    if source == "quick":
        return judged.quick()[0]
    if source == "random":
        return random_rows(*args, judged.cards, judged.rules)  # type: ignore[call-arg]
    return hands_of_ranks(args[0], args[1], judged.cards, judged.rules)


References = tuple[np.ndarray, np.ndarray]
"""Reference hands, one of each class a run's hands have, and their values ascending."""


def _answers(evaluator: Evaluator, hands: np.ndarray, truth: np.ndarray, references: References | None):
    """The evaluator's answers: its integers, or keys among the reference hands' values."""
    if references is None:
        return run_evaluator(evaluator, hands)
    return run_evaluator(evaluator, hands, references[0], np.searchsorted(references[1], truth))


def _references(judged: PotHands, mode: str, args: Sequence[tuple]) -> References:
    """One hand of each class the run's hands have: the quick check's, and where those do not hold
    every class (random deals of a hole-card game), the simplest hand of each other class the run
    deals. Every task keys its values among the same references, so keys compare across tasks."""
    hands, values = judged.references()
    if mode == "quick" or not judged.hole:
        return hands, values
    extra_hands, extra_values = [hands], [values]
    for a in args:
        dealt = _hands(mode, a, judged)
        truth = judged.truth(dealt)
        new = ~np.isin(truth, np.concatenate(extra_values))
        order = np.lexsort(((dealt[new] >> 2).sum(axis=1), truth[new]))
        first = order[np.concatenate([[True], np.diff(truth[new][order]) != 0])] if len(order) else order
        extra_hands.append(dealt[new][first])
        extra_values.append(truth[new][first])
    every_hand, every_value = np.concatenate(extra_hands), np.concatenate(extra_values)
    ranked = np.argsort(every_value, kind="stable")
    return every_hand[ranked], every_value[ranked]


def conform_task(
    evaluator: Evaluator, sign: int, source: str, args: tuple, judged: PotHands, references: References | None = None
) -> Partial:
    """Deal one task's hands to the evaluator (its values keyed among ``references`` where they are
    not 64-bit integers): the classes' examples and the failures."""
    hands = _hands(source, args, judged)
    truth = judged.truth(hands)
    start = time.perf_counter()
    answers = _answers(evaluator, hands, truth, references)
    part = Partial(hands=len(hands), evaluator_seconds=time.perf_counter() - start)
    part.categories.update(judged.category_counts(truth))
    keys = sign * answers.values
    good = answers.status == OK
    if judged.may_have_none:  # None: no low, the worst answer there is
        none = answers.status == NO_VALUE
        keys[none], good = NONE_KEY, good | none
    part.examples = class_examples(hands[good], truth[good], keys[good])
    bad = np.flatnonzero(~good)
    labels = [failure_label(int(answers.status[i]), answers.messages.get(int(i), "")) for i in bad.tolist()]
    part.cases.update(labels)
    part.examples.update(
        failure_examples(hands[bad], labels, [answers.messages.get(int(i), _message(answers.status[i])) for i in bad])
    )
    part.chunks = [int(args[0])] if args else [0]
    return part


def _message(status: int) -> str:
    return "returned None" if status == NO_VALUE else FAILURES[status - 1]


def _restate(evaluator: Evaluator, found: list[dict]) -> None:
    """Put the evaluator's own answers in place of the keys of the hands out of order (asked again,
    in this process): each value's text, or the comparison of the pair."""
    call = evaluator.function()

    def ask(*hands: list[int]) -> str:
        items = evaluator_inputs(np.array(hands, dtype=np.int64), evaluator)
        try:
            if evaluator.batch:
                return repr(batch_answers(call(*items[0:1]) if evaluator.hole else call(items[0:1]), 1)[0])
            if evaluator.kind == "values" and evaluator.hole:
                return repr(call(*items[0]))
            return repr(call(*items))
        except Exception as error:  # the evaluator's own code
            return f"{type(error).__name__}: {error}"

    for item in found:
        if item["relation"] == "failure":
            continue
        if evaluator.kind == "compare":
            item["values"] = None
            item["compare"] = ask(*item["cards"])
        else:
            item["values"] = [ask(hand) for hand in item["cards"]]


# --- The order: given, or told from hands that cannot be misread ----------------------------------


def _find_order(evaluator: Evaluator, order: str, judged: PotHands) -> tuple[int, str, bool]:
    """(sign, how it was told, whether the answers are read as keys): integers of 64 bits are
    taken as they are, other values (and comparisons) by their place among reference hands'."""
    hands, truth = judged.references()
    hands, truth = hands[truth != NO_HAND], truth[truth != NO_HAND]
    ranked = np.argsort(truth, kind="stable")
    probes = [(ranked[-1 - j], ranked[j]) for j in range(3)]
    picked = hands[[i for pair in probes for i in pair]]
    keyed = evaluator.kind == "compare"
    answers = run_evaluator(evaluator, picked, picked if keyed else None)
    if not keyed and np.isin(answers.status, (NOT_INTEGER, NOT_COMPARABLE)).any():
        keyed, answers = True, run_evaluator(evaluator, picked, picked)
    if order != "auto":
        return (1 if order == "higher" else -1), f"{order} is better (as given)", keyed
    votes: Counter[int] = Counter()
    for j in range(3):
        if answers.status[2 * j] == OK and answers.status[2 * j + 1] == OK:
            votes[int(np.sign(answers.values[2 * j] - answers.values[2 * j + 1]))] += 1
    best, worst = (hand_text(hands[i].tolist(), judged.hole) for i in probes[0])
    sign = 1 if votes[1] >= votes[-1] and votes[1] else -1 if votes[-1] else 0
    if sign == 0:
        note = f"could not be told ({best} and {worst} got no values in order); judged as higher is better"
        return 1, note, keyed
    word = "higher" if sign > 0 else "lower"
    return sign, f"{word} is better (told by {best} against {worst})", keyed


# --- The check ------------------------------------------------------------------------------------


#: Most tasks a run splits into, and most hands a task holds (with their values: some 200 MB).
MOST_TASKS, MOST_PER_TASK = 100_000, 10_000_000


def _check_tasks(tasks: object, hands: int) -> None:
    least = -(-hands // MOST_PER_TASK)
    if not isinstance(tasks, int) or isinstance(tasks, bool) or not least <= tasks <= min(MOST_TASKS, hands):
        raise PokerInputError(
            f"tasks {quoted(tasks)}: {least:,} to {min(MOST_TASKS, hands):,} for {hands:,} hands "
            f"(a task holds at most {MOST_PER_TASK:,})"
        )


def check_evaluator(
    evaluator: EvaluatorLike,
    *,
    cards: int | None = None,
    pot: str | None = None,
    order: str = "auto",
    mode: str = "quick",
    rules: Rules | str | None = None,
    count: int = 100_000,
    seed: int | None = None,
    takes: str = "text",
    batch: bool = False,
    command: bool = False,
    kind: str = "values",
    timeout: float | None = TIMEOUT,
    workers: int = 1,
    scheduler: str | None = None,
    resume: str | os.PathLike | None = None,
    progress: bool = False,
    tasks: int | None = None,
) -> ConformReport:
    """Judge ``evaluator`` against the rule book ``rules`` on hands of ``cards`` (5, 6, 7) cards.

    ``evaluator`` is a callable taking one hand (a list of card texts, ``takes="text"``, or of
    indices ``4 * rank + suit``, ``takes="index"``; ``batch``: an (n, k) numpy array of hands,
    returning n values), ``"MODULE:FUNCTION"``, or with ``command=True`` a command line that reads
    one hand per line and writes one integer per line. Only the order of its values is judged;
    ``order`` says whether higher or lower is better, ``"auto"`` tells it from a royal flush against
    the worst hand. ``mode``: ``"quick"`` (every class and the hard shapes, some 60,000 hands of 7
    cards), ``"random"`` (``count`` hands from ``seed``, drawn when None and reported) or
    ``"exhaustive"`` (every hand of the deck, in ``tasks`` tasks, on ``workers`` local processes or
    the Dask cluster ``scheduler``, resumable from the file ``resume``). ``timeout``: seconds one
    call may take before its hand is a finding (None: no limit, and no child process).
    """
    rules = rules_of(rules)
    judged = PotHands.of(rules, pot, cards)
    cards = judged.cards
    if mode == "exhaustive" and judged.hole:
        raise PokerInputError(
            f"exhaustive: {rules.name} gives hole cards and a board apart, too many deals for every one; "
            "check --random N"
        )
    if mode not in MODES:
        raise PokerInputError(f"mode {mode!r}: one of {', '.join(MODES)}")
    if order not in ORDERS:
        raise PokerInputError(f"order {order!r}: one of {', '.join(ORDERS)}")
    if takes not in ("text", "index"):
        raise PokerInputError(f"takes {takes!r}: 'text' (card texts) or 'index' (4 * rank + suit)")
    if mode == "random":
        check_count("count", count, 1, MOST_TASKS * MOST_PER_TASK)
    check_where(workers, scheduler)
    if kind == "winners" or (isinstance(evaluator, Evaluator) and evaluator.kind == "winners"):
        return _check_winners(evaluator, judged, mode, count, seed, takes, timeout, workers, scheduler, resume, tasks)
    if not isinstance(evaluator, Evaluator):
        evaluator = Evaluator(
            evaluator, command=command, cards=takes, batch=batch, timeout=timeout, kind=kind, hole=judged.hole
        )
    evaluator.check()
    start = time.perf_counter()
    sign, note, keyed = _find_order(evaluator, order, judged)
    shapes: dict[str, int] = {}
    used_seed = None
    args: Sequence[tuple[int, ...]]
    run: dict[str, int]
    if mode == "quick":
        shapes = judged.quick()[1]
        args, run = [()], {}
    elif mode == "random":
        used_seed = run_seed(seed)
        n_tasks = tasks if tasks is not None else -(-count // HANDS_PER_TASK)
        _check_tasks(n_tasks, count)
        args = [(count * i // n_tasks, count * (i + 1) // n_tasks, count, used_seed) for i in range(n_tasks)]
        run = {"count": count, "seed": used_seed}
    else:
        total = deck_hands(cards, rules)
        n_tasks = tasks if tasks is not None else max(1, -(-total // HANDS_PER_TASK))
        _check_tasks(n_tasks, total)
        args, run = rank_ranges(n_tasks, cards, rules), {}
    record = resume_file(
        resume,
        f"conform {mode} {cards}{_pot_word(judged)}",
        rules,
        evaluator=evaluator.name,
        order=sign,
        tasks=len(args),
        **run,
    )
    sizes = [len(judged.quick()[0])] if mode == "quick" else [a[1] - a[0] for a in args]
    references = _references(judged, mode, args) if keyed else None
    result = run_checks(
        f"conform {mode} {cards}",
        conform_task,
        [(evaluator, sign, mode, a, judged, references) for a in args],
        workers,
        progress,
        rules,
        check_order=False,
        scheduler=scheduler,
        resume=record,
        sizes=sizes,
        label=f"conform {evaluator.name}: {mode}, {cards} cards",
    )
    found = failures(result.examples, result.cases) + out_of_order(
        result.examples, rules, sign, judged.pot, judged.hole
    )
    if keyed:
        _restate(evaluator, found)
    explain(found, rules, judged.pot, judged.hole)
    return ConformReport(
        evaluator.name,
        mode,
        cards,
        rules_label(rules),
        "higher" if sign > 0 else "lower",
        note,
        result.hands,
        sum(1 for k in result.examples if k[0] == "<"),
        [public_finding(c) for c in found],
        time.perf_counter() - start,
        result.evaluator_seconds,
        used_seed,
        shapes,
        dict(result.categories),
        dict(result.cases),
        result.resumed,
        judged.pot,
        judged.hole,
        judged.label,
        evaluator.kind,
    )


def _check_winners(
    evaluator: EvaluatorLike,
    judged: PotHands,
    mode: str,
    count: int,
    seed: int | None,
    takes: str,
    timeout: float | None,
    workers: int,
    scheduler: str | None,
    resume: object,
    tasks: int | None,
) -> ConformReport:
    """:func:`check_evaluator` of a showdown function (``kind="winners"``): quick or random showdowns,
    in one process."""
    if mode == "exhaustive":
        raise PokerInputError("exhaustive: a showdown function is checked on quick or random showdowns")
    if workers != 1 or scheduler is not None or resume is not None or tasks is not None:
        raise PokerInputError("workers, scheduler, resume and tasks check a hand evaluator, not a showdown function")
    if not isinstance(evaluator, Evaluator):
        evaluator = Evaluator(evaluator, cards=takes, timeout=timeout, kind="winners")
    evaluator.check()
    return check_winners(evaluator, judged, mode=mode, count=count, seed=seed)


def _pot_word(judged: PotHands) -> str:
    return "" if judged.pot == "high" else f" {judged.pot}"


__all__ = ["MODES", "ORDERS", "HANDS_PER_TASK", "ConformReport", "conform_task", "check_evaluator"]
