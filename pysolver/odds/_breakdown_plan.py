"""How a breakdown is counted: each range player fixed to each of its combos, or sampled.

:class:`BreakdownPlan` answers ``equity(..., breakdown=True)`` with the paths
of the engine (:mod:`pysolver.odds._planner`), one question per combo:

* **Heads-up before the flop**, no dead cards, standard rules: every pair of
  disjoint combos is looked up in the shipped matchup table
  (:mod:`pysolver.odds._table_matchups`), and the counts are summed per combo of
  each player at once.
* **Otherwise, exactly**: the player is fixed to each of its combos in turn and
  the rest (the other players' combos that avoid it) is counted by the
  cheapest exact path. Combos that a permutation of the suits fixing
  everything else (the board, the dead cards, the hands, the other players'
  weighted combos) maps onto each other get the same counts, so one of each
  such class is counted: before the flop, against symmetric ranges, one combo
  per class of the range. Two players with the same range are counted once,
  the seats swapped for the other.
* **Sampled**: one Monte Carlo run records which combo each range player held
  in each trial (:func:`pysolver.odds._sampling.monte_carlo`'s ``observe``);
  a combo's counts are those of its trials, with their standard errors.

The work of the exact breakdown is the sum of its questions' estimates
(:func:`pysolver.odds._planner.cheapest_path`); ``equity`` enumerates when that is
within its budget, as it does for a total.

    >>> from pysolver.core._ranges import parse_range
    >>> from pysolver.odds._sampling import Open
    >>> hand = np.array([50, 46])                                   # AhKh
    >>> combos, weights = parse_range("QQ+").weighted_combos(dead=hand)
    >>> plan = BreakdownPlan([parse_range("QQ+"), ("Ah", "Kh")], [Open(combos, weights), hand],
    ...                      np.zeros(0, np.int64), np.zeros(0, np.int64), None, table=False)
    >>> len(combos), plan.questions()      # AA, KK, QQ with a heart, QQ without
    (12, 4)
"""

from __future__ import annotations

from functools import cached_property
from typing import Callable, Optional, Sequence

import numpy as np

from ..core._errors import PokerInputError
from ..core._ranges import COMBOS, Range
from ..core._rules import Rules
from ._breakdown import Breakdown, RangeBreakdown
from ._exact_fixed import Tally
from ._table_matchups import BOARDS, COMBO_IMAGES, SUIT_MAPS, canonical, combo_indices, matchup_counts, matchup_table
from ._planner import cheapest_path, exact_tally
from ._sampling import Open

_CHUNK = 250_000
"""Pairs of combos looked up in the matchup table at once."""


def _bits_combo(bits: np.ndarray) -> np.ndarray:
    """Indices into COMBOS of two cards as the sampler's bits (16 bits a suit, a bit a rank)."""
    low = bits & -bits
    cards = [np.bitwise_count(part - 1).astype(np.int64) for part in (low, bits ^ low)]
    a, b = np.sort([4 * (c & 15) + (c >> 4) for c in cards], axis=0)
    return a * (103 - a) // 2 + b - a - 1


def _counts(n: int, players: int, sampled: bool = False) -> dict:
    return {"deals": np.zeros(n), "wins": np.zeros((n, players)), "ties": np.zeros((n, players)),
            "shares": np.zeros((n, players)), "squares": np.zeros((n, players)) if sampled else None}


class BreakdownPlan:
    """The breakdown of a question: ``seats`` as read (hands and :class:`Range`), ``specs`` per
    player its hand (two card indices) or an :class:`Open` of its live combos and weights, the
    ``board`` and ``dead`` card indices (the rules' missing cards among the dead), ``rules``, and
    whether the shipped tables may be read (``table``). A question without a range player has
    nothing to break down: :class:`PokerInputError`."""

    def __init__(self, seats: Sequence, specs: Sequence, board: np.ndarray, dead: np.ndarray,
                 rules: Optional[Rules], table: bool = True, names: Sequence[str] = ()) -> None:
        self.ranged = [i for i, seat in enumerate(seats) if isinstance(seat, Range)]
        if not self.ranged:
            raise PokerInputError("breakdown: every player is a specific hand; a breakdown is of a range "
                                  "or 'random' player, combo by combo")
        self.texts = [str(seat) for seat in seats]
        self.names = tuple(names) or tuple(self.texts)
        self.specs, self.board, self.dead, self.rules = list(specs), board, dead, rules
        self.tabled = (table and len(specs) == 2 and not len(board) and not len(dead)
                       and (rules is None or rules.is_standard) and _table_present())
        self.combos = {p: combo_indices(self.specs[p].combos) for p in self.ranged}
        self.twins = {q: next(p for p in self.ranged if seats[p] == seats[q]) for q in self.ranged}

    @cached_property
    def _jobs(self) -> dict:
        """Per range player: (the class of each combo (n,), one row per class, each class's rest of
        the question, its path and its work)."""
        jobs = {}
        for p in sorted(set(self.twins.values())):
            inverse, rows = _classes(self.specs, p, self.board, self.dead)
            rests = [_rest(self.specs, p, self.specs[p].combos[row]) for row in rows]
            paths = [cheapest_path(rest, len(self.board), len(self.dead)) if rest else (None, 0.0) for rest in rests]
            jobs[p] = (inverse, rows, rests, paths)
        return jobs

    def questions(self) -> int:
        """How many questions the exact breakdown asks (0 when read from the table)."""
        return 0 if self.tabled else sum(len(job[1]) for job in self._jobs.values())

    @property
    def work(self) -> float:
        """The estimated work of the exact breakdown (0 when read from the table)."""
        if self.tabled:
            return 0.0
        return float(sum(work for job in self._jobs.values() for _, work in job[3]))

    def run(self, report: Optional[Callable[[float], None]] = None) -> tuple[Tally, Breakdown]:
        """Count every combo exactly: the total (summed over the first range player's combos) and
        the breakdown."""
        counts = self._table_counts() if self.tabled else self._fixed_counts(report)
        first = counts[self.ranged[0]]
        total = Tally(first["wins"].sum(axis=0), first["ties"].sum(axis=0), first["shares"].sum(axis=0),
                      float(first["deals"].sum()))
        return total, self._breakdown(counts, exact=True)

    def collector(self) -> "Collector":
        """What follows a Monte Carlo run (its ``observe``) and gives the sampled breakdown."""
        return Collector(self)

    def _breakdown(self, counts: dict, exact: bool) -> Breakdown:
        parts = tuple(RangeBreakdown.of(p, self.texts[p], self.combos[p], self.specs[p].weights, counts[p])
                      for p in self.ranged)
        return Breakdown(parts, self.names, exact)

    def _fixed_counts(self, report: Optional[Callable[[float], None]]) -> dict:
        counts, done, todo = {}, 0, max(self.questions(), 1)
        for p, (inverse, rows, rests, paths) in self._jobs.items():
            per_class = _counts(len(rows), len(self.specs))
            for k, (rest, (path, _)) in enumerate(zip(rests, paths)):
                if rest:
                    step = None if report is None else (lambda f, done=done: report((done + f) / todo))
                    tally = exact_tally(rest, self.board, self.dead, step, self.rules, path)
                    per_class["deals"][k] = tally.deals
                    per_class["wins"][k], per_class["ties"][k], per_class["shares"][k] = \
                        tally.wins, tally.ties, tally.shares
                done += 1
                if report is not None:
                    report(done / todo)
            weights = self.specs[p].weights
            counts[p] = {key: None if v is None else v[inverse] * (weights if v.ndim == 1 else weights[:, None])
                         for key, v in per_class.items()}
        for q, p in self.twins.items():        # the same range in two seats: the same counts, the seats swapped
            if q == p:
                continue
            seats = np.arange(len(self.specs))
            seats[[p, q]] = seats[[q, p]]
            counts[q] = {key: None if v is None else v if v.ndim == 1 else v[:, seats] for key, v in counts[p].items()}
        return counts

    def _table_counts(self) -> dict:
        """Both players' counts per combo from the matchup table, every pair of disjoint combos."""
        sides = [spec if isinstance(spec, Open) else Open(np.asarray(spec).reshape(1, 2), np.ones(1))
                 for spec in self.specs]
        index = [combo_indices(side.combos) for side in sides]
        cards = [COMBOS[i] for i in index]
        bits = [(np.int64(1) << c[:, 0]) | (np.int64(1) << c[:, 1]) for c in cards]
        first, second = np.nonzero((bits[0][:, None] & bits[1][None, :]) == 0)
        counts = {p: _counts(len(sides[p].combos), 2) for p in range(2)}
        for start in range(0, len(first), _CHUNK):
            i, j = first[start:start + _CHUNK], second[start:start + _CHUNK]
            weight = sides[0].weights[i] * sides[1].weights[j]
            wins, ties, _ = matchup_counts(*canonical(index[0][i], index[1][j]))
            for p, rows in ((0, i), (1, j)):
                into, size = counts[p], len(counts[p]["deals"])
                into["deals"] += np.bincount(rows, weights=weight * BOARDS, minlength=size)
                tied = np.bincount(rows, weights=weight * ties, minlength=size)
                for q in range(2):
                    won = np.bincount(rows, weights=weight * wins[:, q], minlength=size)
                    into["wins"][:, q] += won
                    into["ties"][:, q] += tied
                    into["shares"][:, q] += won + tied / 2
        return {p: counts[p] for p in self.ranged}


def _table_present() -> bool:
    try:
        matchup_table()
    except FileNotFoundError:
        return False
    return True


def _rest(specs: Sequence, player: int, combo: np.ndarray) -> list:
    """The question with ``player`` fixed to ``combo``: the other open players' combos that avoid it;
    empty when some open player has none left."""
    rest = []
    for i, spec in enumerate(specs):
        if i == player:
            rest.append(np.asarray(combo, dtype=np.int64))
        elif isinstance(spec, Open):
            keep = ~np.isin(spec.combos, combo).any(axis=1)
            if not keep.any():
                return []
            rest.append(Open(spec.combos[keep], spec.weights[keep]))
        else:
            rest.append(spec)
    return rest


def _classes(specs: Sequence, player: int, board: np.ndarray, dead: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The combos of ``player`` that a suit permutation fixing the board, the dead cards, every
    hand and every other open player's weighted combos maps onto each other: each combo's class
    (n,) and one row of each class."""
    fixing = np.ones(len(SUIT_MAPS), dtype=bool)
    groups = [board, dead] + [np.asarray(s) for i, s in enumerate(specs) if not isinstance(s, Open)]
    for cards in groups:
        cards = np.asarray(cards, dtype=np.int64).ravel()
        known = np.zeros(52, dtype=bool)
        known[cards] = True
        fixing &= known[SUIT_MAPS[:, cards]].all(axis=1)
    for i, spec in enumerate(specs):
        if i != player and isinstance(spec, Open):
            dense = np.zeros(len(COMBOS))
            index = combo_indices(spec.combos)
            dense[index] = spec.weights
            fixing[fixing] = (dense[COMBO_IMAGES[fixing][:, index]] == spec.weights).all(axis=1)
    least = COMBO_IMAGES[fixing][:, combo_indices(specs[player].combos)].min(axis=0)
    _, rows, inverse = np.unique(least, return_index=True, return_inverse=True)
    return inverse.ravel(), rows


class Collector:
    """Per range player, the trials of a Monte Carlo run by the combo it held: how many, each
    player's wins, ties, shares and squared shares."""

    def __init__(self, plan: BreakdownPlan) -> None:
        self.plan = plan
        players = len(plan.specs)
        self.row_of = {}
        self.counts = {}
        for p in plan.ranged:
            rows = np.full(len(COMBOS), -1, dtype=np.int64)
            rows[plan.combos[p]] = np.arange(len(plan.combos[p]))
            self.row_of[p] = rows
            self.counts[p] = _counts(len(plan.combos[p]), players, sampled=True)

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
            for q in range(len(values)):
                into["wins"][:, q] += np.bincount(rows, weights=alone[q], minlength=size)
                into["ties"][:, q] += np.bincount(rows, weights=winners[q] & ~alone[q], minlength=size)
                into["shares"][:, q] += np.bincount(rows, weights=share[q], minlength=size)
                into["squares"][:, q] += np.bincount(rows, weights=share[q] ** 2, minlength=size)

    def breakdown(self) -> Breakdown:
        """The sampled breakdown of the trials seen so far."""
        return self.plan._breakdown(self.counts, exact=False)


__all__ = ["BreakdownPlan", "Collector"]
