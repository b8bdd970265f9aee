"""Every five-card hand of a five-card game (a draw game's showdown) through both engines.

A game that deals five cards and no board (``deuce_to_seven``, ``ace_to_five``,
or one of your own) values a hand as it is. Its hands fall into classes: one per
multiset of ranks, and one per set of five different ranks in one suit. The ASP
solver (the generic showdown, one showdown a class) values one hand of each
class; the evaluator values every hand of the deck (2,598,960 in a full deck),
and each must be worth what its class is worth. For every class both engines
must name the same category and tie-break ranks in every pot, and order the
classes the same way.

    >>> from pysolver import load_rules
    >>> report = crossval_five_card_game(load_rules("ace_to_five"))   # doctest: +SKIP
    >>> report.ok, report.hands, report.categories["low:pair"]        # doctest: +SKIP
    (True, 2598960, 1098240)
"""

from __future__ import annotations

import time
from itertools import combinations

import numpy as np

from ..asp import GAME_FILES, AspProgram, DealInput, read_game_driver, scale_tiebreak
from ..core import Card, Category, PokerInputError, Rules
from ..evaluator import NO_HAND, class_hands, game_values, pot_categories, pot_hand
from ._compare import mismatch
from ._crossval_report import CrossvalReport
from ._execution import category_order
from ._games import plain

#: Hands the evaluator values at once.
BLOCK = 500_000


def _keys(hands: np.ndarray) -> np.ndarray:
    """A number per hand that names its class: its ranks' counts in base 5, and whether it is suited."""
    counts = ((hands[:, :, None] >> 2) == np.arange(13)).sum(axis=1)
    suited = (hands & 3 == (hands[:, :1] & 3)).all(axis=1)
    return (counts * 5 ** np.arange(13)).sum(axis=1) * 2 + suited


def crossval_five_card_game(rules: Rules, progress: bool = False) -> CrossvalReport:
    """Every five-card hand of the five-card game ``rules`` through both engines (see the module)."""
    game = rules.game
    if game.hole_cards != 5 or game.board_cards:
        raise PokerInputError(
            f"crossval --exhaustive 5 of a game takes a five-card game (hole_cards(5), board_cards(0)); "
            f"{rules.label} deals {game.describe()}: check it with crossval --random N"
        )
    wall = time.perf_counter()
    reps = np.concatenate(class_hands(rules.faces))
    start = time.process_time()
    no_board = np.zeros(0, dtype=np.int64)
    atoms, _ = AspProgram(rules, GAME_FILES).run(DealInput.from_indices(list(reps[:, None, :]), [no_board] * len(reps)))
    answers = read_game_driver(atoms, len(reps))
    asp_seconds = time.process_time() - start

    start = time.process_time()
    deck = np.flatnonzero(rules.in_deck)
    rep_values = game_values(reps[:, None, :], np.zeros((len(reps), 0), np.int64), rules)
    rep_keys = _keys(reps)
    order = np.argsort(rep_keys)
    counts: dict[str, int] = {}
    mismatches: list[dict] = []
    hands = 0
    combos = combinations(deck.tolist(), 5)
    while True:
        block = np.fromiter((c for _, c in zip(range(BLOCK), combos)), dtype=np.dtype((np.int64, 5)))
        if not len(block):
            break
        hands += len(block)
        values = game_values(block[:, None, :], np.zeros((len(block), 0), np.int64), rules)
        at = order[np.searchsorted(rep_keys[order], _keys(block))]
        for pot in game.pots:
            ours = values[pot][:, 0]
            wrong = np.flatnonzero(ours != rep_values[pot][at, 0])
            for i in wrong[:3].tolist():
                mismatches.append(mismatch(f"{pot} class", _text(block[i]), 0, {}, {"value": int(ours[i])}))
            found, number = np.unique(pot_categories(ours, pot, rules), return_counts=True)
            for cat, n in zip(found.tolist(), number.tolist()):
                key = f"{pot}:{Category(cat).snake if cat >= 0 else 'none'}"
                counts[key] = counts.get(key, 0) + n
    evaluator_seconds = time.process_time() - start

    for pot in game.pots:
        scale = "high" if pot == "high" else str(game.low_scale)
        asp_values = []
        for g, answer in enumerate(answers):
            solved = answer.hands.get((pot, 0))
            theirs = pot_hand(int(rep_values[pot][g, 0]), pot, rules)
            said = None if solved is None else (solved.category, scale_tiebreak(solved.category, solved.value, scale))
            if said != theirs:
                mismatches.append(mismatch(pot, _text(reps[g]), 0, {"hand": plain(said)}, {"hand": plain(theirs)}))
            asp_values.append(NO_HAND if solved is None else solved.value)
        ours_order = np.unique(np.array(asp_values), return_inverse=True)[1]
        theirs_order = np.unique(rep_values[pot][:, 0], return_inverse=True)[1]
        if not np.array_equal(ours_order, theirs_order):
            mismatches.append(mismatch(f"{pot} order", "every class", None, {}, {}))
    return CrossvalReport(
        "exhaustive",
        hands,
        len(reps),
        dict(sorted(counts.items(), key=lambda item: category_order(item[0]))),
        {},
        len(reps),
        mismatches,
        asp_seconds,
        evaluator_seconds,
        time.perf_counter() - wall,
        [],
        rules=rules.label,
    )


def _text(row: np.ndarray) -> str:
    return " ".join(str(Card(int(c))) for c in row)


__all__ = ["crossval_five_card_game", "BLOCK"]
