"""Seven-card hands in showdown groups: the hands sharing their top five cards (the board).

Hands sharing their top five cards ``c2 .. c6`` form a *showdown group*: one showdown whose
players hold the hole pairs ``(c0, c1)`` on the board ``c2 .. c6``. :class:`ShowdownGroups`
holds groups as flat sorted hands (hole pair first, as
:func:`~pysolver.crossval._compare.compare_hands` reads them); :func:`group_hands` groups
any hands.

    >>> g = group_hands(np.array([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 7], [0, 2, 1, 3, 4, 5, 6]]))
    >>> g.groups, g.sizes.tolist(), g.weights.tolist()
    (2, [1, 1], [2, 1])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, eq=False)
class ShowdownGroups:
    """Seven-card hands in showdown groups: group g is ``hands[offsets[g]:offsets[g + 1]]``,
    hands sharing their top five cards (the board) that differ in their two lowest (the hole).

    ``hands`` is (N, 7) int8 card indices ((N, 5) in the five-card run), each row ascending;
    ``weights`` (N,) int64 the hands each row stands for (None: one each).

    >>> g = group_hands(np.array([[0, 1, 2, 5, 6, 7, 8], [0, 1, 3, 5, 6, 7, 8], [0, 2, 3, 5, 6, 7, 8],
    ...                           [1, 2, 3, 5, 6, 7, 8]]))
    >>> g.boards.tolist(), g.hole_groups()[-1].tolist(), g.seats.tolist()
    ([[2, 5, 6, 7, 8], [3, 5, 6, 7, 8]], [[0, 1], [0, 2], [1, 2]], [0, 0, 1, 2])
    """

    hands: np.ndarray
    offsets: np.ndarray
    weights: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def groups(self) -> int:
        """The number of groups (showdowns)."""
        return len(self.offsets) - 1

    @property
    def sizes(self) -> np.ndarray:
        """(G,) the number of hands (players) in each group."""
        return np.diff(self.offsets)

    @property
    def boards(self) -> np.ndarray:
        """(G, 5) the board of each group."""
        return self.hands[self.offsets[:-1], 2:]

    @property
    def holes(self) -> np.ndarray:
        """(N, 2) the hole pair of each hand."""
        return self.hands[:, :2]

    @property
    def seats(self) -> np.ndarray:
        """(N,) each hand's place in its group (its player number in the showdown)."""
        return np.arange(len(self.hands)) - np.repeat(self.offsets[:-1], self.sizes)

    def hole_groups(self) -> list[np.ndarray]:
        """The hole pairs of each group, a list of (k_g, 2) views: ``asp_answers(g.hole_groups(),
        g.boards, rules)``."""
        return np.split(self.holes, self.offsets[1:-1])

    def select(self, first: int, last: int) -> ShowdownGroups:
        """Groups ``first`` .. ``last - 1``."""
        lo, hi = int(self.offsets[first]), int(self.offsets[last])
        return ShowdownGroups(
            self.hands[lo:hi],
            self.offsets[first : last + 1] - lo,
            None if self.weights is None else self.weights[lo:hi],
        )

    def rows(self, start: int, stop: int) -> ShowdownGroups:
        """Hands ``start`` .. ``stop - 1``, the groups cut at the edges."""
        inner = self.offsets[(self.offsets > start) & (self.offsets < stop)]
        offsets = np.concatenate([[start], inner, [stop]] if stop > start else [[start]]) - start
        return ShowdownGroups(
            self.hands[start:stop], offsets.astype(np.int64), None if self.weights is None else self.weights[start:stop]
        )

    def batches(self, max_hands: int) -> Iterator[ShowdownGroups]:
        """Runs of whole groups of at most ``max_hands`` hands each (a larger group alone)."""
        first = 0
        while first < self.groups:
            last = max(first + 1, int(np.searchsorted(self.offsets, self.offsets[first] + max_hands, "right")) - 1)
            yield self.select(first, last)
            first = last


def _offsets(boards: np.ndarray) -> np.ndarray:
    """Where the groups of rows with these (sorted) boards start, and the end."""
    return np.concatenate([[0], np.flatnonzero(boards[1:] != boards[:-1]) + 1, [len(boards)]]).astype(np.int64)


def group_hands(hands: np.ndarray, weights: np.ndarray | None = None) -> ShowdownGroups:
    """Hands (N, 7) of card indices in showdown groups, in colex order; equal hands become one
    row whose weight is the sum of theirs (each 1 without ``weights``).

    >>> group_hands(np.array([[9, 0, 1, 2, 3, 4, 5], [0, 6, 1, 2, 3, 4, 5], [6, 0, 1, 2, 3, 4, 5]])).weights
    array([2, 1])
    """
    hands = np.asarray(hands, dtype=np.int64)
    if not len(hands):
        return ShowdownGroups(np.empty((0, 7), np.int8), np.zeros(1, np.int64), np.empty(0, np.int64))
    key = (np.int64(1) << hands).sum(axis=1)  # colex order = order of the card bits
    order = np.argsort(key, kind="stable")
    key = key[order]
    first = np.flatnonzero(np.concatenate([[True], key[1:] != key[:-1]]))
    weights = np.ones(len(hands), np.int64) if weights is None else np.asarray(weights, np.int64)
    key = key[first] & (key[first] - 1)
    return ShowdownGroups(
        np.sort(hands[order[first]], axis=1).astype(np.int8),
        _offsets(key & (key - 1)),
        np.add.reduceat(weights[order], first),
    )


__all__ = ["ShowdownGroups", "group_hands"]
