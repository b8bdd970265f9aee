"""Exact equity by enumeration: every board run-out (and every opponent holding) counted once.

Three engines, all returning a :class:`Tally`:

* :func:`exact_fixed` -- every player's hole cards known, any street. Boards
  are grouped by their *rank multiset*: without a flush the value of seven
  cards depends only on their ranks, so the ``C(48, 5) = 1,712,304`` preflop
  run-outs collapse to 6,175 rank multisets, each counted
  ``prod C(unseen of rank r, m_r)`` times. Boards where a flush is possible (a
  suit with three or more cards on the board; at most one suit can) are then
  corrected exactly: the suited cards are enumerated one by one, the rest of
  the board again by rank multiset.
* :func:`exact_one_open` -- one player's holding open (a range or random) and
  the board at least a flop: every run-out against every holding. On each
  run-out the holdings that make no flush are grouped by their two ranks (91
  groups, weighed by inclusion-exclusion over the run-out's cards); the few
  that make a flush are evaluated one by one.
* :func:`exact_open_preflop` -- one open player preflop: each holding runs
  :func:`exact_fixed`; holdings equal up to a permutation of suits that fixes
  every known card give the same counts, so only one per class is computed
  (about 1/6 of the 1,225 for a suited hand against random).

    >>> t = exact_fixed(np.array([[48, 49], [47, 46]]))     # AcAd vs KsKh preflop
    >>> t.wins.tolist(), t.ties.tolist(), t.deals
    ([1388072.0, 317694.0], [6538.0, 6538.0], 1712304.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, permutations
from math import comb
from typing import Callable, Optional

import numpy as np

from ._hand_tables import CARD_BITS, CARD_RANK_KEY, hand_tables, RANK_WEIGHTS, SUIT_MASK
from ..core._rules import Rules
from ..evaluator import rank_multisets

_NONE = np.zeros(0, dtype=np.int64)
_NONE.setflags(write=False)
_CHOOSE = np.array([[comb(n, m) for m in range(5)] for n in range(5)], dtype=np.int64)


_CODED = 10
_DOT = 8192                 # heads-up, up to this many showdowns are summed by dot products


def _winner_tables(players: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For every set of winners (a code of ``players`` bits): who wins alone, who ties, and each
    player's share of the pot, ``(2 ** players, players)`` each."""
    codes = np.arange(1 << players)
    member = ((codes[:, None] >> np.arange(players)) & 1).astype(np.float64)
    size = np.maximum(member.sum(axis=1, keepdims=True), 1)
    return member * (size == 1), member * (size > 1), member / size


_WINNERS = {players: _winner_tables(players) for players in range(3, _CODED + 1)}


@dataclass
class Tally:
    """Weighted showdown counts per player: outright wins, ties, equity shares, and the deals."""

    wins: np.ndarray
    ties: np.ndarray
    shares: np.ndarray
    deals: float = 0.0

    @classmethod
    def empty(cls, players: int) -> "Tally":
        return cls(np.zeros(players), np.zeros(players), np.zeros(players))

    def add(self, values: np.ndarray, weights: np.ndarray, sign: int = 1) -> None:
        """Count showdowns: ``values`` (players, n) hand values, ``weights`` (n,).

        Sums go through ``bincount`` and ``sum(where=...)``, or for a few heads-up showdowns dot
        products: not through BLAS's threads, which on a busy machine cost more than they save.
        """
        weights = np.asarray(weights, dtype=np.float64)
        players = len(values)
        if players == 2:          # heads-up: one comparison instead of a best-of
            if len(weights) <= _DOT:          # one thread of BLAS at these sizes
                won, ahead, total = float(weights @ (values[0] > values[1])), \
                    float(weights @ (values[0] >= values[1])), float(np.add.reduce(weights))
                lost, tied, won = sign * (total - ahead), sign * (ahead - won), sign * won
            else:
                outcome = np.add(values[0] > values[1], values[0] >= values[1], dtype=np.intp)   # lost, tied, won
                lost, tied, won = (sign * n for n in np.bincount(outcome, weights=weights, minlength=3).tolist())
            wins, ties, shares = self.wins, self.ties, self.shares
            wins[0], wins[1] = wins[0] + won, wins[1] + lost
            ties[0], ties[1] = ties[0] + tied, ties[1] + tied
            shares[0], shares[1] = shares[0] + won + tied / 2, shares[1] + lost + tied / 2
            self.deals += lost + tied + won
            return
        elif players <= _CODED:      # one code per showdown: the set of its winners, as bits
            best = values.max(axis=0)
            code = (values[0] == best).astype(np.intp)
            for p in range(1, players):
                code |= (values[p] == best).astype(np.intp) << p
            by_code = np.bincount(code, weights=weights, minlength=1 << players)
            alone, tied, share = _WINNERS[players]
            self.wins += sign * (by_code @ alone)
            self.ties += sign * (by_code @ tied)
            self.shares += sign * (by_code @ share)
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

    def merge(self, other: "Tally", weight: float = 1.0) -> None:
        self.wins += weight * other.wins
        self.ties += weight * other.ties
        self.shares += weight * other.shares
        self.deals += weight * other.deals


@lru_cache(maxsize=None)
def _multisets(size: int) -> tuple[np.ndarray, np.ndarray]:
    counts = rank_multisets(size)
    return counts, counts @ RANK_WEIGHTS


@lru_cache(maxsize=None)
def _rank_subsets(size: int) -> tuple[np.ndarray, np.ndarray]:
    """Every set of ``size`` distinct ranks: its 13-bit mask and rank key."""
    ranks = np.array(list(combinations(range(13), size)), dtype=np.int64).reshape(comb(13, size), size)
    return (np.int64(1) << ranks).sum(axis=1), RANK_WEIGHTS[ranks].sum(axis=1)


def _ways(available: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """How many sets of unseen cards have these rank counts: prod_r C(available_r, m_r)."""
    return _CHOOSE[available[None, :], counts].prod(axis=1)


def _known_mask(*groups: np.ndarray) -> np.ndarray:
    known = np.zeros(52, dtype=bool)
    for group in groups:
        known[np.asarray(group, dtype=np.int64).ravel()] = True
    return known


def exact_fixed(holes: np.ndarray, board: np.ndarray = _NONE,
                dead: np.ndarray = _NONE, rules: Optional[Rules] = None) -> Tally:
    """Exact counts for known hole cards ``holes`` (players, 2), any board of 0, 3, 4 or 5 cards.

    Under a variant's ``rules`` the cards outside its deck must be among ``dead``.
    """
    table = hand_tables(rules)
    holes = np.asarray(holes, dtype=np.int64)
    board = np.asarray(board, dtype=np.int64)
    unseen = ~_known_mask(holes, board, dead)
    to_come = 5 - len(board)
    available = unseen.reshape(13, 4).sum(axis=1)
    base_key = CARD_RANK_KEY[holes].sum(axis=1) + CARD_RANK_KEY[board].sum()
    base_bits = CARD_BITS[holes].sum(axis=1) + CARD_BITS[board].sum()
    tally = Tally.empty(len(holes))

    counts, keys = _multisets(to_come)
    ways = _ways(available, counts)
    live = ways > 0
    tally.add(table.rank_value[base_key[:, None] + keys[live]], ways[live])

    board_suits = np.bincount(board & 3, minlength=4)
    for suit in range(4):
        suit_unseen = unseen[suit::4]
        suit_unseen_bits = int((np.int64(1) << np.flatnonzero(suit_unseen)).sum())
        hole_most = int(((holes & 3) == suit).sum(axis=1).max())
        others_available = available - suit_unseen
        player_field = (base_bits >> (16 * suit)) & SUIT_MASK
        for drawn in range(max(0, 3 - board_suits[suit]), min(to_come, int(suit_unseen.sum())) + 1):
            if board_suits[suit] + drawn + hole_most < 5:
                continue      # nobody can make a flush in this suit: no correction
            masks, mask_keys = _rank_subsets(drawn)
            possible = (masks & ~suit_unseen_bits) == 0
            suited_bits, suited_key = masks[possible], mask_keys[possible]
            rest, rest_keys = _multisets(to_come - drawn)
            rest_ways = _ways(others_available, rest)
            keep = rest_ways > 0
            rest_keys, rest_ways = rest_keys[keep], rest_ways[keep]
            key = (base_key[:, None, None] + suited_key[None, :, None] + rest_keys[None, None, :])
            plain = table.rank_value[key]
            flush = table.flush_value[player_field[:, None] | suited_bits[None, :]]
            # Some player makes a flush on every one of these boards (a 7-card flush beats
            # whatever its ranks alone make), so every board's result changes: recount it.
            actual = np.maximum(plain, flush[:, :, None])
            weights = np.broadcast_to(rest_ways, plain.shape[1:]).ravel()
            tally.add(actual.reshape(len(holes), -1), weights)
            tally.add(plain.reshape(len(holes), -1), weights, sign=-1)
    return tally


def exact_one_open(fixed: np.ndarray, open_combos: np.ndarray, open_weights: np.ndarray,
                   board: np.ndarray, dead: np.ndarray = _NONE,
                   open_position: Optional[int] = None, rules: Optional[Rules] = None) -> Tally:
    """Exact counts, board of 3+ cards, players ``fixed`` (f, 2) plus one open player.

    ``open_combos`` (n, 2) must avoid the known cards; the open player is
    inserted at ``open_position`` (default last) in the returned tally. On each
    run-out the open holdings that make no flush are grouped by their two
    ranks (91 groups); the few that make a flush are evaluated one by one.
    """
    table = hand_tables(rules)
    fixed = np.asarray(fixed, dtype=np.int64).reshape(-1, 2)
    board = np.asarray(board, dtype=np.int64)
    open_combos = np.asarray(open_combos, dtype=np.int64)
    open_weights = np.asarray(open_weights, dtype=np.float64)
    unseen = np.flatnonzero(~_known_mask(fixed, board, dead))
    to_come = 5 - len(board)
    runouts = np.array(list(combinations(unseen, to_come)),
                       dtype=np.int64).reshape(comb(len(unseen), to_come), to_come)
    board_key = CARD_RANK_KEY[board].sum() + CARD_RANK_KEY[runouts].sum(axis=1)
    board_bits = CARD_BITS[board].sum() + CARD_BITS[runouts].sum(axis=1)
    fixed_values = table.values(board_key[None, :] + CARD_RANK_KEY[fixed].sum(axis=1)[:, None],
                                board_bits[None, :] + CARD_BITS[fixed].sum(axis=1)[:, None])
    group_weights, flush_pairs = _open_weights(board, runouts, board_bits, open_combos, open_weights)
    group_key = RANK_WEIGHTS[_GROUP_HIGH] + RANK_WEIGHTS[_GROUP_LOW]
    # A group that would hold a fifth card of a rank cannot be dealt (its weight is 0): clip its key.
    group_values = table.rank_value.take(board_key[:, None] + group_key[None, :], mode="clip")

    position = len(fixed) if open_position is None else open_position
    tally = Tally.empty(len(fixed) + 1)
    grid = np.insert(np.broadcast_to(fixed_values[:, :, None], (len(fixed),) + group_values.shape),
                     position, group_values, axis=0).reshape(len(fixed) + 1, -1)
    weights = group_weights.ravel()
    live = weights > 1e-9
    tally.add(grid[:, live], weights[live])
    runout, holding = flush_pairs
    if len(runout):
        flush_values = table.values(board_key[runout] + CARD_RANK_KEY[open_combos[holding]].sum(axis=1),
                                    board_bits[runout] | CARD_BITS[open_combos[holding]].sum(axis=1))
        tally.add(np.insert(fixed_values[:, runout], position, flush_values, axis=0), open_weights[holding])
    return tally


_GROUP_HIGH, _GROUP_LOW = (np.array(side) for side in zip(*[(h, l) for h in range(13) for l in range(h + 1)]))
_GROUP_OF = np.zeros((13, 13), dtype=np.int64)
_GROUP_OF[_GROUP_HIGH, _GROUP_LOW] = _GROUP_OF[_GROUP_LOW, _GROUP_HIGH] = np.arange(91)


def _open_weights(board: np.ndarray, runouts: np.ndarray, board_bits: np.ndarray,
                  combos: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """Per run-out, the weight of open holdings in each of the 91 rank groups that make no flush,
    and the (run-out, holding) pairs that do make a flush.

    The group weights come by inclusion-exclusion on the run-out's cards (all
    holdings, less those holding a run-out card), then the flushing holdings
    are taken out: a full board with ``c >= 3`` cards of one suit lets exactly
    the holdings with ``5 - c`` or more cards of that suit make a flush.
    """
    combos = np.sort(combos, axis=1)
    group = _GROUP_OF[combos[:, 0] >> 2, combos[:, 1] >> 2]
    per_card = np.zeros((52, 91))
    np.add.at(per_card, (combos[:, 0], group), weights)
    np.add.at(per_card, (combos[:, 1], group), weights)
    result = np.tile(np.bincount(group, weights=weights, minlength=91), (len(runouts), 1))
    for slot in range(runouts.shape[1]):
        result -= per_card[runouts[:, slot]]
    if runouts.shape[1] == 2:      # the holding made of both run-out cards was taken out twice
        pair_weight = np.zeros((52, 52))
        pair_weight[combos[:, 0], combos[:, 1]] = weights
        low, high = runouts.min(axis=1), runouts.max(axis=1)
        result[np.arange(len(runouts)), _GROUP_OF[low >> 2, high >> 2]] += pair_weight[low, high]

    suit_counts = np.bincount(board & 3, minlength=4)[None, :] + (runouts[:, :, None] & 3 == np.arange(4)).sum(axis=1)
    flush_suit, need = suit_counts.argmax(axis=1), 5 - suit_counts.max(axis=1)
    combo_suits = (combos[:, :, None] & 3 == np.arange(4)).sum(axis=1)
    combo_bits = CARD_BITS[combos].sum(axis=1)
    runout_parts, holding_parts = [], []
    for suit in range(4):
        for needed in range(3):
            rows = np.flatnonzero((flush_suit == suit) & (need == needed))
            cols = np.flatnonzero(combo_suits[:, suit] >= needed)
            if len(rows) and len(cols):
                r, c = np.nonzero((board_bits[rows, None] & combo_bits[None, cols]) == 0)
                runout_parts.append(rows[r])
                holding_parts.append(cols[c])
    runout = np.concatenate(runout_parts) if runout_parts else np.zeros(0, np.int64)
    holding = np.concatenate(holding_parts) if holding_parts else np.zeros(0, np.int64)
    np.subtract.at(result, (runout, group[holding]), weights[holding])
    return result, (runout, holding)


def suit_symmetries(*card_groups: np.ndarray) -> list[np.ndarray]:
    """The suit permutations (as 52-card maps) that map each group of cards onto itself."""
    maps = []
    for perm in permutations(range(4)):
        card_map = 4 * (np.arange(52) >> 2) + np.array(perm)[np.arange(52) & 3]
        if all(set(card_map[np.asarray(g, dtype=np.int64)].tolist()) == set(np.asarray(g).tolist())
               for g in card_groups):
            maps.append(card_map)
    return maps


def exact_open_preflop(fixed: np.ndarray, open_combos: np.ndarray, open_weights: np.ndarray,
                       dead: np.ndarray = _NONE, open_position: Optional[int] = None,
                       progress: Optional[Callable[[int, int], None]] = None,
                       rules: Optional[Rules] = None) -> Tally:
    """Exact counts preflop for ``fixed`` players plus one open player, grouping holdings by suit symmetry."""
    fixed = np.asarray(fixed, dtype=np.int64).reshape(-1, 2)
    maps = suit_symmetries(*fixed, np.asarray(dead, dtype=np.int64))
    images = np.stack([np.sort(m[open_combos], axis=1) @ np.array([52, 1]) for m in maps])
    canonical = images.min(axis=0)
    keys = np.column_stack([canonical, np.asarray(open_weights, dtype=np.float64)])
    groups, first, multiplicity = np.unique(keys, axis=0, return_index=True, return_counts=True)
    position = len(fixed) if open_position is None else open_position
    tally = Tally.empty(len(fixed) + 1)
    for done, (row, times) in enumerate(zip(first, multiplicity)):
        holes = np.insert(fixed, position, open_combos[row], axis=0)
        tally.merge(exact_fixed(holes, dead=dead, rules=rules), weight=float(open_weights[row]) * int(times))
        if progress is not None:
            progress(done + 1, len(first))
    return tally


__all__ = ["Tally", "exact_fixed", "exact_one_open", "suit_symmetries", "exact_open_preflop"]
