"""The hands a conformance check deals: quick, random or every hand of the deck.

* :func:`quick_hands` -- every class of hand the card count can make and the
  shapes where evaluators go wrong: every multiset of ranks (so every pair, two
  pair, three pairs, two sets, trips with two pairs, quads with any kicker, every
  straight with its pairs, wheels) with suits that make no flush; every flush of
  five, six and seven suited cards (so flush against flush on each of the five
  cards) in each suit, straight flushes and steel wheels among them, steel wheels
  beside every other two cards; and boards that play, each with every pair of
  hole cards (the hands that tie must get one value).
* :func:`random_hands` -- hands drawn uniformly from the deck, seeded, cards in a
  random order.
* :func:`hands_of_ranks` -- the hands of a range of colex ranks (the exhaustive run's
  tasks, :func:`rank_ranges`).

Card indices are ``4 * rank + suit``; every function takes the rules whose deck it deals.

    >>> hands, shapes = quick_hands(5)
    >>> len(hands), list(shapes)[:2]
    (7466, ['ranks', 'flushes'])
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import lru_cache
from math import comb

import numpy as np

from ...core import STANDARD, Rules, colex_unrank
from .._blocks import dealt_rows

#: Boards that play (five cards; rank, suit), each dealt with every pair of other cards.
BOARDS_THAT_PLAY = (
    "As Ks Qs Js Ts",
    "Kc Qd Jh Ts 9c",
    "Ah Jh 8h 5h 2h",
    "Kc Kd Ks Qh Qd",
    "7c 7d 7h 7s Kc",
    "Ac Ad Kh Kd Qs",
    "Ac Kd 9h 7s 2c",
)


def _rank_multisets(faces: tuple[int, ...], k: int) -> np.ndarray:
    """Every multiset of k ranks of ``faces`` with no rank more than four times, (N, k)."""
    rows = [m for m in itertools.combinations_with_replacement(faces, k) if max(Counter(m).values()) <= 4]
    return np.array(rows, dtype=np.int64).reshape(-1, k)


def _no_flush(ranks: np.ndarray) -> np.ndarray:
    """Cards of these ranks (sorted rows), suits dealt in turn so no suit holds three cards
    (and a rank's cards have different suits); the first suit turns with the row."""
    n, k = ranks.shape
    suits = (np.arange(k)[None, :] + np.arange(n)[:, None]) % 4
    return 4 * ranks + suits


def _suited(faces: tuple[int, ...], size: int, k: int, extras: tuple[int, ...]) -> np.ndarray:
    """Every set of ``size`` suited ranks (suit turning with the row), with ``k - size`` cards of
    other suits and of the ranks ``extras`` (turning with the row) to fill the hand."""
    sets = np.array(list(itertools.combinations(faces, size)), dtype=np.int64)
    n = len(sets)
    suit = np.arange(n) % 4
    cards = 4 * sets + suit[:, None]
    fill = [
        4 * np.array(extras, dtype=np.int64)[(np.arange(n) * (3 + 2 * j) + j) % len(extras)] + (suit + 1 + j) % 4
        for j in range(k - size)
    ]
    return np.column_stack([cards, *fill]) if fill else cards


def _steel_wheels(rules: Rules, k: int) -> np.ndarray:
    """Each wheel (a straight where the ace plays low) suited, in each suit, beside every
    multiset of ``k - 5`` other ranks (off suit: the hand stays a steel wheel or better)."""
    wheels = [run for run in rules.straights if run[0] == 12]
    rows = []
    for run in wheels:
        for suit in range(4):
            for extra in itertools.combinations_with_replacement(rules.faces, k - 5):
                others = [4 * r + (suit + 1 + j) % 4 for j, r in enumerate(extra)]
                rows.append([4 * r + suit for r in run] + others)
    return np.array(rows, dtype=np.int64).reshape(-1, k)


def _boards_that_play(rules: Rules, k: int) -> np.ndarray:
    from ...core import parse_cards

    deck = [c.index for c in rules.deck]
    rows = []
    for text in BOARDS_THAT_PLAY:
        board = [c.index for c in parse_cards(text)]
        if not set(board) <= set(deck):
            continue
        rest = [c for c in deck if c not in board]
        rows += [list(board) + list(hole) for hole in itertools.combinations(rest, k - 5)]
    return np.array(rows, dtype=np.int64).reshape(-1, k)


@lru_cache(maxsize=8)
def quick_hands(cards: int = 7, rules: Rules = STANDARD) -> tuple[np.ndarray, dict[str, int]]:
    """The quick check's hands (N, ``cards``), each sorted from the highest card, and how many of
    each shape, in order."""
    faces = rules.faces
    low = tuple(faces[:4])
    parts = {"ranks": _no_flush(_rank_multisets(faces, cards)), "flushes": _suited(faces, 5, cards, low)}
    if cards >= 6:
        parts["six-card flushes"] = _suited(faces, 6, cards, low)
    if cards == 7:
        parts["seven-card flushes"] = _suited(faces, 7, cards, low)
    parts["steel wheels"] = _steel_wheels(rules, cards)
    if cards > 5:
        parts["boards that play"] = _boards_that_play(rules, cards)
    hands = -np.sort(-np.concatenate(list(parts.values())), axis=1)
    hands.flags.writeable = False
    return hands, {name: len(part) for name, part in parts.items()}


def random_hands(count: int, seed: int, cards: int = 7, rules: Rules = STANDARD) -> np.ndarray:
    """``count`` hands of ``cards`` distinct cards drawn uniformly from the rules' deck, in random order.

    >>> random_hands(2, seed=1, cards=5).shape
    (2, 5)
    """
    deck = np.array([c.index for c in rules.deck], dtype=np.int64)
    rng = np.random.default_rng(seed)
    keys = rng.random((count, len(deck)))
    return deck[np.argpartition(keys, cards, axis=1)[:, :cards]]


#: Hands dealt from one seed in :func:`random_rows` (their sort keys take some 4 MB).
HANDS_PER_BLOCK = 10_000


def random_rows(start: int, stop: int, count: int, seed: int, cards: int = 7, rules: Rules = STANDARD) -> np.ndarray:
    """Hands ``start .. stop`` of ``count`` random hands from ``seed``, dealt a block of
    :data:`HANDS_PER_BLOCK` at a time (:mod:`pysolver.crossval._blocks`): the same hands
    however the run is split into tasks.

    >>> whole = random_rows(0, 25_000, 25_000, seed=3, cards=5)
    >>> bool((random_rows(9_000, 21_000, 25_000, seed=3, cards=5) == whole[9_000:21_000]).all())
    True
    """
    parts = dealt_rows(lambda n, s: random_hands(n, s, cards, rules), seed, HANDS_PER_BLOCK, count, start, stop)
    return np.concatenate(parts) if parts else np.empty((0, cards), dtype=np.int64)


def deck_hands(cards: int, rules: Rules = STANDARD) -> int:
    """C(n, ``cards``): the hands of the deck.

    >>> deck_hands(7), deck_hands(5, STANDARD)
    (133784560, 2598960)
    """
    return comb(len(rules.deck), cards)


def rank_ranges(tasks: int, cards: int, rules: Rules = STANDARD) -> list[tuple[int, int]]:
    """``tasks`` contiguous ranges of colex rank covering every hand of the deck.

    >>> rank_ranges(3, 5)
    [(0, 866320), (866320, 1732640), (1732640, 2598960)]
    """
    total = deck_hands(cards, rules)
    cuts = [total * i // tasks for i in range(tasks + 1)]
    return [(a, b) for a, b in itertools.pairwise(cuts) if b > a]


def hands_of_ranks(start: int, stop: int, cards: int, rules: Rules = STANDARD) -> np.ndarray:
    """The hands of colex rank ``start`` .. ``stop - 1`` (rows ascending by card).

    >>> hands_of_ranks(0, 2, 5).tolist()
    [[0, 1, 2, 3, 4], [0, 1, 2, 3, 5]]
    """
    deck = np.array([c.index for c in rules.deck], dtype=np.int64)
    positions = colex_unrank(np.arange(start, stop, dtype=np.int64), cards, len(deck))
    return deck[positions]


__all__ = [
    "BOARDS_THAT_PLAY",
    "HANDS_PER_BLOCK",
    "quick_hands",
    "random_hands",
    "random_rows",
    "deck_hands",
    "rank_ranges",
    "hands_of_ranks",
]
