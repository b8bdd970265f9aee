"""Hand strength: how often a hand is ahead of one opponent's holding right now.

Billings, Papp, Schaeffer and Szafron ("Opponent modeling in poker", 1998)
define the *hand strength* of hole cards on a board as the share of the
opponent's possible holdings it beats, a tie counting half::

    HS = (ahead + tied / 2) / (ahead + tied + behind)

enumerating every pair of unseen cards (or weighting each pair by an opponent
range). Against ``n`` opponents holding independent random hands the
literature's approximation is ``HS ** n``.

    >>> s = hand_strength("AdQc", "3h 4c Jh")
    >>> s.ahead, s.tied, s.behind
    (628, 9, 444)
    >>> round(s.hs, 3), round(s.against(3), 3)
    (0.585, 0.2)

The enumeration is vectorised on the lookup-table evaluator: one batch of
(opponent holding + board) hands, no Python loop per holding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np

from ..core import (
    Card,
    CardCountError,
    CardsLike,
    PlayerLike,
    PokerInputError,
    RangeError,
    Rules,
    RulesLike,
    Situation,
    as_range,
    check_threads,
    format_cards,
)
from ..evaluator import evaluate_batch
from ..rulebook import rules_of
from ._games.strength import game_strength
from ._preflop import is_preflop, preflop_counts
from ._strength_counts import AHEAD, BEHIND, STATES, TIED, HandStrength, format_count


@dataclass(frozen=True)
class Field:
    """One player's hole cards against every opponent holding the deck allows, as card indices.

    ``holdings`` is every opponent holding (an ``(M, 2)`` array of card indices)
    and ``weights`` their weights. Unweighted (``weights`` is ``None``), the
    holdings are all 2-card subsets of ``unseen`` in ``np.triu_indices`` order.
    """

    hole: tuple[Card, Card]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    unseen: np.ndarray
    holdings: np.ndarray
    weights: np.ndarray | None
    rules: Rules
    threads: int = 1

    @classmethod
    def of(
        cls,
        hole: CardsLike,
        board: CardsLike,
        dead: CardsLike = (),
        opponent_range=None,
        streets: tuple[int, ...] = (3, 4, 5),
        rules: RulesLike = None,
        threads: int | None = None,
    ) -> Field:
        """Read and check the cards (a :class:`~pysolver.Situation` of one player) and ``threads``
        (:func:`~pysolver.core.check_threads`); enumerate (or weight) the opponent holdings of the deck."""
        count = check_threads(threads)
        situation = Situation.of(
            [cast(PlayerLike, hole)], board, dead=dead, rules=rules_of(rules), boards=streets, least=1
        )
        hole_cards = situation.holes[0]
        unseen = np.array([c.index for c in situation.unseen], dtype=np.int64)
        if len(unseen) < 2 + (5 - len(situation.board)):
            raise CardCountError(
                f"dead cards '{format_cards(situation.dead)}': too few unseen cards "
                f"left for an opponent and the rest of the board"
            )
        first, second = np.triu_indices(len(unseen), k=1)
        holdings = np.stack([unseen[first], unseen[second]], axis=1)
        weights = None
        if opponent_range is not None:
            known = set(range(52)) - set(unseen.tolist())
            holdings, weights = _range_holdings(opponent_range, holdings, known)
        return cls(hole_cards, situation.board, situation.dead, unseen, holdings, weights, situation.rules, count)

    @property
    def hole_index(self) -> np.ndarray:
        return np.array([c.index for c in self.hole], dtype=np.int64)

    @property
    def board_index(self) -> np.ndarray:
        return np.array([c.index for c in self.board], dtype=np.int64)


def _range_holdings(opponent_range, holdings: np.ndarray, known: set[int]):
    """The holdings a range (text or :class:`pysolver.core._ranges.Range`) allows after card removal.

    A range of weight 1 everywhere (``random``) keeps integer counts (weights ``None``).
    """
    rng = as_range(opponent_range)
    if rng.is_random:
        return holdings, None
    combos, weights = rng.weighted_combos(dead=sorted(known))
    if not len(combos):
        raise RangeError(f"range '{rng}': no holding of it is left after card removal")
    return np.asarray(combos, dtype=np.int64), np.asarray(weights, dtype=np.float64)


def compare_states(mine, theirs) -> np.ndarray:
    """AHEAD (0), TIED (1) or BEHIND (2) (as int8) for pairs of hand values, higher is better.

    >>> compare_states([5, 5, 5], [4, 5, 6]).tolist()
    [0, 1, 2]
    """
    mine, theirs = np.asarray(mine), np.asarray(theirs)
    return (theirs >= mine).view(np.int8) + (theirs > mine).view(np.int8)


def count_states(states: np.ndarray, weights: np.ndarray | None, size: int = 3) -> tuple:
    """Counts of each state (integers), or summed weights when weighted."""
    if weights is None:
        return tuple(int(x) for x in np.bincount(states, minlength=size))
    return tuple(float(x) for x in np.bincount(states, weights=weights, minlength=size))


def current_states(field: Field) -> np.ndarray:
    """The state (ahead/tied/behind) of the hand against each opponent holding now."""
    board = field.board_index
    mine = evaluate_batch(np.concatenate([field.hole_index, board])[None, :], rules=field.rules)[0]
    rows = np.concatenate([field.holdings, np.broadcast_to(board, (len(field.holdings), len(board)))], axis=1)
    return compare_states(mine, evaluate_batch(rows, rules=field.rules, threads=field.threads))


PREFLOP = "deals over every opponent holding and board"
"""What the counts of a preflop :class:`HandStrength` count."""


def hand_strength(
    hole: CardsLike,
    board: CardsLike = (),
    *,
    dead: CardsLike = (),
    opponent_range=None,
    rules: RulesLike = None,
    threads: int | None = None,
) -> HandStrength:
    """Hand strength of ``hole`` on a flop, turn or river against every opponent holding;
    preflop (no board), against every opponent holding and every board
    (:mod:`pysolver.odds._preflop`: the all-in equity against one opponent). Under a game's
    rule book, the game's (:func:`~pysolver.odds._games.strength.game_strength`: a share of the
    pot, ``opponent_range`` a list of holdings).

    ``opponent_range`` (range text or a range object of :mod:`pysolver.core._ranges`)
    weights the holdings; by default each pair of unseen cards counts once.
    ``rules`` is a variant (:mod:`pysolver.core._rules`), whose deck holds the unseen cards.
    ``threads`` is how many threads count (None: every core); the counts do not depend on it.

    >>> hand_strength("As Ah", "Ad Ac Kd 2s 3h", threads=1).hs  # quad aces on a board with no straight flush
    1.0
    >>> round(hand_strength("As Ah").hs, 4)            # preflop: from the shipped exact table
    0.852
    """
    read = rules_of(rules)
    if not read.game.holdem_shape:
        if opponent_range is not None and not isinstance(opponent_range, str):
            raise PokerInputError(f"rules {read.label}: the opponent is 'random' or a list of holdings, as text")
        return game_strength(hole, board, rules=read, dead=dead, opponent=opponent_range, threads=threads)
    if is_preflop(board):
        ahead, tied, behind = preflop_counts(
            hole, dead=dead, opponent_range=opponent_range, rules=rules, threads=threads
        )
        return HandStrength(ahead, tied, behind, over=PREFLOP)
    field = Field.of(hole, board, dead, opponent_range, rules=rules, threads=threads)
    return HandStrength(*count_states(current_states(field), field.weights))


__all__ = [
    "AHEAD",
    "TIED",
    "BEHIND",
    "STATES",
    "PREFLOP",
    "HandStrength",
    "Field",
    "format_count",
    "compare_states",
    "count_states",
    "current_states",
    "hand_strength",
]
