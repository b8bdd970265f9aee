"""Exact equity with ranges by groups: combos grouped by their ranks, run-outs by their rank multisets.

Every player holds a set of weighted combos (a known hand is one combo). A
*deal* is one combo per player, no card twice, and a run-out of the board;
it counts with the product of the combos' weights. Without a flush, the value
of seven cards depends on their ranks alone, so the deals are counted as in
:func:`pysolver.odds.enumeration.exact_fixed`, one level up:

1. **Ranks.** The deals of combos are grouped by the players' rank pairs; a
   group's weight is the summed weight of its deals. Every combo of a group
   removes the same ranks from the deck, so a run-out's rank multiset is dealt
   ``prod C(unseen of rank r, m_r)`` ways for all of them: each group is valued
   once per rank multiset (91 on a flop, 6,175 before the flop).
2. **Flushes.** A flush needs three suited cards on the final board, so at most
   one suit can make one. Per suit, the deals are grouped again by the players'
   rank pairs and which of their cards have the suit; the boards with three or
   more cards of the suit are dealt as the suit's ranks one by one and the
   other cards by rank multiset, and where some player makes a flush the count
   of step 1 is replaced by the actual one. Suits that a permutation of the
   suits fixing every player's weighted combos, the board and the dead cards
   maps onto each other correct alike: one of them is computed, times their
   number.

    >>> aces, kings = (np.array([[48, 49]]), np.ones(1)), (np.array([[47, 46]]), np.ones(1))  # AcAd, KsKh
    >>> t = exact_grouped([aces, kings], np.zeros(0, dtype=np.int64))
    >>> t.wins.tolist(), t.ties.tolist(), t.deals
    ([1388072.0, 317694.0], [6538.0, 6538.0], 1712304.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Callable, Optional, Sequence

import numpy as np

from . import hand_tables as _tables
from .enumeration import Tally, _GROUP_OF, _rank_subsets
from .hand_tables import CARD_RANK_KEY, RANK_WEIGHTS
from .matchups import COMBO_IMAGES, SUIT_MAPS, combo_indices
from ..core.rules import Rules
from ..evaluator.tables import rank_multisets

Seat = tuple[np.ndarray, np.ndarray]
"""A player's combos ``(n, 2)`` (card indices) and their weights ``(n,)``."""

_NONE = np.zeros(0, dtype=np.int64)
_FILTER_FROM = 4096
_CHOOSE = np.array([[comb(n, m) for m in range(5)] for n in range(5)], dtype=np.int64)


@lru_cache(maxsize=None)
def _compact_multisets(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every multiset of ``size`` ranks as (ranks, multiplicities), each ``(n, size)`` padded with
    multiplicity 0, and its rank key."""
    counts = rank_multisets(size)
    order = np.argsort(-counts, axis=1, kind="stable")[:, :max(size, 1)]
    multiplicity = np.take_along_axis(counts, order, axis=1)
    return order, multiplicity, counts @ RANK_WEIGHTS


def _ways(available: np.ndarray, size: int) -> np.ndarray:
    """``(groups, multisets)``: ways to deal each multiset of ``size`` ranks from each row of
    ``available`` (unseen cards per rank), ``prod_r C(available_r, m_r)``."""
    ranks, multiplicity, _ = _compact_multisets(size)
    ways = np.ones((len(available), len(ranks)), dtype=np.int64)
    for column in range(ranks.shape[1]):
        ways *= _CHOOSE[available[:, ranks[:, column]], multiplicity[None, :, column]]
    return ways


def deals(seats: Sequence[Seat]) -> tuple[np.ndarray, np.ndarray]:
    """Every way to give each player one of its combos with no card twice: ``(players, n)`` rows
    into each player's combos, and the product of the weights.

    >>> rows, weights = deals([(np.array([[0, 1], [2, 3]]), np.ones(2)), (np.array([[1, 2]]), np.ones(1))])
    >>> rows.tolist(), weights.tolist()
    ([[], []], [])
    """
    bits = [(np.int64(1) << combos[:, 0]) | (np.int64(1) << combos[:, 1]) for combos, _ in seats]
    rows = np.arange(len(bits[0]))[None, :]
    used, weight = bits[0], np.asarray(seats[0][1], dtype=np.float64)
    for player in range(1, len(seats)):
        i, j = np.nonzero((used[:, None] & bits[player][None, :]) == 0)
        rows = np.vstack([rows[:, i], j])
        used, weight = used[i] | bits[player][j], weight[i] * seats[player][1][j]
    return rows, weight


def _classes(codes: np.ndarray, weight: np.ndarray, base: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct columns of ``codes`` ``(players, n)`` (each below ``base``): one deal of each
    and the summed weight."""
    space = base ** len(codes)
    if space <= 1 << 20:              # small: a dense table instead of a sort
        key = (codes * (base ** np.arange(len(codes), dtype=np.int64))[:, None]).sum(axis=0)
        summed = np.bincount(key, weights=weight, minlength=space)
        first = np.empty(space, dtype=np.int64)
        first[key[::-1]] = np.arange(len(key) - 1, -1, -1)
        present = np.flatnonzero(np.bincount(key, minlength=space))
        return first[present], summed[present]
    if space < 2 ** 62:
        key = (codes * (base ** np.arange(len(codes), dtype=np.int64))[:, None]).sum(axis=0)
        _, first, inverse = np.unique(key, return_index=True, return_inverse=True)
    else:
        _, first, inverse = np.unique(codes.T, axis=0, return_index=True, return_inverse=True)
    return first, np.bincount(inverse.ravel(), weights=weight)


def suit_orbits(seats: Sequence[Seat], board: np.ndarray, dead: np.ndarray) -> list[tuple[int, int]]:
    """Each class of suits that the suit permutations fixing every player's weighted combos, the
    board and the dead cards map onto each other: (its least suit, its size).

    >>> no_cards = np.zeros(0, dtype=np.int64)
    >>> suit_orbits([(np.array([[48, 49]]), np.ones(1))], no_cards, no_cards)     # AcAd
    [(0, 2), (2, 2)]
    """
    fixing = np.ones(len(SUIT_MAPS), dtype=bool)
    for cards in (board, dead):
        known = np.zeros(52, dtype=bool)
        known[cards] = True
        fixing &= known[SUIT_MAPS[:, cards]].all(axis=1)
    for combos, weights in seats:
        if fixing.sum() == 1:                      # only the identity is left
            break
        dense = np.zeros(COMBO_IMAGES.shape[1])
        index = combo_indices(combos)
        dense[index] = weights
        fixing[fixing] = (dense[COMBO_IMAGES[fixing][:, index]] == weights).all(axis=1)
    images = SUIT_MAPS[fixing, :4]
    orbits = {frozenset(images[:, suit].tolist()) for suit in range(4)}
    return sorted((min(orbit), len(orbit)) for orbit in orbits)


@dataclass(frozen=True)
class _Holdings:
    """One player's combos ``(n, 2)``, sorted, described for grouping: the ranks of the low and the
    high card, the rank group (0..90), the rank key and the cards per rank ``(n, 13)``; per suit
    ``(4, n)`` whether the low and the high card have that suit, how many do, which (a code
    0..363 with the rank group), and their ranks as 13 bits."""

    low: np.ndarray
    high: np.ndarray
    group: np.ndarray
    key: np.ndarray
    counts: np.ndarray
    suited_low: np.ndarray
    suited_high: np.ndarray
    held: np.ndarray
    code: np.ndarray
    suit_bits: np.ndarray

    @classmethod
    def of(cls, combos: np.ndarray) -> "_Holdings":
        low, high = combos[:, 0] >> 2, combos[:, 1] >> 2
        group = _GROUP_OF[high, low]
        suited_low = (combos[:, 0] & 3) == np.arange(4)[:, None]                 # (4, n)
        suited_high = (combos[:, 1] & 3) == np.arange(4)[:, None]
        pattern = np.where(high == low, suited_low | suited_high, 2 * suited_high + suited_low)
        counts = (low[:, None] == np.arange(13)).astype(np.int64) + (high[:, None] == np.arange(13))
        return cls(low, high, group, RANK_WEIGHTS[low] + RANK_WEIGHTS[high], counts, suited_low, suited_high,
                   suited_low.astype(np.int64) + suited_high, 4 * group + pattern,
                   (suited_low << low) | (suited_high << high))

    def off_suit(self, suit: np.ndarray, rows: np.ndarray) -> np.ndarray:
        """``(n, 13)``: the cards per rank of the combos ``rows`` ``(players, n)`` together that are
        not of ``suit`` ``(n,)``."""
        ranks = np.arange(13)
        low = (self.low[rows, None] == ranks) & ~self.suited_low[suit, rows][:, :, None]
        high = (self.high[rows, None] == ranks) & ~self.suited_high[suit, rows][:, :, None]
        return low.sum(axis=0) + high.sum(axis=0)


def exact_grouped(seats: Sequence[Seat], board: np.ndarray, dead: np.ndarray = _NONE,
                  rules: Optional[Rules] = None, report: Optional[Callable[[float], None]] = None) -> Tally:
    """Exact counts for players given as weighted combos (avoiding the board and the dead cards),
    a board of 0, 3, 4 or 5 cards. Under a variant's ``rules`` the cards outside its deck must be
    among ``dead``. ``report(fraction)`` follows the work (in 16 steps or more)."""
    table = _tables.tables(rules)
    board, dead = np.asarray(board, dtype=np.int64), np.asarray(dead, dtype=np.int64)
    seats = [(np.sort(np.asarray(c, dtype=np.int64), axis=1), np.asarray(w, dtype=np.float64)) for c, w in seats]
    rows, weight = deals(seats)
    tally = Tally.empty(len(seats))
    holdings = _Holdings.of(np.concatenate([combos for combos, _ in seats]))      # all players' combos
    rows += np.cumsum([0] + [len(combos) for combos, _ in seats[:-1]])[:, None]  # rows into them
    unseen = np.ones(52, dtype=bool)
    unseen[np.concatenate([board, dead])] = False
    board_key = int(CARD_RANK_KEY[board].sum())
    first, group_weight = _classes(holdings.group[rows], weight, 91)
    steps = 1 if report is None else 16
    for step, part in enumerate(np.array_split(np.arange(len(first)), steps)):
        chosen = rows[:, first[part]]
        ways = _ways(unseen.reshape(13, 4).sum(axis=1)[None, :] - holdings.counts[chosen].sum(axis=0),
                     5 - len(board))
        keys = (board_key + holdings.key[chosen])[:, :, None] + _compact_multisets(5 - len(board))[2]
        counted = group_weight[part, None] * ways
        live = counted > 0
        tally.add(table.rank_value[keys[:, live]], counted[live])
        if report is not None:
            report(0.5 * (step + 1) / steps)
    if len(weight):
        _flush_corrections(tally, table, holdings, rows, weight, board, unseen, suit_orbits(seats, board, dead))
    if report is not None:
        report(1.0)
    return tally


def _flush_corrections(tally: Tally, table, holdings: _Holdings, rows: np.ndarray, weight: np.ndarray,
                       board: np.ndarray, unseen: np.ndarray, orbits: list[tuple[int, int]]) -> None:
    """Replace the rank-only counts of the boards with three or more cards of a suit on which some
    player makes a flush by the actual counts: for one suit of each orbit, times its size."""
    to_come = 5 - len(board)
    suit_unseen = unseen.reshape(13, 4).T                                   # (4, 13)
    on_board = np.bincount(board & 3, minlength=4)
    most = np.minimum(suit_unseen.sum(axis=1), to_come)
    suits, times = np.array(orbits).T
    need = (5 - on_board - most)[suits][:, None]
    maybe = (holdings.held[suits][:, rows] >= need[:, :, None]).any(axis=1)         # (suits, deals)
    which, deal = np.nonzero(maybe)
    if not len(deal):
        return
    codes = np.vstack([holdings.code[suits[which], rows[:, deal]], which])
    first, class_weight = _classes(codes, weight[deal], 364)
    suit, chosen = suits[which[first]], rows[:, deal[first]]
    class_weight = class_weight * times[which[first]]
    held = holdings.held[suit, chosen].max(axis=0)
    suit_bits = holdings.suit_bits[suit, chosen]                                    # (players, classes)
    free = (suit_unseen << np.arange(13)).sum(axis=1)
    taken = np.bitwise_or.reduce(suit_bits, axis=0) | (0x1FFF & ~free)[suit]
    hand_key = holdings.key[chosen] + int(CARD_RANK_KEY[board].sum())
    board_bits = np.zeros(4, dtype=np.int64)
    for card in board.tolist():
        board_bits[card & 3] |= 1 << (card >> 2)
    board_bits = board_bits[suit] | suit_bits
    lowest = np.maximum(np.maximum(3 - on_board[suit], 5 - on_board[suit] - held), 0)
    for drawn in range(int(lowest.min()), int(most[suit].max()) + 1):
        pick = np.flatnonzero((lowest <= drawn) & (drawn <= most[suit]))
        if not len(pick):
            continue
        masks, mask_keys = _rank_subsets(drawn)
        rest = to_come - drawn
        fits = (masks[None, :] & taken[pick, None]) == 0                                # (pick, masks)
        if rest:         # the rest of the run-out off the suit, by rank multiset
            others = (unseen.reshape(13, 4).sum(axis=1) - suit_unseen)[suit[pick]] - \
                holdings.off_suit(suit[pick], chosen[:, pick])
            counted = (class_weight[pick, None, None] * fits[:, :, None]) * _ways(others, rest)[:, None, :]
        else:
            counted = (class_weight[pick, None] * fits)[:, :, None]
        c, m, r = np.nonzero(counted)
        plain = table.rank_value[hand_key[:, pick[c]] + mask_keys[m] + _compact_multisets(rest)[2][r]]
        actual = np.maximum(plain, table.flush_value[board_bits[:, pick[c]] | masks[m]])
        counted = counted[c, m, r]
        if len(counted) > _FILTER_FROM:          # keep only the boards on which someone makes a flush
            changed = np.flatnonzero((actual > plain).any(axis=0))
            plain, actual, counted = plain[:, changed], actual[:, changed], counted[changed]
        tally.replace(plain, actual, counted)


__all__ = ["Seat", "deals", "suit_orbits", "exact_grouped"]
