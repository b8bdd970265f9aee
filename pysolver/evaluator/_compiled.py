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

from ..core import BINOMIALS, colex_first, colex_next
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


@jit(inline=True)
def _part_words(cards, parts, words, word0_of, word1_of):
    """The summed card words of each part (``parts`` (M, 5), places in ``cards``, -1 past the last) into ``words``."""
    for m in range(parts.shape[0]):
        word0, word1 = np.int64(0), np.int64(0)
        for j in range(parts.shape[1]):
            place = parts[m, j]
            if place < 0:
                break
            word0 += word0_of[cards[place]]
            word1 += word1_of[cards[place]]
        words[m, 0], words[m, 1] = word0, word1


@jit
def game_rows(holes, boards, hole_parts, board_parts, pairs, pot_values, out, tables, start, stop):
    """Each player's best value for each pot of a game, deals ``start..stop``, into ``out`` (pots, N, P):
    ``holes`` (N, P, h) and ``boards`` (N, b) card indices, 0..51; ``hole_parts`` (H, 5) and
    ``board_parts`` (B, 5) the places of each part's cards (-1 past its last); ``pairs`` (F, 2) the
    hole part and the board part of each five a player may form; ``pot_values`` (pots, n + 1) each
    pot's value of each class (:func:`pysolver.evaluator._scales.pot_tables`). A part's key is
    summed once per deal (the board's) or per player (the hole's), a five's key is the sum of its
    two parts' keys. A player's fives are valued in passes: every five's rank value, then, where
    some five holds five cards of a suit (a few hands in a hundred), those fives' flush values,
    then each pot's best (a pass each: no branch on the rare flush in the hot loop)."""
    word0_of, word1_of = tables.card_word0, tables.card_word1
    rank_starts, rank_values, flush_values = tables.rank_starts, tables.rank_values, tables.flush_values
    board_words = np.zeros((board_parts.shape[0], 2), np.int64)
    hole_words = np.zeros((hole_parts.shape[0], 2), np.int64)
    pots = pot_values.shape[0]
    values = np.empty(pairs.shape[0], np.int64)
    for i in range(start, stop):
        _part_words(boards[i], board_parts, board_words, word0_of, word1_of)
        for b in range(board_parts.shape[0]):
            board_words[b, 0] += FLUSH_BIAS
        for p in range(holes.shape[1]):
            _part_words(holes[i, p], hole_parts, hole_words, word0_of, word1_of)
            flush = False
            for f in range(pairs.shape[0]):
                word0 = hole_words[pairs[f, 0], 0] + board_words[pairs[f, 1], 0]
                values[f] = _rank_value(word0, rank_starts, rank_values)
                flush |= (word0 & FLUSH_OR_BAD) != 0
            if flush:
                for f in range(pairs.shape[0]):
                    h, b = pairs[f, 0], pairs[f, 1]
                    word0 = hole_words[h, 0] + board_words[b, 0]
                    if word0 & FLUSH_OR_BAD:
                        suited = _flush_value(word0, hole_words[h, 1] + board_words[b, 1], flush_values)
                        values[f] = max(values[f], suited)
            for k in range(pots):
                best = pot_values[k, 0]
                for f in range(pairs.shape[0]):
                    best = max(best, pot_values[k, values[f]])
                out[k, i, p] = best


_first = jit(inline=True)(colex_first)
_next = jit(inline=True)(colex_next)


@jit(inline=True)
def _best_of(words, extra0, extra1, pot_values, best, rank_starts, rank_values, flush_values):
    """Into ``best`` (pots,) the best value for each pot of the fives ``words`` (F, 2), each joined
    with the cards of words ``extra0`` and ``extra1``."""
    for f in range(words.shape[0]):
        value = table_value(words[f, 0] + extra0, words[f, 1] + extra1, rank_starts, rank_values, flush_values)
        for k in range(len(best)):
            best[k] = max(best[k], pot_values[k, value])


@jit
def game_runouts(
    deck, missing, none_, one, two, more, needs, subsets, pot_values, low, unit, tables, first, stop, sums
):
    """Every runout of known hands, colex ranks ``first..stop`` of the ``missing`` board cards among
    ``deck`` (D,), valued pot by pot and shared, summed into ``sums`` (5 + pots, P) int64: each
    player's shares in ``unit`` of the whole pot, scoops, the runouts where pot ``low`` (-1: none)
    has no qualifying hand (row 2, column 0), the runouts (row 3, column 0), then each pot's part of
    the shares (row 5 + pot).

    Each player's fives are given as summed words (P, F, 2) without the missing cards they take:
    ``none_``, those that take none, valued once; ``one``, those that take one, valued once for
    each card of the deck (a table by card); ``two``, those that take two, valued for each pair
    of the runout, remembered by the pair's ranks, and by its suit where one of them holds three
    cards of it (a flush is possible); ``more``, those that take ``needs[f]`` more, joined with
    every such subset of the runout (``subsets[j]`` (C(missing, j), j), places in the runout,
    -1 past the last)."""
    word0_of, word1_of = tables.card_word0, tables.card_word1
    rank_starts, rank_values, flush_values = tables.rank_starts, tables.rank_values, tables.flush_values
    pots, players = pot_values.shape[0], none_.shape[0]
    nothing = pot_values[0, 0]
    fixed = np.full((players, pots), nothing, np.int64)
    by_card = np.full((players, 52, pots), nothing, np.int64)
    suited = np.zeros(4, np.bool_)
    for p in range(players):
        _best_of(none_[p], 0, 0, pot_values, fixed[p], rank_starts, rank_values, flush_values)
        for c in deck:
            _best_of(
                one[p], word0_of[c], word1_of[c], pot_values, by_card[p, c], rank_starts, rank_values, flush_values
            )
        for f in range(two.shape[1]):
            for suit in range(4):
                suited[suit] |= ((two[p, f, 0] >> (SUIT_SHIFT + 4 * suit)) & 15) == 3
    places = np.zeros(max(missing, 1), np.int64)
    runout = np.zeros(max(missing, 1), np.int64)
    words = np.zeros((subsets.shape[0], subsets.shape[1], 2), np.int64)
    best = np.empty((players, pots), np.int64)
    memo = np.empty((5, 13, 13, players, pots), np.int64)
    seen = np.zeros((5, 13, 13), np.bool_)
    top = np.empty(pots, np.int64)
    winners = np.empty(pots, np.int64)
    _first(places, first, missing, len(deck), BINOMIALS)
    for _ in range(first, stop):
        for i in range(missing):
            runout[i] = deck[places[i]]
        for p in range(players):
            for k in range(pots):
                best[p, k] = fixed[p, k]
            for i in range(missing):
                for k in range(pots):
                    best[p, k] = max(best[p, k], by_card[p, runout[i], k])
        for s in range(subsets.shape[1] if two.shape[1] else 0):
            if subsets[2, s, 0] < 0:
                break
            a, b = runout[subsets[2, s, 0]], runout[subsets[2, s, 1]]
            flush = a & 3 if (a & 3) == (b & 3) and suited[a & 3] else 4
            low_rank, high_rank = min(a, b) >> 2, max(a, b) >> 2
            remembered = memo[flush, low_rank, high_rank]
            if not seen[flush, low_rank, high_rank]:
                seen[flush, low_rank, high_rank] = True
                remembered[:] = nothing
                for p in range(players):
                    word0, word1 = word0_of[a] + word0_of[b], word1_of[a] + word1_of[b]
                    _best_of(two[p], word0, word1, pot_values, remembered[p], rank_starts, rank_values, flush_values)
            for p in range(players):
                for k in range(pots):
                    best[p, k] = max(best[p, k], remembered[p, k])
        for j in range(3, subsets.shape[0]):
            for s in range(subsets.shape[1]):
                if subsets[j, s, 0] < 0:
                    break
                words[j, s, 0], words[j, s, 1] = 0, 0
                for i in range(j):
                    words[j, s, 0] += word0_of[runout[subsets[j, s, i]]]
                    words[j, s, 1] += word1_of[runout[subsets[j, s, i]]]
        for p in range(players):
            for f in range(more.shape[1]):
                j = needs[f]
                for s in range(subsets.shape[1]):
                    if subsets[j, s, 0] < 0:
                        break
                    word0, word1 = more[p, f, 0] + words[j, s, 0], more[p, f, 1] + words[j, s, 1]
                    value = table_value(word0, word1, rank_starts, rank_values, flush_values)
                    for k in range(pots):
                        best[p, k] = max(best[p, k], pot_values[k, value])
        played = 0
        for k in range(pots):
            top[k] = nothing
            for p in range(players):
                top[k] = max(top[k], best[p, k])
            winners[k] = 0
            for p in range(players):
                winners[k] += best[p, k] == top[k] and top[k] != nothing
            played += winners[k] > 0
        for p in range(players):
            share = np.int64(0)
            for k in range(pots):
                if winners[k] and best[p, k] == top[k]:
                    part = unit // (played * winners[k])
                    sums[5 + k, p] += part
                    share += part
            sums[0, p] += share
            sums[1, p] += share == unit
        if low >= 0:
            sums[2, 0] += winners[low] == 0
        sums[3, 0] += 1
        _next(places, missing)


@jit
def hand_table_rows(boards, places, table, best, start, stop):
    """Into ``best`` (N, C) the greater of itself and the table row of each board part: boards
    ``start..stop`` of ``boards`` (N, b) card indices in card order, each part the board's cards at
    ``places`` (T, s), its row of ``table`` (C(52, s), C) at the sum of C(card, place + 1)."""
    for i in range(start, stop):
        for t in range(places.shape[0]):
            index = 0
            for j in range(places.shape[1]):
                index += BINOMIALS[boards[i, places[t, j]], j + 1]
            for c in range(table.shape[1]):
                best[i, c] = max(best[i, c], table[index, c])
    return -1


__all__ = [
    "COLUMN_MASK",
    "BLOCK_ROWS",
    "table_value",
    "showdown",
    "key_value",
    "ROWS",
    "boards_rows",
    "game_rows",
    "game_runouts",
    "hand_table_rows",
]
