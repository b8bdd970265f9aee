"""Consecutive blocks of a Monte Carlo run in one compiled call: the sampler's entry into numba.

Imported on first use, as :mod:`pysolver.odds._sampling.kernel` is. Each block is
dealt by the loop :func:`~pysolver.odds._sampling.kernel.run_block` would take,
from its own state (:func:`~pysolver.odds._sampling.draws.block_state`, the seed
and the block's number) into a row of its own, so a call's rows are the blocks'
sums one by one, however many blocks it is given: blocks can be small, and a
thread's share of a run come out even, without a call from Python, its arguments
checked and its arrays made, per block.

    >>> from pysolver.evaluator import kernel_tables
    >>> from pysolver.odds._model import Player
    >>> from pysolver.odds._sampling.plan import kernel_inputs
    >>> from pysolver.odds._sampling.draws import alias_tables
    >>> players = [Player.hand([51, 47]), Player.hand([43, 42])]      # AsKs vs QsQh
    >>> given = kernel_inputs(players, np.zeros(0, np.int64), np.array([51, 47, 43, 42]), None)
    >>> alias = alias_tables(given.cumulative, given.segments())
    >>> sums, totals = np.zeros((2, 5, 2)), np.zeros((2, TOTALS))
    >>> run_blocks(block_states(7, 3, 2), np.array([100, 50]), given, alias, kernel_tables(), sums, totals)
    >>> totals[:, 0].tolist(), sums[:, 2].sum(axis=1).tolist()   # shares: one pot a trial
    ([100.0, 50.0], [100.0, 50.0])
"""

from __future__ import annotations

import numpy as np

from ...evaluator import KernelTables, jit
from . import kernel
from .draws import block_state
from .kernel import loop_kind
from .plan import KernelInputs

TOTALS = 5
"""Columns of a block's totals: accepted trials, the sum of their weights and of the squares of
each draw's (the weights of its boards), attempts, draws of the range players' combos."""


def block_states(seed: int, first: int, count: int) -> np.ndarray:
    """The starting states of blocks ``first`` .. ``first + count - 1`` of a run seeded ``seed``."""
    return np.array([block_state(seed, block) for block in range(first, first + count)], dtype=np.uint64)


def run_blocks(
    states: np.ndarray,
    trials: np.ndarray,
    inputs: KernelInputs,
    alias: tuple[np.ndarray, np.ndarray],
    tables: KernelTables,
    sums: np.ndarray,
    totals: np.ndarray,
    per_combo: np.ndarray | None = None,
) -> None:
    """Block ``k`` of ``trials[k]`` trials from ``states[k]``, for every ``k``, of the question
    ``inputs`` (its ``alias`` tables; the game's ``tables``), added to its sums ``sums[k]``
    (``SUMS`` rows or more, players) and totals ``totals[k]`` (:data:`TOTALS` or more). A
    breakdown's ``per_combo`` (players, 1326, 2 + 4 * players) is added over the blocks: give it
    one block a call."""
    per_combo = np.zeros((0, 0, 0)) if per_combo is None else per_combo
    kind = loop_kind(inputs.mode, inputs.kinds, inputs.offsets, per_combo, inputs.shuffled, inputs.boards)
    runners = {
        "plain": _plain_blocks,
        "plain-deck": _plain_deck_blocks,
        "exact": _exact_blocks,
        "exact-draws": _exact_draws_blocks,
        "any": _any_blocks,
    }
    runners[kind](states, trials, sums, totals, per_combo, *inputs.arguments(*alias), tables)


# One compiled runner per loop, so that a question compiles its own loop alone (a loop costs
# seconds to compile on a machine's first use); written out, not made by a closure, which
# numba's disk cache would not find again in another process.


@jit
def _plain_blocks(states, trials, sums, totals, per_combo, *arguments):
    """:func:`run_blocks` in the plain loop, pairs dealt."""
    for k in range(len(states)):
        kernel._plain_loop(states[k], trials[k], *arguments, sums[k], totals[k], per_combo)


@jit
def _plain_deck_blocks(states, trials, sums, totals, per_combo, *arguments):
    """:func:`run_blocks` in the plain loop, from a shuffled deck."""
    for k in range(len(states)):
        kernel._plain_deck_loop(states[k], trials[k], *arguments, sums[k], totals[k], per_combo)


@jit
def _exact_blocks(states, trials, sums, totals, per_combo, *arguments):
    """:func:`run_blocks` in the exact loop (range players drawn by groups, no breakdown), one board
    to a draw of their combos."""
    for k in range(len(states)):
        kernel._exact_loop(states[k], trials[k], *arguments, sums[k], totals[k], per_combo)


@jit
def _exact_draws_blocks(states, trials, sums, totals, per_combo, *arguments):
    """:func:`run_blocks` in the exact loop, several boards to a draw of the range players' combos."""
    for k in range(len(states)):
        kernel._exact_draws_loop(states[k], trials[k], *arguments, sums[k], totals[k], per_combo)


@jit
def _any_blocks(states, trials, sums, totals, per_combo, *arguments):
    """:func:`run_blocks` in the full loop (weighted draws, a breakdown, many players)."""
    for k in range(len(states)):
        kernel._any_loop(states[k], trials[k], *arguments, sums[k], totals[k], per_combo)


__all__ = ["TOTALS", "block_states", "run_blocks"]
