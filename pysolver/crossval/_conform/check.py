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
from dataclasses import dataclass, field

import numpy as np

from ...core import Category, PokerInputError, Rules, check_choice, check_count, figures_html, lines_html, quoted
from ...evaluator import categories, evaluate_batch
from ...rulebook import rules_of
from .._compare import Partial
from .._evaluator_answers import CARD_TEXT, EXCEPTION, FAILURES, NOT_RUN, OK
from .._evaluators import TIMEOUT, Evaluator, run_evaluator
from .._execution import check_where, resume_file, rules_label, run_checks, run_seed
from .findings import class_examples, explain, failure_examples, failures, out_of_order
from .hands import deck_hands, hands_of_ranks, quick_hands, random_rows, rank_ranges

MODES = ("quick", "random", "exhaustive")
ORDERS = ("higher", "lower", "auto")
#: Hands per task of the random and the exhaustive modes.
HANDS_PER_TASK = 1_000_000
#: Kinds printed in the terminal (all are in ``to_dict()``).
SHOWN = 5

EvaluatorLike = Callable | str | Evaluator


@dataclass
class ConformReport:
    """What a conformance check found: ``ok`` when every hand was evaluated and put in the
    rules' order. ``counterexamples`` are the kinds of what is wrong, most frequent first."""

    evaluator: str
    mode: str
    cards: int
    rules: str
    order: str
    order_note: str
    hands: int
    classes: int
    counterexamples: list[dict]
    seconds: float
    evaluator_seconds: float
    seed: int | None = None
    shapes: dict[str, int] = field(default_factory=dict)
    categories: dict[str, int] = field(default_factory=dict)
    failed: dict[str, int] = field(default_factory=dict)
    resumed: int = 0

    @property
    def ok(self) -> bool:
        return not self.counterexamples

    @property
    def hands_per_second(self) -> float:
        """Hands the evaluator answered per second (wall time of its calls, summed over workers)."""
        return self.hands / self.evaluator_seconds if self.evaluator_seconds else 0.0

    def to_dict(self) -> dict:
        return {
            "ok": self.ok,
            "evaluator": self.evaluator,
            "mode": self.mode,
            "cards": self.cards,
            "rules": self.rules,
            "order": self.order,
            "order_note": self.order_note,
            "hands": self.hands,
            "classes": self.classes,
            "seed": self.seed,
            "shapes": self.shapes,
            "categories": self.categories,
            "failed": self.failed,
            "counterexamples": self.counterexamples,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second),
            "resumed": self.resumed,
        }

    def __str__(self) -> str:
        head = (
            f"{self.evaluator}: {self.mode} check of {self.hands:,} {self.cards}-card hands "
            f"({self.classes:,} classes) under rules {self.rules}"
            + ("" if self.seed is None else f", seed {self.seed}")
        )
        lines = [head, f"order: {self.order_note}", f"{self.hands_per_second:,.0f} hands/s, {self.seconds:.1f} s"]
        if self.ok:
            lines.append("conforms: every hand evaluated, every class in the rules' order")
            return "\n".join(lines)
        lines.append(f"does not conform: {len(self.counterexamples)} kinds of counterexample")
        for c in self.counterexamples[:SHOWN]:
            lines += [""] + _lines(c)
        if len(self.counterexamples) > SHOWN:
            lines.append(f"\n... and {len(self.counterexamples) - SHOWN} more kinds (--json lists them all)")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: the run's figures, the verdict, and the first counterexamples."""
        figures = [("evaluator", self.evaluator), ("mode", self.mode), ("cards", self.cards), ("rules", self.rules)]
        figures += [("order", self.order_note), ("hands", f"{self.hands:,}"), ("classes", f"{self.classes:,}")]
        figures += [("seed", self.seed)] if self.seed is not None else []
        figures += [("hands/s", f"{self.hands_per_second:,.0f}"), ("seconds", f"{self.seconds:.1f}")]
        verdict = "conforms" if self.ok else f"does not conform: {len(self.counterexamples)} kinds of counterexample"
        return figures_html(figures, verdict) + lines_html([" ".join(_lines(c)) for c in self.counterexamples[:SHOWN]])


def _text(cards: list[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def _public(item: dict) -> dict:
    """A counterexample as the report gives it: the hands as card texts, then the rest."""
    out = {
        "kind": item["kind"],
        "relation": item["relation"],
        "rule": item["rule"],
        "count": item["count"],
        "hands": [_text(h) for h in item["cards"]],
        "values": item["values"],
    }
    out.update((k, v) for k, v in item.items() if k not in out and k not in ("cards", "truth"))
    return out


def _lines(c: dict) -> list[str]:
    hands = [" ".join(h) for h in c["hands"]]
    times = f" ({c['count']} times)" if c["count"] > 1 else ""
    if c["relation"] == "failure":
        return [f"[{c['kind']}]{times}", f"  {hands[0]}: {c['message']}"]
    verb = {
        "split": "one class, valued differently",
        "tied": "valued equal, the first is better",
        "reversed": "valued in the wrong order, the first is better",
    }[c["relation"]]
    out = [
        f"[{c['kind']}] {verb}{times}",
        f"  {hands[0]:<22} -> {c['values'][0]:>12}   {c['classes'][0]}",
        f"  {hands[1]:<22} -> {c['values'][1]:>12}   {c['classes'][1]}",
    ]
    if "explanation" in c:
        out.append(f"  rules: {c['explanation']}" + (f"  (showdown {c['showdown']})" if "showdown" in c else ""))
    return out


# --- One task: hands -> the evaluator's answers -> examples -------------------------------------


def _hands(source: str, args: tuple, cards: int, rules: Rules) -> np.ndarray:
    if source == "quick":
        return quick_hands(cards, rules)[0]
    if source == "random":
        return random_rows(*args, cards, rules)  # type: ignore[call-arg]
    return hands_of_ranks(args[0], args[1], cards, rules)


def conform_task(evaluator: Evaluator, sign: int, source: str, args: tuple, cards: int, rules: Rules) -> Partial:
    """Deal one task's hands to the evaluator: the classes' examples and the failures."""
    hands = _hands(source, args, cards, rules)
    truth = evaluate_batch(hands, rules=rules)
    start = time.perf_counter()
    answers = run_evaluator(evaluator, hands)
    part = Partial(hands=len(hands), evaluator_seconds=time.perf_counter() - start)
    part.categories.update(
        {Category(c).snake: int(n) for c, n in zip(*np.unique(categories(truth, rules), return_counts=True))}
    )
    good = answers.status == OK
    part.examples = class_examples(hands[good], truth[good], sign * answers.values[good])
    bad = np.flatnonzero(~good)
    labels = [_label(int(answers.status[i]), answers.messages.get(int(i), "")) for i in bad.tolist()]
    part.cases.update(labels)
    part.examples.update(
        failure_examples(
            hands[bad], labels, [answers.messages.get(int(i), FAILURES[answers.status[i] - 1]) for i in bad.tolist()]
        )
    )
    part.chunks = [int(args[0])] if args else [0]
    return part


def _label(status: int, message: str) -> str:
    if status == EXCEPTION and message:
        return f"exception {message.split(':', 1)[0]}"
    return FAILURES[status - 1] if status != NOT_RUN else "not run (too many hangs or crashes)"


# --- The order: given, or told from hands that cannot be misread ----------------------------------


def _find_order(evaluator: Evaluator, order: str, cards: int, rules: Rules) -> tuple[int, str]:
    if order != "auto":
        return (1 if order == "higher" else -1), f"{order} is better (as given)"
    hands = quick_hands(cards, rules)[0]
    truth = evaluate_batch(hands, rules=rules)
    ranked = np.argsort(truth, kind="stable")
    probes = [(ranked[-1 - j], ranked[j]) for j in range(3)]
    answers = run_evaluator(evaluator, hands[[i for pair in probes for i in pair]])
    votes: Counter[int] = Counter()
    for j in range(3):
        if answers.status[2 * j] == OK and answers.status[2 * j + 1] == OK:
            votes[int(np.sign(answers.values[2 * j] - answers.values[2 * j + 1]))] += 1
    best, worst = (" ".join(_text(hands[i].tolist())) for i in probes[0])
    sign = 1 if votes[1] >= votes[-1] and votes[1] else -1 if votes[-1] else 0
    if sign == 0:
        return 1, (f"could not be told ({best} and {worst} got no values in order); judged as higher is better")
    word = "higher" if sign > 0 else "lower"
    return sign, f"{word} is better (told by {best} against {worst})"


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
    cards: int = 7,
    order: str = "auto",
    mode: str = "quick",
    rules: Rules | str | None = None,
    count: int = 100_000,
    seed: int | None = None,
    takes: str = "text",
    batch: bool = False,
    command: bool = False,
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
    cards = check_choice("cards", cards, (5, 6, 7), "a hand has 5, 6 or 7 cards")
    if mode not in MODES:
        raise PokerInputError(f"mode {mode!r}: one of {', '.join(MODES)}")
    if order not in ORDERS:
        raise PokerInputError(f"order {order!r}: one of {', '.join(ORDERS)}")
    if takes not in ("text", "index"):
        raise PokerInputError(f"takes {takes!r}: 'text' (card texts) or 'index' (4 * rank + suit)")
    if mode == "random":
        check_count("count", count, 1, MOST_TASKS * MOST_PER_TASK)
    check_where(workers, scheduler)
    if not isinstance(evaluator, Evaluator):
        evaluator = Evaluator(evaluator, command=command, cards=takes, batch=batch, timeout=timeout)
    evaluator.check()
    start = time.perf_counter()
    sign, note = _find_order(evaluator, order, cards, rules)
    shapes: dict[str, int] = {}
    used_seed = None
    args: Sequence[tuple[int, ...]]
    run: dict[str, int]
    if mode == "quick":
        shapes = quick_hands(cards, rules)[1]
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
        resume, f"conform {mode} {cards}", rules, evaluator=evaluator.name, order=sign, tasks=len(args), **run
    )
    sizes = [len(quick_hands(cards, rules)[0])] if mode == "quick" else [a[1] - a[0] for a in args]
    result = run_checks(
        f"conform {mode} {cards}",
        conform_task,
        [(evaluator, sign, mode, a, cards, rules) for a in args],
        workers,
        progress,
        rules,
        check_order=False,
        scheduler=scheduler,
        resume=record,
        sizes=sizes,
        label=f"conform {evaluator.name}: {mode}, {cards} cards",
    )
    found = failures(result.examples, result.cases) + out_of_order(result.examples, rules, sign)
    explain(found, rules)
    return ConformReport(
        evaluator.name,
        mode,
        cards,
        rules_label(rules),
        "higher" if sign > 0 else "lower",
        note,
        result.hands,
        sum(1 for k in result.examples if k[0] == "<"),
        [_public(c) for c in found],
        time.perf_counter() - start,
        result.evaluator_seconds,
        used_seed,
        shapes,
        dict(result.categories),
        dict(result.cases),
        result.resumed,
    )


__all__ = ["MODES", "ORDERS", "HANDS_PER_TASK", "ConformReport", "conform_task", "check_evaluator"]
