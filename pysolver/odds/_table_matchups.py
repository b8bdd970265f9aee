"""Heads-up before the flop from the shipped matchup table: any two ranges as lookups.

Two hole-card combos meet on ``C(48, 5) = 1,712,304`` boards. A permutation of
the suits, or the two players swapping seats, changes no count, so the
812,175 pairs of disjoint combos fall into 47,008 *matchups*. The shipped
table (``pysolver/data/preflop_matchups.npz``, written by
``python scripts/make_preflop_table.py`` with
:func:`pysolver.odds._exact.fixed.exact_fixed`) holds each matchup's exact
counts: the first player's wins and the ties, the second player's wins being
the rest.

A matchup is named by its *canonical key*: over the 24 suit permutations and
both seat orders, the least ``1326 * first + second`` of the two combos'
indices (:data:`pysolver.core.COMBOS`). Range against range is then the
weighted sum of the looked-up counts over every pair of disjoint combos.

    >>> from pysolver.odds._model import combo_indices
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

import numpy as np

from ..core import COMBOS
from ._cost import Cheapest, Shape, Solve
from ._model import COMBO_IMAGES, Player, Question, Report, Tally

BOARDS = 1_712_304
"""Boards of one heads-up matchup before the flop: C(48, 5)."""
MATCHUPS = 47_008
"""Heads-up matchups before the flop, up to suit permutations and the seat order."""
TABLE_FILE = "data/preflop_matchups.npz"


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


def canonical_three(first: np.ndarray, second: np.ndarray, third: np.ndarray) -> np.ndarray:
    """The key of each deal of three combos ``first[i]``, ``second[i]``, ``third[i]`` up to a
    permutation of the suits, the seats kept: the least ``1326 ** 2 * first + 1326 * second + third``
    over the permutations, the first combo at its least image (at most 6 permutations tried).

    >>> from pysolver.odds._model import combo_indices
    >>> first = combo_indices([[50, 46], [51, 47], [50, 46]])     # AhKh, AsKs, AhKh
    >>> second = combo_indices([[43, 41], [42, 41], [43, 42]])    # QsQd, QhQd, QsQh
    >>> keys = canonical_three(first, second, combo_indices([[0, 4]] * 3))   # 2c3c
    >>> bool(keys[0] == keys[1]), bool(keys[0] == keys[2])        # hearts and spades swapped; not
    (True, False)
    """
    first, second, third = (np.asarray(c, dtype=np.int64) for c in (first, second, third))
    tried = _LEAST_BY[first]  # (n, 6) offsets of the permutations that take the first combo least
    rest = _IMAGES.take(tried + second[:, None]) * len(COMBOS) + _IMAGES.take(tried + third[:, None])
    return _LEAST[first] * len(COMBOS) ** 2 + rest.min(axis=1)


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
        return MatchupTable(
            data["keys"].astype(np.int64), data["first_wins"].astype(np.int64), data["ties"].astype(np.int64)
        )


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
    first, ties = table.first_wins[rows], table.ties[rows]
    second = BOARDS - first - ties
    wins = np.where(swapped[:, None], np.column_stack([second, first]), np.column_stack([first, second]))
    return wins, ties, BOARDS


def heads_up(first: Player, second: Player) -> Tally:
    """Exact counts of one player against another before the flop, no dead cards: every pair of
    disjoint combos, weighted by the product of their weights, read from the table.

    >>> t = heads_up(Player.hand([48, 49]), Player.hand([47, 46]))       # AcAd, KsKh
    >>> t.wins.tolist(), t.ties.tolist(), t.deals
    ([1388072.0, 317694.0], [6538.0, 6538.0], 1712304.0)
    """
    won, tied, deals = np.zeros(2), 0.0, 0.0
    for _, _, weight, wins, ties in _pairs(first, second):
        won += (weight[:, None] * wins).sum(axis=0)  # not matmul: integers times floats is slow there
        tied += float((weight * ties).sum())
        deals += float(weight.sum()) * BOARDS
    return Tally(won, np.array([tied, tied]), won + tied / 2, deals)


PAIRS_AT_ONCE = 250_000
"""Pairs of combos looked up in the table at once."""


def _pairs(first: Player, second: Player):
    """Every pair of disjoint combos of the two players, :data:`PAIRS_AT_ONCE` at a time: the rows
    of each player's combos, the product of the weights, each seat's wins and the ties."""
    bits = [(np.int64(1) << p.combos[:, 0]) | (np.int64(1) << p.combos[:, 1]) for p in (first, second)]
    rows, columns = np.nonzero((bits[0][:, None] & bits[1][None, :]) == 0)
    for start in range(0, len(rows), PAIRS_AT_ONCE):
        i, j = rows[start : start + PAIRS_AT_ONCE], columns[start : start + PAIRS_AT_ONCE]
        wins, ties, _ = matchup_counts(*canonical(first.indices[i], second.indices[j]))
        yield i, j, first.weights[i] * second.weights[j], wins, ties


def counts_per_combo(first: Player, second: Player) -> list[dict]:
    """Both players' counts per combo (``deals`` (n,), ``wins``, ``ties``, ``shares`` (n, 2)): the
    deals in which each of a player's combos is dealt, every pair of disjoint combos."""
    counts = [
        {
            "deals": np.zeros(len(p.combos)),
            "wins": np.zeros((len(p.combos), 2)),
            "ties": np.zeros((len(p.combos), 2)),
            "shares": np.zeros((len(p.combos), 2)),
        }
        for p in (first, second)
    ]
    for i, j, weight, wins, ties in _pairs(first, second):
        for into, rows in zip(counts, (i, j)):
            size = len(into["deals"])
            into["deals"] += np.bincount(rows, weights=weight * BOARDS, minlength=size)
            tied = np.bincount(rows, weights=weight * ties, minlength=size)
            for q in range(2):
                won = np.bincount(rows, weights=weight * wins[:, q], minlength=size)
                into["wins"][:, q] += won
                into["ties"][:, q] += tied
                into["shares"][:, q] += won + tied / 2
    return counts


@lru_cache(maxsize=1)
def _present() -> bool:
    try:
        matchup_table()
    except FileNotFoundError:
        return False
    return True


class MatchupTablePath:
    """Two hands or ranges heads-up before the flop, no dead cards, standard rules: every pair of
    disjoint combos read from the table (:func:`heads_up`). Its cost: one hand value per pair of
    combos (a lookup each). It also counts per combo, for breakdowns (:func:`counts_per_combo`)."""

    name = "matchup table"
    compiled = False  # counts with numpy alone

    def applies(self, shape: Shape) -> bool:
        return shape.tabled and len(shape.sizes) == 2 and shape.board == 0 and shape.dead == 0 and _present()

    def cost(self, shape: Shape, cheapest: Cheapest) -> float:
        return shape.deals

    def run(self, question: Question, report: Report, solve: Solve) -> Tally:
        return heads_up(*question.players)

    def per_combo(self, question: Question) -> list[dict]:
        return counts_per_combo(*question.players)


__all__ = [
    "canonical_three",
    "BOARDS",
    "MATCHUPS",
    "TABLE_FILE",
    "canonical",
    "MatchupTable",
    "matchup_table",
    "matchup_counts",
    "heads_up",
    "PAIRS_AT_ONCE",
    "counts_per_combo",
    "MatchupTablePath",
]
