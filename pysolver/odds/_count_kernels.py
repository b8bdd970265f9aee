"""The counting paths' compiled loops: known hands against one or two random hands, by numba.

Per class of boards (:class:`~pysolver.odds._exact.counting.BoardClasses`), the
holdings of the random hands are counted per pair of kinds of cards (a rank, on or
off the one suit that can make a flush), not dealt:

* against one random hand (:func:`one_counts`), the holdings below the hero, equal
  to it and in all;
* against two (:func:`two_counts`), the ordered pairs of disjoint holdings by
  inclusion-exclusion over shared cards, ``D(X, Y) = |X| |Y| - sum over cards c of
  |X_c| |Y_c| + |X and Y|``, for the holdings below the hero, equal to it, and of each
  value above it (the opponents' ties there), grouped as they come.

Every count is an int64, each class weighed by its boards, so the loops give the
same integers on any thread. The counting path imports them once the evaluator's
compiled kernel is loaded (:func:`pysolver.odds._exact.fixed.compiled_loops`).

    >>> left = np.zeros((1, 26), np.int64)
    >>> left[0, :3] = 4                                   # four cards of each of three kinds
    >>> pairs = (np.array([0, 0, 0, 1, 1, 2]), np.array([0, 1, 2, 1, 2, 2]))
    >>> values = np.array([[0, 1, 2, 1, 2, 2]])             # each pair of kinds' value; the hero's is 1
    >>> two_counts(left, np.array([1]), values, np.array([1]), pairs).tolist()[:3]
    [2970, 6, 84]

(every ordered pair of disjoint holdings, C(12, 2) C(10, 2); both of the 6 pairs of
kind 0, the only holdings below the hero: 6 times the 1 pair left; the first equal
and the second below: 6 x 6 from kind 1's pairs, 16 x 3 from a card of each of kinds
0 and 1.)
"""

from __future__ import annotations

import numpy as np

from ..evaluator import jit


@jit
def _one_counts(left, hero, row, flush, weight, rank_values, columns, flush_value, pair_i, pair_j, pair_group,
                suit_bits, out):  # fmt: skip
    """Add to ``out`` the holdings below and equal to the hero, and all, each weighed by its class."""
    for b in range(left.shape[0]):
        below, equal, cards = 0, 0, 0
        for kind in range(26):
            cards += left[b, kind]
        for k in range(91 if flush[b] < 0 else len(pair_i)):  # the 91 pairs of kinds off the suit first
            first, second = left[b, pair_i[k]], left[b, pair_j[k]]
            held = first * (first - 1) // 2 if pair_i[k] == pair_j[k] else first * second
            if held == 0:
                continue
            value = rank_values[row[b] + pair_group[k] * columns]
            if flush[b] >= 0:
                value = max(value, flush_value[suit_bits[k] | flush[b]])
            if value < hero[b]:
                below += held
            elif value == hero[b]:
                equal += held
        out[0] += weight[b] * below
        out[1] += weight[b] * equal
        out[2] += weight[b] * (cards * (cards - 1) // 2)


def one_counts(left, hero, row, flush, weight, rank_values, flush_value, pairs) -> tuple[float, float, float]:
    """The counting path's classes of boards against one random hand (``pysolver.odds._exact.counting``):
    the holdings below the hero, equal to it and in all, each weighed by its class's boards.
    ``pairs``: the kinds of cards ``(i, j)``, their rank groups and suit bits, the 91 off the suit first."""
    out = np.zeros(3, dtype=np.int64)
    pair_i, pair_j, pair_group, suit_bits = pairs
    _one_counts(
        np.ascontiguousarray(left, dtype=np.int64),
        np.ascontiguousarray(hero, dtype=np.int64),
        np.ascontiguousarray(row, dtype=np.int64),
        np.full(len(left), -1, dtype=np.int64) if flush is None else np.ascontiguousarray(flush, dtype=np.int64),
        np.ascontiguousarray(weight, dtype=np.int64),
        rank_values.ravel(),
        rank_values.shape[1],
        flush_value,
        pair_i,
        pair_j,
        pair_group,
        suit_bits,
        out,
    )
    below, equal, total = out.tolist()
    return float(below), float(equal), float(total)


@jit(inline=True)
def _holdings(n, i, j):
    """The holdings of a card of kind ``i`` and one of kind ``j`` (``n`` cards of each kind left)."""
    return n[i] * (n[i] - 1) // 2 if i == j else n[i] * n[j]


@jit(inline=True)
def _add_holding(n, i, j, per_card):
    """Count a holding of kinds ``i``, ``j`` (``n`` cards of each kind left) in ``per_card``: the
    holdings that hold one given card of each kind."""
    if i == j:
        per_card[i] += n[i] - 1
    else:
        per_card[i] += n[j]
        per_card[j] += n[i]


@jit(inline=True)
def _add_squared(n, level, square, g, k, x):
    """Add ``x`` holdings to the card of kind ``k`` in group ``g`` (``level[g, k]``), and keep
    ``square[g]``, the sum over kinds of ``n[k] * level[g, k] ** 2``, up to date."""
    old = level[g, k]
    level[g, k] = old + x
    square[g] += n[k] * x * (2 * old + x)


@jit
def _two_counts(left, hero, values, weight, pair_i, pair_j, out):  # fmt: skip
    """Add to ``out`` the ordered pairs of disjoint holdings in all, both below the hero, the first
    equal and the second below, both equal, and both above and equal to each other, each weighed
    by its class: ``D(X, Y) = |X| |Y| - sum over cards c of |X_c| |Y_c| + |X and Y|``. The holdings
    above the hero are grouped by value as they come (a slot per value), each group's sums kept
    up to date, so no class sorts its values."""
    kinds, pairs = left.shape[1], len(pair_i)
    below = np.zeros(kinds, np.int64)
    equal = np.zeros(kinds, np.int64)
    slot = np.full(values.max() + 1 if values.size else 1, -1, np.int64)  # the group of each value
    level = np.zeros((pairs, kinds), np.int64)  # per group, the holdings that hold one card of each kind
    level_all = np.zeros(pairs, np.int64)
    square = np.zeros(pairs, np.int64)
    seen = np.zeros(pairs, np.int64)
    for b in range(left.shape[0]):
        n, h = left[b], hero[b]
        below[:] = 0
        equal[:] = 0
        below_all, equal_all, cards, groups = 0, 0, 0, 0
        for k in range(kinds):
            cards += n[k]
        for p in range(pairs):
            i, j = pair_i[p], pair_j[p]
            held = _holdings(n, i, j)
            if held == 0:
                continue
            v = values[b, p]
            if v < h:
                below_all += held
                _add_holding(n, i, j, below)
            elif v == h:
                equal_all += held
                _add_holding(n, i, j, equal)
            else:
                g = slot[v]
                if g < 0:
                    g, slot[v], seen[groups] = groups, groups, v
                    groups += 1
                level_all[g] += held
                if i == j:
                    _add_squared(n, level, square, g, i, n[i] - 1)
                else:
                    _add_squared(n, level, square, g, i, n[j])
                    _add_squared(n, level, square, g, j, n[i])
        square_below, square_equal, cross = 0, 0, 0
        for k in range(kinds):
            square_below += n[k] * below[k] * below[k]
            square_equal += n[k] * equal[k] * equal[k]
            cross += n[k] * equal[k] * below[k]
        tied = 0  # the ties above the hero: per value above it, D(H_v, H_v)
        if groups:
            for p in range(pairs):  # the groups' cards back to 0 for the next class
                v = values[b, p]
                if v > h:
                    level[slot[v], pair_i[p]] = 0
                    level[slot[v], pair_j[p]] = 0
        for g in range(groups):
            tied += level_all[g] * level_all[g] - square[g] + level_all[g]
            slot[seen[g]] = -1
            level_all[g], square[g] = 0, 0
        w = weight[b]
        out[0] += w * (cards * (cards - 1) // 2) * ((cards - 2) * (cards - 3) // 2)
        out[1] += w * (below_all * below_all - square_below + below_all)
        out[2] += w * (equal_all * below_all - cross)
        out[3] += w * (equal_all * equal_all - square_equal + equal_all)
        out[4] += w * tied


def two_counts(left, hero, values, weight, pairs) -> np.ndarray:
    """The counting path's classes of boards against two random hands (``pysolver.odds._exact.counting``):
    ``(5,)`` int64, the ordered pairs of disjoint holdings in all, both below the hero, the first equal
    and the second below, both equal, and tied above it, each weighed by its class's boards.
    ``values``: each pair of kinds' value per class; ``pairs``: the kinds ``(i, j)`` of each."""
    out = np.zeros(5, dtype=np.int64)
    _two_counts(
        np.ascontiguousarray(left, dtype=np.int64),
        np.ascontiguousarray(hero, dtype=np.int64),
        np.ascontiguousarray(values, dtype=np.int64),
        np.ascontiguousarray(weight, dtype=np.int64),
        pairs[0],
        pairs[1],
        out,
    )
    return out


__all__ = ["one_counts", "two_counts"]
