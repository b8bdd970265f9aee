"""The Monte Carlo sampler's compiled loop: a block of trials dealt and valued inside numba.

Imported on first use, when numba runs the evaluator (:func:`pysolver.evaluator.backend`).
A block is a number of accepted trials drawn from one generator
(:mod:`pysolver.odds._sampling.draws`: splitmix64 started at the block's own
state, the seed and the block's number mixed), so a block's trials depend on the
seed and its number alone.

Within a trial, in this order:

1. the range players' combos: each group's row (:mod:`~pysolver.odds._sampling.groups`:
   the assignments of one or more ranges that fit together, by the product of their
   weights), the whole assignment redrawn when two groups share a card (exact,
   cheap while assignments mostly fit; two ranges make one group, never redrawn);
   or one after another, each among the combos that fit the ones before, by
   weight, the trial then weighing the product of the fitting weights' totals
   (``WEIGHTED``: importance sampling, for ranges that collide often, as ``QQ+``
   for six players). The combos drawn serve ``boards`` trials in a row
   (:func:`~pysolver.odds._sampling.costs.boards_per_draw`: where a draw costs more than
   a board, as with many ranges that collide), steps 2 and 3 once for each;
2. the random players' cards, in seat order, and the rest of the board, two
   cards at a time: a pair of the unseen cards, uniform, redrawn while it holds a
   card taken (the pair's card words summed beforehand); the board's fifth card
   alone. Or, where pairs would be redrawn often and no range player takes cards
   (``shuffled``: five random players and more preflop), one card at a time from
   a deck of the unseen cards by a partial Fisher-Yates shuffle, none redrawn;
3. every player's value: the board's card words summed once, each player's
   added (:func:`pysolver.evaluator.compiled_showdown`, inlined into the loop).

A draw's boards are not independent of each other, so the standard error takes each
draw as one term: rows 3 and 4 of the sums hold, per draw, the square of its weight
times each player's shares summed over its boards, squared, and times the boards
(:class:`~pysolver.odds._sampling.sums.Sums`); without range players each trial is
a draw of its own.

The loop is compiled four ways (:func:`_block_loop`): in full; *exact*, for range
players drawn by groups without a breakdown, where the weights and the breakdown
compile out, once for one board to a draw of their combos (the draws' bookkeeping
compiled out too, a lone group drawn by a copy of its own) and once for several;
and *plain*, for known hands and random players alone (the common question), where
the range draws go too. Each deals the trials the full loop deals from the same state.

    >>> 2**CODED  # the most sets of winners a block counts its trials by
    4096
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ...evaluator import compiled_showdown, jit
from . import draws
from .costs import WEIGHTED
from .plan import CODED, RANDOM, RANGED
from .tallies import INVERSE, add_by_winners, add_draw_per_combo, add_per_combo, winners_code

SUMS = 5
"""Rows of a block's per-player sums: wins, ties, shares, then per draw of the range players'
combos (weighing w, dealt b boards, the player's shares summed over them s) w**2 * s**2 and
w**2 * b * s."""
GIVE_UP = 1 << 22
"""Attempts after which a block with no accepted trial stops (the ranges hardly ever fit)."""

showdown = compiled_showdown()


@jit(inline=True)
def seat_combo(words, codes, seat, combo, combo_words, combo_codes, exact):
    """Range player ``seat`` (unsigned) holds ``combo`` (a row of the combo arrays, unsigned): its card
    words, and its index into ``COMBOS`` for a breakdown unless ``exact`` (a constant of the loop)."""
    words[seat, 0], words[seat, 1] = combo_words[combo, 0], combo_words[combo, 1]
    if not exact:
        codes[seat] = combo_codes[combo]


def _block_loop(plain: bool, from_deck: int = -1, exact: bool = False, one_board: bool = False) -> Callable:
    """The loop of :func:`run_block`; ``plain``, ``from_deck``, ``exact`` and ``one_board``, constants
    of the compiled code. Plain: for known hands and random players alone, no breakdown, up to
    ``CODED`` players, every trial weighing 1 and accepted, with the range draws, weights and
    breakdown compiled out. Exact: range players drawn exactly (by groups, not ``WEIGHTED``), no
    breakdown, up to ``CODED`` players, every trial weighing 1, the importance weights and the
    breakdown compiled out; ``one_board`` too: one board to each draw of their combos, the draws'
    bookkeeping compiled out, and a lone group drawn by a copy of the groups' loop that reads its
    fields once (together, a quarter of a two-range trial; the loop of several boards a draw, given
    the same copy, ran a tenth slower). ``from_deck``: 1, the random players and the board dealt
    from a shuffled deck, 0, by pairs, -1, as ``shuffled`` says
    (:func:`~pysolver.odds._sampling.costs.deals_from_deck`)."""

    def loop(
        state,
        trials,
        mode,
        kinds,
        hand_words,
        offsets,
        combo_bits,
        combo_words,
        cumulative,
        chance,
        other,
        group_bounds,
        group_rows,
        group_combos,
        group_bits,
        group_uniform,
        group_floors,
        unseen,
        pair_bits,
        pair_words,
        combo_codes,
        pair_codes,
        known,
        board_words,
        board_left,
        shuffled,
        card_codes,
        boards,
        tables,
        sums,
        totals,
        per_combo,
    ):
        word0_of, word1_of = tables.card_word0, tables.card_word1
        rank_starts, rank_values, flush_values = tables.rank_starts, tables.rank_values, tables.flush_values
        floor = np.uint64((1 << 16) % len(unseen))
        pair_floor = np.uint64((1 << 16) % len(pair_bits))
        bits, left = np.uint64(0), 0  # the unread 16-bit quarters of the generator's last output
        players = len(kinds)
        coded = players <= CODED
        by_winners = np.zeros((2, 1 << players if coded else 1), dtype=np.float64)
        ranged = len(offsets) - 1
        seated = np.flatnonzero(kinds == RANGED).astype(np.uint64)  # the range players, in order
        lone = one_board and len(group_bounds) == 2  # one group (its rows fit the known cards, never redrawn)
        lone_uniform = lone and group_uniform[0]
        lone_rows, lone_floor = np.uint64(group_rows[-1]), group_floors[0] if lone else np.uint64(1)
        seats = np.flatnonzero(kinds == RANDOM).astype(np.uint64)  # the random players, in order
        words = hand_words.copy()
        values = np.empty(players, dtype=np.int64)
        deck = unseen.astype(np.uint64)  # shuffled: the unseen cards, in the order the trials leave them
        deck_floors = np.uint64(1 << 16) % np.arange(len(unseen), 0, -1).astype(np.uint64)  # 2**16 % (cards - step)
        chosen = np.empty(max(ranged, 1), dtype=np.int64)
        fitting = np.empty(max(1, len(combo_bits)), dtype=np.float64)  # running totals of a range's fitting weights
        counted = np.empty(max(1, len(combo_bits)), dtype=np.int64)  # running counts of its fitting combos
        equal = np.zeros(max(ranged, 1), dtype=np.bool_)
        for r in range(ranged):  # a range whose combos all weigh the same (as drawn: cumulated)
            equal[r] = True
            for c in range(offsets[r] + 1, offsets[r + 1]):
                equal[r] &= cumulative[c] - cumulative[c - 1] == cumulative[offsets[r]]
        broken = not exact and len(per_combo) > 0
        unweighted = plain or exact  # every trial weighs 1
        base = offsets[ranged]  # the groups' rows in ``cumulative`` (and its alias tables) start here
        codes = np.zeros(players, dtype=np.int64)  # each open player's combo (an index into COMBOS)
        by_draws = not (plain or one_board) and boards > 1  # the standard error's terms: draws, not trials
        shares = np.zeros(players, dtype=np.float64)  # each player's shares summed over a draw's boards
        weighed, weighed_squares, draws_dealt = 0.0, 0.0, 0  # over the draws: w b, (w b)**2, 1
        accepted, attempts = 0, 0
        while accepted < trials and (plain or accepted > 0 or attempts < GIVE_UP):
            attempts += 1
            used = known
            weight = 1.0
            fits = True
            if plain:  # no range player
                pass
            elif lone:  # the loop below for one group, its fields read once
                if lone_uniform:
                    state, bits, left, row = draws.below16(state, bits, left, lone_rows, lone_floor)
                else:
                    state, drawn = draws.alias_pick(state, chance, other, base, base + group_rows[-1])
                    row = np.uint64(drawn - base)
                used |= group_bits[row]
                for r in range(ranged):
                    seat_combo(
                        words, codes, seated[r], np.uint64(group_combos[row, r]), combo_words, combo_codes, exact
                    )
            elif exact or mode != WEIGHTED:  # each group's row, the whole assignment redrawn when two collide
                for g in range(len(group_bounds) - 1):
                    start, stop = group_rows[g], group_rows[g + 1]
                    if group_uniform[g]:
                        state, bits, left, pick = draws.below16(
                            state, bits, left, np.uint64(stop - start), group_floors[g]
                        )
                        row = np.uint64(start) + pick
                    else:
                        state, drawn = draws.alias_pick(state, chance, other, base + start, base + stop)
                        row = np.uint64(drawn - base)
                    if group_bits[row] & used:
                        fits = False
                        break
                    used |= group_bits[row]
                    for r in range(group_bounds[g], group_bounds[g + 1]):
                        chosen[r] = group_combos[row, r - group_bounds[g]]
            else:  # WEIGHTED: one range after another, among the combos that fit the ones before
                for r in range(ranged):
                    start, stop = offsets[r], offsets[r + 1]
                    if r == 0:  # the first range's combos all fit: it weighs 1
                        state, combo = draws.alias_pick(state, chance, other, start, stop)
                    elif equal[r]:  # every combo weighing the same: count the ones that fit
                        count = 0
                        for c in range(start, stop):
                            count += np.int64((combo_bits[c] & used) == 0)
                            counted[c - start] = count
                        if count == 0:
                            fits = False
                            break
                        n = np.uint64(count)
                        state, k = draws.below(state, n, (np.uint64(1) << np.uint64(32)) % n)
                        combo = start + draws.pick_index(counted, 0, stop - start, k)  # the k-th (from 0) that fits
                        weight *= count / (stop - start)
                    else:  # WEIGHTED: among the combos that fit, the weight the total of theirs
                        total, previous, last = 0.0, 0.0, start
                        for c in range(start, stop):  # branch-free: a combo that does not fit weighs 0
                            fit = (combo_bits[c] & used) == 0
                            total += (cumulative[c] - previous) * np.float64(fit)
                            previous = cumulative[c]
                            fitting[c - start] = total
                            last = c if fit else last
                        if total <= 0.0:
                            fits = False
                            break
                        state, u = draws.uniform(state)
                        # the first combo whose running total of fitting weights passes u * total fits;
                        # should u * total round up to the total, the last one that fits
                        combo = min(start + draws.pick_index(fitting, 0, stop - start, u * total), last)
                        weight *= total / cumulative[stop - 1]
                    chosen[r] = combo
                    used |= combo_bits[combo]
            if not fits:
                continue
            for r in range(0 if lone else len(seated)):  # (none when plain)
                seat_combo(words, codes, seated[r], np.uint64(chosen[r]), combo_words, combo_codes, exact)
            held = used
            boarded = min(boards, trials - accepted) if by_draws else 1  # the boards of this draw of the combos
            for _ in range(boarded):
                used = held
                board0, board1 = board_words[0], board_words[1]
                if shuffled if from_deck < 0 else from_deck == 1:  # no range player: every unseen card free
                    step = np.uint64(0)
                    for seat in seats:
                        state, bits, left, first = draws.dealt(state, bits, left, deck, step, deck_floors[step])
                        step += np.uint64(1)
                        state, bits, left, second = draws.dealt(state, bits, left, deck, step, deck_floors[step])
                        step += np.uint64(1)
                        words[seat, 0], words[seat, 1] = (
                            word0_of[first] + word0_of[second],
                            word1_of[first] + word1_of[second],
                        )
                        if not plain:
                            codes[seat] = card_codes[first, second]
                    for _ in range(board_left):
                        state, bits, left, card = draws.dealt(state, bits, left, deck, step, deck_floors[step])
                        step += np.uint64(1)
                        board0 += word0_of[card]
                        board1 += word1_of[card]
                else:
                    for seat in seats:
                        state, bits, left, dealt = draws.pair(state, bits, left, pair_bits, pair_floor, used)
                        used |= pair_bits[dealt]
                        words[seat, 0], words[seat, 1] = pair_words[dealt, 0], pair_words[dealt, 1]
                        if not plain:
                            codes[seat] = pair_codes[dealt]
                    for _ in range(board_left >> 1):
                        state, bits, left, dealt = draws.pair(state, bits, left, pair_bits, pair_floor, used)
                        used |= pair_bits[dealt]
                        board0 += pair_words[dealt, 0]
                        board1 += pair_words[dealt, 1]
                    if board_left & 1:
                        state, bits, left, card = draws.card(state, bits, left, unseen, floor, used)
                        board0 += word0_of[card]
                        board1 += word1_of[card]
                best, winners = showdown(board0, board1, words, values, rank_starts, rank_values, flush_values)
                if unweighted or coded:  # tallied by the set of winners, without a branch on who won
                    code = winners_code(values, best)
                    by_winners[0, code] += 1.0 if unweighted else weight
                    if not (unweighted or by_draws):
                        by_winners[1, code] += weight * weight
                    if by_draws:  # each player's share of the board, for the draw's term
                        inverse = INVERSE[winners]
                        for p in range(players):
                            shares[p] += np.float64((code >> np.uint64(p)) & np.uint64(1)) * inverse
                else:
                    share = weight / winners
                    for p in range(players):
                        if values[p] == best:
                            sums[0 if winners == 1 else 1, p] += weight
                            sums[2, p] += share
                            if by_draws:
                                shares[p] += 1.0 / winners
                            else:
                                sums[3, p] += share * share
                                sums[4, p] += weight * share
                if broken:
                    add_per_combo(per_combo, kinds, codes, values, best, winners, weight, by_draws)
                if not (unweighted or by_draws):
                    weighed += weight
                    weighed_squares += weight * weight
                accepted += 1
            if by_draws:  # the draw's boards: one term of the standard error
                squared = weight * weight
                if broken:
                    add_draw_per_combo(per_combo, kinds, codes, shares, weight, boarded)
                for p in range(players):
                    sums[3, p] += squared * shares[p] * shares[p]
                    sums[4, p] += squared * boarded * shares[p]
                    shares[p] = 0.0
                weighed += weight * boarded
                weighed_squares += squared * boarded * boarded
                draws_dealt += 1
        if unweighted and not by_draws:  # every trial weighed 1, and so did its square
            by_winners[1] = by_winners[0]
            weighed = weighed_squares = accepted
        if not by_draws:  # each trial a draw of its own
            draws_dealt = accepted
        totals[1] += weighed
        totals[2] += weighed_squares
        totals[4] += draws_dealt
        if coded:
            add_by_winners(by_winners, sums)
        totals[0] += accepted
        totals[3] += attempts
        return state

    return jit(loop)


_plain_loop, _plain_deck_loop = _block_loop(True, 0), _block_loop(True, 1)
_exact_loop, _exact_draws_loop = _block_loop(False, 0, True, True), _block_loop(False, 0, True)
_any_loop = _block_loop(False)


def plain_loop(kinds, offsets, per_combo) -> bool:
    """Whether a block takes a plain loop (:func:`_block_loop`): no range player (``offsets``: none
    after the first), no breakdown (``per_combo`` empty), up to ``CODED`` players (``kinds``)."""
    return len(offsets) == 1 and len(per_combo) == 0 and len(kinds) <= CODED


def exact_loop(mode, kinds, per_combo, shuffled) -> bool:
    """Whether a block with range players takes the exact loop (:func:`_block_loop`): their combos
    drawn by groups (not ``WEIGHTED``), no breakdown, up to ``CODED`` players, nothing dealt from a
    shuffled deck (never, with a range player)."""
    return mode != WEIGHTED and len(per_combo) == 0 and len(kinds) <= CODED and not shuffled


def loop_kind(mode, kinds, offsets, per_combo, shuffled, boards) -> str:
    """Which compiled loop deals a block of the question (:func:`_block_loop`): ``"plain"``,
    ``"plain-deck"``, ``"exact"``, ``"exact-draws"`` (several boards a draw) or ``"any"``."""
    if plain_loop(kinds, offsets, per_combo):
        return "plain-deck" if shuffled else "plain"
    if exact_loop(mode, kinds, per_combo, shuffled):
        return "exact-draws" if boards > 1 else "exact"
    return "any"


def run_block(state, trials, *arguments):
    """Deal ``trials`` accepted trials from ``state`` and add them to ``sums`` (``SUMS``, players) and
    ``totals`` (:data:`~pysolver.odds._sampling.blocks.TOTALS`), in the plain loop where
    it applies (:func:`_block_loop`). ``arguments``: :meth:`KernelInputs.arguments
    <pysolver.odds._sampling.plan.KernelInputs.arguments>`, then ``tables``, ``sums``, ``totals``,
    ``per_combo``.

    ``kinds`` (players,): ``HAND``, ``RANGED``, ``RANDOM``; ``hand_words`` (players, 2) a hand's card
    words; the r-th range player's combos are rows ``offsets[r]`` .. ``offsets[r + 1]`` of
    ``combo_bits`` (1 << card, summed), ``combo_words`` (words 0 and 1) and ``cumulative`` (the
    cumulated weights), ``chance`` and ``other`` their alias tables (:func:`alias_tables`);
    the groups (:class:`~pysolver.odds._sampling.groups.RangeGroups`: ``bounds``, ``row_offsets``,
    ``combos`` as rows of the combo arrays, ``bits``, ``uniform``, ``floors``; their cumulated
    weights after the ranges' own in ``cumulative``); ``unseen`` the cards not known (``known``, a mask);
    ``pair_bits`` and ``pair_words`` every pair of them; ``board_words`` the known board's words
    and ``board_left`` the cards to deal to it; ``shuffled``: the random players and the board dealt
    from a shuffled deck of the unseen cards, not by pairs. ``combo_codes`` and ``pair_codes``: the
    combos' and the pairs' indices into ``COMBOS``, ``card_codes`` (52, 52) two cards'; ``boards``
    the boards dealt to each draw of the range players' combos (1 without range players). With a
    breakdown (``per_combo`` (players, 1326, 2 + 4 * players), else empty), each open player's
    combo in each trial adds the trial's weight, each player's weighted wins, ties, shares, squared
    shares (a range player's: of each draw's summed shares over its boards) and its draws to its row."""
    mode, kinds, _, offsets, *_, shuffled, _, boards, _, _, _, per_combo = arguments
    loops = {
        "plain": _plain_loop,
        "plain-deck": _plain_deck_loop,
        "exact": _exact_loop,
        "exact-draws": _exact_draws_loop,
        "any": _any_loop,
    }
    return loops[loop_kind(mode, kinds, offsets, per_combo, shuffled, boards)](state, trials, *arguments)


__all__ = ["SUMS", "GIVE_UP", "plain_loop", "exact_loop", "loop_kind", "run_block"]
