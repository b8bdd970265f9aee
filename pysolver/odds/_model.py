"""What every path of the odds engine shares: the question, its players, the tally, the suits.

* :class:`Question` -- the players, the board, the dead cards (with the cards outside
  the rules' deck) and the rules of one equity question, read once from a
  :class:`~pysolver.core.Situation`.
* :class:`Player` -- one player as every path reads it: its live combos ``(n, 2)``
  (the combos of its range that avoid every known card; a known hand is one combo)
  and their weights, whether it is a known hand and whether it is random (every
  pair of the unseen cards, weight 1).
* :class:`Tally` -- weighted showdown counts per player, what every path returns.
* The suit machinery: :data:`SUIT_MAPS` and :data:`COMBO_IMAGES`, the permutations
  of the suits that fix some cards (:func:`fixing`) and also every player's
  weighted combos (:func:`keeping`), the classes of a player's combos they map
  onto each other (:func:`combo_classes`) and the orbits of the suits
  (:func:`suit_orbits`).
* :func:`fixed_classes` -- the "fix one open player" loop: that player fixed to one
  combo of each class of its combos, the rest of the question with it.

    >>> q = Question.of(Situation.of(["AcAd", "KK"], ranges=True))
    >>> [(p.name, p.is_hand, len(p.combos)) for p in q.players]
    [('AcAd', True, 1), ('KK', False, 6)]
    >>> inverse, rows, rests = fixed_classes(q, 1)        # KK: with a club and a diamond, with one, with none
    >>> len(rows), np.bincount(inverse).tolist()
    (3, [1, 4, 1])
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from itertools import permutations
from typing import TypeVar

import numpy as np

from ..core import COMBOS, Card, Range, RangeError, Rules, Situation, quoted, run_parts
from ._fit import check_fit

Report = Callable[[float], None] | None
"""Follows a long count: called with the fraction of the work done."""
Part = TypeVar("Part")
Counted = TypeVar("Counted")

_COMBO_OF = np.full((52, 52), -1, dtype=np.int64)
_COMBO_OF[COMBOS[:, 0], COMBOS[:, 1]] = _COMBO_OF[COMBOS[:, 1], COMBOS[:, 0]] = np.arange(len(COMBOS))
SUIT_MAPS = np.array([4 * (np.arange(52) >> 2) + np.array(p)[np.arange(52) & 3] for p in permutations(range(4))])
"""(24, 52) each permutation of the suits as a map of card indices (the first is the identity)."""
COMBO_IMAGES = _COMBO_OF[SUIT_MAPS[:, COMBOS[:, 0]], SUIT_MAPS[:, COMBOS[:, 1]]]
"""(24, 1326) the combo each combo becomes under each permutation of the suits."""


def combo_indices(combos) -> np.ndarray:
    """Indices into :data:`~pysolver.core.COMBOS` of hole cards ``(n, 2)``, either order.

    >>> combo_indices([[1, 0], [51, 50]]).tolist()
    [0, 1325]
    """
    combos = np.asarray(combos, dtype=np.int64).reshape(-1, 2)
    return _COMBO_OF[combos[:, 0], combos[:, 1]]


def fixing(*groups) -> np.ndarray:
    """(24,) bool: the permutations of the suits that map each group of cards onto itself.

    >>> int(fixing([48, 49]).sum()), int(fixing().sum())          # AcAd: clubs with diamonds or not
    (4, 24)
    """
    mask = np.ones(len(SUIT_MAPS), dtype=bool)
    for group in groups:
        cards = np.asarray(group, dtype=np.int64).ravel()
        known = np.zeros(52, dtype=bool)
        known[cards] = True
        mask &= known[SUIT_MAPS[:, cards]].all(axis=1)
    return mask


def keeping(mask: np.ndarray, players: Sequence[Player]) -> np.ndarray:
    """The permutations of ``mask`` that leave every player's weighted combos as they are."""
    mask = mask.copy()
    for player in players:
        rows = np.flatnonzero(mask)
        if len(rows) <= 1:  # the identity alone is left
            break
        dense = np.zeros(len(COMBOS))
        dense[player.indices] = player.weights
        mask[rows] = (dense[COMBO_IMAGES[rows[:, None], player.indices]] == player.weights).all(axis=1)
    return mask


def combo_classes(player: Player, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The classes of ``player``'s combos that the permutations of ``mask`` map onto each other:
    each combo's class ``(n,)`` and one row of each class."""
    least = COMBO_IMAGES[np.flatnonzero(mask)[:, None], player.indices].min(axis=0)
    _, rows, inverse = np.unique(least, return_index=True, return_inverse=True)
    return inverse.ravel(), rows


def suit_orbits(mask: np.ndarray) -> list[tuple[int, int]]:
    """The classes of suits that the permutations of ``mask`` map onto each other: (least suit, size).

    >>> suit_orbits(fixing([48, 49]))                          # AcAd
    [(0, 2), (2, 2)]
    """
    images = SUIT_MAPS[mask, :4]
    return sorted((min(orbit), len(orbit)) for orbit in {frozenset(images[:, s].tolist()) for s in range(4)})


CODED_PLAYERS = _CODED = 10
"""Up to this many players, a showdown's winners are one code of bits (:meth:`Tally.add_codes`)."""
_DOT = 8192  # heads-up, up to this many showdowns are summed by dot products


def _winner_tables(players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every set of winners (a code of ``players`` bits): who wins alone, who ties, and each
    player's share of the pot, ``(2 ** players, players)`` each."""
    codes = np.arange(1 << players)
    member = ((codes[:, None] >> np.arange(players)) & 1).astype(np.float64)
    size = np.maximum(member.sum(axis=1, keepdims=True), 1)
    return member * (size == 1), member * (size > 1), member / size


_WINNERS = {players: _winner_tables(players) for players in range(2, _CODED + 1)}


@dataclass
class Tally:
    """Weighted showdown counts per player: outright wins, ties, equity shares, and the deals."""

    wins: np.ndarray
    ties: np.ndarray
    shares: np.ndarray
    deals: float = 0.0

    @classmethod
    def empty(cls, players: int) -> Tally:
        return cls(np.zeros(players), np.zeros(players), np.zeros(players))

    def add(self, values: np.ndarray, weights: np.ndarray, sign: int = 1) -> None:
        """Count showdowns: ``values`` (players, n) hand values, ``weights`` (n,).

        Sums go through ``bincount`` and ``sum(where=...)``, or for a few heads-up showdowns dot
        products: not through BLAS's threads, which on a busy machine cost more than they save.
        """
        weights = np.asarray(weights, dtype=np.float64)
        players = len(values)
        if players == 2:  # heads-up: one comparison instead of a best-of
            if len(weights) <= _DOT:  # one thread of BLAS at these sizes
                won, ahead, total = (
                    float(weights @ (values[0] > values[1])),
                    float(weights @ (values[0] >= values[1])),
                    float(np.add.reduce(weights)),
                )
                lost, tied, won = sign * (total - ahead), sign * (ahead - won), sign * won
            else:
                outcome = np.add(values[0] > values[1], values[0] >= values[1], dtype=np.intp)  # lost, tied, won
                lost, tied, won = (sign * n for n in np.bincount(outcome, weights=weights, minlength=3).tolist())
            wins, ties, shares = self.wins, self.ties, self.shares
            wins[0], wins[1] = wins[0] + won, wins[1] + lost
            ties[0], ties[1] = ties[0] + tied, ties[1] + tied
            shares[0], shares[1] = shares[0] + won + tied / 2, shares[1] + lost + tied / 2
            self.deals += lost + tied + won
            return
        elif players <= _CODED:  # one code per showdown: the set of its winners, as bits
            best = values.max(axis=0)
            code = (values[0] == best).astype(np.intp)
            for p in range(1, players):
                code |= (values[p] == best).astype(np.intp) << p
            self.add_codes(sign * np.bincount(code, weights=weights, minlength=1 << players))
            return
        else:
            winners = values == values.max(axis=0)
            n_winners = winners.sum(axis=0)
            sole = np.where(n_winners == 1, winners.argmax(axis=0), players)
            wins = np.bincount(sole, weights=weights, minlength=players + 1)[:players]
            split = weights / n_winners
            for p in range(players):
                self.shares[p] += sign * np.sum(split, where=winners[p])
                self.ties[p] += sign * (np.sum(weights, where=winners[p]) - wins[p])
            self.wins += sign * wins
        self.deals += sign * float(weights.sum())

    def add_codes(self, by_code: np.ndarray) -> None:
        """Count showdowns by their sets of winners: ``by_code[code]`` showdowns (weighed) won by the
        players whose bits are set in ``code``, for up to 10 players."""
        alone, tie, share = _WINNERS[len(self.wins)]
        by_code = np.asarray(by_code, dtype=np.float64)
        self.wins += by_code @ alone
        self.ties += by_code @ tie
        self.shares += by_code @ share
        self.deals += float(by_code.sum())

    def replace(self, old: np.ndarray, new: np.ndarray, weights: np.ndarray) -> None:
        """Count showdowns valued ``new`` instead of ``old`` (both (players, n)), each ``weights``."""
        if len(old) != 2:
            self.add(new, weights)
            self.add(old, weights, sign=-1)
            return
        won = float((weights * ((new[0] > new[1]).view(np.int8) - (old[0] > old[1]).view(np.int8))).sum())
        tied = float((weights * ((new[0] == new[1]).view(np.int8) - (old[0] == old[1]).view(np.int8))).sum())
        lost = float((weights * ((new[0] < new[1]).view(np.int8) - (old[0] < old[1]).view(np.int8))).sum())
        self.wins += (won, lost)
        self.ties += tied
        self.shares += (won + tied / 2, lost + tied / 2)

    def merge(self, other: Tally, weight: float = 1.0) -> None:
        self.wins += weight * other.wins
        self.ties += weight * other.ties
        self.shares += weight * other.shares
        self.deals += weight * other.deals


@dataclass(frozen=True, eq=False)
class Player:
    """One player: its live ``combos`` ``(n, 2)`` (card indices) and their ``weights``, whether it
    is a known hand (one combo) and whether it is random (every pair of the unseen cards, weight 1)."""

    name: str
    combos: np.ndarray
    weights: np.ndarray
    is_hand: bool = False
    is_random: bool = False

    @classmethod
    def hand(cls, cards, name: str = "") -> Player:
        """A known hand: two card indices."""
        combo = np.asarray(cards, dtype=np.int64).reshape(1, 2)
        return cls(name or "".join(str(Card(int(c))) for c in combo[0]), combo, np.ones(1), is_hand=True)

    @classmethod
    def of(cls, seat, known, name: str) -> Player:
        """A seat of a :class:`~pysolver.core.Situation` (hole cards or a range), its combos avoiding
        the ``known`` cards."""
        if not isinstance(seat, Range):
            return cls.hand([c.index for c in seat], name)
        combos, weights = seat.weighted_combos(known)
        if not len(combos):
            raise RangeError(f"range {quoted(str(seat))}: no combo is left once the known cards are removed")
        return cls(name, combos, weights, is_random=seat.is_random)

    @property
    def hole(self) -> np.ndarray:
        """A known hand's two card indices."""
        return self.combos[0]

    @cached_property
    def indices(self) -> np.ndarray:
        """The combos as indices into :data:`~pysolver.core.COMBOS`."""
        return combo_indices(self.combos)

    def fixed_to(self, row: int) -> Player:
        """The player holding its combo ``row``, as a known hand."""
        return Player(self.name, self.combos[row : row + 1], np.ones(1), is_hand=True)

    def avoiding(self, cards) -> Player | None:
        """The player's combos that hold none of ``cards`` (None when none is left); a random player
        stays random (every pair of the cards still unseen)."""
        if self.is_hand:
            return self
        keep = ~np.isin(self.combos, cards).any(axis=1)
        return replace(self, combos=self.combos[keep], weights=self.weights[keep]) if keep.any() else None

    def same_combos(self, other: Player) -> bool:
        """Whether two players hold the same weighted combos."""
        return bool(np.array_equal(self.indices, other.indices) and np.array_equal(self.weights, other.weights))


@dataclass(frozen=True, eq=False)
class Question:
    """An equity question as the paths read it: the players, the board and the dead cards (card
    indices; the cards outside the rules' deck among the dead), the rules, whether the shipped
    tables may answer (``table``) and how many threads may count it (``threads``, at least 1: a
    path cuts its work into parts that do not depend on it, so neither do its counts)."""

    players: tuple[Player, ...]
    board: np.ndarray
    dead: np.ndarray
    rules: Rules
    table: bool = True
    threads: int = 1

    @classmethod
    def of(cls, situation: Situation, table: bool = True, threads: int = 1) -> Question:
        """The question of a checked situation (a range with no combo left, or ranges no deal
        satisfies together, raises :class:`RangeError`: :mod:`pysolver.odds._fit`)."""
        rules = situation.rules
        known = list(situation.fixed_cards) + [Card(int(i)) for i in rules.removed]
        players = tuple(Player.of(seat, known, situation.seat_name(i)) for i, seat in enumerate(situation.players))
        check_fit(players, rules.deck_bits & ~sum(1 << c.index for c in set(known)))
        board = np.array([c.index for c in situation.board], dtype=np.int64)
        dead = np.concatenate([[c.index for c in situation.dead], rules.removed]).astype(np.int64)
        return cls(players, board, dead, rules, table, threads)

    def with_players(self, players: Sequence[Player]) -> Question:
        return replace(self, players=tuple(players))

    @property
    def hands(self) -> np.ndarray:
        """(hands, 2) the known hands' cards, in seat order."""
        return np.array([p.hole for p in self.players if p.is_hand], dtype=np.int64).reshape(-1, 2)

    @property
    def opens(self) -> list[int]:
        """The seats of the players that are not known hands."""
        return [i for i, p in enumerate(self.players) if not p.is_hand]

    @property
    def unseen(self) -> int:
        """How many cards are not known: not on the board, dead or in a known hand."""
        return 52 - len(self.board) - len(self.dead) - 2 * len(self.hands)


def fixed_classes(question: Question, seat: int) -> tuple[np.ndarray, np.ndarray, list[Question | None]]:
    """Fix the open player at ``seat`` one combo at a time: the classes of its combos that a
    permutation of the suits fixing everything else (the board, the dead cards, the known hands,
    the other players' weighted combos) maps onto each other, each combo's class ``(n,)``, one
    row of each class, and per class the question with the player fixed to that row (None
    when some other player has no combo left beside it). Combos of one class give the same counts."""
    players = question.players
    mask = fixing(question.board, question.dead, *[p.hole for p in players if p.is_hand])
    mask = keeping(mask, [p for i, p in enumerate(players) if i != seat and not p.is_hand])
    inverse, rows = combo_classes(players[seat], mask)
    rests: list[Question | None] = []
    for row in rows.tolist():
        fixed = players[seat].fixed_to(row)
        rest = [fixed if i == seat else p.avoiding(fixed.hole) for i, p in enumerate(players)]
        left = [p for p in rest if p is not None]
        rests.append(question.with_players(left) if len(left) == len(rest) else None)
    return inverse, rows, rests


def each_part(
    function: Callable[[Part, Report], Counted], parts: Sequence[Part], report: Report, threads: int
) -> list[Counted]:
    """``function(part, report)`` for every part of a count, on up to ``threads`` threads at once
    (:func:`~pysolver.core.run_parts`), the results in the order of ``parts``: summed in that order,
    they do not depend on the thread count. ``report(fraction)`` follows each part's own progress
    on every thread, summed over the parts and never reported lower than before."""
    total, lock = max(len(parts), 1), threading.Lock()
    shares, done, reported = [0.0] * len(parts), [0.0], [0.0]

    def advance(index: int, fraction: float) -> None:
        assert report is not None
        with lock:
            share = max(shares[index], min(fraction, 1.0))
            done[0] += share - shares[index]
            shares[index] = share
            if done[0] / total > reported[0]:
                reported[0] = done[0] / total
                report(reported[0])

    def one(item: tuple[int, Part]) -> Counted:
        index, part = item
        result = function(part, None if report is None else (lambda f: advance(index, f)))
        if report is not None:
            advance(index, 1.0)
        return result

    return run_parts(one, list(enumerate(parts)), threads)


def solve_each(
    questions: Sequence[Question | None], solve: Callable[[Question, Report], Tally], report: Report, threads: int
) -> list[Tally | None]:
    """Count each question (None stays None) by ``solve`` (:func:`each_part`): the tallies in order."""
    return each_part(lambda q, inner: None if q is None else solve(q, inner), questions, report, threads)


def fixed_sum(question: Question, seat: int, report: Report, solve: Callable[[Question, Report], Tally]) -> Tally:
    """The counts of a question summed over the player at ``seat`` fixed to one combo of each class of
    suit symmetry (:func:`~pysolver.odds._model.fixed_classes`), each class weighed by its combos'
    weights; every rest counted by ``solve``, on the question's threads, and summed in order."""
    inverse, rows, rests = fixed_classes(question, seat)
    weights = np.bincount(inverse, weights=question.players[seat].weights, minlength=len(rows))
    tally = Tally.empty(len(question.players))
    for weight, counted in zip(weights.tolist(), solve_each(rests, solve, report, question.threads)):
        if counted is not None:
            tally.merge(counted, weight=weight)
    return tally


__all__ = [
    "Report",
    "CODED_PLAYERS",
    "Tally",
    "SUIT_MAPS",
    "COMBO_IMAGES",
    "combo_indices",
    "fixing",
    "keeping",
    "combo_classes",
    "suit_orbits",
    "Player",
    "Question",
    "fixed_classes",
    "each_part",
    "solve_each",
    "fixed_sum",
]
