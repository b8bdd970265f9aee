"""The game a rule book declares: the deal, how the five is formed, the pots.

Beside the hands' own rules (deck, straights, category order), a rule book
states the game as facts (the contract is in ``asp/variants/standard.lp``):

=============================  ==================================================
``hole_cards(N)``              cards dealt to each player (2 hold'em, 4 Omaha, 7 stud)
``board_cards(N)``             community cards (5, or 0 in stud and draw games)
``hole_cards_used(Min, Max)``  the five takes Min to Max hole cards, the rest from
                               the board (hold'em 0..2, Omaha 2..2, stud 5..5)
``pot(high)``, ``pot(low)``    the pots: one high pot, one low pot, or both (split)
``low_scale(Scale)``           how lows rank: ``ace_to_five`` (aces low, straights
                               and flushes ignored) or ``deuce_to_seven`` (aces
                               high, straights and flushes count, A-2-3-4-5 no
                               straight)
``low_qualifier(Face)``        a low qualifies only with five different ranks none
                               above ``Face`` (``eight``: eight or better); without it
                               every low plays. The high hand scoops when none qualifies
=============================  ==================================================

A rule book without these facts plays hold'em's deal, :data:`HOLDEM`. A
:class:`Game` is what :meth:`Game.from_facts` read and checked:

    >>> omaha8 = Game(4, 5, 2, 2, pots=("high", "low"), low_scale="ace_to_five", qualifier=6)
    >>> print(omaha8.describe())
    4 hole cards, a 5-card board; exactly 2 hole cards in the five; high-low split (ace-to-five, eight or better)
    >>> omaha8.formations(5), omaha8.board_sizes
    (((2, 3),), (3, 4, 5))
"""

from __future__ import annotations

from dataclasses import dataclass

from ._cards import RANK_NAMES
from ._errors import CardCountError, RuleFileError

POTS = ("high", "low")
"""The pots a game may have, in the order results list them."""
LOW_SCALES = ("ace_to_five", "deuce_to_seven")
"""How a low pot ranks hands."""
GAME_FACTS = (
    ("hole_cards", 1),
    ("board_cards", 1),
    ("hole_cards_used", 2),
    ("pot", 1),
    ("low_scale", 1),
    ("low_qualifier", 1),
)
"""The facts that declare a game (name, arity)."""
FIVE = 5
"""Every pot is won by a hand of five cards."""
STREET_SIZES = (3, 4, 5)
"""The sizes of a partly dealt board: flop, turn, river."""
_FACES = tuple(name.lower() for name in RANK_NAMES)


@dataclass(frozen=True)
class Game:
    """The deal, the forming of the five and the pots of a game (see the module).

    ``qualifier`` is the rank (0 a two .. 12 an ace) of the highest card a
    qualifying low may hold, on the low's own scale: under ace-to-five an ace is
    below every two, so any qualifier admits it.
    """

    hole_cards: int = 2
    board_cards: int = 5
    hole_min: int = 0
    hole_max: int = 2
    pots: tuple[str, ...] = ("high",)
    low_scale: str | None = None
    qualifier: int | None = None

    @classmethod
    def from_facts(cls, facts: dict[str, list[tuple]], faces: tuple[int, ...], where: str) -> Game:
        """The game that the facts of :data:`GAME_FACTS` declare (absent ones: hold'em's),
        checked against each other and the deck's ``faces``; :class:`RuleFileError` names
        the fault and ``where`` it is."""
        hole = _single(facts, "hole_cards", where, (HOLDEM.hole_cards,))[0]
        board = _single(facts, "board_cards", where, (HOLDEM.board_cards,))[0]
        if not isinstance(hole, int) or not 1 <= hole <= 7:
            raise RuleFileError(f"{where}: hole_cards({hole}): a player is dealt 1 to 7 cards")
        if not isinstance(board, int) or not 0 <= board <= FIVE:
            raise RuleFileError(f"{where}: board_cards({board}): a board has 0 to 5 cards")
        low, high = _single(facts, "hole_cards_used", where, (max(0, FIVE - board), min(hole, FIVE)))
        if not isinstance(low, int) or not isinstance(high, int) or low < 0:
            raise RuleFileError(f"{where}: hole_cards_used({low}, {high}): two whole numbers, 0 or more")
        if high < low:
            raise RuleFileError(f"{where}: hole_cards_used({low}, {high}): the most is below the least")
        if high > min(hole, FIVE):
            raise RuleFileError(
                f"{where}: hole_cards_used({low}, {high}): a five cannot take {high} of {hole} hole card"
                + ("s" if hole != 1 else "")
            )
        if high < FIVE - board:
            raise RuleFileError(
                f"{where}: hole_cards_used({low}, {high}) with board_cards({board}): no five can be formed "
                f"(it needs {FIVE - board} or more hole cards)"
            )
        pots = _pots(facts, where)
        scale = _single(facts, "low_scale", where, (None,))[0]
        if scale is not None and scale not in LOW_SCALES:
            raise RuleFileError(f"{where}: low_scale({scale}): the scales are {', '.join(LOW_SCALES)}")
        if "low" in pots and scale is None:
            raise RuleFileError(f"{where}: pot(low) needs low_scale/1 ({', '.join(LOW_SCALES)})")
        if scale is not None and "low" not in pots:
            raise RuleFileError(f"{where}: low_scale({scale}) without pot(low): no pot is won by a low")
        face = _single(facts, "low_qualifier", where, (None,))[0]
        qualifier = None
        if face is not None:
            if face not in _FACES or _FACES.index(face) not in faces:
                raise RuleFileError(f"{where}: low_qualifier({face}) is not a face of the deck")
            if "low" not in pots:
                raise RuleFileError(f"{where}: low_qualifier({face}) without pot(low)")
            if "high" not in pots:
                raise RuleFileError(
                    f"{where}: low_qualifier({face}) with no high pot: nobody would take the pot when no low qualifies"
                )
            qualifier = _FACES.index(face)
        return cls(hole, board, low, high, pots, scale, qualifier)

    @property
    def holdem_shape(self) -> bool:
        """Two hole cards, a five-card board, any five of the seven, one high pot: the shape
        the specialised hold'em engines take."""
        return self == HOLDEM

    @property
    def split(self) -> bool:
        """A high and a low pot."""
        return len(self.pots) > 1

    def formations(self, board: int) -> tuple[tuple[int, int], ...]:
        """The ways a five is formed on a board of ``board`` cards: (hole cards, board cards)."""
        return tuple(
            (k, FIVE - k) for k in range(self.hole_min, self.hole_max + 1) if k <= self.hole_cards and FIVE - k <= board
        )

    @property
    def board_sizes(self) -> tuple[int, ...]:
        """The board sizes of a showdown: streets where a five can be formed (hold'em also
        preflop, where the two hole cards are the hand)."""
        if self.board_cards == 0:
            return (0,)
        sizes = tuple(n for n in STREET_SIZES if n <= self.board_cards and self.formations(n))
        return ((0,) if self.holdem_shape else ()) + sizes

    def describe(self) -> str:
        """The game in one line (``pysolver rules`` prints it)."""
        deal = f"{self.hole_cards} hole card{'s' * (self.hole_cards != 1)}, "
        deal += f"a {self.board_cards}-card board" if self.board_cards else "no board"
        if not self.board_cards:
            five = "the five is the hand" if self.hole_cards == FIVE else f"any {FIVE} of the {self.hole_cards}"
        elif self.hole_min == self.hole_max:
            five = f"exactly {self.hole_min} hole card{'s' * (self.hole_min != 1)} in the five"
        else:
            five = f"{self.hole_min} to {self.hole_max} hole cards in the five"
        return f"{deal}; {five}; {self.describe_pots()}"

    def describe_pots(self) -> str:
        """``'one high pot'``, ``'one low pot (deuce-to-seven)'``, ``'high-low split (...)'``."""
        low = ""
        if self.low_scale is not None:
            low = self.low_scale.replace("_", "-")
            low += f", {_FACES[self.qualifier]} or better" if self.qualifier is not None else ""
        if self.split:
            return f"high-low split ({low})"
        return "one high pot" if self.pots == ("high",) else f"one low pot ({low})"

    def check_board(self, cards: int, label: str) -> None:
        """A showdown's board has one of :attr:`board_sizes`, or a :class:`~pysolver.CardCountError`."""
        if cards not in self.board_sizes:
            if not self.board_cards:
                raise CardCountError(f"{label} has no board; got {cards} board card{'s' * (cards != 1)}")
            sizes = " or ".join(map(str, self.board_sizes))
            raise CardCountError(f"{label} shows down on a board of {sizes} cards; got {cards}")

    def check_hole(self, cards: int, player: int, label: str) -> None:
        """A player's hand has the game's number of cards, or a :class:`~pysolver.CardCountError`."""
        if cards != self.hole_cards:
            raise CardCountError(
                f"{label} deals {self.hole_cards} hole card{'s' * (self.hole_cards != 1)}; player {player} has {cards}"
            )


HOLDEM = Game()
"""Hold'em's deal, the game of a rule book that declares none."""


def scale_place(rank, scale: str):
    """A rank's place on a scale (``five_value.lp``'s ``scale_rank/3``), for a rank or a numpy
    array of them: under ace-to-five the ace is 0 and a two 1; on any other scale the rank itself.

    >>> scale_place(12, "ace_to_five"), scale_place(0, "ace_to_five"), scale_place(12, "high")
    (0, 1, 12)
    """
    return (rank + 1) % 13 if scale == "ace_to_five" else rank


def place_rank(place: int, scale: str) -> int:
    """The rank at a place on a scale, :func:`scale_place` undone.

    >>> place_rank(0, "ace_to_five"), place_rank(7, "ace_to_five")
    (12, 6)
    """
    return (place + 12) % 13 if scale == "ace_to_five" else place


def _single(facts: dict[str, list[tuple]], name: str, where: str, default: tuple) -> tuple:
    found = facts.get(name, [])
    if len(found) > 1:
        written = ", ".join(name + "(" + ", ".join(map(str, args)) + ")" for args in found)
        raise RuleFileError(f"{where}: {name} is declared {len(found)} times ({written}): a game has one")
    return tuple(found[0]) if found else default


def _pots(facts: dict[str, list[tuple]], where: str) -> tuple[str, ...]:
    names = [args[0] for args in facts.get("pot", [])]
    unknown = [n for n in names if n not in POTS]
    if unknown:
        raise RuleFileError(f"{where}: pot({unknown[0]}): the pots are {', '.join(POTS)}")
    return tuple(p for p in POTS if p in names) or ("high",)


__all__ = ["Game", "HOLDEM", "scale_place", "place_rank", "POTS", "LOW_SCALES", "GAME_FACTS", "FIVE"]
