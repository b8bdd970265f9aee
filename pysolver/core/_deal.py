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
from ._errors import CardCountError, PlayerCountError

MIN_PLAYERS = 2
MAX_PLAYERS = 23  # 2 * 23 + 5 = 51 cards
STREETS = {0: "preflop", 3: "flop", 4: "turn", 5: "river"}


def check_player_count(count: int, *, dead: int = 0, least: int = MIN_PLAYERS, hole: int = 2, board: int = 5) -> None:
    """Raise :class:`PlayerCountError` unless ``count`` players (at least ``least``) get ``hole``
    cards each from the 52-card deck beside a ``board``-card board and ``dead`` dead cards.

    >>> check_player_count(23, dead=2)
    Traceback (most recent call last):
    ...
    pysolver.PlayerCountError: 23 players: the 52-card deck deals at most 22 beside a 5-card board and 2 dead cards
    """
    if count < least:
        raise PlayerCountError(f"{count} player{'s' if count != 1 else ''}: this needs at least {least}")
    most = (52 - board - dead) // hole
    if count > most:
        each = f"{hole} cards each to at most {most}" if hole != 2 else f"at most {most}"
        raise PlayerCountError(
            f"{count} players: the 52-card deck deals {each}"
            + (f" beside a {board}-card board" if board else "")
            + (f" and {dead} dead card{'s' if dead != 1 else ''}" if dead else "")
        )


@dataclass(frozen=True)
class Deal:
    """Hole cards of 2 to 23 players and a board of 0, 3, 4 or 5 cards, all distinct.

    Two hole cards each in hold'em; in other games (a rule book's ``hole_cards/1``)
    every player holds as many, 1 to 7, and the board is as the game deals it:

    >>> str(Deal.parse(["As Ks Qd 2c", "7h 7d 3c 4d"], "Ah 5s 8c 9d Kh", hole_cards=4))
    'As Ks Qd 2c | 7h 7d 3c 4d | board Ah 5s 8c 9d Kh'
    """

    players: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        hole = len(self.players[0]) if self.players else 2
        if any(len(p) != hole for p in self.players):
            raise CardCountError(
                f"hole cards {', '.join(str(len(p)) for p in self.players)}: every player holds as many cards"
            )
        check_player_count(len(self.players), hole=max(1, hole), board=5 if hole == 2 else len(self.board))
        check_distinct(self.cards)

    @classmethod
    def parse(cls, holes: Sequence[CardsLike], board: CardsLike | None = "", *, hole_cards: int = 2) -> Deal:
        """Read each player's hole cards (``hole_cards`` each) and the board from text or cards."""
        return cls(tuple(parse_hole(h, hole_cards) for h in holes), parse_board(board or ()))

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every dealt card: hole cards in player order, then the board."""
        return tuple(c for hole in self.players for c in hole) + self.board

    @property
    def street(self) -> str:
        """``'preflop'``, ``'flop'``, ``'turn'`` or ``'river'``; ``'showdown'`` in a game without a board."""
        return "showdown" if not self.board and len(self.players[0]) != 2 else STREETS[len(self.board)]

    def with_board(self, board: Iterable[Card]) -> Deal:
        """The same players with another board."""
        return Deal(self.players, tuple(board))

    def __str__(self) -> str:
        text = " | ".join(format_cards(h) for h in self.players)
        return f"{text} | board {format_cards(self.board)}" if self.board else text


__all__ = ["MIN_PLAYERS", "MAX_PLAYERS", "STREETS", "check_player_count", "Deal"]
