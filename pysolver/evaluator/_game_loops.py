"""The compiled loops of any game a rule book declares: fives valued pot by pot, by numba.

Imported on first use (:func:`pysolver.evaluator._kernel.game_loops`), beside the evaluator's
own loops (:mod:`pysolver.evaluator._compiled`), whose table lookups they inline. A player's
fives are valued in passes (:func:`_five_values`): every five's rank value, then, where some
five holds five cards of a suit (a few hands in a hundred), those fives' flush values: no branch
on the rare flush in the hot loop, half the time of a lookup that tests each five.

- :func:`game_rows`: each player's best value for each pot, deal by deal
  (:func:`~pysolver.evaluator.game_values`);
- :func:`game_runouts`: every runout of a board under known hands, shared and summed
  (:func:`~pysolver.evaluator.game_runouts`);
- :func:`hand_table_rows`: fixed hands' values read from their tables by board part
  (:class:`~pysolver.evaluator.HandTables`).
"""

from __future__ import annotations

import numpy as np

from ..core import BINOMIALS, colex_first, colex_next
from ._compiled import _flush_value, _rank_value
from ._jit import jit
from ._shipped_tables import FLUSH_BIAS, FLUSH_OR_BAD, SUIT_SHIFT

_first = jit(inline=True)(colex_first)
_next = jit(inline=True)(colex_next)


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


@jit(inline=True)
def _five_values(words, extra0, extra1, values, rank_starts, rank_values, flush_values):
    """Into ``values[:F]`` the class of each five of ``words`` (F, 2), joined with the cards of
    words ``extra0`` and ``extra1``: the rank values, then the flushes where there are any."""
    flush = False
    for f in range(words.shape[0]):
        word0 = words[f, 0] + extra0 + FLUSH_BIAS
        values[f] = _rank_value(word0, rank_starts, rank_values)
        flush |= (word0 & FLUSH_OR_BAD) != 0
    if flush:
        for f in range(words.shape[0]):
            word0 = words[f, 0] + extra0 + FLUSH_BIAS
            if word0 & FLUSH_OR_BAD:
                values[f] = max(values[f], _flush_value(word0, words[f, 1] + extra1, flush_values))


@jit(inline=True)
def _pot_best(values, count, pot_values, best):
    """Into ``best`` (pots,) the greater of itself and each pot's value of the classes ``values[:count]``."""
    for k in range(len(best)):
        top = best[k]
        for f in range(count):
            top = max(top, pot_values[k, values[f]])
        best[k] = top


@jit
def game_rows(holes, boards, hole_parts, board_parts, pairs, pot_values, out, tables, start, stop):
    """Each player's best value for each pot of a game, deals ``start..stop``, into ``out`` (pots, N, P):
    ``holes`` (N, P, h) and ``boards`` (N, b) card indices, 0..51; ``hole_parts`` (H, 5) and
    ``board_parts`` (B, 5) the places of each part's cards (-1 past its last); ``pairs`` (F, 2) the
    hole part and the board part of each five a player may form; ``pot_values`` (pots, n + 1) each
    pot's value of each class (:func:`pysolver.evaluator._scales.pot_tables`). A part's key is
    summed once per deal (the board's) or per player (the hole's), a five's key is the sum of its
    two parts' keys."""
    word0_of, word1_of = tables.card_word0, tables.card_word1
    rank_starts, rank_values, flush_values = tables.rank_starts, tables.rank_values, tables.flush_values
    board_words = np.zeros((board_parts.shape[0], 2), np.int64)
    hole_words = np.zeros((hole_parts.shape[0], 2), np.int64)
    words = np.zeros((pairs.shape[0], 2), np.int64)
    values = np.empty(pairs.shape[0], np.int64)
    best = np.empty(pot_values.shape[0], np.int64)
    for i in range(start, stop):
        _part_words(boards[i], board_parts, board_words, word0_of, word1_of)
        for p in range(holes.shape[1]):
            _part_words(holes[i, p], hole_parts, hole_words, word0_of, word1_of)
            for f in range(pairs.shape[0]):
                h, b = pairs[f, 0], pairs[f, 1]
                words[f, 0] = hole_words[h, 0] + board_words[b, 0]
                words[f, 1] = hole_words[h, 1] + board_words[b, 1]
            _five_values(words, 0, 0, values, rank_starts, rank_values, flush_values)
            best[:] = pot_values[0, 0]
            _pot_best(values, pairs.shape[0], pot_values, best)
            for k in range(len(best)):
                out[k, i, p] = best[k]


@jit
def game_runouts(
    holes, board, deck, missing, hole_parts, known_parts, fives, bounds, subsets, pot_values, low, unit, tables,
    first, stop, sums,
):  # fmt: skip
    """Every runout of known hands, colex ranks ``first..stop`` of the ``missing`` board cards among
    ``deck`` (D,), valued pot by pot and shared, summed into ``sums`` (5 + pots, P) int64: each
    player's shares in ``unit`` of the whole pot, scoops, the runouts where pot ``low`` (-1: none)
    has no qualifying hand (row 2, column 0), the runouts (row 3, column 0), then each pot's part of
    the shares (row 5 + pot).

    The players' ``holes`` (P, h) and the ``board`` (k,) known; a five is a hole part of
    ``hole_parts`` (H, 5) and the known places of a board part of ``known_parts`` (B, 5), and
    takes ``fives[f, 2]`` missing cards (``fives`` (F, 3), in that order, those that take 0, 1, 2
    and more beginning at ``bounds``). A five that takes none is valued once; one that takes
    one, once for each card of the deck (a table by card); one that takes two, for each pair of
    the runout, remembered by the pair's ranks, and by its suit where one of the player's such
    fives holds three cards of it (a flush is possible); one that takes more, joined with every
    such subset of the runout (``subsets[j]`` (C(missing, j), j), places in the runout, -1 past the last)."""
    word0_of, word1_of = tables.card_word0, tables.card_word1
    rank_starts, rank_values, flush_values = tables.rank_starts, tables.rank_values, tables.flush_values
    pots, players = pot_values.shape[0], holes.shape[0]
    nothing = pot_values[0, 0]
    hole_words = np.zeros((hole_parts.shape[0], 2), np.int64)
    board_words = np.zeros((known_parts.shape[0], 2), np.int64)
    _part_words(board, known_parts, board_words, word0_of, word1_of)
    summed = np.zeros((players, fives.shape[0], 2), np.int64)
    for p in range(players):
        _part_words(holes[p], hole_parts, hole_words, word0_of, word1_of)
        for f in range(fives.shape[0]):
            summed[p, f, 0] = hole_words[fives[f, 0], 0] + board_words[fives[f, 1], 0]
            summed[p, f, 1] = hole_words[fives[f, 0], 1] + board_words[fives[f, 1], 1]
    zero, one = summed[:, bounds[0] : bounds[1]], summed[:, bounds[1] : bounds[2]]
    two, more = summed[:, bounds[2] : bounds[3]], summed[:, bounds[3] : bounds[4]]
    needs = fives[bounds[3] : bounds[4], 2]
    values = np.empty(max(zero.shape[1], one.shape[1], two.shape[1], more.shape[1], 1), np.int64)
    fixed = np.full((players, pots), nothing, np.int64)
    by_card = np.full((players, 52, pots), nothing, np.int64)
    suited = np.zeros((players, 4), np.bool_)
    for p in range(players):
        _five_values(zero[p], 0, 0, values, rank_starts, rank_values, flush_values)
        _pot_best(values, zero.shape[1], pot_values, fixed[p])
        for c in deck:
            _five_values(one[p], word0_of[c], word1_of[c], values, rank_starts, rank_values, flush_values)
            _pot_best(values, one.shape[1], pot_values, by_card[p, c])
        for f in range(two.shape[1]):
            for suit in range(4):
                suited[p, suit] |= ((two[p, f, 0] >> (SUIT_SHIFT + 4 * suit)) & 15) == 3
    places = np.zeros(max(missing, 1), np.int64)
    runout = np.zeros(max(missing, 1), np.int64)
    words = np.zeros((subsets.shape[0], subsets.shape[1], 2), np.int64)
    best = np.empty((players, pots), np.int64)
    memo = np.empty((players, 5, 13, 13, pots), np.int64)
    seen = np.zeros((players, 5, 13, 13), np.bool_)
    top = np.empty(pots, np.int64)
    winners = np.empty(pots, np.int64)
    _first(places, first, missing, len(deck), BINOMIALS)
    for _ in range(first, stop):
        for i in range(missing):
            runout[i] = deck[places[i]]
        for p in range(players):
            best[p] = fixed[p]
            for i in range(missing):
                for k in range(pots):
                    best[p, k] = max(best[p, k], by_card[p, runout[i], k])
        for s in range(subsets.shape[1] if two.shape[1] else 0):
            if subsets[2, s, 0] < 0:
                break
            a, b = runout[subsets[2, s, 0]], runout[subsets[2, s, 1]]
            low_rank, high_rank = min(a, b) >> 2, max(a, b) >> 2
            for p in range(players):
                flush = a & 3 if (a & 3) == (b & 3) and suited[p, a & 3] else 4
                remembered = memo[p, flush, low_rank, high_rank]
                if not seen[p, flush, low_rank, high_rank]:
                    seen[p, flush, low_rank, high_rank] = True
                    word0, word1 = word0_of[a] + word0_of[b], word1_of[a] + word1_of[b]
                    _five_values(two[p], word0, word1, values, rank_starts, rank_values, flush_values)
                    remembered[:] = nothing
                    _pot_best(values, two.shape[1], pot_values, remembered)
                for k in range(pots):
                    best[p, k] = max(best[p, k], remembered[k])
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
                    extra0, extra1 = words[j, s, 0], words[j, s, 1]
                    _five_values(more[p, f : f + 1], extra0, extra1, values, rank_starts, rank_values, flush_values)
                    _pot_best(values, 1, pot_values, best[p])
        _share(best, top, winners, nothing, low, unit, sums)
        _next(places, missing)


@jit(inline=True)
def _share(best, top, winners, nothing, low, unit, sums):
    """One runout's pots divided: each pot played among its best values' holders (``best``
    (P, pots)), the whole pot split between the pots played, added to ``sums`` (see
    :func:`game_runouts`)."""
    players, pots = best.shape
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


@jit
def hand_table_rows(boards, places, table, best):
    """Into ``best`` (N, C) the greater of itself and the table row of each board part of
    ``boards`` (N, b), card indices in card order: each part the board's cards at ``places``
    (T, s), its row of ``table`` (C(52, s), C) at the sum of C(card, place + 1)."""
    for i in range(boards.shape[0]):
        for t in range(places.shape[0]):
            index = 0
            for j in range(places.shape[1]):
                index += BINOMIALS[boards[i, places[t, j]], j + 1]
            for c in range(table.shape[1]):
                best[i, c] = max(best[i, c], table[index, c])


__all__ = ["game_rows", "game_runouts", "hand_table_rows"]
