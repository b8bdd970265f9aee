"""What the compiled sampler is given, which loop and backend deal a question, and how long a run takes.

:func:`kernel_inputs` lays a question out as the compiled loop
(:mod:`pysolver.odds._sampling.kernel`) reads it, drawing the range players' combos
as :mod:`~pysolver.odds._sampling.costs` chooses; :func:`sampling_loops` names the
compiled loop that deals it, :func:`sampling_backend` the backend, and
:func:`sampling_seconds` estimates a run's time.

    >>> from pysolver.core import Situation
    >>> from pysolver.odds._model import Question
    >>> from pysolver.odds._sampling.costs import JOINT
    >>> q = Question.of(Situation.of(["QQ+,AKs", "JJ,TT,99,AQs"], ranges=True))
    >>> given = kernel_inputs(q.players, q.board, np.zeros(0, np.int64), None)
    >>> given.mode == JOINT, given.boards, sampling_loops(q.players, 0).name
    (True, 1, 'sample-ranges')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ...core import COMBOS, Rules, cpu_threads
from ...evaluator import Loops, cuda_present, kernel_tables, requested, runs_on
from .._combo_codes import COMBO_BITS
from .._model import Player, combo_indices
from .costs import (
    DRAW_COST,
    WEIGHTED,
    boards_per_draw,
    deals_from_deck,
    draw_seconds,
    fit_rate,
    method,
    trial_seconds,
)
from .groups import GROUP_ROWS, RangeGroups
from .numpy_loop import is_ranged

HAND, RANGED, RANDOM = 0, 1, 2
"""A player's kind, as the compiled loop reads it."""

CARD_CODES = combo_indices(np.stack(np.divmod(np.arange(52 * 52), 52), axis=1)).reshape(52, 52)
"""(52, 52) the index into ``COMBOS`` of two cards, either order (-1 for a card twice); the compiled
loop reads it (not marked read-only: numba would compile its loops anew for a read-only array)."""


@dataclass(frozen=True, eq=False)
class KernelInputs:
    """A question as the compiled loop reads it (:func:`~pysolver.odds._sampling.kernel.run_block`)."""

    mode: int
    kinds: np.ndarray
    hand_words: np.ndarray
    offsets: np.ndarray
    combo_bits: np.ndarray
    combo_words: np.ndarray
    cumulative: np.ndarray
    groups: RangeGroups
    unseen: np.ndarray
    pair_bits: np.ndarray
    pair_words: np.ndarray
    combo_codes: np.ndarray
    pair_codes: np.ndarray
    known: np.uint64
    board_words: np.ndarray
    board_left: int
    shuffled: bool
    card_codes: np.ndarray
    boards: int = 1

    def segments(self) -> np.ndarray:
        """Where each range's rows of ``cumulative`` start, then each group's, then the end."""
        return np.concatenate([self.offsets[:-1], self.offsets[-1] + self.groups.row_offsets]).astype(np.int64)

    def arguments(self, chance: np.ndarray, other: np.ndarray) -> tuple:
        """The loop's arguments after the state and the trial count, before the tables, given the
        alias tables of ``cumulative``."""
        return (
            self.mode,
            self.kinds,
            self.hand_words,
            self.offsets,
            self.combo_bits,
            self.combo_words,
            self.cumulative,
            chance,
            other,
            self.groups.bounds,
            self.groups.row_offsets,
            self.groups.combos,
            self.groups.bits,
            self.groups.uniform,
            self.groups.floors,
            self.unseen,
            self.pair_bits,
            self.pair_words,
            self.combo_codes,
            self.pair_codes,
            self.known,
            self.board_words,
            self.board_left,
            self.shuffled,
            self.card_codes,
            self.boards,
        )


def kernel_inputs(players, board: np.ndarray, known: np.ndarray, rules: Rules | None) -> KernelInputs:
    """The compiled loop's view of ``players`` on ``board`` with the ``known`` cards (hands, board, dead)."""
    tables = kernel_tables(rules)
    words = np.stack([tables.card_word0[:52], tables.card_word1[:52]], axis=1)
    bit = np.uint64(1) << np.arange(52, dtype=np.uint64)
    ranges = [p for p in players if is_ranged(p)]
    kinds = np.array([HAND if p.is_hand else RANDOM if p.is_random else RANGED for p in players], dtype=np.int64)
    hand_words = np.array([words[p.hole].sum(axis=0) if p.is_hand else (0, 0) for p in players], dtype=np.int64)
    offsets = np.cumsum([0] + [len(p.combos) for p in ranges]).astype(np.int64)
    combos = np.concatenate([p.combos for p in ranges]) if ranges else np.zeros((0, 2), np.int64)
    cumulative = [np.cumsum(p.weights, dtype=np.float64) for p in ranges]
    mode = method(players)
    groups = RangeGroups.of(ranges if mode != WEIGHTED else [], GROUP_ROWS)
    for g in range(len(groups.bounds) - 1):  # each range's combo as a row of the loop's combo arrays
        group = slice(groups.row_offsets[g], groups.row_offsets[g + 1])
        first, last = groups.bounds[g], groups.bounds[g + 1]
        groups.combos[group, : last - first] += offsets[first:last]
        cumulative.append(np.cumsum(groups.weights[group], dtype=np.float64))
    known_bits = np.bitwise_or.reduce(bit[known]) if len(known) else np.uint64(0)
    unseen = np.flatnonzero((bit & known_bits) == 0)
    rows = np.flatnonzero((COMBO_BITS & known_bits.astype(np.int64)) == 0)  # the pairs of unseen cards
    pair = COMBOS[rows]
    return KernelInputs(
        mode,
        kinds,
        hand_words,
        offsets,
        np.ascontiguousarray(bit[combos[:, 0]] | bit[combos[:, 1]]),
        words[combos[:, 0]] + words[combos[:, 1]],
        np.concatenate(cumulative) if cumulative else np.zeros(1),
        groups,
        unseen,
        COMBO_BITS[rows].astype(np.uint64),
        words[pair[:, 0]] + words[pair[:, 1]],
        combo_indices(combos),
        rows,
        np.uint64(known_bits),
        words[board].sum(axis=0).astype(np.int64) if len(board) else np.zeros(2, np.int64),
        5 - len(board),
        deals_from_deck(players, len(unseen), 5 - len(board)),
        CARD_CODES,
        boards_per_draw(players, len(board), mode, groups if mode != WEIGHTED else None),
    )


CODED = 12
"""Up to this many players, the compiled loop tallies trials by their set of winners (2 ** players codes)."""

PLAIN_LOOPS = Loops("sample", 5.5, ("pysolver.odds._sampling.blocks:_plain_blocks",))
"""The compiled loop of known hands and random players (:func:`~pysolver.odds._sampling.kernel.plain_loop`)."""
DECK_LOOPS = Loops("sample-deck", 2.8, ("pysolver.odds._sampling.blocks:_plain_deck_blocks",))
"""The same, dealing from a shuffled deck (:func:`deals_from_deck`)."""
RANGE_LOOPS = Loops(
    "sample-ranges",
    4.7,
    ("pysolver.odds._sampling.blocks:_exact_blocks", "pysolver.odds._sampling.draws:alias_tables"),
)
"""The compiled loop of range players drawn exactly (:func:`~pysolver.odds._sampling.kernel.exact_loop`),
one board to a draw of their combos."""
DRAW_LOOPS = Loops(
    "sample-draws",
    3.7,
    ("pysolver.odds._sampling.blocks:_exact_draws_blocks", "pysolver.odds._sampling.draws:alias_tables"),
)
"""The same, several boards to a draw (:func:`~pysolver.odds._sampling.costs.boards_per_draw`: many
ranges that collide)."""
FULL_LOOPS = Loops(
    "sample-full",
    6.3,
    ("pysolver.odds._sampling.blocks:_any_blocks", "pysolver.odds._sampling.draws:alias_tables"),
)
"""The compiled loop of weighted draws of colliding ranges, a breakdown, or more than :data:`CODED` players."""


def sampling_loops(players: Sequence[Player], board_size: int, observed: bool = False) -> Loops:
    """The compiled loops that would deal the trials of ``players`` on a board of ``board_size``
    cards (the unseen cards reckoned without the dead ones), with a breakdown (``observed``) or not.

    >>> from pysolver.odds._model import Player
    >>> sampling_loops([Player.hand([51, 47]), Player.hand([43, 42])], 0).name
    'sample'
    """
    mode = method(players)
    if observed or len(players) > CODED or mode == WEIGHTED:
        return FULL_LOOPS
    ranges = [p for p in players if is_ranged(p)]
    if ranges:
        several = boards_per_draw(players, board_size, mode, RangeGroups.of(ranges, GROUP_ROWS)) > 1
        return DRAW_LOOPS if several else RANGE_LOOPS
    unseen = 52 - board_size - 2 * sum(p.is_hand for p in players)
    return DECK_LOOPS if deals_from_deck(players, unseen, 5 - board_size) else PLAIN_LOOPS


GPU_TRIALS = 1 << 22
"""Trials from which a run of known and random hands goes to a GPU where one answers (and no
backend is named): some 40 ms of two CPU cores, a millisecond of a GPU."""
GPU_TRIAL_SECONDS = 1e-9
"""A trial's seconds on a GPU, for a run's estimate: a billion trials a second (a GPU of the H100
class deals tens of billions; the simulator, thousands)."""


def sampling_backend(players: Sequence[Player], board_size: int, trials: int, threads: int, observed: bool) -> str:
    """The backend that deals ``trials`` trials of the question: the one the work was given (``cuda``
    too: :mod:`.gpu`); a GPU where one answers, for :data:`GPU_TRIALS` trials or more of known and
    random hands; numba where its loop is ready or the run outlasts its compile on numpy; else
    numpy (:func:`~pysolver.evaluator._backends.runs_on`)."""
    named = requested()
    if named == "cuda":
        return "cuda"
    gpu_work = not observed and trials >= GPU_TRIALS and all(p.is_hand or p.is_random for p in players)
    if named is None and gpu_work and cuda_present():  # (numba's CUDA module loads here: a long run)
        return "cuda"
    seconds = {kernel: sampling_seconds(players, board_size, trials, threads, kernel) for kernel in ("numpy", "numba")}
    return runs_on(sampling_loops(players, board_size, observed), seconds["numpy"], seconds["numba"])


def sampling_seconds(players, board_size: int, trials: int, threads: int, kernel: str) -> float:
    """About how long ``trials`` trials of ``players`` take on ``threads`` threads (of the cores
    there are) on ``kernel`` (``"numba"``, loaded, or ``"numpy"``).

    >>> from pysolver.odds._model import Player
    >>> 0 < sampling_seconds([Player.hand([51, 47]), Player.hand([43, 42])], 0, 10**6, 1, "numba") < 1
    True
    """
    if kernel == "cuda":
        return trials * GPU_TRIAL_SECONDS
    per_trial = trial_seconds(players, board_size, kernel)
    ranges = [p for p in players if is_ranged(p)]
    if kernel == "numba" and ranges:
        mode = method(players)
        groups = RangeGroups.of(ranges, GROUP_ROWS) if mode != WEIGHTED else None
        per_trial += draw_seconds(players, mode, groups) / boards_per_draw(players, board_size, mode, groups)
    elif kernel != "numba" and len(ranges) > 2:
        per_trial += DRAW_COST * len(ranges) / max(fit_rate(players), 1e-12)
    return trials * per_trial * 1e-9 / max(1, min(threads, cpu_threads()))


__all__ = [
    "GPU_TRIALS",
    "GPU_TRIAL_SECONDS",
    "HAND",
    "RANGED",
    "RANDOM",
    "CARD_CODES",
    "KernelInputs",
    "kernel_inputs",
    "CODED",
    "PLAIN_LOOPS",
    "DECK_LOOPS",
    "RANGE_LOOPS",
    "DRAW_LOOPS",
    "FULL_LOOPS",
    "sampling_loops",
    "sampling_backend",
    "sampling_seconds",
]
