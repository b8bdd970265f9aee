"""``pysolver crossval``: prove the ASP solver and the evaluator agree.

    pysolver crossval --random 20000 --cards 7 --players 3 --seed 1
    pysolver crossval --streets 2000 --seed 1
    pysolver crossval --equity 3 --seed 1
    pysolver crossval --explain 5000 --players 3 --seed 1      # every explanation's claims
    pysolver crossval --exhaustive 5 --workers 2
    pysolver crossval --exhaustive 5 --chunk 7 --chunks 40      # one chunk on its own
    pysolver crossval --exhaustive 5 --rules short_deck          # all 376,992 short-deck hands
    pysolver crossval --random 2000 --rules omaha_hi_lo --players 4   # a game, pot by pot
    pysolver crossval --exhaustive 5 --rules deuce_to_seven      # every hand of a five-card game
    pysolver crossval --exhaustive 7 --canonical                # the suit classes, weighted, and a sample
    pysolver crossval --exhaustive 7 --resume run7.jsonl        # all 133,784,560 hands; rerun to resume
    pysolver crossval --exhaustive 7 --scheduler tcp://10.0.0.5:8786   # on a Dask cluster

``--exhaustive 7`` runs on a local Dask cluster of one worker per core when the
cluster extra is installed (``pip install 'pysolver-holdem[cluster]'``), else in local
processes; ``--scheduler ADDRESS`` sends any mode's tasks to an existing Dask
cluster (``local``: a fresh local one of ``--workers`` workers).

Without ``--seed`` the random modes draw a fresh seed and print it with the
report: ``--seed`` with that number deals the same showdowns again. Exit
status 0 when the engines agree, 1 on any mismatch, 2 on bad input (also an
option the mode does not take, such as ``--players`` with ``--streets``).
"""

from __future__ import annotations

import argparse
import os

from ..asp import cluster_available
from ..core import PokerInputError
from ..crossval import (
    CANONICAL_TASKS,
    EXHAUSTIVE_CHUNKS,
    SAMPLE_HANDS,
    SEVEN_TASKS,
    crossval_equity,
    crossval_exhaustive,
    crossval_explanations,
    crossval_random,
    crossval_streets,
)
from ._options import add_rules_options, add_where_options, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "crossval",
        help="cross-validate the ASP solver against the evaluator",
        description="Deal showdowns to both engines and compare categories, tie-break ranks, "
        "best five cards, winners and the order of the hand values; exit status 1 on "
        "any mismatch.",
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--random", type=int, metavar="N", help="N random showdowns from the skewed dealer")
    mode.add_argument(
        "--streets",
        type=int,
        nargs="?",
        const=1000,
        metavar="N",
        help="N heads-up deals checked at the flop, turn and river (default 1000)",
    )
    mode.add_argument(
        "--equity",
        type=int,
        nargs="?",
        const=3,
        metavar="N",
        help="N deals each heads-up and three-way, at flop and turn: ASP what-if "
        "win/tie/loss counts against the evaluator's exact counts (default 3)",
    )
    mode.add_argument(
        "--exhaustive",
        type=int,
        choices=[5, 7],
        metavar="{5,7}",
        help="every hand: all 2,598,960 five-card or all 133,784,560 seven-card hands",
    )
    mode.add_argument(
        "--explain",
        type=int,
        metavar="N",
        help="N random showdowns from the skewed dealer, explained by ASP (showdown "
        "--explain), every claim checked against the evaluator",
    )
    parser.add_argument(
        "--cards",
        type=int,
        choices=[5, 6, 7],
        help="cards each player sees in --random and --explain: 5 flop, 6 turn, 7 river (default 7)",
    )
    parser.add_argument(
        "--players", type=int, metavar="K", help="players per showdown in --random and --explain (default 2)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="S",
        help="seed of the dealer (default: a fresh one, shown in the report)",
    )
    parser.add_argument(
        "--canonical",
        action="store_true",
        help="with --exhaustive 7: the 6,009,159 classes of hands up to the suits, each "
        "weighted by its hands, and a sample of hands with relabelled suits",
    )
    parser.add_argument(
        "--sample",
        type=int,
        metavar="N",
        help=f"hands of the --canonical run's random sample (default {SAMPLE_HANDS:,})",
    )
    parser.add_argument(
        "--chunk",
        type=int,
        action="append",
        metavar="I",
        help="run only chunk (task) I, 0-based, of the exhaustive run; repeatable",
    )
    parser.add_argument(
        "--chunks",
        type=int,
        metavar="N",
        help=f"chunks (tasks) of the exhaustive run (default {EXHAUSTIVE_CHUNKS} for 5 cards, "
        f"{SEVEN_TASKS} for 7, {CANONICAL_TASKS} with --canonical)",
    )
    add_where_options(parser, "--exhaustive 7")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    add_rules_options(parser)
    parser.set_defaults(run=run)


#: The options each mode takes besides --workers and --json.
_OPTIONS = {
    "random": ("cards", "players", "seed", "scheduler", "resume"),
    "streets": ("seed", "scheduler", "resume"),
    "equity": ("seed", "scheduler", "resume"),
    "exhaustive": ("chunk", "chunks", "scheduler", "resume"),
    "explain": ("cards", "players", "seed"),
    "exhaustive 7": ("chunk", "chunks", "scheduler", "resume", "canonical"),
    "exhaustive 7 canonical": ("chunk", "chunks", "scheduler", "resume", "canonical", "sample", "seed"),
}


def _check_options(args: argparse.Namespace) -> str:
    """The mode given; an option that the mode does not take is bad input."""
    mode = next(m for m in ("random", "streets", "equity", "exhaustive", "explain") if getattr(args, m) is not None)
    name = f"--{mode}"
    if mode == "exhaustive" and args.exhaustive == 7:
        mode, name = (
            ("exhaustive 7 canonical", "--exhaustive 7 --canonical")
            if args.canonical
            else ("exhaustive 7", "--exhaustive 7")
        )
    elif mode == "exhaustive":
        name = "--exhaustive 5"
    for option in ("cards", "players", "seed", "chunk", "chunks", "scheduler", "resume", "sample"):
        if getattr(args, option) is not None and option not in _OPTIONS[mode]:
            raise PokerInputError(f"--{option} does not apply to {name}")
    if args.canonical and "canonical" not in _OPTIONS[mode]:
        raise PokerInputError(f"--canonical does not apply to {name} (it goes with --exhaustive 7)")
    return mode


def _where(args: argparse.Namespace, mode: str) -> tuple[int, str | None]:
    """Workers and scheduler: a seven-card run uses every core, on a local Dask cluster if it can."""
    if not mode.startswith("exhaustive 7"):
        return (1 if args.workers is None else args.workers), args.scheduler
    scheduler = args.scheduler
    if scheduler is None and cluster_available():
        scheduler = "local"
    return (os.cpu_count() or 1) if args.workers is None else args.workers, scheduler


def run(args: argparse.Namespace) -> int:
    progress = not args.json
    mode = _check_options(args)
    rules = rules_from(args)
    workers, scheduler = _where(args, mode)
    where = {"scheduler": scheduler, "resume": args.resume}
    if mode.startswith("exhaustive"):
        report = crossval_exhaustive(
            args.chunks,
            args.chunk,
            workers,
            progress,
            rules,
            cards=args.exhaustive,
            canonical=args.canonical,
            sample=args.sample,
            seed=args.seed,
            **where,
        )
    elif mode == "random":
        report = crossval_random(
            args.random,
            2 if args.players is None else args.players,
            7 if args.cards is None else args.cards,
            args.seed,
            workers,
            progress,
            rules,
            **where,
        )
    elif mode == "explain":
        report = crossval_explanations(
            args.explain,
            2 if args.players is None else args.players,
            7 if args.cards is None else args.cards,
            args.seed,
            workers,
            rules,
        )
    elif mode == "streets":
        report = crossval_streets(args.streets, args.seed, workers, progress, rules, **where)
    else:
        report = crossval_equity(args.equity, args.seed, workers, progress, rules, **where)
    emit(report, args.json)
    return 0 if report.ok else 1


__all__ = ["add_parser", "run"]
