"""A Monte Carlo run's sums: per player the wins, ties and shares, and each equity's standard error.

Every backend's trials end here, block by block on the CPU (:mod:`.sampler`) or counted on a GPU
(:mod:`.gpu`), so that one place says how a tally and its standard errors follow from them.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._model import Tally

MIN_TRIALS = 1000
"""Trials before a standard error is trusted to stop a run."""


@dataclass
class Sums:
    """Weighted sums of trials, of a run or block by block (a leading axis): per player (``rows``)
    the wins, ties, shares, then over the draws (the trials dealt to one draw of the range
    players' combos, weighing ``w`` each, ``b`` of them, the player's shares summed over them
    ``s``; without range players, each trial) ``w**2 * s**2`` and ``w**2 * b * s``; ``totals`` the
    trials, the sum of their weights, the sum over the draws of ``(w * b)**2``, the attempts
    (rejected ones too), the draws. A draw is one term of the standard error: its trials share
    the combos."""

    rows: np.ndarray
    totals: np.ndarray

    @classmethod
    def none(cls, players: int) -> Sums:
        """The sums of no trial."""
        return cls(np.zeros((5, players)), np.zeros(5))

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
        return cls(rows, np.array([trials, weights.sum(), squared.sum(), trials, trials], dtype=np.float64))

    @classmethod
    def of_counts(cls, counts: np.ndarray) -> Sums:
        """The sums of trials counted (P, P) by who won and how many split: ``counts[p, k - 1]`` the
        trials player ``p`` won with ``k - 1`` others, each trial weighing 1.

        >>> sums = Sums.of_counts(np.array([[6, 2], [0, 2]]))      # 8 trials: 6 won, 2 split
        >>> sums.tally().shares.tolist(), sums.trials
        ([7.0, 1.0], 8)
        """
        split = np.arange(1, counts.shape[1] + 1, dtype=np.float64)
        shares = (counts / split).sum(axis=1)
        trials = float(shares.sum())  # a trial split k ways is counted by its k winners
        rows = np.array([counts[:, 0], counts[:, 1:].sum(axis=1), shares, (counts / split**2).sum(axis=1), shares])
        return cls(rows.astype(np.float64), np.full(5, trials))

    @property
    def trials(self) -> int:
        return int(self.totals[0])

    @property
    def weight(self) -> float:
        return float(self.totals[1])

    def __getitem__(self, block: int) -> Sums:
        return Sums(self.rows[block], self.totals[block])

    def then(self, blocks: Sums) -> Sums:
        """The running sums after each of ``blocks`` in turn, added to these one block at a time
        (the same bits as a loop adding them)."""
        rows = np.cumsum(np.concatenate([self.rows[None], blocks.rows]), axis=0)[1:]
        return Sums(rows, np.cumsum(np.concatenate([self.totals[None], blocks.totals]), axis=0)[1:])

    def tally(self) -> Tally:
        """The tally, weights scaled so that the deals are the trials."""
        scale = self.trials / self.weight if self.weight else 0.0
        wins, ties, shares = (scale * row for row in self.rows[:3])
        return Tally(wins, ties, shares, float(self.trials))

    def stderr(self) -> np.ndarray:
        """Each equity's standard error, block by block too (infinite before two draws): the
        self-normalised one of a ratio of sums over the draws.

        >>> one = Sums(np.array([[3.0], [0.0], [3.0], [3.0], [3.0]]), np.array([6.0, 6.0, 6.0, 6.0, 6.0]))
        >>> two = Sums(np.array([[3.0], [0.0], [3.0], [5.0], [6.0]]), np.array([6.0, 6.0, 12.0, 6.0, 3.0]))
        >>> round(float(one.stderr()[0]), 4), round(float(two.stderr()[0]), 4)  # 3 of 6 won, 2 1 0 by twos
        (0.2236, 0.2887)
        """
        weight, squares, draws = (self.totals[..., i, None] for i in (1, 2, 4))
        rows = self.rows
        with np.errstate(divide="ignore", invalid="ignore"):
            mean = rows[..., 2, :] / weight
            spread = rows[..., 3, :] - 2 * mean * rows[..., 4, :] + mean**2 * squares
            error = np.sqrt(np.maximum(spread, 0.0) / weight**2 * draws / (draws - 1))
        return np.where(draws < 2, np.inf, error)


__all__ = ["MIN_TRIALS", "Sums"]
