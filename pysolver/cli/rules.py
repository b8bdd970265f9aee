"""``pysolver rules [NAME|PATH] [--add FILE] [--json]``: the rules of a game, checked.

Without a name, lists the shipped variants. With one (or a path to your own
rules file), checks it against the rules' contract and prints its deck, its
straights, its category order and how many classes of hand it has: the first
thing to run on a rules file of your own.
"""

from __future__ import annotations

import argparse
import json

from ..core.cards import RANKS
from ..evaluator.lookup import n_values
from ..core.rules import VARIANTS, Rules, variant_path
from .options import add_rules_options, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "rules", help="list the rule variants, or check and describe one (or your own file)",
        description="Without --rules, list the shipped variants; with --rules NAME|PATH, check the "
                    "rules file against the contract and print its deck, straights, category order "
                    "and number of hand classes.")
    parser.add_argument("--json", action="store_true", help="print JSON")
    add_rules_options(parser)
    parser.set_defaults(run=run)


def describe_rules(rules: Rules) -> dict:
    """The facts of a rules file as the command prints them."""
    return {"rules": rules.label, "file": rules.path, "added": list(rules.added),
            "deck": len(rules.deck), "faces": "".join(RANKS[r] for r in rules.faces),
            "straights": ["".join(RANKS[r] for r in run) for run in rules.straights],
            "category_order": [c.snake for c in reversed(rules.order)],
            "hand_classes": n_values(rules)}


def run(args: argparse.Namespace) -> int:
    if args.rules is None and not args.add:
        listing = {name: str(variant_path(name)) for name in VARIANTS}
        if args.json:
            print(json.dumps({"variants": listing}, indent=2))
        else:
            print("\n".join(f"{name:34} {path}" for name, path in listing.items()))
        return 0
    facts = describe_rules(rules_from(args))
    if args.json:
        print(json.dumps(facts, indent=2))
        return 0
    print(f"rules: {facts['rules']} ({facts['file']})")
    print(f"deck: {facts['deck']} cards, faces {facts['faces']}")
    print(f"straights: {' '.join(facts['straights'])}")
    print(f"category order, best first: {' > '.join(facts['category_order'])}")
    print(f"hand classes: {facts['hand_classes']:,}")
    return 0


__all__ = ["add_parser", "run"]
