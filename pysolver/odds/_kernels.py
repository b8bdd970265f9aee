"""The exact paths' compiled loops: the per-board counting of known hands, by numba, without the GIL.

The ``fixed`` path (every hand known, :mod:`pysolver.odds._exact.fixed`) counts the
boards by rank multiset, then corrects the boards with three or more cards of a
suit. Here the same count is one compiled loop over the boards' classes: each
class's number of boards (a product of binomials over the ranks), every player's
value (the rank key's value, and where a suit can flush the better of that and the
flush), and the set of winners as bits of a code; ``by_code[code]`` sums the boards
of each set of winners in int64, so the counts are exact integers and the loop is
the same on any thread. The grouped path's flush corrections (:func:`flush_codes`, reading
the rank-only winners from :func:`plain_tops`) are here too, and the counting paths' loops
(:mod:`pysolver.odds._count_kernels`) are exported from here. Importing this module compiles
it (numba): the paths import it once the evaluator's compiled kernel is loaded
(:func:`pysolver.odds._exact.fixed.compiled_loops`); the numpy path gives the same counts.

    >>> unseen = np.ones(52, bool)
    >>> unseen[[48, 49, 47, 46]] = False
    >>> codes = fixed_codes(np.array([[48, 49], [47, 46]]), np.zeros(0, np.int64), unseen)
    >>> codes[1:].tolist()                       # AcAd wins, KsKh wins, both: AA vs KK preflop
    [1388072, 317694, 6538]
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from math import comb

import numpy as np

from ..core import Rules
from ..evaluator import jit, rank_multisets
from ._count_kernels import one_counts, two_counts
from ._hand_tables import RANK_WEIGHTS, hand_tables

_CHOOSE = np.array([[comb(n, m) for m in range(5)] for n in range(5)], dtype=np.int64)


@cache
def _board_classes(rules: Rules | None) -> tuple:
    """The game's tables (:func:`~pysolver.odds._hand_tables.hand_tables`), each rank's weight in
    the rank key, every multiset of 0..5 ranks (counts (n, 13), rank keys, where each size starts)
    and every set of 0..5 distinct ranks (13-bit masks, rank keys, where each size starts), as the
    loop reads them."""
    tables = hand_tables(rules)
    counts = [rank_multisets(size) for size in range(6)]
    masks = [np.array([sum(1 << r for r in ranks) for ranks in combinations(range(13), size)]) for size in range(6)]
    bits = (np.concatenate(masks)[:, None] >> np.arange(13)) & 1
    return (
        tables.rank_value,
        tables.flush_value,
        RANK_WEIGHTS,
        np.ascontiguousarray(np.concatenate(counts), dtype=np.int64),
        np.concatenate(counts) @ RANK_WEIGHTS,
        np.cumsum([0] + [len(c) for c in counts]),
        np.concatenate(masks).astype(np.int64),
        bits @ RANK_WEIGHTS,
        np.cumsum([0] + [len(m) for m in masks]),
    )


@jit
def _ways(available, counts, row, choose):
    """How many sets of cards with ``available[r]`` cards of each rank have the rank counts of ``row``."""
    ways = 1
    for rank in range(13):
        ways *= choose[available[rank], counts[row, rank]]
        if ways == 0:
            break
    return ways


@jit
def _code(values, players):
    """The set of winners of one board as bits: the players whose value is the best."""
    best = values[0]
    for p in range(1, players):
        best = max(best, values[p])
    code = 0
    for p in range(players):
        if values[p] == best:
            code |= 1 << p
    return code


@jit
def _fixed_codes(holes, board, unseen, rank_value, flush_value, rank_key, counts, keys, starts, masks,
                 mask_keys, mask_starts, choose, by_code):  # fmt: skip
    """Add to ``by_code`` the boards of every set of winners of known ``holes`` (P, 2) on ``board``."""
    players, to_come = holes.shape[0], 5 - board.shape[0]
    available = np.zeros(13, np.int64)
    for card in range(52):
        if unseen[card]:
            available[card >> 2] += 1
    base = np.zeros(players, np.int64)
    board_key = 0
    for card in board:
        board_key += rank_key[card >> 2]
    for p in range(players):
        base[p] = board_key + rank_key[holes[p, 0] >> 2] + rank_key[holes[p, 1] >> 2]
    values = np.zeros(players, np.int64)
    for row in range(starts[to_come], starts[to_come + 1]):  # boards by rank multiset, valued without a flush
        ways = _ways(available, counts, row, choose)
        if ways:
            for p in range(players):
                values[p] = rank_value[base[p] + keys[row]]
            by_code[_code(values, players)] += ways
    plain = np.zeros(players, np.int64)
    field = np.zeros(players, np.int64)
    others = np.zeros(13, np.int64)
    for suit in range(4):  # the boards with three or more cards of a suit, recounted with the flushes
        on_board, free, left = 0, 0, 0
        for card in board:
            if card & 3 == suit:
                on_board += 1
        for rank in range(13):
            if unseen[4 * rank + suit]:
                free |= 1 << rank
                left += 1
            others[rank] = available[rank] - unseen[4 * rank + suit]
        most = 0
        for p in range(players):
            field[p] = 0
            held = 0
            for card in holes[p]:
                if card & 3 == suit:
                    field[p] |= 1 << (card >> 2)
                    held += 1
            most = max(most, held)
            for card in board:
                if card & 3 == suit:
                    field[p] |= 1 << (card >> 2)
        for drawn in range(max(0, 3 - on_board), min(to_come, left) + 1):
            if on_board + drawn + most < 5:
                continue  # nobody can make a flush in this suit
            first, last = starts[to_come - drawn], starts[to_come - drawn + 1]
            rest_ways = np.zeros(last - first, np.int64)
            for row in range(first, last):
                rest_ways[row - first] = _ways(others, counts, row, choose)
            for m in range(mask_starts[drawn], mask_starts[drawn + 1]):
                mask = masks[m]
                if mask & ~free:
                    continue
                for row in range(first, last):
                    ways = rest_ways[row - first]
                    if ways == 0:
                        continue
                    for p in range(players):
                        plain[p] = rank_value[base[p] + mask_keys[m] + keys[row]]
                        values[p] = max(plain[p], flush_value[field[p] | mask])
                    was, now = _code(plain, players), _code(values, players)
                    if was != now:
                        by_code[was] -= ways
                        by_code[now] += ways


def fixed_codes(holes: np.ndarray, board: np.ndarray, unseen: np.ndarray, rules: Rules | None = None) -> np.ndarray:
    """``(2 ** players,)`` int64: the boards dealt from the ``unseen`` cards (52,) bool on which each
    set of players (a code of bits) wins, for known ``holes`` (players, 2) on ``board``, under ``rules``."""
    by_code = np.zeros(1 << len(holes), dtype=np.int64)
    _fixed_codes(
        np.ascontiguousarray(holes, dtype=np.int64),
        np.ascontiguousarray(board, dtype=np.int64),
        np.ascontiguousarray(unseen, dtype=np.int64),
        *_board_classes(None if rules is None or rules.is_standard else rules),
        _CHOOSE,
        by_code,
    )
    return by_code


TOPS_LIMIT = 1 << 23
"""Most entries (group tuples times rank multisets) of the table of rank-only winners the flush
corrections read (:func:`plain_tops`): 32 MB."""
_TOP_SHIFT = 10  # a top: the best rank-only value above 10 bits of who holds it (up to 10 players)
_TUPLE_DIGITS = 9  # players whose rank groups (91) make one int64 key


@jit
def _plain_tops(plain_of, rows, columns, out):  # fmt: skip
    """``out[g, m]``: the best of the players' rank-only values ``plain_of[rows[p, g] + m]`` shifted
    above the bits of the players who hold it."""
    players, groups = rows.shape
    for g in range(groups):
        for m in range(columns):
            best, code = np.int64(-1), 0
            for p in range(players):
                value = np.int64(plain_of[rows[p, g] + m])
                if value > best:
                    best, code = value, 1 << p
                elif value == best:
                    code |= 1 << p
            out[g, m] = (best << _TOP_SHIFT) | code


def plain_tops(values_of: np.ndarray, hand_key: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The rank-only winners of every class of deals of the flush corrections on every rank multiset:
    each class's tuple of rank groups ``(classes,)`` (its players' rows ``hand_key`` ``(players,
    classes)`` into the flattened rank values ``values_of``), and per tuple and multiset the best
    value and its holders (:data:`TOPS_LIMIT` entries at most, else None).

    >>> values = np.array([[5, 7, 7], [6, 7, 2]])    # two rank groups, three multisets
    >>> group, tops = plain_tops(values, np.array([[0, 3, 0], [3, 0, 3]]))
    >>> group.tolist(), (tops >> 10).tolist(), (tops & 1023).tolist()
    ([1, 0, 1], [[6, 7, 7], [6, 7, 7]], [[1, 3, 2], [2, 3, 1]])
    """
    columns = values_of.shape[1]
    if len(hand_key) > _TUPLE_DIGITS:
        return None
    radix = np.int64(len(values_of)) ** np.arange(len(hand_key), dtype=np.int64)
    keys, group = np.unique(radix @ (hand_key // columns), return_inverse=True)  # each tuple of rank groups
    if len(keys) * columns > TOPS_LIMIT:
        return None
    rows = (keys // radix[:, None]) % len(values_of) * columns  # (players, tuples)
    tops = np.empty((len(keys), columns), dtype=np.int32)
    _plain_tops(values_of.ravel(), np.ascontiguousarray(rows, dtype=np.int64), columns, tops)
    return group.astype(np.int64), tops


# fmt: off
@jit
def _flush_codes(weight, taken, masks, starts, off_suit, rest, multiplicity, choose,
                 plain_of, hand_key, keys, flush_value, flush_bits, group, tops, by_code):
    # fmt: on
    """The grouped path's flush corrections of one chunk of classes (:mod:`pysolver.odds._exact.grouped`):
    class ``c`` (``weight[c]`` deals, its ranks of the suit ``taken[c]`` as bits) and suited run-out
    ``q`` (its ranks ``masks[q]``, the run-outs of one mask together from ``starts[s]`` to
    ``starts[s + 1]``) are dealt ``weight[c]`` times, where no rank is both, times the ways to deal
    the run-out's cards off the suit (``choose[5 n + m]``: C(n, m), n the cards left of rank
    ``rest[j, q]`` off the suit, ``off_suit[c]``, m ``multiplicity[j, q]``; none without
    ``off_suit`` rows); every player's rank-only value ``plain_of[hand_key[p, c] + keys[q]]`` and
    actual value (the better of that and ``flush_value[flush_bits[p, c] | masks[q]]``, once a
    mask); where the set of winners changes, the weight moves from the rank-only set's code to the
    actual one's. A mask that holds a rank of the class, or gives nobody a flush, is passed whole.
    With ``tops`` (:func:`plain_tops`; class ``c``'s row ``group[c]``), where the best flush beats
    the best rank-only value the winners are read, not worked out: the flushes' best holders after,
    the rank-only ones before."""
    players, classes = hand_key.shape
    plain = np.empty(players, dtype=np.int64)
    actual = np.empty(players, dtype=np.int64)
    flush = np.empty(players, dtype=np.int64)
    key = np.empty(players, dtype=np.int64)
    off = np.zeros(13, dtype=np.int64)
    last_plain, last_flush = len(plain_of) - 1, len(flush_value) - 1
    dealt_off, read_tops = len(off_suit) > 0, len(tops) > 0
    for c in range(classes):
        if weight[c] == 0.0:
            continue
        row = group[c] if read_tops else 0
        for p in range(players):
            key[p] = hand_key[p, c]
        if dealt_off:
            for r in range(13):
                off[r] = 5 * off_suit[c, r]
        for s in range(len(starts) - 1):
            mask = masks[starts[s]]
            if mask & taken[c]:
                continue
            best_flush, flushers = np.int64(0), 0  # where nobody makes a flush, nothing changes
            for p in range(players):
                flush[p] = flush_value[min(flush_bits[p, c] | mask, last_flush)]
                if flush[p] > best_flush:
                    best_flush, flushers = flush[p], 1 << p
                elif flush[p] == best_flush and best_flush > 0:
                    flushers |= 1 << p
            if best_flush == 0:
                continue
            for q in range(starts[s], starts[s + 1]):
                counted = weight[c]
                if dealt_off:
                    ways = np.int64(1)
                    for j in range(len(rest)):
                        ways *= choose[off[rest[j, q]] + multiplicity[j, q]]
                    if ways == 0:
                        continue
                    counted *= ways
                column = keys[q]
                if read_tops:
                    top = np.int64(tops[row, column])
                    if best_flush > top >> _TOP_SHIFT:  # the best flushes win: nobody's rank-only value is as good
                        before = top & ((1 << _TOP_SHIFT) - 1)
                        if before != flushers:
                            by_code[flushers] += counted
                            by_code[before] -= counted
                        continue
                for p in range(players):
                    value = np.int64(plain_of[min(key[p] + column, last_plain)])
                    plain[p] = value
                    actual[p] = max(value, flush[p])
                before, after = _code(plain, players), _code(actual, players)
                if before != after:
                    by_code[after] += counted
                    by_code[before] -= counted


# fmt: off
def flush_codes(weight, taken, masks, starts, off_suit, rest, multiplicity, choose,
                plain_of, hand_key, keys, flush_value, flush_bits, tops=None) -> np.ndarray:
    # fmt: on
    """:func:`_flush_codes` into a new ``by_code`` (2 ** players,): the weight that the chunk's flushes
    move from one set of winners to another (:meth:`~pysolver.odds._model.Tally.add_codes`);
    ``starts`` the blocks of one mask (:func:`~pysolver.odds._boards.mask_blocks`); ``off_suit`` None
    where no run-out deals a card off the suit; ``tops`` the chunk's classes' rows and
    :func:`plain_tops`' table, or None."""
    by_code = np.zeros(1 << len(hand_key), dtype=np.float64)
    _flush_codes(
        np.ascontiguousarray(weight, dtype=np.float64),
        np.ascontiguousarray(taken, dtype=np.int64),
        np.ascontiguousarray(masks, dtype=np.int64),
        starts,
        np.zeros((0, 13), np.int64) if off_suit is None else np.ascontiguousarray(off_suit, dtype=np.int64),
        np.ascontiguousarray(rest, dtype=np.int64),
        np.ascontiguousarray(multiplicity, dtype=np.int64),
        choose,
        plain_of,
        np.ascontiguousarray(hand_key, dtype=np.int64),
        np.ascontiguousarray(keys, dtype=np.int64),
        flush_value,
        np.ascontiguousarray(flush_bits, dtype=np.int64),
        np.zeros(0, np.int64) if tops is None else np.ascontiguousarray(tops[0], dtype=np.int64),
        np.zeros((0, 0), np.int32) if tops is None else tops[1],
        by_code,
    )
    return by_code


__all__ = ["fixed_codes", "one_counts", "two_counts", "TOPS_LIMIT", "plain_tops", "flush_codes"]
