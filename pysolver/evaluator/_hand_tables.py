"""Values per pot of hands that stay the same over many boards: a table per board part.

A five is a hole part and a board part (:func:`~pysolver.evaluator._games.five_parts`). When a
player's hole cards are fixed (an exact count, or a Monte Carlo run, that deals only the board),
the best the player makes with a given board part is fixed too: the best, for each pot, over
the player's hole parts that join it. :class:`HandTables` works that out once for every board
part the deck can give (``C(52, s)`` parts of ``s`` cards, indexed by the combinatorial number
system of its cards in card order), and a board's value for the player is then the best of a
few table reads: Omaha's 60 fives a player become 10 reads, one per board triple.

Tables are built for games whose board parts have at most :data:`MOST_BOARD_PART` cards (Omaha
and Big O take 3; a five of four or five board cards, as hold'em's, has too many parts to
tabulate): :meth:`HandTables.of` answers None otherwise.

    >>> from pysolver import load_rules, parse_cards
    >>> omaha = load_rules("omaha")
    >>> index = lambda text: [c.index for c in parse_cards(text)]
    >>> tables = HandTables.of(np.array([index("As Ks Qd 2c"), index("7h 7d 3c 4d")]), omaha)
    >>> boards = np.array([index("5c 6s 8h Jd 2d"), index("Ts Js 9h 2h 3h")])
    >>> from pysolver.evaluator import game_values
    >>> tables.values(boards)["high"].tolist() == game_values(
    ...     np.broadcast_to(np.array([index("As Ks Qd 2c"), index("7h 7d 3c 4d")]), (2, 2, 4)), boards, omaha
    ... )["high"].tolist()
    True
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np

from ..core import BINOMIALS, Rules
from ._games import _checked
from ._kernel import GAME_LOOPS, game_loops, uses_kernel
from ._key_values import card_keys, evaluate_keys
from ._scales import NO_HAND, pot_tables

MOST_BOARD_PART = 4
"""The most board cards a tabulated five takes: ``C(52, 4)`` = 270,725 parts a table."""


class HandTables:
    """Each fixed hand's best value per pot with every board part (see the module)."""

    def __init__(self, holes: np.ndarray, rules: Rules, tables: dict[int, np.ndarray]):
        self.holes = holes
        self.rules = rules
        self.tables = tables  # board part size s -> (C(52, s), pots * P) int64: a part's row read at once

    @classmethod
    def of(cls, holes: np.ndarray, rules: Rules) -> HandTables | None:
        """Tables for ``holes`` (P, h) card indices under ``rules``; None when some five of the game
        takes more than :data:`MOST_BOARD_PART` board cards."""
        game = rules.game
        holes, _ = _checked(np.asarray(holes)[None], np.zeros((1, 0), dtype=np.int64), rules)
        holes = holes[0]
        formations = game.formations(game.board_cards)
        if not formations or any(s > MOST_BOARD_PART for _, s in formations):
            return None
        values = pot_tables(rules)
        tables = {}
        for size in sorted({s for _, s in formations}):
            hole_sizes = [k for k, s in formations if s == size]
            by_hand = np.stack([_best_by_part(hole, hole_sizes, size, values, rules) for hole in holes], axis=1)
            tables[size] = np.ascontiguousarray(by_hand.reshape(-1, by_hand.shape[-1]).T)
        return cls(holes, rules, tables)

    @staticmethod
    def cost(holes: int, rules: Rules) -> int:
        """Fives valued to build the tables of ``holes`` hands (to weigh against valuing the deals')."""
        game = rules.game
        return holes * sum(comb(game.hole_cards, k) * comb(52, s) for k, s in game.formations(game.board_cards))

    def values(self, boards: np.ndarray) -> dict[str, np.ndarray]:
        """Each hand's value for each pot on each board (N, b) card indices, complete boards that share
        no card with the hands: {pot: (N, P) int64}, as :func:`~pysolver.evaluator.game_values` gives."""
        boards = np.sort(np.asarray(boards, dtype=np.int64), axis=1)
        pots, players = len(self.rules.game.pots), len(self.holes)
        best = np.full((len(boards), pots * players), NO_HAND, dtype=np.int64)
        for size, table in self.tables.items():
            listed = list(combinations(range(boards.shape[1]), size))
            places = np.array(listed, dtype=np.int64).reshape(len(listed), size)
            if uses_kernel(len(boards) * len(places) * 4, GAME_LOOPS):  # a read costs a few lookups' time
                game_loops().hand_table_rows(boards, places, table, best)
                continue
            for part in places:
                np.maximum(best, table[part_index(boards[:, part])], out=best)
        by_pot = best.reshape(len(boards), pots, players)
        return {pot: by_pot[:, k] for k, pot in enumerate(self.rules.game.pots)}


def _best_by_part(hole: np.ndarray, hole_sizes: list[int], size: int, values: np.ndarray, rules: Rules) -> np.ndarray:
    """(pots, C(52, size)): the hand's best value per pot with each board part of ``size`` cards of
    the deck, over its hole parts of ``hole_sizes`` cards; :data:`NO_HAND` for a part that shares a
    card with it or holds a card outside the deck."""
    deck = [c.index for c in rules.deck if c.index not in hole]
    listed = list(combinations(deck, size))
    parts = np.array(listed, dtype=np.int64).reshape(len(listed), size)
    part_keys = card_keys(parts)  # (T, 2)
    best = np.full((len(values), len(parts)), NO_HAND, dtype=np.int64)
    for k in hole_sizes:
        for cards in combinations(hole.tolist(), k):
            classes = evaluate_keys(part_keys + card_keys(np.array(cards, dtype=np.int64)), rules)
            np.maximum(best, values[:, classes], out=best)
    out = np.full((len(values), comb(52, size)), NO_HAND, dtype=np.int64)
    out[:, part_index(parts)] = best
    return out


def part_index(parts: np.ndarray) -> np.ndarray:
    """The index of each part (T, s) of cards in card order: the sum of C(card, place + 1).

    >>> part_index(np.array([[0, 1, 2], [0, 1, 3], [49, 50, 51]])).tolist()   # 0 .. C(52, 3) - 1
    [0, 1, 22099]
    """
    index = np.zeros(len(parts), dtype=np.int64)
    for j in range(parts.shape[1]):
        index += BINOMIALS[parts[:, j], j + 1]
    return index


__all__ = ["MOST_BOARD_PART", "HandTables"]
