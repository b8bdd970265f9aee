"""The encodings' names of faces, suits and categories, and the facts of a deal.

>>> from pysolver import Deal
>>> whatif_facts(Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c"), [], 1)[:44]
'holding(0,ace,spades).holding(0,king,spades)'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

import clingo
import numpy as np
from clingo import Function, Number

from ...core import Card, Category, Deal, RuleFileError

FACE_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
"""ASP names of the faces, by rank 0..12."""
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
"""ASP names of the suits, by suit 0..3 (``suit_index/2`` of ``cards.lp``)."""
# ",ace,spades)." for each card index: the tail of a hole or board fact.
_CARD_TAIL = tuple(f",{FACE_NAMES[i >> 2]},{SUIT_NAMES[i & 3]})." for i in range(52))
_CARD_OF = {(FACE_NAMES[i >> 2], SUIT_NAMES[i & 3]): Card(i) for i in range(52)}
_CATEGORY_OF = {c.snake: c for c in Category}


def card_of(face: str, suit: str) -> Card:
    """The card an ASP face and suit name: ``card_of("ace", "spades")`` is ``As``."""
    try:
        return _CARD_OF[(face, suit)]
    except KeyError:
        raise RuleFileError(
            f"'{face}, {suit}' is not a card (faces two .. ace, suits {', '.join(SUIT_NAMES)})"
        ) from None


def category_of(name: str) -> Category:
    """The category an answer names; a name outside the ten is a rule file's fault."""
    try:
        return _CATEGORY_OF[name]
    except KeyError:
        raise RuleFileError(
            f"unknown hand category '{name}' in an answer: the categories are {', '.join(_CATEGORY_OF)}"
        ) from None


def showdown_facts(showdown: int, deal: Deal) -> str:
    """The facts of one showdown: ``hole(Id,Player,Face,Suit).`` and ``board(Id,Face,Suit).``"""
    head = f"hole({showdown},"
    parts = [f"{head}{p}{_CARD_TAIL[c.index]}" for p, hole in enumerate(deal.players) for c in hole]
    parts += [f"board({showdown}{_CARD_TAIL[c.index]}" for c in deal.board]
    return "".join(parts)


def batch_facts(deals: Iterable[Deal], first: int = 0) -> str:
    """The facts of many showdowns as one text, ids counting from ``first``."""
    return "".join(showdown_facts(i, d) for i, d in enumerate(deals, first))


#: How :class:`DealInput` hands the deals to the grounder: the same ``hole/4`` and
#: ``board/3`` as the facts, without clingo parsing a text of facts. Each showdown id
#: asks for its cards once; the (Player, Face, Suit) and (Face, Suit) terms are made once
#: per process, so a batch creates no clingo symbols per card.
DEAL_INPUT_RULES = (
    "showdown_id(0..N - 1) :- N = @showdowns().\n"
    "hole(G, P, F, S) :- showdown_id(G), (P, F, S) = @holes(G).\n"
    "board(G, F, S) :- showdown_id(G), (F, S) = @board(G).\n"
)
_FACE_SUIT = tuple((Function(FACE_NAMES[i >> 2]), Function(SUIT_NAMES[i & 3])) for i in range(52))
_CARD_TERM = tuple(Function("", pair) for pair in _FACE_SUIT)


@cache
def _hole_term(player: int, card: int) -> clingo.Symbol:
    return Function("", (Number(player),) + _FACE_SUIT[card])


class DealInput:
    """Showdowns for the grounder: ``@showdowns()``, ``@holes(G)`` and ``@board(G)`` of
    :data:`DEAL_INPUT_RULES`, showdown ids 0, 1, ... (the same atoms as :func:`batch_facts`).

    >>> [str(s) for s in DealInput([Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c")]).board(Number(0))]
    ['(jack,spades)', '(ten,spades)', '(two,clubs)']
    """

    def __init__(self, deals: Iterable[Deal]):
        deals = list(deals)
        self._holes = [[c.index for hole in deal.players for c in hole] for deal in deals]
        self._boards = [[c.index for c in deal.board] for deal in deals]
        self._sizes = [len(deal.players[0]) for deal in deals]  # hole cards a player

    @classmethod
    def from_indices(cls, holes: Sequence[np.ndarray], boards: Sequence[np.ndarray]) -> DealInput:
        """Showdowns as card-index arrays: ``holes[g]`` (players, 2), ``boards[g]`` (cards,).

        >>> [str(s) for s in DealInput.from_indices([np.array([[51, 47]])], [np.array([0])]).holes(Number(0))]
        ['(0,ace,spades)', '(0,king,spades)']
        """
        deal_input = cls(())
        deal_input._holes = [hole.reshape(-1).tolist() for hole in holes]
        deal_input._sizes = [hole.shape[-1] for hole in holes]
        deal_input._boards = [board.tolist() for board in boards]
        return deal_input

    def __len__(self) -> int:
        return len(self._holes)

    def showdowns(self) -> clingo.Symbol:
        return Number(len(self._holes))

    def holes(self, showdown: clingo.Symbol) -> list[clingo.Symbol]:
        size = self._sizes[showdown.number]
        return [_hole_term(i // size, card) for i, card in enumerate(self._holes[showdown.number])]

    def board(self, showdown: clingo.Symbol) -> list[clingo.Symbol]:
        return [_CARD_TERM[card] for card in self._boards[showdown.number]]


#: The ``@``-functions the encodings call, the only ones a program may call.
CONTEXT_FUNCTIONS = ("showdowns", "holes", "board")


def whatif_facts(deal: Deal, unseen: Sequence[Card], look_ahead: int) -> str:
    """The input of ``runouts.lp``: ``holding/3``, ``known/2``, ``unseen/3``, ``look_ahead/1``."""

    def name(c: Card) -> str:
        return f"{FACE_NAMES[c.rank]},{SUIT_NAMES[c.suit]}"

    return "".join(
        [f"holding({p},{name(c)})." for p, hole in enumerate(deal.players) for c in hole]
        + [f"known({name(c)})." for c in deal.board]
        + [f"unseen({c.index},{name(c)})." for c in unseen]
        + [f"look_ahead({look_ahead})."]
    )


__all__ = [
    "FACE_NAMES",
    "SUIT_NAMES",
    "card_of",
    "category_of",
    "showdown_facts",
    "batch_facts",
    "DEAL_INPUT_RULES",
    "DealInput",
    "CONTEXT_FUNCTIONS",
    "whatif_facts",
]
