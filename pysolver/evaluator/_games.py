"""Values per pot under any game a rule book declares, in numpy batches or the compiled kernel.

A game (:class:`~pysolver.core.Game`) says how a five is formed from a
player's hole cards and the board and which pots there are. A player's value
for a pot is the best over every five the game lets the player form:

- **high**: the rule book's own five-card tables (1 .. n values), so a short
  deck or a changed category order follows here too;
- **low**: the five's pattern on the low's scale
  (:func:`~pysolver.evaluator._scales.scale_values`), no table needed.

A five is a hole part and a board part (:func:`five_parts`: Omaha's 60 fives
are 6 hole pairs by 10 board triples); each part's key is summed once, each
five's key is the sum of two, and one lookup of the rule book's tables values
it for every pot (:func:`~pysolver.evaluator._scales.pot_tables`).

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

from ..asp._codec import ORDER_SHIFT, tiebreak_from_value, value_place
from ..core import (
    CardCountError,
    Category,
    InvalidCardError,
    PokerInputError,
    Rules,
    describe,
    describe_low,
    place_rank,
)
from ._game_tables import check_deck, game_tables
from ._hand_checks import bad_card
from ._kernel import GAME_LOOPS, game_loops, in_parts, thread_count, uses_kernel
from ._key_values import card_keys, evaluate_keys
from ._lookup import categories, category, tiebreak_ranks
from ._scales import NO_HAND, pot_tables, scale_order


@lru_cache(maxsize=64)
def five_parts(hole: int, board: int, low: int, high: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The fives a player may form, as parts: (hole parts (H, 5), board parts (B, 5), fives (F, 2)).
    A part lists the places of its cards in the hole (0 .. ``hole - 1``) or on the board
    (0 .. ``board - 1``), -1 past its last card; a five is one hole part and one board part,
    with ``low`` to ``high`` hole cards.

    >>> hole_parts, board_parts, fives = five_parts(4, 5, 2, 2)          # Omaha
    >>> len(hole_parts), len(board_parts), len(fives)
    (6, 10, 60)
    >>> hole_parts[0].tolist(), board_parts[0].tolist()
    ([0, 1, -1, -1, -1], [0, 1, 2, -1, -1])
    """
    sizes = [k for k in range(low, high + 1) if k <= hole and 5 - k <= board]
    hole_parts = [h for k in sizes for h in combinations(range(hole), k)]
    board_parts = [b for k in sizes for b in combinations(range(board), 5 - k)]
    fives = [
        (hole_parts.index(h), board_parts.index(b))
        for k in sizes
        for h in combinations(range(hole), k)
        for b in combinations(range(board), 5 - k)
    ]

    def padded(parts: list[tuple[int, ...]]) -> np.ndarray:
        out = np.full((len(parts), 5), -1, dtype=np.int64)
        for row, part in enumerate(parts):
            out[row, : len(part)] = part
        return out

    return padded(hole_parts), padded(board_parts), np.array(fives, dtype=np.int64).reshape(-1, 2)


@lru_cache(maxsize=64)
def five_slots(hole: int, board: int, low: int, high: int) -> np.ndarray:
    """(F, 5) the places of every five a player may form (in the order of :func:`five_parts`): hole
    places 0 .. ``hole - 1``, then board places ``hole`` .. ``hole + board - 1``, with ``low`` to
    ``high`` hole cards each.

    >>> five_slots(4, 5, 2, 2).shape, five_slots(2, 5, 0, 2).shape, five_slots(7, 0, 5, 5).shape
    ((60, 5), (21, 5), (21, 5))
    """
    hole_parts, board_parts, fives = five_parts(hole, board, low, high)
    rows = [
        [c for c in hole_parts[h] if c >= 0] + [hole + c for c in board_parts[b] if c >= 0] for h, b in fives.tolist()
    ]
    return np.array(rows, dtype=np.intp).reshape(-1, 5)


def game_values(
    holes: np.ndarray, boards: np.ndarray, rules: Rules, *, threads: int | None = None
) -> dict[str, np.ndarray]:
    """Each player's value for each pot of the game: ``holes`` (N, P, h) and ``boards`` (N, b)
    card indices; returns {pot: (N, P) int64}, higher the better, :data:`NO_HAND` where none
    of a player's fives plays for the pot. High values are the rule book's table values
    (1 .. n), low values the negated packed value on the low's scale. Each five is valued once,
    by the rule book's tables, for every pot (:func:`~pysolver.evaluator._scales.pot_tables`);
    a large batch runs in the compiled kernel on ``threads`` threads (None or 0: every core),
    with the same values."""
    holes, boards = _checked(holes, boards, rules)
    n, players, hole = holes.shape
    game = rules.game
    parts = five_parts(hole, boards.shape[1], game.hole_min, game.hole_max)
    if not len(parts[2]):
        raise PokerInputError(
            f"rules {rules.name}: a five takes {game.hole_min} to {game.hole_max} hole cards, "
            f"which {hole} hole cards and {boards.shape[1]} board cards cannot give"
        )
    pots = pot_tables(rules)
    out = np.empty((len(pots), n, players), dtype=np.int64)
    fives = n * players * len(parts[2])
    if uses_kernel(fives, GAME_LOOPS):
        tables = game_tables(rules).kernel

        def work(start: int, stop: int) -> int:
            game_loops().game_rows(holes, boards, *parts, pots, out, tables, start, stop)
            return -1

        in_parts(n, thread_count(threads, fives), work)
    else:
        for start in range(0, n, _DEALS_PER_STEP):
            stop = min(start + _DEALS_PER_STEP, n)
            out[:, start:stop] = _numpy_values(holes[start:stop], boards[start:stop], parts, pots, rules)
    return dict(zip(game.pots, out))


_DEALS_PER_STEP = 2048
"""Deals the numpy path values at once (four players of Omaha: 491,520 fives, 8 MB of keys)."""


def _checked(holes: np.ndarray, boards: np.ndarray, rules: Rules) -> tuple[np.ndarray, np.ndarray]:
    """The cards as C-contiguous int64 (N, P, h) and (N, b), checked: integers, in 0..51 and in the deck."""
    holes, boards = np.asarray(holes), np.asarray(boards)
    if holes.ndim != 3 or boards.ndim != 2 or len(boards) != len(holes):
        raise CardCountError(
            f"hole cards of shape {holes.shape} and boards of shape {boards.shape}: expected (N, P, h) and (N, b)"
        )
    for cards in (holes, boards):
        if cards.size and not np.issubdtype(cards.dtype, np.integer):
            raise InvalidCardError(f"cards of dtype {cards.dtype}: expected integer card indices")
        if cards.size and (cards.min() < 0 or cards.max() > 51):
            raise bad_card(cards)
        check_deck(cards, game_tables(rules))
    return np.ascontiguousarray(holes, dtype=np.int64), np.ascontiguousarray(boards, dtype=np.int64)


def _numpy_values(
    holes: np.ndarray, boards: np.ndarray, parts: tuple[np.ndarray, ...], pots: np.ndarray, rules: Rules
) -> np.ndarray:
    """:func:`game_values` with numpy: each part's key from its cards' keys, each five's the sum of its
    two parts', valued by :func:`evaluate_keys`; (pots, N, P)."""
    hole_parts, board_parts, fives = parts
    hole_keys = _part_keys(holes, hole_parts)  # (N, P, H, 2)
    board_keys = _part_keys(boards, board_parts)  # (N, B, 2)
    keys = hole_keys[:, :, fives[:, 0]] + board_keys[:, None, fives[:, 1]]  # (N, P, F, 2)
    classes = evaluate_keys(keys, rules)
    return np.stack([values[classes].max(axis=-1) for values in pots])


def _part_keys(cards: np.ndarray, parts: np.ndarray) -> np.ndarray:
    """The keys of parts (M, 5) of card sets (..., c): (..., M, 2)."""
    member = np.zeros((len(parts), cards.shape[-1]), dtype=np.int64)
    for row, part in enumerate(parts):
        member[row, part[part >= 0]] = 1
    return np.einsum("mc,...cw->...mw", member, card_keys(cards[..., None]))  # each card's key


def across_players(ufunc: np.ufunc, values: np.ndarray) -> np.ndarray:
    """``ufunc`` reduced across the players of (N, P), player by player: numpy's own reduction
    along a short last axis costs about fifty times as much.

    >>> across_players(np.maximum, np.array([[5, 3, 7], [2, 9, 1]])).tolist()
    [7, 9]
    """
    out = np.array(values[:, 0])
    for p in range(1, values.shape[1]):
        ufunc(out, values[:, p], out=out)
    return out


def pot_winners(values: np.ndarray) -> np.ndarray:
    """(N, P) bool: the players holding a pot's best value; none where nobody plays for it."""
    best = across_players(np.maximum, values)[:, None]
    return (values == best) & (values != NO_HAND)


def pot_parts(values: dict[str, np.ndarray], unit: int | np.ndarray) -> dict[str, np.ndarray]:
    """Each pot's part of each player's share of the whole pot, in ``unit`` per whole pot (N, P)
    int64 per pot: the pots played divide the whole, each among its winners (the high scoops when
    no low qualifies). ``unit`` (a number, or one per deal) must be a multiple of each deal's
    denominator: the pots played times each pot's winners.

    >>> parts = pot_parts({"high": np.array([[5, 3, 5]]), "low": np.array([[-9, -7, NO_HAND]])}, 4)
    >>> parts["high"].tolist(), parts["low"].tolist()
    ([[1, 0, 1]], [[0, 2, 0]])
    """
    winners = {pot: pot_winners(v) for pot, v in values.items()}
    counts = {pot: across_players(np.add, w.astype(np.int64)) for pot, w in winners.items()}
    played = np.maximum(sum((c > 0).astype(np.int64) for c in counts.values()), 1)
    return {pot: w * (unit // (played * np.maximum(counts[pot], 1)))[:, None] for pot, w in winners.items()}


def pot_shares(values: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Each player's share of the whole pot as (numerators, denominators) (N, P) int64, each
    deal's the least common denominator of its pots (:func:`pot_parts`).

    >>> num, den = pot_shares({"high": np.array([[5, 3, 5]]), "low": np.array([[-9, -7, NO_HAND]])})
    >>> [f"{a}/{b}" for a, b in zip(num[0], den[0])]
    ['1/4', '2/4', '1/4']
    """
    winners = {pot: pot_winners(v) for pot, v in values.items()}
    played = np.maximum(sum(w.any(axis=1).astype(np.int64) for w in winners.values()), 1)
    whole = played * np.prod(np.stack([np.maximum(w.sum(axis=1), 1) for w in winners.values()]), axis=0)
    num = np.stack(list(pot_parts(values, whole).values())).sum(axis=0)
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
    cat = Category(int(np.flatnonzero(scale_order(rules, scale) == value_place(packed))[0]))
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
    orders = scale_order(rules, str(rules.game.low_scale))
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
    "five_parts",
    "five_slots",
    "game_values",
    "pot_winners",
    "pot_parts",
    "pot_shares",
    "describe_pot",
    "pot_hand",
    "pot_categories",
]
