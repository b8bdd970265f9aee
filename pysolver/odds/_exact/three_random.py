"""Exact equity of known hands against three random hands, by counting disjoint triples of holdings.

On one board every holding of the cards left has a value; a deal of three
opponents is an ordered triple of pairwise disjoint holdings. For sets of
holdings ``X, Y, Z`` the triples are counted by fixing the first holding ``x``
and counting the disjoint pairs of the other two among the holdings that
avoid it (the two-set count of :mod:`pysolver.odds._exact.counting`)::

    D(X, Y, Z) = sum over x in X of  |Y^x| |Z^x| - sum over cards c of |Y^x_c| |Z^x_c| + |(Y and Z)^x|

(``Y^x``: the holdings of ``Y`` disjoint from ``x``; ``Y^x_c``: those of them
holding ``c``, which is ``|Y_c|`` less the one or two holdings that pair ``c``
with a card of ``x``). With ``B``, ``E`` the holdings below and equal to the
hero, ``H_v`` those of value ``v`` and ``L_v`` those below ``v``, the hero wins
``D(B, B, B)``, ties ``3 D(E, B, B) + 3 D(E, E, B) + D(E, E, E)`` times, and
the opponents tie above the hero ``3 D(H_v, H_v, L_v) + D(H_v, H_v, H_v)``
times per value ``v`` above it; the opponents' wins follow (each opponent a
third, the three are alike). Shares are split two, three or four ways.

As for two opponents, nothing depends on which cards are left but on how
many of each *kind* (a rank, on or off the one suit that can make a flush):
the counts run per pair of kinds of holding (351, or the 91 pairs of ranks
where no flush can be made), per class of boards
(:class:`~pysolver.odds._exact.counting.BoardClasses`: 62,526 for AhKh
before the flop instead of 2,118,760 boards), in a compiled loop (numba,
:func:`pysolver.evaluator.jit`; without it the same loop runs in Python,
far slower, and the planner says so). The classes are cut into parts of
:data:`~pysolver.odds._exact.counting.CLASSES_AT_ONCE`, counted on the
question's threads; every count is an integer, summed in one order.
Several known hands count as for :mod:`pysolver.odds._exact.counting`: the
hero's value is the best of theirs, the counts summed per code of its holders.

    >>> t = hero_against_three(np.array([51, 47]), np.array([43, 39, 35, 0, 1]))   # AsKs: a royal flush
    >>> t.wins.tolist(), t.ties.tolist(), t.deals
    ([733055400.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], 733055400.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from ...core import Rules
from ...evaluator import jit
from .._cost import CALL_COST, MULTISETS, Cheapest, Shape, Solve
from .._model import Question, Report, Tally
from .._tops import count_tops, known_seats, tops_row
from .counting import SUITED_BOARDS, BoardClasses
from .fixed import compiled_loops, exact_backend

_NONE = np.zeros(0, dtype=np.int64)
_KINDS = 26
_I, _J = np.triu_indices(_KINDS)
_ALL = np.arange(len(_I))
#: The sums each part returns: deals, D(B,B,B), D(E,B,B), D(E,E,B), D(E,E,E), and over the
#: values above the hero D(H,H,L) and D(H,H,H); all weighted by the boards of each class.
_SUMS = 7


def _count_classes(left, hero, values, weight, first, second, out):  # pragma: no cover - compiled
    """Per class of boards ``b``: ``left[b]`` cards of each kind, the hero's value ``hero[b]``, each
    pair of kinds' value ``values[b]`` (pairs ``first``, ``second``), the boards of the class
    ``weight[b]``. Adds the class's :data:`_SUMS` counts, times its weight, into ``out``."""
    kinds = left.shape[1]
    pairs = len(first)
    held = np.zeros(pairs, dtype=np.int64)
    grid = np.zeros((kinds, kinds), dtype=np.int64)  # the value of each pair of kinds
    level = np.zeros(kinds, dtype=np.int64)  # holdings of the level holding a card of each kind
    below = np.zeros(kinds, dtype=np.int64)  # holdings below the level holding a card of each kind
    live = np.zeros(kinds, dtype=np.int64)
    for b in range(len(hero)):
        n = left[b]
        lives = 0
        for k in range(kinds):
            if n[k] > 0:
                live[lives] = k
                lives += 1
        for p in range(pairs):
            i, j = first[p], second[p]
            held[p] = n[i] * (n[i] - 1) // 2 if i == j else n[i] * n[j]
            grid[i, j] = grid[j, i] = values[b, p]
        cards = 0
        for k in range(kinds):
            cards += n[k]
        sums = np.zeros(_SUMS, dtype=np.int64)
        sums[0] = (cards * (cards - 1) // 2) * ((cards - 2) * (cards - 3) // 2) * ((cards - 4) * (cards - 5) // 2)
        order = np.argsort(values[b])
        h = hero[b]
        below[:] = 0
        below_all = 0  # the holdings below the level
        start = 0
        while start < pairs:
            v = values[b, order[start]]
            stop = start
            level[:] = 0
            level_all = 0
            while stop < pairs and values[b, order[stop]] == v:
                p = order[stop]
                i, j = first[p], second[p]
                if held[p] > 0:
                    level_all += held[p]
                    if i == j:
                        level[i] += n[i] - 1
                    else:
                        level[i] += n[j]
                        level[j] += n[i]
                stop += 1
            for t in range(start, stop):
                p = order[t]
                if held[p] == 0:
                    continue
                i, j = first[p], second[p]
                same = level_all - level[i] - level[j] + 1  # x is of the level, not below it
                under = below_all - below[i] - below[j]
                cross_under = 0
                cross_same = 0
                cross_below = 0
                for u in range(lives):
                    k = live[u]
                    c = n[k] - (k == i) - (k == j)
                    y = level[k] - (grid[k, i] == v) - (grid[k, j] == v)
                    z = below[k] - (grid[k, i] < v) - (grid[k, j] < v)
                    cross_under += c * y * z
                    cross_same += c * y * y
                    cross_below += c * z * z
                two = held[p] * (same * under - cross_under)  # D(H, H, L)
                three = held[p] * (same * same - cross_same + same)  # D(H, H, H)
                one = held[p] * (under * under - cross_below + under)  # D(H, L, L)
                if v < h:  # D(L + H, L + H, L + H) - D(L, L, L)
                    sums[1] += 3 * one + 3 * two + three
                elif v == h:
                    sums[2] += one
                    sums[3] += two
                    sums[4] += three
                else:
                    sums[5] += two
                    sums[6] += three
            below_all += level_all
            for k in range(kinds):
                below[k] += level[k]
            start = stop
        for s in range(_SUMS):
            out[s] += weight[b] * sums[s]


@cache
def compiled_loop() -> Callable:
    """The loop, compiled on first use (numba imported then, not with the module)."""
    return jit(_count_classes)


def _part_sums(part: tuple, classes: BoardClasses) -> np.ndarray:
    """One part of the classes of boards (of one code of the known hands holding the best value) as a
    row of :func:`~pysolver.odds._tops.tops_row`."""
    left, hero_value, row, flush, weight, _ = part
    values = classes.values(row, flush, _ALL).astype(np.int64)
    out = np.zeros(_SUMS, dtype=np.int64)
    (compiled_loop() if compiled_loops() is not None else _count_classes)(
        np.ascontiguousarray(left, dtype=np.int64),
        np.ascontiguousarray(hero_value, dtype=np.int64),
        np.ascontiguousarray(values),
        np.ascontiguousarray(weight, dtype=np.int64),
        _I,
        _J,
        out,
    )
    deals, both, one_tie, two_tie, three_tie, over_two, over_three = out.tolist()
    return tops_row(
        deals, [both, 3 * one_tie, 3 * two_tie, three_tie], 3 * over_two + over_three, 6 * over_two + 3 * over_three
    )


def hero_against_three(
    hero: np.ndarray,
    board: np.ndarray = _NONE,
    dead: np.ndarray = _NONE,
    hero_seat: int | Sequence[int] = 0,
    rules: Rules | None = None,
    report: Report = None,
    threads: int = 1,
) -> Tally:
    """Exact counts of the known hand ``hero`` (or hands ``(f, 2)``, one seat each in ``hero_seat``)
    against three random hands in the other seats, a board of 0, 3, 4 or 5 cards. The classes of
    boards are counted in parts on up to ``threads`` threads (the same counts for any)."""
    classes = BoardClasses(hero, board, dead, rules)
    return count_tops(
        classes.chunks(), lambda part, _: _part_sums(part, classes), known_seats(hero_seat), 3, report, threads
    )


PER_CLASS = 300
"""Work (hand values) per class of boards against three random hands, compiled. Measured: AhKh
against three random hands before the flop, 79,391 classes estimated (62,526 counted), 1.9 s on
one core (estimate 2.4 s); AhKh QsQd against three, 152,607 estimated (89,232 counted), 2.7 s
(estimate 4.6 s)."""
PYTHON_PER_CLASS = 100_000
"""The same in the Python loop that runs without numba. Measured: AhKh against three random hands
on Qh 7h 2c 3d (estimate 0.99 s, took 0.30 s) and on Qh 7h 2c (estimate 3.4 s, took 2.1 s)."""


class ThreeRandomPath:
    """Known hands against three random hands: :func:`hero_against_three`. Its cost: per class of
    boards (as for :class:`~pysolver.odds._exact.counting.CountingPath`) :data:`PER_CLASS` hand
    values, :data:`PYTHON_PER_CLASS` without numba."""

    name = "counting (three)"
    compiled = True  # counts in compiled loops (with numba)

    def applies(self, shape: Shape) -> bool:
        randoms = sum(s.is_random for s in shape.sizes)
        return len(shape.sizes) > 3 and randoms == len(shape.opens) == 3

    def cost(self, shape: Shape, cheapest: Cheapest) -> float:
        to_come = 5 - shape.board
        suited = SUITED_BOARDS[to_come] * (shape.suits if shape.board == 0 else 1)
        per_class = PER_CLASS if exact_backend() == "numba" else PYTHON_PER_CLASS
        return (MULTISETS[to_come] + suited) * per_class + 3 * CALL_COST

    def run(self, question: Question, report: Report, solve: Solve) -> Tally:
        known = [i for i, p in enumerate(question.players) if p.is_hand]
        q = question
        return hero_against_three(q.hands, q.board, q.dead, known, q.rules, report, q.threads)


__all__ = ["hero_against_three", "PER_CLASS", "PYTHON_PER_CLASS", "ThreeRandomPath"]
