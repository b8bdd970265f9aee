"""Every runout of a board under known hands, valued and shared pot by pot in one compiled loop.

The hands are known and only board cards are still to come (Omaha on the flop: 820 turns and
rivers). A player's fives (:func:`~pysolver.evaluator.five_parts`) are sorted by how many of
the missing board cards they take:

- none: valued once, before the walk;
- one: valued once for each card that can come, into a table by card;
- two or more: the hole part and the known board cards summed once, and joined in the walk with
  every such subset of the runout (the missing places are interchangeable: a runout's fives
  that take ``j`` missing cards are those fives joined with each ``j`` of its cards). A pair's
  values depend on its ranks alone, and on its suit where the player holds three cards of it
  (only then can such a five be a flush): each pair class is valued once and remembered.

On Omaha's flop a player's 60 fives become 18 a pair class, some 180 classes for 820 runouts.
The compiled loop walks the runouts in colex order, values each pot, divides the whole pot
among each pot's winners (as :func:`~pysolver.evaluator.pot_parts`: the high scoops when no
low qualifies) and sums the shares in integers, so the sums are the same on any number of
threads.

    >>> from pysolver import load_rules, parse_cards
    >>> index = lambda text: np.array([c.index for c in parse_cards(text)])
    >>> holes = np.stack([index("Ah 3h Kd Qd"), index("As 3s 9c 9d")])
    >>> board = index("2c 5d 8h Kc")
    >>> deck = np.setdiff1d(np.arange(52), np.concatenate([holes.ravel(), board]))
    >>> sums = game_runouts(holes, board, deck, load_rules("omaha_hi_lo"), unit=4)   # needs numba
    >>> sums.runouts, sums.shares.tolist(), sums.pots.tolist()   # 40 rivers; the low always tied
    (40, [112, 48], [[72, 8], [40, 40]])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from math import comb

import numpy as np

from ..core import Rules
from ._game_tables import game_tables
from ._games import _checked, five_parts
from ._kernel import game_loops, in_parts, thread_count
from ._scales import pot_tables


@dataclass(frozen=True)
class RunoutSums:
    """The sums over every runout: each player's ``shares`` of the whole pot in ``unit`` (P,),
    each pot's part of them (pots, P), ``scoops`` (P,), the runouts where no low qualifies and
    how many runouts there are."""

    shares: np.ndarray
    pots: np.ndarray
    scoops: np.ndarray
    no_low: int
    runouts: int


def game_runouts(
    holes: np.ndarray,
    board: np.ndarray,
    deck: np.ndarray,
    rules: Rules,
    *,
    unit: int,
    board_size: int | None = None,
    threads: int | None = None,
) -> RunoutSums:
    """Every runout of ``board`` (k,) to ``board_size`` cards (the game's board by default) from
    ``deck`` (D,), the players' ``holes`` (P, h) known: the sums of each pot's shares in ``unit``
    of the whole pot (see the module), on ``threads`` threads (None or 0: every core). The
    compiled loop (numba); without it the same function runs in Python, slowly."""
    game = rules.game
    holes, boards = _checked(np.asarray(holes)[None], np.asarray(board, dtype=np.int64)[None], rules)
    holes, board = holes[0], boards[0]
    deck = np.ascontiguousarray(deck, dtype=np.int64)
    size = game.board_cards if board_size is None else board_size
    missing = size - len(board)
    pot_values = pot_tables(rules)
    fives = _sorted_fives(holes.shape[1], size, game.hole_min, game.hole_max, len(board))
    subsets = _subsets(missing)
    runouts = comb(len(deck), missing)
    low = game.pots.index("low") if "low" in game.pots and game.qualifier is not None else -1
    tables = game_tables(rules).kernel
    counts = np.diff(fives[3])  # the fives that take 0, 1, 2 and more missing cards
    work = max(1, runouts * len(holes) * (counts[3] + counts[2] // 4 + 1))
    parts: list[np.ndarray] = []

    def walk(start: int, stop: int) -> int:
        sums = np.zeros((5 + len(pot_values), len(holes)), dtype=np.int64)
        loop = game_loops().game_runouts
        loop(holes, board, deck, missing, *fives, subsets, pot_values, low, unit, tables, start, stop, sums)
        parts.append(sums)
        return -1

    in_parts(runouts, thread_count(threads, work), walk)
    total = np.sum(parts, axis=0)
    return RunoutSums(total[0], total[5:], total[1], int(total[2, 0]), int(total[3, 0]))


@lru_cache(maxsize=64)
def _sorted_fives(hole: int, size: int, low: int, high: int, known: int) -> tuple[np.ndarray, ...]:
    """The fives of :func:`~pysolver.evaluator.five_parts` as the walk takes them: the hole parts
    (H, 5), the board parts' known places (B, 5; -1 past the last), and the fives (F, 3): hole part,
    board part and how many missing cards each takes, in that order, only those that take the
    first missing places (see the module), with where those that take 0, 1, 2 and more begin (5,)."""
    hole_parts, board_parts, fives = five_parts(hole, size, low, high)
    kept = []
    for h, b in fives.tolist():
        taken = sorted(p for p in board_parts[b].tolist() if p >= known)
        if taken == list(range(known, known + len(taken))):
            kept.append((len(taken), h, b))
    kept.sort()
    sorted_fives = np.array([(h, b, j) for j, h, b in kept], dtype=np.int64).reshape(-1, 3)
    bounds = np.searchsorted(np.minimum(sorted_fives[:, 2], 3), np.arange(5), side="left")
    known_parts = np.where(board_parts < known, board_parts, -1)
    return hole_parts, known_parts, sorted_fives, bounds


@lru_cache(maxsize=8)
def _subsets(missing: int) -> np.ndarray:
    """(J, S, j) the places in the runout of each ``j``-subset, for j = 0 .. ``missing`` (at least
    0 .. 2), -1 past the last subset of a row and past the last place."""
    rows = max(missing, 2) + 1
    most = max(comb(missing, j) for j in range(missing + 1))
    out = np.full((rows, most, max(missing, 1)), -1, dtype=np.int64)
    for j in range(2, missing + 1):
        for s, subset in enumerate(combinations(range(missing), j)):
            out[j, s, :j] = subset
    return out


__all__ = ["RunoutSums", "game_runouts"]
