"""How a cross-validation runs: its tasks where they run, the resume file, progress, the report.

Every mode is a list of tasks, each a small description (a chunk of hands, a
range of combination ranks, a slice of deals) that a task function turns into
a :class:`~pysolver.crossval._compare.Partial`. :func:`run_checks` runs them in
this process, in local worker processes or on a Dask cluster
(:mod:`pysolver.asp._cluster`), records each finished one in a resume file if
given one (:mod:`pysolver.crossval._resume`), shows progress, merges the
partials and finishes the :class:`CrossvalReport`.
"""

from __future__ import annotations

import bisect
import os
import sys
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import cast

from ..asp import check_workers, run_tasks, scheduler_address
from ..core import (
    STANDARD,
    Category,
    PokerInputError,
    Rules,
    check_count,
    check_seed,
    draw_seed,
    quoted,
)
from ..evaluator import load_shipped_tables
from ._compare import Partial, order_mismatches
from ._crossval_report import CrossvalReport
from ._dealer import STREET_CASES
from ._resume import ResumeFile, task_key

#: Tasks a worker process runs before a fresh one replaces it. clingo keeps every symbol it
#: ever made for the life of the process (potassco/clingo#203), about 1.5 KB per hand here,
#: and grounding slows as that table grows: a fresh process per task is fastest.
TASKS_PER_PROCESS = 1


def run_checks(
    mode: str,
    task: Callable[..., Partial],
    args: Sequence[tuple],
    workers: int,
    progress: bool,
    rules: Rules = STANDARD,
    check_order: bool = True,
    *,
    scheduler: str | None = None,
    resume: ResumeFile | None = None,
    sizes: Sequence[int] | None = None,
    label: str | None = None,
) -> CrossvalReport:
    """Run ``task(*a)`` for each ``a``, merge the partials and finish the report.

    The tasks run here, in ``workers`` local processes, or on the Dask cluster
    ``scheduler`` ("local" for a local one); tasks ``resume`` holds are not run
    again, and each one finished is added to it. ``sizes`` are the hands of each
    task, for a progress bar in hands (by tasks without them); ``label`` names the run on the
    bar and in messages (by default ``crossval MODE``).
    """
    label = f"crossval {mode}" if label is None else label
    start = time.perf_counter()
    if not args:
        if resume is not None:
            resume.close()
        raise PokerInputError(f"{label}: no task to run (an empty list of tasks checks nothing)")
    keys = _Keys(task, args)
    try:
        done = resume.check(keys, sizes) if resume is not None else {}
        todo = _Todo(len(args), done)
        total = Partial()
        for part in done.values():
            total.merge(part)
        weights = sizes if sizes is not None else _Ones(len(args))
        bar = _progress_bar(
            sum(weights) if sizes is not None else len(args),
            sum(weights[i] for i in done),
            label,
            progress,
            sizes is not None,
        )
        run = run_tasks(
            _call,
            _Todo(len(args), done, lambda i: (task, args[i])),
            workers=workers,
            scheduler=scheduler if todo else None,  # nothing left: no cluster to start
            tasks_per_process=TASKS_PER_PROCESS,
            initializer=_load_tables,
        )
        try:
            for j, answer in run:
                part = cast(Partial, answer)
                i = todo[j]
                if resume is not None:
                    resume.add(i, part, keys[i])
                total.merge(part)
                bar.update(weights[i])
        finally:
            bar.close()
            run.close()  # stops the worker processes
    finally:
        if resume is not None:
            resume.close()  # lets go of the file's lock
    mismatches = total.mismatches + (order_mismatches(total.pairs, rules) if check_order else [])
    cases = sorted(total.cases.items(), key=lambda kv: _case_order(kv[0]))
    order = sorted(total.categories, key=category_order)
    return CrossvalReport(
        mode,
        total.hands,
        total.showdowns,
        {c: total.categories[c] for c in order},
        dict(cases),
        len(total.pairs),
        mismatches,
        total.asp_seconds,
        total.evaluator_seconds,
        time.perf_counter() - start,
        sorted(total.chunks),
        retries=run.retries,
        represented=total.represented,
        rules=rules_label(rules),
        resumed=len(done),
        examples=total.examples,
    )


def rules_label(rules: Rules) -> str:
    """The rule book as a report and a resume file name it: its files and fingerprint."""
    return f"{rules.label} {rules.fingerprint}"


def resume_file(path: str | os.PathLike | None, mode: str, rules: Rules, **run: object) -> ResumeFile | None:
    """The resume file at ``path`` for this run (None without a path): the mode, the rule
    book's fingerprint and ``run`` (the tasks, the seed...) describe the run."""
    if path is None:
        return None
    return ResumeFile(path, {"mode": mode, "rules": rules_label(rules), **run})


def category_order(key: str) -> tuple[int, int]:
    """A report's category keys in order: a category (``flush``), or a game's pot and category
    (``high:flush``, ``low:none``), high before low, by the categories' order."""
    pot, _, name = key.rpartition(":")
    names = [c.snake for c in Category] + ["none"]
    return (
        ["", "high", "low"].index(pot) if pot in ("", "high", "low") else 3,
        names.index(name) if name in names else 99,
    )


def holdem_only(rules: Rules, mode: str) -> Rules:
    """``rules``, if its game is hold'em's: the mode ``mode`` compares hold'em's engines only;
    any other game is checked pot by pot with ``crossval --random``.

    >>> from pysolver import load_rules
    >>> holdem_only(load_rules("razz"), "--streets")
    Traceback (most recent call last):
    ...
    pysolver.PokerInputError: crossval --streets is for hold'em rule books: check razz with crossval --random N
    """
    if not rules.game.holdem_shape:
        raise PokerInputError(
            f"crossval {mode} is for hold'em rule books: check {rules.label} with crossval --random N"
        )
    return rules


def run_seed(seed: int | None) -> int:
    """The seed to deal with: ``seed``, or a fresh random one that the report then shows."""
    return draw_seed() if seed is None else check_seed(seed)


def task_ids(only: Sequence[int] | None, tasks: int, noun: str = "task") -> list[int]:
    """The tasks of a run to run: ``only`` (0-based, each once, in order), or all ``tasks``;
    an error names a task ``noun``.

    >>> task_ids([3, 1, 3], 5), task_ids(None, 3)
    ([1, 3], [0, 1, 2])
    """
    if only is None:
        return list(range(tasks))
    if isinstance(only, (str, bytes, dict)) or not hasattr(only, "__iter__"):
        raise TypeError(f"only {quoted(only)}: expected {noun} numbers such as [0, 3], not {type(only).__name__}")
    ids = sorted({check_count(noun, i, 0, None) for i in only})
    for i in ids:
        if not 0 <= i < tasks:
            raise PokerInputError(f"{noun} {i} of {tasks}: {noun}s are numbered 0..{tasks - 1}")
    return ids


def check_where(workers: int, scheduler: str | None) -> None:
    """``workers`` local processes (or workers of a local Dask cluster): 1 to the cores here;
    any other ``scheduler`` a Dask scheduler's address (``tcp://HOST:PORT``)."""
    if scheduler is None or scheduler == "local":
        check_workers(workers)
    else:
        scheduler_address(scheduler)


def _case_order(name: str) -> tuple:
    """Report order of the case counts: by street, then the dealer's cases in order, ties last."""
    street, _, case = name.rpartition(":")
    names = STREET_CASES + ("tie",)
    return (
        ("", "flop", "turn", "river").index(street) if street in ("", "flop", "turn", "river") else 4,
        names.index(case) if case in names else len(names),
        name,
    )


def _load_tables() -> None:
    """A worker's first step: the evaluator's tables, loaded once for all its tasks."""
    load_shipped_tables()


class _Keys(Sequence):
    """The tasks' keys (:func:`~pysolver.crossval._resume.task_key`), each made when asked for."""

    def __init__(self, task: Callable, args: Sequence[tuple]):
        self.task, self.args = task, args

    def __len__(self) -> int:
        return len(self.args)

    def __getitem__(self, i):
        return task_key((self.task, self.args[i]))


class _Ones(Sequence):
    """A task's weight in the progress bar when the tasks have no sizes: 1 each."""

    def __init__(self, n: int):
        self.n = n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i):
        return 1


class _Todo(Sequence):
    """The tasks of ``0 .. n - 1`` not ``done``, in order (``item(i)`` of each, or the index),
    found by bisection: no list as long as the run, however many tasks it has.

    >>> list(_Todo(6, {1: None, 4: None}))
    [0, 2, 3, 5]
    """

    def __init__(self, n: int, done: Collection[int], item: Callable[[int], object] = lambda i: i):
        self.n, self.done, self.item = n, sorted(done), item

    def __len__(self) -> int:
        return self.n - len(self.done)

    def __getitem__(self, j):
        if not 0 <= j < len(self):
            raise IndexError(j)
        i = j  # the j-th index not done: the least i with i - (done at or below i) == j
        while (k := bisect.bisect_right(self.done, i)) + j != i:
            i = j + k
        return self.item(i)

    def __iter__(self) -> Iterator:
        return (self[j] for j in range(len(self)))


def _call(task_args: tuple) -> Partial:
    task, args = task_args
    return task(*args)


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress_bar(total: int, done: int, label: str, progress: bool, hands: bool):
    """A rich bar on stderr when asked and stderr is a terminal (``update(n)``, ``close()``):
    in hands, with hands per second and the time left, or in tasks."""
    if not (progress and sys.stderr.isatty()):
        return _NoBar()
    from types import SimpleNamespace

    from rich.console import Console
    from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

    unit = "hands" if hands else "tasks"
    bar = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        TextColumn(f"{{task.completed:,.0f}}/{{task.total:,.0f}} {unit}"),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
    )
    task = bar.add_task(label, total=total, completed=done, rate="")
    began, counted = time.perf_counter(), [0]

    def update(n: int) -> None:
        counted[0] += n
        rate = counted[0] / max(time.perf_counter() - began, 1e-9)
        bar.update(task, advance=n, rate=f"{rate:,.0f} {unit}/s")

    bar.start()
    return SimpleNamespace(update=update, close=bar.stop)


__all__ = [
    "TASKS_PER_PROCESS",
    "run_checks",
    "rules_label",
    "resume_file",
    "check_where",
    "run_seed",
    "holdem_only",
    "category_order",
    "task_ids",
]
