"""``pysolver outs "AsKs" "QhQd" --board "Js Ts 2c" [--engine table] [--json]``.

For a heads-up deal on the flop or turn, the unseen cards that put each player
ahead at the next street, and the hand each then holds.
"""

from __future__ import annotations

import argparse
import json

from ..core.cards import format_cards
from ..odds.draws import ENGINES, OutsReport, outs
from .options import add_rules_options, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "outs", help="which next cards put each player of a heads-up deal ahead",
        description="Deal each unseen card as the next board card and say who leads after it, "
                    "with which hand.")
    parser.add_argument("first", help='first player\'s hole cards, e.g. "AsKs"')
    parser.add_argument("second", help='second player\'s hole cards, e.g. "QhQd"')
    parser.add_argument("--board", required=True, help='a flop or a turn, e.g. "Js Ts 2c"')
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    parser.add_argument("--engine", choices=sorted([*ENGINES, "asp"]), default="table",
                        help="which engine compares the hands (default: table); "
                             "asp: the outs derived by clingo (pysolver.whatif)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_rules_options(parser)
    parser.set_defaults(run=run)


def format_report(report: OutsReport) -> str:
    """One block per player: the cards that leave them ahead, grouped by the hand they make."""
    lines = [f"board {format_cards(report.board)}"]
    for player, (hole, hand) in enumerate(zip(report.players, report.hands)):
        lead = "  (leads now)" if report.leader == player else ""
        lines.append(f"player {player + 1} {format_cards(hole)}: {hand}{lead}")
    for player, hole in enumerate(report.players):
        cards = report.outs(player)
        lines.append(f"{len(cards)} card{'s' if len(cards) != 1 else ''} put player {player + 1} "
                     f"({format_cards(hole)}) ahead:")
        by_hand: dict[str, list[str]] = {}
        for outcome in cards:
            by_hand.setdefault(outcome.hands[player], []).append(str(outcome.card))
        lines += [f"  {' '.join(group)}  -> {hand}" for hand, group in by_hand.items()]
    if report.ties:
        lines.append(f"{len(report.ties)} tie: {' '.join(str(o.card) for o in report.ties)}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    if args.engine == "asp":
        from ..asp.whatif import asp_outs
        report = asp_outs(args.first, args.second, args.board, dead=args.dead, rules=rules_from(args))
    else:
        report = outs(args.first, args.second, args.board, dead=args.dead, engine=args.engine,
                      rules=rules_from(args))
    print(json.dumps(report.as_dict(), indent=2) if args.json else format_report(report))
    return 0
