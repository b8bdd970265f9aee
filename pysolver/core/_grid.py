"""The 13x13 grid of starting hands, as players draw it.

Rows and columns run from the ace to the two (:data:`GRID_RANKS`). The pairs
lie on the diagonal, AA top left and 22 bottom right; a suited hand sits
above the diagonal, in the row of its high card and the column of its low
card; an offsuit hand below it, in the row of its low card and the column of
its high card. So AKs is row 0, column 1, and AKo row 1, column 0.

    >>> grid_cell("AA"), grid_cell("AKs"), grid_cell("AKo"), grid_cell("32o")
    ((0, 0), (0, 1), (1, 0), (12, 11))
    >>> grid_class(1, 0), grid_class(12, 12)
    ('AKo', '22')
    >>> " ".join(GRID_CLASSES[0][:4])
    'AA AKs AQs AJs'

:func:`range_grid` lays a range out on it: per cell the weighted combos the
range holds (after card removal) and the combos the cell has.

    >>> grid = range_grid(parse_range("QQ+, AKs, 0.5(KQs)"))
    >>> grid.combos, round(100 * grid.share, 2), grid.fraction("KQs"), grid.fraction("AKo")
    (24.0, 1.81, 0.5, 0.0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from ._cards import RANKS, Card, quoted
from ._combos import CLASS_INDEX, COMBO_CLASS, HAND_CLASSES, combo_mask
from ._errors import RangeError
from ._picture import EMPTY, GREEN, HELD, NEUTRAL, RED, Cell, Picture, equity_colour
from ._ranges import Range, parse_range

GRID_RANKS = RANKS[::-1]
"""The ranks of the rows and columns, top to bottom and left to right: ``'AKQJT98765432'``."""

CLASS_SIZES: np.ndarray = np.bincount(COMBO_CLASS, minlength=len(HAND_CLASSES)).astype(np.float64)
"""(169,) the combos of each class in :data:`~pysolver.core.HAND_CLASSES` order: 6, 4 or 12."""
CLASS_SIZES.setflags(write=False)


def grid_cell(name: str) -> tuple[int, int]:
    """(row, column) of a class in the grid; :class:`RangeError` for a name that is not a class.

    >>> grid_cell("T9s"), grid_cell("T9o")
    ((4, 5), (5, 4))
    """
    if name not in CLASS_INDEX:
        raise RangeError(f"starting hand {name!r}: not a class such as 'AA', 'AKs' or 'AKo'")
    high, low = GRID_RANKS.index(name[0]), GRID_RANKS.index(name[1])
    return (low, high) if name.endswith("o") else (high, low)


def grid_class(row: int, column: int) -> str:
    """The class at (row, column): a pair on the diagonal, suited above it, offsuit below.

    >>> grid_class(0, 12), grid_class(12, 0)
    ('A2s', 'A2o')
    """
    if not (0 <= row < 13 and 0 <= column < 13):
        raise RangeError(f"grid cell ({row}, {column}): rows and columns run from 0 to 12")
    if row == column:
        return GRID_RANKS[row] * 2
    if row < column:
        return GRID_RANKS[row] + GRID_RANKS[column] + "s"
    return GRID_RANKS[column] + GRID_RANKS[row] + "o"


GRID_CLASSES: tuple[tuple[str, ...], ...] = tuple(tuple(grid_class(r, c) for c in range(13)) for r in range(13))
"""The 13 rows of class names, ``GRID_CLASSES[row][column]``."""

_CELLS = np.array([grid_cell(name) for name in HAND_CLASSES], dtype=np.int64)


def class_grid(values: Mapping[str, float] | np.ndarray, fill: float = np.nan) -> np.ndarray:
    """(13, 13) floats from one value per class: a mapping of class names (missing ones get
    ``fill``) or a (169,) array in :data:`~pysolver.core.HAND_CLASSES` order.

    >>> g = class_grid({"AA": 1.0, "72o": 0.25}, fill=0.0)
    >>> float(g[0, 0]), float(g[grid_cell("72o")]), float(g.sum())
    (1.0, 0.25, 1.25)
    """
    if isinstance(values, Mapping):
        array = np.full(len(HAND_CLASSES), fill, dtype=np.float64)
        for name, value in values.items():
            array[CLASS_INDEX[name] if name in CLASS_INDEX else _unknown(name)] = value
    else:
        array = np.asarray(values, dtype=np.float64)
        if array.shape != (len(HAND_CLASSES),):
            raise RangeError(f"{array.shape}: a grid takes one value per class (169)")
    grid = np.full((13, 13), fill, dtype=np.float64)
    grid[_CELLS[:, 0], _CELLS[:, 1]] = array
    return grid


def _unknown(name: object) -> int:
    raise RangeError(f"starting hand {name!r}: not a class such as 'AA', 'AKs' or 'AKo'")


@dataclass(frozen=True, eq=False)
class RangeGrid:
    """A range on the grid: ``held[r, c]`` the weighted combos of the cell's class the range
    holds, ``live[r, c]`` the combos of the class left after card removal (6, 4 or 12 with
    none removed), ``total`` the combos the deck deals (1,326 with nothing removed)."""

    text: str
    held: np.ndarray
    live: np.ndarray
    total: int

    @property
    def combos(self) -> float:
        """The weighted combos of the range, after card removal."""
        return float(self.held.sum())

    @property
    def share(self) -> float:
        """The range's share of every combo the deck deals: combos / total."""
        return self.combos / self.total if self.total else 0.0

    @property
    def fractions(self) -> np.ndarray:
        """(13, 13) the share of each class's combos (6, 4 or 12) the range holds: how full a cell is."""
        return self.held / class_grid(CLASS_SIZES)

    def fraction(self, name: str) -> float:
        """How full the cell of one class is, 0 to 1."""
        return float(self.fractions[grid_cell(name)])

    def to_dict(self) -> dict:
        """The range, its combos and share, and per class held the combos and how full the cell is."""
        fractions = self.fractions
        return {
            "range": self.text,
            "combos": self.combos,
            "total": self.total,
            "share": self.share,
            "classes": {
                GRID_CLASSES[r][c]: {"combos": float(self.held[r, c]), "fraction": float(fractions[r, c])}
                for r, c in zip(*np.nonzero(self.held))
            },
        }

    def _repr_html_(self) -> str:
        """In a notebook: the grid, each cell filled as far as the range holds its class."""
        return weight_picture(self, f"{self.text}: {self.combos:g} combos ({100 * self.share:.2f}%)").to_html()

    def __str__(self) -> str:
        """The grid as plain text: the classes held (``*`` partly), ``.`` for the others.

        >>> print(range_grid("AA, 0.5(AKs)"))
        AA, 0.5(AKs): 8 combos, 0.60% of 1,326
        AA   AKs* .    .    .    .    .    .    .    .    .    .    .
        ...
        * partly held: AKs 50%
        """
        fractions = self.fractions
        lines = [f"{self.text}: {self.combos:g} combos, {100 * self.share:.2f}% of {self.total:,}"]
        for r in range(13):
            cells = [
                (
                    " "
                    if self.live[r, c] == 0
                    else "."
                    if fractions[r, c] == 0
                    else GRID_CLASSES[r][c] + ("*" if fractions[r, c] < 1 - 1e-9 else "")
                ).ljust(4)
                for c in range(13)
            ]
            lines.append(" ".join(cells).rstrip())
        partly = [
            f"{GRID_CLASSES[r][c]} {100 * fractions[r, c]:.0f}%"
            for r in range(13)
            for c in range(13)
            if 0 < fractions[r, c] < 1 - 1e-9
        ]
        if partly:
            lines.append(f"* partly held: {', '.join(partly)}")
        return "\n".join(lines)


def range_grid(rng: str | Range, dead: Iterable[Card | int] = ()) -> RangeGrid:
    """A range on the grid, without the combos that hold a ``dead`` card (a short deck's
    missing ranks are dead cards too: their cells stay empty); a range with no combo left
    is a :class:`~pysolver.RangeError` (never an empty grid).

    >>> grid = range_grid("AA", dead=[Card.parse("As")])
    >>> grid.combos, grid.fraction("AA"), grid.total          # 3 of the 6 aces pairs are left
    (3.0, 0.5, 1275)
    """
    rng = rng if isinstance(rng, Range) else parse_range(rng)
    dead = list(dead)
    alive = combo_mask(dead)
    held = np.bincount(COMBO_CLASS, weights=rng.weights * alive, minlength=len(HAND_CLASSES))
    if not held.any():
        raise RangeError(
            f"range {quoted(str(rng))}: no combo of it is left in the deck" + (" beside the dead cards" if dead else "")
        )
    live = np.bincount(COMBO_CLASS, weights=alive.astype(np.float64), minlength=len(HAND_CLASSES))
    remaining = 52 - len({c.index if isinstance(c, Card) else int(c) for c in dead})
    return RangeGrid(str(rng), class_grid(held), class_grid(live), remaining * (remaining - 1) // 2)


def weight_picture(grid: RangeGrid, title: str, notes: Sequence[str] = ()) -> Picture:
    """A range: each cell filled as far as the range holds its class's combos."""
    fractions = grid.fractions
    cells = tuple(
        tuple(
            Cell(
                GRID_CLASSES[r][c],
                ((HELD, float(fractions[r, c])),) if fractions[r, c] > 0 else (),
                grid.live[r, c] == 0,
            )
            for c in range(13)
        )
        for r in range(13)
    )
    legend = ((HELD, "held by the range; a partly filled cell: part of its combos, or a weight"), (EMPTY, "not held"))
    return Picture(title, cells, legend, tuple(notes))


def equity_picture(
    values: np.ndarray, players: int, title: str, held: np.ndarray | None = None, notes: Sequence[str] = ()
) -> Picture:
    """Equity per class ((13, 13), NaN where unknown), coloured on PokerStove's scale for
    ``players`` players; ``held`` (13, 13) fractions fill the cells partly (all full by default)."""
    fill = np.ones((13, 13)) if held is None else held
    cells = tuple(
        tuple(
            Cell(
                GRID_CLASSES[r][c],
                ((equity_colour(values[r, c], players), float(fill[r, c])),)
                if fill[r, c] > 0 and not np.isnan(values[r, c])
                else (),
            )
            for c in range(13)
        )
        for r in range(13)
    )
    fair = 1 / players
    legend = (
        (
            GREEN,
            f"equity above the fair share 1/{players} = {100 * fair:.3g}% (full green: "
            f"{100 * min(2 * fair, 1):.3g}% or more)",
        ),
        (NEUTRAL, f"the fair share, {100 * fair:.3g}%"),
        (RED, f"below it (full red: {100 * fair / 2:.3g}% or less)"),
    )
    return Picture(title, cells, legend, tuple(notes))


def share_picture(
    shares: Sequence[np.ndarray], colours: Sequence[str], meanings: Sequence[str], title: str, notes: Sequence[str] = ()
) -> Picture:
    """Each cell split into coloured segments, one per group, as wide as the group's share
    of the cell ((13, 13) fractions per group, summing to at most 1 in a cell)."""
    cells = tuple(
        tuple(
            Cell(
                GRID_CLASSES[r][c],
                tuple((colour, float(share[r, c])) for colour, share in zip(colours, shares) if share[r, c] > 0),
            )
            for c in range(13)
        )
        for r in range(13)
    )
    return Picture(title, cells, tuple(zip(colours, meanings)), tuple(notes))


__all__ = [
    "GRID_RANKS",
    "CLASS_SIZES",
    "GRID_CLASSES",
    "grid_cell",
    "grid_class",
    "class_grid",
    "RangeGrid",
    "range_grid",
    "weight_picture",
    "equity_picture",
    "share_picture",
]
