"""Rule variants: which game of poker the engines play.

The rules' data of a game is one ASP file of facts (the contract is written
out in ``asp/variants/standard.lp``): the faces of its deck (``face/1``), the
runs that count as straights (``straight/3``), the royal flush (``royal/1``)
and the order of the hand categories (``category_order/2``). The shipped
variants live in ``asp/variants/``:

=====================================  =============================================
``standard``                           Texas Hold'em, 52 cards (the default)
``short_deck``                         6+ hold'em, 36 cards, A-6-7-8-9 the lowest
                                       straight, flush above full house, three of a
                                       kind above a straight (Triton convention)
``short_deck_straight_beats_trips``    the same with a straight above three of a kind
``flush_beats_full_house``             the full deck, with one change to the order
=====================================  =============================================

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
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ._cards import RANK_NAMES, Card
from ._categories import Category
from ._errors import InvalidCardError, PlayerCountError, RuleFileError

if TYPE_CHECKING:
    from ._deal import Deal

VARIANTS = ("standard", "short_deck", "short_deck_straight_beats_trips", "flush_beats_full_house")
"""The shipped variants, files ``asp/variants/NAME.lp``."""
FACES = tuple(name.lower() for name in RANK_NAMES)
"""ASP face names by rank: ``two`` .. ``ace``."""


def variant_path(name: str) -> Path:
    """The installed file of a shipped variant."""
    return Path(str(resources.files("pysolver.encodings").joinpath("variants").joinpath(f"{name}.lp")))


def read_rule_text(path: str, what: str) -> str:
    """The text of a rule file; a missing or unreadable one is a :class:`RuleFileError`."""
    try:
        return Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuleFileError(f"{what} '{path}': no such file (shipped variants: {', '.join(VARIANTS)})") from None
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

    Build it with :meth:`Rules.load`. ``faces`` are the ranks in the deck,
    ``order`` the categories weakest first with ``places`` their numbers in
    ``category_order/2``, ``straights`` each straight's ranks from its lowest
    card to its top.
    """

    name: str
    path: str
    added: tuple[str, ...]
    faces: tuple[int, ...]
    order: tuple[Category, ...]
    places: tuple[int, ...]
    straights: tuple[tuple[int, ...], ...]
    fingerprint: str = field(repr=False)
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
        faces = _faces(facts, where)
        order, places = _order(facts, where)
        straights = _straights(facts, faces, where)
        for royal in facts.get("royal", []):
            if royal[0] not in [FACES[r] for r in faces]:
                raise RuleFileError(f"{where}: royal({royal[0]}) is not a face of the deck")
        return cls(name, files[0], tuple(files[1:]), faces, order, places, straights, fingerprint)

    @property
    def trusted(self) -> bool:
        """A shipped variant with nothing added: grounded in this process, without limits."""
        return self.name in VARIANTS and not self.added

    @property
    def is_standard(self) -> bool:
        """The shipped standard game with nothing added (the evaluator's shipped tables)."""
        return self.name == "standard" and not self.added

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

    def check_players(self, players: int, *, dealt: int = 5) -> None:
        """Raise :class:`PlayerCountError` when the deck cannot give ``players`` two cards
        each beside ``dealt`` other cards (a full board and any dead cards)."""
        if 2 * players + dealt > len(self.deck):
            most = (len(self.deck) - dealt) // 2
            dead = dealt - 5
            raise PlayerCountError(
                f"{players} players: the {len(self.deck)}-card {self.label} deck deals at most "
                f"{most} beside a 5-card board"
                + (f" and {dead} dead card{'s' if dead != 1 else ''}" if dead > 0 else "")
            )

    def check_deal(self, deal: Deal) -> None:
        """A deal's cards are in the deck and the deck deals a full board to its players."""
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


def _faces(atoms: dict, where: str) -> tuple[int, ...]:
    names = [args[0] for args in atoms.get("face", [])]
    if not names:
        raise RuleFileError(
            f"{where}: no face/1 facts: a rules file lists its deck, its straights "
            "and the category order (copy asp/variants/standard.lp); to add rules "
            "to a variant, add the file instead (--add, add=)"
        )
    unknown = sorted(set(names) - set(FACES))
    if unknown:
        raise RuleFileError(f"{where}: face '{unknown[0]}' is not a card face (two .. ace)")
    if len(names) < 3:
        raise RuleFileError(f"{where}: a deck of {len(names)} face{'s' * (len(names) > 1)} is too small to deal a hand")
    return tuple(sorted(FACES.index(n) for n in names))


def _order(atoms: dict, where: str) -> tuple[tuple[Category, ...], tuple[int, ...]]:
    orders: dict[str, list[int]] = {}
    for name, number in atoms.get("category_order", []):
        orders.setdefault(name, []).append(number)
    unknown = sorted(set(orders) - {c.snake for c in Category})
    if unknown:
        raise RuleFileError(
            f"{where}: category_order names '{unknown[0]}', not a hand category "
            f"({', '.join(c.snake for c in Category)})"
        )
    missing = [c.snake for c in Category if c.snake not in orders]
    if missing:
        raise RuleFileError(f"{where}: the category order is incomplete: no category_order for {', '.join(missing)}")
    for name, numbers in orders.items():
        if len(numbers) > 1 or not isinstance(numbers[0], int):
            raise RuleFileError(
                f"{where}: {name} has {len(numbers)} places in the category order "
                f"({', '.join(map(str, numbers))}): it needs one number"
            )
        if not 0 <= numbers[0] <= 999:
            raise RuleFileError(
                f"{where}: {name} has place {numbers[0]} in the category order: "
                "places are numbers 0..999 (the ASP hand_value packs them)"
            )
    by_number: dict[int, str] = {}
    for name, (number,) in orders.items():
        if number in by_number:
            raise RuleFileError(
                f"{where}: the category order is not strict: {by_number[number]} and "
                f"{name} share place {number} (a tie or a cycle)"
            )
        by_number[number] = name
    order = tuple(Category.parse(by_number[n]) for n in sorted(by_number))
    place = {c: i for i, c in enumerate(order)}
    for low, high in ((Category.HIGH_CARD, Category.FLUSH), (Category.STRAIGHT, Category.STRAIGHT_FLUSH)):
        if place[high] < place[low]:
            raise RuleFileError(
                f"{where}: {high.snake} is ordered below {low.snake}: five suited "
                "cards would be worth less than the same ranks offsuit"
            )
    return order, tuple(sorted(by_number))


def _straights(atoms: dict, faces: tuple[int, ...], where: str) -> tuple[tuple[int, ...], ...]:
    runs: dict[str, dict[int, list[str]]] = {}
    for top, position, face in atoms.get("straight", []):
        runs.setdefault(top, {}).setdefault(position, []).append(face)
    deck = {FACES[r] for r in faces}
    out = []
    for top, cards in sorted(runs.items(), key=lambda item: str(item[0])):
        if sorted(cards) != [1, 2, 3, 4, 5] or any(len(f) != 1 for f in cards.values()):
            raise RuleFileError(
                f"{where}: the straight with top {top} needs exactly one face at each "
                f"position 1..5, has {dict(sorted(cards.items()))}"
            )
        ranks = [cards[i][0] for i in range(1, 6)]
        outside = [f for f in ranks if f not in deck]
        if outside or ranks[4] != top or len(set(ranks)) != 5:
            problem = (
                f"face {outside[0]} is not in the deck"
                if outside
                else f"its top card is {ranks[4]}"
                if ranks[4] != top
                else "a face is repeated"
            )
            raise RuleFileError(f"{where}: the straight with top {top} ({'-'.join(ranks)}): {problem}")
        out.append(tuple(FACES.index(f) for f in ranks))
    return tuple(sorted(out, key=lambda run: run[-1]))


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
