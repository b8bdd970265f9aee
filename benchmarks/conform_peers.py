"""The evaluators people install, each as the conformance check calls it.

Each adapter takes one hand as card texts (``["As", "Kd", ...]``), or a numpy batch
of them where the peer takes batches, and returns the peer's own value, unchanged:
the check tells each peer's order from its values. Card texts are turned into
the peer's card objects through a table made once. Nothing of any peer is copied
here: they are called.
"""

from __future__ import annotations

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
}


class Adapter:
    """A peer as the check calls it: ``function``, and whether it takes a numpy batch."""

    def __init__(self, function: Callable, batch: bool = False, how: str = ""):
        self.function, self.batch, self.how = function, batch, how


def _treys() -> Adapter:
    from treys import Card, Evaluator

    evaluator, cards = Evaluator(), {t: Card.new(t) for t in TEXTS}

    def treys_evaluate(hand):
        return evaluator.evaluate([cards[t] for t in hand[:2]], [cards[t] for t in hand[2:]])

    return Adapter(treys_evaluate, how="Evaluator().evaluate(hole, board), one hand a call")


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


_MAKERS = {
    "treys": _treys,
    "eval7": _eval7,
    "phevaluator": _phevaluator,
    "pokerkit": _pokerkit,
    "poker-equity": _poker_equity,
    "holdem-hand-evaluator": _holdem_hand_evaluator,
}


def adapter(name: str, **options) -> tuple[Adapter | None, str]:
    """The peer's adapter, or None and why it is absent."""
    try:
        return _MAKERS[name](**options), ""
    except ImportError:
        return None, not_installed(name)


__all__ = ["TEXTS", "CONFORM_PEERS", "Adapter", "adapter"]
