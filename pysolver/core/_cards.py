"""Cards, their text and their one integer encoding.

The encoding, used everywhere in pysolver (ASP facts, evaluator tables,
odds engine)::

    index = 4 * rank + suit
    rank  0..12  for  2 3 4 5 6 7 8 9 T J Q K A
    suit  0..3   for  c d h s

so ``2c`` is 0, ``2d`` is 1, ``As`` is 51.

Text is read liberally (``"As"``, ``"as"``, ``"AS"``, ``"10s"``, ``"A♠"``;
hands and boards as ``"As Kd"``, ``"AsKd"``, ``"As,Kd"`` or a list) and always
printed canonically (``As``).

    >>> parse_cards("10s A♠, kd")
    (Card('Ts'), Card('As'), Card('Kd'))
    >>> Card.parse("Qh").index
    42
"""

from __future__ import annotations

import numbers
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import overload

from ._errors import CardCountError, DuplicateCardError, InvalidCardError

RANKS = "23456789TJQKA"
"""The rank characters, 2 (rank 0) to A (rank 12)."""
SUITS = "cdhs"
"""The suit characters, c (suit 0) to s (suit 3)."""
RANK_NAMES = ("Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
RANK_PLURALS = (
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "Sevens",
    "Eights",
    "Nines",
    "Tens",
    "Jacks",
    "Queens",
    "Kings",
    "Aces",
)
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

_RANK_TEXT = {c: i for i, c in enumerate(RANKS)} | {c.lower(): i for i, c in enumerate(RANKS)}
_RANK_TEXT["10"] = RANKS.index("T")
_SUIT_TEXT = {c: i for i, c in enumerate(SUITS)} | {c.upper(): i for i, c in enumerate(SUITS)}
_SUIT_TEXT |= {s: i for i, s in enumerate("♣♦♥♠")} | {s: i for i, s in enumerate("♧♢♡♤")}
_SEPARATORS = re.compile(r"[\s,;]+")

QUOTE_LIMIT = 60
"""The most characters of a caller's text that an error message quotes."""


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """A caller's value as an error message quotes it: its repr, cut to about ``limit`` characters.

    >>> quoted("Ah Kx")
    "'Ah Kx'"
    >>> quoted("AhKh" * 25_000, limit=12)
    "'AhKhAhKh...' (100,000 characters)"
    >>> quoted(10 ** 5000)
    'a whole number of about 5,001 digits'
    """
    if isinstance(value, str) and len(value) > limit:
        cut = repr(value[: max(limit - 4, 1)])
        return f"{cut[:-1]}...{cut[-1]} ({len(value):,} characters)"
    if isinstance(value, int) and value.bit_length() > 4 * limit:  # Python will not print it whole
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1:,} digits"
    try:
        text = repr(value)
    except Exception:  # a repr that fails must not hide the message
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card, ordered by its index (rank first, then suit).

    >>> Card.parse("As")
    Card('As')
    >>> str(Card(0)), Card(51).rank, Card(51).suit
    ('2c', 12, 3)
    """

    index: int

    def __post_init__(self) -> None:
        index = whole_number(self.index)
        if index is None or not 0 <= index < 52:
            raise InvalidCardError(f"invalid card index {quoted(self.index)}: must be 0..51")
        if type(self.index) is not int:  # a numpy integer: kept as a plain int
            object.__setattr__(self, "index", index)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card: ``'As'``, ``'as'``, ``'10s'``, ``'A♠'``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise InvalidCardError(f"invalid card {quoted(text)}: expected text such as 'As'")
        token = text.strip()
        rank_text, suit_text = (token[:2], token[2:]) if token.startswith("10") else (token[:1], token[1:])
        if rank_text not in _RANK_TEXT:
            raise InvalidCardError(f"invalid card {quoted(text)}: rank must be one of {', '.join(RANKS)}")
        if suit_text not in _SUIT_TEXT:
            raise InvalidCardError(f"invalid card {quoted(text)}: suit must be one of {', '.join(SUITS)}")
        return cls(4 * _RANK_TEXT[rank_text] + _SUIT_TEXT[suit_text])

    @classmethod
    def from_rank_suit(cls, rank: int, suit: int) -> Card:
        """The card of rank 0..12 (2..A) and suit 0..3 (c, d, h, s).

        >>> Card.from_rank_suit(12, 3)
        Card('As')
        >>> Card.from_rank_suit(0, 4)
        Traceback (most recent call last):
        ...
        pysolver.InvalidCardError: invalid suit 4: suits are 0..3 (c, d, h, s)
        """
        r, s = whole_number(rank), whole_number(suit)
        if r is None or not 0 <= r < 13:
            raise InvalidCardError(f"invalid rank {quoted(rank)}: ranks are 0..12 (2 .. A)")
        if s is None or not 0 <= s < 4:
            raise InvalidCardError(f"invalid suit {quoted(suit)}: suits are 0..3 (c, d, h, s)")
        return cls(4 * r + s)

    @property
    def rank(self) -> int:
        """0 for a two up to 12 for an ace."""
        return self.index >> 2

    @property
    def suit(self) -> int:
        """0..3 for clubs, diamonds, hearts, spades."""
        return self.index & 3

    @property
    def rank_char(self) -> str:
        return RANKS[self.rank]

    @property
    def suit_char(self) -> str:
        return SUITS[self.suit]

    def __str__(self) -> str:
        return RANKS[self.rank] + SUITS[self.suit]

    def __repr__(self) -> str:
        return f"Card('{self}')"


def whole_number(value: object) -> int | None:
    """``value`` as a plain int if it is a whole number (an int or a numpy integer, never a bool,
    a float or text), else None: the one test of what may stand for a card index, a rank, a
    suit, a count or a seed.

    >>> whole_number(5), whole_number(True), whole_number(5.0), whole_number("5")
    (5, None, None, None)
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or type(value).__name__ == "bool_":
        return None
    return int(value)


CardsLike = str | Iterable[str | int | Card]
"""Cards as text (``'As Ks'``, ``'AsKs'``) or as a sequence of texts, indices (0..51) or :class:`Card`."""


def _split_token(token: str) -> list[str]:
    """Split run-together card text such as ``'AsKd'`` or ``'10s9d'`` into cards."""
    pieces = []
    i = 0
    while i < len(token):
        size = 3 if token.startswith("10", i) else 2
        pieces.append(token[i : i + size])
        i += size
    return pieces


def parse_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Read any number of cards from text or a sequence; reject duplicates.

    >>> parse_cards("AsKd")
    (Card('As'), Card('Kd'))
    >>> parse_cards(["Qh", 51])
    (Card('Qh'), Card('As'))
    """
    if isinstance(cards, str):
        return _parse_text(cards)
    return _parse_items(_as_list(cards, "cards"))


def _as_list(value: object, name: str) -> list:
    """``value`` as a list, or a TypeError naming ``name`` and the value."""
    if isinstance(value, Card) or whole_number(value) is not None:
        return [value]
    if isinstance(value, (bytes, dict, set, frozenset)) or not hasattr(value, "__iter__"):
        raise TypeError(
            f"{name} {str(value)[:60]!r}: expected card text such as 'As Kd', a Card, a card index "
            f"or a sequence of them, not {type(value).__name__}"
        )
    return list(value)


@lru_cache(maxsize=1024)
def _parse_text(text: str) -> tuple[Card, ...]:
    """:func:`parse_cards` of text, read once per text (a fault raises each time)."""
    return _parse_items([piece for token in _SEPARATORS.split(text.strip()) if token for piece in _split_token(token)])


def _parse_items(items: list) -> tuple[Card, ...]:
    """Cards, card indices or card texts as cards, no card twice."""
    result = []
    for item in items:
        if isinstance(item, Card):
            result.append(item)
        elif whole_number(item) is not None:
            result.append(Card(item))
        else:
            result.append(Card.parse(item))
    check_distinct(result)
    return tuple(result)


@overload
def parse_hole(cards: CardsLike) -> tuple[Card, Card]: ...
@overload
def parse_hole(cards: CardsLike, size: int) -> tuple[Card, ...]: ...
def parse_hole(cards: CardsLike, size: int = 2) -> tuple[Card, ...]:
    """Read exactly ``size`` hole cards (two in hold'em).

    >>> parse_hole("Ah Kh")
    (Card('Ah'), Card('Kh'))
    >>> parse_hole("Ah Kh 2c", 4)
    Traceback (most recent call last):
    ...
    pysolver.CardCountError: hole cards 'Ah Kh 2c': a hand has 4 cards, got 3
    """
    hole = parse_cards(cards)
    if len(hole) != size:
        raise CardCountError(f"hole cards {quoted(format_cards(hole))}: a hand has {size} cards, got {len(hole)}")
    return hole


def parse_board(cards: CardsLike, allowed: tuple[int, ...] = (0, 3, 4, 5)) -> tuple[Card, ...]:
    """Read a board of 0, 3, 4 or 5 cards (or only the sizes ``allowed``).

    >>> parse_board("Js Ts 2c")
    (Card('Js'), Card('Ts'), Card('2c'))
    >>> parse_board("Js Ts 2c 7h 3d", allowed=(3, 4))
    Traceback (most recent call last):
    ...
    pysolver.CardCountError: board 'Js Ts 2c 7h 3d': this takes a flop or a turn (3 or 4 cards), got 5
    """
    board = parse_cards(cards if cards is not None else ())
    if len(board) not in allowed:
        if tuple(allowed) == (0, 3, 4, 5):
            want = "a board has 0, 3, 4 or 5 cards"
        else:
            names = [_STREET_NAMES[n] for n in allowed]
            sizes = [str(n) for n in allowed]
            want = (
                f"this takes {' or '.join([', '.join(names[:-1]), names[-1]] if names[:-1] else names)} "
                f"({' or '.join([', '.join(sizes[:-1]), sizes[-1]] if sizes[:-1] else sizes)} cards)"
            )
        raise CardCountError(f"board {quoted(format_cards(board))}: {want}, got {len(board)}")
    return board


_STREET_NAMES = {0: "no board", 3: "a flop", 4: "a turn", 5: "a river"}


def check_distinct(cards: Iterable[Card]) -> None:
    """Raise :class:`DuplicateCardError` naming the first card that appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise DuplicateCardError(f"duplicate card '{card}': each card can be dealt only once")
        seen.add(card)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical text of cards, space separated: ``'As Kd'``."""
    return " ".join(str(c) for c in parse_cards(cards))


def deck(exclude: Iterable[Card] = ()) -> tuple[Card, ...]:
    """The 52 cards in index order, less ``exclude``."""
    gone = set(exclude)
    return tuple(c for c in map(Card, range(52)) if c not in gone)


__all__ = [
    "RANKS",
    "SUITS",
    "RANK_NAMES",
    "RANK_PLURALS",
    "SUIT_NAMES",
    "QUOTE_LIMIT",
    "quoted",
    "whole_number",
    "Card",
    "CardsLike",
    "parse_cards",
    "parse_hole",
    "parse_board",
    "check_distinct",
    "format_cards",
    "deck",
]
