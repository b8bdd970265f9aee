"""Range players drawn in groups: the combos of a group's ranges that fit together, as one table.

The compiled sampler draws the range players' combos exactly (every assignment by the
product of its weights) by rejection: it draws each group's row, then keeps the
assignment only when the groups' rows share no card. A group is one or more range
players whose every compatible assignment is a row of its table, drawn at once, so
that a collision within a group costs nothing: only groups can collide. The ranges
are joined in seat order while a group's table stays within :data:`GROUP_ROWS` rows
(a table the loop reads at random). Two ranges that fit together less than half
the time make one group however large, as no rejection is then left at all
(``AsKs, 0.000001(AhKh)`` against ``AsKs, 0.000001(AdKd)`` fits only with the
tiny weights); two wide ranges that mostly fit stay apart, two small picks
cheaper than one from a table of a million rows. A group whose rows all weigh the same
(ranges given without weights) is drawn by one 16-bit pick, any other by its alias
table.

    >>> from pysolver.core import Situation
    >>> from pysolver.odds._model import Question
    >>> aa, kk = Question.of(Situation.of(["AA", "KK,AK"], ranges=True)).players
    >>> g = RangeGroups.of([aa, kk])
    >>> g.bounds.tolist(), g.row_offsets.tolist(), bool(g.uniform[0])  # AA with KK (36), with AK (8 each)
    ([0, 2], [0, 84], True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ...core import RangeError
from .._model import Player

_BIT = np.uint64(1) << np.arange(52, dtype=np.uint64)
GROUP_ROWS = 1 << 14
"""The most rows a group keeps in its table (two ranges that collide often join past it)."""
UNIFORM_ROWS = 1 << 16
"""The most rows a group drawn by one 16-bit pick may have."""


@dataclass(frozen=True, eq=False)
class RangeGroups:
    """The range players' groups, as the compiled loop reads them: group ``g`` holds ranges
    ``bounds[g]`` .. ``bounds[g + 1] - 1`` (in the order of the range players) and rows
    ``row_offsets[g]`` .. ``row_offsets[g + 1] - 1`` of ``combos`` (each range's combo, an index
    into that range's own list, column ``r - bounds[g]``), ``bits`` (the row's cards, ``1 << card`` each) and
    ``weights`` (the product of the combos' weights); ``uniform[g]``: every row weighs the same,
    ``floors[g]`` ``2**16 % rows`` for its 16-bit pick."""

    bounds: np.ndarray
    row_offsets: np.ndarray
    combos: np.ndarray
    bits: np.ndarray
    weights: np.ndarray
    uniform: np.ndarray
    floors: np.ndarray

    @classmethod
    def of(cls, ranges: Sequence[Player], cap: int | None = GROUP_ROWS) -> RangeGroups:
        """The groups of ``ranges`` (range players), joined in order while a table stays within
        ``cap`` rows (None: all in one group). Raises :class:`~pysolver.RangeError` when the
        ranges of a group share a card in every assignment."""
        tables: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []  # (combos, bits, weights) a group
        bounds = [0]
        colliding = cap is not None and len(ranges) == 2  # two ranges: joined past the cap if they collide often
        for r, player in enumerate(ranges):
            own = (
                np.arange(len(player.combos)).reshape(-1, 1),
                _BIT[player.combos[:, 0]] | _BIT[player.combos[:, 1]],
                player.weights.astype(np.float64),
            )
            joined = _joined(tables[-1], own, cap, colliding) if tables else None
            if joined is None:
                tables.append(own)
                bounds.append(r + 1)
                continue
            if not len(joined[0]):
                names = ", ".join(p.name for p in ranges[bounds[-2] : r + 1])
                raise RangeError(f"ranges {names}: they share a card in every combination of their combos")
            tables[-1] = joined
            bounds[-1] = r + 1
        width = max((t[0].shape[1] for t in tables), default=1)
        combos = np.full((sum(len(t[0]) for t in tables), width), -1, dtype=np.int64)
        start = 0
        for table in tables:
            combos[start : start + len(table[0]), : table[0].shape[1]] = table[0]
            start += len(table[0])
        sizes = np.array([len(t[0]) for t in tables], dtype=np.int64)
        uniform = np.array([n <= UNIFORM_ROWS and np.all(t[2] == t[2][0]) for n, t in zip(sizes, tables)], dtype=bool)
        return cls(
            np.array(bounds, dtype=np.int64),
            np.concatenate([[0], np.cumsum(sizes)]).astype(np.int64),
            combos,
            np.concatenate([t[1] for t in tables]) if tables else np.zeros(0, np.uint64),
            np.concatenate([t[2] for t in tables]) if tables else np.zeros(0),
            uniform,
            (np.uint64(1 << 16) % np.maximum(sizes, 1).astype(np.uint64)).astype(np.uint64),
        )


def _joined(
    group: tuple[np.ndarray, np.ndarray, np.ndarray],
    own: tuple[np.ndarray, np.ndarray, np.ndarray],
    cap: int | None = None,
    colliding: bool = False,
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """The rows of ``group`` crossed with a range's, the ones that fit; None past ``cap`` rows, unless
    ``colliding`` and independent draws of the two would fit less than half the time."""
    combos, bits, weights = group
    fits = (bits[:, None] & own[1][None, :]) == 0
    if cap is not None and fits.sum() > cap:
        accepted = float(weights @ fits @ own[2]) / (weights.sum() * own[2].sum())
        if not (colliding and accepted < 0.5):
            return None
    row, combo = np.nonzero(fits)
    return (
        np.concatenate([combos[row], own[0][combo]], axis=1),
        bits[row] | own[1][combo],
        weights[row] * own[2][combo],
    )


__all__ = ["GROUP_ROWS", "UNIFORM_ROWS", "RangeGroups"]
