"""Rule variants: which game of poker the engines play.

The rules' data of a game is one ASP file of facts (the contract is written
out in ``asp/variants/standard.lp``): the faces of its deck (``face/1``), the
runs that count as straights (``straight/3``), the royal flush (``royal/1``)
and the order of the hand categories (``category_order/2``), and the game: the
deal, how the five is formed, the pots (:mod:`pysolver.core._game`; hold'em's when
the file states none). The shipped rule books live in ``asp/variants/``: hold'em's
variants,

=====================================  =============================================
``standard``                           Texas Hold'em, 52 cards (the default)
``short_deck``                         6+ hold'em, 36 cards, A-6-7-8-9 the lowest
                                       straight, flush above full house, three of a
                                       kind above a straight (Triton convention)
``short_deck_straight_beats_trips``    the same with a straight above three of a kind
``flush_beats_full_house``             the full deck, with one change to the order
=====================================  =============================================

and the games ``holdem_hi_lo``, ``omaha``, ``omaha5``, ``omaha_hi_lo``, ``big_o``,
``stud``, ``stud_hi_lo``, ``razz``, ``deuce_to_seven`` and ``ace_to_five``.

A :class:`Rules` is the checked data of such a file (a shipped name or your
own path) plus any files *added* to it (``add=``: more facts or rules, e.g.
wrap-around straights in ``examples/wraparound.lp``). Every engine takes one:
the ASP solver loads the files, and the evaluator and the odds engine use tables
ranked by clingo from the same files (:mod:`pysolver.evaluator._variants`), with
the cards outside the deck taken out.

Reading a rules file needs clingo and is the runtime's job
(:func:`pysolver.load_rules`); this module holds the value and its contract,
and the standard game as a constant, :data:`STANDARD`, which needs no clingo:

    >>> STANDARD.describe_deck(), len(STANDARD.straights), STANDARD.order[-1].snake
    ('two through ace', 10, 'royal_flush')

A file that breaks the contract raises :class:`~pysolver.RuleFileError`
naming the file and what is wrong, before anything is solved.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ._cards import Card
from ._categories import Category
from ._errors import InvalidCardError, PlayerCountError, RuleFileError
from ._game import HOLDEM, Game
from ._hand_facts import FACES, read_faces, read_order, read_straights

if TYPE_CHECKING:
    from ._deal import Deal

VARIANTS = (
    "standard",
    "short_deck",
    "short_deck_straight_beats_trips",
    "flush_beats_full_house",
    "holdem_hi_lo",
    "omaha",
    "omaha5",
    "omaha_hi_lo",
    "big_o",
    "stud",
    "stud_hi_lo",
    "razz",
    "deuce_to_seven",
    "ace_to_five",
)
"""The shipped rule books, files ``asp/variants/NAME.lp``: hold'em and its variants, then the games."""


@cache
def variant_path(name: str) -> Path:
    """The installed file of a shipped variant (looked up once a name)."""
    return Path(str(resources.files("pysolver.encodings").joinpath("variants").joinpath(f"{name}.lp")))


def read_rule_text(path: str, what: str) -> str:
    """The text of a rule file; a missing or unreadable one is a :class:`RuleFileError`."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuleFileError(f"{what} '{path}': no such file (shipped rule books: {', '.join(VARIANTS)})") from None
    except (OSError, UnicodeDecodeError) as error:
        raise RuleFileError(f"{what} '{path}': cannot be read ({error})") from None


MOST_SECONDS = 7 * 24 * 3600
"""The longest time limit (a week): beyond it, a limit is no limit."""
MOST_MEMORY_MB = 1 << 20
"""The largest memory limit (1 TiB, in MiB)."""


@dataclass(frozen=True)
class Limits:
    """How long (seconds of wall time) and how much memory (MiB beyond what the process
    already holds) grounding a program with a user's rule files may take. No shipped
    variant comes near the defaults: the largest job, a cross-validation chunk of every
    five-card hand, grounds in seconds and about 0.5 GiB.

    >>> Limits(seconds=0)
    Traceback (most recent call last):
    ...
    pysolver.RuleFileError: time limit 0: must be a number of seconds above 0, at most 604,800 (a week)
    """

    seconds: float = 60.0
    memory_mb: int = 2048

    def __post_init__(self) -> None:
        if (
            isinstance(self.seconds, bool)
            or not isinstance(self.seconds, (int, float))
            or not 0 < self.seconds <= MOST_SECONDS
        ):
            raise RuleFileError(
                f"time limit {self.seconds!r}: must be a number of seconds above 0, at most {MOST_SECONDS:,} (a week)"
            )
        if (
            isinstance(self.memory_mb, bool)
            or not isinstance(self.memory_mb, int)
            or not 64 <= self.memory_mb <= MOST_MEMORY_MB
        ):
            raise RuleFileError(
                f"memory limit {str(self.memory_mb)[:40]}: must be a whole number of MiB, 64 to "
                f"{MOST_MEMORY_MB:,} (1 TiB)"
            )


@dataclass(frozen=True)
class Rules:
    """A variant's rules file plus added rule files, checked against the contract.

    Build it with :func:`~pysolver.load_rules`. ``faces`` are the ranks in the deck,
    ``order`` the categories weakest first with ``places`` their numbers in
    ``category_order/2``, ``straights`` each straight's ranks from its lowest
    card to its top, ``game`` the deal, the forming of the five and the pots
    (:class:`~pysolver.core.Game`; hold'em's when the file states none).
    """

    name: str
    path: str
    added: tuple[str, ...]
    faces: tuple[int, ...]
    order: tuple[Category, ...]
    places: tuple[int, ...]
    straights: tuple[tuple[int, ...], ...]
    fingerprint: str = field(repr=False)
    game: Game = HOLDEM
    limits: Limits = field(default=Limits(), repr=False, compare=False)

    @classmethod
    def from_facts(cls, name: str, files: Sequence[str], facts: dict[str, list[tuple]], fingerprint: str) -> Rules:
        """The rules that ``files`` (a rules file, then files added to it) derive, checked.

        ``facts`` holds the arguments of ``face/1``, ``straight/3``, ``royal/1`` and
        ``category_order/2`` (names as text, numbers as int, as
        :func:`pysolver.asp._codec.read_atoms` gives them); ``fingerprint`` identifies
        the whole program read. Raises :class:`RuleFileError` naming the file and
        the fault.
        """
        where = f"rules file '{files[0]}'" + (f" (with {', '.join(files[1:])})" if files[1:] else "")
        faces = read_faces(facts, where)
        order, places = read_order(facts, where)
        straights = read_straights(facts, faces, where)
        for royal in facts.get("royal", []):
            if royal[0] not in [FACES[r] for r in faces]:
                raise RuleFileError(f"{where}: royal({royal[0]}) is not a face of the deck")
        game = Game.from_facts(facts, faces, where)
        rules = cls(name, files[0], tuple(files[1:]), faces, order, places, straights, fingerprint, game)
        rules.check_players(2)
        return rules

    @property
    def trusted(self) -> bool:
        """A shipped variant with nothing added: grounded in this process, without limits."""
        return self.name in VARIANTS and not self.added

    @property
    def is_standard(self) -> bool:
        """The shipped standard game with nothing added (the evaluator's shipped tables)."""
        return self.name == "standard" and not self.added

    @property
    def standard_hands(self) -> bool:
        """A shipped rule book whose hands are the standard game's (any game): the evaluator's
        shipped tables rank its fives."""
        return self.trusted and (self.faces, self.order, self.places, self.straights) == (
            STANDARD.faces,
            STANDARD.order,
            STANDARD.places,
            STANDARD.straights,
        )

    @property
    def label(self) -> str:
        """The name as printed: ``'short_deck'``, ``'mine.lp + wrap.lp'``."""
        return " + ".join((self.name,) + self.added)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The cards of the deck, in index order."""
        return _deck(self.faces)

    @property
    def deck_bits(self) -> int:
        """The cards of the deck as bits of one integer (bit ``i``: card index ``i``)."""
        return _deck_bits(self.faces)

    @property
    def removed(self) -> np.ndarray:
        """Indices of the cards outside the deck (read-only): the odds engine treats them as dead."""
        return _removed(self.faces)

    @property
    def in_deck(self) -> np.ndarray:
        """(52,) bool: which card indices the deck holds."""
        return np.isin(np.arange(52) >> 2, self.faces)

    def category_at(self, place: int) -> Category:
        """The category at this number of ``category_order/2`` (as in an ASP ``hand_value``).

        >>> from pysolver import load_rules
        >>> load_rules("short_deck").category_at(6).snake
        'flush'
        """
        return self.order[self.places.index(place)]

    def describe_deck(self) -> str:
        """``'two through ace'``, ``'six through ace'`` or the faces listed."""
        low, high = self.faces[0], self.faces[-1]
        if self.faces == tuple(range(low, high + 1)):
            return f"{FACES[low]} through {FACES[high]}"
        return ", ".join(FACES[r] for r in self.faces)

    def check_cards(self, cards: Iterable[Card]) -> None:
        """Raise :class:`InvalidCardError` for a card the deck lacks.

        >>> from pysolver import load_rules
        >>> load_rules("short_deck").check_cards([Card.parse("5c")])
        Traceback (most recent call last):
        ...
        pysolver.InvalidCardError: card '5c' is not in the short_deck deck (six through ace)
        """
        for card in cards:
            if card.rank not in self.faces:
                raise InvalidCardError(f"card '{card}' is not in the {self.label} deck ({self.describe_deck()})")

    def check_players(self, players: int, *, dead: int = 0) -> None:
        """Raise :class:`PlayerCountError` when the deck cannot deal ``players`` their hole
        cards and a full board beside ``dead`` dead cards.

        >>> from pysolver import load_rules
        >>> load_rules("stud").check_players(8)
        Traceback (most recent call last):
        ...
        pysolver.PlayerCountError: 8 players: the 52-card stud deck deals 7 cards each to at most 7
        """
        hole, board = self.game.hole_cards, self.game.board_cards
        if hole * players + board + dead > len(self.deck):
            most = (len(self.deck) - board - dead) // hole
            if players == 2:
                raise RuleFileError(
                    f"rules '{self.label}': the {len(self.deck)}-card deck cannot deal two players "
                    f"{hole} hole cards each" + (f" and a {board}-card board" if board else "")
                )
            each = f"{hole} cards each to at most {most}" if hole != 2 else f"at most {most}"
            raise PlayerCountError(
                f"{players} players: the {len(self.deck)}-card {self.label} deck deals {each}"
                + (f" beside a {board}-card board" if board else "")
                + (f" and {dead} dead card{'s' if dead != 1 else ''}" if dead > 0 else "")
            )

    def check_deal(self, deal: Deal) -> None:
        """A deal's cards are in the deck, each player holds the game's hole cards, the board
        is one the game shows down on, and the deck deals a full board to its players."""
        game = self.game
        if not game.holdem_shape:
            for p, hole in enumerate(deal.players):
                game.check_hole(len(hole), p, self.label)
            game.check_board(len(deal.board), self.label)
        if not self.is_standard:
            self.check_cards(deal.cards)
            self.check_players(len(deal.players))


RulesLike = Rules | str | os.PathLike | None
"""What every ``rules=`` takes: a :class:`Rules`, a shipped variant's name, a rules file's path,
or None for the standard game."""


@lru_cache(maxsize=16)
def _deck(faces: tuple[int, ...]) -> tuple[Card, ...]:
    """The cards of a deck of these ranks, in index order, made once per deck."""
    return tuple(Card(4 * r + s) for r in faces for s in range(4))


@lru_cache(maxsize=16)
def _deck_bits(faces: tuple[int, ...]) -> int:
    """The cards of a deck of these ranks as bits, worked out once per deck."""
    return sum(1 << c.index for c in _deck(faces))


@lru_cache(maxsize=16)
def _removed(faces: tuple[int, ...]) -> np.ndarray:
    """The cards outside a deck of these ranks (read-only), worked out once per deck."""
    removed = np.array([i for i in range(52) if (i >> 2) not in faces], dtype=np.int64)
    removed.setflags(write=False)
    return removed


def rules_fingerprint(texts: Iterable[str]) -> str:
    """A short digest of the texts of every file a rule book reads."""
    return hashlib.sha256("\0".join(texts).encode()).hexdigest()[:16]


_WHEEL = (12, 0, 1, 2, 3)
STANDARD = Rules(
    "standard",
    str(variant_path("standard")),
    (),
    tuple(range(13)),
    tuple(Category),
    tuple(range(10)),
    (_WHEEL,) + tuple(tuple(range(top - 4, top + 1)) for top in range(4, 13)),
    rules_fingerprint([variant_path("standard").read_text(encoding="utf-8")]),
)
"""The standard game (``asp/variants/standard.lp``), known without clingo: a test checks that
clingo reads the same from the file."""


__all__ = [
    "Limits",
    "Rules",
    "RulesLike",
    "STANDARD",
    "VARIANTS",
    "FACES",
    "rules_fingerprint",
    "variant_path",
    "read_rule_text",
]
