"""PNG pictures of the grid with matplotlib, an optional extra: ``pip install 'pysolver-holdem[plot]'``.

:func:`save_png` draws a :class:`~pysolver.core.Picture` as the terminal
does, with exact fills (a cell held at weight 0.3 is 30% filled), and writes a
PNG. Without matplotlib it raises :class:`PlotUnavailable`, which the command
line prints as one line.
"""

from __future__ import annotations

from ..core import EMPTY, MISSING, Picture, text_colour

INSTALL = "pip install 'pysolver-holdem[plot]'"


class PlotUnavailable(RuntimeError):
    """matplotlib is not installed."""


def save_png(picture: Picture, path: str) -> None:
    """Draw ``picture`` and write it to ``path`` as PNG (150 dpi, about 1,200 pixels wide)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.patches import Rectangle
    except ImportError:
        raise PlotUnavailable(f"--png needs matplotlib, an optional extra: {INSTALL}") from None
    rows = 13.2 + (len(picture.legend) + len(picture.notes)) * 0.55
    inch = 0.6  # the side of a cell
    height = rows * inch + 0.6  # and the title above the grid
    figure = plt.figure(figsize=(13 * inch + 0.3, height), dpi=150)
    axes = figure.add_axes(
        (0.15 / (13 * inch + 0.3), 0.05 / height, 13 * inch / (13 * inch + 0.3), rows * inch / height)
    )
    axes.set_xlim(0, 13)
    axes.set_ylim(rows, 0)
    axes.axis("off")
    figure.text(0.5, 1 - 0.3 / height, picture.title, ha="center", va="center", fontsize=11, fontweight="bold")
    for r, row in enumerate(picture.cells):
        for c, cell in enumerate(row):
            axes.add_patch(Rectangle((c + 0.03, r + 0.03), 0.94, 0.94, color=MISSING if cell.missing else EMPTY))
            left, last = c + 0.03, EMPTY
            for colour, fraction in cell.segments:
                axes.add_patch(Rectangle((left, r + 0.03), 0.94 * fraction, 0.94, color=colour))
                left += 0.94 * fraction
                last = colour
            if not cell.missing:
                filled = sum(f for _, f in cell.segments) >= 0.5
                axes.text(
                    c + 0.5,
                    r + 0.52,
                    cell.label,
                    ha="center",
                    va="center",
                    fontsize=7,
                    color=text_colour(last if filled else EMPTY) if cell.segments else "#8a8a8a",
                )
    y = 13.45
    for colour, meaning in picture.legend:
        axes.add_patch(Rectangle((0.03, y - 0.2), 0.6, 0.4, color=colour, ec="#777777", lw=0.5))
        axes.text(0.8, y, meaning, va="center", fontsize=8)
        y += 0.55
    for note in picture.notes:
        axes.text(0.03, y, note, va="center", fontsize=8)
        y += 0.55
    figure.savefig(path, format="png")
    plt.close(figure)


__all__ = ["INSTALL", "PlotUnavailable", "save_png"]
