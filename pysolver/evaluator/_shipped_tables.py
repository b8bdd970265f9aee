"""The evaluator's lookup tables: how they are built from the reference ranking, and loaded.

Three small tables (about 220 KB in all) answer every 5-, 6- or 7-card hand:

``rank_values``
    the value (1..7462) of every rank multiset of 5, 6 or 7 cards, for hands
    without a flush, at the perfect-hash slot of its *rank key* (below);
``rank_offsets``
    the perfect hash: slot = ``key + rank_offsets[key >> RANK_SHIFT]``;
``flush_values``
    the value of the flush suit's 13-bit rank mask (0 when fewer than five bits).

The rank key of a hand is the sum of one multiplier per card rank
(:data:`RANK_MULTIPLIERS`, the constants of OMPEval by Henrik Mattsson, ISC
licence), chosen so that every multiset of 0..7 cards with at most four of a
rank has its own sum, below 2**25. The 73,775 keys of 5-, 6- and 7-card
multisets are packed into 85,866 slots by row displacement (rows of 4,096 keys,
first fit, most-filled row first), each row starting at an even slot, so that
the compiled kernel keeps the rows' starts halved in 16 bits (16 KB, which
stays in a core's first-level cache beside the card words).

Values are built by definition: a five-card class's value is 1 + its position
among :func:`pysolver.evaluator._reference.hand_classes`; a 6- or 7-card multiset (or
flush mask) gets the maximum over its five-card subsets. Building the values
takes about 0.1 s, but finding the displacement offsets takes about 20 s, so
the tables ship as ``pysolver/data/evaluator_tables.npz``, written by
``python scripts/build_evaluator_tables.py``; the tests rebuild the values from
the reference and compare them with the shipped file.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations
from pathlib import Path

import numpy as np

from ._reference import hand_classes, rank_pattern

RANK_MULTIPLIERS = np.array(
    [
        0x2000,
        0x8001,
        0x11000,
        0x3A000,
        0x91000,
        0x176005,
        0x366000,
        0x41A013,
        0x47802E,
        0x479068,
        0x48C0E4,
        0x48F211,
        0x494493,
    ],
    dtype=np.int64,
)
RANK_KEY_BITS = 25
RANK_SHIFT = 12
RANK_KEY_MASK = (1 << RANK_KEY_BITS) - 1  # word 0 of a key: the rank key in bits 0..24,
SUIT_SHIFT = 32  # the number of cards of each suit, 4 bits each, from bit 32
FLUSH_BIAS = 0x3333 << SUIT_SHIFT  # a suit count of 5+ then sets the top bit of its nibble
FLUSH_CHECK = 0x8888 << SUIT_SHIFT
BAD_CARD = 1 << 60  # the kernel's word 0 of a card index outside 0..51
FLUSH_OR_BAD = (FLUSH_CHECK | (0xF << 60)) - (1 << 64)  # either, as a signed int64
TABLES_PATH = Path(__file__).parent.parent / "data" / "evaluator_tables.npz"


def rank_multisets(size: int, most: int = 4) -> np.ndarray:
    """(n, 13) every multiset of ``size`` ranks with at most ``most`` of each, as rank counts.

    >>> rank_multisets(2).shape, rank_multisets(5).shape
    ((91, 13), (6175, 13))
    """
    rows = np.zeros((1, 0), dtype=np.int64)
    for _ in range(13):
        left = size - rows.sum(axis=1)
        grown = [
            np.column_stack([rows[left >= m], np.full((int((left >= m).sum()), 1), m)])
            for m in range(min(most, size) + 1)
        ]
        rows = np.concatenate(grown)
    return rows[rows.sum(axis=1) == size]


def multiset_ranks(counts: np.ndarray) -> np.ndarray:
    """Counts (M, 13) of equal total k -> ranks (M, k), ascending."""
    return np.stack([np.repeat(np.arange(13), row) for row in counts])


def five_card_values() -> tuple[dict[int, int], dict[int, int]]:
    """Value of each five-card rank key (offsuit) and of each five-bit rank mask (suited)."""
    value = {cls: i + 1 for i, cls in enumerate(hand_classes())}
    offsuit = {
        int(RANK_MULTIPLIERS[list(ranks)].sum()): value[rank_pattern(ranks, suited=False)]
        for ranks in map(tuple, multiset_ranks(rank_multisets(5)))
    }
    suited = {
        sum(1 << r for r in ranks): value[rank_pattern(ranks, suited=True)] for ranks in combinations(range(13), 5)
    }
    return offsuit, suited


def _best_of_subsets(ranks: np.ndarray, five_value) -> np.ndarray:
    """Max over the five-card subsets of each row of ``ranks`` (M, k) of ``five_value(ranks5)``."""
    subsets = np.array(list(combinations(range(ranks.shape[1]), 5)))
    return np.max([five_value(ranks[:, s]) for s in subsets], axis=0)


def deck_multisets(size: int, faces: Sequence[int] = range(13)) -> np.ndarray:
    """(n, 13) rank counts of every multiset of ``size`` cards of a deck with these ranks."""
    counts = rank_multisets(size)
    outside = np.setdiff1d(np.arange(13), faces)
    return counts[counts[:, outside].sum(axis=1) == 0]


def rank_value_items(
    offsuit: dict[int, int] | None = None, faces: Sequence[int] = range(13)
) -> tuple[np.ndarray, np.ndarray]:
    """(keys, values) of every 5-, 6- and 7-card rank multiset, best five cards without a flush.

    ``offsuit`` maps a five-card rank key to its value (the reference's by default).
    """
    offsuit = five_card_values()[0] if offsuit is None else offsuit
    five_keys = np.array(sorted(offsuit), dtype=np.int64)
    five_vals = np.array([offsuit[k] for k in five_keys], dtype=np.int16)
    keys, values = [], []
    for size in (5, 6, 7):
        ranks = multiset_ranks(deck_multisets(size, faces))
        keys.append(RANK_MULTIPLIERS[ranks].sum(axis=1))
        values.append(
            _best_of_subsets(ranks, lambda r5: five_vals[np.searchsorted(five_keys, RANK_MULTIPLIERS[r5].sum(axis=1))])
        )
    return np.concatenate(keys), np.concatenate(values)


def flush_value_table(suited: dict[int, int] | None = None, faces: Sequence[int] = range(13)) -> np.ndarray:
    """(8192,) int16: the best flush value of a suit's 13-bit rank mask (0 below five bits).

    ``suited`` maps a five-bit rank mask to its value (the reference's by default).
    """
    suited = five_card_values()[1] if suited is None else suited
    table = np.zeros(1 << 13, dtype=np.int16)
    five = np.array(sorted(suited))
    five_vals = np.array([suited[m] for m in five], dtype=np.int16)
    for size in (5, 6, 7):
        ranks = np.array(list(combinations(faces, size)))
        masks = (1 << ranks).sum(axis=1)
        table[masks] = _best_of_subsets(ranks, lambda r5: five_vals[np.searchsorted(five, (1 << r5).sum(axis=1))])
    return table


def displacement_offsets(keys: np.ndarray, shift: int = RANK_SHIFT, step: int = 2) -> np.ndarray:
    """Offsets making ``keys + offsets[keys >> shift]`` distinct and small (row displacement), each
    row's start (the slot of its column 0, ``(row << shift) + offset``) a multiple of ``step``."""
    rows, cols = keys >> shift, keys & ((1 << shift) - 1)
    order = np.argsort(rows, kind="stable")
    rows, cols = rows[order], cols[order]
    n_rows = int(rows.max()) + 1
    bounds = np.searchsorted(rows, np.arange(n_rows + 1))
    taken = np.zeros(8 * len(keys) + (2 << shift), dtype=bool)
    offsets = np.zeros(n_rows, dtype=np.int64)
    first_free = 0
    for row in np.argsort(-np.diff(bounds), kind="stable"):
        row_cols = cols[bounds[row] : bounds[row + 1]]
        if len(row_cols) == 0:
            continue
        start = max(0, first_free - int(row_cols[0]))
        start -= start % step
        while True:  # first fit, 2048 candidate starts at a time
            candidates = start + step * np.arange(2048)
            clash = taken[candidates[:, None] + row_cols[None, :]].any(axis=1)
            if not clash.all():
                start = int(candidates[np.argmin(clash)])
                break
            start += step * 2048
        taken[start + row_cols] = True
        while taken[first_free]:
            first_free += 1
        offsets[row] = start - (row << shift)
    return offsets


def build_shipped_tables() -> dict[str, np.ndarray]:
    """All tables from the reference ranking (about 20 s, for the displacement search)."""
    keys, values = rank_value_items()
    offsets = displacement_offsets(keys)
    slots = keys + offsets[keys >> RANK_SHIFT]
    rank_values = np.zeros(int(slots.max()) + 1, dtype=np.int16)
    rank_values[slots] = values
    return {
        "rank_offsets": offsets.astype(np.int32),
        "rank_values": rank_values,
        "flush_values": flush_value_table(),
        "classes": np.array([cls + (-1,) * (6 - len(cls)) for cls in hand_classes()], dtype=np.int8),
    }


@lru_cache(maxsize=1)
def load_shipped_tables() -> dict[str, np.ndarray]:
    """The shipped tables (read once, a few milliseconds)."""
    with np.load(TABLES_PATH) as data:
        return {name: data[name] for name in data.files}


__all__ = [
    "RANK_MULTIPLIERS",
    "RANK_KEY_BITS",
    "RANK_SHIFT",
    "RANK_KEY_MASK",
    "SUIT_SHIFT",
    "FLUSH_BIAS",
    "FLUSH_CHECK",
    "BAD_CARD",
    "FLUSH_OR_BAD",
    "TABLES_PATH",
    "rank_multisets",
    "multiset_ranks",
    "five_card_values",
    "deck_multisets",
    "rank_value_items",
    "flush_value_table",
    "displacement_offsets",
    "build_shipped_tables",
    "load_shipped_tables",
]
