"""How the compiled Monte Carlo loop adds up its trials: by their set of winners, per draw of the
range players' combos, per combo for a breakdown.

Imported on first use, with the loop (:mod:`pysolver.odds._sampling.kernel`), which
inlines or calls these. A trial of up to ``CODED`` players is tallied by the set of
players holding the best hand, a code of bits (:func:`winners_code`), and the codes are
turned into each player's wins, ties and shares once a block (:func:`add_by_winners`).

    >>> codes = np.zeros((2, 4)); codes[:, 0b01] = 3; codes[:, 0b11] = 2   # 3 won by player 0, 2 split
    >>> sums = np.zeros((5, 2)); add_by_winners(codes, sums)
    >>> sums[:3].tolist()                                                    # wins, ties, shares
    [[3.0, 0.0], [2.0, 2.0], [4.0, 1.0]]
"""

from __future__ import annotations

import numpy as np

from ...evaluator import jit
from .plan import CODED, HAND, RANDOM, RANGED

INVERSE = np.array([0.0] + [1.0 / k for k in range(1, CODED + 1)])
"""1 / k, a share of a pot split k ways."""


@jit
def add_by_winners(by_winners, sums):
    """Add the trials tallied by their set of winners (a code of bits: the sum of the trials'
    weights, row 0, and of their squares, row 1) to ``sums``."""
    for code in range(by_winners.shape[1]):
        weight, squares = by_winners[0, code], by_winners[1, code]
        if weight:
            winners = 0
            for p in range(sums.shape[1]):
                winners += (code >> p) & 1
            for p in range(sums.shape[1]):
                if (code >> p) & 1:
                    sums[0 if winners == 1 else 1, p] += weight
                    sums[2, p] += weight / winners
                    sums[3, p] += squares / winners**2
                    sums[4, p] += squares / winners


@jit
def add_per_combo(per_combo, kinds, codes, values, best, winners, weight, by_draws):
    """Add a board to the row of each open player's combo: its weight, then per player the weighted
    win, tie, share and squared share (columns 1 + q, 1 + P + q, 1 + 2P + q, 1 + 3P + q) and a draw
    (1 + 4P); ``by_draws`` (several boards a draw of the range players' combos), a range player's
    square and draw wait for the draw's end (:func:`add_draw_per_combo`)."""
    players = len(kinds)
    for s in range(players):
        if kinds[s] == HAND:
            continue
        c = codes[s]
        per_combo[s, c, 0] += weight
        for q in range(players):
            won = values[q] == best
            share = won / winners
            per_combo[s, c, 1 + q] += weight * (won and winners == 1)
            per_combo[s, c, 1 + players + q] += weight * (won and winners > 1)
            per_combo[s, c, 1 + 2 * players + q] += weight * share
            if kinds[s] == RANDOM or not by_draws:
                per_combo[s, c, 1 + 3 * players + q] += weight * share * share
        if kinds[s] == RANDOM or not by_draws:
            per_combo[s, c, 1 + 4 * players] += 1.0


@jit
def add_draw_per_combo(per_combo, kinds, codes, shares, weight, boards):
    """Add a draw of the range players' combos, dealt ``boards`` boards, to the row of each range
    player's combo: per player the weighted square of its summed shares over the boards, divided
    by the boards (column 1 + 3P + q), and a draw (1 + 4P)."""
    players = len(kinds)
    for s in range(players):
        if kinds[s] != RANGED:
            continue
        c = codes[s]
        for q in range(players):
            per_combo[s, c, 1 + 3 * players + q] += weight * shares[q] * shares[q] / boards
        per_combo[s, c, 1 + 4 * players] += 1.0


@jit(inline=True)
def winners_code(values, best):
    """The set of players holding ``best`` as a code of bits (player p: bit p), without a branch."""
    code = np.uint64(0)
    for p in range(len(values)):
        code |= np.uint64(values[np.uint64(p)] == best) << np.uint64(p)
    return code


__all__ = ["INVERSE", "add_by_winners", "add_per_combo", "add_draw_per_combo", "winners_code"]
