"""``pysolver conform``: judge anyone's hand evaluator against the rules.

    pysolver conform myeval:evaluate                      # quick: every class and the hard shapes
    pysolver conform myeval:evaluate --cards 5 --order lower
    pysolver conform --command "./myeval --stdin"          # any language: a hand per line in, an integer out
    pysolver conform myeval:evaluate --random 1000000 --seed 7
    pysolver conform myeval:evaluate --exhaustive --workers 2 --resume conform7.jsonl
    pysolver conform shortdeck:evaluate --rules short_deck
    pysolver conform myomaha:low --rules omaha_hi_lo --pot low   # f(hole, board), None for no low
    pysolver conform myeval:compare --compare             # f(a, b): negative, 0 or positive
    pysolver conform myeval:showdown --winners            # f(hands, board): the winners' indices
    pysolver conform --export vectors/                    # the vectors as data (JSON Lines), for any language
    pysolver conform --equity mycalc:equity               # an equity calculator against exact counts
    pysolver conform --equity --command "./calc"          # any language: a spot as a JSON line in, an answer out

``MODULE:FUNCTION`` is imported with the current folder on the path (as ``python -m``
does); the function takes one hand as a list of card texts (``--index``: card indices
``4 * rank + suit``; ``--batch``: a numpy array of hands, returning one value per hand) and
returns a value of any ordered type: an integer of any size, a float, a tuple, an ordered
object, or ``None`` for a hand with no qualifying low; ``--compare``: it compares two hands;
``--winners``: it settles a showdown, ``f(hands, board)`` returning the winners' indices.
In a game whose five takes a limited number of hole cards (Omaha), it takes ``(hole, board)``.
A command reads one hand per line, card texts separated by spaces (``hole | board`` apart
where the game needs it), and writes one integer (or ``none``) per line. Exit status 0 when
the evaluator conforms, 1 when it does not (with the counterexamples), 2 on bad input (a
module that does not import, a missing function, a command that does not start).

With ``--equity`` the function (or command) is an equity calculator: ``f(players, board,
dead)``, each a list of card texts (a player may be ``random`` or a range text), returning one
equity per player, or ``{"equity": [...], "stderr": [...]}`` when sampled; a command reads
one spot as a JSON line and writes its answer as a JSON line. It is judged on spots with exact
answers (:func:`pysolver.crossval.check_equity`): equities that do not sum to 1 (ties
miscounted) first, then equities off the exact ones, beyond the stated standard errors.
"""

from __future__ import annotations

import argparse
import json
import os

from ..core import PokerInputError
from ..crossval import check_equity, check_evaluator, export_vectors
from ._options import add_rules_options, add_where_options, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "conform",
        help="check any hand evaluator against the rules",
        description="Deal hands to a hand evaluator (a Python function or a command in any language) "
        "and judge the order its values put them in against the rules: each class of hand "
        "one value, the classes strictly in the rules' order. Exit status 1 when it does "
        "not conform, with the simplest counterexample of each kind.",
    )
    parser.add_argument(
        "evaluator",
        nargs="?",
        metavar="MODULE:FUNCTION",
        help="the evaluator, a function taking one hand (a list of card texts)",
    )
    parser.add_argument(
        "--command",
        metavar="CMD",
        help='an evaluator in another language: "CMD ARGS" reads one hand per line on its '
        "standard input (card texts separated by spaces) and writes one integer per line",
    )
    parser.add_argument(
        "--equity",
        action="store_true",
        help="the function or command is an equity calculator, judged on spots with exact answers",
    )
    parser.add_argument(
        "--cards",
        type=int,
        help="cards per hand, hole cards and board together (default: the game's whole deal, 7 in hold'em; "
        "--export: 5, 6 and 7 in hold'em, a game's whole deal)",
    )
    parser.add_argument(
        "--pot",
        choices=["high", "low"],
        help="the pot the evaluator values, in a game that has both (default: its first, the high)",
    )
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument(
        "--compare",
        action="store_true",
        help="the function compares two hands: f(a, b) is negative, 0 or positive as hand a is worse, equal or better",
    )
    kind.add_argument(
        "--winners",
        action="store_true",
        help="the function settles a showdown: f(hands, board) returns the indices of the players who "
        "win the pot (none where no hand qualifies)",
    )
    parser.add_argument(
        "--export",
        metavar="DIR",
        help="write the quick check's hands with the rules' answers into DIR as data (JSON Lines, their "
        "JSON Schema, a manifest and a README), for checking an evaluator without pysolver",
    )
    parser.add_argument(
        "--order",
        choices=["higher", "lower", "auto"],
        default="auto",
        help="whether a higher or a lower value is better (default auto: told from a royal "
        "flush against the worst hand)",
    )
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument(
        "--quick",
        action="store_true",
        help="every class of hand and the shapes where evaluators go wrong (the default)",
    )
    mode.add_argument("--random", type=int, metavar="N", help="N random hands")
    mode.add_argument(
        "--exhaustive", action="store_true", help="every hand of the deck (133,784,560 of seven cards), resumable"
    )
    parser.add_argument(
        "--seed", type=int, metavar="S", help="seed of --random (default: a fresh one, shown in the report)"
    )
    parser.add_argument(
        "--index",
        action="store_true",
        help="the function takes card indices (4 * rank + suit) rather than card texts; a "
        "command reads them, separated by spaces",
    )
    parser.add_argument(
        "--batch", action="store_true", help="the function takes a numpy array of hands (n, cards) and returns n values"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        metavar="SECONDS",
        help="how long one call may take before its hand is a finding (default 5; --equity: 60 a spot)",
    )
    add_where_options(parser, "--exhaustive")
    parser.add_argument("--tasks", type=int, metavar="N", help="tasks of the --exhaustive or --random run")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    add_rules_options(parser)
    parser.set_defaults(run=run)


def _mode(args: argparse.Namespace) -> str:
    mode = "random" if args.random is not None else "exhaustive" if args.exhaustive else "quick"
    if args.seed is not None and mode != "random":
        raise PokerInputError("--seed goes with --random")
    if mode == "quick":
        for option in ("resume", "tasks", "scheduler"):
            if getattr(args, option) is not None:
                raise PokerInputError(f"--{option} goes with --random or --exhaustive")
    return mode


def _export(args: argparse.Namespace) -> int:
    if args.evaluator is not None or args.command is not None:
        raise PokerInputError("--export writes the vectors: it takes no evaluator")
    written = export_vectors(args.export, rules_from(args), (args.cards,) if args.cards else None)
    if args.json:
        print(
            json.dumps({"folder": str(written.folder), "files": [p.name for p in written.files], "rows": written.rows})
        )
    else:
        for name, rows in written.rows.items():
            print(f"{name}.jsonl: {rows:,} hands")
        print(f"written to {written.folder} (schema.json, manifest.json, README.md)")
    return 0


def _equity(args: argparse.Namespace) -> int:
    for option in ("cards", "random", "seed", "resume", "tasks", "scheduler", "workers"):
        if getattr(args, option, None) not in (None, False):
            raise PokerInputError(f"--{option} checks a hand evaluator, not an equity calculator (--equity)")
    if args.exhaustive or args.index or args.batch or args.compare or args.winners or args.pot or args.order != "auto":
        raise PokerInputError(
            "--exhaustive, --index, --batch, --compare, --winners, --pot and --order check a hand evaluator, "
            "not --equity"
        )
    report = check_equity(
        args.command if args.command is not None else args.evaluator,
        command=args.command is not None,
        rules=rules_from(args),
        **({} if args.timeout is None else {"timeout": args.timeout}),
    )
    emit(report, args.json)
    return 0 if report.ok else 1


def run(args: argparse.Namespace) -> int:
    if args.export is not None:
        if args.equity:
            raise PokerInputError("--export writes hand and equity vectors alike: drop --equity")
        return _export(args)
    if (args.evaluator is None) == (args.command is None):
        raise PokerInputError('name the evaluator: MODULE:FUNCTION or --command "CMD ARGS" (one of them)')
    if args.equity:
        return _equity(args)
    if args.command is not None and (args.batch or args.compare or args.winners):
        raise PokerInputError(
            "--batch, --compare and --winners are for a Python function (a command reads one hand per line)"
        )
    if (args.compare or args.winners) and args.batch:
        raise PokerInputError("--compare and --winners take one question a call: no --batch")
    mode = _mode(args)
    workers = args.workers
    if mode == "exhaustive" and workers is None and args.scheduler is None:
        workers = os.cpu_count() or 1
    report = check_evaluator(
        args.command if args.command is not None else args.evaluator,
        command=args.command is not None,
        cards=args.cards,
        pot=args.pot,
        kind="compare" if args.compare else "winners" if args.winners else "values",
        order=args.order,
        mode=mode,
        rules=rules_from(args),
        count=args.random if args.random is not None else 0,
        seed=args.seed,
        takes="index" if args.index else "text",
        batch=args.batch,
        timeout=5.0 if args.timeout is None else args.timeout,
        workers=1 if workers is None else workers,
        scheduler=args.scheduler,
        resume=args.resume,
        progress=not args.json,
        tasks=args.tasks,
    )
    emit(report, args.json)
    return 0 if report.ok else 1


__all__ = ["add_parser", "run"]
