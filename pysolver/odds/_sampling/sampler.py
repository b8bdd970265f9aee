"""Monte Carlo equity: seeded trials in blocks, on every thread, stopping at a count or a standard error.

A run's trials come in blocks of :data:`BLOCK` accepted trials (:data:`NUMPY_BLOCK`
on the numpy path; the last block shorter). Block ``b`` is dealt by its own
generator, derived from the seed and ``b`` alone; blocks run on up to ``threads``
threads at once, several consecutive blocks a call (:func:`wave_calls`: calls
shrinking as the blocks left do, so the threads end together), and are summed in
block order, and the stopping rule (the trial count, or every equity's standard
error at most ``target_stderr`` once :data:`MIN_TRIALS` are in) is checked after
each block in that order (:func:`wave_sizes`: the blocks dealt between two looks).
So the seed decides every trial, and a run gives the same figures on any number
of threads; a run of one block takes one thread.

With numba (:func:`pysolver.evaluator.backend`) blocks are dealt and valued in a
compiled loop (:mod:`pysolver.odds._sampling.blocks`, a call's blocks one after
another in :mod:`pysolver.odds._sampling.kernel`), else with numpy
(:mod:`pysolver.odds._sampling.numpy_loop`). The two draw the same distribution, not
the same trials. A breakdown (an :class:`Observer`) is summed per combo in the
compiled loop, so it deals the trials of the same run without it; the numpy path
shows it each trial.

A trial's result for a player is its share of the pot (1, 1/k for a k-way tie,
or 0). Where trials are weighted (importance sampling of colliding ranges), the
equity is the weighted mean share and its standard error the usual
self-normalised one; unweighted, that is the sample standard deviation of the
share over the square root of the number of trials.

    >>> from pysolver.odds._model import Player
    >>> players = [Player.hand([51, 47]), Player.hand([43, 42])]      # AsKs vs QsQh
    >>> one, _ = monte_carlo(players, np.array([], np.int64), trials=200_000, seed=1, threads=1)
    >>> two, _ = monte_carlo(players, np.array([], np.int64), trials=200_000, seed=1, threads=2)
    >>> one.deals, one.wins.tolist() == two.wins.tolist()
    (200000.0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from ...core import COMBOS, Rules, run_parts
from ...evaluator import kernel_tables
from .._hand_tables import CARD_BITS
from .._model import Player, Tally
from .costs import WEIGHTED, method
from .gpu import check_gpu_question, gpu_monte_carlo
from .numpy_loop import JointPair, never_fit, numpy_block
from .plan import RANGED, KernelInputs, kernel_inputs, sampling_backend
from .sums import MIN_TRIALS, Sums

BLOCK = 1 << 13
"""Accepted trials per block of the compiled loop (some 0.15 ms heads-up preflop): a block is dealt
by one generator, on one thread."""
NUMPY_BLOCK = 1 << 16
"""Accepted trials per block on the numpy path (a numpy block costs some 0.3 ms beside its trials)."""
MAX_TRIALS = 100_000_000
"""Most trials of a run (and of a run stopping at a standard error)."""
DEFAULT_TRIALS = 1_000_000
"""Trials of a run given neither a count nor a standard error."""
WAVE = 1 << 20
"""Most trials a thread deals between two looks at progress and the stopping rule (about 30 ms)."""
LINE = 8
"""Numbers (float64) in a cache line of 64 bytes."""
CALL = 1 << 16
"""Most trials of a compiled call on several threads (about a millisecond heads-up): the most a
thread that the machine's other work holds up keeps from the others."""


class Observer(Protocol):
    """What follows a run's trials for a breakdown, block by block in block order."""

    def observe(self, values: np.ndarray, seen: dict) -> None:
        """A numpy block: its hand values (players, trials) and, per open player, its hole cards
        in each trial as card bits (``{player: (trials,)}``)."""

    def add(self, per_combo: np.ndarray, trials: int, weight: float) -> None:
        """A compiled block: per player, per combo (an index into ``COMBOS``) the trials' summed
        weight, then per player the weighted wins, ties, shares and squared shares; the block's
        trials and their summed weight."""


@dataclass
class Sampler:
    """How a run's blocks (of ``size`` trials) are dealt: compiled (``inputs``) or with numpy, observed or not."""

    players: Sequence[Player]
    board: np.ndarray
    known_bits: int
    rules: Rules | None
    observe: bool
    inputs: KernelInputs | None = None
    joint: JointPair | None = field(default=None)
    tables: tuple[np.ndarray, np.ndarray] | None = None
    weighted: bool = False
    size: int = BLOCK

    def alias(self) -> tuple[np.ndarray, np.ndarray]:
        """The alias tables of the compiled loop's weighted draws, made on first use."""
        assert self.inputs is not None
        if self.tables is None and not (self.inputs.kinds == RANGED).any():  # no draw by weight: every row kept
            self.tables = np.ones(len(self.inputs.cumulative)), np.arange(len(self.inputs.cumulative))
        if self.tables is None:
            from . import draws

            self.tables = draws.alias_tables(self.inputs.cumulative, self.inputs.segments())
        return self.tables

    def blocks(self, seed: int, first: int, count: int, rows: np.ndarray, totals: np.ndarray, limit: int) -> list:
        """Deal blocks ``first`` .. ``first + count - 1`` of a run of ``limit`` trials into their
        sums, ``rows`` and ``totals`` (:func:`block_lines`); what each shows a breakdown (None
        unobserved): its values and hole cards (numpy) or, compiled (one block a call), its
        per-combo sums."""
        trials = np.full(count, self.size)  # of blocks of ``size`` trials, the run's last one shorter
        trials[-1] = min(self.size, limit - self.size * (first + count - 1))
        if self.inputs is not None:
            from . import blocks as compiled  # numba: imported on first use

            players = len(self.players)
            per_combo = np.zeros((players, len(COMBOS), 2 + 4 * players)) if self.observe else None
            states = compiled.block_states(seed, first, count)
            tables = kernel_tables(self.rules)
            compiled.run_blocks(states, trials, self.inputs, self.alias(), tables, rows, totals, per_combo)
            if not totals[:, 0].all():
                raise never_fit(self.players, int(totals[:, 3].max()))
            return [per_combo if self.observe else None] * count
        shown = []
        question = (self.players, self.board, self.known_bits, self.rules, self.joint, self.observe)
        for k, block in enumerate(range(first, first + count)):
            values, weights, seen = numpy_block(seed, block, int(trials[k]), *question, self.weighted)
            one = Sums.of_values(values, weights)
            rows[k, : len(one.rows)], totals[k, : len(one.totals)] = one.rows, one.totals
            shown.append((values, seen) if self.observe else None)
        return shown


def block_lines(blocks: int, players: int) -> tuple[np.ndarray, np.ndarray]:
    """Zeroed room for the sums of ``blocks`` blocks: per block ``LINE`` rows of ``players`` and
    ``LINE`` totals (the loops fill 5 of each), 64-byte aligned: a block's sums on cache lines of its
    own, so threads dealing different blocks never write one line.

    >>> rows, totals = block_lines(3, 2)
    >>> rows.shape, totals.shape, rows.ctypes.data % 64, totals.ctypes.data % 64
    ((3, 8, 2), (3, 8), 0, 0)
    """
    size = blocks * LINE * (players + 1)
    buffer = np.zeros(size + LINE)
    room = buffer[(-buffer.ctypes.data % 64) // 8 :][:size]
    split = blocks * LINE * players
    return room[:split].reshape(blocks, LINE, players), room[split:].reshape(blocks, LINE)


def trial_limit(trials: int | None, target_stderr: float | None) -> int:
    """The most trials a run takes: ``trials``; to a standard error, the trials that bring the
    widest spread of a share (a coin's: 1/2) within it; else :data:`DEFAULT_TRIALS`.

    >>> trial_limit(5000, None), trial_limit(None, 0.001), trial_limit(None, None)
    (5000, 250000, 1000000)
    """
    if trials is not None:
        return trials
    if target_stderr is not None:
        if target_stderr**2 * MAX_TRIALS <= 0.25:  # finer than the most trials reach (or 0 squared)
            return MAX_TRIALS
        return int(min(MAX_TRIALS, max(MIN_TRIALS, np.ceil(0.25 / target_stderr**2 - 1e-9))))
    return DEFAULT_TRIALS


def block_trials(kernel: str) -> int:
    """Trials of a full block on ``kernel``, the backend that deals them: :data:`BLOCK` compiled,
    else :data:`NUMPY_BLOCK`.

    >>> block_trials("numba") == BLOCK, block_trials("numpy") == NUMPY_BLOCK
    (True, True)
    """
    return BLOCK if kernel == "numba" else NUMPY_BLOCK


def run_threads(trials: int, threads: int, kernel: str) -> int:
    """The threads a run of ``trials`` on ``kernel`` takes: one per block, ``threads`` at most (one
    on ``cuda``: the GPU's threads are its own).

    >>> run_threads(1, 8, "numba"), run_threads(10**6, 8, "numba"), run_threads(3 * BLOCK, 8, "numba")
    (1, 8, 3)
    """
    if kernel == "cuda":
        return 1
    return max(1, min(threads, -(-trials // block_trials(kernel))))


def wave_sizes(blocks: int, threads: int, stopping: bool, block: int = BLOCK) -> list[int]:
    """The blocks of each wave of a run of ``blocks`` blocks of ``block`` trials on ``threads``
    threads: the threads share a wave's blocks, and progress and the stopping rule are looked at
    between waves. Up to :data:`WAVE` trials a thread. A run ``stopping`` at a standard error deals
    no block it does not need on one thread, and on more starts at one block a thread and doubles
    (so dealing at most about twice the blocks it needs).

    >>> wave_sizes(16, 2, False, block=1 << 16), wave_sizes(40, 2, True, block=1 << 16), wave_sizes(3, 1, True)
    ([16], [2, 4, 8, 16, 10], [1, 1, 1])
    >>> wave_sizes(123, 2, stopping=False, block=1 << 13), wave_sizes(300, 1, stopping=False, block=1 << 13)
    ([123], [128, 128, 44])
    """
    most = 1 if stopping and threads == 1 else max(1, WAVE // block) * threads
    sizes, done, size = [], 0, threads if stopping else most
    while done < blocks:
        sizes.append(min(size, blocks - done))
        done += sizes[-1]
        size = min(2 * size, most)
    return sizes


def wave_calls(first: int, blocks: int, threads: int, observed: bool, most: int = 1) -> list[tuple[int, int]]:
    """The calls (first block, blocks) that deal a wave of ``blocks`` blocks from block ``first`` on
    ``threads`` threads, each thread taking the next call left as it comes free: one call on one
    thread; on more, calls of ``most`` blocks, then, as the blocks left run short, each call a
    ``2 * threads``-th of them (at least one), so that the threads end together, however unevenly
    they run. A breakdown takes a block a call (its sums per combo come a block at a time).

    >>> wave_calls(0, 123, 1, False, 8), wave_calls(10, 3, 2, True, 8)
    ([(0, 123)], [(10, 1), (11, 1), (12, 1)])
    >>> [count for _, count in wave_calls(0, 40, 2, False, 8)]
    [8, 8, 6, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1]
    """
    calls, left = [], blocks
    while left:
        count = 1 if observed else blocks if threads == 1 else max(1, min(most, left // (2 * threads)))
        calls.append((first + blocks - left, count))
        left -= count
    return calls


def monte_carlo(
    players: Sequence[Player],
    board: np.ndarray,
    dead: np.ndarray | Sequence[int] = (),
    trials: int | None = None,
    target_stderr: float | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    rules: Rules | None = None,
    observe: Observer | None = None,
    threads: int = 1,
    kernel: str | None = None,
) -> tuple[Tally, np.ndarray]:
    """Sample deals until ``trials`` are accepted or every equity's standard error is <= ``target_stderr``.

    Under a variant's ``rules`` the cards outside its deck must be among ``dead``.

    ``players`` are :class:`~pysolver.odds._model.Player`: a known hand, a range whose combos avoid
    the known cards, or a random player, dealt from the unseen cards. Returns
    the tally (deals = accepted trials) and the standard error of each equity.
    ``observe`` (an :class:`Observer`) follows each block's trials, for a breakdown: the
    compiled loop sums them per combo, the numpy path shows each trial.
    ``threads`` blocks are dealt at once; the figures do not depend on it. ``kernel``: the backend
    that deals them (None: :func:`~pysolver.odds._sampling.plan.sampling_backend` chooses); the
    figures depend on it and the seed.
    """
    board = np.asarray(board, dtype=np.int64)
    limit = trials if trials is not None else (MAX_TRIALS if target_stderr is not None else DEFAULT_TRIALS)
    if kernel is None:
        kernel = sampling_backend(players, len(board), limit, threads, observe is not None)
    if kernel == "cuda":
        check_gpu_question(players, breakdown=observe is not None)
        return gpu_monte_carlo(players, board, np.asarray(dead), trials, target_stderr, seed, limit, progress, rules)
    fixed = [p.hole for p in players if p.is_hand]
    known = np.concatenate(fixed + [board, np.asarray(dead, dtype=np.int64)]).astype(np.int64)
    sampler = Sampler(players, board, int(CARD_BITS[known].sum()), rules, observe is not None)
    if kernel == "numba":
        sampler.inputs = kernel_inputs(players, board, known, rules)
        sampler.alias()  # once, before the threads read it
    else:  # observed trials count alike: weighted draws only when not observed
        sampler.joint = JointPair.of(players)
        sampler.weighted = observe is None and method(players) == WEIGHTED
    threads = run_threads(limit, threads, kernel)
    size = sampler.size = block_trials(kernel)
    total, first = Sums.none(len(players)), 0
    for wave in wave_sizes(-(-limit // size), threads, target_stderr is not None, size):
        rows, totals = block_lines(wave, len(players))
        calls = [
            (start, count, rows[start - first : start - first + count], totals[start - first : start - first + count])
            for start, count in wave_calls(first, wave, threads, observe is not None, max(1, CALL // size))
        ]
        parts = run_parts(lambda call: sampler.blocks(seed, *call, limit), calls, threads)
        shown = [one for each in parts for one in each]
        sums = Sums(rows[:, :5], totals[:, :5])
        running = total.then(sums)
        kept, stopped = wave, False  # the stopping rule after each block, in block order
        if target_stderr is not None:
            stops = (running.totals[:, 0] >= MIN_TRIALS) & (running.stderr().max(axis=1) <= target_stderr)
            stopped = bool(stops.any())
            kept = int(stops.argmax()) + 1 if stopped else wave
        if observe is not None:
            for block, one in enumerate(shown[:kept]):
                if isinstance(one, tuple):
                    observe.observe(*one)
                else:
                    observe.add(one, sums[block].trials, sums[block].weight)
        total, first = running[kept - 1], first + wave
        if progress is not None:
            progress(total.trials, limit)
        if stopped:
            break
    return total.tally(), total.stderr()


__all__ = [
    "BLOCK",
    "NUMPY_BLOCK",
    "MAX_TRIALS",
    "DEFAULT_TRIALS",
    "WAVE",
    "CALL",
    "LINE",
    "Observer",
    "Sampler",
    "trial_limit",
    "block_trials",
    "run_threads",
    "wave_sizes",
    "wave_calls",
    "block_lines",
    "monte_carlo",
]
