"""A deal: every player's hole cards and the board, checked for consistency.

>>> deal = Deal.parse(["As Ks", "Qh Qd"], board="Js Ts 2c")
>>> deal.street, len(deal.players)
('flop', 2)
>>> str(deal)
'As Ks | Qh Qd | board Js Ts 2c'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ._cards import Card, CardsLike, check_distinct, format_cards, parse_board, parse_hole
from ._errors import PlayerCountError

MIN_PLAYERS = 2
MAX_PLAYERS = 23  # 2 * 23 + 5 = 51 cards
STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}


def check_player_count(count: int, *, dead: int = 0, least: int = MIN_PLAYERS) -> None:
    """Raise :class:`PlayerCountError` unless ``count`` players (at least ``least``) get two cards
    each from the 52-card deck beside a 5-card board and ``dead`` dead cards.

    >>> check_player_count(23, dead=2)
    Traceback (most recent call last):
    ...
    pysolver.PlayerCountError: 23 players: the 52-card deck deals at most 22 beside a 5-card board and 2 dead cards
    """
    if count < least:
        raise PlayerCountError(f"{count} player{'s' if count != 1 else ''}: this needs at least {least}")
    most = (52 - 5 - dead) // 2
    if count > most:
        raise PlayerCountError(
            f"{count} players: the 52-card deck deals at most {most} beside a 5-card board"
            + (f" and {dead} dead card{'s' if dead != 1 else ''}" if dead else "")
        )


@dataclass(frozen=True)
class Deal:
    """Hole cards of 2 to 23 players and a board of 0, 3, 4 or 5 cards, all distinct."""

    players: tuple[tuple[Card, Card], ...]
    board: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        check_player_count(len(self.players))
        check_distinct(self.cards)

    @classmethod
    def parse(cls, holes: Sequence[CardsLike], board: CardsLike | None = "") -> Deal:
        """Read each player's hole cards and the board from text or cards."""
        return cls(tuple(parse_hole(h) for h in holes), parse_board(board or ()))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every dealt card: hole cards in player order, then the board."""
        return tuple(c for hole in self.players for c in hole) + self.board

    @property
    def street(self) -> str:
        """``'preflop'``, ``'flop'``, ``'turn'`` or ``'river'``."""
        return STREETS[len(self.board)]

    def with_board(self, board: Iterable[Card]) -> Deal:
        """The same players with another board."""
        return Deal(self.players, tuple(board))

    def __str__(self) -> str:
        text = " | ".join(format_cards(h) for h in self.players)
        return f"{text} | board {format_cards(self.board)}" if self.board else text


__all__ = ["MIN_PLAYERS", "MAX_PLAYERS", "STREETS", "check_player_count", "Deal"]
