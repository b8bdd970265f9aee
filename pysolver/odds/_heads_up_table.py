"""The exact heads-up preflop table of a rule book: every starting-hand class against every other.

A cell is the exact equity of one class against another, over every pair of
their combos that share no card, each pair over every board of the rule book's
deck. The combo pairs fall into *matchups* up to a permutation of the suits and
the seat order (:func:`~pysolver.odds._table_matchups.canonical`; a deck keeps
every suit of its ranks, so the symmetry holds in any rule book): each matchup
is counted once, exactly (:func:`~pysolver.odds._exact.fixed.exact_fixed` on the
rule book's tables), on every thread, and the cells sum their pairs' counts.
The standard game's 169 x 169 table takes its 47,008 matchups over 1,712,304
boards each; a short deck's 81 x 81, fewer matchups over C(32, 5) boards.

    >>> table = heads_up_table("short_deck", classes=["AA", "KQs"])
    >>> table.classes[:3], len(table.classes), round(table.equity("AA", "KQs"), 4)
    (('AA', 'KK', 'QQ'), 81, 0.7567)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from ..core import (
    CLASS_INDEX,
    COMBO_CLASS,
    COMBOS,
    HAND_CLASSES,
    PokerInputError,
    Rules,
    RulesLike,
    check_threads,
    combo_mask,
    quoted,
    run_parts,
)
from ..evaluator import CPU_BACKENDS, check_backend, cuda_present, using
from ..rulebook import rules_of
from ._exact.fixed import exact_fixed, loops_for_long_work
from ._exact.gpu import gpu_fixed_counts
from ._table_matchups import canonical

PARTS_PER_THREAD = 8
"""Parts the matchups are cut into per thread (a thread takes the next as it finishes one)."""


@dataclass(frozen=True, eq=False)
class HeadsUpTable:
    """Exact heads-up preflop counts of class against class under a rule book: ``wins[i, j]``
    and ``ties[i, j]`` of row class ``i`` against column class ``j`` over ``deals[i, j]`` deals
    (every pair of their disjoint combos, every board); rows only for the classes asked for."""

    rules: str
    classes: tuple[str, ...]
    rows: tuple[str, ...]
    wins: np.ndarray
    ties: np.ndarray
    deals: np.ndarray
    matchups: int

    def equity(self, row: str, column: str) -> float:
        """The row class's equity against the column class (a tie counts half)."""
        i, j = self._row(row), self._column(column)
        return float((self.wins[i, j] + self.ties[i, j] / 2) / self.deals[i, j])

    def equities(self) -> np.ndarray:
        """(rows, classes) every cell's equity."""
        with np.errstate(invalid="ignore", divide="ignore"):
            return (self.wins + self.ties / 2) / self.deals

    def _row(self, name: str) -> int:
        if name not in self.rows:
            raise PokerInputError(f"class {quoted(name)}: not a row of this table ({', '.join(self.rows[:5])} ...)")
        return self.rows.index(name)

    def _column(self, name: str) -> int:
        if name not in self.classes:
            raise PokerInputError(f"class {quoted(name)}: not a class of the {self.rules} deck")
        return self.classes.index(name)

    def to_dict(self) -> dict:
        """The table as JSON: per row class, per column class, the exact counts and the equity."""
        equity = self.equities()
        return {
            "rules": self.rules,
            "classes": list(self.classes),
            "matchups": self.matchups,
            "rows": {
                row: {
                    column: {
                        "wins": int(self.wins[i, j]),
                        "ties": int(self.ties[i, j]),
                        "deals": int(self.deals[i, j]),
                        "equity": round(float(equity[i, j]), 6),
                    }
                    for j, column in enumerate(self.classes)
                }
                for i, row in enumerate(self.rows)
            },
        }

    def to_csv(self) -> str:
        """Equities as CSV: a header of the column classes, a line per row class (6 decimals)."""
        lines = ["class," + ",".join(self.classes)]
        for row, values in zip(self.rows, self.equities()):
            lines.append(row + "," + ",".join(f"{v:.6f}" for v in values))
        return "\n".join(lines) + "\n"

    def __str__(self) -> str:
        equity = self.equities()
        lines = [f"heads-up preflop equity, {self.rules}: {len(self.rows)} x {len(self.classes)} classes, exact"]
        for row, values in zip(self.rows, equity):
            best, worst = int(np.nanargmax(values)), int(np.nanargmin(values))
            lines.append(
                f"{row:4} best against {self.classes[best]} ({values[best]:.2%}), "
                f"worst against {self.classes[worst]} ({values[worst]:.2%})"
            )
        return "\n".join(lines)


def deck_classes(rules: Rules, classes: Sequence[str] | None = None) -> tuple[np.ndarray, tuple[str, ...]]:
    """The combos of the rules' deck, and ``classes`` (None: every class the deck deals, strongest
    first), each once in the order given; a rule book that is not two hole cards and a board of
    five, or a class the deck does not deal, is refused by name.

    >>> combos, names = deck_classes(rules_of("short_deck"))
    >>> len(combos), len(names), deck_classes(rules_of("short_deck"), ["AKs", "AA", "AKs"])[1]
    (630, 81, ('AKs', 'AA'))
    """
    if not rules.game.holdem_shape:
        raise PokerInputError(f"rules {rules.label}: the preflop table is of two hole cards and a board of five")
    combos = np.flatnonzero(combo_mask(rules.removed.tolist()))
    names = tuple(HAND_CLASSES[i] for i in sorted(set(COMBO_CLASS[combos].tolist())))
    if classes is None:
        return combos, names
    asked = tuple(dict.fromkeys(classes))
    for name in asked:
        if name not in names:
            raise PokerInputError(f"class {quoted(name)}: not a starting hand of the {rules.label} deck")
    return combos, asked


def count_matchups(keys: np.ndarray, rules: RulesLike = None) -> tuple[np.ndarray, np.ndarray]:
    """The first player's wins and the ties of each matchup key (:func:`~pysolver.odds._table_matchups.canonical`),
    counted exactly over every board of the rules' deck."""
    rules = rules_of(rules)
    dead = rules.removed
    wins, ties = np.zeros(len(keys), np.int64), np.zeros(len(keys), np.int64)
    for n, key in enumerate(keys.tolist()):
        first, second = divmod(key, len(COMBOS))
        tally = exact_fixed(np.array([COMBOS[first], COMBOS[second]]), dead=dead, rules=rules)
        wins[n], ties[n] = round(tally.wins[0]), round(tally.ties[0])
    return wins, ties


def heads_up_table(
    rules: RulesLike = None,
    *,
    classes: Sequence[str] | None = None,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    backend: str | None = None,
) -> HeadsUpTable:
    """The exact heads-up preflop table of ``rules``: rows for ``classes`` (None: every class of
    its deck), a column for every class, on ``threads`` threads (None or 0: every core; the counts
    do not depend on it). ``progress(done, total)`` follows the matchups counted. ``backend``:
    ``"cuda"`` counts the matchups on a GPU (:func:`~pysolver.odds._exact.gpu.gpu_fixed_counts`),
    ``"numpy"`` or ``"numba"`` on the CPU (None: a GPU where one answers); the same integers."""
    rules = rules_of(rules)
    chosen = check_backend(backend)
    combos, names = deck_classes(rules)
    rows = names if classes is None else deck_classes(rules, classes)[1]
    wanted = np.array([CLASS_INDEX[name] for name in rows])
    first, second = np.repeat(combos, len(combos)), np.tile(combos, len(combos))  # every ordered pair
    keep = np.isin(COMBO_CLASS[first], wanted) & (COMBOS[first][:, :, None] != COMBOS[second][:, None, :]).all(
        axis=(1, 2)
    )
    first, second = first[keep], second[keep]
    keys, swapped = canonical(first, second)
    unique, where = np.unique(keys, return_inverse=True)
    threads = check_threads(threads)
    if chosen == "cuda" or (chosen is None and cuda_present()):
        first_combo, second_combo = np.divmod(unique, len(COMBOS))
        counts = gpu_fixed_counts(np.stack([COMBOS[first_combo], COMBOS[second_combo]], axis=1), rules=rules,
                                  progress=progress)  # fmt: skip
        wins, ties = counts[:, 0, 0], counts[:, 0, 1]
    else:
        with using(chosen, CPU_BACKENDS):
            loops_for_long_work()
            wins, ties = _count_on_threads(unique, rules, threads, progress)
    boards = comb(len(rules.deck) - 4, 5)
    first_wins = np.where(swapped, boards - wins[where] - ties[where], wins[where])
    row_of, column_of = np.zeros(len(HAND_CLASSES), np.int64), np.zeros(len(HAND_CLASSES), np.int64)
    row_of[wanted] = np.arange(len(rows))
    column_of[[CLASS_INDEX[name] for name in names]] = np.arange(len(names))
    r, c = row_of[COMBO_CLASS[first]], column_of[COMBO_CLASS[second]]
    shape = (len(rows), len(names))
    cell = np.ravel_multi_index((r, c), shape)
    size = shape[0] * shape[1]
    out_wins = np.bincount(cell, weights=first_wins, minlength=size).round().astype(np.int64).reshape(shape)
    out_ties = np.bincount(cell, weights=ties[where], minlength=size).round().astype(np.int64).reshape(shape)
    deals = (np.bincount(cell, minlength=size) * boards).reshape(shape)
    return HeadsUpTable(rules.label, names, rows, out_wins, out_ties, deals, len(unique))


def _count_on_threads(
    unique: np.ndarray, rules: Rules, threads: int, progress: Callable[[int, int], None] | None
) -> tuple[np.ndarray, np.ndarray]:
    """:func:`count_matchups` of the matchup keys ``unique``, in parts on ``threads`` threads."""
    parts = np.array_split(np.arange(len(unique)), max(1, min(len(unique), PARTS_PER_THREAD * threads)))
    done = [0]

    def count(part: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        found = count_matchups(unique[part], rules)
        done[0] += len(part)
        if progress is not None:
            progress(done[0], len(unique))
        return found

    counted = run_parts(count, parts, threads)
    wins = np.concatenate([w for w, _ in counted]) if counted else np.zeros(0, np.int64)
    ties = np.concatenate([t for _, t in counted]) if counted else np.zeros(0, np.int64)
    return wins, ties


__all__ = ["PARTS_PER_THREAD", "HeadsUpTable", "deck_classes", "count_matchups", "heads_up_table"]
