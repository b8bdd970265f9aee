"""``pysolver showdown "As Ks" "Qh Qd" --board "Js Ts 2c 7h 3d" [--json] [--streets] [--rules NAME|PATH] [--add FILE]``.

Solves the showdown with the ASP encodings: each player's best five cards, the
hand's name, and the outcome (a win, or a tie among several players).
"""

from __future__ import annotations

import json

from ..core.deal import Deal
from ..asp.solver import ShowdownResult, Solver
from .options import add_rules_options, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "showdown", help="solve a showdown with ASP: best five cards, hand names, winners",
        description="Solve a Texas Hold'em showdown with the ASP encodings (clingo): each "
                    "player's best five cards, the hand's name and the outcome.")
    parser.add_argument("holes", nargs="+", metavar="HOLE",
                        help='each player\'s two hole cards, e.g. "As Ks" "Qh Qd" (2 to 23 players)')
    parser.add_argument("--board", default="",
                        help='the board: 0, 3, 4 or 5 cards, e.g. "Js Ts 2c 7h 3d"')
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_argument("--streets", action="store_true",
                        help="show the standing at the flop, turn and river")
    add_rules_options(parser)
    parser.set_defaults(run=run)


def format_result(result: ShowdownResult) -> str:
    """Each player's best five and hand name, then the outcome."""
    lines = [f"board: {' '.join(map(str, result.board)) or '(none, preflop)'}"]
    for i, hand in enumerate(result.players):
        lines.append(f"player {i}: {' '.join(map(str, hand.hole))}  best five "
                     f"{' '.join(map(str, hand.best_five))}  {hand.description}")
    if result.is_chop:
        lines.append(f"tie: players {', '.join(map(str, result.winners))} split the pot")
    else:
        lines.append(f"win: player {result.winners[0]}")
    return "\n".join(lines)


def run(args) -> int:
    deal = Deal.parse(args.holes, args.board)
    solver = Solver(rules_from(args))
    if args.streets:
        results = solver.solve_streets(deal)
        if args.json:
            print(json.dumps({"streets": [{"street": r.street} | r.to_json() for r in results]}))
        else:
            print("\n\n".join(f"{r.street}\n{format_result(r)}" for r in results))
        return 0
    result = solver.solve(deal)
    print(json.dumps(result.to_json()) if args.json else format_result(result))
    return 0
