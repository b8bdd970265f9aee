"""The grid's pictures (:class:`pysolver.core.Picture`) drawn: on the terminal with rich,
which also exports them as SVG and HTML, and as PNG with matplotlib (:mod:`pysolver.cli._plot`).
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
from rich.console import Console
from rich.text import Text

from ..core import EMPTY, MISSING, Cell, Picture, text_colour
from ._plot import save_png

CELL = 5
"""Characters per cell in the terminal."""


def _cell_text(cell: Cell) -> Text:
    """A cell as ``CELL`` characters, each on the colour of the segment under its middle."""
    edges = np.cumsum([fraction for _, fraction in cell.segments])
    label = cell.label.center(CELL)
    text = Text()
    for i, char in enumerate(label):
        middle = (i + 0.5) / CELL
        under = int(np.searchsorted(edges, middle, side="right")) if len(edges) else 0
        background = MISSING if cell.missing else cell.segments[under][0] if under < len(edges) else EMPTY
        foreground = text_colour(background) if under < len(edges) else "#8a8a8a"
        text.append(char if not cell.missing else " ", style=f"{foreground} on {background}")
    return text


def to_rich(picture: Picture) -> Text:
    """The picture as rich text: the title, the grid (a gap between cells), the legend, the notes."""
    out = Text()
    out.append(picture.title + "\n", style="bold")
    for row in picture.cells:
        for i, cell in enumerate(row):
            out.append_text(_cell_text(cell))
            out.append(" " if i < 12 else "\n")
    for colour, meaning in picture.legend:
        out.append("  ", style=f"on {colour}")
        out.append(f" {meaning}\n")
    for note in picture.notes:
        out.append(note + "\n")
    out.rstrip()
    return out


def show(picture: Picture) -> None:
    """Print the picture on the terminal, in colour."""
    Console(highlight=False).print(to_rich(picture))


def save(picture: Picture, svg: str | None = None, html: str | None = None, png: str | None = None) -> None:
    """Write the picture as SVG and HTML (rich's record and export) and PNG (matplotlib)."""
    if svg or html:
        console = Console(
            record=True, file=io.StringIO(), width=100, force_terminal=True, color_system="truecolor", highlight=False
        )
        console.print(to_rich(picture))
        if svg:
            Path(svg).write_text(console.export_svg(title=picture.title, clear=False), encoding="utf-8")
        if html:
            Path(html).write_text(console.export_html(inline_styles=True, clear=False), encoding="utf-8")
    if png:
        save_png(picture, png)


__all__ = ["CELL", "to_rich", "show", "save"]
