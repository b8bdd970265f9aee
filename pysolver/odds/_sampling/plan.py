"""What the compiled sampler is given, how it draws colliding ranges, and how long a run takes.

:func:`kernel_inputs` lays a question out as the compiled loop
(:mod:`pysolver.odds._sampling.kernel`) reads it and chooses how the range players'
combos are drawn: in groups (:mod:`~pysolver.odds._sampling.groups`), whole
assignments redrawn, while most of them fit; else, three ranges or more, by
importance weighting, whichever :func:`fit_rate` (the chance that independent
draws fit together, estimated pair by pair) makes cheaper.
:func:`sampling_seconds` estimates a run's time.

    >>> from pysolver.core import Situation
    >>> from pysolver.odds._model import Question
    >>> q = Question.of(Situation.of(["QQ+"] * 6, ranges=True))
    >>> round(fit_rate(q.players), 4)            # pair by pair; in fact 19440 / 18 ** 6 = 0.0006
    0.0076
    >>> method(q.players) == WEIGHTED
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from ...core import COMBOS, Rules, cpu_threads
from ...evaluator import Loops, cuda_present, kernel_tables, requested, runs_on
from .._combo_codes import COMBO_BITS
from .._model import Player, combo_indices
from .groups import GROUP_ROWS, RangeGroups
from .numpy_loop import is_ranged

REJECT, JOINT, WEIGHTED = 0, 1, 2
"""How the range players' combos are drawn (as :mod:`pysolver.odds._sampling.kernel` reads it)."""
HAND, RANGED, RANDOM = 0, 1, 2
"""A player's kind, as the compiled loop reads it."""

DRAW_COST = 8.0
"""Nanoseconds of one weighted draw of a combo in the compiled loop (a random number, a search)."""
SCAN_COST = 1.5
"""Nanoseconds per combo of a scan over a range (importance weighting reads each range twice)."""
TRIAL_COST = (4.0, 2.7, 2.5)
"""Nanoseconds of a compiled trial on one core: fixed, per player valued, per card dealt (known hands
and random players preflop: 19 ns for two known hands, 24 against a random hand, 52 against five)."""
NUMPY_TRIAL_COST = (20.0, 30.0, 10.0)
"""The same for the numpy path."""
DECK_REDRAWS = 2.0
"""Redrawn pairs a trial (expected) past which the compiled loop deals from a shuffled deck."""
CARD_CODES = combo_indices(np.stack(np.divmod(np.arange(52 * 52), 52), axis=1)).reshape(52, 52)
"""(52, 52) the index into ``COMBOS`` of two cards, either order (-1 for a card twice); the compiled
loop reads it (not marked read-only: numba would compile its loops anew for a read-only array)."""


def fit_rate(players: Sequence[Player]) -> float:
    """The chance that the range players' combos, drawn independently by weight, share no card:
    the product over pairs of players of the chance that their two combos fit."""
    ranges = [p for p in players if is_ranged(p)]
    holds, combos = [], []
    for player in ranges:
        chance = player.weights / player.weights.sum()
        card = np.zeros(52)
        np.add.at(card, player.combos[:, 0], chance)
        np.add.at(card, player.combos[:, 1], chance)
        dense = np.zeros(1326)
        np.add.at(dense, player.indices, chance)
        holds.append(card)
        combos.append(dense)
    rate = 1.0
    for i, j in combinations(range(len(ranges)), 2):  # share a card: by each card, less the same combo counted twice
        rate *= max(0.0, 1.0 - float(holds[i] @ holds[j]) + float(combos[i] @ combos[j]))
    return rate


def method(players: Sequence[Player]) -> int:
    """``JOINT`` for two range players, else ``REJECT`` or ``WEIGHTED``, whichever costs less."""
    ranges = [p for p in players if is_ranged(p)]
    if len(ranges) == 2:
        return JOINT
    if len(ranges) < 2:
        return REJECT
    rejecting = DRAW_COST * len(ranges) / max(fit_rate(players), 1e-12)
    weighting = 2 * SCAN_COST * sum(len(p.combos) for p in ranges) + DRAW_COST * len(ranges)
    return WEIGHTED if weighting < rejecting else REJECT


def redraws(unseen: int, random_players: int, board_left: int) -> float:
    """The pairs (and single card) a trial redraws, expected, dealing ``random_players`` pairs then
    ``board_left`` board cards, two at a time, from ``unseen`` cards: a pick with ``u`` of them taken
    holds one with chance ``p``, and is drawn ``1 / (1 - p)`` times.

    >>> round(redraws(50, 1, 5), 2), round(redraws(50, 5, 5), 2)  # AhKh and one or five random players
    (0.41, 2.69)
    """
    total, taken = 0.0, 0
    for size in [2] * (random_players + board_left // 2) + [1] * (board_left % 2):
        free = unseen - taken
        clear = free * (free - 1) / (unseen * (unseen - 1)) if size == 2 else free / unseen
        total += 1 / clear - 1
        taken += size
    return total


def deals_from_deck(players: Sequence[Player], unseen: int, board_left: int) -> bool:
    """Whether the compiled loop deals the random players and the board from a shuffled deck (a
    partial Fisher–Yates shuffle a trial, no card redrawn) rather than by pairs redrawn while they
    hold a card taken: without range players (whose cards the deck would have to skip), past
    :data:`DECK_REDRAWS` redrawn pairs a trial (five random players and more, preflop)."""
    if any(is_ranged(p) for p in players):
        return False
    return redraws(unseen, sum(p.is_random for p in players), board_left) > DECK_REDRAWS


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
"""The compiled loop of range players drawn exactly (:func:`~pysolver.odds._sampling.kernel.exact_loop`)."""
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
    if observed or len(players) > CODED or method(players) == WEIGHTED:
        return FULL_LOOPS
    if any(is_ranged(p) for p in players):
        return RANGE_LOOPS
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
    fixed, per_player, per_card = TRIAL_COST if kernel == "numba" else NUMPY_TRIAL_COST
    cards = 5 - board_size + 2 * sum(p.is_random for p in players)
    per_trial = fixed + per_player * len(players) + per_card * cards
    ranges = [p for p in players if is_ranged(p)]
    if len(ranges) > 2:
        if kernel == "numba" and method(players) == WEIGHTED:
            per_trial += 2 * SCAN_COST * sum(len(p.combos) for p in ranges)
        else:
            per_trial += DRAW_COST * len(ranges) / max(fit_rate(players), 1e-12)
    return trials * per_trial * 1e-9 / max(1, min(threads, cpu_threads()))


__all__ = [
    "GPU_TRIALS",
    "GPU_TRIAL_SECONDS",
    "REJECT",
    "JOINT",
    "WEIGHTED",
    "HAND",
    "RANGED",
    "RANDOM",
    "fit_rate",
    "method",
    "redraws",
    "deals_from_deck",
    "CARD_CODES",
    "KernelInputs",
    "kernel_inputs",
    "CODED",
    "PLAIN_LOOPS",
    "DECK_LOOPS",
    "RANGE_LOOPS",
    "FULL_LOOPS",
    "sampling_loops",
    "sampling_backend",
    "sampling_seconds",
]
