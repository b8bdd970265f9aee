"""The evaluators people install, each as the conformance check calls it.

Each adapter takes one hand as card texts (``["As", "Kd", ...]``), or a numpy batch
of them where the peer takes batches, and returns the peer's own value, unchanged:
the check tells each peer's order from its values. Card texts are turned into
the peer's card objects through a table made once. Nothing of any peer is copied
here: they are called.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

import numpy as np
from peers import RANKS, SUITS, not_installed

TEXTS = [r + s for r in RANKS for s in SUITS]

#: The peers in the table's order: distribution name -> module to import.
CONFORM_PEERS = {
    "treys": "treys",
    "eval7": "eval7",
    "phevaluator": "phevaluator",
    "pokerkit": "pokerkit",
    "poker-equity": "poker_equity",
    "holdem-hand-evaluator": "holdem_hand_evaluator",
    "deuces": "deuces",
    "PyPokerEngine": "pypokerengine",
}


class Adapter:
    """A peer as the check calls it: ``function``, and whether it takes a numpy batch."""

    def __init__(self, function: Callable, batch: bool = False, how: str = ""):
        self.function, self.batch, self.how = function, batch, how


class GamePeer:
    """A peer's evaluator of one pot of a game: the distribution, the rule book and pot it claims,
    how to make its adapter, and the upstream issue where its finding is reported."""

    def __init__(self, peer: str, rules: str, pot: str, make: Callable[[], Adapter], issue: str = ""):
        self.peer, self.rules, self.pot, self.make, self.issue = peer, rules, pot, make, issue


def _cactus_kev(package: str) -> Adapter:
    """treys or deuces (one API, Cactus Kev's): ``Evaluator().evaluate(hole, board)``."""
    module = importlib.import_module(package)
    evaluator, cards = module.Evaluator(), {t: module.Card.new(t) for t in TEXTS}

    def evaluate(hand):
        return evaluator.evaluate([cards[t] for t in hand[:2]], [cards[t] for t in hand[2:]])

    return Adapter(evaluate, how="Evaluator().evaluate(hole, board), one hand a call")


def _eval7() -> Adapter:
    import eval7

    cards = {t: eval7.Card(t) for t in TEXTS}

    def eval7_evaluate(hand):
        return eval7.evaluate([cards[t] for t in hand])

    return Adapter(eval7_evaluate, how="eval7.evaluate(cards), one hand a call")


def _phevaluator() -> Adapter:
    from phevaluator import evaluate_cards

    def phevaluator_evaluate(hand):
        return evaluate_cards(*hand)

    return Adapter(phevaluator_evaluate, how="evaluate_cards(*cards), one hand a call")


def _pokerkit() -> Adapter:
    from pokerkit import StandardHighHand

    def pokerkit_evaluate(hand):
        return StandardHighHand.from_game("".join(hand[:2]), "".join(hand[2:])).entry.index

    return Adapter(pokerkit_evaluate, how="StandardHighHand.from_game(hole, board).entry.index, one hand a call")


def _poker_equity(kernel: str = "high") -> Adapter:
    import poker_equity

    def poker_equity_evaluate(hands: np.ndarray):
        return np.asarray(poker_equity.score_batch(kernel, ["".join(row) for row in hands.tolist()]))

    return Adapter(poker_equity_evaluate, batch=True, how=f'score_batch("{kernel}", hands), a batch a call')


def _holdem_hand_evaluator() -> Adapter:
    from holdem_hand_evaluator import evaluate_hand

    def holdem_hand_evaluator_evaluate(hand):
        return evaluate_hand("".join(hand))

    return Adapter(holdem_hand_evaluator_evaluate, how='evaluate_hand("AsKd..."), one hand a call')


def _pypokerengine() -> Adapter:
    from pypokerengine.engine.card import Card
    from pypokerengine.engine.hand_evaluator import HandEvaluator

    cards = {t: Card.from_str(t[1].upper() + t[0]) for t in TEXTS}

    def pypokerengine_evaluate(hand):
        return HandEvaluator.eval_hand([cards[t] for t in hand[:2]], [cards[t] for t in hand[2:]])

    return Adapter(pypokerengine_evaluate, how="HandEvaluator.eval_hand(hole, community), one hand a call")


def _pokerkit_hand(kind: str, hole_and_board: bool) -> Callable[[], Adapter]:
    """A pokerkit hand type as a value (its hands order themselves); None where it forms no hand."""

    def make() -> Adapter:
        import pokerkit

        hand_type = getattr(pokerkit, kind)

        def value(hole, board=()):
            try:
                return hand_type.from_game("".join(hole), "".join(board))
            except ValueError:  # no hand of this type (no qualifying low)
                return None

        how = f"{kind}.from_game(hole, board)" if hole_and_board else f"{kind}.from_game(cards)"
        return Adapter(value, how=f"{how}, an ordered object, one hand a call")

    return make


def _phevaluator_omaha() -> Adapter:
    from phevaluator.evaluator_omaha import evaluate_omaha_cards

    def phevaluator_omaha(hole, board):
        return evaluate_omaha_cards(*board, *hole)

    return Adapter(phevaluator_omaha, how="evaluate_omaha_cards(*board, *hole), one hand a call")


def _poker_equity_kernel(kernel: str) -> Callable[[], Adapter]:
    return lambda: _poker_equity(kernel)


#: The games the peers claim: each evaluator of a pot, checked under pysolver's rule book of that game.
GAME_PEERS = (
    GamePeer("phevaluator", "omaha", "high", _phevaluator_omaha, "PHEvaluator #21 (Omaha returning 0)"),
    GamePeer("pokerkit", "omaha", "high", _pokerkit_hand("OmahaHoldemHand", True)),
    GamePeer("pokerkit", "omaha_hi_lo", "low", _pokerkit_hand("OmahaEightOrBetterLowHand", True)),
    GamePeer("pokerkit", "stud_hi_lo", "low", _pokerkit_hand("EightOrBetterLowHand", False)),
    GamePeer("pokerkit", "razz", "low", _pokerkit_hand("RegularLowHand", False)),
    GamePeer("pokerkit", "deuce_to_seven", "low", _pokerkit_hand("StandardLowHand", False), "pokerkit #44 (2-7 wheel)"),
    GamePeer("poker-equity", "deuce_to_seven", "low", _poker_equity_kernel("deuce_seven")),
    GamePeer("poker-equity", "razz", "low", _poker_equity_kernel("low_a5")),
)


class Unsupported(Exception):
    """A spot whose kind of question the calculator does not take (ranges, dead cards): not a finding."""


def _known_or_random(player) -> list[str] | None:
    """A player's cards (a stud hand so far: fewer), None for a random hand; :class:`Unsupported`
    for a range."""
    if player == "random":
        return None
    if isinstance(player, str):
        raise Unsupported(f"ranges ({player!r}) are not taken")
    return list(player)


def _poker_equity_calculator(game: str, size: int) -> Callable[[], Adapter]:
    def make() -> Adapter:
        import poker_equity

        def poker_equity_equity(players, board, dead):
            if dead:
                raise Unsupported("dead cards are not taken")
            hands = ["".join(cards) if cards else "*" * size for cards in map(_known_or_random, players)]
            result = poker_equity.exact_from_text(game, hands, "".join(board))
            if result is None:  # too many deals to walk: sampled, with its standard errors
                result = poker_equity.chunk_from_text(game, hands, "".join(board), samples=400_000, seed=1)
                return {
                    "equity": [p["equity"] for p in result["players"]],
                    "stderr": [p["std_error"] for p in result["players"]],
                }
            return [p["equity"] for p in result["players"]]

        return Adapter(poker_equity_equity, how=f'exact_from_text("{game}", hands, board), sampled where it refuses')

    return make


def _pokerkit_calculator(samples: int) -> Callable[[], Adapter]:
    def make() -> Adapter:
        from itertools import combinations
        from math import sqrt

        import pokerkit

        def pokerkit_equity(players, board, dead):
            gone = set(pokerkit.Card.parse("".join(dead))) if dead else set()
            deck = tuple(c for c in pokerkit.Deck.STANDARD if c not in gone)
            ranges = []
            for player in players:
                if player == "random":
                    ranges.append([list(combo) for combo in combinations(deck, 2)])
                elif isinstance(player, str):
                    if "(" in player:
                        raise Unsupported(f"weighted ranges ({player!r}) are not taken")
                    ranges.append([list(combo) for combo in pokerkit.parse_range(player)])
                else:
                    ranges.append([list(pokerkit.Card.parse("".join(player)))])
            cards = list(pokerkit.Card.parse("".join(board))) if board else []
            equities = pokerkit.calculate_equities(
                ranges, cards, 2, 5, deck, (pokerkit.StandardHighHand,), sample_count=samples
            )
            return {"equity": equities, "stderr": [sqrt(max(e * (1 - e), 1e-12) / samples) for e in equities]}

        return Adapter(pokerkit_equity, how=f"calculate_equities(ranges, board, ...), {samples:,} samples")

    return make


class EquityPeer:
    """A peer's equity calculator of a game: how to make its adapter, and the rule book it is judged by."""

    def __init__(self, peer: str, rules: str, make: Callable[[], Adapter]):
        self.peer, self.rules, self.make = peer, rules, make


#: The equity calculators people install, each judged on the conformance spots of a rule book.
EQUITY_PEERS = (
    EquityPeer("poker-equity", "standard", _poker_equity_calculator("holdem", 2)),
    EquityPeer("poker-equity", "omaha_hi_lo", _poker_equity_calculator("omaha_hi_lo", 4)),
    EquityPeer("poker-equity", "razz", _poker_equity_calculator("razz", 7)),
    EquityPeer("pokerkit", "standard", _pokerkit_calculator(2_000)),
)


_MAKERS = {
    "treys": lambda: _cactus_kev("treys"),
    "eval7": _eval7,
    "phevaluator": _phevaluator,
    "pokerkit": _pokerkit,
    "poker-equity": _poker_equity,
    "holdem-hand-evaluator": _holdem_hand_evaluator,
    "deuces": lambda: _cactus_kev("deuces"),
    "PyPokerEngine": _pypokerengine,
}


def adapter(name: str, **options) -> tuple[Adapter | None, str]:
    """The peer's adapter, or None and why it is absent."""
    return made(lambda: _MAKERS[name](**options), name)


def made(make: Callable[[], Adapter], name: str) -> tuple[Adapter | None, str]:
    """``make()``, or None and why the peer ``name`` is absent."""
    try:
        return make(), ""
    except ImportError:
        return None, not_installed(name)


__all__ = [
    "TEXTS",
    "CONFORM_PEERS",
    "GAME_PEERS",
    "EQUITY_PEERS",
    "Adapter",
    "GamePeer",
    "EquityPeer",
    "Unsupported",
    "adapter",
    "made",
]
