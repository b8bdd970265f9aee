"""The compiled loops of the evaluator's kernel (:mod:`pysolver.evaluator._kernel`), by numba.

Imported on first use; without numba these are the same functions run by
Python (correct, slow, and used only by the tests). Card indices are read as
unsigned integers, clamped to 255: a table entry of 52..255 marks word 0 with
:data:`~pysolver.evaluator._shipped_tables.BAD_CARD`, and the loop returns that row.

    >>> from pysolver.evaluator._game_tables import CARD_KEYS, standard_tables
    >>> tables = standard_tables().kernel
    >>> cards = [51, 47, 43, 39, 35, 0, 1]             # As Ks Qs Js Ts 2c 2d
    >>> int(key_value(int(CARD_KEYS[cards, 0].sum()), int(CARD_KEYS[cards, 1].sum()), tables))
    7462
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ._jit import jit
from ._shipped_tables import FLUSH_BIAS, FLUSH_OR_BAD, RANK_KEY_MASK, RANK_SHIFT, SUIT_SHIFT

COLUMN_MASK = (1 << RANK_SHIFT) - 1
BLOCK_ROWS = 1024
"""Hands a row loop values before it finishes the block's flushes (:func:`_rows_kernel`)."""


@jit(inline=True)
def _rank_value(word0, rank_starts, rank_values):
    """The value of a hand's rank multiset (its best without a flush), from word 0: the perfect
    hash ``key + rank_offsets[key >> 12]`` as :class:`KernelTables` keeps it."""
    key = word0 & RANK_KEY_MASK
    return rank_values[np.uint64((key & COLUMN_MASK) + 2 * np.int64(rank_starts[np.uint64(key >> RANK_SHIFT)]))]


@jit(inline=True)
def _flush_value(word0, word1, flush_values):
    """The flush table's value of the suit with five cards or more, from biased word 0 and word 1."""
    suits = (word0 >> (SUIT_SHIFT + 3)) & 0x1111  # one bit, 1 << 4 * suit: seven cards hold one flush
    lane = 16 * (np.int64(suits > 1) + np.int64(suits > 0x10) + np.int64(suits > 0x100))  # no branch
    return flush_values[np.uint64((word1 >> lane) & 0x1FFF)]


@jit(inline=True)
def table_value(word0, word1, rank_starts, rank_values, flush_values):
    """:func:`key_value` with the tables' arrays given one by one, read off :class:`KernelTables`
    once before a loop (a field of the tables read inside the loop costs about 20 ns a hand)."""
    word0 += FLUSH_BIAS
    value = _rank_value(word0, rank_starts, rank_values)
    if word0 & FLUSH_OR_BAD:
        value = max(value, _flush_value(word0, word1, flush_values))
    return value


@jit(inline=True)
def showdown(board0, board1, words, values, rank_starts, rank_values, flush_values):
    """Every player's value on one board into ``values`` (P,): ``board0`` and ``board1`` the board's
    summed card words, ``words`` (P, 2) each player's; the best value and how many players hold it.
    Inlined into the compiled loop that calls it once per board (a Monte Carlo trial), which reads
    the tables' arrays off :class:`KernelTables` once, before the loop (called, not inlined, it
    cost about a third of a two-player trial)."""
    best = np.int64(-1)
    for p in range(len(words)):
        player = np.uint64(p)  # an unsigned index: no wraparound test on the loads
        word0 = board0 + words[player, 0] + FLUSH_BIAS
        value = np.int64(_rank_value(word0, rank_starts, rank_values))
        if word0 & FLUSH_OR_BAD:
            value = max(value, np.int64(_flush_value(word0, board1 + words[player, 1], flush_values)))
        values[player] = value
        best = max(best, value)
    winners = 0
    for p in range(len(words)):  # no branch on who wins: a showdown's winner is a coin flip
        winners += values[np.uint64(p)] == best
    return best, winners


@jit(inline=True)
def key_value(word0, word1, tables):
    """The value of a hand of 5 to 7 distinct cards from its key: ``word0`` and ``word1``, the sums of
    its cards' ``tables.card_word0`` and ``tables.card_word1`` (:class:`KernelTables`). Callable from
    Python and from numba-compiled code; a key of a card outside 0..51 gives a meaningless value."""
    return table_value(word0, word1, tables.rank_starts, tables.rank_values, tables.flush_values)


def _rows_kernel(k: int) -> Callable:
    """The compiled loop over hands of ``k`` cards (k a constant of the compiled code)."""

    def evaluate_rows(flat, out, tables, start, stop):
        """Values of hands ``start..stop`` of ``flat`` (hands of k cards, row after row) into
        ``out``; the first row with a card outside 0..51, or -1. By blocks of :data:`BLOCK_ROWS`
        hands: a first loop, without a branch, gives each hand its rank value and lists the hands
        whose word 0 shows a flush or a bad card (3 % of 7-card hands); a second loop finishes
        those, summing their word 1. (A branch per hand taken for 3 % of hands at random costs
        more: each wrong guess discards the hands the processor had started after it.)"""
        word0_of, word1_of = tables.card_word0, tables.card_word1
        rank_starts, rank_values, flush_values = tables.rank_starts, tables.rank_values, tables.flush_values
        listed = np.empty(BLOCK_ROWS, np.int32)
        for block in range(start, stop, BLOCK_ROWS):
            values = out[block : min(block + BLOCK_ROWS, stop)]
            hands = flat[block * k : (block + len(values)) * k]
            n = 0
            for m in range(len(values)):
                word0 = np.int64(FLUSH_BIAS)
                for j in range(k):
                    word0 += word0_of[min(np.uint64(hands[np.uint64(m * k + j)]), np.uint64(255))]
                values[np.uint64(m)] = _rank_value(word0, rank_starts, rank_values)
                listed[np.uint64(n)] = m
                n += (word0 & FLUSH_OR_BAD) != 0
            for p in range(n):
                m = listed[np.uint64(p)]
                word0, word1 = np.int64(FLUSH_BIAS), np.int64(0)
                for j in range(k):
                    card = min(np.uint64(hands[np.uint64(m * k + j)]), np.uint64(255))
                    word0 += word0_of[card]
                    word1 += word1_of[card]
                if word0 >> 60:
                    return block + m
                values[np.uint64(m)] = max(values[np.uint64(m)], _flush_value(word0, word1, flush_values))
        return -1

    return jit(evaluate_rows)


ROWS = {k: _rows_kernel(k) for k in (5, 6, 7)}


@jit
def boards_rows(boards, holes, out, tables, start, stop):
    """Values of every player's hole cards with each board ``start..stop`` into ``out`` (N, P):
    ``boards`` (N, b), ``holes`` (1 or N, P, h); the first row with a bad card, or -1."""
    word0_of, word1_of = tables.card_word0, tables.card_word1
    rank_starts, rank_values, flush_values = tables.rank_starts, tables.rank_values, tables.flush_values
    shared = holes.shape[0] == 1
    for i in range(start, stop):
        board0, board1 = np.int64(0), np.int64(0)
        for j in range(boards.shape[1]):
            card = min(np.uint64(boards[i, j]), np.uint64(255))
            board0 += word0_of[card]
            board1 += word1_of[card]
        row = 0 if shared else i
        for p in range(holes.shape[1]):
            word0, word1 = board0, board1
            for j in range(holes.shape[2]):
                card = min(np.uint64(holes[row, p, j]), np.uint64(255))
                word0 += word0_of[card]
                word1 += word1_of[card]
            if word0 >> 60:
                return i
            out[i, p] = table_value(word0, word1, rank_starts, rank_values, flush_values)
    return -1


__all__ = [
    "COLUMN_MASK",
    "BLOCK_ROWS",
    "table_value",
    "showdown",
    "key_value",
    "ROWS",
    "boards_rows",
]
