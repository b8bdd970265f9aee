"""What a board (with the dead cards) leaves to deal, worked out once per board for the exact paths.

The grouped enumeration (:mod:`pysolver.odds._exact.grouped`) and the counting of
random opponents (:mod:`pysolver.odds._exact.counting`) ask the same questions of a
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
from functools import cache, lru_cache
from itertools import combinations
from math import comb

import numpy as np

from ..core import Rules
from ..evaluator import rank_multisets
from ._combo_codes import GROUP_KEY
from ._hand_tables import CARD_RANK_KEY, RANK_WEIGHTS, hand_tables
from ._model import fixing


@cache
def multisets(size: int) -> tuple[np.ndarray, np.ndarray]:
    """Every multiset of ``size`` ranks as counts per rank ``(n, 13)``, and its rank key."""
    counts = rank_multisets(size)
    return counts, counts @ RANK_WEIGHTS


@cache
def rank_subsets(size: int) -> tuple[np.ndarray, np.ndarray]:
    """Every set of ``size`` distinct ranks: its 13-bit mask and rank key."""
    ranks = np.array(list(combinations(range(13), size)), dtype=np.int64).reshape(comb(13, size), size)
    return (np.int64(1) << ranks).sum(axis=1), RANK_WEIGHTS[ranks].sum(axis=1)


@cache
def compact_multisets(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every multiset of ``size`` ranks as (ranks, multiplicities), each ``(max(size, 1), n)``: one
    row per place, padded with multiplicity 0; and its rank key."""
    counts = rank_multisets(size)
    order = np.argsort(-counts, axis=1, kind="stable")[:, : max(size, 1)]
    multiplicity = np.take_along_axis(counts, order, axis=1)
    return np.ascontiguousarray(order.T), np.ascontiguousarray(multiplicity.T), counts @ RANK_WEIGHTS


@cache
def suited_runouts(to_come: int) -> tuple[list[np.ndarray], list[int]]:
    """The run-outs of ``to_come`` cards as the ranks of one suit they deal (``drawn`` of them, a
    13-bit mask) and the multiset of the others' ranks (at most two: a suit needs three cards on
    the final board, ``to_come - 2`` or more of them from the run-out before the flop): ``drawn``,
    ``mask``, the rank key of all, the others' ranks and multiplicities ``(2, n)`` and the row of the
    whole run-out's rank multiset in :func:`compact_multisets`; by ``drawn``, where each number of
    cards drawn starts (up to ``to_come + 2``)."""
    parts = []
    for drawn in range(max(0, to_come - 2), to_come + 1):
        masks, mask_keys = rank_subsets(drawn)
        ranks, multiplicity, rest_keys = compact_multisets(to_come - drawn)
        pad = ((0, 2 - len(ranks)), (0, 0))
        m, r = np.divmod(np.arange(len(masks) * len(rest_keys)), len(rest_keys))
        parts.append(
            (
                np.full(len(m), drawn),
                masks[m],
                mask_keys[m] + rest_keys[r],
                np.pad(ranks, pad)[:, r],
                np.pad(multiplicity, pad)[:, r],
            )
        )
    drawn_of, masks, keys, rest, multiplicity = (np.concatenate(column, axis=-1) for column in zip(*parts))
    all_keys = compact_multisets(to_come)[2]
    order = np.argsort(all_keys)
    columns = [drawn_of, masks, keys, *rest, *multiplicity, order[np.searchsorted(all_keys, keys, sorter=order)]]
    starts = [int(np.searchsorted(drawn_of, count)) for count in range(to_come + 3)]
    return [np.ascontiguousarray(column) for column in columns], starts


@lru_cache(maxsize=64)
def mask_blocks(to_come: int, first: int, last: int) -> np.ndarray:
    """Where each run of one suited mask starts among the run-outs ``first:last`` of
    :func:`suited_runouts` (counted from ``first``), and their end: the flush corrections' blocks.

    >>> np.diff(mask_blocks(5, 0, 273)).tolist()       # preflop: three ranks of the suit, 91 others each
    [91, 91, 91]
    """
    masks = suited_runouts(to_come)[0][1][first:last]
    blocks = np.concatenate([[0], np.flatnonzero(np.diff(masks)) + 1, [len(masks)]]).astype(np.int64)
    blocks.setflags(write=False)
    return blocks


@dataclass(frozen=True)
class BoardFacts:
    """What a board and dead cards leave, worked out once per board: unseen cards per rank
    ``(13,)`` and per suit and rank ``(4, 13)``, its cards per suit and
    their ranks as 13 bits per suit, the unseen ranks of each suit as bits, the suit
    permutations that fix the board and the dead cards, the most cards of each suit a run-out
    can deal, and per suit the ranks not left to deal as bits."""

    per_rank: np.ndarray
    suit_unseen: np.ndarray
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
    most = tuple(min(int(n), 5 - len(cards)) for n in suit_unseen.sum(axis=1))
    free = (suit_unseen << np.arange(13)).sum(axis=1)
    return BoardFacts(
        unseen.reshape(13, 4).sum(axis=1),
        suit_unseen,
        np.bincount(cards & 3, minlength=4),
        bits,
        free,
        fixing(cards, gone),
        most,
        0x1FFF & ~free,
    )


def rank_values(board: np.ndarray, rules: Rules | None = None) -> np.ndarray:
    """``(91, multisets)`` the rank-only value of the board with each rank group of a holding and
    each rank multiset of the run-out (in the order of :func:`pysolver.evaluator._shipped_tables.rank_multisets`),
    kept per board: 8,281 values after the flop, 561,925 before it.

    >>> from pysolver.evaluator import evaluate
    >>> values = rank_values(np.array([48, 49, 50]))           # Ac Ad Ah
    >>> values.shape, int(values.max()) == evaluate("Ac Ad Ah As Kc Kd Kh")
    ((91, 91), True)
    """
    return _rank_values(
        np.asarray(board, dtype=np.int64).tobytes(), None if rules is None or rules.is_standard else rules
    )


@lru_cache(maxsize=64)
def _rank_values(board: bytes, game: Rules | None) -> np.ndarray:
    """:func:`rank_values` of the board's bytes, kept per board and game."""
    cards = np.frombuffer(board, dtype=np.int64)
    keys = int(CARD_RANK_KEY[cards].sum()) + GROUP_KEY[:, None] + compact_multisets(5 - len(cards))[2]
    values = hand_tables(game).rank_value.take(keys, mode="clip")
    values.setflags(write=False)
    return values


__all__ = [
    "multisets",
    "rank_subsets",
    "compact_multisets",
    "suited_runouts",
    "mask_blocks",
    "BoardFacts",
    "board_facts",
    "rank_values",
]
