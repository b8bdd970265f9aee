"""Outs: which unseen cards put each player of a deal ahead at the next street.

On the flop (or the turn) every unseen card is dealt in turn as the next board
card; every hand (2 to 9 players) is valued on the longer board and the card is
filed under the player it leaves alone ahead (or as a tie of the players who
share the best hand), with the hand each player then holds.

    >>> report = outs(["AsKs", "QhQd"], "Js Ts 2c")
    >>> report.leader  # the queens lead on the flop
    1
    >>> len(report.outs(0)), len(report.outs(1)), len(report.ties)
    (16, 29, 0)
    >>> next(o.hands[0] for o in report.outs(0) if str(o.card) == "Qs")
    'Royal flush'
    >>> three = outs(["AsKs", "QhQd", "8c9c"], "Js Ts 2c")
    >>> [len(three.outs(p)) for p in range(3)], three.leader
    ([16, 24, 3], 1)

The hands are valued by an *engine*: ``"table"``, the lookup-table evaluator
(the default), or ``"asp"``, the outs derived by clingo
(:func:`pysolver.asp._whatif.solve_whatif` with one card to come). Both give the
same report; the tests check it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..asp import solve_whatif, whatif_situation
from ..core import (
    Card,
    CardsLike,
    Category,
    HandValue,
    PlayerLike,
    PokerInputError,
    Rules,
    RulesLike,
    Situation,
    cards_html,
    check_player,
    format_cards,
    table_html,
)
from ..evaluator import categories, describe_value, evaluate_batch
from ..rulebook import rules_of
from ._games.outs import GameOutsReport, game_outs

ENGINES = ("table", "asp")
"""The engines :func:`outs` can value the hands with."""


@dataclass(frozen=True)
class CardOutcome:
    """What one next card does: who has the best hand after it (``winners``; several for a
    tie) and every player's hand."""

    card: Card
    winners: tuple[int, ...]
    hands: tuple[str, ...]
    categories: tuple[Category, ...]

    @property
    def leader(self) -> int | None:
        """The only player ahead after the card, or None for a tie."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def is_tie(self) -> bool:
        return len(self.winners) > 1

    def to_dict(self) -> dict:
        return {
            "card": str(self.card),
            "leader": self.leader,
            "winners": list(self.winners),
            "hands": list(self.hands),
            "categories": [c.snake for c in self.categories],
        }


@dataclass(frozen=True)
class OutsReport:
    """Every unseen card's outcome for a deal of 2 to 9 players, in card index order;
    ``winners`` and ``hands`` are the standing on the board as it is."""

    players: tuple[tuple[Card, Card], ...]
    board: tuple[Card, ...]
    winners: tuple[int, ...]
    hands: tuple[str, ...]
    outcomes: tuple[CardOutcome, ...]
    rules: str = "standard"

    @property
    def leader(self) -> int | None:
        """The only player ahead now, or None when players tie."""
        return self.winners[0] if len(self.winners) == 1 else None

    def outs(self, player: int) -> tuple[CardOutcome, ...]:
        """The cards that leave ``player`` (0 .. players - 1) alone ahead at the next street."""
        check_player(player, len(self.players))
        return tuple(o for o in self.outcomes if o.winners == (player,))

    @property
    def ties(self) -> tuple[CardOutcome, ...]:
        """The cards after which two or more players share the best hand."""
        return tuple(o for o in self.outcomes if o.is_tie)

    def to_dict(self) -> dict:
        """What ``pysolver outs --json`` prints."""
        return {
            "rules": self.rules,
            "board": [str(c) for c in self.board],
            "players": [
                {
                    "player": p,
                    "hole": [str(c) for c in hole],
                    "now": self.hands[p],
                    "outs": [str(o.card) for o in self.outs(p)],
                }
                for p, hole in enumerate(self.players)
            ],
            "leader": self.leader,
            "winners": list(self.winners),
            "ties": [str(o.card) for o in self.ties],
            "cards": [o.to_dict() for o in self.outcomes],
        }

    def __str__(self) -> str:
        """One block per player: the cards that leave them ahead, grouped by the hand they make."""
        lines = [f"board {format_cards(self.board)}"]
        for player, (hole, hand) in enumerate(zip(self.players, self.hands)):
            lead = (
                "  (leads now)"
                if self.leader == player
                else "  (ties now)"
                if player in self.winners and len(self.winners) > 1
                else ""
            )
            lines.append(f"player {player}: {format_cards(hole)}  {hand}{lead}")
        for player, hole in enumerate(self.players):
            cards = self.outs(player)
            lines.append(
                f"{len(cards)} card{'s' if len(cards) != 1 else ''} put player {player} ({format_cards(hole)}) ahead:"
            )
            by_hand: dict[str, list[str]] = {}
            for outcome in cards:
                by_hand.setdefault(outcome.hands[player], []).append(str(outcome.card))
            lines += [f"  {' '.join(group)}  -> {hand}" for hand, group in by_hand.items()]
        if self.ties and len(self.players) == 2:
            lines.append(
                f"{len(self.ties)} tie{'s' if len(self.ties) != 1 else ''}: {' '.join(str(o.card) for o in self.ties)}"
            )
        elif self.ties:
            by_players: dict[tuple[int, ...], list[str]] = {}
            for outcome in self.ties:
                by_players.setdefault(outcome.winners, []).append(str(outcome.card))
            lines += [
                f"{len(cards)} tie{'s' if len(cards) != 1 else ''} of players "
                f"{', '.join(map(str, who))}: {' '.join(cards)}"
                for who, cards in by_players.items()
            ]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: each player's cards, hand now and outs (the cards that put them alone
        ahead), the leader now in bold, and the cards that make a tie."""
        rows = [
            [f"player {p}", cards_html(hole), hand, len(self.outs(p)), cards_html([o.card for o in self.outs(p)])]
            for p, (hole, hand) in enumerate(zip(self.players, self.hands))
        ]
        out = f"<p>{cards_html(self.board)}</p>" + table_html(["", "cards", "now", "outs", ""], rows, self.winners)
        ties = [o.card for o in self.ties]
        return out + (f"<p>{len(ties)} tie{'s' * (len(ties) != 1)}: {cards_html(ties)}</p>" if ties else "")


def _values(hands: np.ndarray, rules: Rules) -> list[HandValue]:
    """The evaluator's values of hands of one size ((n, k) card indices), in one batch."""
    values = evaluate_batch(hands, rules=rules)
    cats = categories(values, rules)
    return [HandValue(int(v), Category(int(c)), describe_value(int(v), rules)) for v, c in zip(values, cats)]


def _winners(hands: Sequence[HandValue]) -> tuple[int, ...]:
    best = max(h.value for h in hands)
    return tuple(p for p, h in enumerate(hands) if h.value == best)


def _table_report(situation: Situation) -> OutsReport:
    holes = np.array([[c.index for c in hole] for hole in situation.holes], dtype=np.int64)  # (N, 2)
    board = np.array([c.index for c in situation.board], dtype=np.int64)
    unseen = np.array([c.index for c in situation.unseen], dtype=np.int64)
    players, rules = len(holes), situation.rules
    now = _values(np.hstack([holes, np.broadcast_to(board, (players, len(board)))]), rules)
    rows = np.hstack(
        [
            np.tile(holes, (len(unseen), 1)),
            np.broadcast_to(board, (len(unseen) * players, len(board))),
            np.repeat(unseen, players)[:, None],
        ]
    )  # (U * N, k)
    later = _values(rows, rules)
    outcomes = []
    for u, card in enumerate(situation.unseen):
        hands = later[u * players : (u + 1) * players]
        outcomes.append(
            CardOutcome(card, _winners(hands), tuple(h.description for h in hands), tuple(h.category for h in hands))
        )
    return OutsReport(
        situation.holes, situation.board, _winners(now), tuple(h.description for h in now), tuple(outcomes), rules.label
    )


def _asp_report(situation: Situation) -> OutsReport:
    report, _ = solve_whatif(situation, look_ahead=1)
    now = report.now
    outcomes = tuple(
        CardOutcome(r.cards[0], r.winners, tuple(h.description for h in r.hands), tuple(h.category for h in r.hands))
        for r in report.next_cards
    )
    return OutsReport(
        situation.holes,
        situation.board,
        now.winners,
        tuple(h.description for h in now.hands),
        outcomes,
        situation.rules.label,
    )


def outs(
    players: Sequence[PlayerLike],
    board: CardsLike,
    *,
    dead: CardsLike = (),
    rules: RulesLike = None,
    engine: str = "table",
) -> OutsReport | GameOutsReport:
    """Each unseen card's effect on a deal of 2 to 9 players on the flop or turn.

    ``rules`` is a variant (its deck holds the unseen cards); ``engine`` is
    ``"table"`` (the evaluator) or ``"asp"`` (derived by clingo). Under the rule book of a
    game with a board (Omaha, hi-lo), the game's outs pot by pot
    (:func:`~pysolver.odds._games.outs.game_outs`: the cards each player scoops on or shares).

    >>> r = outs(["Ah Kh", "7c 7d"], "7h 2h 3c 9s")
    >>> [str(o.card) for o in r.outs(0)]  # the hearts that do not pair the board
    ['4h', '5h', '6h', '8h', 'Th', 'Jh', 'Qh']
    >>> r == outs(["Ah Kh", "7c 7d"], "7h 2h 3c 9s", engine="asp")
    True
    """
    if engine not in ENGINES:
        raise PokerInputError(f"engine {engine!r}: choose one of {', '.join(ENGINES)}")
    read = rules_of(rules)
    if not read.game.holdem_shape:
        return game_outs(players, board, rules=read, dead=dead, engine=engine)  # type: ignore[arg-type]
    situation = whatif_situation(players, board, dead, read)
    return _table_report(situation) if engine == "table" else _asp_report(situation)


__all__ = ["ENGINES", "CardOutcome", "OutsReport", "outs"]
