"""How a breakdown is counted: per combo of each range player, through the registry of paths.

:class:`BreakdownPlan` answers ``equity(..., breakdown=True)``:

* **A path that counts per combo**: when the cheapest way is a path of the
  registry that counts each combo's deals itself (the shipped matchup table,
  heads-up before the flop), it is read once for every combo of both players.
* **Otherwise, exactly**: the player is fixed to each of its combos in turn
  (:func:`~pysolver.odds._model.fixed_classes`: one combo of each class of suit
  symmetry) and the rest is counted by the cheapest path of the registry. Two
  players with the same range are counted once, the seats swapped for the other.
* **Sampled**: one Monte Carlo run records which combo each range player held in
  each trial (:func:`pysolver.odds._sampling.monte_carlo`'s ``observe``); a
  combo's counts are those of its trials, with their standard errors.

The work of the exact breakdown is the reading path's cost, or the sum of its
questions' least costs; ``equity`` enumerates when that is within
its budget, as it does for a total.

    >>> from pysolver.core import Situation
    >>> q = Question.of(Situation.of(["QQ+", "AhKh"], ranges=True), table=False)
    >>> len(q.players[0].combos), BreakdownPlan(q).questions()      # AA, KK, QQ with a heart, QQ without
    (12, 4)
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Protocol, runtime_checkable

import numpy as np

from ..core import COMBOS, PokerInputError
from ._breakdown import Breakdown, RangeBreakdown
from ._cost import Shape
from ._model import Question, Report, Tally, fixed_classes, solve_each
from ._registry import costs, least_cost, solve


@runtime_checkable
class CountsPerCombo(Protocol):
    """A path that counts the deals of every combo of both players itself (``per_combo``)."""

    def per_combo(self, question: Question) -> list[dict]: ...


def _bits_combo(bits: np.ndarray) -> np.ndarray:
    """Indices into COMBOS of two cards as the sampler's bits (16 bits a suit, a bit a rank)."""
    low = bits & -bits
    cards = [np.bitwise_count(part - 1).astype(np.int64) for part in (low, bits ^ low)]
    a, b = np.sort([4 * (c & 15) + (c >> 4) for c in cards], axis=0)
    return a * (103 - a) // 2 + b - a - 1


def _counts(n: int, players: int, sampled: bool = False) -> dict:
    return {
        "deals": np.zeros(n),
        "wins": np.zeros((n, players)),
        "ties": np.zeros((n, players)),
        "shares": np.zeros((n, players)),
        "squares": np.zeros((n, players)) if sampled else None,
        "draws": np.zeros(n) if sampled else None,
    }


class BreakdownPlan:
    """The breakdown of a question. A question without a range player has nothing to break down:
    :class:`PokerInputError`."""

    def __init__(self, question: Question) -> None:
        players = question.players
        self.question = question
        self.ranged = [i for i, p in enumerate(players) if not p.is_hand]
        if not self.ranged:
            raise PokerInputError(
                "breakdown: every player is a specific hand; a breakdown is of a range "
                "or 'random' player, combo by combo"
            )
        self.twins = {q: next(p for p in self.ranged if players[p].same_combos(players[q])) for q in self.ranged}
        # a path that counts per combo reads each pair of combos once: no question per combo undercuts it
        readers = [(path, cost) for path, cost in costs(Shape.of(question)) if isinstance(path, CountsPerCombo)]
        self.reader: CountsPerCombo | None = readers[0][0] if readers else None
        self.reader_cost = readers[0][1] if readers else 0.0

    @cached_property
    def _jobs(self) -> dict:
        """Per range player counted: (the class of each combo (n,), one question per class)."""
        jobs = {}
        for p in sorted(set(self.twins.values())):
            inverse, _, rests = fixed_classes(self.question, p)
            jobs[p] = (inverse, rests)
        return jobs

    def _fixing_work(self) -> float:
        """The summed least cost of the questions of each combo class."""
        return float(sum(least_cost(Shape.of(rest)) for _, rests in self._jobs.values() for rest in rests if rest))

    def questions(self) -> int:
        """How many questions the exact breakdown asks (0 when a path counts per combo)."""
        return 0 if self.reader else sum(len(rests) for _, rests in self._jobs.values())

    @property
    def work(self) -> float:
        """The estimated work of the exact breakdown."""
        return self.reader_cost if self.reader else self._fixing_work()

    def run(self, report: Report = None, threads: int = 1) -> tuple[Tally, Breakdown]:
        """Count every combo exactly on up to ``threads`` threads: the total (summed over the first
        range player's combos) and the breakdown."""
        if self.reader:
            found = self.reader.per_combo(replace(self.question, threads=threads))
            counts = {p: found[p] | {"squares": None, "draws": None} for p in self.ranged}
        else:
            counts = self._fixed_counts(report, threads)
        first = counts[self.ranged[0]]
        total = Tally(
            first["wins"].sum(axis=0),
            first["ties"].sum(axis=0),
            first["shares"].sum(axis=0),
            float(first["deals"].sum()),
        )
        return total, self.breakdown(counts, exact=True)

    def collector(self) -> Collector:
        """What follows a Monte Carlo run (its ``observe``) and gives the sampled breakdown."""
        return Collector(self)

    def breakdown(self, counts: dict, exact: bool) -> Breakdown:
        """The breakdown of per combo counts (per range player: ``deals``, ``wins``, ``ties``,
        ``shares`` and, sampled, ``squares``)."""
        players = self.question.players
        parts = tuple(
            RangeBreakdown.of(p, players[p].name, players[p].indices, players[p].weights, counts[p])
            for p in self.ranged
        )
        return Breakdown(parts, tuple(p.name for p in players), exact)

    def _fixed_counts(self, report: Report, threads: int) -> dict:
        counts, size = {}, len(self.question.players)
        every = [
            None if rest is None else replace(rest, threads=threads)
            for _, rests in self._jobs.values()
            for rest in rests
        ]
        tallies = iter(solve_each(every, solve, report, threads))
        for p, (inverse, rests) in self._jobs.items():
            per_class = _counts(len(rests), size)
            for k, tally in zip(range(len(rests)), tallies):
                if tally is not None:
                    per_class["deals"][k] = tally.deals
                    per_class["wins"][k], per_class["ties"][k], per_class["shares"][k] = (
                        tally.wins,
                        tally.ties,
                        tally.shares,
                    )
            weights = self.question.players[p].weights
            counts[p] = {
                key: None if v is None else v[inverse] * (weights if v.ndim == 1 else weights[:, None])
                for key, v in per_class.items()
            }
        for q, p in self.twins.items():  # the same range in two seats: the same counts, the seats swapped
            if q == p:
                continue
            seats = np.arange(size)
            seats[[p, q]] = seats[[q, p]]
            counts[q] = {key: None if v is None else v if v.ndim == 1 else v[:, seats] for key, v in counts[p].items()}
        return counts


class Collector:
    """Per range player, the trials of a Monte Carlo run by the combo it held: how many, each
    player's wins, ties, shares and squared shares (weighted like the run's trials, and scaled,
    as the run's tally, so that the deals are the trials)."""

    def __init__(self, plan: BreakdownPlan) -> None:
        self.plan = plan
        players = len(plan.question.players)
        self.row_of = {}
        self.counts = {}
        for p in plan.ranged:
            indices = plan.question.players[p].indices
            rows = np.full(len(COMBOS), -1, dtype=np.int64)
            rows[indices] = np.arange(len(indices))
            self.row_of[p] = rows
            self.counts[p] = _counts(len(indices), players, sampled=True)
        self.trials, self.weight = 0, 0.0

    def add(self, per_combo: np.ndarray, trials: int, weight: float) -> None:
        """One block summed per combo by the compiled loop (see :class:`~pysolver.odds._sampling.Observer`)."""
        size = len(self.plan.question.players)
        for p in self.plan.ranged:
            rows, into = per_combo[p, self.plan.question.players[p].indices], self.counts[p]
            into["deals"] += rows[:, 0]
            for k, key in enumerate(("wins", "ties", "shares", "squares")):
                into[key] += rows[:, 1 + k * size : 1 + (k + 1) * size]
            into["draws"] += rows[:, 1 + 4 * size]
        self.trials += trials
        self.weight += weight

    def observe(self, values: np.ndarray, seen: dict) -> None:
        """One batch: hand values (players, trials) and each open player's cards as bits."""
        best = values.max(axis=0)
        winners = values == best
        count = winners.sum(axis=0)
        share = winners / count
        alone = winners & (count == 1)
        for p in self.plan.ranged:
            rows = self.row_of[p][_bits_combo(seen[p])]
            into = self.counts[p]
            size = len(into["deals"])
            into["deals"] += np.bincount(rows, minlength=size)
            into["draws"] += np.bincount(rows, minlength=size)  # each trial drawn afresh
            for q in range(len(values)):
                into["wins"][:, q] += np.bincount(rows, weights=alone[q], minlength=size)
                into["ties"][:, q] += np.bincount(rows, weights=winners[q] & ~alone[q], minlength=size)
                into["shares"][:, q] += np.bincount(rows, weights=share[q], minlength=size)
                into["squares"][:, q] += np.bincount(rows, weights=share[q] ** 2, minlength=size)

    def breakdown(self) -> Breakdown:
        """The sampled breakdown of the trials seen so far."""
        scale = self.trials / self.weight if self.weight else 1.0  # weighted trials: deals are trials
        counts = {p: {k: v if k == "draws" else v * scale for k, v in c.items()} for p, c in self.counts.items()}
        return self.plan.breakdown(counts, exact=False)


__all__ = ["CountsPerCombo", "BreakdownPlan", "Collector"]
