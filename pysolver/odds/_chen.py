"""The Chen formula: Bill Chen's quick preflop score of two hole cards.

1. Score the highest card: A 10, K 8, Q 7, J 6, any other card half its face
   value (T 5, 9 4.5 .. 2 1).
2. A pair doubles it, at least 5 (22 scores 5).
3. Suited: +2.
4. Gap between the ranks (cards missing between them): 0 -> 0, 1 -> -1,
   2 -> -2, 3 -> -4, 4 or more -> -5.
5. +1 when the gap is 0 or 1 and both cards are below a queen (not for pairs).
6. Round half points up.

Scores run from -1 (72o, 82o) to 20 (AA); :func:`chen_normalized` maps them
linearly onto [0, 1] as ``(score + 1) / 21``.

    >>> chen_score("AA"), chen_score("KK"), chen_score("AKs"), chen_score("JTs"), chen_score("72o")
    (20, 16, 12, 9, -1)
    >>> chen_score("Ah Kh")
    12
    >>> round(chen_normalized("AKs"), 4)
    0.619
"""

from __future__ import annotations

import math

from ..core import CLASS_INDEX, HAND_CLASSES, RANKS, CardsLike, RangeError, parse_hole

CHEN_MIN, CHEN_MAX = -1, 20
_HIGH_CARD_POINTS = {12: 10.0, 11: 8.0, 10: 7.0, 9: 6.0}
_GAP_PENALTY = (0, -1, -2, -4)


def chen_points(high: int, low: int, suited: bool) -> float:
    """The unrounded Chen points of ranks ``high >= low`` (0 for a two .. 12 for an ace).

    >>> chen_points(5, 0, False)
    -1.5
    """
    if high < low:
        high, low = low, high
    points = _HIGH_CARD_POINTS.get(high, (high + 2) / 2)
    if high == low:
        return max(2 * points, 5.0)
    if suited:
        points += 2
    gap = high - low - 1
    points += _GAP_PENALTY[gap] if gap < len(_GAP_PENALTY) else -5
    if gap <= 1 and high < 10:
        points += 1
    return points


def _class_of(hand: str | CardsLike) -> tuple[int, int, bool]:
    if isinstance(hand, str):
        text = hand.strip()
        name = text[0:2].upper() + text[2:].lower()
        if name in CLASS_INDEX:
            return RANKS.index(name[0]), RANKS.index(name[1]), name.endswith("s")
    try:
        a, b = parse_hole(hand)
    except ValueError:
        raise RangeError(
            f"starting hand {hand!r}: write a class such as 'AKs', 'TT', '72o' or two cards such as 'Ah Kh'"
        ) from None
    return max(a.rank, b.rank), min(a.rank, b.rank), a.suit == b.suit


def chen_score(hand: str | CardsLike) -> int:
    """The Chen score, rounded half up, of a class (``'AKs'``) or two hole cards (``'AhKh'``)."""
    return math.ceil(chen_points(*_class_of(hand)))


def chen_normalized(hand: str | CardsLike) -> float:
    """The Chen score mapped onto [0, 1]: ``(score - CHEN_MIN) / (CHEN_MAX - CHEN_MIN)``."""
    return (chen_score(hand) - CHEN_MIN) / (CHEN_MAX - CHEN_MIN)


def chen_table() -> dict[str, int]:
    """The Chen score of each of the 169 classes, in :data:`HAND_CLASSES` order."""
    return {name: chen_score(name) for name in HAND_CLASSES}


__all__ = ["chen_points", "chen_score", "chen_normalized", "chen_table"]
