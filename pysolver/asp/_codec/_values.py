"""The numbers the encodings pack: ``hand_value/3`` (``tiebreak.lp``) and ``best_mask/3``
(``driver.lp``), read with the widths those files declare.

    >>> unpack_value((2 << ORDER_SHIFT) | (12 << LEAD_SHIFTS[0]) | (10 << LEAD_SHIFTS[1]) | (1 << 11))
    (2, (12, 10), (11,))
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...core import Card, Category

RANK_BITS = 13
"""``#const rank_bits`` of ``tiebreak.lp``: the kickers' part of ``hand_value/3``, one bit per rank."""
LEAD_BITS = 4
"""``#const lead_bits`` of ``tiebreak.lp``: the bits of a lead's rank in ``hand_value/3``."""
# hand_value: Order << ORDER_SHIFT | lead 0 << LEAD_SHIFTS[0] | lead 1 << LEAD_SHIFTS[1] | kicker bits.
ORDER_SHIFT = RANK_BITS + 2 * LEAD_BITS
LEAD_SHIFTS = (RANK_BITS + LEAD_BITS, RANK_BITS)
KICKER_MASK = (1 << RANK_BITS) - 1
_LEAD_MASK = (1 << LEAD_BITS) - 1
LEADS = {
    Category.ROYAL_FLUSH: 1,
    Category.STRAIGHT_FLUSH: 1,
    Category.FOUR_OF_A_KIND: 1,
    Category.FULL_HOUSE: 2,
    Category.FLUSH: 0,
    Category.STRAIGHT: 1,
    Category.THREE_OF_A_KIND: 1,
    Category.TWO_PAIR: 2,
    Category.PAIR: 1,
    Category.HIGH_CARD: 0,
}
"""How many leading ranks (``lead/4``) each category's ``hand_value`` holds."""
_KICKERS = tuple(tuple(r for r in range(RANK_BITS - 1, -1, -1) if mask >> r & 1) for mask in range(1 << RANK_BITS))


def unpack_value(value: int) -> tuple[int, tuple[int, int], tuple[int, ...]]:
    """A ``hand_value``'s parts: the category's place in ``category_order/2``, both lead
    slots, and the kicker ranks high to low.

    >>> unpack_value((5 << ORDER_SHIFT) | (1 << 12) | (1 << 3))
    (5, (0, 0), (12, 3))
    """
    return (
        value_place(value),
        tuple((value >> s) & _LEAD_MASK for s in LEAD_SHIFTS),  # type: ignore[return-value]
        _KICKERS[value & KICKER_MASK],
    )


def value_place(value: int) -> int:
    """The category's place in ``category_order/2`` that a ``hand_value`` holds.

    >>> value_place((5 << ORDER_SHIFT) | (1 << 12))
    5
    """
    return value >> ORDER_SHIFT


def tiebreak_from_value(category: Category, value: int) -> tuple[int, ...]:
    """The tie-break ranks a ``hand_value`` holds (convention of :mod:`pysolver.core._categories`)."""
    leads = tuple((value >> shift) & _LEAD_MASK for shift in LEAD_SHIFTS)[: LEADS[category]]
    return leads + _KICKERS[value & KICKER_MASK]


BOARD_SLOTS = 5
"""``#const board_slots`` of ``driver.lp``: the low bits of ``best_mask/3``, one per board slot."""
# best_mask (driver.lp): bit J for board slot J (the board in card order), plus 2^BOARD_SLOTS times
# the sum of (index + 1) over the hole cards that play.
_BOARD_MASK = (1 << BOARD_SLOTS) - 1
_SLOTS = tuple(tuple(j for j in range(BOARD_SLOTS) if mask >> j & 1) for mask in range(1 << BOARD_SLOTS))


def best_cards(mask: int, hole: Sequence[Card], board: Sequence[Card]) -> list[Card] | None:
    """The cards a ``best_mask`` names: board slots (``board`` sorted) then hole cards;
    None for a mask no answer of the encodings gives (a slot past the board, a hole-card
    sum no subset of the two hole cards has). The caller checks the count.

    >>> from pysolver import Deal
    >>> [str(c) for c in best_cards(0b00111 | 32 * (51 + 1), Deal.parse(["As 2d", "Kh Kd"]).players[0],
    ...                              Deal.parse(["As 2d", "Kh Kd"], "Qs Js Ts").board)]
    ['Ts', 'Js', 'Qs', 'As']
    >>> best_cards(0b01000, Deal.parse(["As 2d", "Kh Kd"]).players[0], [])  # slot 3 of no board
    """
    ordered = sorted(board)
    a, b = hole[0].index + 1, hole[1].index + 1
    holes = {0: [], a: [hole[0]], b: [hole[1]], a + b: list(hole)}.get(mask >> BOARD_SLOTS)
    slots = _SLOTS[mask & _BOARD_MASK]
    if holes is None or (slots and slots[-1] >= len(ordered)):
        return None
    return [ordered[j] for j in slots] + holes


def best_mask_slots(hands: np.ndarray, masks: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`best_cards` for a batch: hands (N, k) of card indices (two hole cards, then the
    board) and their ``best_mask`` values (N,). Returns the seven slots (N, 7) -- the board
    sorted in 0..4 (-1 past the board), the hole cards sorted in 5 and 6 --, which of them each
    mask takes (N, 7), and whether each mask is one the encodings give (N,).

    >>> slots, taken, ok = best_mask_slots(np.array([[51, 2, 40, 36, 32]]), np.array([0b00111 | 32 * 52]))
    >>> slots[taken].tolist(), ok.tolist()
    ([32, 36, 40, 51], [True])
    """
    board = np.sort(hands[:, 2:], axis=1)
    pad = np.full((len(hands), BOARD_SLOTS - board.shape[1]), -1, hands.dtype)
    slots = np.concatenate([board, pad, np.sort(hands[:, :2], axis=1)], axis=1)
    low, high = np.sort(hands[:, :2].astype(np.int64), axis=1).T + 1
    code = masks >> BOARD_SLOTS
    both = code == low + high
    taken = np.concatenate(
        [
            ((masks[:, None] >> np.arange(BOARD_SLOTS)) & 1).astype(bool),
            ((code == low) | both)[:, None],
            ((code == high) | both)[:, None],
        ],
        axis=1,
    )
    ok = ((code == 0) | taken[:, BOARD_SLOTS:].any(axis=1)) & ~((slots < 0) & taken).any(axis=1)
    return slots, taken, ok


__all__ = [
    "RANK_BITS",
    "LEAD_BITS",
    "ORDER_SHIFT",
    "LEAD_SHIFTS",
    "KICKER_MASK",
    "LEADS",
    "unpack_value",
    "value_place",
    "tiebreak_from_value",
    "BOARD_SLOTS",
    "best_cards",
    "best_mask_slots",
]
