"""``pysolver rules [--rules NAME|PATH] [--add FILE] [--json]``: the rules of a game, checked;
``pysolver rules diff A [B] [--add FILE]``: what a change of rules does.

Without ``--rules``, lists the shipped rule books, each with its game (the deal,
how the five is formed, the pots). With it (a shipped name or a path to your own
rules file), checks the file against the rules' contract and prints its game, its
deck, its straights, its category order and how many classes of hand it has: the
first thing to run on a rules file of your own.

``diff`` compares two rule books (each a variant's name or a rules file; ``--add``
files go on the second, which is the first by default): the five-card hands of
each category under each, the classes that change places, the showdowns whose
winners change (explained under both) and the equity of a few matchups
(:func:`pysolver.crossval._rulediff.rule_diff`).
"""

from __future__ import annotations

import argparse
import json

from ..core import VARIANTS, Limits, PokerInputError, variant_path
from ..crossval import describe_rules, rule_diff
from ..rulebook import load_rules
from ._options import add_rules_options, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "rules",
        help="list the shipped rule books and their games, or check and describe one (or your own file)",
        description="Without --rules, list the shipped rule books with their games; with --rules NAME|PATH, "
        "check the rules file against the contract and print its game, deck, straights, category order "
        "and number of hand classes.",
    )
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_rules_options(parser)
    parser.set_defaults(run=run)
    actions = parser.add_subparsers(dest="action", metavar="ACTION")
    diff = actions.add_parser(
        "diff",
        help="what a change of rules does: hands, classes, showdowns and equity under two rule books",
        description="Compare rule book A with rule book B (each a variant's name or a rules file; --add files "
        "go on B, which is A by default): the five-card hands and classes of each category under "
        "each, the classes that change places, how many of N skewed random showdowns change "
        "winners (the first ones explained under both) and the equity of a few matchups.",
    )
    diff.add_argument("a", metavar="A", help="the first rule book: a variant's name or a rules file")
    diff.add_argument(
        "b", metavar="B", nargs="?", default=None, help="the second rule book (default: A, with the --add files)"
    )
    # the options "rules" takes too keep what was given before "diff" (their defaults are the parent's)
    diff.add_argument(
        "--add",
        action="append",
        default=argparse.SUPPRESS,
        metavar="FILE",
        help="an ASP rule file added to B (repeatable), e.g. examples/wraparound.lp",
    )
    diff.add_argument(
        "--showdowns",
        type=int,
        default=10_000,
        metavar="N",
        help="skewed random river showdowns valued under both (default 10,000; 0: none)",
    )
    diff.add_argument("--players", type=int, default=2, metavar="K", help="players per showdown (default 2)")
    diff.add_argument(
        "--seed",
        type=int,
        default=None,
        metavar="S",
        help="seed of the dealer (default: a fresh one, shown in the report)",
    )
    diff.add_argument(
        "--examples", type=int, default=3, metavar="K", help="changed showdowns and swapped classes shown (default 3)"
    )
    diff.add_argument(
        "--matchup",
        action="append",
        default=[],
        metavar="TEXT",
        help="a matchup measured under both, e.g. 'AhKh vs QsQd on 7h 9h Ts' (repeatable)",
    )
    diff.add_argument("--no-named", action="store_true", help="skip the named matchups")
    diff.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON")
    diff.add_argument(
        "--time-limit",
        type=float,
        default=argparse.SUPPRESS,
        metavar="SECONDS",
        help=f"how long your rule files may ground (default {Limits.seconds:g} s)",
    )
    diff.add_argument(
        "--memory-limit",
        type=int,
        default=argparse.SUPPRESS,
        metavar="MIB",
        help=f"how much memory grounding your rule files may take (default {Limits.memory_mb} MiB)",
    )
    diff.set_defaults(run=run_diff)


def run_diff(args: argparse.Namespace) -> int:
    if args.rules is not None:
        raise PokerInputError(
            f"--rules {args.rules}: rules diff compares the rule books named after it (pysolver rules diff A [B])"
        )
    limits = Limits(args.time_limit, args.memory_limit)
    a = load_rules(args.a, limits=limits)
    b = load_rules(a if args.b is None else args.b, args.add, limits=limits)
    emit(
        rule_diff(
            a,
            b,
            showdowns=args.showdowns,
            players=args.players,
            seed=args.seed,
            examples=args.examples,
            matchups=args.matchup,
            named=not args.no_named,
        ),
        args.json,
    )
    return 0


def run(args: argparse.Namespace) -> int:
    if args.rules is None and not args.add:
        listing = {name: str(variant_path(name)) for name in VARIANTS}
        games = {name: load_rules(name).game.describe() for name in VARIANTS}
        if args.json:
            print(json.dumps({"variants": listing, "games": games}, indent=2))
        else:
            print("\n".join(f"{name:32} {games[name]}" for name in VARIANTS))
            print(f"(rule books in {variant_path('standard').parent})")
        return 0
    facts = describe_rules(rules_from(args))
    if args.json:
        print(json.dumps(facts, indent=2))
        return 0
    print(f"rules: {facts['rules']} ({facts['file']})")
    print(f"game: {facts['game']['description']}")
    print(f"deck: {facts['deck']} cards, faces {facts['faces']}")
    print(f"straights: {' '.join(facts['straights'])}")
    print(f"category order, best first: {' > '.join(facts['category_order'])}")
    print(f"hand classes: {facts['hand_classes']:,}")
    return 0


__all__ = ["add_parser", "describe_rules", "run", "run_diff"]
