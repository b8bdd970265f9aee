"""``pysolver table [--rules R] [--classes AA KQs ...] [--csv FILE] [--json]``: the exact heads-up
preflop table of a rule book, every starting-hand class against every other."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core import PokerInputError
from ..odds import heads_up_table
from ._equity import progress_bar
from ._options import add_backend_option, add_json_option, add_rules_options, add_threads_option, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "table",
        help="the exact heads-up preflop table of a rule book",
        description="Every starting-hand class against every other, heads-up before the flop, exactly: each "
        "pair of their disjoint combos over every board of the rule book's deck (the matchups up to the suits "
        "and the seat order counted once, on every core). The standard game's 169 x 169 table counts 47,008 "
        "matchups: minutes on one core.",
    )
    parser.add_argument(
        "--classes", nargs="+", metavar="CLASS", help="only these rows (AA, AKs, 72o, ...); every column"
    )
    parser.add_argument("--csv", metavar="FILE", help="write the equities as CSV (a row per class)")
    add_threads_option(parser)
    add_backend_option(parser)
    add_json_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    with progress_bar(sys.stdout.isatty() and not args.json) as progress:
        table = heads_up_table(
            rules_from(args), classes=args.classes, threads=args.threads, progress=progress, backend=args.backend
        )
    if args.csv:
        try:
            Path(args.csv).write_text(table.to_csv(), encoding="utf-8")
        except OSError as error:
            raise PokerInputError(f"--csv {args.csv}: {error.strerror or error}") from None
    emit(table, args.json)
    return 0


__all__ = ["add_parser", "run"]
