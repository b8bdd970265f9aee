"""A pot's value of each class of five: the high pot's is the class itself, a low's the five's
pattern on the low's scale.

A low needs no table of its own: the counts of a five's ranks, its suit and its straight, packed as
the ASP ``hand_value`` is (:func:`scale_values`) and negated, so that higher is better for a low as
well. Under ace-to-five the rank mask of five different low ranks is itself the order: 8-6-4-3-A
beats 8-6-5-2-A because its mask is smaller. Which class of the rule book's high tables a five is
in says its rank multiset and whether it is suited (the rule book contract orders a flush above
high card and a straight flush above a straight, and names a straight by its top card), so
:func:`pot_tables` maps each class to its value in each pot: a five is valued once, by the high
tables, for every pot.

    >>> from pysolver import load_rules
    >>> o8 = load_rules("omaha_hi_lo")
    >>> tables = pot_tables(o8)
    >>> tables.shape                                   # (pots, the 7,462 classes and 0)
    (2, 7463)
    >>> int(tables[0, 7462]), bool(tables[1, 7462] == NO_HAND)   # a royal flush: no low
    (7462, True)
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..asp._codec import LEAD_SHIFTS, ORDER_SHIFT
from ..core import Category, Rules, scale_place
from ._game_tables import n_values

NO_HAND = np.iinfo(np.int64).min
"""A player's value for a pot that none of the player's fives plays for (no qualifying low)."""
_PLACES = np.arange(13)
_A5_ORDER = {
    Category.HIGH_CARD: 0,
    Category.PAIR: 1,
    Category.TWO_PAIR: 2,
    Category.THREE_OF_A_KIND: 3,
    Category.FULL_HOUSE: 4,
    Category.FOUR_OF_A_KIND: 5,
}


@lru_cache(maxsize=16)
def _scale_straights(rules: Rules, scale: str) -> tuple[np.ndarray, np.ndarray]:
    """The straights of a scale as (sorted rank masks, their top ranks): the rule book's, less
    those where the ace plays low under deuce-to-seven, none under ace-to-five."""
    runs = [] if scale == "ace_to_five" else [r for r in rules.straights if not (scale != "high" and r[0] == 12)]
    masks = np.array([sum(1 << r for r in run) for run in runs], dtype=np.int64)
    order = np.argsort(masks)
    return masks[order], np.array([run[-1] for run in runs], dtype=np.int64)[order]


def scale_order(rules: Rules, scale: str) -> np.ndarray:
    """(10,) each category's place on the scale (ace-to-five: by the pairs alone)."""
    if scale == "ace_to_five":
        return np.array([_A5_ORDER.get(Category(c), -1) for c in range(10)], dtype=np.int64)
    place = dict(zip(rules.order, rules.places))
    return np.array([place[Category(c)] for c in range(10)], dtype=np.int64)


def scale_values(fives: np.ndarray, scale: str, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The packed value (``hand_value`` of the ASP encodings, higher the better as a high hand)
    and the category of each five (M, 5) of card indices on a scale; a low takes the lowest.

    >>> from pysolver import load_rules
    >>> fives = np.array([[51, 0, 5, 10, 15], [20, 13, 10, 7, 0]])         # As 2c 3d 4h 5s, 7c 5d 4h 3s 2c
    >>> values, cats = scale_values(fives, "deuce_to_seven", load_rules("deuce_to_seven"))
    >>> values.tolist(), cats.tolist()                                 # A-5-4-3-2: ace high, no straight
    ([4111, 47], [0, 0])
    """
    ranks, suits = fives >> 2, fives & 3
    places = scale_place(ranks, scale)
    counts = (places[:, :, None] == _PLACES).sum(axis=1)
    ordered = np.sort(counts, axis=1)
    most, second = ordered[:, -1], ordered[:, -2]
    bits = ((counts == 1) << _PLACES).sum(axis=1)
    flush = (suits == suits[:, :1]).all(axis=1) & (scale != "ace_to_five")
    run_masks, run_tops = _scale_straights(rules, scale)
    rank_bits = ((ranks[:, :, None] == _PLACES).any(axis=1) << _PLACES).sum(axis=1)
    at = np.searchsorted(run_masks, rank_bits).clip(0, max(len(run_masks) - 1, 0))
    straight = (most == 1) & (run_masks[at] == rank_bits) if len(run_masks) else np.zeros(len(fives), bool)
    top = run_tops[at] if len(run_tops) else np.zeros(len(fives), np.int64)
    royal = straight & flush & (top == 12)
    cat = np.select(
        [
            most == 4,
            (most == 3) & (second == 2),
            (most == 3),
            (most == 2) & (second == 2),
            most == 2,
            royal,
            straight & flush,
            flush,
            straight,
        ],
        [
            Category.FOUR_OF_A_KIND,
            Category.FULL_HOUSE,
            Category.THREE_OF_A_KIND,
            Category.TWO_PAIR,
            Category.PAIR,
            Category.ROYAL_FLUSH,
            Category.STRAIGHT_FLUSH,
            Category.FLUSH,
            Category.STRAIGHT,
        ],
        Category.HIGH_CARD,
    ).astype(np.int64)
    lead0 = np.where(counts == most[:, None], _PLACES, -1).max(axis=1)
    lead1 = np.where(counts == 2, _PLACES, 99).min(axis=1)
    lead1 = np.where((cat == Category.FULL_HOUSE) | (cat == Category.TWO_PAIR), lead1, 0)
    lead0 = np.where(most >= 2, lead0, np.where(straight, top, 0))
    kickers = np.where(straight, 0, bits)
    order = scale_order(rules, scale)[cat]
    value = (order << ORDER_SHIFT) | (lead0 << LEAD_SHIFTS[0]) | (lead1 << LEAD_SHIFTS[1]) | kickers
    return value, cat


def qualifies(fives: np.ndarray, cats: np.ndarray, scale: str, qualifier: int | None) -> np.ndarray:
    """Which lows qualify: all without a qualifier; else five different ranks, no straight or
    flush on the scale, none above the qualifier (``qualifier`` a rank, placed on the scale)."""
    if qualifier is None:
        return np.ones(len(fives), dtype=bool)
    top = scale_place(fives >> 2, scale).max(axis=1)
    return (cats == Category.HIGH_CARD) & (top <= scale_place(np.int64(qualifier), scale))


@lru_cache(maxsize=16)
def pot_tables(rules: Rules) -> np.ndarray:
    """(pots, n_values + 1) int64: each pot's value (higher the better, :data:`NO_HAND` where the
    five plays no part in the pot) of a five of each of the rule book's classes, 1 .. n_values;
    column 0, no class, is :data:`NO_HAND`. Pots in the order of ``rules.game.pots``."""
    from ._lookup import evaluate_batch
    from ._variants import class_hands

    game = rules.game
    size = n_values(rules) + 1
    out = np.full((len(game.pots), size), NO_HAND, dtype=np.int64)
    for row, pot in enumerate(game.pots):
        if pot == "high":
            out[row, 1:] = np.arange(1, size)
            continue
        fives = np.concatenate(class_hands(rules.faces))
        scale = str(game.low_scale)
        value, cats = scale_values(fives, scale, rules)
        out[row, evaluate_batch(fives, rules=rules)] = np.where(
            qualifies(fives, cats, scale, game.qualifier), -value, NO_HAND
        )
    out.flags.writeable = False
    return out


__all__ = ["NO_HAND", "scale_values", "scale_order", "qualifies", "pot_tables"]
