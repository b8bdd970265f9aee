"""Hand categories and the words players use for a hand.

Both engines, the ASP solver and the lookup-table evaluator, describe a hand
the same way: a :class:`Category` and its *tie-break ranks*, the face ranks
(0 for a two .. 12 for an ace) that decide between two hands of the same
category, most significant first:

==================  ==========================================  ===================
category            tie-break ranks                              example
==================  ==========================================  ===================
royal_flush         (12,)                                        As Ks Qs Js Ts
straight_flush      (high card,) -- a five-high wheel is (3,)    9h 8h 7h 6h 5h
four_of_a_kind      (quad rank, kicker)                          Ac Ad Ah As K
full_house          (trips rank, pair rank)                      Kings full of Sevens
flush               five ranks, high to low
straight            (high card,) -- the wheel is (3,)
three_of_a_kind     (trips rank, kicker, kicker)
two_pair            (high pair, low pair, kicker)
pair                (pair rank, kicker, kicker, kicker)
high_card           five ranks, high to low
==================  ==========================================  ===================

    >>> describe(Category.FULL_HOUSE, (11, 5))
    'Full house, Kings full of Sevens'
    >>> describe(Category.TWO_PAIR, (12, 10, 11))
    'Two pair, Aces and Queens, King kicker'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from ._cards import RANK_NAMES, RANK_PLURALS, RANKS, whole_number
from ._errors import PokerInputError


class Category(IntEnum):
    """The ten hand categories, ordered weakest to strongest.

    A royal flush is the ace-high straight flush, named on its own because
    players do.

    >>> Category.FLUSH > Category.STRAIGHT
    True
    >>> Category.parse("full_house").label
    'Full house'
    """

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8
    ROYAL_FLUSH = 9

    @property
    def snake(self) -> str:
        """The machine name: ``'full_house'`` (as in JSON output and ASP atoms)."""
        return self.name.lower()

    @property
    def label(self) -> str:
        """The name as a player says it: ``'Full house'``."""
        return self.name.replace("_", " ").capitalize()

    @classmethod
    def parse(cls, name: str) -> Category:
        """The category named ``'full_house'``, ``'Full house'`` or ``'FULL_HOUSE'``."""
        key = name.strip().upper().replace(" ", "_")
        if key not in cls.__members__:
            raise ValueError(f"unknown hand category {name!r}")
        return cls[key]


def _joined(ranks: Sequence[int]) -> str:
    return "-".join(RANK_NAMES[r] for r in ranks)


def _kickers(ranks: Sequence[int]) -> str:
    if not ranks:
        return ""
    return f", {_joined(ranks)} kicker{'s' if len(ranks) > 1 else ''}"


def describe(category: Category, ranks: Sequence[int]) -> str:
    """The hand as a player would say it, from its category and tie-break ranks.

    >>> describe(Category.STRAIGHT, (3,))
    'Straight, Five high'
    >>> describe(Category.PAIR, (12, 11, 7, 2))
    'Pair of Aces, King-Nine-Four kickers'
    """
    try:
        category = Category(category)
    except (ValueError, TypeError):
        raise PokerInputError(
            f"category {str(category)[:40]!r}: not a hand category (0 high card .. 9 royal flush)"
        ) from None
    if isinstance(ranks, (str, bytes)) or not hasattr(ranks, "__iter__"):
        raise TypeError(f"ranks {str(ranks)[:40]!r}: expected a sequence of ranks 0 (two) .. 12 (ace)")
    r = [-1 if (whole := whole_number(x)) is None else whole for x in ranks]  # -1: not a rank
    if any(not 0 <= x <= 12 for x in r):
        raise PokerInputError(f"ranks {str(list(ranks))[:60]}: each rank is a whole number 0 (two) .. 12 (ace)")
    try:
        return _described(category, r)
    except IndexError:
        raise PokerInputError(f"ranks {r}: too few tie-break ranks for {category.label.lower()}") from None


def _described(category: Category, r: list[int]) -> str:
    if category is Category.ROYAL_FLUSH:
        return "Royal flush"
    if category in (Category.STRAIGHT_FLUSH, Category.STRAIGHT):
        return f"{category.label}, {RANK_NAMES[r[0]]} high"
    if category is Category.FOUR_OF_A_KIND:
        return f"Four of a kind, {RANK_PLURALS[r[0]]}{_kickers(r[1:])}"
    if category is Category.FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    if category in (Category.FLUSH, Category.HIGH_CARD):
        return f"{category.label}, {_joined(r)}"
    if category is Category.THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[r[0]]}{_kickers(r[1:])}"
    if category is Category.TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}{_kickers(r[2:])}"
    return f"Pair of {RANK_PLURALS[r[0]]}{_kickers(r[1:])}"


def describe_low(category: Category, ranks: Sequence[int]) -> str:
    """A low hand as a player says it: five different ranks high to low (an ace last when it
    plays low), else the hand's own words.

    >>> describe_low(Category.HIGH_CARD, (6, 4, 2, 1, 12))
    '8-6-4-3-A low'
    >>> describe_low(Category.PAIR, (0, 6, 4, 12))
    'Pair of Twos, Eight-Six-Ace kickers (low)'
    """
    if Category(category) is Category.HIGH_CARD:
        return "-".join(RANKS[r] for r in ranks) + " low"
    return f"{describe(category, ranks)} (low)"


@dataclass(frozen=True)
class HandValue:
    """A hand as an engine values it: ``value`` (higher is better, equal ties), its category
    and the words a player says.

    The scale of ``value`` is the engine's: 1..7462 for the evaluator, the packed
    ``hand_value`` for the ASP solver; values compare within one engine and one game.
    """

    value: int
    category: Category
    description: str


__all__ = ["Category", "HandValue", "describe", "describe_low"]
