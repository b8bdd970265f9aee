"""What engines built on the evaluator call: every player's value on many boards, the kernel's parts.

An exact enumeration runs the same hole cards over every board; a Monte Carlo
run deals each trial its own board and hole cards. :func:`evaluate_boards`
takes both forms and values each player's hole cards with each board, in the
compiled kernel when numba is installed (each board's key summed once, each
player's cards added to it), else with numpy on the additive keys.

    >>> from pysolver import describe_value
    >>> holes = np.array([[51, 50], [47, 46]])                      # As Ah, Ks Kh
    >>> boards = np.array([[49, 45, 0, 5, 9], [43, 39, 35, 31, 8]])  # Ad Kd 2c 3d 4d, Qs Js Ts 9s 4c
    >>> values = evaluate_boards(boards, holes)
    >>> values.shape
    (2, 2)
    >>> [describe_value(v) for v in values[1]]
    ['Flush, Ace-Queen-Jack-Ten-Nine', 'Straight flush, King high']
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..core import CardCountError, InvalidCardError, RulesLike
from ._game_tables import check_deck, game_tables
from ._hand_checks import bad_card
from ._jit import backend
from ._kernel import KernelTables, compiled, evaluate_board_rows, in_parts, thread_count, uses_kernel
from ._key_values import card_keys, evaluate_keys


def _card_array(cards, name: str, ndim: tuple[int, ...]) -> np.ndarray:
    cards = np.asarray(cards)
    if cards.ndim not in ndim:
        raise CardCountError(f"{name} of shape {cards.shape}: expected {' or '.join(f'{d}-D' for d in ndim)}")
    if not np.issubdtype(cards.dtype, np.integer):
        raise InvalidCardError(f"{name} of dtype {cards.dtype}: expected integer card indices")
    if cards.size and (cards.min() < 0 or cards.max() > 51):
        raise bad_card(cards)
    return cards


def evaluate_boards(
    boards: np.ndarray, holes: np.ndarray, *, rules: RulesLike = None, threads: int | None = None
) -> np.ndarray:
    """Values (N, P) int16: player p's hole cards with board i, for every board and player.

    ``boards`` (N, b) card indices, b = 0..5 (every board the same size); ``holes`` (P, h), the
    same players' cards on every board (an exact enumeration), or (N, P, h), each board's own
    (Monte Carlo trials); b + h = 5, 6 or 7. Card range is checked, not that a row's cards are
    distinct. ``rules`` and ``threads`` as for :func:`~pysolver.evaluator.evaluate_batch`.
    """
    boards = _card_array(boards, "boards", (2,))
    holes = _card_array(holes, "holes", (2, 3))
    shared = holes.ndim == 2
    holes3 = holes[None] if shared else holes
    n, players = len(boards), holes3.shape[1]
    if not shared and len(holes3) != n:
        raise CardCountError(f"holes of shape {holes.shape} for {n} boards: expected (P, h) or ({n}, P, h)")
    if not 5 <= boards.shape[1] + holes3.shape[2] <= 7:
        raise CardCountError(
            f"boards of {boards.shape[1]} cards and holes of {holes3.shape[2]}: a hand has 5, 6 or 7 cards"
        )
    tables = game_tables(rules)
    check_deck(boards, tables)
    check_deck(holes, tables)
    out = np.empty((n, players), dtype=np.int16)
    parts = min(thread_count(threads, n * players), max(n, 1))
    if uses_kernel(n * players):
        evaluate_board_rows(boards, holes3, out, tables.kernel, parts)
        return out
    hole_keys = card_keys(holes3)

    def rows(start: int, stop: int) -> int:
        keys = hole_keys if shared else hole_keys[start:stop]
        out[start:stop] = evaluate_keys(card_keys(boards[start:stop])[:, None, :] + keys, rules)
        return -1

    in_parts(n, parts, rows)
    return out


def kernel_tables(rules: RulesLike = None) -> KernelTables:
    """A game's tables as the compiled kernel reads them (the standard game's by default).

    >>> kernel_tables().flush_values.shape
    (8192,)
    """
    return game_tables(rules).kernel


def compiled_key_value() -> Callable:
    """``key_value(word0, word1, tables)``, compiled by numba: the value of a hand of 5 to 7 distinct
    cards from the sums of its cards' ``tables.card_word0`` and ``tables.card_word1``, callable
    from Python and from numba-compiled code. Raises ImportError when numba is not installed."""
    if backend() != "numba":
        raise ImportError("the compiled kernel needs numba: pip install 'pysolver-holdem[fast]'")
    return compiled().key_value


def compiled_showdown() -> Callable:
    """``showdown(board0, board1, words, values, rank_starts, rank_values, flush_values)``, compiled
    by numba: every player's value on one board into ``values`` (P,) from the board's summed card
    words and each player's (``words`` (P, 2)), returning the best value and how many hold it. For
    a compiled loop over boards (a Monte Carlo trial): one call per board, the arrays of
    :class:`KernelTables` read once before the loop. Raises ImportError without numba."""
    compiled_key_value()
    return compiled().showdown


__all__ = ["evaluate_boards", "kernel_tables", "compiled_key_value", "compiled_showdown"]
