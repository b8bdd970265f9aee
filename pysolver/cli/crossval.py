"""``pysolver crossval``: prove the ASP solver and the evaluator agree.

    pysolver crossval --random 20000 --cards 7 --players 3 --seed 1
    pysolver crossval --streets 2000 --seed 1
    pysolver crossval --equity 3 --seed 1
    pysolver crossval --explain 5000 --players 3 --seed 1      # every explanation's claims
    pysolver crossval --exhaustive 5 --workers 2
    pysolver crossval --exhaustive 5 --chunk 7 --chunks 40      # one chunk on its own
    pysolver crossval --exhaustive 5 --rules short_deck          # all 376,992 short-deck hands

Without ``--seed`` the random modes draw a fresh seed and print it with the
report: ``--seed`` with that number deals the same showdowns again. Exit
status 0 when the engines agree, 1 on any mismatch, 2 on bad input (also an
option the mode does not take, such as ``--players`` with ``--streets``).
"""

from __future__ import annotations

import argparse
import json

from ..crossval.explanations import crossval_explanations
from ..crossval.runner import (EXHAUSTIVE_CHUNKS, crossval_equity, crossval_exhaustive, crossval_random,
                        crossval_streets)
from ..core.errors import PokerInputError
from .options import add_rules_options, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "crossval", help="cross-validate the ASP solver against the evaluator",
        description="Deal showdowns to both engines and compare categories, tie-break ranks, "
                    "best five cards, winners and the order of the hand values; exit status 1 on "
                    "any mismatch.")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--random", type=int, metavar="N", help="N random showdowns from the skewed dealer")
    mode.add_argument("--streets", type=int, nargs="?", const=1000, metavar="N",
                      help="N heads-up deals checked at the flop, turn and river (default 1000)")
    mode.add_argument("--equity", type=int, nargs="?", const=3, metavar="N",
                      help="N deals each heads-up and three-way, at flop and turn: ASP what-if "
                           "win/tie/loss counts against the evaluator's exact counts (default 3)")
    mode.add_argument("--exhaustive", type=int, choices=[5], metavar="5",
                      help="all 2,598,960 five-card hands")
    mode.add_argument("--explain", type=int, metavar="N",
                      help="N random showdowns from the skewed dealer, explained by ASP (showdown "
                           "--explain), every claim checked against the evaluator")
    parser.add_argument("--cards", type=int, choices=[5, 6, 7],
                        help="cards each player sees in --random and --explain: 5 flop, 6 turn, 7 river "
                             "(default 7)")
    parser.add_argument("--players", type=int, metavar="K",
                        help="players per showdown in --random and --explain (default 2)")
    parser.add_argument("--seed", type=int, default=None, metavar="S",
                        help="seed of the dealer (default: a fresh one, shown in the report)")
    parser.add_argument("--chunk", type=int, action="append", metavar="I",
                        help="run only chunk I (0-based) of the exhaustive run; repeatable")
    parser.add_argument("--chunks", type=int, metavar="N",
                        help=f"chunks of the exhaustive run (default {EXHAUSTIVE_CHUNKS})")
    parser.add_argument("--workers", type=int, default=1, metavar="N", help="local processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    add_rules_options(parser)
    parser.set_defaults(run=run)


#: The options each mode takes besides --workers and --json.
_OPTIONS = {"random": ("cards", "players", "seed"), "streets": ("seed",), "equity": ("seed",),
            "exhaustive": ("chunk", "chunks"), "explain": ("cards", "players", "seed")}


def _check_options(args: argparse.Namespace) -> str:
    """The mode given; an option that the mode does not take is bad input."""
    mode = next(m for m in _OPTIONS if getattr(args, m) is not None)
    for option in ("cards", "players", "seed", "chunk", "chunks"):
        if getattr(args, option) is not None and option not in _OPTIONS[mode]:
            raise PokerInputError(f"--{option} does not apply to --{mode}")
    return mode


def run(args: argparse.Namespace) -> int:
    progress = not args.json
    mode = _check_options(args)
    rules = rules_from(args)
    if mode == "exhaustive":
        chunks = EXHAUSTIVE_CHUNKS if args.chunks is None else args.chunks
        report = crossval_exhaustive(chunks, args.chunk, args.workers, progress, rules)
    elif mode == "random":
        report = crossval_random(args.random, 2 if args.players is None else args.players,
                                 7 if args.cards is None else args.cards, args.seed, args.workers, progress,
                                 rules)
    elif mode == "explain":
        report = crossval_explanations(args.explain, 2 if args.players is None else args.players,
                                       7 if args.cards is None else args.cards, args.seed, args.workers, rules)
    elif mode == "streets":
        report = crossval_streets(args.streets, args.seed, args.workers, progress, rules)
    else:
        report = crossval_equity(args.equity, args.seed, args.workers, progress, rules)
    emit(report, args.json)
    return 0 if report.ok else 1


__all__ = ["add_parser", "run"]
