"""``pysolver outs "AsKs" "QhQd" [more players] --board "Js Ts 2c" [--engine table|asp] [--json]``.

For a deal of 2 to 9 players on the flop or turn, the unseen cards that put
each player alone ahead at the next street, the hand each then holds, and the
cards after which players tie.
"""

from __future__ import annotations

import argparse

from ..odds import ENGINES, outs
from ._options import add_json_option, add_rules_options, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "outs",
        help="which next cards put each player (2 to 9) ahead",
        description="Deal each unseen card as the next board card and say who leads after it, with which hand.",
    )
    parser.add_argument(
        "players", nargs="+", metavar="HOLE", help='each player\'s hole cards (2 to 9 players), e.g. "AsKs" "QhQd"'
    )
    parser.add_argument("--board", required=True, help='a flop or a turn, e.g. "Js Ts 2c"')
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    parser.add_argument(
        "--engine",
        choices=ENGINES,
        default="table",
        help="what values the hands: table (the evaluator, default) or asp (clingo)",
    )
    add_json_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    emit(outs(args.players, args.board, dead=args.dead, rules=rules_from(args), engine=args.engine), args.json)
    return 0


__all__ = ["add_parser", "run"]
