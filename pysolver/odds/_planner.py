"""Which exact enumeration answers a question, and roughly how much work each would be.

Every path counts the same deals and returns the same integers; they differ in
how much work they do, estimated in hand values looked up or compared (about
:data:`VALUES_PER_SECOND` of them per second on one core):

* ``fixed``: every hand known, :func:`~pysolver.odds._exact_fixed.exact_fixed`;
* ``grouped``: combos grouped by ranks, :func:`~pysolver.odds._exact_grouped.exact_grouped`,
  when its deals of combos fit in memory (:data:`DEALS_LIMIT`);
* ``one open``: one range or random player, every holding against every
  run-out (:func:`~pysolver.odds._exact_fixed.exact_one_open`) after the flop,
  every holding against every board before it
  (:func:`~pysolver.odds._exact_fixed.exact_open_preflop`);
* ``counting``: a hand against one or two random hands, counted
  (:mod:`~pysolver.odds._exact_counting`);
* ``fix first``: an open player fixed one combo at a time (one combo of
  each class of suit symmetry), the rest by the cheapest path.

:func:`exact_path` names the cheapest, :func:`work_estimate` its work.

    >>> from pysolver.core._ranges import parse_range
    >>> exact_path([parse_range("QQ+, AKs"), parse_range("JJ, TT, 99, AQs")], 3)
    'grouped'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb, prod
from typing import Callable, Optional, Sequence, Union

import numpy as np

from ..core._cards import Card
from ..core._ranges import COMBOS, Range
from ..core._rules import Rules
from ._exact_fixed import _GROUP_OF, Tally, exact_fixed, exact_one_open, exact_open_preflop, suit_symmetries
from ._exact_counting import hero_against_one, hero_against_two
from ._boards import suit_orbits
from ._exact_grouped import exact_grouped
from ._table_matchups import COMBO_IMAGES, combo_indices
from ._sampling import Open

VALUES_PER_SECOND = 10_000_000
"""Roughly how many of :func:`work_estimate`'s hand values an exact run gets through per second on
one core. Calibrated by timing exact runs on the development machine: AhKh against random on a
flop (estimate 0.02 s, took 0.01 s), AhKh QsQd random preflop (7 s, took 8 s), AhKh random random
on a flop (41 s, took 32-45 s); runs of other shapes fall within a factor of 4 of their estimate."""

CALL_COST = 10_000
"""The set-up of one enumeration, counted as that many hand values."""

DEALS_LIMIT = 2_000_000
"""Most deals of combos (one combo per player, no card twice) the grouped path holds at once."""

#: Rank multisets of the cards to come, by how many come (0..5).
_MULTISETS = (1, 13, 91, 455, 1820, 6175)
#: Boards counted again per class of deals and suit by the flush corrections, by cards to come: the
#: boards with three or more cards of the suit on which some player makes a flush (measured).
_FLUSH_BOARDS = (1, 2, 10, 10, 10, 6_000)
#: Classes of boards with three or more cards of one suit: before the flop per suit, after it for
#: all suits together (at most; a monotone flop has the most), by cards to come.
_SUITED_BOARDS = (2, 20, 250, 250, 250, 36_608)
#: Work per class of boards when counting one or two random opponents (measured).
_PER_CLASS = {1: 90, 2: 370}

Seat = Union[tuple, Range, np.ndarray, Open]


@dataclass(frozen=True, order=True)
class SeatSize:
    """What the work depends on in one player: live combos, rank groups among them, the most
    classes of (rank group, cards of one suit) among them for any suit, whether the player is
    open (a range, even of one combo, rather than a hand) and whether it is random (every combo
    of the cards not known)."""

    combos: int
    groups: int
    classes: int
    is_open: bool = True
    is_random: bool = False


_HAND = SeatSize(1, 1, 1, False)


def seat_size(seat: Seat, unseen: Optional[int] = None) -> SeatSize:
    """The size of a range (its combos of positive weight), an open player's combos (random when
    they are every pair of ``unseen`` cards, weight 1), or a hand."""
    if isinstance(seat, Range):
        return _range_size(seat)
    if isinstance(seat, Open):
        size = _combos_size(np.sort(seat.combos, axis=1))
        random = unseen is not None and size.combos == comb(unseen, 2) and bool((seat.weights == 1).all())
        return SeatSize(size.combos, size.groups, size.classes, True, random)
    return _HAND


@lru_cache(maxsize=64)
def _range_size(seat: Range) -> SeatSize:
    size = _combos_size(COMBOS[seat.weights > 0])
    return SeatSize(size.combos, size.groups, size.classes, True, seat.is_random)


def _combos_size(combos: np.ndarray) -> SeatSize:
    group = _GROUP_OF[combos[:, 1] >> 2, combos[:, 0] >> 2]
    suited = (combos[:, :, None] & 3) == np.arange(4)                  # (n, 2, 4)
    codes = 4 * group[:, None] + suited[:, 1] * 2 + suited[:, 0]
    return SeatSize(len(combos), len(np.unique(group)), max(len(np.unique(codes[:, s])) for s in range(4)))


def grouped_work(sizes: Sequence[SeatSize], board_size: int, symmetric: bool = False) -> float:
    """Rough work of :func:`~pysolver.odds._exact_grouped.exact_grouped`: building the deals, valuing each
    rank group per rank multiset to come, and the flush corrections (one suit if ``symmetric``)."""
    players, to_come = len(sizes), 5 - board_size
    deals = float(prod(s.combos for s in sizes))
    groups = min(deals, float(prod(s.groups for s in sizes)))
    classes = min(deals, float(prod(s.classes for s in sizes)))
    suits = 1 if symmetric else 4
    return players * (0.6 * deals + groups * _MULTISETS[to_come] + suits * classes * _FLUSH_BOARDS[to_come]) + CALL_COST


def counting_work(board_size: int, suits: int = 4, opponents: int = 2) -> float:
    """Rough work of :func:`~pysolver.odds._exact_counting.hero_against_two` (or ``hero_against_one``): per
    class of boards, the boards by rank multiset and those with three or more cards of a suit (before
    the flop, per suit for ``suits`` suits)."""
    to_come = 5 - board_size
    suited = _SUITED_BOARDS[to_come] * (suits if board_size == 0 else 1)
    return (_MULTISETS[to_come] + suited) * _PER_CLASS[opponents] + opponents * CALL_COST


def legacy_work(sizes: Sequence[SeatSize], board_size: int, dead: int = 0) -> float:
    """Rough work of the ``fixed``, ``one open`` and ``fix first`` paths without grouping: the
    open players but the largest fixed one combo at a time (a quarter of them preflop, by suit
    symmetry), the largest against every run-out (91 rank groups per run-out) or, preflop, a third
    of its combos against every board."""
    open_sizes = sorted(s.combos for s in sizes if s.is_open)
    per_fixed_deal = len(sizes) * (25_000 if board_size == 0 else 1_000)
    if not open_sizes:
        return float(per_fixed_deal)
    last = open_sizes.pop()
    if board_size >= 3:
        unseen = max(52 - 2 * (len(sizes) - 1 - len(open_sizes)) - board_size - dead, 0)
        per_open = comb(unseen, 5 - board_size) * 91 * len(sizes) + CALL_COST + per_fixed_deal + last
        return per_open * float(prod(open_sizes))      # Python floats of Python ints: no overflow
    per_open = per_fixed_deal * max(last / 3, 1)
    return per_open * max(float(prod(open_sizes)) / 4, 1.0)


def _paths(sizes: tuple, board_size: int, dead: int, top: bool, symmetric: bool, suits: int) -> dict[str, float]:
    """The work of every path that applies, by name (``fix first 2``: player 2 fixed first). Suit
    symmetry saves about three quarters of the combos fixed first before the flop (``top``)."""
    return dict(_known_paths(sizes, board_size, dead, top, symmetric, suits))


@lru_cache(maxsize=1024)
def _known_paths(sizes: tuple, board_size: int, dead: int, top: bool, symmetric: bool,
                 suits: int) -> tuple[tuple[str, float], ...]:
    """:func:`_paths`, worked out once per shape of question."""
    opens = [i for i, s in enumerate(sizes) if s.is_open]
    if not opens:
        return (("fixed", legacy_work(sizes, board_size, dead)),)
    found = {}
    if len(opens) == 1:
        found["one open"] = legacy_work(sizes, board_size, dead)
    if prod(s.combos for s in sizes) <= DEALS_LIMIT:
        found["grouped"] = grouped_work(sizes, board_size, symmetric)
    if len(sizes) in (2, 3) and sum(s.is_random for s in sizes) == len(opens) == len(sizes) - 1:
        found["counting"] = counting_work(board_size, suits, len(opens))
    if len(opens) > 1:
        by_size = sorted(opens, key=lambda i: sizes[i])
        for first in dict.fromkeys([by_size[0], by_size[-1]]):
            rest = tuple(sorted(sizes[:first] + (_HAND,) + sizes[first + 1:]))
            share = max(sizes[first].combos / (4 if board_size == 0 and top else 1), 1.0)
            found[f"fix first {first}"] = share * _cheapest(rest, board_size, dead)
    return tuple(found.items())


@lru_cache(maxsize=4096)
def _cheapest(sizes: tuple, board_size: int, dead: int) -> float:
    """The least work of any path, the players in any order."""
    return min(_paths(sizes, board_size, dead, False, False, 4).values())


def _estimates(players: Sequence[Seat], board_size: int, dead: int) -> dict[str, float]:
    """The work of every path that applies to these players, by name."""
    fixed = [p for p in players if not isinstance(p, (Range, Open))]
    sizes = tuple(seat_size(p, 52 - board_size - dead - 2 * len(fixed)) for p in players)
    plain = board_size == 0 and dead == 0
    suits = 4
    if plain and len(fixed) == 1 and all(isinstance(c, (Card, int, np.integer)) for c in fixed[0]):
        hand = np.array([[c.index if isinstance(c, Card) else int(c) for c in fixed[0]]])
        suits = len(suit_orbits([(hand, np.ones(1))], _NO_CARDS, _NO_CARDS))
    return _paths(sizes, board_size, dead, True, plain and _symmetric(players), suits)


_NO_CARDS = np.zeros(0, dtype=np.int64)


def _symmetric(players: Sequence[Seat]) -> bool:
    """Whether every permutation of the suits leaves each player's weighted combos as they are (a
    known hand never is)."""
    for seat in players:
        if isinstance(seat, Range):
            combos, weights = COMBOS[seat.weights > 0], seat.weights[seat.weights > 0]
        elif isinstance(seat, Open):
            combos, weights = seat.combos, seat.weights
        else:
            return False
        dense = np.zeros(len(COMBOS))
        dense[combo_indices(combos)] = weights
        if not (dense[COMBO_IMAGES] == dense).all():
            return False
    return True


def work_estimate(players: Sequence[Seat], board_size: int, dead: int = 0) -> float:
    """Roughly how many hand values the cheapest exact path looks up or compares: its time on one
    core is this over :data:`VALUES_PER_SECOND`. Never less with more open players or wider
    ranges.

    >>> from pysolver.core._ranges import RANDOM
    >>> work_estimate([("Ah", "Kh"), RANDOM], 3)          # a flop: counted
    40690
    >>> f"{work_estimate([RANDOM] * 3, 0):.2e}"          # one fixed, the others counted
    '1.87e+10'
    """
    return min(_estimates(players, board_size, dead).values())


def cheapest_path(players: Sequence[Seat], board_size: int, dead: int = 0) -> tuple[str, float]:
    """The name of the cheapest exact path (see the module's text) and its :func:`work_estimate`."""
    found = _estimates(players, board_size, dead)
    path = min(found, key=found.get)
    return path, found[path]


def exact_path(players: Sequence[Seat], board_size: int, dead: int = 0) -> str:
    """The name of the cheapest exact path (see the module's text)."""
    return cheapest_path(players, board_size, dead)[0]


Report = Optional[Callable[[float], None]]


def exact_tally(specs: list, board: np.ndarray, dead: np.ndarray, report: Report, rules: Rules,
                path: Optional[str] = None) -> Tally:
    """Enumerate by the cheapest path, or by ``path`` if it applies. ``specs`` per player: its hand
    (two card indices) or an :class:`~pysolver.odds._sampling.Open` with the combos (avoiding the
    known cards) and weights; ``report(fraction)`` follows the work."""
    path = path or exact_path(specs, len(board), len(dead))
    opens = [i for i, s in enumerate(specs) if isinstance(s, Open)]
    fixed = np.array([s for s in specs if not isinstance(s, Open)], dtype=np.int64).reshape(-1, 2)
    if path == "fixed":
        return exact_fixed(fixed, board, dead, rules)
    if path == "grouped":
        seats = [(s.combos, s.weights) if isinstance(s, Open) else (s.reshape(1, 2), np.ones(1)) for s in specs]
        return exact_grouped(seats, board, dead, rules, report)
    if path == "counting":
        hero = next(i for i, s in enumerate(specs) if not isinstance(s, Open))
        count = hero_against_two if len(specs) == 3 else hero_against_one
        return count(specs[hero], board, dead, hero, rules, report)
    if path == "one open":
        spec = specs[opens[0]]
        if len(board) >= 3:
            return exact_one_open(fixed, spec.combos, spec.weights, board, dead, opens[0], rules)
        step = None if report is None else (lambda done, total: report(done / total))
        return exact_open_preflop(fixed, spec.combos, spec.weights, dead, opens[0], step, rules)
    return _fix_first(specs, int(path.split()[-1]), fixed, board, dead, report, rules)


def _fix_first(specs: list, position: int, fixed: np.ndarray, board: np.ndarray, dead: np.ndarray,
               report: Report, rules: Rules) -> Tally:
    """Fix the open player at ``position`` one combo at a time, one combo of each class that a suit
    permutation fixing everything else maps onto each other, and enumerate the rest."""
    spec = specs[position]
    others = [s for i, s in enumerate(specs) if isinstance(s, Open) and i != position]
    rows, times = _orbits(spec, fixed, others, board, dead)
    tally = Tally.empty(len(specs))
    for done, (row, count) in enumerate(zip(rows, times)):
        taken = spec.combos[row].tolist()
        rest = []
        for i, s in enumerate(specs):
            if i == position:
                rest.append(spec.combos[row])
            elif isinstance(s, Open):
                keep = ~np.isin(s.combos, taken).any(axis=1)
                if not keep.any():
                    break
                rest.append(Open(s.combos[keep], s.weights[keep]))
            else:
                rest.append(s)
        else:
            inner = None if report is None else (lambda f, done=done: report((done + f) / len(rows)))
            tally.merge(exact_tally(rest, board, dead, inner, rules), weight=float(spec.weights[row]) * int(count))
        if report is not None:
            report((done + 1) / len(rows))
    return tally


def _orbits(spec: Open, fixed: np.ndarray, others: list, board: np.ndarray,
            dead: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One row of ``spec.combos`` per class of combos of equal weight that a suit permutation maps onto
    each other while fixing every fixed hand, the board, the dead cards and the other open players'
    weighted combos; and the size of each class."""
    code = np.array([52, 1])
    maps = []
    for card_map in suit_symmetries(*fixed, board, dead):
        for other in others:
            weight = np.zeros(52 * 52)
            weight[np.sort(other.combos, axis=1) @ code] = other.weights
            if not np.array_equal(weight[np.sort(card_map[other.combos], axis=1) @ code], other.weights):
                break
        else:
            maps.append(card_map)
    canonical = np.stack([np.sort(m[spec.combos], axis=1) @ code for m in maps]).min(axis=0)
    _, rows, times = np.unique(np.column_stack([canonical, spec.weights]), axis=0, return_index=True,
                               return_counts=True)
    return rows, times


__all__ = ["VALUES_PER_SECOND", "CALL_COST", "DEALS_LIMIT", "SeatSize", "seat_size", "grouped_work",
           "counting_work", "legacy_work", "work_estimate", "cheapest_path", "exact_path", "exact_tally"]
