"""The evaluator's 7-card values, laid out for the odds engine's enumerations.

Seven cards hold at most one flush, and a 7-card hand with a flush can hold no
full house or four of a kind (the two cards off the suit cannot make both). So
the value of seven cards is::

    max(RANK_VALUE[rank key], FLUSH_VALUE[ranks of suit c], .. [ranks of suit s])

where the *rank key* adds one weight per card (:data:`RANK_WEIGHTS`, chosen so
that every multiset of up to seven ranks, four at most of each, has its own
sum) and ``FLUSH_VALUE`` is 0 for fewer than five ranks. Both tables are filled
once, on first use, by calling the project's evaluator
(:func:`pysolver.evaluator.evaluate_batch`) on one representative hand per
entry: 49,205 rank multisets and 4,719 flush masks. Values are the evaluator's:
1..7462, higher is better.

Because keys and masks are additive over disjoint cards, the engine adds a
board's part once and each player's part per holding.

    >>> t = hand_tables()
    >>> cards = [51, 47, 43, 39, 35, 0, 1]            # As Ks Qs Js Ts 2c 2d
    >>> t.values(CARD_RANK_KEY[cards].sum(keepdims=True), CARD_BITS[cards].sum(keepdims=True)).tolist()
    [7462]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from ..core import Rules
from ..evaluator import deck_multisets

RANK_WEIGHTS = np.array([0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181], dtype=np.int64)
"""Per-rank weights whose sums are distinct for every multiset of <= 7 ranks with <= 4 of each."""

CARD_RANK_KEY = RANK_WEIGHTS[np.arange(52) >> 2]
"""(52,) the rank-key part of each card."""
CARD_BITS = np.int64(1) << (16 * (np.arange(52, dtype=np.int64) & 3) + (np.arange(52) >> 2))
"""(52,) each card as one bit: suit ``s`` owns bits 16*s .. 16*s+12, one per rank."""
SUIT_MASK = 0x1FFF


@dataclass(frozen=True)
class HandTables:
    """``rank_value[rank key]`` for hands without a flush and ``flush_value[13-bit mask]``."""

    rank_value: np.ndarray
    flush_value: np.ndarray

    def values(self, rank_keys, bits) -> np.ndarray:
        """Values of 7-card hands given their summed :data:`CARD_RANK_KEY` and :data:`CARD_BITS`."""
        bits = np.asarray(bits, dtype=np.int64)
        value = self.rank_value.take(rank_keys, mode="clip")  # keys are valid by construction;
        field = np.empty_like(bits)  # take is faster than indexing
        for suit in range(4):
            np.bitwise_and(np.right_shift(bits, 16 * suit, out=field), SUIT_MASK, out=field)
            np.maximum(value, self.flush_value.take(field, mode="clip"), out=value)
        return value


def fill_hand_tables(
    evaluate_batch: Callable[[np.ndarray], np.ndarray], faces: Sequence[int] = range(13)
) -> HandTables:
    """Fill both tables by evaluating one representative 7-card hand per entry.

    ``faces`` are the ranks of the deck (a variant's deck may have fewer); the
    entries of other ranks stay 0, as the odds engine counts their cards as dead.
    """
    counts = deck_multisets(7, faces)
    ranks = np.repeat(np.tile(np.arange(13), (len(counts), 1)).ravel(), counts.ravel()).reshape(-1, 7)
    # Ranks sorted, copies of a rank adjacent: cycling the suits gives them distinct suits
    # and every suit at most two cards, so no flush.
    cards = 4 * ranks + np.arange(7) % 4
    keys = counts @ RANK_WEIGHTS
    rank_value = np.zeros(int(RANK_WEIGHTS[-1]) * 4 + int(RANK_WEIGHTS[-2]) * 3 + 1, dtype=np.uint16)
    rank_value[keys] = evaluate_batch(cards)
    flush_value = np.zeros(SUIT_MASK + 1, dtype=np.uint16)
    for size in (5, 6, 7):
        suited = np.array(list(combinations(faces, size)), dtype=np.int64)
        flush_value[(1 << suited).sum(axis=1)] = evaluate_batch(4 * suited + 3)
    return HandTables(rank_value, flush_value)


def hand_tables(rules: Rules | None = None) -> HandTables:
    """The tables built from the project's evaluator (built once per game, about 0.1 s).

    ``rules`` is a variant (:mod:`pysolver.core._rules`); its deck's cards only.
    """
    return _built(None if rules is None or rules.is_standard else rules)


@lru_cache(maxsize=8)
def _built(rules: Rules | None) -> HandTables:
    from ..evaluator import evaluate_batch

    faces = range(13) if rules is None else rules.faces
    return fill_hand_tables(lambda hands: evaluate_batch(hands, rules=rules), faces)


__all__ = ["RANK_WEIGHTS", "CARD_RANK_KEY", "CARD_BITS", "SUIT_MASK", "HandTables", "fill_hand_tables", "hand_tables"]
