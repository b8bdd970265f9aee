"""The exact three-way preflop table of a rule book: every three starting-hand classes.

A cell is three classes, one a seat, counted over every deal of three of their
combos that share no card, each deal over every board of the rule book's deck.
A showdown has no seat order, so the table holds each set of three classes once
(the classes in the deck's order): the standard game's 169 classes make 818,805
cells, a short deck's 81 make 91,881. Each cell keeps, per seat, the boards it
won alone, tied with one other player and tied with both (``counts[n, p, k - 1]``,
as :func:`~pysolver.odds._exact.gpu.gpu_fixed_counts` gives them).

On the CPU each cell is an exact question of three ranges, counted by the
cheapest exact path (the grouped enumeration: about 2 ms a cell with the
compiled loops), the cells cut into parts that forked worker processes count,
one a thread asked for; the whole standard table is about half an hour of one
core. On a GPU (``backend="cuda"``) the deals of combos of each part are taken
once up to a permutation of the suits
(:func:`~pysolver.odds._table_matchups.canonical_three`) and counted over every
board there. Both give the same integers.

    >>> table = three_way_table("short_deck", classes=["AA"], columns=["KK", "AKs"])
    >>> len(table.cells), [round(e, 4) for e in table.equity("KK", "AA", "AKs")]
    (3, [0.146, 0.6921, 0.1619])
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from ..asp import recycled_imap
from ..core import (
    CLASS_INDEX,
    COMBO_CLASS,
    COMBOS,
    PokerInputError,
    Rules,
    RulesLike,
    Situation,
    check_threads,
    quoted,
)
from ..evaluator import CPU_BACKENDS, check_backend, cuda_present, using
from ..rulebook import rules_of
from ._combo_codes import COMBO_BITS
from ._exact.fixed import loops_for_long_work
from ._exact.gpu import gpu_fixed_counts
from ._heads_up_table import PARTS_PER_THREAD, deck_classes
from ._model import Question
from ._planner import plan
from ._table_matchups import canonical_three

DEALS_AT_ONCE = 1 << 20
"""Deals of three combos (one of 12 combos a seat, before the shared cards are taken out) listed at
once: the cells' deals are listed, and taken up to the suits for the GPU, a run of cells at a time."""


@dataclass(frozen=True, eq=False)
class ThreeWayTable:
    """Exact three-way preflop counts under a rule book: ``cells`` ``(n, 3)`` the three classes of
    each cell (indices into ``classes``, in the deck's order), ``counts`` ``(n, 3, 3)`` per cell and
    seat the boards won alone, with one other and with both, ``deals`` ``(n,)`` every deal of
    disjoint combos times every board (0 where the three classes cannot be dealt at once)."""

    rules: str
    classes: tuple[str, ...]
    rows: tuple[str, ...]
    cells: np.ndarray
    counts: np.ndarray
    deals: np.ndarray

    @property
    def wins(self) -> np.ndarray:
        """``(n, 3)`` the boards each seat won alone."""
        return self.counts[:, :, 0]

    @property
    def ties(self) -> np.ndarray:
        """``(n, 3)`` the boards each seat tied for the best hand."""
        return self.counts[:, :, 1:].sum(axis=2)

    def equities(self) -> np.ndarray:
        """``(n, 3)`` each seat's equity in each cell (a tie shared), NaN where nothing is dealt."""
        shares = self.counts @ np.array([1.0, 1 / 2, 1 / 3])
        with np.errstate(invalid="ignore", divide="ignore"):
            return shares / self.deals[:, None]

    def cell(self, *names: str) -> tuple[int, tuple[int, int, int]]:
        """The row of the cell of three class names, and where each name's seat is in it."""
        if len(names) != 3:
            raise PokerInputError(f"a three-way cell is three classes, not {len(names)}")
        for name in names:
            if name not in self.classes:
                raise PokerInputError(f"class {quoted(name)}: not a class of the {self.rules} deck")
        index = [self.classes.index(name) for name in names]
        order = sorted(range(3), key=index.__getitem__)
        key = sorted(index)
        found = np.flatnonzero((self.cells == key).all(axis=1))
        if not len(found):
            rows = ", ".join(self.rows[:5]) + (" ..." if len(self.rows) > 5 else "")
            raise PokerInputError(f"{' vs '.join(names)}: not a cell of this table (its rows: {rows})")
        seats = [0, 0, 0]
        for seat, asked in enumerate(order):
            seats[asked] = seat
        return int(found[0]), (seats[0], seats[1], seats[2])

    def equity(self, first: str, second: str, third: str) -> tuple[float, float, float]:
        """The three classes' equities against each other, in the order asked."""
        row, seats = self.cell(first, second, third)
        if not self.deals[row]:
            raise PokerInputError(f"{first} vs {second} vs {third}: no deal gives each a hand at once")
        equities = self.equities()[row]
        return (float(equities[seats[0]]), float(equities[seats[1]]), float(equities[seats[2]]))

    def to_dict(self) -> dict:
        """The table as JSON: per cell its classes, deals, and per seat the wins, ties and equity."""
        equities = self.equities()
        return {
            "rules": self.rules,
            "rows": list(self.rows),
            "cells": [
                {
                    "classes": [self.classes[i] for i in cell],
                    "deals": int(deals),
                    "wins": counts[:, 0].tolist(),
                    "ties": counts[:, 1:].sum(axis=1).tolist(),
                    "equity": [None if np.isnan(e) else round(float(e), 6) for e in equity],
                }
                for cell, deals, counts, equity in zip(self.cells.tolist(), self.deals, self.counts, equities)
            ],
        }

    def to_csv(self) -> str:
        """A line per cell: the three classes, the deals, each seat's equity (6 decimals)."""
        lines = ["first,second,third,deals,equity_first,equity_second,equity_third"]
        for cell, deals, equity in zip(self.cells.tolist(), self.deals.tolist(), self.equities()):
            names = ",".join(self.classes[i] for i in cell)
            lines.append(f"{names},{deals}," + ",".join("" if np.isnan(e) else f"{e:.6f}" for e in equity))
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        lines = [f"three-way preflop equity, {self.rules}: {len(self.cells):,} cells of {len(self.rows)} rows, exact"]
        equities = self.equities()
        for row in self.rows:
            i = self.classes.index(row)
            seat = np.argmax(self.cells == i, axis=1)
            has = (self.cells == i).any(axis=1) & (self.deals > 0)
            mine = np.where(has, equities[np.arange(len(seat)), seat], np.nan)
            if not has.any():
                continue
            best, worst = int(np.nanargmax(mine)), int(np.nanargmin(mine))
            lines.append(f"{row:4} best {self._against(best, i)} ({mine[best]:.2%}), worst {self._against(worst, i)} "
                         f"({mine[worst]:.2%})")  # fmt: skip
        return "\n".join(lines)

    def _against(self, cell: int, row: int) -> str:
        others = list(self.cells[cell])
        others.remove(row)
        return "against " + " and ".join(self.classes[i] for i in others)


def three_way_table(
    rules: RulesLike = None,
    *,
    classes: Sequence[str] | None = None,
    columns: Sequence[str] | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    backend: str | None = None,
) -> ThreeWayTable:
    """The exact three-way preflop table of ``rules``: every cell of a class of ``classes`` (None:
    every class of its deck) against two classes of ``columns`` (None: every class), on
    ``threads`` cores (None or 0: every core; worker processes on the CPU; the counts do not depend
    on it).
    ``progress(done, total)`` follows the cells counted. ``backend``: ``"cuda"`` counts the deals
    of combos on a GPU, ``"numpy"`` or ``"numba"`` the cells on the CPU (None: a GPU where one
    answers); the same integers."""
    rules = rules_of(rules)
    chosen = check_backend(backend)
    combos, names = deck_classes(rules)
    rows = names if classes is None else deck_classes(rules, classes)[1]
    others = names if columns is None else deck_classes(rules, columns)[1]
    cells = _cells(names, rows, others)
    of_class = _class_combos(names, combos)
    dealt = _deals_of_cells(cells, of_class)
    threads = check_threads(threads)
    if chosen == "cuda" or (chosen is None and cuda_present()):
        counts = _count_on_the_gpu(cells, of_class, rules, progress)
    else:
        with using(chosen, CPU_BACKENDS):
            loops_for_long_work()  # loaded once here, not per cell or per worker process
            counts = _count_on_workers(cells, dealt > 0, names, rules, threads, progress)
    deals = dealt * comb(len(rules.deck) - 6, 5)
    return ThreeWayTable(rules.label, names, rows, cells, counts, deals)


def _cells(names: tuple[str, ...], rows: tuple[str, ...], others: tuple[str, ...]) -> np.ndarray:
    """``(n, 3)`` every set of a row class and two column classes, each as indices into ``names``
    in order, once each, sorted."""
    row = np.array([names.index(n) for n in rows])
    column = np.array([names.index(n) for n in others])
    i, j = np.triu_indices(len(column))
    triples = np.sort(np.stack(np.broadcast_arrays(row[:, None], column[i], column[j]), axis=-1).reshape(-1, 3))
    size = len(names)
    keys = np.unique((triples[:, 0] * size + triples[:, 1]) * size + triples[:, 2])
    return np.stack([keys // size**2, keys // size % size, keys % size], axis=1)


def _class_combos(names: tuple[str, ...], combos: np.ndarray) -> np.ndarray:
    """``(classes, 12)`` the combos of the deck of each class (-1 after its last)."""
    of_class = np.full((len(names), 12), -1, dtype=np.int64)
    position = {CLASS_INDEX[name]: i for i, name in enumerate(names)}
    filled = np.zeros(len(names), dtype=np.int64)
    for combo in combos.tolist():
        i = position[int(COMBO_CLASS[combo])]
        of_class[i, filled[i]] = combo
        filled[i] += 1
    return of_class


def _deals_of_cells(cells: np.ndarray, of_class: np.ndarray) -> np.ndarray:
    """``(n,)`` the deals of three disjoint combos of each cell's classes, a class a seat: with
    ``D[x, y]`` the 12 x 12 matrix of the combos of classes x and y that share no card, the sum
    of ``D[i, j] * (D[i, k] @ D[j, k].T)``."""
    bits = np.where(of_class >= 0, COMBO_BITS.take(np.maximum(of_class, 0)), -1)  # -1: meets every combo
    disjoint = ((bits[:, None, :, None] & bits[None, :, None, :]) == 0).astype(np.float32)  # exact: small
    dealt = np.zeros(len(cells), dtype=np.int64)
    step = DEALS_AT_ONCE // of_class.shape[1] ** 2
    for start in range(0, len(cells), step):
        i, j, k = cells[start : start + step].T
        pairs = disjoint[i, j] * (disjoint[i, k] @ disjoint[j, k].transpose(0, 2, 1))
        dealt[start : start + step] = np.rint(pairs.sum(axis=(1, 2)))
    return dealt


def _combo_deals(cells: np.ndarray, of_class: np.ndarray) -> Iterator[tuple[slice, np.ndarray, np.ndarray]]:
    """Every deal of three disjoint combos of the cells' classes, a class a seat, in runs of cells of
    :data:`DEALS_AT_ONCE` candidate deals or fewer: the run (a slice of ``cells``), the cell of each
    deal in it ``(m,)`` (from the run's first) and its combos ``(m, 3)``."""
    step = max(1, DEALS_AT_ONCE // of_class.shape[1] ** 3)
    for start in range(0, len(cells), step):
        part = slice(start, min(start + step, len(cells)))
        picked = of_class[cells[part]]  # (n, 3, 12)
        first, second, third = np.broadcast_arrays(
            picked[:, 0, :, None, None], picked[:, 1, None, :, None], picked[:, 2, None, None, :]
        )
        valid = (first >= 0) & (second >= 0) & (third >= 0)
        f, s, t = (COMBO_BITS.take(np.where(valid, x, 0)) for x in (first, second, third))
        valid &= ((f & s) == 0) & (((f | s) & t) == 0)
        yield part, np.nonzero(valid)[0], np.stack([first[valid], second[valid], third[valid]], axis=1)


FORK_CELLS = 64
"""Cells from which the CPU's count goes to forked worker processes rather than this process."""


def _count_on_workers(
    cells: np.ndarray,
    dealt: np.ndarray,
    names: tuple[str, ...],
    rules: Rules,
    workers: int,
    progress: Callable[[int, int], None] | None,
) -> np.ndarray:
    """Each cell that can be ``dealt`` counted as an exact question of its three classes (zeros for
    the others), in parts on ``workers`` cores: forked worker processes, their results in the order
    of the parts. A cell is mostly Python around short compiled loops, which threads would take in
    turns; processes run side by side. Few cells, one worker, or no ``fork``: in this process."""
    split = np.array_split(np.arange(len(cells)), max(1, min(len(cells), PARTS_PER_THREAD * workers)))
    parts = [part for part in split if len(part)]

    def count(part: np.ndarray) -> np.ndarray:
        found = np.zeros((len(part), 3, 3), np.int64)
        for n, cell in enumerate(part.tolist()):
            if dealt[cell]:
                found[n] = _count_cell([names[i] for i in cells[cell]], rules)
        return found

    forked = workers > 1 and len(cells) >= FORK_CELLS and "fork" in multiprocessing.get_all_start_methods()
    counted, done = [], 0
    each = -(-len(parts) // workers)  # a worker process a run of parts: one fork a core
    for found in recycled_imap(count, parts, workers, each) if forked else map(count, parts):
        counted.append(found)
        done += len(found)
        if progress is not None:
            progress(done, len(cells))
    return np.concatenate(counted) if counted else np.zeros((0, 3, 3), np.int64)


def _count_cell(classes: list[str], rules: Rules) -> np.ndarray:
    """``(3, 3)`` one cell's boards won alone, with one and with two others, per seat: the exact
    question of the three classes as ranges, by the cheapest exact path."""
    question = Question.of(Situation.of(classes, rules=rules, ranges=True), True, 1)
    tally = plan(question, True, True).run().tally
    wins, ties = np.rint(tally.wins), np.rint(tally.ties)
    with_both = np.rint(3 * tally.ties - 6 * (tally.shares - tally.wins))  # shares: wins + t1 / 2 + t2 / 3
    return np.stack([wins, ties - with_both, with_both], axis=1).astype(np.int64)


def _count_on_the_gpu(
    cells: np.ndarray, of_class: np.ndarray, rules: Rules, progress: Callable[[int, int], None] | None
) -> np.ndarray:
    """Each cell's deals of combos counted on a GPU and summed, a run of cells at a time, each deal
    once up to the suits."""
    out = np.zeros((len(cells), 9), dtype=np.int64)
    for part, cell, dealt in _combo_deals(cells, of_class):
        keys = canonical_three(dealt[:, 0], dealt[:, 1], dealt[:, 2])
        unique, where = np.unique(keys, return_inverse=True)
        first, rest = np.divmod(unique, len(COMBOS) ** 2)
        holes = COMBOS[np.stack([first, *np.divmod(rest, len(COMBOS))], axis=1)]  # (matchups, 3, 2)
        counted = gpu_fixed_counts(holes, rules=rules).reshape(len(unique), 9)
        np.add.at(out, part.start + cell, counted[where])
        if progress is not None:
            progress(part.stop, len(cells))
    return out.reshape(-1, 3, 3)


__all__ = ["DEALS_AT_ONCE", "ThreeWayTable", "three_way_table"]
