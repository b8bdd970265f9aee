"""Values per pot under any game a rule book declares, in numpy batches.

A game (:class:`~pysolver.core.Game`) says how a five is formed from a
player's hole cards and the board and which pots there are. A player's value
for a pot is the best over every five the game lets the player form:

- **high**: the rule book's own five-card tables (:func:`evaluate_batch`, 1 .. n
  values), so a short deck or a changed category order follows here too;
- **low**: the five's pattern on the low's scale (:func:`scale_values`), no table
  needed: the counts of its ranks, its suit and its straight, packed as the ASP
  ``hand_value`` is and negated, so that higher is better for a low as well.
  Under ace-to-five the rank mask of five different low ranks is itself the
  order: 8-6-4-3-A beats 8-6-5-2-A because its mask is smaller.

A player with no five that plays for a pot (no qualifying low) has :data:`NO_HAND`.

    >>> from pysolver import load_rules
    >>> o8 = load_rules("omaha_hi_lo")
    >>> from pysolver import parse_cards
    >>> index = lambda text: [c.index for c in parse_cards(text)]
    >>> holes = np.array([[index("As Ks Qd 2c"), index("7h 7d 3c 4d")]])
    >>> board = np.array([index("5c 6s 8h Jd 2d")])
    >>> values = game_values(holes, board, o8)
    >>> [describe_pot(int(v), "high", o8) for v in values["high"][0]]
    ['Pair of Twos, Ace-Jack-Eight kickers', 'Straight, Eight high']
    >>> [describe_pot(int(v), "low", o8) for v in values["low"][0]]
    ['8-6-5-2-A low', '6-5-4-3-2 low']
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

import numpy as np

from ..asp._codec import LEAD_SHIFTS, ORDER_SHIFT, tiebreak_from_value, value_place
from ..core import Category, Rules, describe, describe_low, place_rank, scale_place
from ._lookup import categories, category, evaluate_batch, tiebreak_ranks

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


@lru_cache(maxsize=64)
def five_slots(hole: int, board: int, low: int, high: int) -> np.ndarray:
    """(F, 5) the places of every five a player may form: hole places 0 .. ``hole - 1``, then
    board places ``hole`` .. ``hole + board - 1``, with ``low`` to ``high`` hole cards each.

    >>> five_slots(4, 5, 2, 2).shape, five_slots(2, 5, 0, 2).shape, five_slots(7, 0, 5, 5).shape
    ((60, 5), (21, 5), (21, 5))
    """
    rows = [
        h + tuple(hole + j for j in b)
        for k in range(low, high + 1)
        if k <= hole and 5 - k <= board
        for h in combinations(range(hole), k)
        for b in combinations(range(board), 5 - k)
    ]
    return np.array(rows, dtype=np.intp).reshape(-1, 5)


@lru_cache(maxsize=16)
def _scale_straights(rules: Rules, scale: str) -> tuple[np.ndarray, np.ndarray]:
    """The straights of a scale as (sorted rank masks, their top ranks): the rule book's, less
    those where the ace plays low under deuce-to-seven, none under ace-to-five."""
    runs = [] if scale == "ace_to_five" else [r for r in rules.straights if not (scale != "high" and r[0] == 12)]
    masks = np.array([sum(1 << r for r in run) for run in runs], dtype=np.int64)
    order = np.argsort(masks)
    return masks[order], np.array([run[-1] for run in runs], dtype=np.int64)[order]


def _order_of(rules: Rules, scale: str) -> np.ndarray:
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
    value = (
        (_order_of(rules, scale)[cat] << ORDER_SHIFT) | (lead0 << LEAD_SHIFTS[0]) | (lead1 << LEAD_SHIFTS[1]) | kickers
    )
    return value, cat


def _qualifies(fives: np.ndarray, cats: np.ndarray, scale: str, qualifier: int | None) -> np.ndarray:
    """Which lows qualify: all without a qualifier; else five different ranks, no straight or
    flush on the scale, none above the qualifier (``qualifier`` a rank, placed on the scale)."""
    if qualifier is None:
        return np.ones(len(fives), dtype=bool)
    top = scale_place(fives >> 2, scale).max(axis=1)
    return (cats == Category.HIGH_CARD) & (top <= scale_place(np.int64(qualifier), scale))


def game_values(holes: np.ndarray, boards: np.ndarray, rules: Rules) -> dict[str, np.ndarray]:
    """Each player's value for each pot of the game: ``holes`` (N, P, h) and ``boards`` (N, b)
    card indices; returns {pot: (N, P) int64}, higher the better, :data:`NO_HAND` where none
    of a player's fives plays for the pot. High values are the rule book's table values
    (1 .. n), low values the negated packed value on the low's scale."""
    holes = np.asarray(holes, dtype=np.int64)
    boards = np.asarray(boards, dtype=np.int64).reshape(len(holes), -1)
    n, players, hole = holes.shape
    game = rules.game
    slots = five_slots(hole, boards.shape[1], game.hole_min, game.hole_max)
    cards = np.concatenate([holes, np.broadcast_to(boards[:, None, :], (n, players, boards.shape[1]))], axis=2)
    fives = cards[:, :, slots].reshape(-1, 5)  # (N * P * F, 5)
    shape = (n, players, len(slots))
    out: dict[str, np.ndarray] = {}
    for pot in game.pots:
        if pot == "high":
            out[pot] = evaluate_batch(fives, rules=rules).astype(np.int64).reshape(shape).max(axis=2)
            continue
        scale = str(game.low_scale)
        value, cats = scale_values(fives, scale, rules)
        low = np.where(_qualifies(fives, cats, scale, game.qualifier), -value, NO_HAND)
        out[pot] = low.reshape(shape).max(axis=2)
    return out


def pot_winners(values: np.ndarray) -> np.ndarray:
    """(N, P) bool: the players holding a pot's best value; none where nobody plays for it."""
    best = values.max(axis=1, keepdims=True)
    return (values == best) & (values != NO_HAND)


def pot_shares(values: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Each player's share of the whole pot as (numerators, denominators) (N, P) int64: the pots
    played divide the whole, each among its winners (the high scoops when no low qualifies).

    >>> num, den = pot_shares({"high": np.array([[5, 3, 5]]), "low": np.array([[-9, -7, NO_HAND]])})
    >>> [f"{a}/{b}" for a, b in zip(num[0], den[0])]
    ['1/4', '2/4', '1/4']
    """
    winners = {pot: pot_winners(v) for pot, v in values.items()}
    played = sum(w.any(axis=1).astype(np.int64) for w in winners.values())
    split = {pot: np.maximum(w.sum(axis=1), 1) for pot, w in winners.items()}
    whole = played * np.prod(np.stack(list(split.values())), axis=0)
    num = sum(w * (whole // (played * split[pot]))[:, None] for pot, w in winners.items())
    return np.asarray(num, dtype=np.int64), np.broadcast_to(whole[:, None], num.shape).astype(np.int64)


def pot_hand(value: int, pot: str, rules: Rules) -> tuple[Category, tuple[int, ...]] | None:
    """A player's value for a pot as its category and tie-break ranks (0 a two .. 12 an ace; a
    low's worst card first, an ace last where it plays low); None for :data:`NO_HAND`.

    >>> from pysolver import load_rules
    >>> pot_hand(-55, "low", load_rules("razz"))                     # 6-5-3-2-A
    (<Category.HIGH_CARD: 0>, (4, 3, 1, 0, 12))
    """
    if value == NO_HAND:
        return None
    if pot == "high":
        return category(value, rules), tiebreak_ranks(value, rules)
    scale = str(rules.game.low_scale)
    packed = -int(value)
    cat = Category(int(np.flatnonzero(_order_of(rules, scale) == value_place(packed))[0]))
    return cat, tuple(place_rank(q, scale) for q in tiebreak_from_value(cat, packed))


def pot_categories(values: np.ndarray, pot: str, rules: Rules) -> np.ndarray:
    """The categories (``Category`` numbers) of players' values for a pot, -1 for :data:`NO_HAND`.

    >>> from pysolver import load_rules
    >>> pot_categories(np.array([-55, NO_HAND]), "low", load_rules("razz")).tolist()
    [0, -1]
    """
    values = np.asarray(values, dtype=np.int64)
    plays = values != NO_HAND
    out = np.full(values.shape, -1, dtype=np.int64)
    if pot == "high":
        out[plays] = categories(values[plays], rules)
        return out
    orders = _order_of(rules, str(rules.game.low_scale))
    by_place = np.full(orders.max() + 1, -1, dtype=np.int64)
    by_place[orders[orders >= 0]] = np.flatnonzero(orders >= 0)
    out[plays] = by_place[(-values[plays]) >> ORDER_SHIFT]
    return out


def describe_pot(value: int, pot: str, rules: Rules) -> str:
    """A player's value for a pot as a player says it (``'no low'`` or ``'no hand'`` for :data:`NO_HAND`)."""
    hand = pot_hand(value, pot, rules)
    if hand is None:
        return "no low" if pot == "low" else "no hand"
    return describe(*hand) if pot == "high" else describe_low(*hand)


__all__ = [
    "NO_HAND",
    "five_slots",
    "scale_values",
    "game_values",
    "pot_winners",
    "pot_shares",
    "describe_pot",
    "pot_hand",
    "pot_categories",
]
