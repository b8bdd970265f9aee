"""Pictures of the 13x13 grid: what a range holds, equity, categories on a board, an ordering.

A :class:`Picture` is what to draw, independent of where: per cell a label and
coloured *segments* filling it from the left (a cell held at weight 0.5 is
half filled), a title, a legend that says what each colour means, and lines of
text under the grid. :mod:`pysolver.cli._render` draws it for the terminal with
rich (and as SVG and HTML), :mod:`pysolver.cli._plot` with matplotlib as PNG.

The colour scale of equity follows PokerStove: neutral at the fair share
``1/N`` of ``N`` players, green above it, red below it, full green at twice
the fair share or more, full red at half of it or less (the ratio on a log
scale in between).

    >>> equity_colour(0.5, players=2), equity_colour(1.0, players=2), equity_colour(0.25, players=2)
    ('#e6e6e6', '#1a9641', '#d7191c')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from ..core import GRID_CLASSES, RangeGrid

NEUTRAL, GREEN, RED = "#e6e6e6", "#1a9641", "#d7191c"
HELD = "#f2c12e"
EMPTY = "#333333"
"""The colour of an empty cell (and of the part of a cell not filled)."""
MISSING = "#1c1c1c"
"""The colour of a cell whose class the deck cannot deal (a short deck's missing ranks)."""


@dataclass(frozen=True)
class Cell:
    """One cell: its label, and the coloured segments (colour, fraction of the width) that
    fill it from the left; the rest is :data:`EMPTY`. ``missing`` cells the deck cannot deal."""

    label: str
    segments: tuple[tuple[str, float], ...] = ()
    missing: bool = False


@dataclass(frozen=True)
class Picture:
    """A grid to draw: 13 rows of 13 cells, a title, a legend ((colour, meaning), ...) and
    lines of text under the grid."""

    title: str
    cells: tuple[tuple[Cell, ...], ...]
    legend: tuple[tuple[str, str], ...]
    notes: tuple[str, ...] = ()


def _mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (``#rrggbb``)."""
    ca, cb = (np.array([int(c[i:i + 2], 16) for i in (1, 3, 5)]) for c in (a, b))
    return "#" + "".join(f"{int(round(x)):02x}" for x in ca + (cb - ca) * min(max(t, 0.0), 1.0))


def equity_colour(equity: float, players: int) -> str:
    """PokerStove's scale: neutral at the fair share 1/players, green above, red below."""
    t = max(-1.0, min(1.0, math.log2(max(equity, 1e-9) * players)))
    return _mix(NEUTRAL, GREEN, t) if t >= 0 else _mix(NEUTRAL, RED, -t)


def text_colour(background: str) -> str:
    """Black or white, whichever reads better on ``background``."""
    r, g, b = (int(background[i:i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def weight_picture(grid: RangeGrid, title: str, notes: Sequence[str] = ()) -> Picture:
    """A range: each cell filled as far as the range holds its class's combos."""
    fractions = grid.fractions
    cells = tuple(tuple(Cell(GRID_CLASSES[r][c], ((HELD, float(fractions[r, c])),) if fractions[r, c] > 0 else (),
                             grid.live[r, c] == 0) for c in range(13)) for r in range(13))
    legend = ((HELD, "held by the range; a partly filled cell: part of its combos, or a weight"),
              (EMPTY, "not held"))
    return Picture(title, cells, legend, tuple(notes))


def equity_picture(values: np.ndarray, players: int, title: str, held: Optional[np.ndarray] = None,
                   notes: Sequence[str] = ()) -> Picture:
    """Equity per class ((13, 13), NaN where unknown), coloured on PokerStove's scale for
    ``players`` players; ``held`` (13, 13) fractions fill the cells partly (all full by default)."""
    fill = np.ones((13, 13)) if held is None else held
    cells = tuple(tuple(Cell(GRID_CLASSES[r][c], ((equity_colour(values[r, c], players), float(fill[r, c])),)
                             if fill[r, c] > 0 and not np.isnan(values[r, c]) else ()) for c in range(13))
                  for r in range(13))
    fair = 1 / players
    legend = ((GREEN, f"equity above the fair share 1/{players} = {100 * fair:.3g}% (full green: "
                      f"{100 * min(2 * fair, 1):.3g}% or more)"),
              (NEUTRAL, f"the fair share, {100 * fair:.3g}%"),
              (RED, f"below it (full red: {100 * fair / 2:.3g}% or less)"))
    return Picture(title, cells, legend, tuple(notes))


def share_picture(shares: Sequence[np.ndarray], colours: Sequence[str], meanings: Sequence[str], title: str,
                  notes: Sequence[str] = ()) -> Picture:
    """Each cell split into coloured segments, one per group, as wide as the group's share
    of the cell ((13, 13) fractions per group, summing to at most 1 in a cell)."""
    cells = tuple(tuple(Cell(GRID_CLASSES[r][c], tuple((colour, float(share[r, c]))
                                                        for colour, share in zip(colours, shares) if share[r, c] > 0))
                        for c in range(13)) for r in range(13))
    return Picture(title, cells, tuple(zip(colours, meanings)), tuple(notes))


__all__ = ["NEUTRAL", "GREEN", "RED", "HELD", "EMPTY", "MISSING", "Cell", "Picture", "equity_colour",
           "text_colour", "weight_picture", "equity_picture", "share_picture"]
