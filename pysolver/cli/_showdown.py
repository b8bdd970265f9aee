"""``pysolver showdown "As Ks" "Qh Qd" --board "Js Ts 2c 7h 3d" [--streets] [--explain] [--json]``.

Solves the showdown with the ASP encodings: each player's best five cards, the
hand's name, and the outcome (a win, or a tie among several players); with
``--explain``, why: what decides between the winner and every other player, and
what each card plays as (``asp/explain.lp``).
"""

from __future__ import annotations

import argparse
import json

from ..asp import Solver
from ..core import Situation
from ._options import add_json_option, add_rules_options, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "showdown",
        help="solve a showdown with ASP: best five cards, hand names, winners",
        description="Solve a showdown with the ASP encodings (clingo): each player's best five "
        "cards for each pot, the hand's name, the winners and each player's share; Texas Hold'em "
        "by default, any game a rule book declares with --rules (omaha, omaha_hi_lo, stud, razz, ...).",
    )
    parser.add_argument(
        "players",
        nargs="+",
        metavar="HOLE",
        help='each player\'s hole cards, e.g. "As Ks" "Qh Qd": two in hold\'em, as many as the --rules '
        "game deals (four in Omaha, seven in stud, five in a draw game)",
    )
    parser.add_argument(
        "--board", default="", help='the board: 0, 3, 4 or 5 cards, e.g. "Js Ts 2c 7h 3d" (none in stud and draw games)'
    )
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    parser.add_argument("--streets", action="store_true", help="show the standing at the flop, turn and river")
    parser.add_argument(
        "--explain",
        action="store_true",
        help="say why: the category, lead or kicker that decides, or why players tie, and what each card plays "
        "as; in other games, why a player has no low and the better hand the five may not take",
    )
    add_json_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    solver = Solver(rules_from(args), explain=args.explain)
    deal = Situation.of(args.players, args.board, dead=args.dead, rules=solver.rules, games=True).deal
    if not args.streets:
        emit(solver.solve(deal), args.json)
        return 0
    results = solver.solve_streets(deal)
    if args.json:
        print(json.dumps({"streets": [r.to_dict() for r in results]}, indent=2))
    else:
        print("\n\n".join(f"{r.street}\n{r}" for r in results))
    return 0


__all__ = ["add_parser", "run"]
