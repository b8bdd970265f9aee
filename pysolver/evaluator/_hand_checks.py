"""The checks of card arrays given to the evaluator: shape, card range, distinct cards.

>>> bad_card(np.array([[0, 1, 52]]))
InvalidCardError('invalid card index 52: must be 0..51')
"""

from __future__ import annotations

import numpy as np

from ..core import Card, CardCountError, DuplicateCardError, InvalidCardError


def check_hands(hands: np.ndarray) -> np.ndarray:
    """The hands viewed as unsigned integers (a negative index then reads as too big), for the
    range check; the takes read the hands as given (an int64 index needs no conversion)."""
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise CardCountError(f"hands of shape {hands.shape}: expected (N, k) with k = 5, 6 or 7")
    if not np.issubdtype(hands.dtype, np.integer):
        raise InvalidCardError(f"hands of dtype {hands.dtype}: expected integer card indices")
    if np.issubdtype(hands.dtype, np.signedinteger):
        hands = hands.view(np.dtype(hands.dtype.str.replace("i", "u")))
    return hands


def bad_card(hands: np.ndarray) -> InvalidCardError:
    bad = hands[(hands < 0) | (hands > 51)].flat[0]
    return InvalidCardError(f"invalid card index {bad}: must be 0..51")


def check_distinct_cards(hands: np.ndarray) -> None:
    bits = np.zeros(len(hands), dtype=np.uint64)
    for j in range(hands.shape[1]):
        bits |= np.left_shift(np.uint64(1), hands[:, j].astype(np.uint64))
    repeated = np.flatnonzero(np.bitwise_count(bits) != hands.shape[1])
    if repeated.size:
        row = hands[repeated[0]].tolist()
        card = next(c for c in row if row.count(c) > 1)
        raise DuplicateCardError(f"duplicate card '{Card(card)}' in hand {repeated[0]} ({row})")


__all__ = ["check_hands", "bad_card", "check_distinct_cards"]
