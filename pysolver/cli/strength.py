"""``pysolver strength "AdQc" --board "3h4cJh" [--opponents N] [--json]``.

Hand strength (HS, HS^n), PPot and NPot with one and two cards to come, EHS,
Pr(win) and every count of Billings et al.'s tables.
"""

from __future__ import annotations

import argparse
import json

from ..odds.potential import HandPotential, HandReport, hand_report
from ..odds.strength import STATES
from .options import add_rules_options, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "strength", help="hand strength, potential (PPot/NPot), EHS against random hands",
        description="Hand strength against every opponent holding, PPot and NPot by exact "
                    "enumeration of the cards to come, EHS and Pr(win) (Billings et al.).")
    parser.add_argument("hole", help='hole cards, e.g. "AdQc"')
    parser.add_argument("--board", required=True, help='flop, turn or river, e.g. "3h4cJh"')
    parser.add_argument("--opponents", type=int, default=1, metavar="N",
                        help="number of opponents for HS^n, EHS and Pr(win) (default 1)")
    parser.add_argument("--dead", default="", help="cards known to be out of play")
    parser.add_argument("--range", dest="opponent_range", default=None, metavar="RANGE",
                        help='weight the opponent\'s holdings by a range, e.g. "TT+,AKs"')
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_rules_options(parser)
    parser.set_defaults(run=run)


HEADER = "before \\ after"


def _potential_lines(pot: HandPotential) -> list[str]:
    plural = "s" if pot.cards_to_come > 1 else ""
    lines = [f"{pot.cards_to_come} card{plural} to come: PPot {pot.ppot:.4f}  NPot {pot.npot:.4f}",
             f"  {HEADER:<15}" + "".join(f"{s:>10}" for s in STATES) + f"{'total':>10}"]
    for state, row, total in zip(STATES, pot.counts, pot.totals):
        lines.append(f"  {state:<15}" + "".join(f"{_count(n):>10}" for n in row) + f"{_count(total):>10}")
    return lines


def _count(n) -> str:
    return str(n) if isinstance(n, int) else f"{n:.2f}"


def format_report(report: HandReport) -> str:
    """The human-readable report."""
    s = report.strength
    lines = [f"hand {' '.join(map(str, report.hole))}   board {' '.join(map(str, report.board))}",
             f"HS {s.hs:.4f}  (ahead {_count(s.ahead)}, tied {_count(s.tied)}, behind {_count(s.behind)} "
             f"of {_count(s.total)} opponent holdings)"]
    if report.opponents > 1:
        lines.append(f"HS^{report.opponents} {report.hs:.4f}")
    for pot in (report.one_card, report.two_cards):
        if pot is not None:
            lines += _potential_lines(pot)
    basis = [f"{report.potential.cards_to_come}-card lookahead"] if report.potential else []
    basis += [f"HS^{report.opponents} for HS"] if report.opponents > 1 else []
    lines.append(f"EHS {report.ehs:.4f}   Pr(win) {report.win_probability:.4f}"
                 + (f"   ({', '.join(basis)})" if basis else ""))
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    report = hand_report(args.hole, args.board, opponents=args.opponents, dead=args.dead,
                         rules=rules_from(args),
                         opponent_range=args.opponent_range)
    print(json.dumps(report.as_dict(), indent=2) if args.json else format_report(report))
    return 0
