"""The ``fixed`` path: every player's hole cards known, any street, counted by rank multisets.

Boards are grouped by their *rank multiset*: without a flush the value of seven
cards depends only on their ranks, so the ``C(48, 5) = 1,712,304`` preflop
run-outs collapse to 6,175 rank multisets, each counted
``prod C(unseen of rank r, m_r)`` times. Boards where a flush is possible (a
suit with three or more cards on the board; at most one suit can) are then
corrected exactly: the suited cards are enumerated one by one, the rest of
the board again by rank multiset.

    >>> t = exact_fixed(np.array([[48, 49], [47, 46]]))     # AcAd vs KsKh preflop
    >>> t.wins.tolist(), t.ties.tolist(), t.deals
    ([1388072.0, 317694.0], [6538.0, 6538.0], 1712304.0)
"""

from __future__ import annotations

from math import comb
from types import ModuleType

import numpy as np

from ...core import Rules
from ...evaluator import Loops, backend, compile_mode, kernel_loaded, load_kernel, ready, requested
from .._boards import multisets, rank_subsets
from .._cost import Cheapest, Shape, Solve
from .._hand_tables import CARD_BITS, CARD_RANK_KEY, SUIT_MASK, hand_tables
from .._model import CODED_PLAYERS, Question, Report, Tally

_NONE = np.zeros(0, dtype=np.int64)
_NONE.setflags(write=False)
_CHOOSE = np.array([[comb(n, m) for m in range(5)] for n in range(5)], dtype=np.int64)


EXACT_LOOPS = Loops(
    "exact",
    5.7,
    (
        "pysolver.odds._kernels:_fixed_codes",
        "pysolver.odds._count_kernels:_one_counts",
        "pysolver.odds._count_kernels:_two_counts",
        "pysolver.odds._kernels:_flush_codes",
        "pysolver.odds._kernels:_plain_tops",
        "pysolver.odds._exact.three_random:compiled_loop()",
    ),
)
"""The exact paths' compiled loops."""


def exact_backend() -> str:
    """The backend the exact paths' costs are reckoned on: the one the work was given, else numba
    where the loops run without a compile (loaded, compiled on this machine, or compiled on first
    use: ``PYSOLVER_COMPILE=now``), else numpy."""
    named = requested()
    if named is not None:
        return named
    if backend() == "numba" and (kernel_loaded() or compile_mode() == "now" or ready(EXACT_LOOPS)):
        return "numba"
    return "numpy"


def compiled_loops() -> ModuleType | None:
    """The exact paths' compiled loops (:mod:`pysolver.odds._kernels`, compiled by numba on first
    use) once the evaluator's compiled kernel is loaded (:func:`~pysolver.evaluator.load_kernel`)
    or the work was given numba, else None: the paths count with numpy."""
    named = requested()
    if named == "numba":
        load_kernel()
    if named == "numpy" or not kernel_loaded():
        return None
    from .. import _kernels

    return _kernels


def loops_for_long_work() -> None:
    """Load the evaluator's compiled kernel, so that :func:`compiled_loops` gives the loops, unless the
    work was given numpy: for work long enough (a preflop table) that loading them, or compiling
    them on a machine's first use, pays."""
    if requested() != "numpy":
        load_kernel()


def rank_ways(available: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """How many sets of unseen cards have these rank counts: prod_r C(available_r, m_r)."""
    return _CHOOSE[available[None, :], counts].prod(axis=1)


def known_mask(*groups: np.ndarray) -> np.ndarray:
    known = np.zeros(52, dtype=bool)
    for group in groups:
        known[np.asarray(group, dtype=np.int64).ravel()] = True
    return known


def exact_fixed(
    holes: np.ndarray, board: np.ndarray = _NONE, dead: np.ndarray = _NONE, rules: Rules | None = None
) -> Tally:
    """Exact counts for known hole cards ``holes`` (players, 2), any board of 0, 3, 4 or 5 cards.

    Under a variant's ``rules`` the cards outside its deck must be among ``dead``. With the
    evaluator's compiled kernel loaded, up to 10 players are counted by its loop
    (:func:`pysolver.odds._kernels.fixed_codes`), else with numpy: the same counts.
    """
    table = hand_tables(rules)
    holes = np.asarray(holes, dtype=np.int64)
    board = np.asarray(board, dtype=np.int64)
    unseen = ~known_mask(holes, board, dead)
    loops = compiled_loops()
    if loops is not None and len(holes) <= CODED_PLAYERS:
        tally = Tally.empty(len(holes))
        tally.add_codes(loops.fixed_codes(holes, board, unseen, rules))
        return tally
    to_come = 5 - len(board)
    available = unseen.reshape(13, 4).sum(axis=1)
    base_key = CARD_RANK_KEY[holes].sum(axis=1) + CARD_RANK_KEY[board].sum()
    base_bits = CARD_BITS[holes].sum(axis=1) + CARD_BITS[board].sum()
    tally = Tally.empty(len(holes))

    counts, keys = multisets(to_come)
    ways = rank_ways(available, counts)
    live = ways > 0
    tally.add(table.rank_value[base_key[:, None] + keys[live]], ways[live])

    board_suits = np.bincount(board & 3, minlength=4)
    for suit in range(4):
        suit_unseen = unseen[suit::4]
        suit_unseen_bits = int((np.int64(1) << np.flatnonzero(suit_unseen)).sum())
        hole_most = int(((holes & 3) == suit).sum(axis=1).max())
        others_available = available - suit_unseen
        player_field = (base_bits >> (16 * suit)) & SUIT_MASK
        for drawn in range(max(0, 3 - board_suits[suit]), min(to_come, int(suit_unseen.sum())) + 1):
            if board_suits[suit] + drawn + hole_most < 5:
                continue  # nobody can make a flush in this suit: no correction
            masks, mask_keys = rank_subsets(drawn)
            possible = (masks & ~suit_unseen_bits) == 0
            suited_bits, suited_key = masks[possible], mask_keys[possible]
            rest, rest_keys = multisets(to_come - drawn)
            rest_ways = rank_ways(others_available, rest)
            keep = rest_ways > 0
            rest_keys, rest_ways = rest_keys[keep], rest_ways[keep]
            key = base_key[:, None, None] + suited_key[None, :, None] + rest_keys[None, None, :]
            plain = table.rank_value[key]
            flush = table.flush_value[player_field[:, None] | suited_bits[None, :]]
            # Some player makes a flush on every one of these boards (a 7-card flush beats
            # whatever its ranks alone make), so every board's result changes: recount it.
            actual = np.maximum(plain, flush[:, :, None])
            weights = np.broadcast_to(rest_ways, plain.shape[1:]).ravel()
            tally.add(actual.reshape(len(holes), -1), weights)
            tally.add(plain.reshape(len(holes), -1), weights, sign=-1)
    return tally


#: The work of :func:`exact_fixed` per known hand, preflop and after the flop, in the hand values of
#: :data:`~pysolver.odds._cost.VALUES_PER_SECOND` (measured, numpy: AhKh vs QsQd vs JcTc preflop 2.2 ms,
#: 1.3 ms in the compiled loops; on 2c 7d 9h 0.03 ms).
FIXED_PER_HAND = (7_500, 300)


class FixedPath:
    """Every hand known: :func:`exact_fixed`. Its cost is :data:`FIXED_PER_HAND` per player."""

    name = "fixed"
    compiled = True  # counts in compiled loops (with numba)

    def applies(self, shape: Shape) -> bool:
        return not shape.opens

    def cost(self, shape: Shape, cheapest: Cheapest) -> float:
        return float(len(shape.sizes) * FIXED_PER_HAND[shape.board > 0])

    def run(self, question: Question, report: Report, solve: Solve) -> Tally:
        return exact_fixed(question.hands, question.board, question.dead, question.rules)


__all__ = [
    "EXACT_LOOPS",
    "exact_backend",
    "compiled_loops",
    "loops_for_long_work",
    "rank_ways",
    "known_mask",
    "exact_fixed",
    "FixedPath",
]
