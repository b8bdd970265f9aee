"""How the compiled sampler deals a question, by what each way costs: how the range players'
combos are drawn, how many boards a draw is dealt, whether the board comes from a shuffled deck.

:func:`method` chooses how the range players' combos are drawn: in groups
(:mod:`~pysolver.odds._sampling.groups`), whole assignments redrawn, while most of
them fit; else, three ranges or more, by importance weighting, whichever
:func:`fit_rate` (the chance that independent draws fit together, estimated pair by
pair) makes cheaper. :func:`boards_per_draw` says how many boards a draw serves,
:func:`deals_from_deck` whether the cards come from a shuffled deck; the costs are
nanoseconds on one core, measured.

    >>> from pysolver.core import Situation
    >>> from pysolver.odds._model import Question
    >>> q = Question.of(Situation.of(["QQ+"] * 6, ranges=True))
    >>> round(fit_rate(q.players), 4)            # pair by pair; in fact 19440 / 18 ** 6 = 0.0006
    0.0076
    >>> method(q.players) == WEIGHTED
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

import numpy as np

from .._model import Player
from .groups import GROUP_ROWS, RangeGroups
from .numpy_loop import is_ranged

REJECT, JOINT, WEIGHTED = 0, 1, 2
"""How the range players' combos are drawn (as :mod:`pysolver.odds._sampling.kernel` reads it)."""
DRAW_COST = 8.0
"""Nanoseconds of one weighted draw of a combo in the compiled loop (a random number, a search)."""
SCAN_COST = 1.5
"""Nanoseconds per combo of a scan over a range (importance weighting reads each range twice)."""
TRIAL_COST = (4.0, 2.7, 2.5)
"""Nanoseconds of a compiled trial on one core: fixed, per player valued, per card dealt (known hands
and random players preflop: 19 ns for two known hands, 24 against a random hand, 52 against five)."""
NUMPY_TRIAL_COST = (20.0, 30.0, 10.0)
"""The same for the numpy path."""
SPREAD_SHARE = (0.1, 1.4)
"""The part ``s`` of a trial's variance the range players' combos explain, against the cards
dealt each trial, as :func:`boards_per_draw` reckons it: with five cards to deal, ``0.1 * (2 /
players) ** 1.4``; with fewer cards dealt, in proportion more. Measured preflop on the benchmark's
ranges (``QQ+,AKs``, ``JJ,TT,99,AQs``, ...) from the standard errors at 1 and 8 boards a draw:
0.096 for two players, 0.043 for three, 0.019 for six, 0.015 for nine."""
MOST_BOARDS = 8
"""The most boards dealt to one draw of the range players' combos."""
BY_DRAWS_COST = (2.0, 1.0)
"""Nanoseconds the compiled loop adds where a draw of the range players' combos is dealt several
boards: a draw (its term of the standard error) and a board (each player's share summed)."""
DECK_REDRAWS = 2.0
"""Redrawn pairs a trial (expected) past which the compiled loop deals from a shuffled deck."""


def fit_rate(players: Sequence[Player]) -> float:
    """The chance that the range players' combos, drawn independently by weight, share no card:
    the product over pairs of players of the chance that their two combos fit."""
    ranges = [p for p in players if is_ranged(p)]
    holds, combos = [], []
    for player in ranges:
        chance = player.weights / player.weights.sum()
        card = np.zeros(52)
        np.add.at(card, player.combos[:, 0], chance)
        np.add.at(card, player.combos[:, 1], chance)
        dense = np.zeros(1326)
        np.add.at(dense, player.indices, chance)
        holds.append(card)
        combos.append(dense)
    rate = 1.0
    for i, j in combinations(range(len(ranges)), 2):  # share a card: by each card, less the same combo counted twice
        rate *= max(0.0, 1.0 - float(holds[i] @ holds[j]) + float(combos[i] @ combos[j]))
    return rate


def method(players: Sequence[Player]) -> int:
    """``JOINT`` for two range players, else ``REJECT`` or ``WEIGHTED``, whichever costs less."""
    ranges = [p for p in players if is_ranged(p)]
    if len(ranges) == 2:
        return JOINT
    if len(ranges) < 2:
        return REJECT
    rejecting = DRAW_COST * len(ranges) / max(fit_rate(players), 1e-12)
    weighting = 2 * SCAN_COST * sum(len(p.combos) for p in ranges) + DRAW_COST * len(ranges)
    return WEIGHTED if weighting < rejecting else REJECT


def draw_seconds(players: Sequence[Player], mode: int | None = None, groups: RangeGroups | None = None) -> float:
    """About how long the compiled loop takes to draw the range players' combos once (nanoseconds,
    the draws that do not fit counted), drawn as ``mode`` says (None: :func:`method`): by groups,
    :data:`DRAW_COST` a group over the chance that the groups' rows fit together (``groups``, else
    made; estimated on 4,096 draws of each, with a seed of its own); weighted, two scans of every
    range. No range player: 0.

    >>> from pysolver.core import Situation
    >>> from pysolver.odds._model import Question
    >>> draw_seconds(Question.of(Situation.of(["QQ+,AKs", "JJ,TT,99,AQs"], ranges=True)).players)
    8.0
    """
    ranges = [p for p in players if is_ranged(p)]
    if not ranges:
        return 0.0
    if (method(players) if mode is None else mode) == WEIGHTED:
        return 2 * SCAN_COST * sum(len(p.combos) for p in ranges) + DRAW_COST * len(ranges)
    groups = groups if groups is not None else RangeGroups.of(ranges, GROUP_ROWS)
    count = len(groups.bounds) - 1
    if count == 1:
        return DRAW_COST
    random = np.random.default_rng(0)
    held = np.zeros(4096, dtype=np.uint64)
    fits = np.ones(4096, dtype=bool)
    for g in range(count):
        start, stop = groups.row_offsets[g], groups.row_offsets[g + 1]
        weights = groups.weights[start:stop]
        rows = random.choice(stop - start, size=4096, p=weights / weights.sum())
        bits = groups.bits[start + rows]
        fits &= (held & bits) == 0
        held |= bits
    return DRAW_COST * count / max(float(fits.mean()), 1 / 4096)


def cards_dealt(players: Sequence[Player], board_size: int) -> int:
    """The cards a trial deals: the rest of the board and the random players' hands."""
    return 5 - board_size + 2 * sum(p.is_random for p in players)


def trial_seconds(players: Sequence[Player], board_size: int, kernel: str = "numba") -> float:
    """About how long one trial's board takes on one core, the players' hands in hand (nanoseconds):
    :data:`TRIAL_COST` (or :data:`NUMPY_TRIAL_COST`) for the players valued and the cards dealt."""
    fixed, per_player, per_card = TRIAL_COST if kernel == "numba" else NUMPY_TRIAL_COST
    return fixed + per_player * len(players) + per_card * cards_dealt(players, board_size)


def boards_per_draw(
    players: Sequence[Player], board_size: int, mode: int | None = None, groups: RangeGroups | None = None
) -> int:
    """How many boards the compiled loop deals to each draw of the range players' combos, drawn as
    ``mode`` says (None: :func:`method`): the number ``b`` (1 to :data:`MOST_BOARDS`) that makes
    the least the product of a trial's cost and its variance. A draw costs ``A`` and a board ``C``
    (:func:`draw_seconds`, :func:`trial_seconds`), so a trial ``A / b + C``, and several boards a draw add
    :data:`BY_DRAWS_COST` (the draw's term of the standard error); where the combos explain a part
    ``s`` (:data:`SPREAD_SHARE`, for the cards dealt each trial) of a trial's variance, the boards
    of a draw, sharing them, give each trial ``(1 + b s) / (1 + s)`` times the variance of
    independent trials. The standard error counts each draw as one term. Where a draw costs less
    than a board (the part ``s`` is then what decides, and it is larger with random players than
    the measure), or nothing is dealt (the boards of a draw all alike), 1.

    >>> from pysolver.core import Situation
    >>> from pysolver.odds._model import Question
    >>> def boards(*players): return boards_per_draw(Question.of(Situation.of(list(players), ranges=True)).players, 0)
    >>> boards("AhKh", "QsQd"), boards("QQ+,AKs", "JJ,TT,99,AQs"), boards("AhKh", "QQ+,AKs", "random")
    (1, 1, 1)
    >>> boards(*["QQ+"] * 6), boards("AK,AQ", "AK,KQ", "AQ,KQ", "AJ,KJ")  # colliding: weighted, in groups
    (8, 6)
    """
    dealt = cards_dealt(players, board_size)
    drawing = draw_seconds(players, mode, groups)
    board = trial_seconds(players, board_size)
    if drawing < board or not dealt:  # a draw cheaper than a board, or every board of a draw alike
        return 1
    per_draw, per_board = BY_DRAWS_COST
    scale, fall = SPREAD_SHARE
    share = scale * (2 / len(players)) ** fall * 5 / dealt

    def cost(b: int) -> float:
        extra = (per_draw / b + per_board) if b > 1 else 0.0
        return (drawing / b + board + extra) * (1 + b * share) / (1 + share)

    return min(range(1, MOST_BOARDS + 1), key=cost)


def redraws(unseen: int, random_players: int, board_left: int) -> float:
    """The pairs (and single card) a trial redraws, expected, dealing ``random_players`` pairs then
    ``board_left`` board cards, two at a time, from ``unseen`` cards: a pick with ``u`` of them taken
    holds one with chance ``p``, and is drawn ``1 / (1 - p)`` times.

    >>> round(redraws(50, 1, 5), 2), round(redraws(50, 5, 5), 2)  # AhKh and one or five random players
    (0.41, 2.69)
    """
    total, taken = 0.0, 0
    for size in [2] * (random_players + board_left // 2) + [1] * (board_left % 2):
        free = unseen - taken
        clear = free * (free - 1) / (unseen * (unseen - 1)) if size == 2 else free / unseen
        total += 1 / clear - 1
        taken += size
    return total


def deals_from_deck(players: Sequence[Player], unseen: int, board_left: int) -> bool:
    """Whether the compiled loop deals the random players and the board from a shuffled deck (a
    partial Fisher–Yates shuffle a trial, no card redrawn) rather than by pairs redrawn while they
    hold a card taken: without range players (whose cards the deck would have to skip), past
    :data:`DECK_REDRAWS` redrawn pairs a trial (five random players and more, preflop)."""
    if any(is_ranged(p) for p in players):
        return False
    return redraws(unseen, sum(p.is_random for p in players), board_left) > DECK_REDRAWS


__all__ = [
    "REJECT",
    "JOINT",
    "WEIGHTED",
    "DRAW_COST",
    "SCAN_COST",
    "TRIAL_COST",
    "NUMPY_TRIAL_COST",
    "SPREAD_SHARE",
    "MOST_BOARDS",
    "BY_DRAWS_COST",
    "DECK_REDRAWS",
    "fit_rate",
    "method",
    "draw_seconds",
    "cards_dealt",
    "trial_seconds",
    "boards_per_draw",
    "redraws",
    "deals_from_deck",
]
