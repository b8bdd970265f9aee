"""Exact counts of known hands over every board, many deals at once, on an NVIDIA GPU.

A *deal* is the players' known hands (P, 2); :func:`gpu_fixed_counts` counts each over every
completion of the board from the cards left (the deck less the board, the dead cards and the
deal's own hands), a row of GPU blocks a deal, a GPU thread a stream of 64 boards walked in
colex order (:func:`~pysolver.odds._exact.gpu_kernel.fixed_deals`). The counts are exact and
the same integers as the CPU's exact count of the same deal. The heads-up preflop table
(:func:`~pysolver.odds.heads_up_table`, ``backend="cuda"``) counts its matchups this way, and an
exact question of known hands and ranges (``equity(..., exact=True, backend="cuda")``) every
assignment of the ranges' combos that shares no card (:func:`assignments`), each weighed by its
combos' weights (:func:`gpu_exact`).

    >>> from pysolver.odds._model import Player
    >>> kq = Player("KsQs, 0.5(KhQh)", np.array([[47, 43], [46, 42]]), np.array([1.0, 0.5]))
    >>> deals, weights = assignments([Player.hand([51, 47]), kq], np.array([], np.int64))   # AsKs
    >>> deals.tolist(), weights.tolist()                   # KsQs holds the Ks: only KhQh is dealt
    ([[[51, 47], [46, 42]]], [0.5])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ...core import BINOMIALS, PokerInputError, RulesLike
from ...evaluator import block_threads, cuda_module, cuda_tables, kernel_tables, simulated
from ...rulebook import rules_of
from .._model import Player, Tally

BOARDS_PER_THREAD = 64
"""Boards a GPU thread walks (2 in numba-cuda's simulator)."""
DEALS_PER_LAUNCH = 4096
"""Deals a launch counts (the progress between two launches)."""
MOST_ASSIGNMENTS = 1 << 24
"""Most assignments of the ranges' combos an exact question on the GPU lists."""


def gpu_fixed_counts(
    holes: np.ndarray,
    board: np.ndarray | None = None,
    dead: np.ndarray | None = None,
    rules: RulesLike = None,
    progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """Each deal of ``holes`` (M, P, 2) card indices over every completion of ``board`` from the
    cards of the rules' deck not on the board, among ``dead`` or in the deal: (M, P, P) int64,
    ``[m, p, k - 1]`` the boards player ``p`` of deal ``m`` won with ``k - 1`` others."""
    from . import gpu_kernel

    cuda = cuda_module()
    rules = rules_of(rules)
    tables = kernel_tables(rules)
    holes = np.ascontiguousarray(holes, dtype=np.int64)
    board = np.zeros(0, np.int64) if board is None else np.asarray(board, dtype=np.int64)
    dead = np.zeros(0, np.int64) if dead is None else np.asarray(dead, dtype=np.int64)
    deals, players = holes.shape[:2]
    out = np.zeros((deals, players, players), dtype=np.int64)
    if not deals:
        return out
    taken = np.zeros((deals, 52), dtype=bool)
    taken[:, np.concatenate([board, dead, rules.removed]).astype(np.int64)] = True
    taken[np.arange(deals)[:, None], holes.reshape(deals, -1)] = True
    left_over = (~taken).sum(axis=1)
    if (left_over != 52 - len(np.unique(np.concatenate([board, dead, rules.removed]))) - 2 * players).any():
        raise PokerInputError("a deal's hands share a card with each other, the board or the dead cards")
    rest = np.nonzero(~taken)[1].reshape(deals, -1)
    left = 5 - len(board)
    total = int(BINOMIALS[rest.shape[1], left])
    per_thread = 2 if simulated() else BOARDS_PER_THREAD
    per_block = block_threads()
    columns = max(1, -(-total // (per_thread * per_block)))
    board0, board1 = int(tables.card_word0[board].sum()), int(tables.card_word1[board].sum())
    arrays = cuda_tables(tables)
    binomials = cuda.to_device(BINOMIALS)
    for start in range(0, deals, DEALS_PER_LAUNCH):
        stop = min(start + DEALS_PER_LAUNCH, deals)
        counts = cuda.to_device(np.zeros((stop - start, players, players), dtype=np.int64))
        gpu_kernel.fixed_deals[(columns, stop - start), per_block](
            cuda.to_device(holes[start:stop]),
            cuda.to_device(np.ascontiguousarray(rest[start:stop])),
            left,
            total,
            per_thread,
            np.int64(board0),
            np.int64(board1),
            binomials,
            counts,
            *arrays,
        )
        out[start:stop] = counts.copy_to_host()
        if progress is not None:
            progress(stop, deals)
    return out


def assignments(players: Sequence[Player], known: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every assignment of one combo to each player (a known hand: its own) that shares no card
    with another or with ``known``: (M, P, 2) card indices and (M,) weights, the products of the
    combos' weights."""
    deals = np.zeros((1, 0, 2), dtype=np.int64)
    weights = np.ones(1)
    taken = np.zeros((1, 52), dtype=bool)
    taken[:, known] = True
    for player in players:
        combos = np.asarray(player.combos, dtype=np.int64)
        fits = ~(taken[:, combos[:, 0]] | taken[:, combos[:, 1]])  # (M, n)
        row, column = np.nonzero(fits)
        if len(row) > MOST_ASSIGNMENTS:
            raise PokerInputError(f"exact on the GPU: more than {MOST_ASSIGNMENTS:,} assignments of the ranges' combos")
        deals = np.concatenate([deals[row], combos[column][:, None, :]], axis=1)
        weights = weights[row] * np.asarray(player.weights, dtype=np.float64)[column]
        taken = taken[row]
        taken[np.arange(len(row)), combos[column, 0]] = True
        taken[np.arange(len(row)), combos[column, 1]] = True
    return deals, weights


def gpu_exact(
    players: Sequence[Player],
    board: np.ndarray,
    dead: np.ndarray,
    rules: RulesLike = None,
    progress: Callable[[int, int], None] | None = None,
) -> Tally:
    """The exact tally of known hands and ranges (no random player) on ``board``: every
    assignment (:func:`assignments`) over every board, counted on the GPU and weighed."""
    random = [p.name for p in players if p.is_random]
    if random:
        raise PokerInputError(
            f"exact on the GPU: known hands and ranges; {random[0]!r} is a random player (counted exactly on the CPU)"
        )
    board, dead = np.asarray(board, dtype=np.int64), np.asarray(dead, dtype=np.int64)
    deals, weights = assignments(players, np.concatenate([board, dead]))
    counts = gpu_fixed_counts(deals, board, dead, rules, progress).astype(np.float64)  # (M, P, P)
    split = np.arange(1, len(players) + 1, dtype=np.float64)
    boards = (counts / split).sum(axis=(1, 2))  # every board once: a board split k ways counts k times
    return Tally(  # each deal weighs its combos' weights, the deals too (a Monte Carlo tally does not)
        weights @ counts[:, :, 0],
        weights @ counts[:, :, 1:].sum(axis=2),
        weights @ (counts / split).sum(axis=2),
        float(weights @ boards),
    )


__all__ = ["BOARDS_PER_THREAD", "DEALS_PER_LAUNCH", "MOST_ASSIGNMENTS", "gpu_fixed_counts", "assignments", "gpu_exact"]
