"""Pictures of the 13x13 grid: what a range holds, equity, categories on a board, an ordering.

A :class:`Picture` is what to draw, independent of where: per cell a label and
coloured *segments* filling it from the left (a cell held at weight 0.5 is
half filled), a title, a legend that says what each colour means, and lines of
text under the grid (built from a range or an equity per class by
``weight_picture``, ``equity_picture`` and ``share_picture``, beside the grid).
The command line draws it for the terminal with rich (and as SVG and HTML) and
with matplotlib as PNG; :meth:`Picture.to_html` draws it as an HTML table,
which is how results show themselves in a notebook (``_repr_html_``), in the
web app's colours.

The colour scale of equity follows PokerStove: neutral at the fair share
``1/N`` of ``N`` players, green above it, red below it, full green at twice
the fair share or more, full red at half of it or less (the ratio on a log
scale in between).

    >>> equity_colour(0.5, players=2), equity_colour(1.0, players=2), equity_colour(0.25, players=2)
    ('#e6e6e6', '#1a9641', '#d7191c')
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

NEUTRAL, GREEN, RED = "#e6e6e6", "#1a9641", "#d7191c"
HELD = "#f2c12e"
EMPTY = "#333333"
"""The colour of an empty cell (and of the part of a cell not filled)."""
MISSING = "#1c1c1c"
"""The colour of a cell whose class the deck cannot deal (a short deck's missing ranks)."""
SUIT_COLOURS = {"c": "#1f7a3a", "d": "#1f5fbf", "h": "#c62828", "s": "#1d1d1b"}
"""The four-colour deck of card chips."""


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

    def to_html(self) -> str:
        """The picture as an HTML table with inline styles (no stylesheet needed).

        >>> from pysolver.core import range_grid, weight_picture
        >>> weight_picture(range_grid("QQ+"), "QQ+").to_html().count("<td")
        169
        """
        rows = "".join("<tr>" + "".join(_cell_html(cell) for cell in row) + "</tr>" for row in self.cells)
        legend = "".join(
            f'<span style="display:inline-block;width:1em;height:1em;background:{c};'
            f'vertical-align:middle"></span> {html.escape(m)}<br>'
            for c, m in self.legend
        )
        notes = "".join(f"{html.escape(n)}<br>" for n in self.notes)
        return (
            f'<div><strong>{html.escape(self.title)}</strong><table style="border-collapse:separate;'
            f'border-spacing:1px;font:11px sans-serif">{rows}</table>'
            f'<div style="font:12px sans-serif">{legend}{notes}</div></div>'
        )

    def _repr_html_(self) -> str:
        return self.to_html()


def _cell_html(cell: Cell) -> str:
    stops, at = [], 0.0
    for colour, fraction in cell.segments:
        stops += [f"{colour} {100 * at:g}%", f"{colour} {100 * min(1.0, at + fraction):g}%"]
        at = min(1.0, at + fraction)
    background = (
        MISSING
        if cell.missing
        else (
            f"linear-gradient(to right, {', '.join(stops + [f'{EMPTY} {100 * at:g}%', f'{EMPTY} 100%'])})"
            if stops
            else EMPTY
        )
    )
    under = cell.segments[0][0] if cell.segments and cell.segments[0][1] >= 0.5 else EMPTY
    return (
        f'<td style="width:2.6em;height:1.9em;text-align:center;padding:0;border-radius:2px;'
        f'background:{background};color:{text_colour(under)}">{"" if cell.missing else cell.label}</td>'
    )


def cards_html(cards: Sequence[object], best: Sequence[object] = ()) -> str:
    """Cards as coloured chips, those in ``best`` highlighted and the others dimmed (when
    ``best`` is given), as the web app shows a player's best five.

    >>> cards_html(["As", "Kd"], best=["As"]).count("<span")
    2
    """
    chosen = {str(c) for c in best}
    chips = []
    for card in map(str, cards):
        colour = SUIT_COLOURS.get(card[-1], "#1d1d1b")
        mark = ("background:#fff4c2;border-color:#d9a400;" if card in chosen else "opacity:.45;") if chosen else ""
        chips.append(
            f'<span style="display:inline-block;min-width:1.9em;padding:.1em .25em;margin:1px;'
            f"border:1px solid #d8d8d2;border-radius:4px;text-align:center;font-weight:600;"
            f'color:{colour};{mark}">{html.escape(card)}</span>'
        )
    return "".join(chips)


def table_html(header: Sequence[str], rows: Sequence[Sequence[object]], strong: Sequence[int] = ()) -> str:
    """A plain HTML table; the rows numbered in ``strong`` in bold (the winners)."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in header)
    body = "".join(
        f'<tr style="{"font-weight:600" if i in strong else ""}">'
        + "".join(f"<td>{v if str(v).startswith('<span') else html.escape(str(v))}</td>" for v in row)
        + "</tr>"
        for i, row in enumerate(rows)
    )
    return f'<table style="font:13px sans-serif"><tr>{head}</tr>{body}</table>'


def figures_html(figures: Sequence[tuple[str, object]], title: str = "") -> str:
    """A result's figures as a two-column table, a line of ``title`` above it.

    >>> figures_html([("hands", "1,000"), ("ok", True)], "a run").count("<tr>")
    2
    """
    rows = "".join(
        f"<tr><th style='text-align:left'>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>" for k, v in figures
    )
    head = f"<p><strong>{html.escape(title)}</strong></p>" if title else ""
    return f'{head}<table style="font:13px sans-serif">{rows}</table>'


def lines_html(lines: Sequence[str]) -> str:
    """Lines of text as a list (the reasons of an explanation, the findings of a run)."""
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>" if lines else ""


def _mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (``#rrggbb``)."""
    ca, cb = (np.array([int(c[i : i + 2], 16) for i in (1, 3, 5)]) for c in (a, b))
    return "#" + "".join(f"{round(x):02x}" for x in ca + (cb - ca) * min(max(t, 0.0), 1.0))


def equity_colour(equity: float, players: int) -> str:
    """PokerStove's scale: neutral at the fair share 1/players, green above, red below."""
    t = max(-1.0, min(1.0, math.log2(max(equity, 1e-9) * players)))
    return _mix(NEUTRAL, GREEN, t) if t >= 0 else _mix(NEUTRAL, RED, -t)


def text_colour(background: str) -> str:
    """Black or white, whichever reads better on ``background``."""
    r, g, b = (int(background[i : i + 2], 16) for i in (1, 3, 5))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


__all__ = [
    "NEUTRAL",
    "GREEN",
    "RED",
    "HELD",
    "EMPTY",
    "MISSING",
    "SUIT_COLOURS",
    "Cell",
    "Picture",
    "cards_html",
    "table_html",
    "figures_html",
    "lines_html",
    "equity_colour",
    "text_colour",
]
