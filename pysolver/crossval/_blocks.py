"""Random runs dealt block by block: the same deals however the run is split, in bounded memory.

A random run of ``count`` deals from ``seed`` is cut into blocks of a fixed
size; block ``b`` is dealt from its own seed, :func:`block_seed` of ``(seed,
b)``. A task deals only the blocks it checks, so no process ever holds more
than a block's work, and the deals depend on the seed and the count alone:
not on the number of tasks, workers or machines, nor on which tasks a resume
file already holds. :class:`Tasks` is the run's list of tasks, made one at a
time when asked for, so a billion deals cost no more memory than a thousand.

    >>> tasks = Tasks(2500, 1000, lambda index, start, stop: (index, start, stop))
    >>> len(tasks), tasks[2]
    (3, (2, 2000, 2500))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np


def block_seed(seed: int, block: int) -> int:
    """The seed of block ``block`` of the run seeded ``seed``: ``seed`` itself for the first
    block (a run of one block deals what one call with ``seed`` deals), then independent
    streams (numpy's :class:`~numpy.random.SeedSequence` of the pair).

    >>> block_seed(7, 0), block_seed(7, 1) == block_seed(7, 1) != block_seed(7, 2)
    (7, True)
    """
    if block == 0:
        return seed
    return int(np.random.SeedSequence([seed, block]).generate_state(1, np.uint64)[0] >> np.uint64(1))


def dealt_rows(deal: Callable[[int, int], Any], seed: int, block: int, count: int, start: int, stop: int) -> list:
    """Rows ``start .. stop`` (0-based, end excluded) of a run of ``count`` rows whose block
    ``b`` is ``deal(n, block_seed(seed, b))``, ``n`` its ``block`` rows (the last one fewer):
    the blocks that overlap the rows, each dealt on its own, cut to them.

    >>> rows = lambda n, s: np.random.default_rng(s).integers(0, 9, n)
    >>> whole = np.concatenate(dealt_rows(rows, 7, 4, 10, 0, 10))
    >>> bool((np.concatenate(dealt_rows(rows, 7, 4, 10, 3, 9)) == whole[3:9]).all())
    True
    """
    parts = []
    for b in range(start // block, -(-stop // block)):
        first = b * block
        rows = deal(min(block, count - first), block_seed(seed, b))
        parts.append(rows[max(start - first, 0) : stop - first])
    return parts


class Tasks(Sequence):
    """The tasks of a run of ``rows`` rows in tasks of ``size`` rows: task ``i`` is
    ``make(i, start, stop)``, made when asked for."""

    def __init__(self, rows: int, size: int, make: Callable[[int, int, int], tuple]):
        self.rows, self.size, self._make = rows, size, make

    def __len__(self) -> int:
        return -(-self.rows // self.size)

    def __getitem__(self, i):  # an index, not a slice
        if not -len(self) <= i < len(self):
            raise IndexError(i)
        i %= len(self)
        return self._make(i, i * self.size, min((i + 1) * self.size, self.rows))

    def __iter__(self) -> Iterator[tuple]:
        return (self[i] for i in range(len(self)))


__all__ = ["block_seed", "dealt_rows", "Tasks"]
