"""Cross-validation of any game: the generic ASP showdown against the evaluator, pot by pot.

A rule book whose game is not hold'em's (Omaha, hi-lo, stud, razz, lowball, or
a user's own combination of the axes) is dealt at random from its deck
(:func:`deal_game`) to both engines: the ASP solver's generic showdown
(``game.lp``, ``five_value.lp``, ``pots.lp``) and the evaluator's values per
pot (:func:`pysolver.evaluator.game_values`). Every pot is compared:

* **hand** -- each player's category and tie-break ranks for the pot, or that
  the player has none (no qualifying low) on both sides;
* **best five** -- the five the ASP picked is formed as the game says and is worth
  the player's value for the pot to the evaluator;
* **winners** -- per pot, and **shares** of the whole pot, as fractions.

    >>> from pysolver import load_rules
    >>> holes, boards = deal_game(200, 3, 1, load_rules("omaha_hi_lo"))
    >>> part = compare_games(holes, boards, load_rules("omaha_hi_lo"))
    >>> part.showdowns, part.hands, part.mismatches
    (200, 600, [])
"""

from __future__ import annotations

import time
from fractions import Fraction

import numpy as np

from ..asp import Solver
from ..core import Card, Category, Deal, Rules
from ..evaluator import NO_HAND, evaluate_batch, game_values, pot_hand, pot_shares, scale_values
from ._compare import Partial, deal_text, mismatch


def deal_game(n: int, players: int, seed: int, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """``n`` uniform random deals of the game from the rule book's deck: hole cards (n, players,
    hole_cards) and a full board (n, board_cards), card indices."""
    rules.check_players(players)
    game = rules.game
    deck = np.flatnonzero(rules.in_deck)
    rng = np.random.default_rng(seed)
    width = players * game.hole_cards + game.board_cards
    cards = deck[np.argsort(rng.random((n, len(deck))), axis=1)[:, :width]]
    holes = cards[:, : players * game.hole_cards].reshape(n, players, game.hole_cards)
    return holes, cards[:, players * game.hole_cards :]


def _deals(holes: np.ndarray, boards: np.ndarray) -> list[Deal]:
    return [
        Deal(tuple(tuple(Card(int(c)) for c in hole) for hole in holes[g]), tuple(Card(int(c)) for c in boards[g]))
        for g in range(len(holes))
    ]


def compare_games(holes: np.ndarray, boards: np.ndarray, rules: Rules) -> Partial:
    """Cross-validate N showdowns of a game, ``holes`` (N, P, h) and ``boards`` (N, b), pot by pot."""
    n, players, _ = holes.shape
    start = time.process_time()
    results = Solver(rules, chunk_size=1000).solve_batch(_deals(holes, boards))
    asp_seconds = time.process_time() - start
    start = time.process_time()
    values = game_values(holes, boards, rules)
    numerators, denominators = pot_shares(values)
    evaluator_seconds = time.process_time() - start
    part = Partial(hands=n * players, showdowns=n, asp_seconds=asp_seconds, evaluator_seconds=evaluator_seconds)
    game = rules.game
    for g, result in enumerate(results):
        text = deal_text(holes[g], boards[g])
        for pot in result.pots:
            scale = "high" if pot.pot == "high" else str(game.low_scale)
            for p, hand in enumerate(pot.hands):
                value = int(values[pot.pot][g, p])
                theirs = pot_hand(value, pot.pot, rules)
                ours = None if hand is None else (hand.category, hand.tiebreak)
                part.categories[f"{pot.pot}:{ours[0].snake if ours else 'none'}"] += 1
                if ours != theirs:
                    part.mismatches.append(mismatch(pot.pot, text, p, {"hand": plain(ours)}, {"hand": plain(theirs)}))
                elif hand is not None and _five_value(hand.best_five, scale, rules) != value:
                    part.mismatches.append(
                        mismatch(
                            "best five",
                            text,
                            p,
                            {pot.pot: [str(c) for c in hand.best_five]},
                            {"value of that five": _five_value(hand.best_five, scale, rules), "best": value},
                        )
                    )
            best = values[pot.pot][g].max()
            theirs_won = [p for p in range(players) if values[pot.pot][g, p] == best != NO_HAND]
            if list(pot.winners) != theirs_won:
                part.mismatches.append(
                    mismatch(f"{pot.pot} winners", text, None, {"winners": list(pot.winners)}, {"winners": theirs_won})
                )
        theirs_shares = [Fraction(int(a), int(b)) for a, b in zip(numerators[g], denominators[g])]
        if list(result.shares) != theirs_shares:
            ours_text, theirs_text = [str(s) for s in result.shares], [str(s) for s in theirs_shares]
            part.mismatches.append(mismatch("shares", text, None, {"shares": ours_text}, {"shares": theirs_text}))
        part.cases["split" if result.outcome == "split" else "tie" if result.is_tie else "scoop"] += 1
    return part


def plain(hand: tuple[Category, tuple[int, ...]] | None) -> list | None:
    """A hand (category, tie-break ranks) as a report's plain data."""
    return None if hand is None else [hand[0].snake, list(hand[1])]


def _five_value(five: tuple[Card, ...], scale: str, rules: Rules) -> int:
    """The evaluator's value of one five for a pot on ``scale``."""
    cards = np.array([[c.index for c in five]])
    if scale == "high":
        return int(evaluate_batch(cards, rules=rules)[0])
    return -int(scale_values(cards, scale, rules)[0][0])


__all__ = ["deal_game", "compare_games", "plain"]
