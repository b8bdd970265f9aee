"""Monte Carlo equity on an NVIDIA GPU (the ``cuda`` backend): every trial a function of the seed and its number.

Trial ``t`` of a run seeded ``s`` is dealt by splitmix64 started at
:func:`~pysolver.odds._sampling.draws.block_state` ``(s, t)`` (the state the CPU sampler
gives its block ``t``): a partial Fisher-Yates shuffle of the unseen cards (in card order),
each pick exactly uniform (:func:`~pysolver.odds._sampling.draws.below`), deals the random
players two cards each in seat order, then the board's cards to come; every player's hand is
valued and the players holding the best split the trial. A GPU thread deals every
``gridsize``-th trial and adds its counts to the run's once, at the end: the counts are sums over
the trials, so a seed gives the same integers on any GPU, with any number of threads, and in
numba-cuda's simulator (the tests run it there, against this paragraph replayed in plain Python).

A run of ``trials`` deals trials ``0 .. trials - 1``; a run to a standard error deals
:data:`WAVE` trials at a time and stops after the first wave at which every equity's standard
error is at most the target. Players are known hands and random hands (ranges sample on the
CPU), under any rule book's tables.

    >>> from pysolver.odds._sampling.draws import _mix, block_state
    >>> _mix((run_base(7) + 3 * 0xD1B54A32D192ED03) % 2**64) == block_state(7, 3)   # trial 3 of seed 7
    True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ...core import PokerInputError, Rules
from ...evaluator import block_threads, cuda_module, cuda_tables, kernel_tables, simulated
from ...rulebook import rules_of
from .._model import Player, Tally
from .sums import MIN_TRIALS, Sums

WAVE = 1 << 24
"""Trials a run to a standard error deals between two looks at it (about a millisecond on a GPU)."""
GPU_THREADS = 1 << 18
"""Most GPU threads a launch takes (each deals every ``GPU_THREADS``-th trial)."""
SIMULATED_THREADS = 64
"""GPU threads a launch takes in numba-cuda's simulator (a Python thread each)."""


def check_gpu_question(players: Sequence[Player], breakdown: bool = False) -> None:
    """Refuse, in one line, what the GPU does not sample: a breakdown, a range."""
    if breakdown:
        raise PokerInputError("backend 'cuda': a breakdown samples on numpy or numba")
    ranged = [p.name for p in players if not (p.is_hand or p.is_random)]
    if ranged:
        raise PokerInputError(
            f"backend 'cuda': Monte Carlo of known and random hands; {ranged[0]!r} is a range "
            "(ranges sample on numpy or numba)"
        )


def run_base(seed: int) -> int:
    """The state a run seeded ``seed`` adds each trial's step to: trial ``t`` starts at
    ``mix(base + t * step)``, :func:`~.draws.block_state` ``(seed, t)`` (imported here: the
    generators' module loads numba, which waits for the kernel)."""
    from .draws import _MASK64, _mix

    return _mix((seed + 0x9E3779B97F4A7C15) & _MASK64)


def gpu_counts(
    players: Sequence[Player],
    board: np.ndarray,
    dead: np.ndarray,
    seed: int,
    first: int,
    count: int,
    rules: Rules | None = None,
    threads: int | None = None,
) -> np.ndarray:
    """The counts (P, P) of trials ``first .. first + count - 1``, dealt from the rules' deck less
    the known hands, the board and ``dead``: ``[p, k - 1]`` the trials player ``p`` won with
    ``k - 1`` others. ``threads``: GPU threads of the launch (None: as many as
    the trials take, :data:`GPU_THREADS` at most; the counts do not depend on it)."""
    from . import gpu_kernel

    check_gpu_question(players)
    cuda = cuda_module()
    rules = rules_of(rules)
    tables = kernel_tables(rules)
    known = np.concatenate([p.hole for p in players if p.is_hand] + [board, dead, rules.removed]).astype(np.int64)
    unseen = np.setdiff1d(np.arange(52), known).astype(np.int64)
    takes = np.array([0 if p.is_hand else 2 for p in players], dtype=np.int64)
    words = np.zeros((len(players), 2), dtype=np.int64)
    for i, p in enumerate(players):
        if p.is_hand:
            words[i] = tables.card_word0[p.hole].sum(), tables.card_word1[p.hole].sum()
    board0, board1 = int(tables.card_word0[board].sum()), int(tables.card_word1[board].sum())
    left = 5 - len(board)
    if takes.sum() + left > len(unseen):
        raise PokerInputError(f"{len(unseen)} unseen cards cannot deal {int(takes.sum()) + left}")
    counts = cuda.to_device(np.zeros((len(players), len(players)), dtype=np.int64))
    per_block = block_threads()
    lanes = min(count, threads or (SIMULATED_THREADS if simulated() else GPU_THREADS))
    blocks = max(1, -(-lanes // per_block))
    gpu_kernel.trials[blocks, per_block](
        np.uint64(run_base(seed)),
        np.int64(first),
        np.int64(count),
        cuda.to_device(unseen),
        cuda.to_device(takes),
        cuda.to_device(words),
        np.int64(board0),
        np.int64(board1),
        np.int64(left),
        counts,
        *cuda_tables(tables),
    )
    return counts.copy_to_host()


def gpu_monte_carlo(
    players: Sequence[Player],
    board: np.ndarray,
    dead: np.ndarray,
    trials: int | None,
    target_stderr: float | None,
    seed: int,
    limit: int,
    progress: Callable[[int, int], None] | None = None,
    rules: Rules | None = None,
) -> tuple[Tally, np.ndarray]:
    """Sample ``trials`` trials, or waves of :data:`WAVE` until every equity's standard error is at
    most ``target_stderr`` (``limit`` trials at most), on the GPU: the tally and the errors."""
    board, dead = np.asarray(board, dtype=np.int64), np.asarray(dead, dtype=np.int64)
    counts = np.zeros((len(players), len(players)), dtype=np.int64)
    done = 0
    while done < limit:
        count = limit - done if target_stderr is None else min(WAVE, limit - done)
        counts += gpu_counts(players, board, dead, seed, done, count, rules)
        done += count
        if progress is not None:
            progress(done, limit)
        total = Sums.of_counts(counts)
        if target_stderr is not None and done >= MIN_TRIALS and total.stderr().max() <= target_stderr:
            break
    return total.tally(), total.stderr()


__all__ = ["WAVE", "GPU_THREADS", "check_gpu_question", "run_base", "gpu_counts", "gpu_monte_carlo"]
