"""``pysolver table [--rules R] [--players 3] [--classes AA KQs ...] [--columns ...] [--csv FILE] [--json]``:
the exact heads-up preflop table of a rule book, every starting-hand class against every other, or
its three-way table, every three classes."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..core import PokerInputError
from ..odds import HeadsUpTable, ThreeWayTable, heads_up_table, three_way_table
from ._equity import progress_bar
from ._options import add_backend_option, add_json_option, add_rules_options, add_threads_option, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "table",
        help="the exact heads-up or three-way preflop table of a rule book",
        description="Every starting-hand class against every other, heads-up before the flop, exactly: each "
        "pair of their disjoint combos over every board of the rule book's deck (the matchups up to the suits "
        "and the seat order counted once, on every core). The standard game's 169 x 169 table counts 47,008 "
        "matchups: minutes on one core. With --players 3, every three classes (818,805 cells in the standard "
        "game, each an exact three-way count, in worker processes: about half an hour of one core; a row, AA "
        "against every two classes, some 30 seconds).",
    )
    parser.add_argument(
        "--players", type=int, choices=(2, 3), default=2, help="2: the heads-up table (default); 3: three-way"
    )
    parser.add_argument(
        "--classes", nargs="+", metavar="CLASS", help="only these rows (AA, AKs, 72o, ...); every column"
    )
    parser.add_argument(
        "--columns", nargs="+", metavar="CLASS", help="three-way: the other two seats' classes (default: every class)"
    )
    parser.add_argument("--csv", metavar="FILE", help="write the equities as CSV (a row per class)")
    add_threads_option(parser)
    add_backend_option(parser)
    add_json_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.columns and args.players != 3:
        raise PokerInputError("--columns: only the three-way table (--players 3) has columns to choose")
    table: HeadsUpTable | ThreeWayTable
    with progress_bar(sys.stdout.isatty() and not args.json) as progress:
        if args.players == 3:
            table = three_way_table(
                rules_from(args),
                classes=args.classes,
                columns=args.columns,
                threads=args.threads,
                progress=progress,
                backend=args.backend,
            )
        else:
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
