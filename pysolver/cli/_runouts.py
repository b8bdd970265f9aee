"""``pysolver runouts "AsKs" "QhQd" --board "Js Ts 2c" [--dead ...] [--json]``.

Every runout of a flop or turn deal (2 to 9 players), solved in one ASP
program: win, tie and loss counts per player, the categories each reaches, the
outs (next cards that put a player ahead) and, from the flop, the
runner-runner pairs.
"""

from __future__ import annotations

import argparse

from ..asp import runouts
from ._options import add_json_option, add_rules_options, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "runouts",
        help="every runout of a flop or turn deal, counted with ASP",
        description="Enumerate every runout of the unseen cards with clingo: win/tie/loss counts "
        "and categories per player, outs and runner-runner pairs.",
    )
    parser.add_argument(
        "players", nargs="+", metavar="HOLE", help='each player\'s hole cards, e.g. "AsKs" "QhQd" (2 to 9)'
    )
    parser.add_argument("--board", required=True, help='a flop or a turn, e.g. "Js Ts 2c"')
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    add_json_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    emit(runouts(args.players, args.board, dead=args.dead, rules=rules_from(args)), args.json)
    return 0


__all__ = ["add_parser", "run"]
