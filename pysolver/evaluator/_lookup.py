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
1..``n_values(rules)`` (:mod:`pysolver.evaluator._game_tables`). A large batch runs in
the compiled kernel (:mod:`pysolver.evaluator._kernel`), a small one with numpy
(:mod:`pysolver.evaluator._key_values`). A direct table over all rank keys (2**25
entries) would not fit in 32 MB, hence the perfect hash (3 more numpy operations).

Key layout
----------
A key is a pair of int64 words, the last axis of size 2 of a key array; the
key of a set of cards is the sum of its cards' keys, so
``key(A | B) == key(A) + key(B)`` for disjoint A and B (compute a board's key
once, add each player's hole-card key)::

    word 0: bits 0..24   rank key, sum of RANK_MULTIPLIERS[rank] (pysolver.evaluator._shipped_tables)
            bits 32..47  number of cards of each suit, 4 bits per suit (c at bit 32)
    word 1: bit 16 * suit + rank  (four 13-bit rank masks, one per 16-bit lane)

:func:`~pysolver.evaluator._key_values.card_keys` makes keys and
:func:`~pysolver.evaluator._key_values.evaluate_keys` values them.

Not checked, for speed: :func:`evaluate_batch` checks shape and card range
but not that the cards of a row are distinct (``check_distinct=True`` does);
:func:`evaluate_keys` trusts its keys to be sums of 5 to 7 distinct cards.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import numpy as np

from ..core import Card, CardCountError, CardsLike, Category, PokerInputError, RulesLike, describe, parse_cards
from ._backends import using
from ._cuda import cuda_rows
from ._game_tables import WORD0_LIST, WORD1_LIST, check_deck, check_value, game_tables, n_values, standard_tables
from ._hand_checks import bad_card, check_distinct_cards, check_hands
from ._kernel import evaluate_rows, in_parts, on_gpu, thread_count, uses_kernel
from ._key_values import numpy_rows
from ._shipped_tables import FLUSH_BIAS, FLUSH_CHECK, RANK_KEY_MASK, RANK_SHIFT, SUIT_SHIFT


def _output(out: np.ndarray | None, n: int) -> np.ndarray:
    """``out`` checked as the (n,) int16 array of a batch's values, or a new one."""
    if out is None:
        return np.empty(n, dtype=np.int16)
    if not isinstance(out, np.ndarray) or out.dtype != np.int16 or out.shape != (n,) or not out.flags.c_contiguous:
        shape = getattr(out, "shape", None)
        dtype = getattr(out, "dtype", type(out).__name__)
        raise PokerInputError(f"out of shape {shape} and dtype {dtype}: expected a contiguous ({n},) int16 array")
    if not out.flags.writeable:
        raise PokerInputError(f"out is read-only: expected a writable ({n},) int16 array")
    return out


def evaluate_batch(
    hands: np.ndarray,
    *,
    check_distinct: bool = False,
    rules: RulesLike = None,
    threads: int | None = None,
    out: np.ndarray | None = None,
    backend: str | None = None,
) -> np.ndarray:
    """Values (N,) int16 of N hands given as an (N, k) integer array of card indices, k = 5, 6, 7.

    Card range is checked; that a row's cards are distinct only with ``check_distinct=True``.
    ``rules`` names a variant (:mod:`pysolver.core._rules`), whose deck the cards must be in.
    ``threads``: how many threads share a large batch (None or 0: every core); a batch of fewer
    than 65,536 hands per thread uses fewer. The values do not depend on it. ``out``: a
    contiguous (N,) int16 array the values are written into and returned, as numpy's ``out=``
    (a caller valuing batch after batch saves allocating, and first touching, a new array).
    ``backend``: ``"numpy"``, ``"numba"`` or ``"cuda"`` (None: the package chooses: a GPU for
    a batch of :data:`~pysolver.evaluator._kernel.GPU_ROWS` hands or more where one answers,
    else :func:`~pysolver.evaluator.runs_on`); the values are the same on any.

    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 1]])).tolist()
    [7462]
    >>> values = np.empty(1, dtype=np.int16)
    >>> evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 1]]), out=values) is values
    True
    """
    hands = np.asarray(hands)
    unsigned = check_hands(hands)
    tables = game_tables(rules)
    n = len(hands)
    out = _output(out, n)
    parts = thread_count(threads, n)
    if tables.in_deck is not None and unsigned.max(initial=0) <= 51:
        check_deck(hands, tables)
    with using(backend):
        if on_gpu(n):
            bad = cuda_rows(hands, out, tables.kernel)
        elif uses_kernel(n):
            bad = evaluate_rows(hands, out, tables.kernel, parts)
        else:
            bad = in_parts(n, parts, lambda start, stop: numpy_rows(hands, unsigned, out, tables, start, stop))
    if bad >= 0:
        raise bad_card(hands[bad : bad + 1])
    if check_distinct:
        check_distinct_cards(hands)
    return out


def evaluate(cards: CardsLike, rules: RulesLike = None) -> int:
    """The value of one hand of 5, 6 or 7 cards (text, Cards or indices).

    >>> evaluate("7c 5d 4h 3s 2c")
    1
    >>> describe_value(evaluate("Ah 6c 7h 8d 9s", "short_deck"), "short_deck")
    'Straight, Nine high'
    """
    if (
        isinstance(cards, (list, tuple))
        and all(type(c) is int and 0 <= c < 52 for c in cards)
        and len(set(cards)) == len(cards)
    ):
        indices = cards  # fast path: distinct valid indices
    else:
        indices = [c.index for c in parse_cards(cards)]
    if not 5 <= len(indices) <= 7:
        raise CardCountError(
            f"hand '{' '.join(str(Card(i)) for i in indices)}': a hand has 5, 6 or 7 cards, got {len(indices)}"
        )
    tables = standard_tables() if rules is None else game_tables(rules)
    if tables.in_deck is not None:
        check_deck(np.asarray(indices), tables)
    word0 = sum(WORD0_LIST[i] for i in indices)
    rank_key = word0 & RANK_KEY_MASK
    value = int(tables.rank_values[rank_key + tables.offsets[rank_key >> RANK_SHIFT]])
    flush = (word0 + FLUSH_BIAS) & FLUSH_CHECK
    if flush:
        suit = (flush.bit_length() - 1 - SUIT_SHIFT - 3) // 4
        mask = sum(WORD1_LIST[i] for i in indices) >> (16 * suit) & 0x1FFF
        return max(value, int(tables.flush_values[mask]))
    return value


def category(value: int, rules: RulesLike = None) -> Category:
    """The category of a value (ROYAL_FLUSH for 7462).

    >>> category(1).snake, category(7462).snake
    ('high_card', 'royal_flush')
    """
    tables = game_tables(rules)
    return Category(int(tables.category_of[check_value(value, tables)]))


def categories(values: np.ndarray, rules: RulesLike = None) -> np.ndarray:
    """Categories of an array of values, as int8 (``Category`` numbers)."""
    values = np.asarray(values)
    tables = game_tables(rules)
    if values.size and (values.min() < 1 or values.max() > tables.n_values):
        raise PokerInputError(f"invalid hand values in {values}: must be 1..{tables.n_values}")
    return tables.category_of[values]


def tiebreak_ranks(value: int, rules: RulesLike = None) -> tuple[int, ...]:
    """The tie-break ranks of a value (convention of :mod:`pysolver.core._categories`).

    >>> tiebreak_ranks(evaluate("Ah Ad Qc Qs Kd"))
    (12, 10, 11)
    """
    tables = game_tables(rules)
    row = tables.classes[check_value(value, tables) - 1]
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
        Category.STRAIGHT,
        Category.STRAIGHT_FLUSH,
    )
    return tuple(
        sorted(five, key=lambda c: (counts[c.rank], -1 if wheel and c.rank == 12 else c.rank, c.suit), reverse=True)
    )


__all__ = ["evaluate_batch", "evaluate", "category", "categories", "tiebreak_ranks", "describe_value", "best_five"]
