"""``pysolver strength "AdQc" [--board "3h4cJh"] [--opponents N] [--range R] [--json]``.

Hand strength (HS, HS^n), PPot and NPot with one and two cards to come, EHS,
Pr(win) and every count of Billings et al.'s tables. Without a board, preflop:
HS is the all-in equity against one opponent over every board (the shipped
exact table against a random hand), and HS^n.
"""

from __future__ import annotations

import argparse

from ..odds import hand_report
from ._options import add_json_option, add_rules_options, add_threads_option, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "strength",
        help="hand strength, potential (PPot/NPot), EHS against random hands",
        description="Hand strength against every opponent holding, PPot and NPot by exact "
        "enumeration of the cards to come, EHS and Pr(win) (Billings et al.).",
    )
    parser.add_argument("hole", help='hole cards, e.g. "AdQc"')
    parser.add_argument("--board", default="", help='flop, turn or river, e.g. "3h4cJh"; none for preflop')
    parser.add_argument(
        "--opponents",
        type=int,
        default=1,
        metavar="N",
        help="number of opponents for HS^n, EHS and Pr(win) (default 1)",
    )
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    parser.add_argument(
        "--range",
        dest="opponent_range",
        default=None,
        metavar="RANGE",
        help='weight the opponent\'s holdings by a range, e.g. "TT+,AKs"',
    )
    add_threads_option(parser)
    add_json_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    emit(
        hand_report(
            args.hole,
            args.board,
            opponents=args.opponents,
            dead=args.dead,
            opponent_range=args.opponent_range,
            rules=rules_from(args),
            threads=args.threads,
        ),
        args.json,
    )
    return 0


__all__ = ["add_parser", "run"]
