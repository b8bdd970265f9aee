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
from dataclasses import dataclass, field
from typing import cast

from ..asp import check_workers, run_tasks, scheduler_address
from ..core import STANDARD, Category, PokerInputError, Rules, check_count, check_seed, draw_seed, quoted
from ..evaluator import load_shipped_tables
from ._compare import Partial, order_mismatches
from ._dealer import STREET_CASES
from ._resume import ResumeFile, task_key

#: Tasks a worker process runs before a fresh one replaces it. clingo keeps every symbol it
#: ever made for the life of the process (potassco/clingo#203), about 1.5 KB per hand here,
#: and grounding slows as that table grows: a fresh process per task is fastest.
TASKS_PER_PROCESS = 1


@dataclass
class CrossvalReport:
    """What a cross-validation checked, what disagreed, and how fast each engine was.

    ``asp_seconds`` and ``evaluator_seconds`` are CPU seconds summed over the
    worker processes, so the rates are per process (and, resumed, over every run
    of the resume file). ``retries`` counts tasks run again because the process
    running them was lost and ``resumed`` the tasks read from a resume file rather than
    run (both in this run of a resume file, as is the wall time); ``represented`` is, in a run
    over classes of hands, the number of hands the classes stand for (0 otherwise);
    ``rules`` names the rule book checked and its fingerprint.
    """

    mode: str
    hands: int
    showdowns: int
    categories: dict[str, int]
    cases: dict[str, int]
    classes: int
    mismatches: list[dict]
    asp_seconds: float
    evaluator_seconds: float
    wall_seconds: float
    chunks: list[int]
    seed: int | None = None
    retries: int = 0
    represented: int = 0
    rules: str = "standard"
    resumed: int = 0
    examples: dict = field(default_factory=dict, repr=False)  # the partials' examples, merged

    @property
    def ok(self) -> bool:
        return not self.mismatches

    @property
    def asp_rate(self) -> float:
        """Showdowns per CPU second of the ASP solver (ground, solve, read the atoms)."""
        return self.showdowns / self.asp_seconds if self.asp_seconds else 0.0

    @property
    def evaluator_rate(self) -> float:
        """Hands per CPU second of the evaluator."""
        return self.hands / self.evaluator_seconds if self.evaluator_seconds else 0.0

    def to_dict(self) -> dict:
        return {
            "mode": self.mode,
            "rules": self.rules,
            "ok": self.ok,
            "hands": self.hands,
            "showdowns": self.showdowns,
            "categories": self.categories,
            "cases": self.cases,
            "classes": self.classes,
            "mismatches": self.mismatches,
            "chunks": self.chunks,
            "seed": self.seed,
            "retries": self.retries,
            "resumed": self.resumed,
            "represented": self.represented,
            "asp": {"cpu_seconds": round(self.asp_seconds, 3), "showdowns_per_second": round(self.asp_rate)},
            "evaluator": {
                "cpu_seconds": round(self.evaluator_seconds, 3),
                "hands_per_second": round(self.evaluator_rate),
            },
            "wall_seconds": round(self.wall_seconds, 3),
        }

    def __str__(self) -> str:
        lines = [
            f"cross-validation ({self.mode}, rules {self.rules}): {self.showdowns:,} showdowns, {self.hands:,} hands"
            + (f", {self.classes:,} distinct hand classes" if self.classes else "")
            + (f", standing for {self.represented:,} hands" if self.represented else "")
            + ("" if self.seed is None else f", seed {self.seed}")
        ]
        lines += [f"  {name:<16} {n:>10,}" for name, n in self.categories.items()]
        if self.cases:
            lines.append("cases: " + ", ".join(f"{k} {v:,}" for k, v in self.cases.items()))
        lines.append(
            f"ASP solver: {self.asp_rate:,.0f} showdowns/s per process ({self.asp_seconds:.1f} s CPU); "
            f"evaluator: {self.evaluator_rate:,.0f} hands/s ({self.evaluator_seconds:.2f} s CPU); "
            f"wall {self.wall_seconds:.1f} s"
            + (f"; {self.retries} tasks run again after their process was lost" if self.retries else "")
            + (f"; {self.resumed} tasks read from the resume file" if self.resumed else "")
        )
        for m in self.mismatches:
            who = "" if m["player"] is None else f" player {m['player']}"
            lines.append(
                f"MISMATCH {m['kind']}: {m['cards']}{who}\n  asp:       {m['asp']}\n  evaluator: {m['evaluator']}"
            )
        lines.append("agree" if self.ok else f"{len(self.mismatches)} mismatches")
        return "\n".join(lines)


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
    order = [c.snake for c in Category if c.snake in total.categories]
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
    "CrossvalReport",
    "run_checks",
    "rules_label",
    "resume_file",
    "check_where",
    "run_seed",
    "task_ids",
]
