"""The deals of combos of weighted players: listed, summed by class, and cut into pieces.

A *deal* gives each player one of its combos, no card twice, and weighs the
product of their weights. :func:`deal_combos` lists every deal of the players
(heads-up, every pair of combos that share no card, found at once);
:func:`by_class` sums the deals' weights by a code of each (their rank groups,
their codes for a suit); :func:`pieces` cuts the deals of a large question
into pieces, each one run of a player's rank groups, which the grouped path
(:mod:`pysolver.odds._exact.grouped`) lists and counts apart on its threads.

    >>> aces, kings = Player.hand([48, 49]), Player("KK", np.array([[47, 46], [48, 47]]), np.ones(2))
    >>> combos, weight = deal_combos([aces, kings])      # (players, deals) indices into COMBOS
    >>> combos.shape, weight.tolist()                    # KsKh fits AcAd; AcKs holds the Ac
    ((2, 1), [1.0])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from math import prod

import numpy as np

from .._combo_codes import COMBO_BITS, COMBO_GROUP
from .._model import Player

SPLIT_DEALS = 1 << 18
"""Deals (the product of the players' numbers of combos, before the ones sharing a card are left out)
from which they are listed and counted in pieces (:func:`pieces`)."""
PIECES = 16
"""The most pieces the deals are cut into."""
_TABLE = 1 << 14  # classes of up to this many possible columns are found by a table, not a sort
_MOST_TABLE = 1 << 22  # ... or up to twice as many as the columns, this many at most (32 MB of sums)


def list_deals(indices: Sequence[np.ndarray], weights: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Every way to give each player one of its combos with no card twice: ``(players, n)`` rows
    into each player's combos (given as indices and weights), and the product of the weights."""
    rows = np.arange(len(indices[0]))[None, :]
    used, weight = COMBO_BITS.take(indices[0]), np.asarray(weights[0], dtype=np.float64)
    for player in range(1, len(indices)):
        bits = COMBO_BITS.take(indices[player])
        pair = np.flatnonzero((used[:, None] & bits) == 0)
        i, j = pair // len(bits), pair % len(bits)
        rows = np.vstack([rows.take(i, axis=1), j])
        used = used.take(i) | bits.take(j)
        weight = weight.take(i) * np.asarray(weights[player], dtype=np.float64).take(j)
    return rows, weight


def deal_combos(players: Sequence[Player]) -> tuple[np.ndarray, np.ndarray]:
    """The deals of combos as ``(players, n)`` combo indices, and their weights (:func:`list_deals`)."""
    indices = [p.indices for p in players]
    weights = [np.asarray(p.weights, dtype=np.float64) for p in players]
    if len(players) != 2:
        rows, weight = list_deals(indices, weights)
        return np.array([index.take(row) for index, row in zip(indices, rows)]), weight
    first, second = indices
    pair = ((COMBO_BITS.take(first)[:, None] & COMBO_BITS.take(second)) == 0).ravel().nonzero()[0]
    i, j = pair // len(second), pair % len(second)
    return np.array([first.take(i), second.take(j)]), weights[0].take(i) * weights[1].take(j)


@cache
def _radix(base: int, digits: int) -> np.ndarray:
    """The place values of ``digits`` digits in ``base``."""
    return np.array([base**digit for digit in range(digits)], dtype=np.int64)


def by_class(codes: np.ndarray, weight: np.ndarray, base: int) -> tuple[np.ndarray, np.ndarray]:
    """The distinct columns of ``codes`` ``(digits, n)`` (each below ``base``) and the summed weight
    of each (the weights are not negative; a column of no weight may be left out)."""
    if base ** len(codes) >= 2**62:
        found, inverse = np.unique(codes.T, axis=0, return_inverse=True)
        return found.T, np.bincount(inverse.ravel(), weights=weight)
    radix = _radix(base, len(codes))
    key = radix @ codes
    if base ** len(codes) <= max(_TABLE, min(2 * len(weight), _MOST_TABLE)):  # a table of every column, not a sort
        summed = np.bincount(key, weights=weight, minlength=base ** len(codes))
        found = (summed > 0).nonzero()[0]
        summed = summed.take(found)
    else:  # sorted, each run of equal keys summed
        order = key.argsort()  # the order within a run is the sort's, the same for the same deals
        key = key.take(order)
        starts = np.empty(len(key), dtype=bool)
        starts[:1] = True
        np.not_equal(key[1:], key[:-1], out=starts[1:])
        starts = starts.nonzero()[0]
        found, summed = key.take(starts), np.add.reduceat(weight.take(order), starts) if len(key) else weight
    return (found // radix[:, None]) % base, summed


def pieces(players: Sequence[Player]) -> list[list[Player]]:
    """The players of each piece of the deals: where there may be :data:`SPLIT_DEALS` of them or
    more, the open player with the most rank groups (of :data:`~pysolver.odds._combo_codes.COMBO_GROUP`)
    holding the combos of a run of its groups, up to :data:`PIECES` runs; else the players, whole.
    Each deal is in one piece, and so is each class of deals (its rank groups), so the pieces count
    what the whole does, listed (the deals' listing and classes, the part that does not otherwise
    spread over threads) and counted apart. The pieces depend on the question alone, not the threads.

    >>> from pysolver.core import Situation
    >>> from pysolver.odds._model import Question
    >>> q = Question.of(Situation.of(["TT+,AQs+,AKo", "88,77,66,KQs,JTs", "random"], "Kh9d4c2s", ranges=True))
    >>> split = pieces(q.players)
    >>> len(split), sum(len(piece[2].combos) for piece in split) == len(q.players[2].combos)
    (16, True)
    """
    if prod(len(p.combos) for p in players) < SPLIT_DEALS:
        return [list(players)]
    groups = [COMBO_GROUP.take(p.indices) for p in players]
    seat = max(range(len(players)), key=lambda i: (len(np.unique(groups[i])), -i))
    distinct = np.unique(groups[seat])
    if len(distinct) < 2:
        return [list(players)]
    split = []
    for run in np.array_split(distinct, min(PIECES, len(distinct))):
        keep = np.isin(groups[seat], run)
        player = players[seat]
        held = replace(player, combos=player.combos[keep], weights=player.weights[keep], is_random=False)
        split.append([held if i == seat else p for i, p in enumerate(players)])
    return split


__all__ = ["SPLIT_DEALS", "PIECES", "list_deals", "deal_combos", "by_class", "pieces"]
