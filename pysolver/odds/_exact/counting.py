"""Exact equity of known hands against one or two random hands by counting, not enumerating, deals.

On a given board every opponent holding has a value; a deal of two opponents
is an ordered pair of disjoint holdings. The hero wins when both are below it,
so the wins on that board are the ordered disjoint pairs of holdings below the
hero, counted by inclusion-exclusion over shared cards::

    D(X, Y) = |X| |Y| - sum over cards c of |X_c| |Y_c| + |X and Y|

(``X_c``: the holdings of ``X`` that hold ``c``), and ties and the opponents'
results likewise (a tie among the opponents above the hero sums ``D(H_v, H_v)``
over the values ``v`` above it). Nothing here depends on which cards are left,
only on how many of each kind: the cards left are counted per rank (and,
where a suit can make a flush, per rank on and off that suit), the holdings
per pair of such kinds, so

* boards on which no flush is possible are taken by their rank multiset (6,175
  before the flop) exactly as :func:`pysolver.odds._exact.fixed.exact_fixed`
  does, valued as if no flush were possible, and
* boards with three or more cards of one suit are corrected per suit, the
  suit's ranks one by one and the rest by rank multiset, one suit of each
  class the hero's cards, the board and the dead cards leave exchangeable.

Several known hands count alike: the random hands see only the best of their
values (the hero's value), and which of them hold it is a code per class of
boards; the counts are summed per code and split among its holders
(:mod:`pysolver.odds._tops`). With the evaluator's compiled kernel loaded the
classes are counted in compiled loops (:mod:`pysolver.odds._kernels`), else
with numpy: the same integers.

AhKh against two random hands before the flop is then about 80,000 classes of
boards times 351 kinds of holdings, instead of 2,118,760 boards times the
980,100 deals of the two opponents.

    >>> t = hero_against_two(np.array([51, 47]), np.array([0, 4, 8, 12, 49]))    # AsKs, 2c 3c 4c 5c Ad
    >>> t.wins.tolist(), t.ties.tolist(), t.deals                                 # the wheel at best
    ([0.0, 321507.0, 321507.0], [245520.0, 250956.0, 250956.0], 893970.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...core import Rules
from .._boards import multisets, rank_subsets, rank_values
from .._combo_codes import GROUP_OF
from .._cost import CALL_COST, MULTISETS, Cheapest, Shape, Solve
from .._hand_tables import RANK_WEIGHTS, hand_tables
from .._model import Question, Report, Tally, fixing, suit_orbits
from .._tops import count_tops, known_seats, tops_row
from .fixed import compiled_loops, exact_backend, rank_ways

_NONE = np.zeros(0, dtype=np.int64)
_LEVEL = 1 << 13  # above every hand value

#: The kinds of cards left: ``rank + 13 * on_suit``; the kinds of holdings: pairs of kinds.
_I, _J = np.triu_indices(26)
_SAME = _I == _J
_PAIR_KEY = RANK_WEIGHTS[_I % 13] + RANK_WEIGHTS[_J % 13]
_SUIT_BITS = ((_I >= 13).astype(np.int64) << (_I % 13)) | ((_J >= 13).astype(np.int64) << (_J % 13))
_ONE_I = (np.arange(26) == _I[:, None]).astype(np.float32)
_ONE_J = ((np.arange(26) == _J[:, None]) & ~_SAME[:, None]).astype(np.float32)
_PAIR_GROUP = GROUP_OF[_I % 13, _J % 13]  # the rank group (0..90) of each pair of kinds
_ALL = np.arange(len(_I))
_PAIRS = (np.ascontiguousarray(_I, dtype=np.int64), np.ascontiguousarray(_J, dtype=np.int64))
_OFF = np.flatnonzero(_J < 13)  # the 91 pairs of kinds off the suit: the ranks alone
_ORDER = np.concatenate([_OFF, np.flatnonzero(_J >= 13)])
_KERNEL_PAIRS = tuple(np.ascontiguousarray(a[_ORDER], dtype=np.int64) for a in (_I, _J, _PAIR_GROUP, _SUIT_BITS))
"""The pairs of kinds as the compiled loop reads them, the 91 off the suit first."""
CLASSES_AT_ONCE = 1024
"""Classes of boards valued at once (their holdings' values fit in cache)."""


def _counts(left: np.ndarray, hero: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Per class of boards: the cards left of each kind ``(B, 26)``, the hero's value ``(B,)`` and
    each kind of holding's value ``(B, 351)``. Returns ``(B, 5)``: the ordered pairs of disjoint
    holdings in all, both below the hero, the first equal and the second below, both equal, and
    both above and equal to each other."""
    left = left.astype(np.int32)
    a_i, a_j = left[:, _I], left[:, _J]
    holdings = np.where(_SAME, a_i * (a_i - 1) // 2, a_i * a_j)
    hold_i = np.where(_SAME, a_i - 1, a_j).astype(np.float32)  # of the kind, holding a card of kind i
    hold_j = a_i.astype(np.float32)
    left = left.astype(np.int64)

    def sums(mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        per_card = np.where(mask, hold_i, 0) @ _ONE_I + np.where(mask, hold_j, 0) @ _ONE_J  # exact: small
        return np.where(mask, holdings, 0).sum(axis=1, dtype=np.int64), per_card.astype(np.int64)

    below, below_card = sums(values < hero[:, None])
    equal, equal_card = sums(values == hero[:, None])
    cards = left.sum(axis=1)
    total = cards * (cards - 1) // 2 * ((cards - 2) * (cards - 3) // 2)
    both_below = below * below - (left * below_card * below_card).sum(axis=1) + below
    equal_below = equal * below - (left * equal_card * below_card).sum(axis=1)
    both_equal = equal * equal - (left * equal_card * equal_card).sum(axis=1) + equal
    return np.column_stack(
        [total, both_below, equal_below, both_equal, _ties_above(left, hero, values, holdings, hold_i, hold_j)]
    )


def _ties_above(left, hero, values, holdings, hold_i, hold_j) -> np.ndarray:
    """Per class of boards, the ordered disjoint pairs of holdings of equal value above the hero:
    the sum over values v of |H_v|^2 - sum_c |H_v,c|^2 + |H_v|."""
    row, kind = np.nonzero((values > hero[:, None]) & (holdings > 0))
    level = row * _LEVEL + values[row, kind]
    levels, where = np.unique(level, return_inverse=True)
    per_level = np.bincount(where, weights=holdings[row, kind])
    squares = np.bincount(levels // _LEVEL, weights=per_level * per_level, minlength=len(hero))
    singles = np.bincount(row, weights=holdings[row, kind], minlength=len(hero))
    side = ~_SAME[kind]
    card_level = np.concatenate([level * 32 + _I[kind], level[side] * 32 + _J[kind][side]])
    card_count = np.concatenate([hold_i[row, kind], hold_j[row, kind][side]])
    found, where = np.unique(card_level, return_inverse=True)
    per_card = np.bincount(where, weights=card_count)
    card_row = found // 32 // _LEVEL
    shared = np.bincount(card_row, weights=left[card_row, found % 32] * per_card * per_card, minlength=len(hero))
    return np.rint(squares - shared + singles).astype(np.int64)


def hero_against_two(
    hero: np.ndarray,
    board: np.ndarray = _NONE,
    dead: np.ndarray = _NONE,
    hero_seat: int | Sequence[int] = 0,
    rules: Rules | None = None,
    report: Report = None,
    threads: int = 1,
) -> Tally:
    """Exact counts of the known hand ``hero`` (or hands ``(f, 2)``) against two random hands, a board of
    0, 3, 4 or 5 cards; the hero sits at ``hero_seat`` (or the hands at one seat each), the random hands
    in the other seats. The chunks of classes of boards are counted on up to ``threads`` threads and
    summed in order."""
    classes = BoardClasses(hero, board, dead, rules)
    loops = compiled_loops()

    def count(chunk: tuple, inner: Report) -> np.ndarray:
        left, hero_value, row, flush, weight, _ = chunk
        values = classes.values(row, flush, _ALL)
        if inner is not None:
            inner(1 / 2)  # the holdings valued (half), counted
        if loops is not None:
            sums = loops.two_counts(left, hero_value, values, weight, _PAIRS)
        else:
            sums = weight.astype(np.int64) @ _counts(left.astype(np.int64), hero_value, values)
        total, both_below, equal_below, both_equal, tied_above = sums.tolist()
        return tops_row(total, [both_below, 2 * equal_below, both_equal], tied_above, 2 * tied_above)

    return count_tops(classes.chunks(), count, known_seats(hero_seat), 2, report, threads)


def hero_against_one(
    hero: np.ndarray,
    board: np.ndarray = _NONE,
    dead: np.ndarray = _NONE,
    hero_seat: int | Sequence[int] = 0,
    rules: Rules | None = None,
    report: Report = None,
    threads: int = 1,
) -> Tally:
    """Exact counts of the known hand ``hero`` (or hands ``(f, 2)``, one seat each in ``hero_seat``)
    against one random hand in the other seat: per class of boards the holdings below, equal to and
    above the best known value, by pair of kinds of cards (the 91 pairs of ranks where no flush can be
    made); the chunks of classes on up to ``threads`` threads, summed in order.

    >>> t = hero_against_one(np.array([51, 47]), np.array([43, 39, 0]))      # AsKs on Qs Js 2c
    >>> t.wins.tolist(), t.ties.tolist(), t.deals
    ([811922.0, 248358.0], [9910.0, 9910.0], 1070190.0)
    """
    classes = BoardClasses(hero, board, dead, rules)
    loops = compiled_loops()

    def count(chunk: tuple, _: Report) -> np.ndarray:
        left, hero_value, row, flush, weight, _ = chunk
        if loops is not None:
            below, equal, total = loops.one_counts(
                left, hero_value, row, flush, weight, classes.rank_values, classes.table.flush_value, _KERNEL_PAIRS
            )
            return tops_row(int(total), [int(below), int(equal)])
        pairs = _OFF if flush is None else _ALL
        values = classes.values(row, flush, pairs)
        counts = left.astype(np.int64)
        first, second = counts[:, _I[pairs]], counts[:, _J[pairs]]
        held = np.where(_SAME[pairs], first * (first - 1) // 2, first * second)
        weight = weight.astype(np.int64)
        below = weight @ (held * (values < hero_value[:, None])).sum(axis=1)
        equal = weight @ (held * (values == hero_value[:, None])).sum(axis=1)
        cards = counts.sum(axis=1)
        return tops_row(weight @ (cards * (cards - 1) // 2), [below, equal])

    return count_tops(classes.chunks(), count, known_seats(hero_seat), 1, report, threads)


def _best(values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per class, the best of the known hands' values ``(f, B)`` and which of them hold it (bits)."""
    best = values.max(axis=0)
    return best, ((values == best) << np.arange(len(values))[:, None]).sum(axis=0)


class BoardClasses:
    """The classes of boards of known hands' question: first the boards with three or more cards of a
    suit (per suit, the suit's ranks and the rest's rank multiset), then the rank multisets, less
    those boards. The value of each rank group of a holding with each rank multiset of the board
    is read from a table kept per board (:func:`pysolver.odds._boards.rank_values`): the classes of
    boards index its columns by their rank multiset. ``hands`` is one known hand ``(2,)`` or several
    ``(f, 2)``: per class, the best of their values (the hero's value) and which of them hold it
    (a code of bits in their order)."""

    def __init__(self, hands: np.ndarray, board: np.ndarray, dead: np.ndarray, rules: Rules | None) -> None:
        hands, board, dead = (np.asarray(x, dtype=np.int64) for x in (hands, board, dead))
        hands = hands.reshape(-1, 2)
        table = self.table = hand_tables(rules)
        unseen = np.ones(52, dtype=bool)
        unseen[np.concatenate([hands.ravel(), board, dead])] = False
        to_come = 5 - len(board)
        per_rank = unseen.reshape(13, 4).sum(axis=1)
        counts, keys = multisets(to_come)
        ways = rank_ways(per_rank, counts)
        order = np.argsort(keys)
        self.rank_values = rank_values(board, rules)  # (91, multisets)
        hand_values = self.rank_values[GROUP_OF[hands[:, 0] >> 2, hands[:, 1] >> 2]]  # (f, multisets)
        on_board = np.bincount(board & 3, minlength=4)
        parts = []
        for suit, times in suit_orbits(fixing(board, dead, *hands)):
            suit_unseen = unseen[suit::4]
            hand_bits = ((hands & 3) == suit).astype(np.int64) << (hands >> 2)
            hand_bits = hand_bits.sum(axis=1)  # (f,) each hand's ranks of the suit
            board_bits = int(sum(1 << int(c >> 2) for c in board if c & 3 == suit))
            free = int((np.int64(1) << np.flatnonzero(suit_unseen)).sum())
            for drawn in range(max(0, 3 - on_board[suit]), min(to_come, int(suit_unseen.sum())) + 1):
                masks, mask_keys = rank_subsets(drawn)
                rest, rest_keys = multisets(to_come - drawn)
                rest_ways = rank_ways(per_rank - suit_unseen, rest)
                m, r = np.nonzero(((masks & ~free) == 0)[:, None] & (rest_ways > 0)[None, :])
                left = np.empty((len(m), 26), dtype=np.int8)
                left[:, :13] = per_rank - suit_unseen - rest[r]
                left[:, 13:] = suit_unseen & ((masks[m, None] >> np.arange(13)) & 1 == 0)
                flush_bits = board_bits | masks[m]
                column = order[np.searchsorted(keys, mask_keys[m] + rest_keys[r], sorter=order)]  # the same ranks
                values = np.maximum(hand_values[:, column], table.flush_value[hand_bits[:, None] | flush_bits])
                parts.append((left, *_best(values), column, flush_bits, rest_ways[r] * times))
        self.suited: list[Any] | None = [np.concatenate(column) for column in zip(*parts)] if parts else None
        if self.suited is not None:
            np.subtract.at(ways, self.suited[3], self.suited[5])
        live = np.flatnonzero(ways > 0)
        left = np.zeros((len(live), 26), dtype=np.int8)
        left[:, :13] = per_rank - counts[live]
        self.plain: list[Any] = [left, *_best(hand_values[:, live]), live, None, ways[live]]

    def chunks(self) -> list[tuple]:
        """The classes in chunks of at most :data:`CLASSES_AT_ONCE` of one code of the hands holding the best
        value: the cards left of each kind ``(B, 26)``, the best value, the column of the rank values,
        the 13-bit ranks of the suit on the board (None where no flush is possible), how many boards
        each class stands for, and the code (one known hand: 1)."""
        chunks = []
        for left, best, code, row, flush, weight in ([] if self.suited is None else [self.suited]) + [self.plain]:
            if not len(code):
                continue
            order = np.argsort(code, kind="stable")
            ends = np.flatnonzero(np.diff(code[order])) + 1
            for run in np.split(order, ends):
                for start in range(0, len(run), CLASSES_AT_ONCE):
                    take = run[start : start + CLASSES_AT_ONCE]
                    columns = (left, best, row, flush, weight)
                    chunk = tuple(None if column is None else column[take] for column in columns)
                    chunks.append((*chunk, int(code[take[0]])))
        return chunks

    def values(self, row: np.ndarray, flush: np.ndarray | None, pairs: np.ndarray) -> np.ndarray:
        """``(B, len(pairs))`` the value of each pair of kinds of holding on the classes of boards
        ``row`` (columns of the table of rank values): by its ranks, and where a flush can be made
        (``flush``: the suit's ranks on the
        board) the better of that and its flush."""
        values = self.rank_values.ravel().take(row[:, None] + _PAIR_GROUP[pairs] * self.rank_values.shape[1])
        if flush is not None:
            np.maximum(values, self.table.flush_value.take(_SUIT_BITS[pairs] | flush[:, None], mode="clip"), out=values)
        return values


#: Classes of boards with three or more cards of one suit: before the flop per suit, after it for
#: all suits together (at most; a monotone flop has the most), by cards to come.
SUITED_BOARDS = (2, 20, 250, 250, 250, 36_608)
#: Work per class of boards (as estimated: the suited classes of every suit left unlike) when counting
#: one or two random opponents, in the compiled loops and with numpy (measured before the flop: AhKh
#: QsQd JcTc against one random hand, 152,607 classes estimated, 72,488 counted, 0.09 s compiled and
#: 0.46 s with numpy; AhKh against one, 79,391 estimated, 0.07 s; AhKh QsQd against two, 89,232
#: counted, 0.50 s compiled (estimate 0.58 s) and 7.2 s; AhKh against two, 0.33 s (0.40 s)).
_PER_CLASS = {1: 8, 2: 50}
_NUMPY_PER_CLASS = {1: 40, 2: 800}


class CountingPath:
    """Known hands against one or two random hands: :func:`hero_against_one` or
    :func:`hero_against_two`. Its cost: per class of boards (the rank multisets to come, and the
    boards with three or more cards of a suit: 2, 20, 250, 250, 250 and 36,608 by cards to come 0 ..
    5, per suit the known hands leave unlike before the flop) 8 hand values against one opponent,
    50 against two, compiled (40 and 800 with numpy, where numba is not installed; measured)."""

    name = "counting"
    compiled = True  # counts in compiled loops (with numba)

    def applies(self, shape: Shape) -> bool:
        randoms = sum(s.is_random for s in shape.sizes)
        return randoms == len(shape.opens) in (1, 2) and len(shape.sizes) > randoms

    def cost(self, shape: Shape, cheapest: Cheapest) -> float:
        to_come, opponents = 5 - shape.board, len(shape.opens)
        suited = SUITED_BOARDS[to_come] * (shape.suits if shape.board == 0 else 1)
        per_class = (_PER_CLASS if exact_backend() == "numba" else _NUMPY_PER_CLASS)[opponents]
        return (MULTISETS[to_come] + suited) * per_class + opponents * CALL_COST

    def run(self, question: Question, report: Report, solve: Solve) -> Tally:
        q, known = question, [i for i, p in enumerate(question.players) if p.is_hand]
        count = hero_against_two if len(q.opens) == 2 else hero_against_one
        return count(q.hands, q.board, q.dead, known, q.rules, report, q.threads)


__all__ = ["CLASSES_AT_ONCE", "SUITED_BOARDS", "BoardClasses", "hero_against_two", "hero_against_one", "CountingPath"]
