"""The lookup-table evaluator: 5, 6 and 7 cards, one hand or numpy batches.

A hand's *value* is 1..7462, higher is better, the same scale for 5, 6 and 7
cards: 1 + the position of its best five cards' class among the 7,462 classes
(7-5-4-3-2 offsuit is 1, a royal flush 7462).

    >>> evaluate("As Ks Qs Js Ts 2c 2d")
    7462
    >>> describe_value(evaluate("Kh Kd Ks 7c 7d 2h 3s"))
    'Full house, Kings full of Sevens'
    >>> evaluate_batch(np.array([[48, 44, 40, 36, 32], [0, 4, 8, 12, 49]])).tolist()
    [7462, 5854]

Design (the design page "The evaluator" of the documentation has the measurements)
------------------------------------------------------------------------------------
Additive keys plus small tables (:mod:`pysolver.evaluator._shipped_tables`, about 220 KB), as
in OMPEval: each card contributes a constant to a 64-bit word; the sum tells
the rank multiset (a perfect-hashed lookup gives the value of a hand without a
flush) and how many cards each suit has; only the few hands with five or more
cards of a suit (about 3 % of 7-card hands) look at that suit's 13-bit rank
mask, in a table of 8,192 flush values, and take the better of the two (with
at most 7 cards a flush excludes a full house or quads, so in the standard game
the flush value is the hand's value; a variant may rank a straight above it).

Every function takes ``rules=``: a variant's tables are ranked by clingo from
its rules files (:mod:`pysolver.evaluator._variants`) and its values run
1..``n_values(rules)``. Batches are accumulated column by column,
``acc += table[hands[:, j]]``, in steps of :data:`ROWS_PER_STEP` rows so the
temporaries stay in cache (faster than summing the fancy-indexed (N, 7) block
along rows). A direct table over all rank keys (2**25 entries) would not fit in
32 MB, hence the perfect hash (3 more numpy operations). Lookups with indices
valid by construction use ``mode="clip"``, as ``mode="raise"`` buffers ``out``;
flush rows are found through a bool mask (faster than ``np.flatnonzero`` on int64).

Key layout
----------
A key is a pair of int64 words, the last axis of size 2 of a key array; the
key of a set of cards is the sum of its cards' keys, so
``key(A | B) == key(A) + key(B)`` for disjoint A and B (compute a board's key
once, add each player's hole-card key)::

    word 0: bits 0..24   rank key, sum of RANK_MULTIPLIERS[rank] (pysolver.evaluator._shipped_tables)
            bits 32..47  number of cards of each suit, 4 bits per suit (c at bit 32)
    word 1: bit 16 * suit + rank  (four 13-bit rank masks, one per 16-bit lane)

    >>> board = card_keys(np.array([48, 44, 40, 0, 1]))       # Ac Kc Qc 2c 2d
    >>> evaluate_keys(board + card_keys(np.array([[36, 32], [2, 3]]))).tolist()
    [7462, 7308]

Not checked, for speed: :func:`evaluate_batch` checks shape and card range
but not that the cards of a row are distinct (``check_distinct=True`` does);
:func:`evaluate_keys` trusts its keys to be sums of 5 to 7 distinct cards.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations
from typing import NamedTuple

import numpy as np

from ..core import (Card, CardCountError, CardsLike, Category, DuplicateCardError, InvalidCardError, PokerInputError,
                    Rules, RulesLike, describe, parse_cards)
from ..asp._runtime import rules_of
from ._shipped_tables import (FLUSH_BIAS, FLUSH_CHECK, RANK_KEY_MASK, RANK_MULTIPLIERS, RANK_SHIFT, SUIT_SHIFT,
                              load_shipped_tables)
from ._kernel import KernelTables, evaluate_rows, in_parts, make_kernel_tables, thread_count, uses_kernel

ROWS_PER_STEP = 1 << 15
N_VALUES = 7462

_CARDS = np.arange(52)
CARD_KEYS = np.stack([RANK_MULTIPLIERS[_CARDS >> 2] + (1 << (SUIT_SHIFT + 4 * (_CARDS & 3))),
                      1 << (16 * (_CARDS & 3) + (_CARDS >> 2))], axis=1).astype(np.int64)
"""(52, 2) int64: the key of each single card."""
_WORD0 = np.ascontiguousarray(CARD_KEYS[:, 0])
_WORD1 = np.ascontiguousarray(CARD_KEYS[:, 1])
_WORD0_BIASED = _WORD0 + FLUSH_BIAS
_LANE_SHIFT = np.zeros(4097, dtype=np.int64)     # flush bits >> 35 (1, 16, 256, 4096) -> 16 * suit
_LANE_SHIFT[[1, 16, 256, 4096]] = [0, 16, 32, 48]
_WORD0_LIST = _WORD0.tolist()
_WORD1_LIST = _WORD1.tolist()


class _Tables(NamedTuple):
    """One game's tables: the shipped standard ones, or a variant's (pysolver.evaluator._variants)."""

    offsets: np.ndarray
    rank_values: np.ndarray
    flush_values: np.ndarray
    category_of: np.ndarray      # by value, 0 unused
    classes: np.ndarray          # (n_values, 6): category, tie-break ranks padded with -1
    in_deck: np.ndarray | None  # (52,) bool, None for the full deck
    rules: Rules | None
    kernel: KernelTables         # the same tables laid out for the compiled kernel

    @property
    def n_values(self) -> int:
        return len(self.classes)


def _make_tables(t: dict, rules: Rules | None) -> _Tables:
    category_of = np.concatenate([[-1], t["classes"][:, 0]]).astype(np.int8)
    in_deck = None if rules is None or len(rules.faces) == 13 else rules.in_deck
    return _Tables(t["rank_offsets"].astype(np.int64), t["rank_values"], t["flush_values"],
                   category_of, t["classes"], in_deck, rules,
                   make_kernel_tables(CARD_KEYS, t["rank_offsets"], t["rank_values"], t["flush_values"]))


@lru_cache(maxsize=1)
def _standard_tables() -> _Tables:
    return _make_tables(load_shipped_tables(), None)


@lru_cache(maxsize=8)
def _variant_tables(rules: Rules) -> _Tables:
    from ._variants import variant_tables

    return _make_tables(variant_tables(rules), rules)


def _tables(rules: RulesLike = None) -> _Tables:
    """The tables of a game: the shipped standard tables, or a variant's ranked by clingo."""
    if rules is None:
        return _standard_tables()
    rules = rules_of(rules)
    return _standard_tables() if rules.is_standard else _variant_tables(rules)


def n_values(rules: RulesLike = None) -> int:
    """How many hand values (classes of five-card hands) a game has: 7462 for the standard game.

    >>> n_values(), n_values("short_deck")
    (7462, 1404)
    """
    return _tables(rules).n_values


def _values_into(word0: np.ndarray, flush_masks, out: np.ndarray, scratch: np.ndarray,
                 tables: _Tables) -> None:
    """Values into ``out`` from word 0 of the hands *plus* :data:`FLUSH_BIAS` (``word0`` and
    ``scratch``, of the same shape, are overwritten); ``flush_masks(rows)`` gives word 1 of
    the rows that hold a flush. Indices are valid by construction, so takes use mode="clip"
    (mode="raise" buffers ``out``). A flush row takes the better of its flush value and its
    value without the flush (the flush, unless a variant orders a hand above flushes)."""
    offsets, rank_values, flush_values = tables.offsets, tables.rank_values, tables.flush_values
    rows = np.flatnonzero(np.bitwise_and(word0, FLUSH_CHECK, out=scratch) != 0)  # (bool: faster)
    lane_shift = _LANE_SHIFT[scratch[rows] >> (SUIT_SHIFT + 3)]
    np.bitwise_and(word0, RANK_KEY_MASK, out=word0)           # the rank key
    np.right_shift(word0, RANK_SHIFT, out=scratch)
    offsets.take(scratch, out=scratch, mode="clip")
    scratch += word0                                          # its perfect-hash slot
    rank_values.take(scratch, out=out, mode="clip")
    if rows.size:
        out[rows] = np.maximum(out[rows], flush_values[(flush_masks(rows) >> lane_shift) & 0x1FFF])


def _check_hands(hands: np.ndarray) -> np.ndarray:
    """The hands viewed as unsigned integers (a negative index then reads as too big), for the
    range check; the takes read the hands as given (an int64 index needs no conversion)."""
    if hands.ndim != 2 or not 5 <= hands.shape[1] <= 7:
        raise CardCountError(f"hands of shape {hands.shape}: expected (N, k) with k = 5, 6 or 7")
    if not np.issubdtype(hands.dtype, np.integer):
        raise InvalidCardError(f"hands of dtype {hands.dtype}: expected integer card indices")
    if np.issubdtype(hands.dtype, np.signedinteger):
        hands = hands.view(np.dtype(hands.dtype.str.replace("i", "u")))
    return hands


def _bad_card(hands: np.ndarray) -> InvalidCardError:
    bad = hands[(hands < 0) | (hands > 51)].flat[0]
    return InvalidCardError(f"invalid card index {bad}: must be 0..51")


def _check_deck(cards: np.ndarray, tables: _Tables) -> None:
    """Cards outside a variant's deck (a short deck has no twos) are an error."""
    if tables.in_deck is not None and cards.size and not tables.in_deck[cards].all():
        assert tables.rules is not None                  # a deck of its own is a variant's
        tables.rules.check_cards(Card(int(c)) for c in np.unique(cards))


def _check_distinct(hands: np.ndarray) -> None:
    bits = np.zeros(len(hands), dtype=np.uint64)
    for j in range(hands.shape[1]):
        bits |= np.left_shift(np.uint64(1), hands[:, j].astype(np.uint64))
    repeated = np.flatnonzero(np.bitwise_count(bits) != hands.shape[1])
    if repeated.size:
        row = hands[repeated[0]].tolist()
        card = next(c for c in row if row.count(c) > 1)
        raise DuplicateCardError(f"duplicate card '{Card(card)}' in hand {repeated[0]} ({row})")


def evaluate_batch(hands: np.ndarray, *, check_distinct: bool = False, rules: RulesLike = None,
                   threads: int | None = None) -> np.ndarray:
    """Values (N,) int16 of N hands given as an (N, k) integer array of card indices, k = 5, 6, 7.

    Card range is checked; that a row's cards are distinct only with ``check_distinct=True``.
    ``rules`` names a variant (:mod:`pysolver.core._rules`), whose deck the cards must be in.
    ``threads``: how many threads share a large batch (None or 0: every core); a batch of fewer
    than 65,536 hands per thread uses fewer. The values do not depend on it.

    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 1]])).tolist()
    [7462]
    """
    hands = np.asarray(hands)
    unsigned = _check_hands(hands)
    tables = _tables(rules)
    n = len(hands)
    out = np.empty(n, dtype=np.int16)
    parts = thread_count(threads, n)
    if tables.in_deck is not None and unsigned.max(initial=0) <= 51:
        _check_deck(hands, tables)
    if uses_kernel(n):
        bad = evaluate_rows(hands, out, tables.kernel, parts)
    else:
        bad = in_parts(n, parts, lambda start, stop: _numpy_rows(hands, unsigned, out, tables, start, stop))
    if bad >= 0:
        raise _bad_card(hands[bad:bad + 1])
    if check_distinct:
        _check_distinct(hands)
    return out


def _numpy_rows(hands: np.ndarray, unsigned: np.ndarray, out: np.ndarray, tables: _Tables,
                start: int, stop: int) -> int:
    """The numpy path on rows ``start..stop`` into ``out``: the first row of a chunk with a card
    outside 0..51 (its values unwritten), or -1."""
    k = hands.shape[1]
    word0, part, scratch = np.empty((3, min(stop - start, ROWS_PER_STEP)), dtype=np.int64)
    for first in range(start, stop, ROWS_PER_STEP):
        last = min(first + ROWS_PER_STEP, stop)
        chunk, size = hands[first:last], last - first
        if unsigned[first:last].max() > 51:
            return first + int(np.argmax((unsigned[first:last] > 51).any(axis=1)))
        acc, extra = word0[:size], part[:size]
        _WORD0_BIASED.take(chunk[:, 0], out=acc, mode="clip")
        for j in range(1, k):
            _WORD0.take(chunk[:, j], out=extra, mode="clip")
            acc += extra
        _values_into(acc, lambda rows, chunk=chunk: _WORD1[chunk[rows]].sum(axis=1), out[first:last],
                     scratch[:size], tables)
    return -1


def card_keys(cards: np.ndarray) -> np.ndarray:
    """Keys of card sets along the last axis: (..., k) card indices -> (..., 2) int64.

    >>> card_keys(np.array([51, 47])).tolist() == (CARD_KEYS[51] + CARD_KEYS[47]).tolist()
    True
    """
    cards = np.asarray(cards)
    if cards.ndim == 0 or not np.issubdtype(cards.dtype, np.integer):
        raise InvalidCardError(f"cards {cards!r}: expected an integer array with a card axis last")
    if cards.size and (cards.min() < 0 or cards.max() > 51):
        raise _bad_card(cards)
    words = np.zeros((2,) + cards.shape[:-1], dtype=np.int64)
    for j in range(cards.shape[-1]):                           # column by column: no (..., k, 2) block
        words[0] += _WORD0.take(cards[..., j])
        words[1] += _WORD1.take(cards[..., j])
    return np.stack(list(words), axis=-1)


def evaluate_keys(keys: np.ndarray, rules: RulesLike = None) -> np.ndarray:
    """Values of hands given by their keys, (..., 2) -> (...) int16 (5 to 7 cards each)."""
    keys = np.asarray(keys, dtype=np.int64)
    tables = _tables(rules)
    if keys.shape[-1:] != (2,):
        raise ValueError(f"keys of shape {keys.shape}: the last axis must hold the 2 key words")
    flat = keys.reshape(-1, 2)
    out = np.empty(len(flat), dtype=np.int16)
    word0, scratch = np.empty((2, min(len(flat), ROWS_PER_STEP)), dtype=np.int64)
    for start in range(0, len(flat), ROWS_PER_STEP):
        chunk = flat[start:start + ROWS_PER_STEP]
        size = len(chunk)
        np.add(chunk[:, 0], FLUSH_BIAS, out=word0[:size])
        _values_into(word0[:size], lambda rows, chunk=chunk: chunk[rows, 1], out[start:start + size],
                     scratch[:size], tables)
    return out.reshape(keys.shape[:-1])


def evaluate(cards: CardsLike, rules: RulesLike = None) -> int:
    """The value of one hand of 5, 6 or 7 cards (text, Cards or indices).

    >>> evaluate("7c 5d 4h 3s 2c")
    1
    >>> describe_value(evaluate("Ah 6c 7h 8d 9s", "short_deck"), "short_deck")
    'Straight, Nine high'
    """
    if isinstance(cards, (list, tuple)) and all(type(c) is int and 0 <= c < 52 for c in cards) \
            and len(set(cards)) == len(cards):
        indices = cards                                       # fast path: distinct valid indices
    else:
        indices = [c.index for c in parse_cards(cards)]
    if not 5 <= len(indices) <= 7:
        raise CardCountError(f"hand '{' '.join(str(Card(i)) for i in indices)}': "
                             f"a hand has 5, 6 or 7 cards, got {len(indices)}")
    tables = _standard_tables() if rules is None else _tables(rules)
    if tables.in_deck is not None:
        _check_deck(np.asarray(indices), tables)
    word0 = sum(_WORD0_LIST[i] for i in indices)
    rank_key = word0 & RANK_KEY_MASK
    value = int(tables.rank_values[rank_key + tables.offsets[rank_key >> RANK_SHIFT]])
    flush = (word0 + FLUSH_BIAS) & FLUSH_CHECK
    if flush:
        suit = (flush.bit_length() - 1 - SUIT_SHIFT - 3) // 4
        mask = sum(_WORD1_LIST[i] for i in indices) >> (16 * suit) & 0x1FFF
        return max(value, int(tables.flush_values[mask]))
    return value


def _check_value(value: int, tables: _Tables) -> int:
    if not 1 <= int(value) <= tables.n_values:
        raise PokerInputError(f"invalid hand value {value!r}: must be 1..{tables.n_values}")
    return int(value)


def category(value: int, rules: RulesLike = None) -> Category:
    """The category of a value (ROYAL_FLUSH for 7462).

    >>> category(1).snake, category(7462).snake
    ('high_card', 'royal_flush')
    """
    tables = _tables(rules)
    return Category(int(tables.category_of[_check_value(value, tables)]))


def categories(values: np.ndarray, rules: RulesLike = None) -> np.ndarray:
    """Categories of an array of values, as int8 (``Category`` numbers)."""
    values = np.asarray(values)
    tables = _tables(rules)
    if values.size and (values.min() < 1 or values.max() > tables.n_values):
        raise PokerInputError(f"invalid hand values in {values}: must be 1..{tables.n_values}")
    return tables.category_of[values]


def tiebreak_ranks(value: int, rules: RulesLike = None) -> tuple[int, ...]:
    """The tie-break ranks of a value (convention of :mod:`pysolver.core._categories`).

    >>> tiebreak_ranks(evaluate("Ah Ad Qc Qs Kd"))
    (12, 10, 11)
    """
    tables = _tables(rules)
    row = tables.classes[_check_value(value, tables) - 1]
    return tuple(int(r) for r in row[1:] if r >= 0)


def describe_value(value: int, rules: RulesLike = None) -> str:
    """The value as a player says it.

    >>> describe_value(evaluate("Ah Ad Qc Qs Kd 2c 3c"))
    'Two pair, Aces and Queens, King kicker'
    """
    if isinstance(value, np.integer):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"value {str(value)[:40]!r}: expected a hand value, a whole number, not {type(value).__name__}")
    most = n_values(rules)
    if not 1 <= value <= most:
        raise PokerInputError(f"value {value}: hand values are 1 .. {most:,}")
    return describe(category(value, rules), tiebreak_ranks(value, rules))


def best_five(cards: CardsLike, rules: RulesLike = None) -> tuple[Card, ...]:
    """The best five of 5 to 7 cards, most significant first (an ace that plays low comes last).

    >>> best_five("2c 3d 4h 5s Ac Kd 9h")
    (Card('5s'), Card('4h'), Card('3d'), Card('2c'), Card('Ac'))
    """
    hand = parse_cards(cards)
    best_value = evaluate(hand, rules)
    five = next(f for f in combinations(sorted(hand, reverse=True), 5) if evaluate(f, rules) == best_value)
    counts = Counter(c.rank for c in five)
    wheel = tiebreak_ranks(best_value, rules)[0] != 12 and category(best_value, rules) in (
        Category.STRAIGHT, Category.STRAIGHT_FLUSH)
    return tuple(sorted(five, key=lambda c: (counts[c.rank], -1 if wheel and c.rank == 12 else c.rank,
                                             c.suit), reverse=True))


__all__ = ["ROWS_PER_STEP", "RANK_KEY_MASK", "SUIT_SHIFT", "FLUSH_BIAS", "FLUSH_CHECK", "N_VALUES", "CARD_KEYS",
           "n_values", "evaluate_batch", "card_keys", "evaluate_keys", "evaluate", "category", "categories",
           "tiebreak_ranks", "describe_value", "best_five"]
