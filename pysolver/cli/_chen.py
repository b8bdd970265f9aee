"""``pysolver chen "AKs" ["72o" ...] [--json]``: the Chen formula score of starting hands."""

from __future__ import annotations

import argparse
import json

from ..odds import chen_normalized, chen_score


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "chen",
        help="Chen formula score of starting hands",
        description="Bill Chen's preflop score (-1..20) and its normalisation to [0, 1].",
    )
    parser.add_argument(
        "hands", nargs="+", metavar="HAND", help='a class ("AKs", "TT", "72o") or two hole cards ("Ah Kh")'
    )
    parser.add_argument("--json", action="store_true", help="print JSON: a list, one entry per hand")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    rows = [{"hand": hand, "chen": chen_score(hand), "normalized": chen_normalized(hand)} for hand in args.hands]
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        for row in rows:
            print(f"{row['hand']}: {row['chen']} (normalized {row['normalized']:.3f})")
    return 0


__all__ = ["add_parser", "run"]
