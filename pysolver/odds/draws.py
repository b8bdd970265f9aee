"""Outs: which unseen cards put each player of a heads-up deal ahead at the next street.

On the flop (or the turn) every unseen card is dealt in turn as the next board
card; both hands are valued on the longer board and the card is filed under
the player it leaves ahead (or as a tie), with the hand each player then holds.

    >>> report = outs(["AsKs", "QhQd"], "Js Ts 2c")
    >>> report.leader  # the queens lead on the flop
    1
    >>> len(report.outs(0)), len(report.outs(1)), len(report.ties)
    (16, 29, 0)
    >>> next(o.hands[0] for o in report.outs(0) if str(o.card) == "Qs")
    'Royal flush'

The hands are valued by an *engine*: ``"table"``, the lookup-table evaluator
(the default), or ``"asp"``, the outs derived by clingo
(:func:`pysolver.asp.whatif.solve_whatif` with one card to come). Both give the
same report; the tests check it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np

from ..asp.runtime import rules_of
from ..asp.whatif import solve_whatif, whatif_situation
from ..core.cards import Card, CardsLike, format_cards
from ..core.categories import Category, HandValue
from ..core.errors import PlayerCountError, PokerInputError
from ..core.rules import Rules, RulesLike
from ..core.situation import PlayerLike, Situation
from ..evaluator.lookup import categories, describe_value, evaluate_batch

ENGINES = ("table", "asp")
"""The engines :func:`outs` can value the hands with."""


@dataclass(frozen=True)
class CardOutcome:
    """What one next card does: who leads after it (``None`` for a tie) and both hands."""

    card: Card
    leader: Optional[int]
    hands: tuple[str, str]
    categories: tuple[Category, Category]

    def to_dict(self) -> dict:
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
    rules: str = "standard"

    def outs(self, player: int) -> tuple[CardOutcome, ...]:
        """The cards that leave ``player`` (0 or 1) ahead at the next street."""
        if player not in (0, 1):
            raise PlayerCountError(f"player {player!r}: a heads-up deal has players 0 and 1")
        return tuple(o for o in self.outcomes if o.leader == player)

    @property
    def ties(self) -> tuple[CardOutcome, ...]:
        """The cards that leave the hands tied."""
        return tuple(o for o in self.outcomes if o.leader is None)

    def to_dict(self) -> dict:
        """What ``pysolver outs --json`` prints."""
        return {"rules": self.rules, "board": [str(c) for c in self.board],
                "players": [{"player": p, "hole": [str(c) for c in hole], "now": self.hands[p],
                             "outs": [str(o.card) for o in self.outs(p)]} for p, hole in enumerate(self.players)],
                "leader": self.leader, "ties": [str(o.card) for o in self.ties],
                "cards": [o.to_dict() for o in self.outcomes]}

    def __str__(self) -> str:
        """One block per player: the cards that leave them ahead, grouped by the hand they make."""
        lines = [f"board {format_cards(self.board)}"]
        for player, (hole, hand) in enumerate(zip(self.players, self.hands)):
            lead = "  (leads now)" if self.leader == player else ""
            lines.append(f"player {player}: {format_cards(hole)}  {hand}{lead}")
        for player, hole in enumerate(self.players):
            cards = self.outs(player)
            lines.append(f"{len(cards)} card{'s' if len(cards) != 1 else ''} put player {player} "
                         f"({format_cards(hole)}) ahead:")
            by_hand: dict[str, list[str]] = {}
            for outcome in cards:
                by_hand.setdefault(outcome.hands[player], []).append(str(outcome.card))
            lines += [f"  {' '.join(group)}  -> {hand}" for hand, group in by_hand.items()]
        if self.ties:
            lines.append(f"{len(self.ties)} tie{'s' if len(self.ties) != 1 else ''}: "
                         f"{' '.join(str(o.card) for o in self.ties)}")
        return "\n".join(lines)


def _values(hands: Sequence[Sequence[Card]], rules: Rules) -> list[HandValue]:
    """The evaluator's values of hands of one size, in one batch."""
    values = evaluate_batch(np.array([[c.index for c in hand] for hand in hands], dtype=np.int64), rules=rules)
    cats = categories(values, rules)
    return [HandValue(int(v), Category(int(c)), describe_value(int(v), rules)) for v, c in zip(values, cats)]


def _leader(first: HandValue, second: HandValue) -> Optional[int]:
    if first.value == second.value:
        return None
    return 0 if first.value > second.value else 1


def _table_report(situation: Situation) -> OutsReport:
    p, q = situation.holes
    board, rules = situation.board, situation.rules
    unseen = situation.unseen
    now = _values([p + board, q + board], rules)
    later = _values([hole + board + (card,) for card in unseen for hole in (p, q)], rules)
    outcomes = tuple(CardOutcome(card, _leader(a, b), (a.description, b.description), (a.category, b.category))
                     for card, a, b in zip(unseen, later[0::2], later[1::2]))
    return OutsReport((p, q), board, _leader(*now), (now[0].description, now[1].description), outcomes,
                      rules.label)


def _asp_report(situation: Situation) -> OutsReport:
    report, _ = solve_whatif(situation, look_ahead=1)
    now = report.now
    outcomes = tuple(CardOutcome(r.cards[0], r.leader, (r.hands[0].description, r.hands[1].description),
                                 (r.hands[0].category, r.hands[1].category)) for r in report.next_cards)
    return OutsReport(situation.holes, situation.board, now.leader,  # type: ignore[arg-type]
                      (now.hands[0].description, now.hands[1].description), outcomes, situation.rules.label)


def outs(players: Sequence[PlayerLike], board: CardsLike, *, dead: CardsLike = (), rules: RulesLike = None,
         engine: str = "table") -> OutsReport:
    """Each unseen card's effect on a heads-up deal on the flop or turn.

    ``rules`` is a variant (its deck holds the unseen cards); ``engine`` is
    ``"table"`` (the evaluator) or ``"asp"`` (derived by clingo).

    >>> r = outs(["Ah Kh", "7c 7d"], "7h 2h 3c 9s")
    >>> [str(o.card) for o in r.outs(0)]  # the hearts that do not pair the board
    ['4h', '5h', '6h', '8h', 'Th', 'Jh', 'Qh']
    >>> r == outs(["Ah Kh", "7c 7d"], "7h 2h 3c 9s", engine="asp")
    True
    """
    if engine not in ENGINES:
        raise PokerInputError(f"engine {engine!r}: choose one of {', '.join(ENGINES)}")
    situation = whatif_situation(players, board, dead, rules_of(rules))
    if len(situation.players) != 2:
        raise PlayerCountError(f"{len(situation.players)} players: outs are for a heads-up deal (2 players)")
    return _table_report(situation) if engine == "table" else _asp_report(situation)


__all__ = ["ENGINES", "CardOutcome", "OutsReport", "outs"]
