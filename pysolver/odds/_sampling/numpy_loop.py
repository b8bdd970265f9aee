"""Monte Carlo trials with numpy, vectorised over trials: the sampler's path without numba.

:func:`numpy_block` deals one block of trials (:mod:`pysolver.odds._sampling.sampler`) from
a numpy generator seeded with the run's seed and the block's number. How a
trial is sampled, without bias from card removal:

1. Each range player draws one combo with probability proportional to its
   weight, among the combos that avoid the known cards (fixed hands, board,
   dead); the draws are independent. Two range players are drawn together
   instead (:class:`JointPair`): a pair of their combos that share no card,
   with probability proportional to the product of the weights, so skewed
   weights cannot starve the sampler. Ranges that collide often are drawn
   one after another instead, each among the combos that fit the ones before,
   by weight, the trial weighing the product of the fitting weights' shares
   (``weighted``: importance sampling, as the compiled loop does).
2. A trial whose range players' combos share a card is rejected as a whole.
   What is left is distributed exactly as the exact enumeration weighs deals:
   proportional to the product of the weights over compatible assignments.
3. Random players' cards and the rest of the board are then dealt uniformly
   from the cards not fixed, all of a trial's cards in one draw, each card
   independently (up to three cards at once, as one pick among every ordered
   draw of them); a trial whose drawn cards repeat a card, or hit a range
   player's combo, is rejected as a whole. A kept trial's cards are uniform
   among the completions of its assignment, and every assignment has the same
   number of completions, so this keeps step 2's distribution. (When too many
   cards are drawn for most trials to be kept -- many random players -- they
   are dealt one after another instead, a card already taken redrawn.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...core import RangeError, Rules
from .._hand_tables import CARD_BITS, CARD_RANK_KEY, hand_tables
from .._model import Player
from .groups import RangeGroups

BATCH = 131_072
WEIGHTED_CELLS = 1 << 22
"""Most (trials, combos) cells a batch of weighted draws tables per range player."""
#: Cards drawn with one random number: the sums of every ordered draw of up to this many
#: unseen cards are tabled (48 ** 3 draws of three cards preflop), one lookup per pick.
TABLED_CARDS = 3


def _deal(rng: np.random.Generator, used: np.ndarray, count: int) -> np.ndarray:
    """``count`` cards per trial, (count, trials), each uniform among the cards not yet in the
    trial's ``used`` bits (updated): dealt one after another without replacement.

    One random integer below ``52 ** count`` proposes all the cards of a trial at
    once (its base-52 digits); a proposed card already taken is redrawn alone.
    """
    n = len(used)
    code = rng.integers(0, 52**count, n)
    cards = np.empty((count, n), dtype=np.int64)
    for slot in range(count):
        code, cards[slot] = np.divmod(code, 52)
        bits = CARD_BITS.take(cards[slot])
        redo = np.flatnonzero((used & bits) != 0)
        while len(redo):
            cards[slot, redo] = rng.integers(0, 52, len(redo))
            bits[redo] = CARD_BITS.take(cards[slot, redo])
            redo = redo[(used[redo] & bits[redo]) != 0]
        used |= bits
    return cards


def _all_distinct_rate(unseen: int, count: int) -> float:
    """Probability that ``count`` uniform draws from ``unseen`` cards are all different."""
    return float(np.prod([(unseen - i) / unseen for i in range(count)]))


@lru_cache(maxsize=4)
def _draw_tables(known_bits: int) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
    """For 1 .. :data:`TABLED_CARDS` cards, the summed (rank keys, bits) of every ordered draw
    of that many cards, repeats included, from the cards not in ``known_bits``."""
    unseen = np.flatnonzero((CARD_BITS & known_bits) == 0)
    keys, bits = [CARD_RANK_KEY.take(unseen)], [CARD_BITS.take(unseen)]
    for _ in range(TABLED_CARDS - 1):
        keys.append((keys[-1][:, None] + keys[0][None, :]).ravel())
        bits.append((bits[-1][:, None] + bits[0][None, :]).ravel())
    return tuple(zip(keys, bits))


def draw_at_once(rng: np.random.Generator, known_bits: int, sizes: Sequence[int], n: int):
    """Deal groups of ``sizes`` cards (each random player's two, then the board's) for about ``n``
    trials: every card drawn independently and uniformly from the cards not in ``known_bits``,
    and only the trials whose cards are all different kept. Returns each group's summed (rank
    keys, bits), two arrays of shape (groups, kept). A kept trial's cards are a uniform ordered
    draw without replacement, so dropping the others adds no bias; as the cards' bits are
    distinct powers of two, the bits of a trial sum to a number of ``sum(sizes)`` set bits
    exactly when no card repeats. (About six times faster than dealing card by card.)"""
    tables = _draw_tables(known_bits)
    count = sum(sizes)
    size = int(n / _all_distinct_rate(len(tables[0][0]), count) * 1.01) + 256  # ~n kept, rarely fewer
    keys = np.zeros((len(sizes), size), dtype=np.int64)
    bits = np.zeros((len(sizes), size), dtype=np.int64)
    for group, cards in enumerate(sizes):
        while cards:  # the board's five: three cards, then two
            part = min(cards, TABLED_CARDS)
            part_keys, part_bits = tables[part - 1]
            pick = rng.integers(0, len(part_keys), size, dtype=np.int32)
            keys[group] += part_keys.take(pick)
            bits[group] += part_bits.take(pick)
            cards -= part
    keep = np.flatnonzero(np.bitwise_count(bits.sum(axis=0)) == count)[:n]
    return keys[:, keep], bits[:, keep]


@dataclass(frozen=True)
class JointPair:
    """Two range players drawn together: every compatible pair of their combos (``first[i]``,
    ``second[i]`` index their combos) with the cumulated product of the two weights. Drawing
    from it needs no rejection, however the weights are skewed (``AsKs, 0.000001(AhKh)``
    against ``AsKs, 0.000001(AdKd)`` fits together only with the tiny weights)."""

    players: tuple[int, int]
    first: np.ndarray
    second: np.ndarray
    cumulative: np.ndarray

    @classmethod
    def of(cls, players: Sequence[Player]) -> JointPair | None:
        """The pair, when exactly two players are weighted ranges (not random)."""
        ranged = [p for p, player in enumerate(players) if is_ranged(player)]
        if len(ranged) != 2:
            return None
        pair = RangeGroups.of([players[p] for p in ranged], cap=None)  # one group: every pair that fits
        return cls((ranged[0], ranged[1]), pair.combos[:, 0], pair.combos[:, 1], np.cumsum(pair.weights))

    def draw(self, rng: np.random.Generator, n: int) -> tuple[np.ndarray, np.ndarray]:
        pick = np.minimum(
            np.searchsorted(self.cumulative, rng.random(n) * self.cumulative[-1], side="right"),
            len(self.cumulative) - 1,
        )
        return self.first[pick], self.second[pick]


def is_ranged(player: Player) -> bool:
    """Whether a player's combos are drawn from its range (not a hand, not random)."""
    return not player.is_hand and not player.is_random


def _batch(
    rng: np.random.Generator,
    players: Sequence[Player],
    board: np.ndarray,
    known_bits: int,
    n: int,
    rules: Rules | None = None,
    joint: JointPair | None = None,
    seen: dict | None = None,
    weighted: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """Hand values (players, accepted trials) of about ``n`` sampled trials, rejected ones left out,
    and each accepted trial's weight; ``seen`` (if given) gets each open player's hole cards per
    accepted trial, as card bits. ``weighted``: the range players draw one after another among
    the combos that fit the ones before (:func:`_fitting_draw`), each trial weighed."""
    if weighted:  # a (trials, combos) table per range player: at most WEIGHTED_CELLS cells
        n = max(1, min(n, WEIGHTED_CELLS // max(len(p.combos) for p in players if is_ranged(p))))
    randoms = [p for p, player in enumerate(players) if player.is_random]
    sizes = [2] * len(randoms) + [5 - len(board)]
    unseen = np.flatnonzero((CARD_BITS & known_bits) == 0)
    at_once = _all_distinct_rate(len(unseen), sum(sizes)) >= 0.3
    if at_once:  # every random card of the trial in one draw from the unseen cards
        drawn_keys, drawn_bits = draw_at_once(rng, known_bits, sizes, n)
        n = drawn_keys.shape[1]
    used = np.full(n, known_bits, dtype=np.int64)
    keys = np.zeros((len(players), n), dtype=np.int64)
    bits = np.zeros((len(players), n), dtype=np.int64)
    accepted = np.ones(n, dtype=bool)
    weights = np.ones(n)
    drawn = {}
    if joint is not None:
        drawn = dict(zip(joint.players, joint.draw(rng, n)))
    for p, spec in enumerate(players):
        if p in drawn:
            combos = spec.combos[drawn[p]]
            keys[p], bits[p] = CARD_RANK_KEY[combos].sum(axis=1), CARD_BITS[combos].sum(axis=1)
            used |= bits[p]
        elif spec.is_hand:
            keys[p], bits[p] = CARD_RANK_KEY[spec.hole].sum(), CARD_BITS[spec.hole].sum()
        elif not spec.is_random and weighted:
            keys[p], bits[p] = _fitting_draw(rng, spec, used, accepted, weights)
            used |= bits[p]
        elif not spec.is_random:
            cumulative = np.cumsum(spec.weights)
            pick = np.searchsorted(cumulative, rng.random(n) * cumulative[-1], side="right")
            combos = spec.combos[np.minimum(pick, len(spec.combos) - 1)]
            keys[p], bits[p] = CARD_RANK_KEY[combos].sum(axis=1), CARD_BITS[combos].sum(axis=1)
            accepted &= (used & bits[p]) == 0
            used |= bits[p]
    board_key = np.full(n, CARD_RANK_KEY[board].sum(), dtype=np.int64)
    board_bits = np.full(n, CARD_BITS[board].sum(), dtype=np.int64)
    if at_once:
        for i, p in enumerate(randoms):
            keys[p] += drawn_keys[i]
            bits[p] += drawn_bits[i]
        board_key += drawn_keys[-1]
        board_bits += drawn_bits[-1]
        if any(is_ranged(player) for player in players):
            accepted &= (used & drawn_bits.sum(axis=0)) == 0  # clear of the ranges' combos
    if not accepted.all():
        keep = np.flatnonzero(accepted)
        keys, bits, used, weights = keys[:, keep], bits[:, keep], used[keep], weights[keep]
        board_key, board_bits = board_key[keep], board_bits[keep]
    if not at_once:  # many random players: deal card by card, redrawing a card already taken
        for p in randoms:
            cards = _deal(rng, used, 2)
            keys[p] += CARD_RANK_KEY.take(cards).sum(axis=0)
            bits[p] += CARD_BITS.take(cards).sum(axis=0)
        for card in _deal(rng, used, 5 - len(board)):
            board_key += CARD_RANK_KEY.take(card)
            board_bits += CARD_BITS.take(card)
    if seen is not None:
        seen.update({p: bits[p] for p, player in enumerate(players) if not player.is_hand})
    return hand_tables(rules).values(keys + board_key, bits + board_bits), weights


def _fitting_draw(
    rng: np.random.Generator, player: Player, used: np.ndarray, accepted: np.ndarray, weights: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """One range player's combo per trial among those clear of ``used``, by weight; each trial's
    weight times the fitting weights' share of the range's (``accepted`` cleared where none fits).
    The summed rank keys and card bits of the combos drawn."""
    combo_bits = CARD_BITS[player.combos].sum(axis=1)
    fit = (used[:, None] & combo_bits[None, :]) == 0
    cumulative = np.cumsum(fit * player.weights, axis=1)
    total = cumulative[:, -1]
    pick = (cumulative <= (rng.random(len(used)) * total)[:, None]).sum(axis=1)
    last = len(combo_bits) - 1 - np.argmax(fit[:, ::-1], axis=1)  # should u * total round to the total
    combos = player.combos[np.minimum(pick, last)]
    accepted &= total > 0
    weights *= total / player.weights.sum()
    return CARD_RANK_KEY[combos].sum(axis=1), CARD_BITS[combos].sum(axis=1)


def never_fit(players: Sequence[Player], attempts: int) -> RangeError:
    """The error of a run whose open players' ranges fit together in none of ``attempts`` trials."""
    names = ", ".join(f"{i} ({p.name})" for i, p in enumerate(players) if not p.is_hand)
    return RangeError(
        f"players {names}: their ranges almost never fit together (no trial of {attempts:,} was accepted)"
    )


def numpy_block(
    seed: int,
    block: int,
    trials: int,
    players: Sequence[Player],
    board: np.ndarray,
    known_bits: int,
    rules: Rules | None,
    joint: JointPair | None,
    observe: bool,
    weighted: bool = False,
) -> tuple[np.ndarray, np.ndarray, dict | None]:
    """Block ``block`` of a run seeded ``seed``: the hand values (players, ``trials``) of its
    accepted trials, their weights (``weighted``: see :func:`_batch`; else ones) and, if
    ``observe``, each open player's hole cards in each, as card bits."""
    rng = np.random.default_rng([seed, block])
    parts: list[tuple[np.ndarray, np.ndarray]] = []
    seen: list[dict] = []
    done = attempts = 0
    while done < trials:
        step: dict | None = {} if observe else None
        values, weights = _batch(
            rng, players, board, known_bits, min(BATCH, trials - done), rules, joint, step, weighted
        )
        attempts += BATCH
        if values.shape[1] == 0 and done == 0 and attempts > 20 * BATCH:
            raise never_fit(players, attempts)
        parts.append((values[:, : trials - done], weights[: trials - done]))
        if step is not None:
            seen.append({p: bits[: trials - done] for p, bits in step.items()})
        done += parts[-1][1].shape[0]
    together = None if not observe else {p: np.concatenate([s[p] for s in seen]) for p in seen[0]}
    return np.concatenate([v for v, _ in parts], axis=1), np.concatenate([w for _, w in parts]), together


__all__ = [
    "BATCH",
    "WEIGHTED_CELLS",
    "TABLED_CARDS",
    "JointPair",
    "is_ranged",
    "draw_at_once",
    "never_fit",
    "numpy_block",
]
