"""How a game's deals are walked or drawn: the cards still to come split among the board and the
seats, the combinations of the undealt deck, the listed seats' holdings crossed or drawn by weight.

    >>> splits([1, 2]).tolist()        # one board card, two cards to a seat: three ways
    [[0, 1, 2], [1, 0, 2], [2, 0, 1]]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations
from math import comb

import numpy as np

from ...core import PokerInputError
from ...evaluator import Loops, uses_kernel
from .seats import Seat

ROWS = 1 << 16
"""Deals an exact count values at once."""
MAX_REDRAWS = 1000
"""Rounds of redrawing listed holdings that share a card before a sample gives up."""
SAMPLE_LOOPS = Loops("games-sample", 0.3, ("pysolver.odds._games.kernel:shuffled_places",))
"""The compiled shuffle of a game's Monte Carlo blocks (:mod:`pysolver.odds._games.kernel`)."""


def splits(widths: list[int]) -> np.ndarray:
    """Every way to hand ``sum(widths)`` drawn cards to groups of these sizes: (ways, W) places,
    each group's places in order, group after group."""
    rows: list[tuple[int, ...]] = [()]
    for width in widths:
        grown: list[tuple[int, ...]] = []
        for row in rows:
            left = [i for i in range(sum(widths)) if i not in row]
            grown.extend(row + group for group in combinations(left, width))
        rows = grown
    return np.array(rows, dtype=np.int64).reshape(len(rows), sum(widths))


def holding_combinations(listed: list[Seat]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every combination of the listed seats' holdings with no card twice: cards (C, K), card
    masks (C,) and weights (C,) as Python integers; the one empty combination without a list."""
    cards = np.zeros((1, 0), dtype=np.int64)
    masks = np.zeros(1, dtype=np.uint64)
    weights = np.ones(1, dtype=object)
    for seat in listed:
        each = Listed.of(seat)
        fits, pick = np.nonzero((masks[:, None] & each.masks[None, :]) == 0)
        cards = np.concatenate([cards[fits], each.cards[pick]], axis=1)
        masks, weights = masks[fits] | each.masks[pick], weights[fits] * np.asarray(seat.weights, dtype=object)[pick]
    if not len(cards):
        raise PokerInputError("the players' lists of holdings share a card in every combination: no deal is possible")
    return cards, masks, weights


@dataclass(frozen=True)
class Listed:
    """A listed seat's holdings as arrays: cards (H, k), card masks (H,), the cumulative weights."""

    cards: np.ndarray
    masks: np.ndarray
    cumulative: np.ndarray

    @classmethod
    def of(cls, seat: Seat) -> Listed:
        cards = np.array([[c.index for c in h] for h in seat.holdings], dtype=np.int64)
        masks = np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1)
        weights = np.asarray(seat.weights, dtype=np.float64)
        return cls(cards, masks, np.cumsum(weights)[:-1] / weights.sum())


def draw_holdings(rng: np.random.Generator, listed: list[Listed], n: int) -> np.ndarray:
    """(n, K) cards: a holding of each listed seat drawn by weight, drawn again where two share a card."""
    picks = np.zeros((n, len(listed)), dtype=np.int64)
    pending = np.arange(n) if listed else np.arange(0)
    for _ in range(MAX_REDRAWS):
        if not len(pending):
            return np.concatenate(
                [seat.cards[picks[:, j]] for j, seat in enumerate(listed)] or [np.zeros((n, 0), np.int64)], axis=1
            )
        seen = np.zeros(len(pending), dtype=np.uint64)
        clash = np.zeros(len(pending), dtype=bool)
        for j, seat in enumerate(listed):
            picks[pending, j] = np.searchsorted(seat.cumulative, rng.random(len(pending)), side="right")
            mask = seat.masks[picks[pending, j]]
            clash |= (seen & mask) != 0
            seen |= mask
        pending = pending[clash]
    raise PokerInputError("the players' lists of holdings share a card in nearly every deal: too few deals to sample")


def draw_places(rng: np.random.Generator, n: int, size: int, width: int, held: np.ndarray) -> np.ndarray:
    """(n, width) places in a deck of ``size``, each row ``width`` different ones in random order,
    none of a row's ``held`` places (n, K): the first ``width`` of a shuffle (Fisher and Yates,
    one random number a card), or with places held, the ``width`` smallest of a random key per
    place, the held ones keyed past every other.

    >>> draw_places(np.random.default_rng(1), 2, 5, 3, np.zeros((2, 0), np.int64)).shape
    (2, 3)
    """
    if held.shape[1]:
        keys = rng.random((n, size))
        keys[np.arange(n)[:, None], held] = 2.0
        first = np.argpartition(keys, width - 1, axis=1)[:, :width] if width else np.zeros((n, 0), np.int64)
        return np.take_along_axis(first, np.take_along_axis(keys, first, axis=1).argsort(axis=1), axis=1)
    u = rng.random((width, n))  # row j: the numbers of card j, as width draws of n would give them
    if uses_kernel(n * width * 8, SAMPLE_LOOPS):  # the same places, in a compiled loop
        from .kernel import shuffled_places

        out = np.empty((n, width), dtype=np.int64)
        shuffled_places(u, size, out)
        return out
    places = np.broadcast_to(np.arange(size, dtype=np.int64), (n, size)).copy()
    rows = np.arange(n)
    for j in range(width):
        pick = j + (u[j] * (size - j)).astype(np.int64)
        picked, here = places[rows, pick], places[rows, j]
        places[rows, j], places[rows, pick] = picked, here
    return places[:, :width]


def deal_rows(deck: np.ndarray, widths: list[int]) -> Iterator[tuple[np.ndarray, int]]:
    """Every deal of the cards still to come, about :data:`ROWS` at a time: (rows, W) card
    indices, with how many combinations of the deck they are."""
    width = sum(widths)
    if not width:
        yield np.zeros((1, 0), dtype=np.int64), 1
        return
    ways = splits(widths)
    step = max(1, ROWS // len(ways))
    for chunk in _regrouped(combination_blocks(len(deck), width), step):
        yield deck[chunk[:, ways].reshape(-1, width)], len(chunk)


def _regrouped(blocks: Iterator[np.ndarray], size: int) -> Iterator[np.ndarray]:
    """The rows of ``blocks`` again, ``size`` at a time (the last fewer).

    >>> [b.tolist() for b in _regrouped(iter([np.array([[1], [2]]), np.array([[3], [4], [5]])]), 4)]
    [[[1], [2], [3], [4]], [[5]]]
    """
    held: list[np.ndarray] = []
    count = 0
    for block in blocks:
        held.append(block)
        count += len(block)
        while count >= size:
            rows = np.concatenate(held)
            yield rows[:size]
            held, count = [rows[size:]], count - size
    if count:
        yield np.concatenate(held)


def combination_blocks(n: int, k: int) -> Iterator[np.ndarray]:
    """Every combination of ``k`` of ``range(n)`` in lexicographic order, as (rows, k) blocks, one
    block per first element: the rest of a block are the combinations of ``k - 1`` that begin
    above it, a suffix of the table of ``k - 1``, itself built the same way.

    >>> [len(b) for b in combination_blocks(52, 4)][:3]      # C(51, 3), C(50, 3), C(49, 3)
    [20825, 19600, 18424]
    """
    if comb(n, k) <= 1 << 12:  # a few: itertools at once costs less than building blocks
        yield np.array(list(combinations(range(n), k)), dtype=np.int64).reshape(comb(n, k), k)
        return
    rest = np.arange(n, dtype=np.int64)[:, None]  # every combination of 1
    if k == 1 or k > n:
        yield from [rest] if k == 1 else []
        return
    for _ in range(2, k):
        rest = np.concatenate(list(_led(rest, n)))
    yield from _led(rest, n)


def _led(rest: np.ndarray, n: int) -> Iterator[np.ndarray]:
    """For each first element ``a``, ``a`` before every row of ``rest`` (lexicographic) that begins above it."""
    starts = np.searchsorted(rest[:, 0], np.arange(n) + 1)
    for a in range(n):
        tail = rest[starts[a] :]
        if len(tail):
            yield np.concatenate([np.full((len(tail), 1), a, dtype=np.int64), tail], axis=1)


__all__ = [
    "ROWS",
    "SAMPLE_LOOPS",
    "splits",
    "Listed",
    "holding_combinations",
    "draw_holdings",
    "draw_places",
    "deal_rows",
    "combination_blocks",
]
