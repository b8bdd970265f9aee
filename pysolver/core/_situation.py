"""A situation: the players, the board, the dead cards and the rules, checked once.

Every engine reads its input through :meth:`Situation.of`, so a fault gets the
same message whichever engine is asked: a card that is not a card, a card
dealt twice, a board of the wrong size, too few or too many players, a card
outside the rules' deck.

    >>> s = Situation.of(["As Ks", "QQ+"], "Js Ts 2c", dead="2d", ranges=True)
    >>> s.street, [s.seat_name(p) for p in range(2)], len(s.unseen)
    ('flop', ['AsKs', 'QQ+'], 46)
    >>> Situation.of(["As Ks", "As Qd"])
    Traceback (most recent call last):
    ...
    pysolver.DuplicateCardError: duplicate card 'As': each card can be dealt only once

A player is two hole cards or, where the engine takes ranges (``ranges=True``),
a :class:`~pysolver.Range` (``"QQ+, AKs"``, ``"random"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

from ._cards import Card, CardsLike, check_distinct, parse_board, parse_cards, parse_hole, quoted
from ._deal import STREETS, Deal, check_player_count
from ._errors import CardCountError, InvalidCardError, PlayerCountError, PokerInputError
from ._ranges import Range, parse_range
from ._rules import STANDARD, Rules

Hole = tuple[Card, Card]
Seat = Hole | Range
PlayerLike = str | Range | Sequence[str | int | Card]
"""A player as given: two hole cards (text or a sequence), or where ranges are taken a :class:`Range` or range text."""


def read_seat(player: PlayerLike, ranges: bool) -> Seat:
    """Two hole cards, or (with ``ranges``) a :class:`Range` (``'random'`` included).

    >>> read_seat("random", ranges=False)       # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pysolver.CardCountError: player 'random': this takes two hole cards per player, ... are for equity)
    """
    if isinstance(player, Range):
        if not ranges:
            raise CardCountError(_NOT_A_RANGE.format(quoted(str(player))))
        return player
    if isinstance(player, str) and ranges:
        return _text_seat(player)
    try:
        return parse_hole(player)
    except (InvalidCardError, CardCountError):
        if isinstance(player, str) and _is_range(player):
            raise CardCountError(_NOT_A_RANGE.format(quoted(player))) from None
        raise


@lru_cache(maxsize=512)
def _text_seat(text: str) -> Seat:
    """Two hole cards or a range, from text; read once per text (a fault raises each time)."""
    try:
        return parse_hole(text)
    except PokerInputError:
        return parse_range(text)


_NOT_A_RANGE = "player {}: this takes two hole cards per player, such as 'As Ks' (ranges and 'random' are for equity)"


def _is_range(text: str) -> bool:
    try:
        parse_range(text)
    except PokerInputError:
        return False
    return True


@dataclass(frozen=True)
class Situation:
    """Players (hole cards or ranges), board, dead cards and rules, consistent with each other."""

    players: tuple[Seat, ...]
    board: tuple[Card, ...] = ()
    dead: tuple[Card, ...] = ()
    rules: Rules = STANDARD

    @classmethod
    def of(
        cls,
        players: Sequence[PlayerLike],
        board: CardsLike | None = (),
        *,
        dead: CardsLike | None = (),
        rules: Rules = STANDARD,
        ranges: bool = False,
        boards: tuple[int, ...] = (0, 3, 4, 5),
        least: int = 2,
        most: int | None = None,
        games: bool = False,
    ) -> Situation:
        """Read and check a situation.

        ``ranges`` lets a player be a range; ``boards`` are the board sizes the
        engine takes; ``least`` and ``most`` bound the number of players (at most
        what the rules' deck deals a full board to, beside the dead cards);
        ``games``: the engine plays any game a rule book declares, not only hold'em's
        (a player then holds the game's hole cards, and the board is one it shows down on).
        """
        if isinstance(players, (str, Range)) or not isinstance(players, Sequence):
            raise PlayerCountError(
                f'players {quoted(players)}: expected a list with one entry per player, such as ["As Ks", "Qh Qd"]'
            )
        if not isinstance(rules, Rules):
            raise TypeError(f"rules {quoted(rules)}: expected a Rules (pysolver.load_rules reads a name or a path)")
        if not games and not rules.game.holdem_shape:
            raise PokerInputError(
                f"rules {rules.label} ({rules.game.describe()}): this takes hold'em's deal; "
                f"its showdowns are solved by pysolver showdown --rules {rules.label}, its equity by "
                f"equity (pysolver equity --rules {rules.label})"
            )
        board_text, dead_text = _as_text(board), _as_text(dead)
        if all(type(p) is str for p in players) and board_text is not None and dead_text is not None:
            return _read_text(tuple(players), board_text, dead_text, rules, ranges, tuple(boards), least, most)
        return cls._read(players, board, dead, rules, ranges, boards, least, most)

    @classmethod
    def _read(
        cls,
        players: Sequence[PlayerLike],
        board: CardsLike | None,
        dead: CardsLike | None,
        rules: Rules,
        ranges: bool,
        boards: tuple[int, ...],
        least: int,
        most: int | None,
    ) -> Situation:
        game = rules.game
        if game.hole_cards == 2:
            seats = tuple(read_seat(p, ranges) for p in players)
        else:
            seats = tuple(cast(Hole, _game_hole(p, i, rules)) for i, p in enumerate(players))  # the ASP solver's
        board_cards = parse_board(() if board is None else board, allowed=boards if game.holdem_shape else (0, 3, 4, 5))
        if not game.holdem_shape:
            game.check_board(len(board_cards), rules.label)
        dead_cards = parse_cards(() if dead is None else dead)
        situation = cls(seats, board_cards, dead_cards, rules)
        check_distinct(situation.fixed_cards)
        rules.check_cards(situation.fixed_cards)
        _check_count(len(seats), least, most, len(dead_cards), rules)
        return situation

    @property
    def holes(self) -> tuple[Hole, ...]:
        """The players' hole cards; an error if a player is a range."""
        for seat in self.players:
            if isinstance(seat, Range):
                raise CardCountError(_NOT_A_RANGE.format(quoted(str(seat))))
        return self.players  # type: ignore[return-value]

    @property
    def deal(self) -> Deal:
        """The players' hole cards and the board as a :class:`~pysolver.Deal`."""
        return Deal(self.holes, self.board)

    @property
    def fixed_cards(self) -> tuple[Card, ...]:
        """Every card known: the players' hole cards (not ranges), the board, the dead cards."""
        return tuple(c for seat in self.players if not isinstance(seat, Range) for c in seat) + self.board + self.dead

    @property
    def street(self) -> str:
        """``'preflop'``, ``'flop'``, ``'turn'`` or ``'river'``."""
        return STREETS[len(self.board)]

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards of the rules' deck not known to be anywhere: what may still be dealt."""
        known = set(self.fixed_cards)
        return tuple(c for c in self.rules.deck if c not in known)

    def seat_name(self, player: int) -> str:
        """How a player is printed: ``'AhKh'`` or the range text."""
        seat = self.players[player]
        return str(seat) if isinstance(seat, Range) else "".join(map(str, seat))  # read and checked already


def _game_hole(player: PlayerLike, index: int, rules: Rules) -> tuple[Card, ...]:
    """A player's cards in a game that deals other than two: as many as the game deals."""
    if isinstance(player, Range):
        raise CardCountError(f"player {quoted(str(player))}: ranges are for games of two hole cards")
    hole = parse_cards(cast(CardsLike, player))
    rules.game.check_hole(len(hole), index, rules.label)
    return hole


def _as_text(cards: CardsLike | None) -> str | None:
    """Cards given as text as they are, no cards (None, an empty tuple or list) as ``""``, else None."""
    if type(cards) is str:
        return cards
    return "" if cards is None or (type(cards) in (tuple, list) and not cards) else None


@lru_cache(maxsize=256)
def _read_text(
    players: tuple[str, ...],
    board: str,
    dead: str,
    rules: Rules,
    ranges: bool,
    boards: tuple[int, ...],
    least: int,
    most: int | None,
) -> Situation:
    """:meth:`Situation.of` of text, read once per question (a fault raises each time)."""
    return Situation._read(players, board, dead, rules, ranges, boards, least, most)


def _check_count(players: int, least: int, most: int | None, dead: int, rules: Rules) -> None:
    if players < least:
        raise PlayerCountError(f"{players} player{'s' if players != 1 else ''}: this needs at least {least}")
    if most is not None and players > most:
        raise PlayerCountError(f"{players} players: this takes at most {most}")
    check_player_count(players, dead=dead, least=least)
    if not rules.is_standard:
        rules.check_players(players, dead=dead)


__all__ = ["Situation", "Seat", "Hole", "PlayerLike", "read_seat"]
