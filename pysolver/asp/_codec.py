"""The contract between the encodings and Python: names, facts in, answers out.

Everything that crosses between ``asp/*.lp`` and Python goes through this
module, in both directions:

* **names** -- faces ``two`` .. ``ace`` by rank 0..12, suits ``clubs`` ..
  ``spades`` by suit 0..3 (``suit_index/2`` of ``cards.lp``), the categories'
  snake names (:attr:`pysolver.Category.snake`), the outcomes ``win`` and ``tie``;
* **facts** -- ``hole/4`` and ``board/3`` as text (:func:`showdown_facts`) or
  through ``@``-functions (:class:`DealInput`), and the what-if input of
  ``runouts.lp`` (:func:`whatif_facts`);
* **values** -- the bit layout of ``hand_value/3`` (:func:`unpack_value`,
  :func:`tiebreak_from_value`) and of ``best_mask/3`` (:func:`best_cards`);
* **answers** -- one decoder per shown predicate: :func:`read_driver` for
  ``driver.lp``, :func:`read_explanations` for ``explain.lp``, :func:`read_atoms`
  for ``runouts.lp`` (:data:`RUNOUTS_ATOMS`) and for a rule book's ``face/1``,
  ``straight/3``, ``royal/1``, ``category_order/2`` (:data:`RULES_FACTS`).

    >>> from pysolver import Deal
    >>> showdown_facts(7, Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c"))
    'hole(7,0,ace,spades).hole(7,0,king,spades).hole(7,1,queen,hearts).hole(7,1,queen,diamonds).board(7,jack,spades).board(7,ten,spades).board(7,two,clubs).'
    >>> tiebreak_from_value(Category.TWO_PAIR, (2 << 21) | (12 << 17) | (10 << 13) | (1 << 11))
    (12, 10, 11)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Sequence

import clingo
import numpy as np
from clingo import Function, Number

from ..core import ROLES, TIE_REASONS, Card, Category, Deal, InvalidCardError, RuleFileError, Verdict

FACE_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "jack", "queen", "king", "ace")
"""ASP names of the faces, by rank 0..12."""
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
"""ASP names of the suits, by suit 0..3 (``suit_index/2`` of ``cards.lp``)."""
OUTCOMES = ("win", "tie")
"""The second argument of ``game_outcome/3``: the only winner, or one of several."""

# hand_value (tiebreak.lp): Order * 2^21 + lead 0 * 2^17 + lead 1 * 2^13 + sum of 2^Rank over kickers.
ORDER_SHIFT = 21
LEAD_SHIFTS = (17, 13)
KICKER_MASK = (1 << 13) - 1
#: How many leading ranks (``lead/4``) each category's ``hand_value`` holds.
LEADS = {Category.ROYAL_FLUSH: 1, Category.STRAIGHT_FLUSH: 1, Category.FOUR_OF_A_KIND: 1,
         Category.FULL_HOUSE: 2, Category.FLUSH: 0, Category.STRAIGHT: 1,
         Category.THREE_OF_A_KIND: 1, Category.TWO_PAIR: 2, Category.PAIR: 1, Category.HIGH_CARD: 0}
_KICKERS = tuple(tuple(r for r in range(12, -1, -1) if mask >> r & 1) for mask in range(1 << 13))

# ",ace,spades)." for each card index: the tail of a hole or board fact.
_CARD_TAIL = tuple(f",{FACE_NAMES[i >> 2]},{SUIT_NAMES[i & 3]})." for i in range(52))
_CARD_OF = {(FACE_NAMES[i >> 2], SUIT_NAMES[i & 3]): Card(i) for i in range(52)}
_CATEGORY_OF = {c.snake: c for c in Category}


def card_of(face: str, suit: str) -> Card:
    """The card an ASP face and suit name: ``card_of("ace", "spades")`` is ``As``."""
    try:
        return _CARD_OF[(face, suit)]
    except KeyError:
        raise RuleFileError(f"'{face}, {suit}' is not a card (faces two .. ace, suits "
                            f"{', '.join(SUIT_NAMES)})") from None


def category_of(name: str) -> Category:
    """The category an answer names; a name outside the ten is a rule file's fault."""
    try:
        return _CATEGORY_OF[name]
    except KeyError:
        raise RuleFileError(f"unknown hand category '{name}' in an answer: the categories are "
                            f"{', '.join(_CATEGORY_OF)}") from None


# --- Facts in ---------------------------------------------------------------------------------

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
DEAL_INPUT_RULES = ("showdown_id(0..N - 1) :- N = @showdowns().\n"
                    "hole(G, P, F, S) :- showdown_id(G), (P, F, S) = @holes(G).\n"
                    "board(G, F, S) :- showdown_id(G), (F, S) = @board(G).\n")
_FACE_SUIT = tuple((Function(FACE_NAMES[i >> 2]), Function(SUIT_NAMES[i & 3])) for i in range(52))
_CARD_TERM = tuple(Function("", pair) for pair in _FACE_SUIT)


@lru_cache(maxsize=None)
def _hole_term(player: int, card: int) -> clingo.Symbol:
    return Function("", (Number(player),) + _FACE_SUIT[card])


class DealInput:
    """Showdowns for the grounder: ``@showdowns()``, ``@holes(G)`` and ``@board(G)`` of
    :data:`DEAL_INPUT_RULES`, showdown ids 0, 1, ... (the same atoms as :func:`batch_facts`).

    >>> [str(s) for s in DealInput([Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c")]).board(Number(0))]
    ['(jack,spades)', '(ten,spades)', '(two,clubs)']
    """

    def __init__(self, deals: Iterable[Deal]):
        self._holes = [[c.index for hole in deal.players for c in hole] for deal in deals]
        self._boards = [[c.index for c in deal.board] for deal in deals]

    @classmethod
    def from_indices(cls, holes: Sequence[np.ndarray], boards: Sequence[np.ndarray]) -> "DealInput":
        """Showdowns as card-index arrays: ``holes[g]`` (players, 2), ``boards[g]`` (cards,).

        >>> [str(s) for s in DealInput.from_indices([np.array([[51, 47]])], [np.array([0])]).holes(Number(0))]
        ['(0,ace,spades)', '(0,king,spades)']
        """
        deal_input = cls(())
        deal_input._holes = [hole.reshape(-1).tolist() for hole in holes]
        deal_input._boards = [board.tolist() for board in boards]
        return deal_input

    def __len__(self) -> int:
        return len(self._holes)

    def showdowns(self) -> clingo.Symbol:
        return Number(len(self._holes))

    def holes(self, showdown: clingo.Symbol) -> list[clingo.Symbol]:
        return [_hole_term(i >> 1, card) for i, card in enumerate(self._holes[showdown.number])]

    def board(self, showdown: clingo.Symbol) -> list[clingo.Symbol]:
        return [_CARD_TERM[card] for card in self._boards[showdown.number]]


#: The ``@``-functions the encodings call, the only ones a program may call.
CONTEXT_FUNCTIONS = ("showdowns", "holes", "board")


def whatif_facts(deal: Deal, unseen: Sequence[Card], look_ahead: int) -> str:
    """The input of ``runouts.lp``: ``holding/3``, ``known/2``, ``unseen/3``, ``look_ahead/1``."""
    def name(c: Card) -> str:
        return f"{FACE_NAMES[c.rank]},{SUIT_NAMES[c.suit]}"
    return "".join([f"holding({p},{name(c)})." for p, hole in enumerate(deal.players) for c in hole]
                   + [f"known({name(c)})." for c in deal.board]
                   + [f"unseen({c.index},{name(c)})." for c in unseen]
                   + [f"look_ahead({look_ahead})."])


# --- Values -----------------------------------------------------------------------------------

def unpack_value(value: int) -> tuple[int, tuple[int, int], tuple[int, ...]]:
    """A ``hand_value``'s parts: the category's place in ``category_order/2``, both lead
    slots, and the kicker ranks high to low.

    >>> unpack_value((5 << 21) | (1 << 12) | (1 << 3))
    (5, (0, 0), (12, 3))
    """
    return (value >> ORDER_SHIFT, tuple((value >> s) & 15 for s in LEAD_SHIFTS),  # type: ignore[return-value]
            _KICKERS[value & KICKER_MASK])


def tiebreak_from_value(category: Category, value: int) -> tuple[int, ...]:
    """The tie-break ranks a ``hand_value`` holds (convention of :mod:`pysolver.core._categories`)."""
    leads = ((value >> LEAD_SHIFTS[0]) & 15, (value >> LEAD_SHIFTS[1]) & 15)[:LEADS[category]]
    return leads + _KICKERS[value & KICKER_MASK]


# best_mask (driver.lp): bit J for board slot J (the board in card order), plus 32 times the
# sum of (index + 1) over the hole cards that play.
_SLOTS = tuple(tuple(j for j in range(5) if mask >> j & 1) for mask in range(1 << 5))


def best_cards(mask: int, hole: Sequence[Card], board: Sequence[Card]) -> list[Card]:
    """The cards a ``best_mask`` names: board slots (``board`` sorted) then hole cards.

    A mask naming a slot past the board or a hole-card sum no subset of the two
    hole cards has gives fewer cards than it should; the caller checks the count.

    >>> [str(c) for c in best_cards(0b00111 | 32 * (51 + 1), Deal.parse(["As 2d", "Kh Kd"]).players[0],
    ...                              Deal.parse(["As 2d", "Kh Kd"], "Qs Js Ts").board)]
    ['Ts', 'Js', 'Qs', 'As']
    """
    ordered = sorted(board)
    a, b = hole[0].index + 1, hole[1].index + 1
    holes = {0: [], a: [hole[0]], b: [hole[1]], a + b: list(hole)}.get(mask >> 5, [])
    return [ordered[j] for j in _SLOTS[mask & 31] if j < len(ordered)] + holes


# --- Answers out ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayerAnswer:
    """``player_result/5`` of ``driver.lp``: one player's category, hand value and best mask."""

    category: Category
    value: int
    mask: int


#: One showdown's answer: each player's result, and each winner's outcome (``win`` or ``tie``).
ShowdownAnswer = tuple[dict[int, PlayerAnswer], dict[int, str]]


def read_driver(atoms: Iterable[clingo.Symbol], showdowns: int) -> list[ShowdownAnswer]:
    """The atoms ``driver.lp`` shows, per showdown id ``0 .. showdowns - 1``.

    Reads each atom's text (cheaper than its arguments). A player with two
    results, an unknown category or a card outside the rules' deck is an error.
    """
    answer: list[ShowdownAnswer] = [({}, {}) for _ in range(showdowns)]
    for atom in atoms:
        name, _, args = str(atom).partition("(")
        parts = args[:-1].split(",")
        if name == "player_result":
            g, p = int(parts[0]), int(parts[1])
            if p in answer[g][0]:
                raise RuleFileError(f"showdown {g}: player {p} has more than one hand "
                                    "(a rule file derives a second category or value)")
            answer[g][0][p] = PlayerAnswer(category_of(parts[2]), int(parts[3]), int(parts[4]))
        elif name == "game_outcome":
            answer[int(parts[0])][1][int(parts[2])] = parts[1]
        elif name == "card_outside_deck":
            raise InvalidCardError(f"card '{card_of(parts[1], parts[2])}' is not in the rules' deck")
    return answer


@dataclass(slots=True)
class ExplainAnswer:
    """What ``explain.lp`` shows for one showdown, as plain data (cheap to send between
    processes): the fields of a :class:`~pysolver.core._explanation.Verdict` per two players
    (``beats_on/6``, ``ties_on/4``), each player's card indices by role (``plays_as/5``),
    the cards that do not play (``does_not_play/4``) and the players who play the board
    (``plays_the_board/2``)."""

    verdicts: list[tuple] = field(default_factory=list)
    roles: dict[int, dict[int, str]] = field(default_factory=dict)
    idle: dict[int, list[int]] = field(default_factory=dict)
    board_players: set[int] = field(default_factory=set)

    def verdict_values(self) -> list[Verdict]:
        """The verdicts as :class:`~pysolver.core._explanation.Verdict` values."""
        return [Verdict(*fields) for fields in self.verdicts]


_SUIT_OF = {name: k for k, name in enumerate(SUIT_NAMES)}
_ROLE_NAMES = frozenset(ROLES)


def _card(rank: str, suit: str) -> int:
    return 4 * int(rank) + _SUIT_OF[suit]


def _verdict(parts: list[str]) -> tuple:
    """``beats_on(G,P,Q,Element,Mine,Theirs)``'s arguments (text) as a Verdict's fields."""
    players = (int(parts[1]), int(parts[2]))
    if parts[3] == "category":
        return players, "category", 0, (category_of(parts[4]), category_of(parts[5]))
    element, _, index = parts[3].partition("(")
    if element not in ("lead", "kicker") or not index[:-1].isdigit():
        raise RuleFileError(f"unknown element '{parts[3]}' in beats_on: the elements are category, lead(I), "
                            "kicker(I)")
    return players, element, int(index[:-1]), (int(parts[4]), int(parts[5]))


def read_explanations(atoms: Iterable[clingo.Symbol], showdowns: int) -> list[ExplainAnswer]:
    """The atoms ``explain.lp`` shows, per showdown id ``0 .. showdowns - 1`` (other atoms are
    skipped). Reads each atom's text, as :func:`read_driver` does.

    >>> [answer] = read_explanations([clingo.parse_term("beats_on(0,1,0,kicker(0),10,9)"),
    ...                               clingo.parse_term("plays_as(0,1,10,hearts,pair)")], 1)
    >>> answer.verdict_values(), answer.roles
    ([Verdict(players=(1, 0), decided_by='kicker', index=0, values=(10, 9), why='')], {1: {42: 'pair'}})
    """
    answer = [ExplainAnswer() for _ in range(showdowns)]
    for atom in atoms:
        name, _, args = str(atom).partition("(")
        if name not in _EXPLAIN_NAMES:
            continue
        parts = args[:-1].split(",")
        if name == "beats_on":
            answer[int(parts[0])].verdicts.append(_verdict(parts))
        elif name == "ties_on":
            if parts[3] not in TIE_REASONS:
                raise RuleFileError(f"unknown tie reason '{parts[3]}' in ties_on: the reasons are "
                                    f"{', '.join(TIE_REASONS)}")
            answer[int(parts[0])].verdicts.append(((int(parts[1]), int(parts[2])), "tie", 0, (), parts[3]))
        elif name == "plays_as":
            if parts[4] not in _ROLE_NAMES:
                raise RuleFileError(f"unknown role '{parts[4]}' in plays_as: the roles are {', '.join(ROLES)}")
            answer[int(parts[0])].roles.setdefault(int(parts[1]), {})[_card(parts[2], parts[3])] = parts[4]
        elif name == "does_not_play":
            answer[int(parts[0])].idle.setdefault(int(parts[1]), []).append(_card(parts[2], parts[3]))
        else:
            answer[int(parts[0])].board_players.add(int(parts[1]))
    return answer


def _value(symbol: clingo.Symbol):
    """A symbol as plain Python: a number, a name, or a tuple of them."""
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if not symbol.arguments:
        return symbol.name
    return (symbol.name,) + tuple(_value(a) for a in symbol.arguments) if symbol.name else \
        tuple(_value(a) for a in symbol.arguments)


def read_atoms(atoms: Iterable[clingo.Symbol], wanted: Iterable[tuple[str, int]]) -> dict[str, list[tuple]]:
    """The arguments of the atoms of the ``wanted`` (name, arity) predicates, as plain Python:
    numbers as int, names as str, compound terms as tuples (``n(3)`` is ``("n", 3)``).

    >>> read_atoms([clingo.parse_term("face(ace)"), clingo.parse_term("out(0,51,flush)")],
    ...            [("face", 1), ("out", 3)])
    {'face': [('ace',)], 'out': [(0, 51, 'flush')]}
    """
    wanted = tuple(wanted)
    found: dict[str, list[tuple]] = {name: [] for name, _ in wanted}
    arities = set(wanted)
    for atom in atoms:
        if (atom.name, len(atom.arguments)) in arities:
            found[atom.name].append(tuple(_value(a) for a in atom.arguments))
    return found


#: The rule book's data (``face/1``, ``straight/3``, ``royal/1``, ``category_order/2``).
RULES_FACTS = (("face", 1), ("straight", 3), ("royal", 1), ("category_order", 2))
#: What ``explain.lp`` shows.
EXPLAIN_ATOMS = (("beats_on", 6), ("ties_on", 4), ("plays_the_board", 2), ("plays_as", 5), ("does_not_play", 4))
_EXPLAIN_NAMES = frozenset(name for name, _ in EXPLAIN_ATOMS)
#: What ``runouts.lp`` shows.
RUNOUTS_ATOMS = (("hand", 4), ("game_outcome", 3), ("tally", 3), ("reaches", 3), ("out", 3),
                 ("runner_runner", 4))


def stage_cards(stage) -> tuple[int, ...]:
    """A ``runouts.lp`` stage as the card indices it deals: ``now`` (), ``n(I)`` (I,), ``r(I,J)`` (I, J)."""
    return () if stage == "now" else tuple(stage[1:])


__all__ = ["FACE_NAMES", "SUIT_NAMES", "OUTCOMES", "LEADS", "card_of", "category_of", "showdown_facts",
           "batch_facts", "DEAL_INPUT_RULES", "DealInput", "CONTEXT_FUNCTIONS", "whatif_facts",
           "unpack_value", "tiebreak_from_value", "best_cards", "PlayerAnswer", "ShowdownAnswer",
           "read_driver", "ExplainAnswer", "read_explanations", "read_atoms", "RULES_FACTS", "EXPLAIN_ATOMS",
           "RUNOUTS_ATOMS", "stage_cards"]
