"""Monte Carlo equity: seeded trials in blocks, on every thread, stopping at a count or a standard error.

A run's trials come in blocks of :data:`BLOCK` accepted trials (the last one
shorter). Block ``b`` is dealt by its own generator, derived from the seed and
``b`` alone; blocks run on up to ``threads`` threads at once and are summed in
block order, and the stopping rule (the trial count, or every equity's standard
error at most ``target_stderr`` once :data:`MIN_TRIALS` are in) is checked after
each block in that order (:func:`wave_sizes`: the blocks dealt between two looks).
So the seed decides every trial, and a run gives the same figures on any number
of threads; a run of one block takes one thread.

With numba (:func:`pysolver.evaluator.backend`) a block is dealt and valued in a
compiled loop (:mod:`pysolver.odds._sampling_kernel`), else with numpy
(:mod:`pysolver.odds._sampling_numpy`). The two draw the same distribution, not
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
    >>> one, _ = monte_carlo(players, np.array([], np.int64), trials=3000, seed=1, threads=1)
    >>> two, _ = monte_carlo(players, np.array([], np.int64), trials=3000, seed=1, threads=2)
    >>> one.deals, one.wins.tolist() == two.wins.tolist()
    (3000.0, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from ..core import COMBOS, Rules, run_parts
from ..evaluator import backend, kernel_tables
from ._hand_tables import CARD_BITS
from ._model import Player, Tally
from ._sampling_numpy import JointPair, never_fit, numpy_block
from ._sampling_plan import WEIGHTED, KernelInputs, kernel_inputs, method

BLOCK = 1 << 16
"""Accepted trials per block: a block is dealt by one generator, on one thread."""
MAX_TRIALS = 100_000_000
"""Most trials of a run (and of a run stopping at a standard error)."""
DEFAULT_TRIALS = 1_000_000
"""Trials of a run given neither a count nor a standard error."""
MIN_TRIALS = 1000
"""Trials before a standard error is trusted to stop a run."""
WAVE = 16
"""Most blocks a thread deals between two looks at progress and the stopping rule (about 30 ms)."""


@dataclass
class Sums:
    """Weighted sums of trials: per player wins, ties, shares, w**2 * share**2 and w**2 * share;
    the trials, the sums of the weights and of their squares, the attempts (rejected ones too)."""

    rows: np.ndarray
    trials: int = 0
    weight: float = 0.0
    weight_squares: float = 0.0
    attempts: int = 0

    @classmethod
    def of_values(cls, values: np.ndarray, weights: np.ndarray) -> Sums:
        """The sums of trials' hand values (players, trials) weighing ``weights`` (trials,)."""
        winners = values == values.max(axis=0)
        count = winners.sum(axis=0)
        share = winners / count
        squared = weights**2
        rows = np.array(
            [
                (winners & (count == 1)) @ weights,
                (winners & (count > 1)) @ weights,
                share @ weights,
                share**2 @ squared,
                share @ squared,
            ],
            dtype=np.float64,
        )
        trials = values.shape[1]
        return cls(rows, trials, float(weights.sum()), float(squared.sum()), trials)

    def add(self, other: Sums) -> None:
        self.rows += other.rows
        self.trials += other.trials
        self.weight += other.weight
        self.weight_squares += other.weight_squares
        self.attempts += other.attempts

    def tally(self) -> Tally:
        """The tally, weights scaled so that the deals are the trials."""
        scale = self.trials / self.weight if self.weight else 0.0
        wins, ties, shares = (scale * row for row in self.rows[:3])
        return Tally(wins, ties, shares, float(self.trials))

    def stderr(self) -> np.ndarray:
        """Each equity's standard error (infinite before two trials)."""
        if self.trials < 2:
            return np.full(self.rows.shape[1], np.inf)
        mean = self.rows[2] / self.weight
        spread = self.rows[3] - 2 * mean * self.rows[4] + mean**2 * self.weight_squares
        return np.sqrt(np.maximum(spread, 0.0) / self.weight**2 * self.trials / (self.trials - 1))


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
    """How a run's blocks are dealt: compiled (``inputs``) or with numpy, observed or not."""

    players: Sequence[Player]
    board: np.ndarray
    known_bits: int
    rules: Rules | None
    observe: bool
    inputs: KernelInputs | None = None
    joint: JointPair | None = field(default=None)
    tables: tuple[np.ndarray, np.ndarray] | None = None
    weighted: bool = False

    def alias(self) -> tuple[np.ndarray, np.ndarray]:
        """The alias tables of the compiled loop's weighted draws, made on first use."""
        assert self.inputs is not None
        if self.tables is None:
            from . import _sampling_kernel as kernel

            self.tables = kernel.alias_tables(self.inputs.cumulative, self.inputs.segments())
        return self.tables

    def block(self, seed: int, block: int, trials: int) -> tuple[Sums, np.ndarray | None, dict | np.ndarray | None]:
        """Block ``block`` of ``trials`` trials: its sums and, observed, its values and hole cards
        (numpy) or its per-combo sums (compiled: values None)."""
        if self.inputs is not None:
            from . import _sampling_draws as draws  # numba: imported on first use
            from . import _sampling_kernel as kernel

            players = len(self.players)
            sums = Sums(np.zeros((5, players)))
            totals = np.zeros(4)
            per_combo = np.zeros((players, len(COMBOS), 1 + 4 * players) if self.observe else (0, 0, 0))
            state = np.uint64(draws.block_state(seed, block))
            arguments = self.inputs.arguments(*self.alias())
            kernel.run_block(state, trials, *arguments, kernel_tables(self.rules), sums.rows, totals, per_combo)
            sums.trials, sums.weight, sums.weight_squares, sums.attempts = (
                int(totals[0]),
                float(totals[1]),
                float(totals[2]),
                int(totals[3]),
            )
            if sums.trials == 0:
                raise never_fit(self.players, sums.attempts)
            return sums, None, (per_combo if self.observe else None)
        values, weights, seen = numpy_block(
            seed,
            block,
            trials,
            self.players,
            self.board,
            self.known_bits,
            self.rules,
            self.joint,
            self.observe,
            self.weighted,
        )
        return Sums.of_values(values, weights), (values if self.observe else None), seen


def sampling_kernel() -> str:
    """Which loop deals a run's trials: ``"numba"`` (compiled) or ``"numpy"``, with a breakdown or not.

    >>> sampling_kernel() == backend()
    True
    """
    return "numba" if backend() == "numba" else "numpy"


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


def run_threads(trials: int, threads: int) -> int:
    """The threads a run of ``trials`` takes: one per block, ``threads`` at most.

    >>> run_threads(1000, 8), run_threads(10**6, 8), run_threads(10**6, 2)
    (1, 8, 2)
    """
    return max(1, min(threads, -(-trials // BLOCK)))


def wave_sizes(blocks: int, threads: int, stopping: bool) -> list[int]:
    """The blocks of each wave of a run of ``blocks`` blocks on ``threads`` threads: the threads
    share a wave's blocks, and progress and the stopping rule are looked at between waves. Up to
    :data:`WAVE` blocks a thread. A run ``stopping`` at a standard error deals no block it does not
    need on one thread, and on more starts at one block a thread and doubles (so dealing at most
    about twice the blocks it needs).

    >>> wave_sizes(16, 2, stopping=False), wave_sizes(40, 2, stopping=True), wave_sizes(3, 1, stopping=True)
    ([16], [2, 4, 8, 16, 10], [1, 1, 1])
    """
    sizes, done, size = [], 0, threads if stopping else WAVE * threads
    most = 1 if stopping and threads == 1 else WAVE * threads
    while done < blocks:
        sizes.append(min(size, blocks - done))
        done += sizes[-1]
        size = min(2 * size, most)
    return sizes


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
) -> tuple[Tally, np.ndarray]:
    """Sample deals until ``trials`` are accepted or every equity's standard error is <= ``target_stderr``.

    Under a variant's ``rules`` the cards outside its deck must be among ``dead``.

    ``players`` are :class:`~pysolver.odds._model.Player`: a known hand, a range whose combos avoid
    the known cards, or a random player, dealt from the unseen cards. Returns
    the tally (deals = accepted trials) and the standard error of each equity.
    ``observe`` (an :class:`Observer`) follows each block's trials, for a breakdown: the
    compiled loop sums them per combo, the numpy path shows each trial.
    ``threads`` blocks are dealt at once; the figures do not depend on it.
    """
    board = np.asarray(board, dtype=np.int64)
    fixed = [p.hole for p in players if p.is_hand]
    known = np.concatenate(fixed + [board, np.asarray(dead, dtype=np.int64)]).astype(np.int64)
    sampler = Sampler(players, board, int(CARD_BITS[known].sum()), rules, observe is not None)
    if sampling_kernel() == "numba":
        sampler.inputs = kernel_inputs(players, board, known, rules)
        sampler.alias()  # once, before the threads read it
    else:  # observed trials count alike: weighted draws only when not observed
        sampler.joint = JointPair.of(players)
        sampler.weighted = observe is None and method(players) == WEIGHTED
    limit = trials if trials is not None else (MAX_TRIALS if target_stderr is not None else DEFAULT_TRIALS)
    threads = run_threads(limit, threads)
    total = Sums(np.zeros((5, len(players))))
    blocks = -(-limit // BLOCK)
    done = False
    first = 0
    for size in wave_sizes(blocks, threads, stopping=target_stderr is not None):
        wave = range(first, first + size)
        first += size
        parts = run_parts(
            lambda b: sampler.block(seed, b, min(BLOCK, limit - b * BLOCK)), list(wave), min(threads, len(wave))
        )
        for sums, values, seen in parts:  # in block order; the stopping rule after each block
            total.add(sums)
            if observe is not None and values is not None and isinstance(seen, dict):
                observe.observe(values, seen)
            elif observe is not None and isinstance(seen, np.ndarray):
                observe.add(seen, sums.trials, sums.weight)
            stderr = total.stderr()
            if target_stderr is not None and total.trials >= MIN_TRIALS and stderr.max() <= target_stderr:
                done = True
                break
        if progress is not None:
            progress(total.trials, limit)
        if done:
            break
    return total.tally(), total.stderr()


__all__ = [
    "BLOCK",
    "MAX_TRIALS",
    "DEFAULT_TRIALS",
    "MIN_TRIALS",
    "WAVE",
    "Sums",
    "Observer",
    "Sampler",
    "sampling_kernel",
    "trial_limit",
    "run_threads",
    "wave_sizes",
    "monte_carlo",
]
