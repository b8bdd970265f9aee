"""The tables of a game: the key of each card, and the value tables of the standard game or a variant.

A card's key is two int64 words (:mod:`pysolver.evaluator._lookup` explains the layout);
a game's tables (:class:`GameTables`) map the sums of keys to values: the shipped standard
ones (:mod:`pysolver.evaluator._shipped_tables`), or a variant's ranked by clingo from its
rules files (:mod:`pysolver.evaluator._variants`), cached.

    >>> n_values(), n_values("short_deck"), CARD_KEYS.shape
    (7462, 1404, (52, 2))
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from ..core import Card, PokerInputError, Rules, RulesLike
from ..rulebook import rules_of
from ._kernel import KernelTables, make_kernel_tables
from ._shipped_tables import FLUSH_BIAS, RANK_MULTIPLIERS, SUIT_SHIFT, load_shipped_tables

N_VALUES = 7462
"""The values of the standard game: the classes of five-card hands."""

_CARDS = np.arange(52)
CARD_KEYS = np.stack(
    [RANK_MULTIPLIERS[_CARDS >> 2] + (1 << (SUIT_SHIFT + 4 * (_CARDS & 3))), 1 << (16 * (_CARDS & 3) + (_CARDS >> 2))],
    axis=1,
).astype(np.int64)
"""(52, 2) int64: the key of each single card."""
WORD0 = np.ascontiguousarray(CARD_KEYS[:, 0])
WORD1 = np.ascontiguousarray(CARD_KEYS[:, 1])
WORD0_BIASED = WORD0 + FLUSH_BIAS
LANE_SHIFT = np.zeros(4097, dtype=np.int64)  # flush bits >> 35 (1, 16, 256, 4096) -> 16 * suit
LANE_SHIFT[[1, 16, 256, 4096]] = [0, 16, 32, 48]
WORD0_LIST = WORD0.tolist()
WORD1_LIST = WORD1.tolist()


class GameTables(NamedTuple):
    """One game's tables: the shipped standard ones, or a variant's (pysolver.evaluator._variants)."""

    offsets: np.ndarray
    rank_values: np.ndarray
    flush_values: np.ndarray
    category_of: np.ndarray  # by value, 0 unused
    classes: np.ndarray  # (n_values, 6): category, tie-break ranks padded with -1
    in_deck: np.ndarray | None  # (52,) bool, None for the full deck
    rules: Rules | None
    kernel: KernelTables  # the same tables laid out for the compiled kernel

    @property
    def n_values(self) -> int:
        return len(self.classes)


def _make_game_tables(t: dict, rules: Rules | None) -> GameTables:
    category_of = np.concatenate([[-1], t["classes"][:, 0]]).astype(np.int8)
    in_deck = None if rules is None or len(rules.faces) == 13 else rules.in_deck
    return GameTables(
        t["rank_offsets"].astype(np.int64),
        t["rank_values"],
        t["flush_values"],
        category_of,
        t["classes"],
        in_deck,
        rules,
        make_kernel_tables(CARD_KEYS, t["rank_offsets"], t["rank_values"], t["flush_values"]),
    )


@lru_cache(maxsize=1)
def standard_tables() -> GameTables:
    return _make_game_tables(load_shipped_tables(), None)


@lru_cache(maxsize=8)
def variant_game_tables(rules: Rules) -> GameTables:
    from ._variants import variant_tables

    return _make_game_tables(variant_tables(rules), rules)


def game_tables(rules: RulesLike = None) -> GameTables:
    """The tables of a game: the shipped standard tables, or a variant's ranked by clingo."""
    if rules is None:
        return standard_tables()
    rules = rules_of(rules)
    return standard_tables() if rules.standard_hands else variant_game_tables(rules)


def n_values(rules: RulesLike = None) -> int:
    """How many hand values (classes of five-card hands) a game has: 7462 for the standard game.

    >>> n_values(), n_values("short_deck")
    (7462, 1404)
    """
    return game_tables(rules).n_values


def check_deck(cards: np.ndarray, tables: GameTables) -> None:
    """Cards outside a variant's deck (a short deck has no twos) are an error."""
    if tables.in_deck is not None and cards.size and not tables.in_deck[cards].all():
        assert tables.rules is not None  # a deck of its own is a variant's
        tables.rules.check_cards(Card(int(c)) for c in np.unique(cards))


def check_value(value: int, tables: GameTables) -> int:
    if not 1 <= int(value) <= tables.n_values:
        raise PokerInputError(f"invalid hand value {value!r}: must be 1..{tables.n_values}")
    return int(value)


__all__ = [
    "N_VALUES",
    "CARD_KEYS",
    "WORD0",
    "WORD1",
    "WORD0_BIASED",
    "LANE_SHIFT",
    "WORD0_LIST",
    "WORD1_LIST",
    "GameTables",
    "standard_tables",
    "game_tables",
    "n_values",
    "check_deck",
    "check_value",
]
