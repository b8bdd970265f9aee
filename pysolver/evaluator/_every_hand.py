"""Every hand of a deck, valued and counted: the evaluator's census of a rule book.

:func:`every_hand` counts the hands of 5, 6 or 7 cards of a game's deck at each value (all
133,784,560 seven-card hands of the standard deck); :func:`every_hand_categories` sums them
by category, the figures published for the standard game and the ones a rule book's change
moves. The hands are walked in colex order (:func:`~pysolver.core.colex_unrank`): on the CPU a
chunk of ranks at a time through :func:`~pysolver.evaluator.evaluate_batch`, on a GPU
(``backend="cuda"``) a stream of ranks a GPU thread, each hand its predecessor's successor
(:func:`~pysolver.evaluator._cuda.cuda_every_hand`). Both give the same integers.

    >>> every_hand_categories(5)["four_of_a_kind"], every_hand_categories(5)["royal_flush"]
    (624, 4)
"""

from __future__ import annotations

import numpy as np

from ..core import BINOMIALS, PokerInputError, RulesLike, colex_unrank
from ..rulebook import rules_of
from ._backends import check_backend
from ._cuda import cuda_every_hand, cuda_present
from ._game_tables import game_tables
from ._kernel import GPU_ROWS
from ._lookup import categories, evaluate_batch

CHUNK = 1 << 22
"""Hands the CPU walk values at once (some 30 MB of positions)."""


def every_hand(cards: int = 7, rules: RulesLike = None, *, backend: str | None = None) -> np.ndarray:
    """The number of ``cards``-card hands (5, 6 or 7) of the rules' deck at each value: (n + 1,)
    int64, index 0 unused, n the game's values (7,462 for the standard game). ``backend``:
    ``"cuda"`` walks them on a GPU, ``"numpy"`` or ``"numba"`` on the CPU (None: a GPU where
    one answers and the hands are many, else the CPU).

    >>> counts = every_hand(5)
    >>> int(counts.sum()), int(counts[7462]), int(counts[1])        # every hand; royal flushes; 7-5-4-3-2
    (2598960, 4, 1020)
    """
    if cards not in (5, 6, 7):
        raise PokerInputError(f"cards {cards!r}: every hand of 5, 6 or 7 cards")
    read = rules_of(rules)
    chosen = check_backend(backend)
    tables = game_tables(read)
    deck = np.array([c.index for c in read.deck], dtype=np.int64)
    total = int(BINOMIALS[len(deck), cards])
    if chosen == "cuda" or (chosen is None and total >= GPU_ROWS and cuda_present()):
        return cuda_every_hand(tables.kernel, deck, cards, tables.n_values)
    counts = np.zeros(tables.n_values + 1, dtype=np.int64)
    for start in range(0, total, CHUNK):
        hands = deck[colex_unrank(np.arange(start, min(start + CHUNK, total)), cards, len(deck))]
        values = evaluate_batch(hands.astype(np.uint8), rules=read, backend=chosen)
        counts += np.bincount(values, minlength=len(counts))
    return counts


def every_hand_categories(cards: int = 7, rules: RulesLike = None, *, backend: str | None = None) -> dict[str, int]:
    """:func:`every_hand` by category, best first (the rules' order), by the names players use.

    >>> every_hand_categories(5)["flush"], every_hand_categories(5, "short_deck")["flush"]
    (5108, 480)
    """
    read = rules_of(rules)
    counts = every_hand(cards, read, backend=backend)
    of = categories(np.arange(1, len(counts)), read)
    return {c.snake: int(counts[1:][of == c].sum()) for c in reversed(read.order)}


__all__ = ["CHUNK", "every_hand", "every_hand_categories"]
