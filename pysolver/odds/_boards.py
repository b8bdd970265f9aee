"""What a board (with the dead cards) leaves to deal, worked out once per board for the exact paths.

The grouped enumeration (:mod:`pysolver.odds._exact_grouped`) and the counting of
random opponents (:mod:`pysolver.odds._exact_counting`) ask the same questions of a
board on every call: how many cards of each rank and suit are left, which
suit permutations fix the board and the dead cards, and the rank-only value
of the board with each rank group of a holding and each rank multiset of the
run-out. They are answered once per board (and per game) and kept:
:func:`board_facts`, :func:`rank_values` (8,281 values after the flop, a
table small enough to stay in cache where the evaluator's rank table is 15
MB). The run-outs that give a suit three or more cards, listed by the suit's
ranks and the other cards' rank multiset, are kept per number of cards to
come (:func:`suited_runouts`).

    >>> facts = board_facts(np.array([47, 29, 2]), np.zeros(0, dtype=np.int64))      # Ks 7h 2d
    >>> facts.per_rank.tolist()[-2:], facts.on_board.tolist(), facts.most
    ([3, 4], [0, 1, 1, 1], (2, 2, 2, 2))
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Sequence

import numpy as np

from ._combo_codes import GROUP_KEY, combo_indices
from ._exact_fixed import _rank_subsets
from ._hand_tables import CARD_RANK_KEY, hand_tables, RANK_WEIGHTS
from ._table_matchups import COMBO_IMAGES, SUIT_MAPS
from ..core._rules import Rules
from ..evaluator import rank_multisets

Seat = tuple[np.ndarray, np.ndarray]
"""A player's combos ``(n, 2)`` (card indices) and their weights ``(n,)``."""


@lru_cache(maxsize=None)
def compact_multisets(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every multiset of ``size`` ranks as (ranks, multiplicities), each ``(max(size, 1), n)``: one
    row per place, padded with multiplicity 0; and its rank key."""
    counts = rank_multisets(size)
    order = np.argsort(-counts, axis=1, kind="stable")[:, :max(size, 1)]
    multiplicity = np.take_along_axis(counts, order, axis=1)
    return np.ascontiguousarray(order.T), np.ascontiguousarray(multiplicity.T), counts @ RANK_WEIGHTS


@lru_cache(maxsize=None)
def suited_runouts(to_come: int) -> tuple[list[np.ndarray], list[int]]:
    """The run-outs of ``to_come`` cards as the ranks of one suit they deal (``drawn`` of them, a
    13-bit mask) and the multiset of the others' ranks (at most two: a suit needs three cards on
    the final board, ``to_come - 2`` or more of them from the run-out before the flop): ``drawn``,
    ``mask``, the rank key of all, the others' ranks and multiplicities ``(2, n)`` and the row of the
    whole run-out's rank multiset in :func:`compact_multisets`; by ``drawn``, where each number of
    cards drawn starts (up to ``to_come + 2``)."""
    parts = []
    for drawn in range(max(0, to_come - 2), to_come + 1):
        masks, mask_keys = _rank_subsets(drawn)
        ranks, multiplicity, rest_keys = compact_multisets(to_come - drawn)
        pad = ((0, 2 - len(ranks)), (0, 0))
        m, r = np.divmod(np.arange(len(masks) * len(rest_keys)), len(rest_keys))
        parts.append((np.full(len(m), drawn), masks[m], mask_keys[m] + rest_keys[r], np.pad(ranks, pad)[:, r],
                      np.pad(multiplicity, pad)[:, r]))
    drawn, masks, keys, rest, multiplicity = (np.concatenate(column, axis=-1) for column in zip(*parts))
    all_keys = compact_multisets(to_come)[2]
    order = np.argsort(all_keys)
    columns = [drawn, masks, keys, *rest, *multiplicity, order[np.searchsorted(all_keys, keys, sorter=order)]]
    starts = [int(np.searchsorted(drawn, count)) for count in range(to_come + 3)]
    return [np.ascontiguousarray(column) for column in columns], starts


@dataclass(frozen=True)
class BoardFacts:
    """What a board and dead cards leave, worked out once per board: unseen cards per rank
    ``(13,)`` and per suit and rank ``(4, 13)``, the board's rank key, its cards per suit and
    their ranks as 13 bits per suit, the unseen ranks of each suit as bits, the suit
    permutations that fix the board and the dead cards, the most cards of each suit a run-out
    can deal, and per suit the ranks not left to deal as bits."""

    per_rank: np.ndarray
    suit_unseen: np.ndarray
    key: int
    on_board: np.ndarray
    bits: np.ndarray
    free: np.ndarray
    fixing: np.ndarray
    most: tuple[int, ...]
    taken: np.ndarray

    @property
    def to_come(self) -> int:
        return 5 - int(self.on_board.sum())


def board_facts(board: np.ndarray, dead: np.ndarray) -> BoardFacts:
    """The :class:`BoardFacts` of a board and dead cards (int64 card indices), kept per board."""
    return _board(np.asarray(board, dtype=np.int64).tobytes(), np.asarray(dead, dtype=np.int64).tobytes())


@lru_cache(maxsize=256)
def _board(board: bytes, dead: bytes) -> BoardFacts:
    """:func:`board_facts` of the cards' bytes, kept per board."""
    cards, gone = np.frombuffer(board, dtype=np.int64), np.frombuffer(dead, dtype=np.int64)
    unseen = np.ones(52, dtype=bool)
    unseen[cards], unseen[gone] = False, False
    suit_unseen = unseen.reshape(13, 4).T
    bits = np.zeros(4, dtype=np.int64)
    np.bitwise_or.at(bits, cards & 3, np.int64(1) << (cards >> 2))
    fixing = np.ones(len(SUIT_MAPS), dtype=bool)
    for group in (cards, gone):
        known = np.zeros(52, dtype=bool)
        known[group] = True
        fixing &= known[SUIT_MAPS[:, group]].all(axis=1)
    most = tuple(min(int(n), 5 - len(cards)) for n in suit_unseen.sum(axis=1))
    free = (suit_unseen << np.arange(13)).sum(axis=1)
    return BoardFacts(unseen.reshape(13, 4).sum(axis=1), suit_unseen, int(CARD_RANK_KEY[cards].sum()),
                  np.bincount(cards & 3, minlength=4), bits, free, fixing, most, 0x1FFF & ~free)


def rank_values(board: np.ndarray, rules: Optional[Rules] = None) -> np.ndarray:
    """``(91, multisets)`` the rank-only value of the board with each rank group of a holding and
    each rank multiset of the run-out (in the order of :func:`pysolver.evaluator._shipped_tables.rank_multisets`),
    kept per board: 8,281 values after the flop, 561,925 before it.

    >>> from pysolver.evaluator import evaluate
    >>> values = rank_values(np.array([48, 49, 50]))           # Ac Ad Ah
    >>> values.shape, int(values.max()) == evaluate("Ac Ad Ah As Kc Kd Kh")
    ((91, 91), True)
    """
    return _rank_values(np.asarray(board, dtype=np.int64).tobytes(),
                        None if rules is None or rules.is_standard else rules)


@lru_cache(maxsize=64)
def _rank_values(board: bytes, game: Optional[Rules]) -> np.ndarray:
    """:func:`rank_values` of the board's bytes, kept per board and game."""
    cards = np.frombuffer(board, dtype=np.int64)
    keys = int(CARD_RANK_KEY[cards].sum()) + GROUP_KEY[:, None] + compact_multisets(5 - len(cards))[2]
    values = hand_tables(game).rank_value.take(keys, mode="clip")
    values.setflags(write=False)
    return values


def suit_orbits(seats: Sequence[Seat], board: np.ndarray, dead: np.ndarray,
                facts: Optional[BoardFacts] = None) -> list[tuple[int, int]]:
    """Each class of suits that the suit permutations fixing every player's weighted combos, the
    board and the dead cards map onto each other: (its least suit, its size).

    >>> no_cards = np.zeros(0, dtype=np.int64)
    >>> suit_orbits([(np.array([[48, 49]]), np.ones(1))], no_cards, no_cards)     # AcAd
    [(0, 2), (2, 2)]
    """
    if facts is None:
        facts = board_facts(board, dead)
    fixing = facts.fixing.copy()
    if fixing.sum() == 1:
        return list(_ALONE)
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


_ALONE = [(0, 1), (1, 1), (2, 1), (3, 1)]




__all__ = ["Seat", "compact_multisets", "suited_runouts", "BoardFacts", "board_facts", "rank_values", "suit_orbits"]
