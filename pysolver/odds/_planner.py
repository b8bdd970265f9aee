"""The plan of an equity question: which exact path counts it, or that it is sampled, and the work.

:func:`plan` asks the registry (:mod:`pysolver.odds._registry`) for the cheapest
exact path of the question (a breakdown: :class:`~pysolver.odds._breakdown_plan.BreakdownPlan`,
through the same registry) and decides: ``exact=None`` counts exactly when the work
is within :data:`EXACT_BUDGET`, else samples; ``exact=True`` counts, unless the work
would take longer than :data:`EXACT_TIME_LIMIT` without ``force``; ``exact=False``
samples. :meth:`Plan.run` carries it out.

    >>> from pysolver.core import Situation
    >>> from pysolver.core._ranges import RANDOM
    >>> q = Question.of(Situation.of(["AhKh", "random", "random"], "Qs Js 2c", ranges=True))
    >>> p = plan(q)
    >>> p.path.name, p.exact, round(p.seconds)
    ('counting', True, 0)
    >>> round(exact_seconds([("Ah", "Kh"), RANDOM, RANDOM, RANDOM], 0))           # counted: seconds
    2
    >>> round(exact_seconds([("Ah", "Kh"), ("Qs", "Qd"), RANDOM, RANDOM, RANDOM], 0))   # two known: counted too
    3
    >>> round(exact_seconds([("Ah", "Kh")] + [RANDOM] * 5, 0) / 86400)                # five random: days
    21
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from importlib.util import find_spec

import numpy as np

from ..core import PokerInputError, Range, draw_seed, parse_hole, quoted, threads_for
from ..evaluator import kernel_loaded, load_kernel, requested, runs_on, using
from ._breakdown import Breakdown
from ._breakdown_plan import BreakdownPlan
from ._cost import HAND, VALUES_PER_SECOND, Path, Shape, size_of_range, suits_left
from ._exact.fixed import EXACT_LOOPS, compiled_loops, exact_backend
from ._model import COMBO_IMAGES, Question, Tally
from ._registry import cheapest, least_cost, solve
from ._sampling.plan import sampling_backend, sampling_seconds
from ._sampling.sampler import monte_carlo, run_threads, trial_limit

EXACT_BUDGET = 100_000_000
"""Largest work (hand values looked up) that ``exact=None`` counts exactly: about 10 s."""

EXACT_TIME_LIMIT = 60.0
"""Longest exact run (seconds at :data:`~pysolver.odds._cost.VALUES_PER_SECOND`) that ``exact=True``
starts without ``force=True``."""

THREAD_WORK = 200_000
"""Work (hand values) per thread below which an exact run takes fewer threads than it may (about
20 ms at :data:`~pysolver.odds._cost.VALUES_PER_SECOND`): a question smaller than this counts in
the calling thread, with no part handed to another."""

LOAD_WORK = 5_000_000
"""Work (hand values) from which an exact run first loads the evaluator's compiled kernel, where numba
is installed (about 0.6 s, once per process: :func:`~pysolver.evaluator.load_kernel`); a smaller
question counts with numpy until it is loaded, to the same integers."""

PROGRESS_STEPS = 1000
"""An exact run reports ``progress(done, PROGRESS_STEPS)``: the thousandths of its deals counted."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: trials for Monte Carlo, thousandths of the deals for an exact run."""

Announce = Callable[[float, str], None]
"""``announce(seconds, line)``: before a run starts, about how long it takes, and a line saying so."""


@dataclass(frozen=True)
class Outcome:
    """What a plan gives: the tally, the standard errors (None when exact), the seed of a sampled
    run and the breakdown if one was asked for."""

    tally: Tally
    stderr: np.ndarray | None = None
    seed: int | None = None
    breakdown: Breakdown | None = None
    method: str = ""
    kernel: str = ""
    threads: int = 1


@dataclass(frozen=True, eq=False)
class Plan:
    """How a question is answered: exactly by ``path`` (or by the ``breakdown`` plan) with the
    estimated ``work``, or sampled (``exact`` False); ``compiles``: the exact run loads the compiled
    kernel first (:func:`loads_kernel`)."""

    question: Question
    exact: bool
    path: Path | None = None
    work: float = 0.0
    breakdown: BreakdownPlan | None = None
    compiles: bool = False

    @property
    def seconds(self) -> float:
        """The estimated time of the exact run on one core."""
        return self.work / VALUES_PER_SECOND

    @property
    def method(self) -> str:
        """How the run finds its answer: the exact path's name, ``"each combo"`` for an exact
        breakdown, or ``"Monte Carlo"``."""
        if not self.exact:
            return "Monte Carlo"
        return "each combo" if self.path is None else self.path.name

    @property
    def threads(self) -> int:
        """The threads an exact run takes: the question's, one per :data:`THREAD_WORK` of its work at most."""
        return threads_for(self.question.threads, self.work, THREAD_WORK)

    def sampling_kernel(self, trials: int | None, target_stderr: float | None) -> str:
        """The backend that deals a sampled run of ``trials`` (or to ``target_stderr``)
        (:func:`~pysolver.odds._sampling.plan.sampling_backend`)."""
        q, limit = self.question, trial_limit(trials, target_stderr)
        return sampling_backend(q.players, len(q.board), limit, q.threads, self.breakdown is not None)

    def sampling_seconds(self, trials: int | None, target_stderr: float | None) -> float:
        """About how long a sampled run of ``trials`` (or to ``target_stderr``: at most) takes on its threads."""
        limit, kernel = trial_limit(trials, target_stderr), self.sampling_kernel(trials, target_stderr)
        q = self.question
        return sampling_seconds(q.players, len(q.board), limit, run_threads(limit, q.threads, kernel), kernel)

    def announcement(self, trials: int | None = None, target_stderr: float | None = None) -> tuple[float, str]:
        """About how long the run takes, in seconds and as a line to show before it starts.

        >>> from pysolver.core import Situation
        >>> q = Question.of(Situation.of(["QQ+"] * 6, ranges=True), threads=2)
        >>> plan(q, exact=False).announcement(trials=10**8)[1].startswith("Monte Carlo: 100,000,000 trials on 2")
        True
        """
        if self.exact:
            seconds = self.seconds / self.threads
            return seconds, f"exact: {_duration(seconds)} on {self.threads} thread{'s' * (self.threads > 1)}"
        limit = trial_limit(trials, target_stderr)
        threads = run_threads(limit, self.question.threads, self.sampling_kernel(trials, target_stderr))
        seconds = self.sampling_seconds(trials, target_stderr)
        count = (
            f"{limit:,} trials"
            if target_stderr is None
            else f"to a standard error of {target_stderr:g}, at most {limit:,} trials"
        )
        return seconds, f"Monte Carlo: {count} on {threads} thread{'s' * (threads > 1)}, {_duration(seconds)}"

    def run(
        self,
        progress: Progress | None = None,
        trials: int | None = None,
        target_stderr: float | None = None,
        seed: int | None = None,
    ) -> Outcome:
        """Count or sample; a sampled run takes ``trials`` or ``target_stderr`` and its ``seed``."""
        if self.exact:
            report = None if progress is None else (lambda f: progress(int(f * PROGRESS_STEPS), PROGRESS_STEPS))
            question = self.question
            if question.threads != self.threads:
                question = replace(question, threads=self.threads)
            if self.compiles:
                load_kernel()
            if self.breakdown is not None:
                tally, parts = self.breakdown.run(report, question.threads)
            else:
                tally, parts = solve(question, report, self.path), None
            compiled = self.path is None or self.path.compiled  # a breakdown: each combo by its path
            kernel = "numba" if compiled and compiled_loops() is not None else "numpy"
            return Outcome(tally, None, None, parts, self.method, kernel, question.threads)
        q, seed = self.question, draw_seed() if seed is None else seed
        collector = None if self.breakdown is None else self.breakdown.collector()
        kernel = self.sampling_kernel(trials, target_stderr)
        tally, stderr = monte_carlo(
            q.players,
            q.board,
            q.dead,
            trials,
            target_stderr,
            seed,
            progress,
            q.rules,
            collector,
            q.threads,
            kernel,
        )
        limit = trial_limit(trials, target_stderr)
        return Outcome(
            tally,
            stderr,
            seed,
            None if collector is None else collector.breakdown(),
            self.method,
            kernel,
            run_threads(limit, q.threads, kernel),
        )


def plan(question: Question, exact: bool | None = None, force: bool = False, breakdown: bool = False) -> Plan:
    """The plan of ``question``: exact or sampled (see the module's text), by which path, its work.

    An exact run longer than :data:`EXACT_TIME_LIMIT` without ``force`` is refused with the estimate."""
    parts = BreakdownPlan(question) if breakdown else None
    path, work, compiles = None, 0.0, False
    if exact is not False:
        path, work = (None, parts.work) if parts is not None else cheapest(Shape.of(question))
        compiles, compiled = loads_kernel(question, work, parts is None)
        path, work = compiled or (path, work)
    exact = work <= EXACT_BUDGET if exact is None else exact
    seconds = work / VALUES_PER_SECOND
    if exact and seconds > EXACT_TIME_LIMIT and not force:
        names = " vs ".join(quoted(p.name, 30) for p in question.players)
        raise PokerInputError(
            f"exact equity of {names} would take {_duration(seconds)}: force=True (--force) "
            "runs it anyway; without exact it is sampled" + _faster_with_the_kernel()
        )
    return Plan(question, exact, path, work, parts, compiles and exact)


def loads_kernel(question: Question, work: float, by_path: bool = True) -> tuple[bool, tuple[Path, float] | None]:
    """Whether an exact run of ``work`` (reckoned on :func:`~pysolver.odds._exact.fixed.exact_backend`)
    loads the compiled kernel first: given numba, or its work from :data:`LOAD_WORK` and the compiled
    loops ready or paying for their compile (:func:`~pysolver.evaluator._backends.runs_on`); with the
    cheapest path and its work on them (``by_path``: not a breakdown's) where they were reckoned on
    numpy, as on a machine's first use, so that a count that takes seconds compiled is neither
    refused nor announced at its time in Python. Where the loops are ready but not loaded, a count
    below :data:`LOAD_WORK` compiled loads them if numpy would take longer than the load and the
    compiled count together, else it is planned on numpy at numpy's cost."""
    named = requested()
    if named is not None or kernel_loaded():
        return named == "numba", None
    if exact_backend() == "numba":  # the loops are ready: loading them is all it takes
        if work >= LOAD_WORK or not by_path:
            return work >= LOAD_WORK, None
        with using("numpy"):  # else counted with numpy, at its own cost, unless that is the longer
            on_numpy = cheapest(Shape.of(question))
        return (True, None) if on_numpy[1] > work + LOAD_WORK else (False, on_numpy)
    if work < LOAD_WORK:
        return False, None
    with using("numba"):
        compiled = cheapest(Shape.of(question)) if by_path else None
    compiled_work = work if compiled is None else compiled[1]
    if runs_on(EXACT_LOOPS, work / VALUES_PER_SECOND, compiled_work / VALUES_PER_SECOND) != "numba":
        return False, None
    return True, compiled


def _faster_with_the_kernel() -> str:
    """A hint for a refused exact run when numba is not installed: the compiled loops count faster."""
    if find_spec("numba") is not None:
        return ""
    return "; with numba installed (pip install 'pysolver-holdem[fast]') exact counts run compiled, faster"


def _duration(seconds: float) -> str:
    """``'about 40 seconds'``, ``'about 2.4 hours'``, ``'about 135 days'``, ``'about 4e+50 years'``."""
    units = (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60), ("seconds", 1))
    unit, size = next(((unit, size) for unit, size in units if seconds / size >= 1.5), units[-1])
    amount = seconds / size
    text = f"{amount:.2g}" if amount < 100 else f"{amount:,.0f}" if amount < 1e6 else f"{amount:.0e}"
    return f"about {text} {unit}"


def work_estimate(players: Sequence[tuple | Range], board_size: int, dead: int = 0) -> float:
    """Roughly how many hand values the cheapest exact path looks up or compares for players given as
    hands (tuples of two cards) or ranges (before card removal), a board of ``board_size`` cards
    and ``dead`` dead cards: its time on one core is this over
    :data:`~pysolver.odds._cost.VALUES_PER_SECOND`. Never less with more open players or wider
    ranges, but for a range widened to every combo (a random player is counted, not enumerated).

    >>> from pysolver.core._ranges import RANDOM
    >>> work_estimate([("Ah", "Kh"), RANDOM], 3)          # a flop: counted
    12728
    >>> f"{work_estimate([RANDOM] * 3, 0):.2e}"          # one fixed, the others counted
    '1.27e+09'
    """
    sizes = tuple(size_of_range(p) if isinstance(p, Range) else HAND for p in players)
    hands = [p for p in players if not isinstance(p, Range)]
    plain = board_size == 0 and dead == 0
    known = [_hole(hand) for hand in hands]
    complete = bool(known) and None not in known
    suits = suits_left(*known) if plain and complete else 4  # the suits the known hands leave alike
    symmetric = (
        plain
        and not hands
        and all(isinstance(p, Range) and bool((p.weights[COMBO_IMAGES] == p.weights).all()) for p in players)
    )
    return least_cost(Shape(sizes, board_size, dead, symmetric, suits, top=True))


def _hole(hand) -> tuple[int, int] | None:
    """A known hand's card indices, read as every hand is (:func:`~pysolver.core.parse_hole`: ``("Ah", "Kh")``,
    ``"AhKh"``, cards, indices); None for a hand of cards not given (``(None, None)``: any two cards)."""
    if not isinstance(hand, str) and any(card is None for card in hand):
        return None
    first, second = parse_hole(hand)
    return first.index, second.index


def exact_seconds(players: Sequence[tuple | Range], board_size: int, dead: int = 0) -> float:
    """Roughly how long an exact count takes on one core: :func:`work_estimate` over
    :data:`~pysolver.odds._cost.VALUES_PER_SECOND`.

    >>> from pysolver.core._ranges import RANDOM
    >>> round(exact_seconds([("Ah", "Kh"), RANDOM, RANDOM], 0), 1)            # counted: under a second
    0.4
    """
    return work_estimate(players, board_size, dead) / VALUES_PER_SECOND


__all__ = [
    "EXACT_BUDGET",
    "EXACT_TIME_LIMIT",
    "THREAD_WORK",
    "LOAD_WORK",
    "PROGRESS_STEPS",
    "Progress",
    "Announce",
    "Outcome",
    "Plan",
    "plan",
    "loads_kernel",
    "work_estimate",
    "exact_seconds",
]
