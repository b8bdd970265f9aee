"""What an exact path costs, and what it must say about itself to be planned.

Work is counted in hand values looked up or compared, about
:data:`VALUES_PER_SECOND` of them per second on one core. What the work of a path
depends on is the :class:`Shape` of the question: per player its :class:`Size`
(live combos, rank groups, suit classes, open or not, random or not), the cards on
the board and dead, and the suit symmetry. A :class:`Path` says whether it
applies to a shape, what it would cost, and runs a question; the planner
(``_registry``) asks every path and runs the cheapest.

    >>> from pysolver.core._ranges import parse_range
    >>> size_of_range(parse_range("AKs"))          # one rank group; per suit, a combo with it or not
    Size(combos=4, groups=1, classes=2, is_open=True, is_random=False)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from math import comb, prod
from typing import Protocol

import numpy as np

from ..core import COMBOS, Range
from ._combo_codes import GROUP_OF
from ._model import COMBO_IMAGES, Player, Question, Report, Tally, combo_indices, fixing, suit_orbits

VALUES_PER_SECOND = 10_000_000
"""Roughly how many hand values of a path's cost an exact run gets through per second on one
core. Calibrated by timing exact runs on the development machine: AhKh against random on a
flop (estimate 0.02 s, took 0.01 s), AhKh QsQd random preflop (7 s, took 8 s), AhKh random random
on a flop (41 s, took 32-45 s); runs of other shapes fall within a factor of 4 of their estimate."""

CALL_COST = 10_000
"""The set-up of one enumeration, counted as that many hand values."""

MULTISETS = (1, 13, 91, 455, 1820, 6175)
"""Rank multisets of the cards to come, by how many come (0..5)."""


@dataclass(frozen=True, order=True)
class Size:
    """What the work depends on in one player: live combos, rank groups among them, the most
    classes of (rank group, cards of one suit) among them for any suit, whether the player is
    open (a range, even of one combo, rather than a hand) and whether it is random (every combo
    of the cards not known)."""

    combos: int
    groups: int
    classes: int
    is_open: bool = True
    is_random: bool = False


HAND = Size(1, 1, 1, False)
"""The size of a known hand."""


def _combos_size(combos: np.ndarray, is_random: bool) -> Size:
    combos = np.sort(combos, axis=1)
    group = GROUP_OF[combos[:, 1] >> 2, combos[:, 0] >> 2]
    suited = (combos[:, :, None] & 3) == np.arange(4)  # (n, 2, 4)
    codes = 4 * group[:, None] + suited[:, 1] * 2 + suited[:, 0]
    classes = max(len(np.unique(codes[:, s])) for s in range(4))
    return Size(len(combos), len(np.unique(group)), classes, True, is_random)


def size_of(player: Player) -> Size:
    """The size of a player's live combos (a hand: :data:`HAND`)."""
    return HAND if player.is_hand else _facts(player.combos.tobytes(), player.weights.tobytes(), player.is_random)[0]


def is_symmetric(player: Player) -> bool:
    """Whether every permutation of the suits leaves the player's weighted combos as they are (a
    known hand never)."""
    return not player.is_hand and _facts(player.combos.tobytes(), player.weights.tobytes(), player.is_random)[1]


@lru_cache(maxsize=512)
def _facts(combos: bytes, weights: bytes, is_random: bool) -> tuple[Size, bool]:
    """:func:`size_of` and :func:`is_symmetric` of a player's combos and weights, kept per player."""
    cards = np.frombuffer(combos, dtype=np.int64).reshape(-1, 2)
    dense = np.zeros(len(COMBOS))
    dense[combo_indices(cards)] = np.frombuffer(weights, dtype=np.float64)
    return _combos_size(cards, is_random), bool((dense[COMBO_IMAGES] == dense).all())


@lru_cache(maxsize=64)
def size_of_range(seat: Range) -> Size:
    """The size of a range before card removal: its combos of positive weight."""
    return _combos_size(COMBOS[seat.weights > 0], seat.is_random)


@dataclass(frozen=True)
class Shape:
    """What a path's cost depends on: the players' sizes in seat order, the cards on the board
    and dead (the rules' missing cards among them), whether every permutation of the suits leaves
    every player as it is (``symmetric``), the suits the known hands leave unlike before the flop
    (``suits``), whether this is the question asked (``top``, not one a path asks itself) and
    whether the shipped tables may answer (``tabled``: standard rules, tables allowed)."""

    sizes: tuple[Size, ...]
    board: int
    dead: int = 0
    symmetric: bool = False
    suits: int = 4
    top: bool = False
    tabled: bool = False

    @classmethod
    def of(cls, question: Question) -> Shape:
        """The shape of a question, as asked."""
        players = question.players
        plain = len(question.board) == 0 and len(question.dead) == 0
        hands = [p for p in players if p.is_hand]
        suits = suits_left(*(tuple(p.hole.tolist()) for p in hands)) if plain and hands else 4
        symmetric = plain and not hands and all(is_symmetric(p) for p in players)
        return cls(
            tuple(size_of(p) for p in players),
            len(question.board),
            len(question.dead),
            symmetric,
            suits,
            True,
            question.table and question.rules.is_standard,
        )

    @property
    def opens(self) -> list[int]:
        """The seats of the open players."""
        return [i for i, s in enumerate(self.sizes) if s.is_open]

    @property
    def deals(self) -> float:
        """Deals of combos at most: the product of the players' combos."""
        return float(prod(s.combos for s in self.sizes))

    @property
    def unseen(self) -> int:
        """The cards not on the board, dead or in a known hand."""
        return 52 - self.board - self.dead - 2 * (len(self.sizes) - len(self.opens))


@lru_cache(maxsize=4096)
def suits_left(*hands: tuple[int, int]) -> int:
    """How many classes of suits known hands leave exchangeable, each hand mapped onto itself (2 for
    AhKh: hearts, the rest).

    >>> suits_left((46, 42)), suits_left((48, 49)), suits_left((51, 47), (50, 46))   # KhQh; AcAd; AsKs, AhKh
    (2, 2, 3)
    """
    return len(suit_orbits(fixing(*hands)))


Cheapest = Callable[[Shape], float]
"""The least cost of any path for a shape (what a path that asks questions of its own reads)."""
Solve = Callable[[Question, Report], Tally]
"""Counts a question by its cheapest path (what a path that asks questions of its own runs)."""


class Path(Protocol):
    """An exact path: its ``name``, whether it applies to a shape, its cost in hand values, and how it
    counts a question. ``cheapest`` and ``solve`` are the planner's, for paths that ask questions of
    their own (fixing a player, say)."""

    name: str
    compiled: bool  # whether it counts in compiled loops when numba is there (else with numpy)

    def applies(self, shape: Shape) -> bool: ...

    def cost(self, shape: Shape, cheapest: Cheapest) -> float: ...

    def run(self, question: Question, report: Report, solve: Solve) -> Tally: ...


def legacy_work(shape: Shape) -> float:
    """Rough work of the ``one open`` path (the ``fixed`` path has its own, measured): the open players
    but the largest fixed one combo at a time (a quarter of them preflop, by suit symmetry), the largest
    against every run-out (91 rank groups per run-out) or, preflop, a third of its combos against
    every board."""
    sizes = shape.sizes
    open_sizes = sorted(s.combos for s in sizes if s.is_open)
    per_fixed_deal = len(sizes) * (25_000 if shape.board == 0 else 1_000)
    if not open_sizes:
        return float(per_fixed_deal)
    last = open_sizes.pop()
    if shape.board >= 3:
        unseen = max(52 - 2 * (len(sizes) - 1 - len(open_sizes)) - shape.board - shape.dead, 0)
        return (comb(unseen, 5 - shape.board) * 91 * len(sizes) + CALL_COST + per_fixed_deal + last) * float(
            prod(open_sizes)
        )  # Python floats of Python ints: no overflow
    per_open: float = per_fixed_deal * max(last / 3, 1)
    return per_open * max(float(prod(open_sizes)) / 4, 1.0)


__all__ = [
    "VALUES_PER_SECOND",
    "CALL_COST",
    "MULTISETS",
    "Size",
    "HAND",
    "size_of",
    "is_symmetric",
    "size_of_range",
    "Shape",
    "suits_left",
    "Cheapest",
    "Solve",
    "Path",
    "legacy_work",
]
