"""``pysolver texture "QQ+,AK,JTs,76s" --board "Ks 7h 2d" [--dead ..] [--json] [--svg F] [--html F] [--png F]``.

What a range makes on a flop, turn or river (:func:`pysolver.odds._texture.texture`):
every combo left after card removal by made hand and by draw, with counts and
shares, in total and per class. On a terminal the grid comes first, each cell
split into the shares of its combos in five groups
(:meth:`pysolver.odds.TextureReport.picture`).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..odds import texture
from ._options import add_json_option, add_rules_options, add_threads_option, rules_from
from ._ranges import add_export_options, export
from ._render import show


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


def run(args: argparse.Namespace) -> int:
    report = texture(args.range, args.board, dead=args.dead, rules=rules_from(args), threads=args.threads)
    drawing = report.picture()
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


__all__ = ["add_parser", "run"]
