"""Every seven-card hand through both engines, or every class of them up to the suits.

Two runs prove the engines agree on every hand a player can hold:

* :func:`crossval_seven` -- all 133,784,560 seven-card hands (C(n, 7) of a
  variant's deck), split into tasks by ranges of colex rank
  (:func:`pysolver.crossval._colex.rank_tasks`). A task is two numbers; its
  hands are made where it runs, in showdown groups: the hands sharing their top
  five cards are one showdown whose players hold every pair of lower cards.
* :func:`crossval_seven_canonical` -- the 6,009,159 classes of seven-card hands
  up to a permutation of the suits, each once and weighted by the hands it stands
  for, plus a seeded sample of hands with their suits relabelled at random (so
  a fault that depends on the suits cannot hide behind the classes'
  representatives). The weighted categories must equal the published counts.

Each hand is compared as the five-card run compares them (category, tie-break,
best five, and the order of all values seen; :mod:`pysolver.crossval._compare`).
Both runs take ``workers``, ``scheduler`` (a Dask cluster) and ``resume`` as
:func:`pysolver.crossval._modes.crossval_exhaustive` does.

    >>> report = crossval_seven(tasks=20000, only=[0])      # the first 6,700 hands or so
    >>> report.ok, report.hands == rank_tasks(20000)[0][1]
    (True, True)
"""

from __future__ import annotations

import os
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from ..core import STANDARD, Card, Category, PokerInputError, Rules, RulesLike, check_count, format_cards
from ..evaluator import categories
from ..rulebook import rules_of
from ._colex import hand_range, rank_tasks, seven_card_hands
from ._compare import Partial, asp_answers, compare_hands, mismatch
from ._crossval_report import CrossvalReport
from ._execution import check_where, resume_file, run_checks, run_seed, task_ids
from ._random_hands import relabel_suits, sample_hands
from ._showdown_groups import ShowdownGroups, group_hands
from ._suit_classes import canonical_range, canonical_tasks

SEVEN_TASKS = 1000
"""Tasks of the full seven-card run: about 134,000 hands, ten to twenty seconds of one core, each."""
CANONICAL_TASKS = 40
"""Tasks of the canonical run over the classes."""
SAMPLE_HANDS = 200_000
"""Hands of the canonical run's random sample, with their suits relabelled."""
#: Tasks the sample is split into.
SAMPLE_TASKS = 4
#: Most hands per clingo program (whole showdown groups): several small programs ground
#: faster than one large one.
HANDS_PER_PROGRAM = 5_000

#: The published counts of seven-card hands by category (straight flushes without the royals).
PUBLISHED_SEVEN = {
    "high_card": 23_294_460,
    "pair": 58_627_800,
    "two_pair": 31_433_400,
    "three_of_a_kind": 6_461_620,
    "straight": 6_180_020,
    "flush": 4_047_644,
    "full_house": 3_473_184,
    "four_of_a_kind": 224_848,
    "straight_flush": 41_584 - 4_324,
    "royal_flush": 4_324,
}


def check_groups(groups: ShowdownGroups, rules: Rules, case: str | None = None) -> Partial:
    """Cross-validate hands in showdown groups, :data:`HANDS_PER_PROGRAM` at most per clingo program.

    With weights, the categories count the hands the rows stand for (``represented``).
    """
    total = Partial()
    for batch in groups.batches(HANDS_PER_PROGRAM):
        start = time.process_time()
        asp = asp_answers(batch.hole_groups(), list(batch.boards), rules)
        asp_seconds = time.process_time() - start
        hands = batch.hands
        part, values = compare_hands(
            hands, asp, batch.seats, lambda i, hands=hands: format_cards(Card(c) for c in hands[i].tolist()), rules
        )
        part.asp_seconds, part.showdowns = asp_seconds, len(hands)
        if batch.weights is not None:
            counts = np.bincount(categories(values, rules), weights=batch.weights, minlength=len(Category))
            part.categories = Counter({Category(c).snake: int(n) for c, n in enumerate(counts) if n})
            part.represented = int(batch.weights.sum())
        if case is not None:
            part.cases[case] += len(hands)
        total.merge(part)
    return total


def seven_task(start: int, stop: int, rules: Rules) -> Partial:
    """The hands of colex rank ``start`` .. ``stop - 1`` of the rules' deck."""
    part = check_groups(hand_range(start, stop, rules), rules)
    part.chunks = [start]
    return part


def canonical_task(start: int, stop: int, rules: Rules) -> Partial:
    """Classes ``start`` .. ``stop - 1``, weighted."""
    part = check_groups(canonical_range(start, stop, rules), rules, "canonical classes")
    part.chunks = [start]
    return part


def sample_task(count: int, seed: int, rules: Rules) -> Partial:
    """``count`` random hands of the deck with their suits relabelled, from ``seed``."""
    rng = np.random.default_rng(seed)
    groups = group_hands(relabel_suits(sample_hands(count, rng, rules), rng))  # equal hands merged
    part = check_groups(replace(groups, weights=None), rules, "relabelled sample")
    part.categories = Counter()  # the classes' weighted counts stand alone
    part.chunks = [-1]
    return part


def _tasks(kind: str, tasks: int) -> None:
    check_count(f"{kind} tasks", tasks, 1, 100_000)


def crossval_seven(
    tasks: int = SEVEN_TASKS,
    only: Sequence[int] | None = None,
    workers: int = 1,
    progress: bool = False,
    rules: RulesLike = None,
    *,
    scheduler: str | None = None,
    resume: str | os.PathLike | None = None,
) -> CrossvalReport:
    """Every seven-card hand of the deck through both engines, in ``tasks`` ranges of colex rank
    (``only``: just these tasks, 0-based). Over the standard deck, all of them also
    check the categories against the published counts."""
    check_where(workers, scheduler)
    rules = rules_of(rules)
    _tasks("seven-card", tasks)
    ranges = rank_tasks(tasks, rules)
    ids = task_ids(only, len(ranges))
    record = resume_file(resume, "exhaustive 7", rules, tasks=len(ranges), only=None if only is None else ids)
    report = run_checks(
        "exhaustive 7",
        seven_task,
        [(*ranges[i], rules) for i in ids],
        workers,
        progress,
        rules,
        scheduler=scheduler,
        resume=record,
        sizes=[ranges[i][1] - ranges[i][0] for i in ids],
    )
    if ids == list(range(len(ranges))):
        _check_count(report, report.hands, seven_card_hands(rules), "every rank")
        _check_published(report, rules, report.categories)
    return report


def crossval_seven_canonical(
    tasks: int = CANONICAL_TASKS,
    sample: int = SAMPLE_HANDS,
    seed: int | None = None,
    only: Sequence[int] | None = None,
    workers: int = 1,
    progress: bool = False,
    rules: RulesLike = None,
    *,
    scheduler: str | None = None,
    resume: str | os.PathLike | None = None,
) -> CrossvalReport:
    """The classes of seven-card hands up to the suits, weighted, in ``tasks`` tasks, and
    ``sample`` random hands with relabelled suits (from ``seed``, drawn when None and
    shown in the report). ``only`` picks class tasks (0-based; the sample runs with
    all of them). The weights must sum to C(n, 7); over the standard deck the
    weighted categories must equal the published counts."""
    check_where(workers, scheduler)
    rules = rules_of(rules)
    _tasks("canonical", tasks)
    check_count("sample", sample, 0, 100_000_000)
    if len(rules.deck) % 4:
        raise PokerInputError(
            f"the {rules.label} deck ({rules.describe_deck()}): suit classes need all four suits of each face"
        )
    seed = run_seed(seed)
    ranges = canonical_tasks(tasks, rules)
    ids = task_ids(only, len(ranges))
    args = [(*ranges[i], rules) for i in ids]
    sizes = [ranges[i][1] - ranges[i][0] for i in ids]
    whole = ids == list(range(len(ranges)))
    if whole and sample:
        rng = np.random.default_rng(seed)
        counts = [sample // SAMPLE_TASKS + (k < sample % SAMPLE_TASKS) for k in range(SAMPLE_TASKS)]
        args += [(n, int(rng.integers(1 << 62)), rules) for n in counts if n]
        sizes += [n for n in counts if n]
    record = resume_file(
        resume,
        "exhaustive 7 canonical",
        rules,
        tasks=len(ranges),
        only=None if only is None else ids,
        sample=sample,
        seed=seed,
    )
    task = [canonical_task] * len(ids) + [sample_task] * (len(args) - len(ids))
    report = run_checks(
        "exhaustive 7 canonical",
        _dispatch,
        list(zip(task, args)),
        workers,
        progress,
        rules,
        scheduler=scheduler,
        resume=record,
        sizes=sizes,
    )
    report.seed = seed
    if whole:
        _check_count(report, report.represented, seven_card_hands(rules), "the weights of all suit classes")
        _check_published(report, rules, report.categories)
    return report


def _dispatch(task, args: tuple) -> Partial:
    return task(*args)


def _check_count(report: CrossvalReport, counted: int, hands: int, what: str) -> None:
    """The hands a whole run covered must be every hand of the deck, C(n, 7)."""
    if counted != hands:
        report.mismatches.append(mismatch("hands", what, None, {"hands": counted}, {"hands": hands}))


def _check_published(report: CrossvalReport, rules: Rules, counts: dict[str, int]) -> None:
    """Over the standard deck, the categories of all seven-card hands are the published counts."""
    if rules != STANDARD or not report.ok:
        return
    if counts != PUBLISHED_SEVEN:
        report.mismatches.append(
            mismatch(
                "published counts", "all seven-card hands", None, {"categories": counts}, {"published": PUBLISHED_SEVEN}
            )
        )


__all__ = [
    "SEVEN_TASKS",
    "CANONICAL_TASKS",
    "SAMPLE_HANDS",
    "SAMPLE_TASKS",
    "HANDS_PER_PROGRAM",
    "PUBLISHED_SEVEN",
    "check_groups",
    "seven_task",
    "canonical_task",
    "sample_task",
    "crossval_seven",
    "crossval_seven_canonical",
]
