"""Heads-up before the flop from the shipped matchup table: any two ranges as lookups.

Two hole-card combos meet on ``C(48, 5) = 1,712,304`` boards. A permutation of
the suits, or the two players swapping seats, changes no count, so the
812,175 pairs of disjoint combos fall into 47,008 *matchups*. The shipped
table (``pysolver/data/preflop_matchups.npz``, written by
``python scripts/make_preflop_table.py`` with
:func:`pysolver.odds._exact_fixed.exact_fixed`) holds each matchup's exact
counts: the first player's wins and the ties, the second player's wins being
the rest.

A matchup is named by its *canonical key*: over the 24 suit permutations and
both seat orders, the least ``1326 * first + second`` of the two combos'
indices (:data:`pysolver.core._ranges.COMBOS`). Range against range is then the
weighted sum of the looked-up counts over every pair of disjoint combos.

    >>> combos = combo_indices([[50, 46], [43, 41]])    # AhKh, QsQd
    >>> key, swapped = canonical(combos[:1], combos[1:])
    >>> wins, ties, deals = matchup_counts(key, swapped)
    >>> wins.tolist(), ties.tolist(), deals
    ([[787966, 917606]], [6732], 1712304)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import permutations
from typing import Optional

import numpy as np

from ..core._ranges import COMBOS
from ._exact_fixed import Tally

BOARDS = 1_712_304
"""Boards of one heads-up matchup before the flop: C(48, 5)."""
MATCHUPS = 47_008
"""Heads-up matchups before the flop, up to suit permutations and the seat order."""
TABLE_FILE = "data/preflop_matchups.npz"

_COMBO_OF = np.full((52, 52), -1, dtype=np.int64)
_COMBO_OF[COMBOS[:, 0], COMBOS[:, 1]] = _COMBO_OF[COMBOS[:, 1], COMBOS[:, 0]] = np.arange(len(COMBOS))
SUIT_MAPS = np.array([4 * (np.arange(52) >> 2) + np.array(p)[np.arange(52) & 3] for p in permutations(range(4))])
"""(24, 52) each suit permutation as a map of card indices."""
COMBO_IMAGES = _COMBO_OF[SUIT_MAPS[:, COMBOS[:, 0]], SUIT_MAPS[:, COMBOS[:, 1]]]
"""(24, 1326) the combo each combo becomes under each suit permutation."""


def combo_indices(combos) -> np.ndarray:
    """Indices into :data:`~pysolver.core._ranges.COMBOS` of hole cards ``(n, 2)``, either order.

    >>> combo_indices([[1, 0], [51, 50]]).tolist()
    [0, 1325]
    """
    combos = np.asarray(combos, dtype=np.int64).reshape(-1, 2)
    return _COMBO_OF[combos[:, 0], combos[:, 1]]


def canonical(first: np.ndarray, second: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The canonical key of each matchup of combo ``first[i]`` against ``second[i]``, and whether
    the key names them in the other seat order (``swapped``).

    The least key starts with the least image of one combo, so only the permutations that
    take that combo to its least image (at most 6) are tried on the other.

    >>> key, swapped = canonical(np.array([1325]), np.array([0]))    # AsAh against 2d2c
    >>> divmod(int(key[0]), 1326), swapped.tolist()
    ((0, 1325), [True])
    """
    first, second = np.asarray(first, dtype=np.int64), np.asarray(second, dtype=np.int64)
    straight = _LEAST[first] * 1326 + _IMAGES.take(_LEAST_BY[first] + second[:, None]).min(axis=1)
    turned = _LEAST[second] * 1326 + _IMAGES.take(_LEAST_BY[second] + first[:, None]).min(axis=1)
    return np.minimum(straight, turned), turned < straight


def _least_images() -> tuple[np.ndarray, np.ndarray]:
    """Per combo its least image under the suit permutations, and the permutations that give it
    (6 columns, repeated where fewer; as offsets ``1326 * permutation`` into :data:`COMBO_IMAGES`)."""
    least = COMBO_IMAGES.min(axis=0)
    by = np.empty((len(COMBOS), 6), dtype=np.int64)
    for combo in range(len(COMBOS)):
        found = np.flatnonzero(COMBO_IMAGES[:, combo] == least[combo])
        by[combo] = np.resize(found, 6) * len(COMBOS)
    return least, by


_LEAST, _LEAST_BY = _least_images()
_IMAGES = COMBO_IMAGES.ravel()


@dataclass(frozen=True)
class MatchupTable:
    """The shipped counts: ``keys`` sorted, and per key the first player's ``wins`` and the ``ties``."""

    keys: np.ndarray
    first_wins: np.ndarray
    ties: np.ndarray

    @property
    def second_wins(self) -> np.ndarray:
        return BOARDS - self.first_wins - self.ties


@lru_cache(maxsize=1)
def matchup_table() -> MatchupTable:
    """The shipped table (read once)."""
    with resources.files("pysolver").joinpath(TABLE_FILE).open("rb") as handle, np.load(handle) as data:
        return MatchupTable(data["keys"].astype(np.int64), data["first_wins"].astype(np.int64),
                            data["ties"].astype(np.int64))


@lru_cache(maxsize=1)
def _rows() -> np.ndarray:
    """(1326 * 1326,) the table's row of each canonical key (-1 elsewhere)."""
    rows = np.full(len(COMBOS) ** 2, -1, dtype=np.int32)
    rows[matchup_table().keys] = np.arange(len(matchup_table().keys), dtype=np.int32)
    return rows


def matchup_counts(keys: np.ndarray, swapped: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Per matchup the wins of each seat ``(n, 2)`` and the ties ``(n,)``, of :data:`BOARDS` boards."""
    table = matchup_table()
    rows = _rows()[keys]
    first, second, ties = table.first_wins[rows], table.second_wins[rows], table.ties[rows]
    wins = np.where(swapped[:, None], np.column_stack([second, first]), np.column_stack([first, second]))
    return wins, ties, BOARDS


def heads_up(combos_a: np.ndarray, weights_a: np.ndarray, combos_b: np.ndarray,
             weights_b: np.ndarray) -> Optional[Tally]:
    """Exact counts of range A against range B before the flop, no dead cards: every pair of
    disjoint combos, weighted by the product of their weights, read from the table. None when
    the table is not there.

    >>> t = heads_up(np.array([[48, 49]]), np.ones(1), np.array([[47, 46]]), np.ones(1))  # AcAd, KsKh
    >>> t.wins.tolist(), t.ties.tolist(), t.deals
    ([1388072.0, 317694.0], [6538.0, 6538.0], 1712304.0)
    """
    try:
        matchup_table()
    except FileNotFoundError:
        return None
    first, second = combo_indices(combos_a), combo_indices(combos_b)
    cards_a = COMBOS[first]
    cards_b = COMBOS[second]
    bits_a = (np.int64(1) << cards_a[:, 0]) | (np.int64(1) << cards_a[:, 1])
    bits_b = (np.int64(1) << cards_b[:, 0]) | (np.int64(1) << cards_b[:, 1])
    i, j = np.nonzero((bits_a[:, None] & bits_b[None, :]) == 0)
    weight = np.asarray(weights_a, dtype=np.float64)[i] * np.asarray(weights_b, dtype=np.float64)[j]
    wins, ties, boards = matchup_counts(*canonical(first[i], second[j]))
    won = (weight[:, None] * wins).sum(axis=0)
    tied = float((weight * ties).sum())
    return Tally(won, np.array([tied, tied]), won + tied / 2, float(weight.sum()) * boards)


__all__ = ["BOARDS", "MATCHUPS", "TABLE_FILE", "SUIT_MAPS", "COMBO_IMAGES", "combo_indices", "canonical",
           "MatchupTable", "matchup_table", "matchup_counts", "heads_up"]
