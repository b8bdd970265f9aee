"""A skewed dealer: random showdowns that over-sample the rare hands.

Uniform deals almost never hold a straight flush (0.03 % of 7-card hands) or
quads (0.17 %), so a cross-validation on uniform deals would barely test them.
:func:`deal_skewed` plants a rare pattern in one player's cards (hole cards
and board together; a *board-plays* pattern goes on the board) and deals every
other card at random from what is left:

=================  ===========================================================
case               planted cards
=================  ===========================================================
``uniform``        none: a plain random deal
``straight_flush`` five suited cards in a run (the wheel and the royal among them)
``quads``          four cards of a rank
``two_trips``      three cards of each of two ranks (a full house from two trips)
``big_flush``      six or seven cards of one suit
``three_pairs``    two cards of each of three ranks (a counterfeited two pair)
``wheel``          A-2-3-4-5 of random suits
``board_plays``    a straight on the board with at most two cards of a suit,
                   eight-high to ace-high (with the top ones, every player ties)
=================  ===========================================================

A case needing more cards than the player sees on that street (``two_trips``
on the flop, ``board_plays`` before the river) is not dealt.

    >>> deals = deal_skewed(1000, players=3, board_size=5, seed=1)
    >>> deals.cards.shape, deals.holes.shape, deals.board.shape
    ((1000, 11), (1000, 3, 2), (1000, 5))
    >>> sorted(set(deals.case_names()))[:3]
    ['big_flush', 'board_plays', 'quads']

The planted player is a random seat, its planted cards random positions among
its hole and board cards; which case each row holds is in ``deals.case``.
:func:`deal_streets` deals river deals whose patterns are complete from the
flop, the turn or the river on, to check the same deals street by street.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core import CardCountError, RulesLike, check_player_count
from ..rulebook import rules_of

CASES = ("uniform", "straight_flush", "quads", "two_trips", "big_flush", "three_pairs", "wheel", "board_plays")
#: Share of the deals that are plain uniform deals; the rest is split evenly between the cases.
UNIFORM_SHARE = 0.25


@dataclass(frozen=True)
class SkewedDeals:
    """N deals as card indices: ``cards`` (N, 2 * players + board_size), holes first then board."""

    cards: np.ndarray
    case: np.ndarray
    players: int
    board_size: int

    @property
    def holes(self) -> np.ndarray:
        """(N, players, 2) hole cards."""
        return self.cards[:, : 2 * self.players].reshape(len(self.cards), self.players, 2)

    @property
    def board(self) -> np.ndarray:
        """(N, board_size) board cards."""
        return self.cards[:, 2 * self.players :]

    def hands(self) -> np.ndarray:
        """(N, players, 2 + board_size): each player's hole cards then the board."""
        board = np.broadcast_to(self.board[:, None, :], (len(self.cards), self.players, self.board_size))
        return np.concatenate([self.holes, board], axis=2)

    def case_names(self) -> list[str]:
        return [CASES[c] for c in self.case.tolist()]

    def __len__(self) -> int:
        return len(self.cards)


def _distinct_ranks(rng: np.random.Generator, n: int, k: int, faces: int = 13) -> np.ndarray:
    return np.argsort(rng.random((n, faces)), axis=1)[:, :k]


def _suit_choice(rng: np.random.Generator, n: int, k: int) -> np.ndarray:
    return np.argsort(rng.random((n, 4)), axis=1)[:, :k]


def planted_cards(case: str, n: int, rng: np.random.Generator, faces: int = 13) -> np.ndarray:
    """(n, m) card indices of ``n`` random instances of a case's pattern, in a deck of ``faces``
    consecutive faces up to the ace (indices ``4 * rank + suit`` with rank 0 its lowest face).

    >>> planted_cards("quads", 2, np.random.default_rng(0)).shape
    (2, 4)
    """
    ace = faces - 1
    if case == "straight_flush":
        top = rng.integers(3, faces, n)[:, None]  # 3: the ace-low straight (the wheel)
        ranks = (top - np.arange(5)) % faces  # -1 wraps to the ace
        return 4 * ranks + rng.integers(0, 4, n)[:, None]
    if case == "quads":
        return 4 * rng.integers(0, faces, n)[:, None] + np.arange(4)
    if case == "two_trips":
        ranks = _distinct_ranks(rng, n, 2, faces)
        return np.concatenate([4 * ranks[:, i : i + 1] + _suit_choice(rng, n, 3) for i in range(2)], axis=1)
    if case in ("big_flush6", "big_flush7"):
        return 4 * _distinct_ranks(rng, n, int(case[-1]), faces) + rng.integers(0, 4, n)[:, None]
    if case == "three_pairs":
        ranks = _distinct_ranks(rng, n, 3, faces)
        return np.concatenate([4 * ranks[:, i : i + 1] + _suit_choice(rng, n, 2) for i in range(3)], axis=1)
    if case == "wheel":
        return 4 * np.array([ace, 0, 1, 2, 3]) + rng.integers(0, 4, (n, 5))
    if case == "board_plays":
        top = rng.integers(max(4, faces - 7), faces, n)[:, None]  # eight-high .. ace-high in 52 cards
        suits = np.concatenate([_suit_choice(rng, n, 4), rng.integers(0, 4, (n, 1))], axis=1)
        return 4 * (top - np.arange(5)) + np.take_along_axis(suits, np.argsort(rng.random((n, 5))), 1)
    raise ValueError(f"unknown case {case!r}")


def _fill(
    planted: np.ndarray, slots: np.ndarray, width: int, rng: np.random.Generator, deck_size: int = 52
) -> np.ndarray:
    """Rows of ``width`` cards: ``planted`` at column ``slots``, the rest random from the deck left."""
    n, m = planted.shape
    rows = np.arange(n)[:, None]
    keys = rng.random((n, deck_size))
    keys[rows, planted] = 2.0  # planted cards sort last
    rest = np.argsort(keys, axis=1)[:, : width - m]
    out = np.empty((n, width), dtype=np.int64)
    free = np.ones((n, width), dtype=bool)
    free[rows, slots] = False
    out[rows, slots] = planted
    out[free] = rest.ravel()
    return out


def deal_skewed(
    count: int,
    players: int = 2,
    board_size: int = 5,
    seed: int | None = None,
    uniform_share: float = UNIFORM_SHARE,
    rules: RulesLike = None,
) -> SkewedDeals:
    """``count`` deals of ``players`` players and a board of 3, 4 or 5 cards, rare cases over-sampled.

    ``rules`` is a variant (:mod:`pysolver.core._rules`): its deck deals the cards; the
    patterns are planted in its faces (in a short deck the ace-low straight is A-6-7-8-9).

    >>> d = deal_skewed(10, players=2, seed=7)
    >>> len(d), d.cards.shape[1], len(set(d.cards[0].tolist()))
    (10, 9, 9)
    """
    if board_size not in (3, 4, 5):
        raise CardCountError(f"board of {board_size} cards: the dealer deals 3, 4 or 5")
    check_player_count(players)
    rules = rules_of(rules)
    rules.check_players(players)
    faces = len(rules.faces)
    if faces < 7 or rules.faces != tuple(range(13 - faces, 13)):
        raise CardCountError(
            f"the {rules.label} deck ({rules.describe_deck()}): the skewed dealer "
            "deals from seven or more consecutive faces up to the ace"
        )
    rng = np.random.default_rng(seed)
    seen = 2 + board_size
    width = 2 * players + board_size
    sizes = {
        "straight_flush": 5,
        "quads": 4,
        "two_trips": 6,
        "big_flush": 6,
        "three_pairs": 6,
        "wheel": 5,
        "board_plays": 5,
    }
    rare = [c for c in CASES[1:] if sizes[c] <= seen and (c != "board_plays" or board_size == 5)]
    n_uniform = round(count * uniform_share) if rare else count
    shares = np.full(len(rare), (count - n_uniform) // max(len(rare), 1))
    shares[: (count - n_uniform) - int(shares.sum())] += 1
    # Player 0's cards are columns 0, 1 and the board; the seats are shuffled at the end.
    mine = np.concatenate([[0, 1], np.arange(2 * players, width)])
    blocks = [_fill(np.empty((n_uniform, 0), np.int64), np.empty((n_uniform, 0), np.int64), width, rng, 4 * faces)]
    cases = [np.zeros(n_uniform, dtype=np.int8)]
    for name, n in zip(rare, shares.tolist()):
        parts = [(name, n)]
        if name == "big_flush":
            seven = n // 2 if seen >= 7 else 0
            parts = [("big_flush6", n - seven), ("big_flush7", seven)]
        for part, k in parts:
            if k == 0:
                continue
            planted = planted_cards(part, k, rng, faces)
            pool = np.arange(2 * players, width) if name == "board_plays" else mine
            pick = np.argsort(rng.random((k, len(pool))), axis=1)[:, : planted.shape[1]]
            blocks.append(_fill(planted, pool[pick], width, rng, 4 * faces))
            cases.append(np.full(k, CASES.index(name), dtype=np.int8))
    cards = np.concatenate(blocks)
    case = np.concatenate(cases)
    order = rng.permutation(len(cards))
    cards, case = cards[order], case[order]
    seats = np.argsort(rng.random((len(cards), players)), axis=1)
    holes = cards[:, : 2 * players].reshape(-1, players, 2)[np.arange(len(cards))[:, None], seats]
    cards = np.concatenate([holes.reshape(len(cards), -1), cards[:, 2 * players :]], axis=1)
    cards += 4 * (13 - faces)  # the deck's lowest face is rank 13 - faces
    return SkewedDeals(cards.astype(np.int8), case, players, board_size)


#: Case names of :func:`deal_streets`: a pattern planted for a later street is ``later`` before it.
STREET_CASES = CASES + ("later",)


def deal_streets(
    count: int, players: int = 2, seed: int | None = None, rules: RulesLike = None
) -> tuple[np.ndarray, np.ndarray]:
    """``count`` river deals to check street by street: ``cards`` (N, 2 * players + 5), holes
    first, and ``case`` (N, 3), the index in :data:`STREET_CASES` at the flop, turn and river.

    A third of the deals are planted as flop deals (:func:`deal_skewed` with a 3-card board)
    and dealt a random turn and river, a third as turn deals, a third as river deals: a
    pattern planted among all seven cards would be complete at the flop in 1 deal of 21.

    >>> cards, case = deal_streets(9, seed=3)
    >>> cards.shape, case.shape, bool((case[:, 2] < len(CASES)).all())
    ((9, 9), (9, 3), True)
    """
    rng = np.random.default_rng(seed)
    cards, cases = [], []
    for i, board_size in enumerate((3, 4, 5)):
        n = count // 3 + (i < count % 3)
        if n == 0:
            continue
        deals = deal_skewed(n, players, board_size, int(rng.integers(1 << 62)), rules=rules)
        keys = rng.random((n, 52))
        keys[np.arange(n)[:, None], deals.cards] = 2.0  # dealt cards sort last
        keys[:, ~rules_of(rules).in_deck] = 3.0  # as do cards outside the deck
        rest = np.argsort(keys, axis=1)[:, : 5 - board_size].astype(np.int8)
        cards.append(np.concatenate([deals.cards, rest], axis=1))
        case = np.repeat(deals.case[:, None], 3, axis=1)
        case[(deals.case != 0)[:, None] & (np.arange(3) < board_size - 3)] = STREET_CASES.index("later")
        cases.append(case)
    order = rng.permutation(count)
    return np.concatenate(cards)[order], np.concatenate(cases)[order]


__all__ = ["CASES", "UNIFORM_SHARE", "SkewedDeals", "planted_cards", "deal_skewed", "STREET_CASES", "deal_streets"]
