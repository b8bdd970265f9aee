"""Values from the sums of card keys, with numpy: the evaluator's path without the compiled kernel.

Batches are accumulated column by column, ``acc += table[hands[:, j]]``, in steps of
:data:`ROWS_PER_STEP` rows so the temporaries stay in cache (faster than summing the
fancy-indexed (N, 7) block along rows). Lookups with indices valid by construction use
``mode="clip"``, as ``mode="raise"`` buffers ``out``.

    >>> board = card_keys(np.array([48, 44, 40, 0, 1]))       # Ac Kc Qc 2c 2d
    >>> evaluate_keys(board + card_keys(np.array([[36, 32], [2, 3]]))).tolist()
    [7462, 7308]
"""

from __future__ import annotations

import numpy as np

from ..core import InvalidCardError, RulesLike
from ._game_tables import LANE_SHIFT, WORD0, WORD0_BIASED, WORD1, GameTables, game_tables
from ._hand_checks import bad_card
from ._shipped_tables import FLUSH_BIAS, FLUSH_CHECK, RANK_KEY_MASK, RANK_SHIFT, SUIT_SHIFT

ROWS_PER_STEP = 1 << 15


def _values_into(word0: np.ndarray, flush_masks, out: np.ndarray, scratch: np.ndarray, tables: GameTables) -> None:
    """Values into ``out`` from word 0 of the hands *plus* :data:`FLUSH_BIAS` (``word0`` and
    ``scratch``, of the same shape, are overwritten); ``flush_masks(rows)`` gives word 1 of
    the rows that hold a flush. Indices are valid by construction, so takes use mode="clip"
    (mode="raise" buffers ``out``). A flush row takes the better of its flush value and its
    value without the flush (the flush, unless a variant orders a hand above flushes)."""
    offsets, rank_values, flush_values = tables.offsets, tables.rank_values, tables.flush_values
    rows = np.flatnonzero(np.bitwise_and(word0, FLUSH_CHECK, out=scratch) != 0)  # (bool: faster)
    lane_shift = LANE_SHIFT[scratch[rows] >> (SUIT_SHIFT + 3)]
    np.bitwise_and(word0, RANK_KEY_MASK, out=word0)  # the rank key
    np.right_shift(word0, RANK_SHIFT, out=scratch)
    offsets.take(scratch, out=scratch, mode="clip")
    scratch += word0  # its perfect-hash slot
    rank_values.take(scratch, out=out, mode="clip")
    if rows.size:
        out[rows] = np.maximum(out[rows], flush_values[(flush_masks(rows) >> lane_shift) & 0x1FFF])


def numpy_rows(
    hands: np.ndarray, unsigned: np.ndarray, out: np.ndarray, tables: GameTables, start: int, stop: int
) -> int:
    """The numpy path on rows ``start..stop`` into ``out``: the first row of a chunk with a card
    outside 0..51 (its values unwritten), or -1."""
    k = hands.shape[1]
    word0, part, scratch = np.empty((3, min(stop - start, ROWS_PER_STEP)), dtype=np.int64)
    for first in range(start, stop, ROWS_PER_STEP):
        last = min(first + ROWS_PER_STEP, stop)
        chunk, size = hands[first:last], last - first
        if unsigned[first:last].max() > 51:
            return first + int(np.argmax((unsigned[first:last] > 51).any(axis=1)))
        acc, extra = word0[:size], part[:size]
        WORD0_BIASED.take(chunk[:, 0], out=acc, mode="clip")
        for j in range(1, k):
            WORD0.take(chunk[:, j], out=extra, mode="clip")
            acc += extra
        _values_into(
            acc, lambda rows, chunk=chunk: WORD1[chunk[rows]].sum(axis=1), out[first:last], scratch[:size], tables
        )
    return -1


def card_keys(cards: np.ndarray) -> np.ndarray:
    """Keys of card sets along the last axis: (..., k) card indices -> (..., 2) int64.

    >>> bool((card_keys(np.array([51, 47])) == card_keys(np.array([51])) + card_keys(np.array([47]))).all())
    True
    """
    cards = np.asarray(cards)
    if cards.ndim == 0 or not np.issubdtype(cards.dtype, np.integer):
        raise InvalidCardError(f"cards {cards!r}: expected an integer array with a card axis last")
    if cards.size and (cards.min() < 0 or cards.max() > 51):
        raise bad_card(cards)
    words = np.zeros((2,) + cards.shape[:-1], dtype=np.int64)
    for j in range(cards.shape[-1]):  # column by column: no (..., k, 2) block
        words[0] += WORD0.take(cards[..., j])
        words[1] += WORD1.take(cards[..., j])
    return np.stack(list(words), axis=-1)


def evaluate_keys(keys: np.ndarray, rules: RulesLike = None) -> np.ndarray:
    """Values of hands given by their keys, (..., 2) -> (...) int16 (5 to 7 cards each)."""
    keys = np.asarray(keys, dtype=np.int64)
    tables = game_tables(rules)
    if keys.shape[-1:] != (2,):
        raise ValueError(f"keys of shape {keys.shape}: the last axis must hold the 2 key words")
    flat = keys.reshape(-1, 2)
    out = np.empty(len(flat), dtype=np.int16)
    word0, scratch = np.empty((2, min(len(flat), ROWS_PER_STEP)), dtype=np.int64)
    for start in range(0, len(flat), ROWS_PER_STEP):
        chunk = flat[start : start + ROWS_PER_STEP]
        size = len(chunk)
        np.add(chunk[:, 0], FLUSH_BIAS, out=word0[:size])
        _values_into(
            word0[:size], lambda rows, chunk=chunk: chunk[rows, 1], out[start : start + size], scratch[:size], tables
        )
    return out.reshape(keys.shape[:-1])


__all__ = ["ROWS_PER_STEP", "numpy_rows", "card_keys", "evaluate_keys"]
