"""Several boards to each draw of the range players' combos (the compiled sampler's
``boards_per_draw``): the equities still those of exact enumeration, and the standard error
that of the draws, not of the trials, against the variance of the range players' shares worked
out combination by combination."""

from itertools import product

import numpy as np
import pytest

from pysolver import equity, evaluate_batch
from pysolver.core import Situation
from pysolver.evaluator import backend
from pysolver.odds._model import Question
from pysolver.odds._sampling import costs as _costs
from pysolver.odds._sampling import plan as _plan
from pysolver.odds._sampling.sampler import monte_carlo

needs_numba = pytest.mark.skipif(backend() != "numba", reason="the compiled sampler needs numba")

RIVER = "Kh 9d 4c 2s 7h"


def shares_of_every_assignment(players, board):
    """Each compatible assignment of the range players' combos on a full ``board``: its weight and
    each player's share of the pot, by the evaluator, one assignment at a time."""
    cards = np.array(board, dtype=np.int64)
    weights, shares = [], []
    for picks in product(*(range(len(p.combos)) for p in players)):
        held = [tuple(p.combos[i]) for p, i in zip(players, picks)]
        flat = [c for hand in held for c in hand]
        if len(set(flat)) < len(flat):
            continue
        hands = np.array([np.concatenate([hand, cards]) for hand in held])
        values = np.asarray(evaluate_batch(hands))
        won = values == values.max()
        shares.append(won / won.sum())
        weights.append(np.prod([p.weights[i] for p, i in zip(players, picks)]))
    return np.array(weights), np.array(shares)


@needs_numba
@pytest.mark.parametrize(
    "ranges",
    [
        ["QQ+,AKs", "JJ,TT,99,AQs"],  # drawn together as one group (the exact loop)
        ["QQ+,0.4(AKs)", "JJ,TT,99,0.7(AQs)"],  # weighted combos: the group's rows by their alias tables
        ["QQ+", "KK+,AKs", "JJ+"],  # colliding: drawn by importance weights (the full loop)
    ],
)
@pytest.mark.parametrize("boards", [1, 8])
def test_the_standard_error_counts_each_draw_once(ranges, boards, monkeypatch):
    """On the river, with nothing left to deal, a draw's boards are alike: the standard error of
    80,000 trials in draws of 8 boards is that of 10,000 independent assignments (not of 80,000),
    the variance of a player's share over the assignments worked out exactly."""
    situation = Situation.of(ranges, RIVER, ranges=True)
    question = Question.of(situation)
    weights, shares = shares_of_every_assignment(question.players, question.board)
    chance = weights / weights.sum()
    mean = chance @ shares
    variance = chance @ shares**2 - mean**2
    monkeypatch.setattr(_plan, "boards_per_draw", lambda *_: boards)
    trials = 80_000
    tally, stderr = monte_carlo(question.players, question.board, trials=trials, seed=5, threads=1, kernel="numba")
    assert tally.deals == trials
    expected = np.sqrt(variance / (trials // boards))
    assert stderr == pytest.approx(expected, rel=0.08)
    assert np.all(np.abs(tally.shares / trials - mean) < 5 * expected)


@needs_numba
@pytest.mark.parametrize(
    "players, board",
    [
        (["AK,AQ", "AK,KQ", "AQ,KQ", "AJ,KJ"], "Ts 7h 2d"),  # drawn in groups, redrawn when they collide
        (["AA,KK", "AA,KK", "AK", "AK,KQ", "QQ,KQ"], "Js 7h 2d"),  # drawn by importance weights
    ],
)
def test_many_colliding_ranges_deal_several_boards_a_draw_and_agree_with_exact_enumeration(players, board):
    question = Question.of(Situation.of(players, board, ranges=True))
    assert _costs.boards_per_draw(question.players, len(question.board)) > 1
    exact = equity(players, board, exact=True)
    sampled = equity(players, board, trials=300_000, seed=8)
    assert sampled.kernel == "numba"
    for e, s in zip(exact.players, sampled.players):
        assert abs(s.equity - e.equity) <= 4.5 * s.stderr, (e.equity, s.equity, s.stderr)
    spread = [equity(players, board, trials=20_000, seed=seed).players[0].equity for seed in range(30)]
    reported = equity(players, board, trials=20_000, seed=0).players[0].stderr
    assert 0.7 < np.std(spread, ddof=1) / reported < 1.4  # the standard error is the runs' spread


def test_a_draw_is_dealt_one_board_where_it_is_cheap_or_nothing_is_left_to_deal():
    def boards(players, board=""):
        q = Question.of(Situation.of(players, board, ranges=True))
        return _costs.boards_per_draw(q.players, len(q.board))

    assert boards(["AhKh", "QsQd"]) == boards(["AhKh", "random"]) == 1  # nothing drawn
    assert boards(["QQ+,AKs", "JJ,TT,99,AQs"]) == 1  # one group, a draw cheaper than a board
    assert boards(["AhKh", "QQ+,AKs", "random"]) == 1  # a range beside a random hand: cheap to draw
    assert boards(["QQ+", "KK+,AKs", "JJ+"], RIVER) == 1  # no card dealt: the boards alike
    assert boards(["QQ+"] * 6) == _costs.MOST_BOARDS  # weighted draws, scanning every range


@needs_numba
def test_a_breakdown_s_standard_errors_count_each_draw_once(monkeypatch):
    """The rows of a sampled breakdown, dealt 8 boards a draw on the river: each class's standard
    error that of its draws, against its shares' variance over the assignments worked out exactly."""
    ranges = ["QQ+,AKs", "JJ,TT,99,AQs"]
    question = Question.of(Situation.of(ranges, RIVER, ranges=True))
    weights, shares = shares_of_every_assignment(question.players, question.board)
    first = question.players[0]
    classes = {}
    for picks, (w, s) in zip(
        (p for p in product(*(range(len(p.combos)) for p in question.players)) if _fits(question.players, p)),
        zip(weights, shares),
    ):
        classes.setdefault(_class_name(first.combos[picks[0]]), []).append((w, s[0]))
    monkeypatch.setattr(_plan, "boards_per_draw", lambda *_: 8)
    result = equity(ranges, RIVER, trials=160_000, seed=4, breakdown=True)
    part = result.breakdown.player(0)
    checked = 0
    for name, rows in classes.items():
        w = np.array([r[0] for r in rows])
        s = np.array([r[1] for r in rows])
        mean = (w @ s) / w.sum()
        variance = (w @ s**2) / w.sum() - mean**2
        row = part.get(name)
        if variance > 1e-3:
            assert row.stderr == pytest.approx(np.sqrt(variance / (row.deals / 8)), rel=0.15), name
            checked += 1
    assert checked >= 3


def _fits(players, picks):
    cards = [c for p, i in zip(players, picks) for c in p.combos[i]]
    return len(set(cards)) == len(cards)


def _class_name(combo):
    from pysolver.core import COMBO_CLASS, HAND_CLASSES, combo_index

    return HAND_CLASSES[COMBO_CLASS[combo_index(int(combo[0]), int(combo[1]))]]


@needs_numba
@pytest.mark.parametrize("ranges", [["QQ+,AKs", "JJ,TT,99,AQs"], ["QQ+,0.4(AKs)", "JJ,TT,99,0.7(AQs)"]])
def test_a_block_counts_its_draws(ranges, monkeypatch):
    """A block of 803 trials, 8 boards a draw: 101 draws (the last of 3 boards), weighing the boards' weight."""
    from pysolver.evaluator import kernel_tables
    from pysolver.odds._sampling.blocks import TOTALS, block_states, run_blocks
    from pysolver.odds._sampling.draws import alias_tables

    monkeypatch.setattr(_plan, "boards_per_draw", lambda *_: 8)
    question = Question.of(Situation.of(ranges, "", ranges=True))
    given = _plan.kernel_inputs(question.players, question.board, np.zeros(0, np.int64), None)
    assert given.boards == 8
    sums, totals = np.zeros((1, 5, 2)), np.zeros((1, TOTALS))
    alias = alias_tables(given.cumulative, given.segments())
    run_blocks(block_states(3, 0, 1), np.array([803]), given, alias, kernel_tables(), sums, totals)
    assert totals[0, 0] == totals[0, 1] == 803 and totals[0, 4] == 101
    assert totals[0, 2] == 100 * 8**2 + 3**2  # the squares of the draws' weights: boards weighing 1


@pytest.mark.parametrize("trials", [1, 3])
def test_a_run_of_one_draw_has_no_standard_error_and_its_json_says_null(trials):
    """One trial, or (compiled) six ranges drawn by weights, three trials: one draw of three
    boards, whose spread no second draw tells."""
    import json

    if trials > 1 and backend() != "numba":
        pytest.skip("the numpy path deals a draw a trial")
    result = equity(["QQ+"] * 6, trials=trials, seed=1)
    assert result.deals == trials and all(np.isinf(p.stderr) for p in result.players)
    printed = json.loads(json.dumps(result.to_dict(), allow_nan=False))
    assert printed["stderr"] is None and {p["stderr"] for p in printed["players"]} == {None}
