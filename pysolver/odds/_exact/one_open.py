"""The ``one open`` path: known hands and one range or random player.

After the flop, every run-out against every holding (:func:`exact_one_open`): on
each run-out the holdings that make no flush are grouped by their two ranks (91
groups, weighed by inclusion-exclusion over the run-out's cards); the few that make
a flush are evaluated one by one. Before the flop, the open player is fixed to one
combo of each class of suit symmetry (:func:`~pysolver.odds._model.fixed_classes`;
about 1/6 of the 1,225 for a suited hand against random) and each is counted by
:func:`~pysolver.odds._exact.fixed.exact_fixed`.

    >>> hands = np.array([[41, 42], [28, 29]])                                   # QdQh, 9c9d
    >>> t = exact_one_open(np.array([[51, 47]]), hands, np.ones(2), np.array([43, 39, 0]))
    >>> t.wins.tolist(), t.deals                                                # AsKs on Qs Js 2c
    ([964.0, 1016.0], 1980.0)
"""

from __future__ import annotations

from itertools import combinations
from math import comb

import numpy as np

from ...core import Rules
from .._combo_codes import GROUP_HIGH, GROUP_LOW, GROUP_OF
from .._cost import Cheapest, Shape, Solve, legacy_work
from .._hand_tables import CARD_BITS, CARD_RANK_KEY, RANK_WEIGHTS, hand_tables
from .._model import Question, Report, Tally, fixed_sum
from .fixed import exact_fixed, known_mask

_NONE = np.zeros(0, dtype=np.int64)


def exact_one_open(
    fixed: np.ndarray,
    open_combos: np.ndarray,
    open_weights: np.ndarray,
    board: np.ndarray,
    dead: np.ndarray = _NONE,
    open_position: int | None = None,
    rules: Rules | None = None,
) -> Tally:
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
    unseen = np.flatnonzero(~known_mask(fixed, board, dead))
    to_come = 5 - len(board)
    runouts = np.array(list(combinations(unseen, to_come)), dtype=np.int64).reshape(comb(len(unseen), to_come), to_come)
    board_key = CARD_RANK_KEY[board].sum() + CARD_RANK_KEY[runouts].sum(axis=1)
    board_bits = CARD_BITS[board].sum() + CARD_BITS[runouts].sum(axis=1)
    fixed_values = table.values(
        board_key[None, :] + CARD_RANK_KEY[fixed].sum(axis=1)[:, None],
        board_bits[None, :] + CARD_BITS[fixed].sum(axis=1)[:, None],
    )
    group_weights, flush_pairs = _open_weights(board, runouts, board_bits, open_combos, open_weights)
    group_key = RANK_WEIGHTS[GROUP_HIGH] + RANK_WEIGHTS[GROUP_LOW]
    # A group that would hold a fifth card of a rank cannot be dealt (its weight is 0): clip its key.
    group_values = table.rank_value.take(board_key[:, None] + group_key[None, :], mode="clip")

    position = len(fixed) if open_position is None else open_position
    tally = Tally.empty(len(fixed) + 1)
    grid = np.insert(
        np.broadcast_to(fixed_values[:, :, None], (len(fixed),) + group_values.shape), position, group_values, axis=0
    ).reshape(len(fixed) + 1, -1)
    weights = group_weights.ravel()
    live = weights > 1e-9
    tally.add(grid[:, live], weights[live])
    runout, holding = flush_pairs
    if len(runout):
        flush_values = table.values(
            board_key[runout] + CARD_RANK_KEY[open_combos[holding]].sum(axis=1),
            board_bits[runout] | CARD_BITS[open_combos[holding]].sum(axis=1),
        )
        tally.add(np.insert(fixed_values[:, runout], position, flush_values, axis=0), open_weights[holding])
    return tally


def _open_weights(
    board: np.ndarray, runouts: np.ndarray, board_bits: np.ndarray, combos: np.ndarray, weights: np.ndarray
) -> tuple[np.ndarray, tuple[np.ndarray, np.ndarray]]:
    """Per run-out, the weight of open holdings in each of the 91 rank groups that make no flush,
    and the (run-out, holding) pairs that do make a flush.

    The group weights come by inclusion-exclusion on the run-out's cards (all
    holdings, less those holding a run-out card), then the flushing holdings
    are taken out: a full board with ``c >= 3`` cards of one suit lets exactly
    the holdings with ``5 - c`` or more cards of that suit make a flush.
    """
    combos = np.sort(combos, axis=1)
    group = GROUP_OF[combos[:, 0] >> 2, combos[:, 1] >> 2]
    per_card = np.zeros((52, 91))
    np.add.at(per_card, (combos[:, 0], group), weights)
    np.add.at(per_card, (combos[:, 1], group), weights)
    result = np.tile(np.bincount(group, weights=weights, minlength=91), (len(runouts), 1))
    for slot in range(runouts.shape[1]):
        result -= per_card[runouts[:, slot]]
    if runouts.shape[1] == 2:  # the holding made of both run-out cards was taken out twice
        pair_weight = np.zeros((52, 52))
        pair_weight[combos[:, 0], combos[:, 1]] = weights
        low, high = runouts.min(axis=1), runouts.max(axis=1)
        result[np.arange(len(runouts)), GROUP_OF[low >> 2, high >> 2]] += pair_weight[low, high]

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


class OneOpenPath:
    """One open player: :func:`exact_one_open` after the flop, one combo of each suit class against
    every board before it. Its cost, :func:`~pysolver.odds._cost.legacy_work`: every run-out times
    the 91 rank groups after the flop, a third of the open combos times 25,000 per player before
    it (measured)."""

    name = "one open"
    compiled = True  # counts in compiled loops (with numba)

    def applies(self, shape: Shape) -> bool:
        return len(shape.opens) == 1

    def cost(self, shape: Shape, cheapest: Cheapest) -> float:
        return legacy_work(shape)

    def run(self, question: Question, report: Report, solve: Solve) -> Tally:
        seat = question.opens[0]
        player = question.players[seat]
        if len(question.board) >= 3:
            return exact_one_open(
                question.hands, player.combos, player.weights, question.board, question.dead, seat, question.rules
            )
        return fixed_sum(
            question, seat, report, lambda rest, _: exact_fixed(rest.hands, rest.board, rest.dead, rest.rules)
        )


__all__ = ["exact_one_open", "OneOpenPath"]
