"""Seven-card hands for the exhaustive cross-validation: ranges of colex rank and suit classes.

A hand is positions ``c0 < ... < c6`` in a deck of n cards (card indices ascending, as
``rules.deck``); its *colex rank* ``sum C(c_i, i + 1)`` numbers the hands 0 .. C(n, 7) - 1.
The hands sharing their top five cards ``c2 .. c6`` have consecutive ranks (the C(c2, 2)
pairs below c2): a *showdown group*, one showdown whose players hold the hole pairs
``(c0, c1)`` on the board ``c2 .. c6``. :class:`ShowdownGroups` holds groups as flat sorted
hands (hole pair first, as :func:`~pysolver.crossval._compare.compare_hands` reads them).

* :func:`hand_range` -- the hands of a range of ranks, as groups (cut at the range's
  edges); :func:`rank_tasks` splits all C(n, 7) ranks into contiguous ranges.
* :func:`canonical_classes` -- the 6,009,159 classes of hands up to a permutation of
  the suits, each as its member of lowest colex rank (the one whose suit masks, read
  as 13-bit numbers, fall from clubs to spades) with its weight, the number of hands
  in the class: 24 / the product of m! over the multiplicities m of equal suit masks.
  In colex order, so they form groups too (130,869 of 52 cards); cached.
* :func:`relabel_suits` and :func:`sample_hands` -- random suit labels and random
  hands, so a fault that depends on the suits cannot hide behind the representatives.

    >>> seven_card_hands(), len(canonical_classes(12)), int(canonical_classes(12).weights.sum())
    (133784560, 57, 792)
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache
from math import comb, factorial
from collections.abc import Iterator, Sequence

import numpy as np

from ..core import Rules

DeckLike = Rules | Sequence[int] | np.ndarray | int | None
"""A deck: None (all 52 cards), a :class:`Rules` (its deck), card indices, or n (the n lowest cards)."""

_BINOM = np.array([[comb(c, k) for k in range(8)] for c in range(53)], dtype=np.int64)   # C(c, k)


def _deck(deck: DeckLike) -> np.ndarray:
    """The deck's card indices, ascending, (n,) int64; checked."""
    if isinstance(deck, Rules):
        deck = [c.index for c in deck.deck]
    elif deck is None or (isinstance(deck, (int, np.integer)) and not isinstance(deck, bool)):
        deck = range(52 if deck is None else int(deck))
    cards = np.asarray(deck, dtype=np.int64).reshape(-1)
    if not 7 <= len(cards) <= 52 or cards.min() < 0 or cards.max() > 51 or (np.diff(cards) <= 0).any():
        raise ValueError(f"deck of {len(cards)} cards: expected 7 to 52 distinct card indices 0..51, ascending")
    return cards


def _cards(positions: np.ndarray, deck: np.ndarray) -> np.ndarray:
    """Positions in the deck as int8 card indices."""
    cards = deck.astype(np.int8)
    return positions.astype(np.int8) if len(deck) == 52 else cards[positions]


@dataclass(frozen=True, eq=False)
class ShowdownGroups:
    """Seven-card hands in showdown groups: group g is ``hands[offsets[g]:offsets[g + 1]]``,
    hands sharing their top five cards (the board) that differ in their two lowest (the hole).

    ``hands`` is (N, 7) int8 card indices ((N, 5) in the five-card run), each row ascending;
    ``weights`` (N,) int64 the hands each row stands for (None: one each).

    >>> g = hand_range(26, 30)
    >>> g.boards.tolist(), g.hole_groups()[-1].tolist(), g.seats.tolist()
    ([[2, 5, 6, 7, 8], [3, 5, 6, 7, 8]], [[0, 1], [0, 2], [1, 2]], [0, 0, 1, 2])
    """

    hands: np.ndarray
    offsets: np.ndarray
    weights: np.ndarray | None = None

    def __len__(self) -> int:
        return len(self.hands)

    @property
    def groups(self) -> int:
        """The number of groups (showdowns)."""
        return len(self.offsets) - 1

    @property
    def sizes(self) -> np.ndarray:
        """(G,) the number of hands (players) in each group."""
        return np.diff(self.offsets)

    @property
    def boards(self) -> np.ndarray:
        """(G, 5) the board of each group."""
        return self.hands[self.offsets[:-1], 2:]

    @property
    def holes(self) -> np.ndarray:
        """(N, 2) the hole pair of each hand."""
        return self.hands[:, :2]

    @property
    def seats(self) -> np.ndarray:
        """(N,) each hand's place in its group (its player number in the showdown)."""
        return np.arange(len(self.hands)) - np.repeat(self.offsets[:-1], self.sizes)

    def hole_groups(self) -> list[np.ndarray]:
        """The hole pairs of each group, a list of (k_g, 2) views: ``asp_answers(g.hole_groups(),
        g.boards, rules)``."""
        return np.split(self.holes, self.offsets[1:-1])

    def select(self, first: int, last: int) -> ShowdownGroups:
        """Groups ``first`` .. ``last - 1``."""
        lo, hi = int(self.offsets[first]), int(self.offsets[last])
        return ShowdownGroups(self.hands[lo:hi], self.offsets[first:last + 1] - lo,
                              None if self.weights is None else self.weights[lo:hi])

    def rows(self, start: int, stop: int) -> ShowdownGroups:
        """Hands ``start`` .. ``stop - 1``, the groups cut at the edges."""
        inner = self.offsets[(self.offsets > start) & (self.offsets < stop)]
        offsets = np.concatenate([[start], inner, [stop]] if stop > start else [[start]]) - start
        return ShowdownGroups(self.hands[start:stop], offsets.astype(np.int64),
                              None if self.weights is None else self.weights[start:stop])

    def batches(self, max_hands: int) -> Iterator[ShowdownGroups]:
        """Runs of whole groups of at most ``max_hands`` hands each (a larger group alone)."""
        first = 0
        while first < self.groups:
            last = max(first + 1, int(np.searchsorted(self.offsets, self.offsets[first] + max_hands, "right")) - 1)
            yield self.select(first, last)
            first = last


def _offsets(boards: np.ndarray) -> np.ndarray:
    """Where the groups of rows with these (sorted) boards start, and the end."""
    return np.concatenate([[0], np.flatnonzero(boards[1:] != boards[:-1]) + 1, [len(boards)]]).astype(np.int64)


def _check_tasks(tasks: int) -> None:
    if isinstance(tasks, bool) or not isinstance(tasks, int) or tasks < 1:
        raise ValueError(f"tasks {tasks!r}: must be a whole number, at least 1")


def seven_card_hands(deck: DeckLike = None) -> int:
    """C(n, 7): the seven-card hands of the deck.

    >>> seven_card_hands(52), seven_card_hands(36)
    (133784560, 8347680)
    """
    return comb(len(_deck(deck)), 7)


def _unrank(ranks: np.ndarray, k: int, n: int) -> np.ndarray:
    """(N, k) ascending positions of the k-sets of colex rank ``ranks`` among n positions."""
    rest = np.array(ranks, dtype=np.int64).reshape(-1)
    out = np.empty((len(rest), k), np.int64)
    for i in range(k - 1, -1, -1):
        column = _BINOM[:n, i + 1]
        out[:, i] = np.searchsorted(column, rest, side="right") - 1
        rest -= column[out[:, i]]
    return out


def _rank(positions: np.ndarray) -> np.ndarray:
    """Colex ranks of (N, k) ascending positions."""
    return _BINOM[positions, np.arange(1, positions.shape[1] + 1)].sum(axis=1)


def hands_at(ranks: np.ndarray | Sequence[int], deck: DeckLike = None) -> np.ndarray:
    """(N, 7) int8 the hands of colex rank ``ranks`` (card indices, rows ascending).

    >>> hands_at([0, 1, 133784559]).tolist()
    [[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 7], [45, 46, 47, 48, 49, 50, 51]]
    """
    cards = _deck(deck)
    ranks = np.asarray(ranks, dtype=np.int64)
    if ranks.size and (ranks.min() < 0 or ranks.max() >= comb(len(cards), 7)):
        raise ValueError(f"ranks must be 0..{comb(len(cards), 7) - 1}")
    return _cards(_unrank(ranks, 7, len(cards)), cards)


def colex_ranks(hands: np.ndarray, deck: DeckLike = None) -> np.ndarray:
    """(N,) int64 the colex ranks of (N, 7) hands (card indices of the deck, any order).

    >>> colex_ranks(np.array([[51, 50, 49, 48, 47, 46, 45]])).tolist()
    [133784559]
    """
    cards = _deck(deck)
    hands = np.sort(np.asarray(hands, dtype=np.int64), axis=1)
    positions = np.searchsorted(cards, hands)
    if (cards[np.minimum(positions, len(cards) - 1)] != hands).any():
        raise ValueError("a hand holds a card outside the deck")
    return _rank(positions)


def hand_range(start: int, stop: int, deck: DeckLike = None) -> ShowdownGroups:
    """The hands of colex rank ``start`` .. ``stop - 1`` in showdown groups, in rank order
    (the first and last group may be parts of groups).

    >>> g = hand_range(0, 120, 12)                      # a deck of the 12 lowest cards
    >>> len(g), g.groups, g.sizes[-3:].tolist(), g.boards[-1].tolist()
    (120, 56, [3, 6, 10], [5, 6, 7, 8, 9])
    """
    cards = _deck(deck)
    n = len(cards)
    if not 0 <= start <= stop <= comb(n, 7):
        raise ValueError(f"ranks {start}..{stop}: must lie in 0..{comb(n, 7)}")
    if start == stop:
        return ShowdownGroups(np.empty((0, 7), np.int8), np.zeros(1, np.int64))
    ends = _rank(_unrank(np.array([start, stop - 1]), 7, n)[:, 2:])           # the first and last board's 5-set ranks
    tops = _unrank(np.arange(ends[0], ends[1] + 1), 5, n)
    tops = tops[tops[:, 0] >= 2]                                      # boards with a pair below them
    base = _BINOM[tops, np.arange(3, 8)].sum(axis=1)                  # rank of the group's first hand
    lo = np.maximum(start - base, 0)
    counts = np.minimum(stop - base, _BINOM[tops[:, 0], 2]) - lo
    offsets = np.concatenate([[0], np.cumsum(counts)])
    pair = np.arange(offsets[-1]) - np.repeat(offsets[:-1] - lo, counts)   # the hole pair's colex rank
    high = np.searchsorted(_BINOM[:n, 2], pair, side="right") - 1
    positions = np.column_stack([pair - _BINOM[high, 2], high, np.repeat(tops, counts, axis=0)])
    return ShowdownGroups(_cards(positions, cards), offsets)


def rank_tasks(tasks: int, deck: DeckLike = None, whole_groups: bool = True) -> list[tuple[int, int]]:
    """``tasks`` contiguous ranges ``(start, stop)`` of about equal size covering all C(n, 7)
    ranks; with ``whole_groups`` each cut moves to the nearest start of a group.

    >>> rank_tasks(3, 12)
    [(0, 265), (265, 525), (525, 792)]
    >>> rank_tasks(2, 12), rank_tasks(2, 12, whole_groups=False)
    ([(0, 395), (395, 792)], [(0, 396), (396, 792)])
    """
    _check_tasks(tasks)
    n = len(_deck(deck))
    total = comb(n, 7)
    cuts = np.array([total * i // tasks for i in range(tasks + 1)], dtype=np.int64)
    inner = cuts[1:-1]
    if whole_groups and len(inner):
        hands = _unrank(np.minimum(inner, total - 1), 7, n)
        into = hands[:, 0] + _BINOM[hands[:, 1], 2]                   # the rank within the group
        size = _BINOM[hands[:, 2], 2]
        cuts[1:-1] = np.where(2 * into <= size, inner - into, inner - into + size)
    return [(int(a), int(b)) for a, b in itertools.pairwise(cuts)]


# --- Classes up to a permutation of the suits --------------------------------------------------

def _mask_multisets(ranks: int) -> np.ndarray:
    """(N, 4) uint16 every multiset of 4 suit masks of ``ranks`` bits holding 7 cards in all,
    one row each, by the masks' popcounts (a partition of 7 in at most 4 parts)."""
    masks = np.arange(1 << ranks, dtype=np.uint16)
    by_count = [masks[np.bitwise_count(masks) == k] for k in range(8)]
    blocks = []
    for part in itertools.product(range(8), repeat=4):
        if sum(part) != 7 or list(part) != sorted(part, reverse=True):
            continue
        block = np.zeros((1, 0), np.uint16)
        for count, run in itertools.groupby(part):                # equal counts: a multiset of masks
            r = len(list(run))
            choice = by_count[count][np.array(list(itertools.combinations_with_replacement(
                range(len(by_count[count])), r)), np.int64).reshape(-1, r)]
            block = np.concatenate([np.repeat(block, len(choice), axis=0),
                                    np.tile(choice, (len(block), 1))], axis=1)
        blocks.append(block)
    return np.concatenate(blocks)


def _sort_descending(masks: np.ndarray) -> np.ndarray:
    """Each row of (N, 4) sorted descending (a sorting network, column by column)."""
    m = [masks[:, j].copy() for j in range(4)]
    for i, j in ((0, 1), (2, 3), (0, 2), (1, 3), (1, 2)):
        m[i], m[j] = np.maximum(m[i], m[j]), np.minimum(m[i], m[j])
    return np.stack(m, axis=1)


def _weight_of_code() -> np.ndarray:
    """(8,) the weight by which of the 3 neighbours of a sorted row of 4 masks are equal (bit j:
    masks j and j + 1): 24 / the product of m! over the runs of m equal masks."""
    runs = ["".join("=" if code >> j & 1 else "|" for j in range(3)).split("|") for code in range(8)]
    return np.array([24 // int(np.prod([factorial(len(run) + 1) for run in row])) for row in runs], np.int64)


@lru_cache(maxsize=4)
def _canonical_positions(ranks: int) -> ShowdownGroups:
    """The classes of a deck of ``ranks`` whole ranks, as positions (see :func:`canonical_classes`)."""
    masks = _sort_descending(_mask_multisets(ranks))
    spread: np.ndarray = sum(((np.arange(1 << ranks) >> r) & 1) << (4 * r + 3) for r in range(ranks))  # type: ignore[assignment]  # bit r to 4 r + 3
    key = spread[masks[:, 0]]
    for s in range(1, 4):
        key |= spread[masks[:, s]] << s
        key |= (masks[:, s - 1] == masks[:, s]).astype(np.int64) << (s - 1)   # equal neighbours, low 3 bits
    del masks
    key.sort()                                               # colex order: the order of the card bits
    weights = _weight_of_code()[key & 7]
    key >>= 3
    hands = np.empty((len(key), 7), np.int8)
    for j in range(7):                                       # the set bits, lowest first
        hands[:, j] = np.bitwise_count(key ^ (key - 1)) - 1
        key &= key - 1
        if j == 1:
            offsets = _offsets(key)                          # key: the top five cards
    for array in (hands, weights, offsets):
        array.flags.writeable = False
    return ShowdownGroups(hands, offsets, weights)


@lru_cache(maxsize=4)
def _canonical_cards(cards: tuple[int, ...]) -> ShowdownGroups:
    positions = _canonical_positions(len(cards) // 4)
    if len(cards) == 52:
        return positions
    hands = np.asarray(cards, np.int8)[positions.hands]
    hands.flags.writeable = False
    return ShowdownGroups(hands, positions.offsets, positions.weights)


def canonical_classes(deck: DeckLike = None) -> ShowdownGroups:
    """Every class of seven-card hands up to a permutation of the suits, once, in showdown groups:
    6,009,159 hands of weights summing to C(52, 7), 130,869 groups. Each class is its member of
    lowest colex rank; the classes are in colex order. The deck must be whole ranks (a variant's
    deck). Cached, read-only; a few seconds for 52 cards.

    >>> g = canonical_classes(12)                       # a deck of 2c .. 4s; 2c 2d 2h 2s 3c 3d 3h first:
    >>> g.hands[:3].tolist(), g.weights[:3].tolist()     # four ways, by the suit without a three
    ([[0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 4, 5, 6, 7], [0, 1, 2, 3, 4, 5, 8]], [4, 4, 12])
    """
    cards = _deck(deck)
    if len(cards) % 4 or (cards.reshape(-1, 4) != (cards[::4, None] & ~3) + np.arange(4)).any():
        raise ValueError("suit classes need a deck of whole ranks (all four suits of each)")
    return _canonical_cards(tuple(cards.tolist()))


def canonical_tasks(tasks: int, deck: DeckLike = None) -> list[tuple[int, int]]:
    """``tasks`` contiguous ranges ``(start, stop)`` of class indices of about equal size covering
    :func:`canonical_classes`, each cut at the start of a group.

    >>> canonical_tasks(2, 12), canonical_classes(12).offsets[15:20].tolist()
    ([(0, 29), (29, 57)], [19, 23, 24, 25, 29])
    """
    _check_tasks(tasks)
    offsets = canonical_classes(deck).offsets
    wanted = np.array([int(offsets[-1]) * i // tasks for i in range(tasks + 1)])
    cuts = offsets[np.searchsorted(offsets, wanted)]
    return [(int(a), int(b)) for a, b in itertools.pairwise(cuts)]


def canonical_range(start: int, stop: int, deck: DeckLike = None) -> ShowdownGroups:
    """Classes ``start`` .. ``stop - 1`` of :func:`canonical_classes`, with their weights."""
    classes = canonical_classes(deck)
    if not 0 <= start <= stop <= len(classes):
        raise ValueError(f"classes {start}..{stop}: must lie in 0..{len(classes)}")
    return classes.rows(start, stop)


# --- Random suits, random hands ------------------------------------------------------------------

def relabel_suits(hands: np.ndarray, rng: np.random.Generator | int | None = None) -> np.ndarray:
    """The hands (N, k) with the suits of each row permuted at random (one permutation per row),
    rows sorted ascending, same dtype. ``rng`` is a Generator or a seed.

    >>> relabel_suits(np.array([[48, 49, 50, 51, 0, 4, 8]]), 7).tolist()
    [[0, 4, 8, 48, 49, 50, 51]]
    """
    hands = np.asarray(hands)
    perms = np.random.default_rng(rng).permuted(np.tile(np.arange(4), (len(hands), 1)), axis=1)
    suits = np.take_along_axis(perms, (hands & 3).astype(np.int64), axis=1)
    return np.sort((hands & ~3) | suits.astype(hands.dtype), axis=1)


def sample_hands(count: int, rng: np.random.Generator | int | None = None,
                 deck: DeckLike = None) -> np.ndarray:
    """(count, 7) int8 hands drawn uniformly (with replacement) from the deck, rows ascending.

    >>> sample_hands(2, 1).tolist()
    [[1, 8, 14, 18, 23, 28, 47], [11, 17, 20, 24, 35, 42, 47]]
    """
    cards = _deck(deck)
    return hands_at(np.random.default_rng(rng).integers(0, comb(len(cards), 7), count), cards)


def group_hands(hands: np.ndarray, weights: np.ndarray | None = None) -> ShowdownGroups:
    """Hands (N, 7) of card indices in showdown groups, in colex order; equal hands become one
    row whose weight is the sum of theirs (each 1 without ``weights``).

    >>> group_hands(np.array([[9, 0, 1, 2, 3, 4, 5], [0, 6, 1, 2, 3, 4, 5], [6, 0, 1, 2, 3, 4, 5]])).weights
    array([2, 1])
    """
    hands = np.asarray(hands, dtype=np.int64)
    if not len(hands):
        return ShowdownGroups(np.empty((0, 7), np.int8), np.zeros(1, np.int64), np.empty(0, np.int64))
    key = (np.int64(1) << hands).sum(axis=1)                  # colex order = order of the card bits
    order = np.argsort(key, kind="stable")
    key = key[order]
    first = np.flatnonzero(np.concatenate([[True], key[1:] != key[:-1]]))
    weights = np.ones(len(hands), np.int64) if weights is None else np.asarray(weights, np.int64)
    key = key[first] & (key[first] - 1)
    return ShowdownGroups(np.sort(hands[order[first]], axis=1).astype(np.int8), _offsets(key & (key - 1)),
                          np.add.reduceat(weights[order], first))


__all__ = ["DeckLike", "ShowdownGroups", "seven_card_hands", "hands_at", "colex_ranks", "hand_range",
           "rank_tasks", "canonical_classes", "canonical_tasks", "canonical_range", "relabel_suits",
           "sample_hands", "group_hands"]
