"""The 1,326 combos and the 169 starting-hand classes they fall in.

A *combo* is one pair of hole cards, numbered in the order of
``itertools.combinations(range(52), 2)`` (``COMBOS[i]`` holds the two card
indices, lower first). A *class* is one of the 169 starting hands players
name: 13 pairs (``AA``, 6 combos each), 78 suited hands (``AKs``, 4 combos)
and 78 offsuit hands (``AKo``, 12 combos).

    >>> HAND_CLASSES[COMBO_CLASS[combo_index(51, 47)]], len(class_combos("AKs"))
    ('AKs', 4)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations

import numpy as np

from ._cards import RANKS, Card, quoted
from ._errors import RangeError

COMBOS: np.ndarray = np.array(list(combinations(range(52), 2)), dtype=np.int64)
"""(1326, 2) card indices of every combo, lower card first."""
COMBOS.setflags(write=False)


def _class_name(card_a: int, card_b: int) -> str:
    high, low = max(card_a >> 2, card_b >> 2), min(card_a >> 2, card_b >> 2)
    if high == low:
        return RANKS[high] * 2
    return RANKS[high] + RANKS[low] + ("s" if (card_a & 3) == (card_b & 3) else "o")


HAND_CLASSES: tuple[str, ...] = tuple(
    [RANKS[r] * 2 for r in range(12, -1, -1)]
    + [RANKS[h] + RANKS[lo] + s for s in "so" for h in range(12, -1, -1) for lo in range(h - 1, -1, -1)]
)
"""The 169 starting-hand classes: pairs AA..22, then suited AKs..32s, then offsuit AKo..32o."""

CLASS_INDEX: dict[str, int] = {name: i for i, name in enumerate(HAND_CLASSES)}
"""The index into :data:`HAND_CLASSES` of each class name (``'AKs'``)."""
COMBO_CLASS: np.ndarray = np.array([CLASS_INDEX[_class_name(a, b)] for a, b in COMBOS], dtype=np.int64)
"""(1326,) the class index (into :data:`HAND_CLASSES`) of every combo."""
COMBO_CLASS.setflags(write=False)
_COMBO_INDEX = {(int(a), int(b)): i for i, (a, b) in enumerate(COMBOS)}


def combo_index(card_a: Card | int, card_b: Card | int) -> int:
    """The index into :data:`COMBOS` of two hole cards, in either order.

    >>> combo_index(Card.parse("2c"), Card.parse("2d")), combo_index(51, 50)
    (0, 1325)
    """
    a, b = (c.index if isinstance(c, Card) else int(c) for c in (card_a, card_b))
    return _COMBO_INDEX[(min(a, b), max(a, b))]


def class_combos(name: str) -> np.ndarray:
    """Indices into :data:`COMBOS` of the combos of one class (``'AKs'`` -> 4 combos)."""
    if name not in CLASS_INDEX:
        raise RangeError(f"unknown starting hand {quoted(name)}")
    return np.flatnonzero(CLASS_INDEX[name] == COMBO_CLASS)


def combo_mask(cards: Iterable[Card | int]) -> np.ndarray:
    """(1326,) True for the combos that hold none of ``cards`` (read-only)."""
    return _combo_mask(_card_key(cards))


def _card_key(cards: Iterable[Card | int]) -> tuple[int, ...]:
    """Cards as their sorted indices, a key for the tables kept per set of cards."""
    return tuple(sorted({c.index if isinstance(c, Card) else int(c) for c in cards}))


@lru_cache(maxsize=256)
def _combo_mask(cards: tuple[int, ...]) -> np.ndarray:
    """:func:`combo_mask` of card indices, kept per set of cards."""
    gone = np.zeros(52, dtype=bool)
    gone[list(cards)] = True
    mask = ~(gone[COMBOS[:, 0]] | gone[COMBOS[:, 1]])
    mask.setflags(write=False)
    return mask


__all__ = ["COMBOS", "HAND_CLASSES", "CLASS_INDEX", "COMBO_CLASS", "combo_index", "class_combos", "combo_mask"]
