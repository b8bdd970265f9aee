"""Outs: which unseen cards put each player of a heads-up deal ahead at the next street.

On the flop (or the turn) every unseen card is dealt in turn as the next board
card; both hands are evaluated on the longer board and the card is filed under
the player it leaves ahead (or as a tie), with the hand each player then holds.

    >>> report = outs("AsKs", "QhQd", "Js Ts 2c")
    >>> report.leader  # the queens lead on the flop
    1
    >>> len(report.outs(0)), len(report.outs(1)), len(report.ties)
    (16, 29, 0)
    >>> next(o.hands[0] for o in report.outs(0) if str(o.card) == "Qs")
    'Royal flush'

Hands are compared by an *engine*: ``"table"`` (the lookup-table evaluator)
by default; :data:`ENGINES` maps each name to a function from hands to
:class:`HandValue` and a later engine is one more entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

import numpy as np

from ..core.cards import Card, CardsLike, check_distinct, format_cards, parse_cards
from ..core.categories import Category
from ..core.deal import Deal
from ..core.errors import CardCountError
from ..core.rules import Rules, RulesLike, rules_of


@dataclass(frozen=True)
class HandValue:
    """A hand as an engine sees it: ``value`` (higher is better), its category and words."""

    value: int
    category: Category
    description: str


def _table_engine(hands: Sequence[Sequence[Card]], rules: Rules) -> list[HandValue]:
    """The lookup-table evaluator, one batch for all hands (each of the same size)."""
    from ..evaluator.lookup import categories, describe_value, evaluate_batch

    values = evaluate_batch(np.array([[c.index for c in hand] for hand in hands], dtype=np.int64), rules=rules)
    cats = categories(values, rules)
    return [HandValue(int(v), Category(int(c)), describe_value(int(v), rules)) for v, c in zip(values, cats)]


Engine = Callable[[Sequence[Sequence[Card]], Rules], list[HandValue]]
ENGINES: dict[str, Engine] = {"table": _table_engine}


@dataclass(frozen=True)
class CardOutcome:
    """What one next card does: who leads after it (``None`` for a tie) and both hands."""

    card: Card
    leader: Optional[int]
    hands: tuple[str, str]
    categories: tuple[Category, Category]

    def as_dict(self) -> dict:
        return {"card": str(self.card), "leader": self.leader, "hands": list(self.hands),
                "categories": [c.snake for c in self.categories]}


@dataclass(frozen=True)
class OutsReport:
    """Every unseen card's outcome for a heads-up deal, in card index order."""

    players: tuple[tuple[Card, Card], tuple[Card, Card]]
    board: tuple[Card, ...]
    leader: Optional[int]
    hands: tuple[str, str]
    outcomes: tuple[CardOutcome, ...]

    def outs(self, player: int) -> tuple[CardOutcome, ...]:
        """The cards that leave ``player`` (0 or 1) ahead at the next street."""
        if player not in (0, 1):
            raise IndexError(f"player {player!r}: a heads-up deal has players 0 and 1")
        return tuple(o for o in self.outcomes if o.leader == player)

    @property
    def ties(self) -> tuple[CardOutcome, ...]:
        """The cards that leave the hands tied."""
        return tuple(o for o in self.outcomes if o.leader is None)

    def as_dict(self) -> dict:
        return {"players": [format_cards(p) for p in self.players], "board": format_cards(self.board),
                "leader": self.leader, "hands": list(self.hands),
                "outs": [[str(o.card) for o in self.outs(p)] for p in (0, 1)],
                "ties": [str(o.card) for o in self.ties],
                "cards": [o.as_dict() for o in self.outcomes]}


def _leader(first: HandValue, second: HandValue) -> Optional[int]:
    if first.value == second.value:
        return None
    return 0 if first.value > second.value else 1


def outs(first: CardsLike, second: CardsLike, board: CardsLike, *, dead: CardsLike = (),
         engine: str = "table", rules: RulesLike = None) -> OutsReport:
    """Each unseen card's effect on a heads-up deal on the flop or turn.

    ``rules`` is a variant (:mod:`pysolver.rules`): its deck holds the unseen cards.

    >>> r = outs("Ah Kh", "7c 7d", "7h 2h 3c 9s")
    >>> [str(o.card) for o in r.outs(0)]  # the hearts that do not pair the board
    ['4h', '5h', '6h', '8h', 'Th', 'Jh', 'Qh']
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}: choose one of {', '.join(ENGINES)}")
    deal = Deal.parse([first, second], board)
    dead_cards = parse_cards(dead or ())
    if deal.street not in ("flop", "turn"):
        raise CardCountError(f"board '{format_cards(deal.board)}': outs need a flop or a turn "
                             f"(3 or 4 cards), got {len(deal.board)}")
    check_distinct(deal.cards + dead_cards)
    rules = rules_of(rules)
    rules.check_cards(deal.cards + dead_cards)
    known = set(deal.cards) | set(dead_cards)
    unseen = [c for c in rules.deck if c not in known]
    evaluate = ENGINES[engine]
    p, q = deal.players
    now = evaluate([p + deal.board, q + deal.board], rules)
    later = evaluate([hole + deal.board + (card,) for card in unseen for hole in (p, q)], rules)
    outcomes = tuple(CardOutcome(card, _leader(a, b), (a.description, b.description), (a.category, b.category))
                     for card, a, b in zip(unseen, later[0::2], later[1::2]))
    return OutsReport((p, q), deal.board, _leader(*now), (now[0].description, now[1].description), outcomes)

