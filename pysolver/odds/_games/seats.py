"""The players of a game's equity question, each a seat: the holdings it may have and the cards to come.

A player is one of:

- the game's hole cards (``"As Ks Qd 2c"`` in Omaha);
- ``random``: every holding the deck can still give;
- a list of holdings with weights, comma separated, each weighted as range items are
  (``"As Ah Kd 2c, 0.5(Ks Kh Qd 3c)"`` or ``"KsKhQd3c:0.5"``; unweighted items weigh 1; a
  later copy of a holding replaces the earlier);
- in a game without a board (stud, razz), the cards the player holds so far: the rest are dealt.

Holdings that share a card with the board, the dead cards or a player's fixed hand are
dropped from a list (the player is printed with the holdings left); a list left empty is an
error naming the player.

    >>> from pysolver import load_rules
    >>> table = read_table(["As Ah Kd 2c, 0.5(Ks Kh Qd 3c)", "random"], "Qs 7d 2h", "", load_rules("omaha"))
    >>> [seat.text for seat in table.seats], table.seats[0].weights, table.seats[1].to_come
    (['As Ah Kd 2c, 0.5(Ks Kh Qd 3c)', 'random'], (2, 1), 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import gcd, lcm

from ...core import (
    Card,
    CardCountError,
    CardsLike,
    PlayerLike,
    PokerInputError,
    Range,
    Rules,
    check_distinct,
    format_cards,
    parse_cards,
    quoted,
    split_weight,
)

RANDOM = "random"


@dataclass(frozen=True)
class Seat:
    """One player: ``holdings`` the hands the player may hold (one for known cards, none for a
    random player), ``weights`` their whole-number weights (in proportion), ``to_come`` the cards
    still to be dealt to the player, ``text`` the player as printed."""

    text: str
    holdings: tuple[tuple[Card, ...], ...]
    weights: tuple[int, ...]
    to_come: int

    @property
    def listed(self) -> bool:
        """The player holds one of several holdings (a list)."""
        return len(self.holdings) > 1

    @property
    def fixed(self) -> tuple[Card, ...]:
        """The cards the player surely holds: the one holding, or none."""
        return self.holdings[0] if len(self.holdings) == 1 else ()


@dataclass(frozen=True)
class Table:
    """A game's equity question read: the seats, the board so far and the dead cards."""

    seats: tuple[Seat, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]

    @cached_property
    def known(self) -> frozenset[Card]:
        """The cards out of the deck for every deal: board, dead cards and fixed hands."""
        return frozenset(self.board) | frozenset(self.dead) | {c for s in self.seats for c in s.fixed}


def read_table(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike, rules: Rules) -> Table:
    """The seats, board and dead cards of a game's question, checked against the game and the
    deck (see the module); a :class:`~pysolver.PokerInputError` names what is wrong."""
    game = rules.game
    if isinstance(players, str) or len(players) < 2:
        raise PokerInputError(f"players {players!r}: at least two, each hole cards, 'random' or a list of holdings")
    board_cards = parse_cards(board or ())
    dead_cards = parse_cards(dead or ())
    if len(board_cards) > game.board_cards:
        raise CardCountError(f"board of {len(board_cards)} cards: {rules.label} deals {game.board_cards}")
    seats = [_seat(text, p, rules) for p, text in enumerate(players)]
    fixed = [c for s in seats for c in s.fixed] + list(board_cards) + list(dead_cards)
    check_distinct(fixed)
    rules.check_cards(fixed + [c for s in seats for h in s.holdings for c in h])
    rules.check_players(len(players), dead=len(dead_cards))
    out = set(fixed)
    seats = [_live(seat, p, out) if seat.listed else seat for p, seat in enumerate(seats)]
    check_distinct([c for s in seats for c in s.fixed] + list(board_cards) + list(dead_cards))  # a list left one
    return Table(tuple(seats), board_cards, dead_cards)


def _seat(given: object, player: int, rules: Rules) -> Seat:
    game = rules.game
    if isinstance(given, Range):
        raise PokerInputError(f"player {player} {given}: a hold'em range; a game's player is cards or a list of them")
    text = given if isinstance(given, str) else format_cards(parse_cards(given))  # type: ignore[arg-type]
    if text.strip().lower() == RANDOM:
        return Seat(RANDOM, (), (), game.hole_cards)
    items = [item.strip() for item in text.split(",")]
    if any(not item for item in items):
        raise PokerInputError(f"player {player} {quoted(text)}: an empty holding between commas")
    weighted: dict[frozenset[Card], tuple[tuple[Card, ...], Fraction]] = {}
    for item in items:
        cards_text, weight = split_weight(item) if len(items) > 1 or "(" in item or ":" in item else (item, 1.0)
        cards = parse_cards(cards_text)
        partial = game.board_cards == 0 and len(cards) < game.hole_cards  # a stud hand still being dealt
        if not partial:
            game.check_hole(len(cards), player, rules.label)
        if weighted and len(cards) != len(next(iter(weighted.values()))[0]):
            raise CardCountError(f"player {player} {quoted(text)}: every holding of a list has as many cards")
        weighted.pop(frozenset(cards), None)  # a later copy replaces the earlier
        if weight > 0:
            weighted[frozenset(cards)] = (cards, Fraction(repr(weight)))
    if not weighted:
        raise PokerInputError(f"player {player} {quoted(text)}: every holding has weight 0")
    holdings = tuple(cards for cards, _ in weighted.values())
    weights = _whole([w for _, w in weighted.values()])
    size = len(holdings[0])
    return Seat(_text(holdings, weights), holdings, weights, game.hole_cards - size)


def _whole(weights: list[Fraction]) -> tuple[int, ...]:
    """Weights as whole numbers in the same proportion, the smallest such (one weight is 1)."""
    scale = lcm(*(w.denominator for w in weights))
    whole = [int(w * scale) for w in weights]
    common = gcd(*whole)
    return tuple(w // common for w in whole)


def _text(holdings: tuple[tuple[Card, ...], ...], weights: tuple[int, ...]) -> str:
    """The player as printed: the cards, and for a list each holding's weight against the heaviest."""
    if len(holdings) == 1:
        return format_cards(holdings[0])
    top = max(weights)
    return ", ".join(
        format_cards(h) if w == top else f"{float(Fraction(w, top)):.4g}({format_cards(h)})"
        for h, w in zip(holdings, weights)
    )


def _live(seat: Seat, player: int, out: set[Card]) -> Seat:
    """A listed seat without the holdings that share a card with ``out``."""
    kept = [(h, w) for h, w in zip(seat.holdings, seat.weights) if not out.intersection(h)]
    if not kept:
        raise PokerInputError(
            f"player {player} {quoted(seat.text)}: every holding shares a card with the board, "
            "the dead cards or another player's hand"
        )
    holdings = tuple(h for h, _ in kept)
    weights = _whole([Fraction(w) for _, w in kept])
    return Seat(_text(holdings, weights), holdings, weights, seat.to_come)


__all__ = ["RANDOM", "Seat", "Table", "read_table"]
