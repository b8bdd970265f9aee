"""Every deal of a game's question, or a sample of them, valued and summed pot by pot in integers.

A deal completes the table (:mod:`.seats`): the board's missing cards, each seat's cards to
come, and for each listed seat one of its holdings. On each, the evaluator values every
player's hand for every pot (:func:`~pysolver.evaluator.game_values`) and the pots divide the
whole among their winners (:func:`~pysolver.evaluator.pot_parts`).

- **Exact**: the ``W`` cards still to deal are walked as combinations of the undealt deck,
  each split among the board and the seats every way (the multinomial count,
  :func:`~.draws.splits`),
  and crossed with every combination of the listed seats' holdings that shares no card with it,
  a deal weighing the product of its holdings' weights. Sums are kept per combination of
  holdings and weighted once at the end, in Python integers.
- **Known hands, the board to come**: with numba, every runout is walked, valued and summed in
  one compiled loop (:func:`~pysolver.evaluator.game_runouts`), where no hand tables pay.
- **Monte Carlo**: blocks of :data:`BLOCK` deals, block ``b`` drawn by its own generator
  ``(seed, b)``: the listed seats' holdings by weight (a block's rows where two share a card
  drawn again), then the rest from the deck (:func:`~.draws.draw_places`). The figures do not depend
  on the threads.

    >>> from pysolver import load_rules
    >>> from .seats import read_table
    >>> Shape(read_table(["Ah 2d 3c 4s 5h", "random"], "", "", load_rules("razz")), load_rules("razz")).widths
    [0, 2, 7]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import islice
from math import comb, factorial, prod, sqrt
from typing import TypeVar

import numpy as np

from ...core import Rules, run_parts
from ...evaluator import (
    GAME_LOOPS,
    NO_HAND,
    HandTables,
    across_players,
    game_runouts,
    game_values,
    pot_parts,
    uses_kernel,
)
from .draws import ROWS, Listed, deal_rows, draw_holdings, draw_places, holding_combinations
from .seats import Seat, Table

SHARE_UNIT = 2 * 2520 * 2520
"""The common denominator of a deal's shares: two pots, each split among up to ten winners
(2520 = lcm(1..10)), every player's share a whole multiple of it."""
BLOCK = 1 << 14
"""Deals of one Monte Carlo block, each block drawn by its own generator."""
MAX_COMBOS = 1_000_000
"""The most combinations of listed holdings an exact count crosses with the deals."""

Progress = Callable[[int, int], None]
Item = TypeVar("Item")
Done = TypeVar("Done")


@dataclass
class Sums:
    """A question's integer sums: each player's shares (in :data:`SHARE_UNIT`, weighted),
    their squares (as fractions of the pot, for a sample's standard error), shares by pot,
    scoops (weighted deals), deals without a qualifying low (weighted), the deals and their
    total weight (the deals when no player is a weighted list)."""

    shares: list[int]
    squares: list[float]
    pots: dict[str, list[int]]
    scoops: list[int]
    no_low: int
    deals: int
    weight: int


@dataclass(frozen=True)
class Shape:
    """What a question deals: the undealt deck (``deck``, card indices in card order: every
    card but the board, the dead cards and the fixed hands), the board's missing cards and
    each seat's cards to come (``widths``). The hands show down on ``board_size`` board cards
    (None: the game's whole board; fewer: a showdown now, on a board still being dealt)."""

    table: Table
    rules: Rules
    board_size: int | None = None

    @property
    def showdown_board(self) -> int:
        """The board cards the hands show down on."""
        return self.rules.game.board_cards if self.board_size is None else self.board_size

    @cached_property
    def deck(self) -> np.ndarray:
        known = self.table.known
        return np.array([c.index for c in self.rules.deck if c not in known], dtype=np.int64)

    @property
    def widths(self) -> list[int]:
        """Cards still to deal: the board's missing ones, then each seat's to come."""
        missing = self.showdown_board - len(self.table.board)
        return [missing] + [seat.to_come for seat in self.table.seats]

    @property
    def listed(self) -> list[Seat]:
        return [seat for seat in self.table.seats if seat.listed]

    @property
    def combinations(self) -> int:
        """The listed seats' holdings crossed, before those sharing cards are dropped."""
        return prod(len(seat.holdings) for seat in self.listed)

    @cached_property
    def deals(self) -> int:
        """Deals an exact count walks (at most: holdings that share a card with the deal drop out)."""
        width = sum(self.widths)
        ways = factorial(width) // prod(factorial(w) for w in self.widths)  # the rows of splits()
        return comb(len(self.deck) - sum(len(s.holdings[0]) for s in self.listed), width) * ways * self.combinations

    @property
    def fixed(self) -> list[int]:
        """The players whose hole cards are the same on every deal: all known, none to come."""
        return [p for p, seat in enumerate(self.table.seats) if seat.fixed and not seat.to_come]

    def hand_tables(self, deals: int) -> HandTables | None:
        """Tables of the fixed hands' values by board part (:class:`~pysolver.evaluator.HandTables`),
        when ``deals`` deals value more of their fives than building the tables does."""
        fixed = self.fixed
        if self.showdown_board != self.rules.game.board_cards:  # the tables hold whole boards' parts
            return None
        if not fixed or deals * len(fixed) * self.fives // len(self.table.seats) < 2 * HandTables.cost(
            len(fixed), self.rules
        ):
            return None
        holes = np.array([[c.index for c in self.table.seats[p].fixed] for p in fixed], dtype=np.int64)
        return HandTables.of(holes, self.rules)

    @property
    def fives(self) -> int:
        """Fives valued per deal: each player's, once for every pot."""
        game = self.rules.game
        board = self.showdown_board
        each = sum(comb(game.hole_cards, k) * comb(board, b) for k, b in game.formations(board))
        return each * len(self.table.seats)


def count_exact(shape: Shape, threads: int, progress: Progress | None) -> Sums:
    """Every deal of the question, summed (see the module): chunks of deals valued on ``threads``
    threads at once, their integer sums added as they come."""
    seats, width = shape.table.seats, sum(shape.widths)
    tables = shape.hand_tables(shape.deals)
    if _walks_runouts(shape, tables):
        sums = _runouts(shape, threads)
        if progress is not None:
            progress(sums.deals, sums.deals)
        return sums
    cards, masks, weights = holding_combinations(shape.listed)
    per = _PerCombination(len(cards), len(seats), shape.rules.game.pots)
    total = comb(len(shape.deck), width)

    def value(chunk: tuple[np.ndarray, int]) -> list[tuple[tuple, np.ndarray | None]]:
        drawn = chunk[0]
        if not shape.listed:
            return [(_value(shape, drawn, cards[np.zeros(len(drawn), np.int64)], tables), None)]
        dealt = np.bitwise_or.reduce(np.left_shift(np.uint64(1), drawn.astype(np.uint64)), axis=1)
        step = max(1, 4 * ROWS // len(drawn))
        out: list[tuple[tuple, np.ndarray | None]] = []
        for start in range(0, len(cards), step):
            rows, which = np.nonzero((dealt[:, None] & masks[None, start : start + step]) == 0)
            out.append((_value(shape, drawn[rows], cards[start + which], tables), start + which))
        return out

    done = 0
    for chunk, valued in _in_rounds(deal_rows(shape.deck, shape.widths), value, threads):
        for part, which in valued:
            per.add(part, which)
        done += chunk[1]
        if progress is not None:
            progress(done, total)
    return per.sums(weights)


RUNOUT_CARDS = 2
"""The most board cards to come that the compiled runout walk deals (a turn and a river): its
fives that take three or more run one by one, slower than valuing every deal."""


def _walks_runouts(shape: Shape, tables: HandTables | None) -> bool:
    """Whether an exact count walks the runouts in the compiled loop: every hand known, at most
    :data:`RUNOUT_CARDS` board cards to come, no hand tables, and the compiled kernel at hand."""
    known = len(shape.fixed) == len(shape.table.seats)
    return (
        known
        and tables is None
        and shape.widths[0] <= RUNOUT_CARDS
        and uses_kernel(shape.deals * shape.fives, GAME_LOOPS)
    )


def _runouts(shape: Shape, threads: int) -> Sums:
    """Every runout of the board under known hands, in the compiled loop (:func:`~pysolver.evaluator.game_runouts`)."""
    holes = np.array([[c.index for c in seat.fixed] for seat in shape.table.seats], dtype=np.int64)
    board = np.array([c.index for c in shape.table.board], dtype=np.int64)
    sums = game_runouts(
        holes, board, shape.deck, shape.rules, unit=SHARE_UNIT, board_size=shape.showdown_board, threads=threads
    )
    players = len(holes)
    return Sums(
        sums.shares.tolist(),
        [0.0] * players,
        {pot: row.tolist() for pot, row in zip(shape.rules.game.pots, sums.pots)},
        sums.scoops.tolist(),
        sums.no_low,
        sums.runouts,
        sums.runouts,
    )


def sample(
    shape: Shape,
    trials: int,
    seed: int,
    threads: int,
    progress: Progress | None,
    target_stderr: float | None = None,
) -> Sums:
    """``trials`` deals drawn from ``seed`` in blocks, summed in block order (see the module), the
    blocks drawn on ``threads`` threads at once; with ``target_stderr``, no block after the first
    whose sum brings every player's standard error within it."""
    deck, width = shape.deck, sum(shape.widths)
    place = np.full(64, -1, dtype=np.int64)
    place[deck] = np.arange(len(deck))
    listed = [Listed.of(seat) for seat in shape.listed]
    tables = shape.hand_tables(trials)

    def draw(block: int) -> Sums:
        n = min(BLOCK, trials - block * BLOCK)
        rng = np.random.default_rng([seed, block])
        cards = draw_holdings(rng, listed, n)
        drawn = deck[draw_places(rng, n, len(deck), width, place[cards])]
        total, parts, scoop, no_low = _value(shape, drawn, cards, tables)
        pots = {pot: column_sums(p) for pot, p in parts.items()}
        squares = column_sums((total / SHARE_UNIT) ** 2)
        return Sums(column_sums(total), squares, pots, column_sums(scoop), int(no_low.sum()), n, n)

    sums: Sums | None = None
    for _, part in _in_rounds(iter(range(-(-trials // BLOCK))), draw, threads):
        sums = part if sums is None else _plus(sums, part)
        if progress is not None:
            progress(sums.deals, trials)
        if target_stderr is not None and max(stderr(sums)) <= target_stderr:
            break
    assert sums is not None  # trials >= 1
    return sums


def _in_rounds(items: Iterator[Item], work: Callable[[Item], Done], threads: int) -> Iterator[tuple[Item, Done]]:
    """``(item, work(item))`` for every item, in order, the work done on ``threads`` threads at
    once, a few items a thread per round (the caller may stop between any two)."""
    while True:
        batch = list(islice(items, 2 * threads))
        if not batch:
            return
        yield from zip(batch, run_parts(work, batch, threads))


def stderr(sums: Sums) -> list[float]:
    """Each player's standard error of a sample's equity (its deals weigh 1 each)."""
    n = sums.deals
    means = [share / (SHARE_UNIT * n) for share in sums.shares]
    return [sqrt(max(sq / n - m * m, 0.0) / n) for sq, m in zip(sums.squares, means)]


def column_sums(rows: np.ndarray) -> list:
    """Each player's sum over the deals of (N, P), player by player (see ``across_players``)."""
    return [rows[:, p].sum().item() for p in range(rows.shape[1])]


def _plus(a: Sums, b: Sums) -> Sums:
    add = lambda x, y: [i + j for i, j in zip(x, y)]  # noqa: E731
    pots = {pot: add(a.pots[pot], b.pots[pot]) for pot in a.pots}
    return Sums(
        add(a.shares, b.shares),
        add(a.squares, b.squares),
        pots,
        add(a.scoops, b.scoops),
        a.no_low + b.no_low,
        a.deals + b.deals,
        a.weight + b.weight,
    )


def _value(shape: Shape, drawn: np.ndarray, held: np.ndarray, tables: HandTables | None) -> tuple:
    """Deals valued: ``drawn`` (N, W) the cards dealt (the board's missing ones first, then each
    seat's to come), ``held`` (N, K) the listed seats' holdings; the fixed hands by ``tables`` where
    given. Returns each deal's shares (N, P) in :data:`SHARE_UNIT`, the shares by pot, the scoops
    (N, P) and the deals without a low (N,)."""
    table, game = shape.table, shape.rules.game
    n, missing = len(drawn), shape.widths[0]
    board = np.array([c.index for c in table.board], dtype=np.int64)
    boards = np.concatenate([np.broadcast_to(board, (n, len(board))), drawn[:, :missing]], axis=1)
    by_table = shape.fixed if tables is not None else []
    dealt = [p for p in range(len(table.seats)) if p not in by_table]
    values = {pot: np.empty((n, len(table.seats)), dtype=np.int64) for pot in game.pots}
    if dealt:
        holes = np.empty((n, len(dealt), game.hole_cards), dtype=np.int64)
        at, column = missing, 0
        for p, seat in enumerate(table.seats):
            known = game.hole_cards - seat.to_come
            if seat.listed:
                holes[:, dealt.index(p), :known] = held[:, column : column + known]
                column += known
            elif p in dealt and known:
                holes[:, dealt.index(p), :known] = [c.index for c in seat.fixed]
            if p in dealt:
                holes[:, dealt.index(p), known:] = drawn[:, at : at + seat.to_come]
            at += seat.to_come
        for pot, v in game_values(holes, boards, shape.rules, threads=1).items():  # a thread of its own
            values[pot][:, dealt] = v
    if tables is not None:
        for pot, v in tables.values(boards).items():
            values[pot][:, by_table] = v
    parts = pot_parts(values, SHARE_UNIT)
    total = sum(parts.values())
    no_low = across_players(np.maximum, values["low"]) == NO_HAND if "low" in values else np.zeros(n, dtype=bool)
    return total, parts, total == SHARE_UNIT, no_low


class _PerCombination:
    """An exact count's sums per combination of listed holdings, weighted once at the end."""

    def __init__(self, combinations: int, players: int, pots: tuple[str, ...]):
        self.size = combinations
        self.shares = np.zeros((combinations, players), dtype=np.int64)
        self.pots = {pot: np.zeros((combinations, players), dtype=np.int64) for pot in pots}
        self.scoops = np.zeros((combinations, players), dtype=np.int64)
        self.no_low = np.zeros(combinations, dtype=np.int64)
        self.deals = np.zeros(combinations, dtype=np.int64)

    def add(self, valued: tuple, which: np.ndarray | None) -> None:
        total, parts, scoop, no_low = valued
        for into, rows in [(self.shares, total), (self.scoops, scoop), *((self.pots[k], v) for k, v in parts.items())]:
            into += self._by(rows, which)
        self.no_low += self._by(no_low[:, None], which)[:, 0]
        self.deals += self._by(np.ones((len(total), 1), dtype=np.int64), which)[:, 0]

    def _by(self, rows: np.ndarray, which: np.ndarray | None) -> np.ndarray:
        """(N, k) rows summed into (combinations, k), each row into its combination's."""
        rows = rows.astype(np.int64)
        if which is None:  # no listed seat: one combination, the empty one
            return np.array([column_sums(rows)], dtype=np.int64)
        columns = [np.bincount(which, weights=rows[:, k], minlength=self.size) for k in range(rows.shape[1])]
        return np.stack(columns, axis=1).astype(np.int64)  # each sum below 2**53: exact as a float

    def sums(self, weights: np.ndarray) -> Sums:
        w = weights.astype(object)
        weigh = lambda a: [int(x) for x in (w[:, None] * a.astype(object)).sum(axis=0)]  # noqa: E731
        return Sums(
            weigh(self.shares),
            [0.0] * self.shares.shape[1],
            {pot: weigh(a) for pot, a in self.pots.items()},
            weigh(self.scoops),
            int((w * self.no_low.astype(object)).sum()),
            int(self.deals.sum()),
            int((w * self.deals.astype(object)).sum()),
        )


__all__ = [
    "SHARE_UNIT",
    "BLOCK",
    "MAX_COMBOS",
    "RUNOUT_CARDS",
    "Sums",
    "Shape",
    "count_exact",
    "sample",
    "stderr",
    "column_sums",
]
