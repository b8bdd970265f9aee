"""``pysolver range "QQ+,AKs,0.5(KQs)" [--order NAME] [--color weight|equity|order] [--svg F] [--html F] [--png F]``.

The 13x13 grid of a range: the classes it holds, a weight or card removal as
a partly filled cell, the combo count and its share of the 1,326 (of the
combos the deck deals, with ``--dead`` or a short deck). ``--order`` names the
ordering of ``top x%`` items that name none (see
:mod:`pysolver.core._orderings`); the orderings used are printed under the
grid. ``--color equity`` colours each class by its equity against the random
hands of the ordering (PokerStove's scale), ``--color order`` labels each
class by its place in the ordering. On a terminal the grid is drawn in
colour; piped, as plain text; ``--json`` prints the counts.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from ..core import (
    DEFAULT_ORDERING,
    HAND_CLASSES,
    ORDERINGS,
    Card,
    Cell,
    Ordering,
    Picture,
    PokerInputError,
    RangeError,
    RangeGrid,
    check_distinct,
    class_grid,
    equity_picture,
    ordering,
    orderings_named,
    parse_cards,
    parse_range,
    range_grid,
    weight_picture,
)
from ._options import add_json_option, add_rules_options, rules_from
from ._plot import PlotUnavailable
from ._render import save, show

COLOURS = ("weight", "equity", "order")


def picture_path(suffix: str | None = None):
    """An argparse type: a path a picture can be written to (not empty, not a folder, in a
    folder that exists; named ``*.suffix`` when ``suffix`` is given), checked before any work."""

    def checked(text: str) -> str:
        path = Path(text)
        if not text.strip():
            raise argparse.ArgumentTypeError("an empty path: name the file to write")
        if path.is_dir():
            raise argparse.ArgumentTypeError(f"'{text}' is a folder: name the file to write")
        if not path.parent.is_dir():
            raise argparse.ArgumentTypeError(f"'{text}': no folder '{path.parent}' to write it in")
        if suffix is not None and path.suffix.lower() != f".{suffix}":
            raise argparse.ArgumentTypeError(f"'{text}': a {suffix.upper()} picture's name ends in .{suffix}")
        return text

    return checked


def add_export_options(parser: argparse.ArgumentParser) -> None:
    """Declare ``--svg``, ``--html`` and ``--png`` on a command that draws a grid."""
    parser.add_argument("--svg", metavar="FILE", type=picture_path(), help="also write the picture as SVG")
    parser.add_argument("--html", metavar="FILE", type=picture_path(), help="also write the picture as HTML")
    parser.add_argument(
        "--png",
        metavar="FILE",
        type=picture_path("png"),
        help="also write the picture as PNG (needs matplotlib: pip install 'pysolver-holdem[plot]')",
    )


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "range",
        help="a range on the 13x13 grid: classes held, weights, combos",
        description="Draw a range on the 13x13 grid of starting hands (pairs on the diagonal, suited above, "
        "offsuit below) with its combo count and its share of all combos.",
    )
    parser.add_argument("range", metavar="RANGE", help='a range, e.g. "QQ+,AKs,0.5(KQs)" or "top 10%% chen"')
    parser.add_argument(
        "--order",
        choices=ORDERINGS,
        default=DEFAULT_ORDERING,
        help="the ordering of 'top x%%' items that name none (default vs1: equity against one "
        "random hand; vs2, vs3: against two, three; chen: the Chen formula)",
    )
    parser.add_argument(
        "--color",
        "--colour",
        dest="colour",
        choices=COLOURS,
        default="weight",
        help="weight: cells filled as the range holds them (default); equity: coloured by "
        "equity against the ordering's random hands; order: labelled by place in the ordering",
    )
    parser.add_argument("--dead", default="", help="cards out of play: combos holding them are removed")
    add_export_options(parser)
    add_json_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def order_picture(grid: RangeGrid, chosen: Ordering, title: str, notes: list[str]) -> Picture:
    """Each class labelled by its place in the ordering, green (first) to red (last), cells
    filled as the range holds them."""
    place = class_grid({name: chosen.position(name) for name in HAND_CLASSES})
    fractions = grid.fractions
    shade = equity_picture(2 ** (1 - 2 * (place - 1) / 168) / 2, 2, title, fractions).cells
    cells = tuple(
        tuple(Cell(str(int(place[r, c])), shade[r][c].segments, grid.live[r, c] == 0) for c in range(13))
        for r in range(13)
    )
    legend = (
        ("#1a9641", f"the first classes of {chosen.name} ({chosen.title}); the number is the place"),
        ("#e6e6e6", "the middle"),
        ("#d7191c", "the last"),
    )
    return Picture(title, cells, legend, tuple(notes))


def picture(grid: RangeGrid, colour: str, chosen: Ordering, notes: list[str]) -> Picture:
    """The picture the options ask for."""
    title = f"{grid.text}: {grid.combos:,g} combos, {100 * grid.share:.2f}% of {grid.total:,}"
    if colour == "weight":
        return weight_picture(grid, title, notes)
    if colour == "order":
        return order_picture(grid, chosen, title, notes)
    if chosen.players is None:
        raise RangeError(f"--color equity: the {chosen.name} ordering has no equity; choose --order vs1, vs2 or vs3")
    values = class_grid(np.array(chosen.values))
    return equity_picture(
        values,
        chosen.players,
        f"{title}; equity against {chosen.players - 1} random hand{'s' if chosen.players > 2 else ''}",
        grid.fractions,
        notes,
    )


def export(drawing: Picture, args: argparse.Namespace) -> bool:
    """Write the exports asked for; False (after one error line) when matplotlib is missing."""
    try:
        save(drawing, svg=args.svg, html=args.html, png=args.png)
    except PlotUnavailable as error:
        print(f"pysolver: error: {error}", file=sys.stderr)
        return False
    except OSError as error:
        raise PokerInputError(f"cannot write the picture to '{error.filename}': {error.strerror}") from None
    return True


def run(args: argparse.Namespace) -> int:
    rules = rules_from(args)
    rng = parse_range(args.range, order=args.order)
    dead = parse_cards(args.dead)
    check_distinct(dead)
    rules.check_cards(dead)
    grid = range_grid(rng, list(dead) + [Card(int(i)) for i in rules.removed])
    used = [ordering(name) for name in orderings_named(args.range, order=args.order)]
    notes = [f"top x% by {chosen}" for chosen in used]
    chosen = used[0] if used else ordering(args.order)
    drawing = picture(grid, args.colour, chosen, notes)
    if not export(drawing, args):
        return 2
    if args.json:
        orderings = [{"name": o.name, "title": o.title, "source": o.source} for o in used]
        print(json.dumps(grid.to_dict() | {"orderings": orderings}, indent=2))
    elif sys.stdout.isatty():
        show(drawing)
    else:
        print("\n".join([str(grid)] + notes))
    return 0


__all__ = ["COLOURS", "add_export_options", "add_parser", "order_picture", "picture", "export", "run"]
