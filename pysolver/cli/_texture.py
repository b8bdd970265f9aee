"""``pysolver texture "QQ+,AK,JTs,76s" --board "Ks 7h 2d" [--dead ..] [--json] [--svg F] [--html F] [--png F]``.

What a range makes on a flop, turn or river (:func:`pysolver.odds._texture.texture`):
every combo left after card removal by made hand and by draw, with counts and
shares, in total and per class. On a terminal the grid comes first, each cell
split into the shares of its combos in five groups (see :data:`GROUPS`).
"""

from __future__ import annotations

import argparse
import json
import sys

import numpy as np

from ..core import CLASS_SIZES, Picture, class_grid, share_picture
from ..odds import DRAWS, TextureReport, texture
from ._options import add_json_option, add_rules_options, add_threads_option, rules_from
from ._ranges import add_export_options, export
from ._render import show

GROUPS = (
    ("#7b3294", "two pair or better"),
    ("#1a9641", "top pair or overpair"),
    ("#a6d96a", "middle pair, bottom pair or underpair"),
    ("#2c7bb6", "no pair (or the board's), with a flush or straight draw"),
    ("#9e9e9e", "nothing of that"),
)
"""The colours of the category grid and what they mean, best first."""


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "texture",
        help="what a range makes on a board: made hands and draws, per class",
        description="Every combo of a range left on a flop, turn or river, by made hand (with the kind of "
        "pair) and by draw (flush draw, backdoor flush draw, open-ended, gutshot, two overcards, "
        "combo draw), with counts and shares of the range, in total and per class.",
    )
    parser.add_argument("range", metavar="RANGE", help='a range, e.g. "QQ+,AK,JTs,76s", or two hole cards')
    parser.add_argument("--board", required=True, help='a flop, turn or river, e.g. "Ks 7h 2d"')
    parser.add_argument("--dead", default="", help="cards out of play")
    add_export_options(parser)
    add_threads_option(parser)
    add_json_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def groups(report: TextureReport) -> list[np.ndarray]:
    """(169,) weighted combos per class in each of the :data:`GROUPS`, best first."""
    strong = [k for k in report.kinds[: report.kinds.index("two_pair") + 1] if k != "board_trips"]
    made = [
        np.isin(report.made, [report.kinds.index(k) for k in kinds])
        for kinds in (strong, ("top_pair", "overpair"), ("middle_pair", "bottom_pair", "underpair"))
    ]
    paired = made[0] | made[1] | made[2]
    drawing = report.draws[:, [DRAWS.index("flush_draw"), DRAWS.index("open_ended"), DRAWS.index("gutshot")]]
    masks = made + [~paired & drawing.any(axis=1)]
    masks.append(~paired & ~masks[-1])
    classes = np.zeros((len(report.indices), 169))
    classes[np.arange(len(report.indices)), report.class_of] = report.weights
    return [mask.astype(np.float64) @ classes for mask in masks]


def category_picture(report: TextureReport) -> Picture:
    """The grid of a texture report: each cell filled as far as the range holds the class's
    combos after card removal, split into the groups of those combos."""
    shares = [class_grid(g / CLASS_SIZES) for g in groups(report)]
    board = " ".join(str(c) for c in report.board)
    title = f"{report.range} on {board}: {report.combos:g} combos"
    return share_picture(
        shares,
        [c for c, _ in GROUPS],
        [m for _, m in GROUPS],
        title,
        ("each cell filled as the range holds the class after card removal, split by group",),
    )


def run(args: argparse.Namespace) -> int:
    report = texture(args.range, args.board, dead=args.dead, rules=rules_from(args), threads=args.threads)
    drawing = category_picture(report)
    if not export(drawing, args):
        return 2
    if args.json:
        print(json.dumps(report.to_dict(), indent=2))
        return 0
    if sys.stdout.isatty():
        show(drawing)
        print()
    print(report)
    return 0


__all__ = ["GROUPS", "add_parser", "groups", "category_picture", "run"]
