"""``pysolver runouts "AsKs" "QhQd" --board "Js Ts 2c" [--dead ...] [--json]``.

Every runout of a flop or turn deal (2 to 9 players), solved in one ASP
program: win, tie and loss counts per player, the categories each reaches, the
outs (next cards that put a player ahead) and, from the flop, the
runner-runner pairs.
"""

from __future__ import annotations

import argparse
import json

from ..core.cards import format_cards
from ..asp.whatif import RunoutReport, runouts
from .options import add_rules_options, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "runouts", help="every runout of a flop or turn deal, counted with ASP",
        description="Enumerate every runout of the unseen cards with clingo: win/tie/loss counts "
                    "and categories per player, outs and runner-runner pairs.")
    parser.add_argument("holes", nargs="+", help='each player\'s hole cards, e.g. "AsKs" "QhQd" (2 to 9)')
    parser.add_argument("--board", required=True, help='a flop or a turn, e.g. "Js Ts 2c"')
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_rules_options(parser)
    parser.set_defaults(run=run)


def format_report(report: RunoutReport) -> str:
    """Counts per player, then categories, outs and runner-runner pairs."""
    total = len(report.runouts)
    lines = [f"board {format_cards(report.deal.board)}: {total} runouts"]
    for p, hole in enumerate(report.deal.players):
        lines.append(f"player {p + 1} {format_cards(hole)}: win {report.wins[p]}  tie {report.ties[p]}  "
                     f"loss {report.losses[p]}  (now: {report.now.hands[p].description})")
        reached = sorted(report.categories[p].items(), reverse=True)
        lines.append("  " + ", ".join(f"{c.label} {n}" for c, n in reached))
        outs = [o for o in report.outs if o.player == p]
        if outs:
            by_category: dict[str, list[str]] = {}
            for o in outs:
                by_category.setdefault(o.category.label, []).append(str(o.cards[0]))
            lines.append(f"  {len(outs)} out{'s' if len(outs) != 1 else ''}: "
                         + "; ".join(f"{' '.join(cards)} ({label})" for label, cards in by_category.items()))
        pairs = [o for o in report.runner_runner if o.player == p]
        if pairs:
            shown = " ".join(format_cards(o.cards).replace(" ", "") for o in pairs[:12])
            more = f" ... ({len(pairs)} in all)" if len(pairs) > 12 else ""
            lines.append(f"  {len(pairs)} runner-runner pair{'s' if len(pairs) != 1 else ''}: {shown}{more}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    report = runouts(args.holes, args.board, dead=args.dead, rules=rules_from(args))
    print(json.dumps(report.to_json(), indent=2) if args.json else format_report(report))
    return 0
