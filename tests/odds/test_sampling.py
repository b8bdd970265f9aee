"""The Monte Carlo sampler: the seed, not the threads, decides every trial; the compiled and numpy
paths draw the distribution the exact engine weighs, colliding ranges included."""

import itertools
from itertools import pairwise

import numpy as np
import pytest

from pysolver.cli import main
from pysolver.core import RangeError, Situation
from pysolver.evaluator import backend
from pysolver.evaluator._backends import using
from pysolver.odds import equity
from pysolver.odds._model import Player, Question
from pysolver.odds._planner import plan
from pysolver.odds._sampling import costs as _sampling_costs
from pysolver.odds._sampling import plan as _sampling_plan
from pysolver.odds._sampling import sampler as _sampling
from pysolver.odds._sampling.costs import JOINT, REJECT, WEIGHTED, fit_rate, method
from pysolver.odds._sampling.groups import GROUP_ROWS, RangeGroups

needs_numba = pytest.mark.skipif(backend() != "numba", reason="the compiled sampler needs numba")

QUESTIONS = [
    (["AhKh", "QsQd"], ""),
    (["AsKs", "random", "TT+, AQs"], "Qs Js 2c"),
    (["QQ+", "KK+", "JJ+", "AKs, QQ+"], ""),  # ranges that collide often: weighted draws
    (["7s7c", "random", "random"], "7h 8h 9c 2d"),
]


def figures(result) -> dict:
    """A result's JSON but the threads it took."""
    return {key: value for key, value in result.to_dict().items() if key != "threads"}


@pytest.fixture(params=["compiled", "numpy"])
def path(request):
    """Run a test on the compiled sampler and on the numpy one."""
    if request.param == "compiled" and backend() != "numba":
        pytest.skip("the compiled sampler needs numba")
    with using("numba" if request.param == "compiled" else "numpy"):
        yield request.param


@pytest.mark.parametrize("players, board", QUESTIONS)
def test_a_seeded_run_gives_the_same_figures_on_any_thread_count(players, board, path):
    trials = 2 * _sampling.BLOCK + 123  # three blocks, the last one short
    one = figures(equity(players, board, trials=trials, seed=11, threads=1))
    assert one["seed"] == 11 and one["deals"] == trials
    for threads in (2, 3, None):
        assert figures(equity(players, board, trials=trials, seed=11, threads=threads)) == one
    assert figures(equity(players, board, trials=trials, seed=12, threads=1)) != one


def test_a_run_to_a_standard_error_stops_at_the_same_block_on_any_thread_count(path):
    runs = [figures(equity(["AhKh", "random"], target_stderr=0.002, seed=5, threads=t)) for t in (1, 2, 3)]
    assert runs[0] == runs[1] == runs[2]
    assert runs[0]["stderr"] <= 0.002 and runs[0]["deals"] % _sampling.BLOCK == 0


def test_a_run_of_one_block_takes_one_thread(monkeypatch):
    asked = []
    real = _sampling.run_parts
    monkeypatch.setattr(
        _sampling, "run_parts", lambda f, parts, threads: asked.append(threads) or real(f, parts, threads)
    )
    equity(["AhKh", "QsQd"], trials=_sampling.BLOCK, seed=1, threads=4)
    assert asked == [1]
    equity(["AhKh", "QsQd"], trials=3 * _sampling.BLOCK, seed=1, threads=4)
    assert asked[1:] == [3]


@needs_numba
@pytest.mark.parametrize("players, board", QUESTIONS)
def test_the_compiled_and_numpy_paths_agree_with_each_other_and_with_exact(players, board):
    exact = equity(players, board, exact=True)
    compiled = equity(players, board, trials=200_000, seed=3)
    sampled = equity(players, board, trials=200_000, seed=3, backend="numpy")
    assert compiled.to_dict() != sampled.to_dict()  # the same distribution, other trials
    for e, c, s in zip(exact.players, compiled.players, sampled.players):
        assert abs(c.equity - s.equity) <= 4 * np.hypot(c.stderr, s.stderr)
        assert abs(c.equity - e.equity) <= 4 * c.stderr
        assert abs(c.win - e.win) <= 4 * c.stderr and abs(c.tie - e.tie) <= 4 * c.stderr


@pytest.mark.parametrize("drawn", [REJECT, WEIGHTED])
@pytest.mark.parametrize(
    "players, board",
    [
        (["QQ+", "KK+", "JJ+", "AKs, QQ+"], ""),
        (["QQ+", "0.3(KK), AA", "JJ+", "AKs, QQ+"], ""),  # weighted combos
        (["QQ+", "QQ+", "KK+", "JJ+"], "2c 7d 9h"),
        (["AhAd", "QQ+", "KK+", "AA, KK, 0.2(QQ)", "random"], "Qs 2c 3d"),
    ],
)
def test_colliding_ranges_drawn_either_way_weigh_deals_as_the_exact_count(players, board, drawn, path, monkeypatch):
    monkeypatch.setattr(_sampling_plan, "method", lambda players: drawn)
    monkeypatch.setattr(_sampling, "method", lambda players: drawn)
    exact = equity(players, board, exact=True)
    sampled = equity(players, board, trials=150_000, seed=8)
    assert sampled.seed == 8 and sampled.deals == 150_000
    question = Question.of(Situation.of(players, board, ranges=True))
    boards = _sampling_costs.boards_per_draw(question.players, len(question.board), drawn) if path == "compiled" else 1
    spread = 0.5 * np.sqrt(boards / 150_000)  # the most a share of wins or ties, over the draws, can vary
    for e, s in zip(exact.players, sampled.players):
        assert abs(s.equity - e.equity) <= 4 * s.stderr
        assert abs(s.win - e.win) <= 4 * spread and abs(s.tie - e.tie) <= 4 * spread


def test_the_draw_of_colliding_ranges_is_chosen_by_how_often_they_fit():
    def players(*seats):
        return Question.of(Situation.of(list(seats), ranges=True)).players

    six = players(*["QQ+"] * 6)  # 19,440 of the 18 ** 6 assignments fit
    assert 19440 / 18**6 < fit_rate(six) < 0.05 and method(six) == WEIGHTED
    wide = players("22+, A2+, K2+", "22+, A2+, K2+", "22+, A2+, K2+")
    assert fit_rate(wide) > 0.5 and method(wide) == REJECT
    assert method(players("QQ+", "KK+", "random")) == JOINT
    assert method(players("AhKh", "QQ+", "random")) == REJECT


@needs_numba
def test_every_block_has_its_own_generator():
    from pysolver.odds._sampling.draws import block_state

    states = {block_state(seed, block) for seed in range(50) for block in range(50)}
    assert len(states) == 2500


def test_a_long_run_says_up_front_how_long_it_takes(monkeypatch, capsys):
    q = Question.of(Situation.of(["QQ+"] * 6, ranges=True), threads=1)
    estimate = plan(q, exact=False).sampling_seconds(10**7, None)
    assert estimate == pytest.approx(10 * plan(q, exact=False).sampling_seconds(10**6, None))
    assert plan(q, exact=False).sampling_seconds(None, 0.01) <= plan(q, exact=False).sampling_seconds(10**6, None)
    monkeypatch.setattr("pysolver.cli._equity.ANNOUNCE_SECONDS", 0.0)  # announce even a short run
    assert main(["equity", "QQ+", "QQ+", "QQ+", "--trials", "5000", "--seed", "4", "--json"]) == 0
    out, err = capsys.readouterr()
    assert '"seed": 4' in out
    assert err.startswith("Monte Carlo: 5,000 trials") and "about" in err and len(err.splitlines()) == 1


@needs_numba
def test_the_alias_tables_give_every_combo_its_weight():
    from pysolver.odds._sampling.draws import alias_tables

    rng = np.random.default_rng(4)
    segments = [rng.random(n) * rng.choice([1e-6, 1.0, 50.0], n) for n in (1, 7, 300)]
    cumulative = np.concatenate([np.cumsum(w) for w in segments])
    bounds = np.cumsum([0] + [len(w) for w in segments]).astype(np.int64)
    chance, other = alias_tables(cumulative, bounds)
    for (start, stop), weights in zip(pairwise(bounds), segments):
        rows = np.arange(start, stop)
        assert ((other[rows] >= start) & (other[rows] < stop)).all()  # an alias stays in its range
        picked = np.bincount(other[rows] - start, weights=1 - chance[rows], minlength=len(rows)) + chance[rows]
        assert np.allclose(picked / len(rows), weights / weights.sum(), rtol=1e-9, atol=1e-15)


@needs_numba
@pytest.mark.parametrize("n", [44, 48, 1128, 1326])
def test_a_pick_from_a_16_bit_quarter_is_exactly_uniform(n):
    from pysolver.odds._sampling.draws import below16

    floor = np.uint64((1 << 16) % n)
    kept = np.zeros(n, dtype=np.int64)
    for quarter in range(1 << 16):  # every quarter: kept (none left to read) or redrawn
        _, _, left, pick = below16(np.uint64(0), np.uint64(quarter), 1, np.uint64(n), floor)
        kept[pick] += left == 0
    assert (kept == (1 << 16) // n).all()  # each pick from the same number of quarters


PLAIN = [
    (["AhKh", "QsQd"], ""),
    (["AhKh", "random", "random"], "7c 8d 2s"),
    (["7s7c", "random", "random", "random", "random", "random"], "7h 8h 9c 2d"),
    (["AhKh", "QsQd", "JcTc", "9h9d", "8s7s", "2c2d"], ""),
    (["AhKh", "random", "random", "random", "random", "random"], ""),  # from a shuffled deck
]


def choices(monkeypatch) -> list:
    """Whether each compiled call of the sampler takes a plain loop, as it happens."""
    from pysolver.odds._sampling import kernel

    taken: list = []
    real = kernel.plain_loop
    monkeypatch.setattr(kernel, "plain_loop", lambda *question: taken.append(real(*question)) or taken[-1])
    return taken


@needs_numba
@pytest.mark.parametrize("players, board", PLAIN)
def test_the_plain_loop_deals_the_trials_of_the_general_one(players, board, monkeypatch):
    from pysolver.odds._sampling import kernel

    taken = choices(monkeypatch)
    trials = _sampling.BLOCK + 321
    fast = equity(players, board, trials=trials, seed=21, threads=1).to_dict()
    assert taken == [True]  # known hands and random players alone: the plain loop
    monkeypatch.setattr(kernel, "plain_loop", lambda *question: False)
    assert equity(players, board, trials=trials, seed=21, threads=2).to_dict() == {**fast, "threads": 2}


@needs_numba
@pytest.mark.parametrize("players, breakdown", [(["AhKh", "QQ+", "random"], False), (["AhKh", "random"], True)])
def test_a_range_or_a_breakdown_takes_the_general_loop(players, breakdown, monkeypatch):
    taken = choices(monkeypatch)
    result = equity(players, trials=5000, seed=2, breakdown=breakdown)
    assert result.deals == 5000 and result.kernel == "numba"
    assert taken and not any(taken)


EXACT = [
    (["QQ+,AKs", "JJ,TT,99,AQs"], ""),  # one group of two
    (["AhKh", "QQ+,AK", "random"], "Qd 7c 2s"),  # one range
    (["QQ+,AKs", "JJ,TT,99,AQs", "88,77,66,KQs,JTs", "A5s-A2s", "KJs,QJs", "T9s,98s,87s"], ""),  # two groups
    (["AA,0.25(KK)", "KK,QQ", "random"], "Jh Th 2c"),  # weighted: drawn by the alias tables
]


@needs_numba
@pytest.mark.parametrize("players, board", EXACT)
def test_the_exact_loop_deals_the_trials_of_the_general_one(players, board, monkeypatch):
    from pysolver.odds._sampling import kernel

    taken: list = []
    real = kernel.exact_loop
    monkeypatch.setattr(kernel, "exact_loop", lambda *question: taken.append(real(*question)) or taken[-1])
    trials = _sampling.BLOCK + 321
    fast = equity(players, board, trials=trials, seed=5, threads=1).to_dict()
    assert taken == [True]  # ranges drawn exactly, no breakdown: the exact loop
    monkeypatch.setattr(kernel, "exact_loop", lambda *question: False)
    assert equity(players, board, trials=trials, seed=5, threads=2).to_dict() == {**fast, "threads": 2}


@pytest.mark.parametrize("cap", [1, GROUP_ROWS])
def test_range_groups_hold_every_assignment_that_fits_with_its_weight(cap):
    ranges = Question.of(Situation.of(["QQ+,AK", "0.5(KK),AQs", "AA,KQ", "JJ"], ranges=True)).players
    groups = RangeGroups.of(ranges, cap)
    assert groups.bounds[0] == 0 and groups.bounds[-1] == 4
    assert len(groups.bounds) == (5 if cap == 1 else 2)  # joined while the table stays within the cap
    for g in range(len(groups.bounds) - 1):
        members = ranges[groups.bounds[g] : groups.bounds[g + 1]]
        rows = slice(groups.row_offsets[g], groups.row_offsets[g + 1])
        expected = {}  # every assignment of the group's ranges, listed, kept when no card repeats
        for picks in itertools.product(*(range(len(p.combos)) for p in members)):
            cards = [c for p, k in zip(members, picks) for c in p.combos[k]]
            if len(set(cards)) == len(cards):
                expected[picks] = float(np.prod([p.weights[k] for p, k in zip(members, picks)]))
        width = len(members)
        got = {tuple(map(int, row[:width])): float(w) for row, w in zip(groups.combos[rows], groups.weights[rows])}
        assert got == expected
        bits = [sum(1 << int(c) for p, k in zip(members, key) for c in p.combos[k]) for key in got]
        assert groups.bits[rows].tolist() == bits
        assert bool(groups.uniform[g]) == (len(set(got.values())) == 1)


def test_two_ranges_join_past_the_cap_only_when_they_collide_often():
    def bounds(*seats):
        ranges = Question.of(Situation.of(list(seats), ranges=True)).players
        return RangeGroups.of(ranges, cap=64).bounds.tolist()

    assert bounds("22+,A2+,K9+", "22+,A2+,K9+") == [0, 1, 2]  # 334 x 334 combos: apart, most draws fit
    assert bounds("AsKs, 0.000001(AhKh)", "AsKs, 0.000001(AdKd)") == [0, 2]  # fit only with the tiny weights
    assert bounds("AA,KK", "QQ,JJ") == [0, 1, 2]  # 144 rows past the cap, and never a collision: apart
    assert bounds("AA", "AK") == [0, 2]  # 48 rows, within the cap: one group


def test_ranges_that_never_fit_together_are_refused_by_their_group():
    # (a question refuses them before, pysolver.odds._fit): AhAs, AhAd against AsAd, AhAc
    ranges = [
        Player(name, np.array(combos), np.ones(2))
        for name, combos in (("a", [[50, 51], [50, 49]]), ("b", [[51, 49], [50, 48]]), ("c", [[47, 46], [47, 45]]))
    ]
    with pytest.raises(RangeError, match="share a card in every combination"):
        RangeGroups.of(ranges[:2])
    with pytest.raises(RangeError, match="share a card in every combination"):
        RangeGroups.of(ranges, cap=None)


def test_many_random_players_are_dealt_from_a_shuffled_deck():
    def players(*seats):
        return Question.of(Situation.of(list(seats), ranges=True)).players

    assert _sampling_costs.deals_from_deck(players("AhKh", *["random"] * 5), 50, 5)
    assert not _sampling_costs.deals_from_deck(players("AhKh", *["random"] * 4), 50, 5)
    assert not _sampling_costs.deals_from_deck(players("AhKh", *["random"] * 5), 47, 2)  # on the flop: pairs
    assert not _sampling_costs.deals_from_deck(players("QQ+", *["random"] * 8), 52, 5)  # a range: pairs
    # the expected redraws, by hand: AhKh and one random player preflop (50 unseen cards)
    pair = 1 - 48 * 47 / (50 * 49)  # the board's second pair holds one of the first pair's cards
    assert _sampling_costs.redraws(50, 1, 5) == pytest.approx(
        1 / (1 - pair) - 1 + 1 / (1 - (1 - 46 * 45 / (50 * 49))) - 1 + 1 / (1 - 6 / 50) - 1
    )


@needs_numba
@pytest.mark.parametrize("deck", [True, False])
@pytest.mark.parametrize(
    "players, board", [(["AhKh", "random"], "Qs Js 2c"), (["7s7c", "random", "random"], "7h 8h 9c 2d")]
)
def test_random_players_dealt_either_way_match_the_exact_count(players, board, deck, monkeypatch):
    monkeypatch.setattr(_sampling_plan, "deals_from_deck", lambda *question: deck)
    exact = equity(players, board, exact=True)
    sampled = equity(players, board, trials=200_000, seed=deck + 30)
    for e, s in zip(exact.players, sampled.players):
        assert abs(s.equity - e.equity) <= 4 * s.stderr
        assert abs(s.win - e.win) <= 4 * s.stderr and abs(s.tie - e.tie) <= 4 * s.stderr


@needs_numba
@pytest.mark.parametrize("players, board", [*PLAIN[1:5:3], (["AsKs", "random", "TT+, AQs"], "Qs Js 2c")])
def test_a_call_of_several_blocks_gives_each_block_the_sums_it_has_alone(players, board):
    from pysolver.evaluator import kernel_tables
    from pysolver.odds._sampling.blocks import TOTALS, block_states, run_blocks
    from pysolver.odds._sampling.draws import alias_tables, block_state
    from pysolver.odds._sampling.kernel import run_block

    situation = Situation.of(players, board, ranges=True)
    known = np.array([c.index for c in situation.fixed_cards], dtype=np.int64)
    cards = np.array([c.index for c in situation.board], dtype=np.int64)
    given = _sampling_plan.kernel_inputs(Question.of(situation).players, cards, known, None)
    alias = alias_tables(given.cumulative, given.segments())
    trials, tables, count = np.array([500, 1, 300, 700]), kernel_tables(), len(players)
    sums, totals = np.zeros((4, 5, count)), np.zeros((4, TOTALS))
    run_blocks(block_states(9, 5, 4), trials, given, alias, tables, sums, totals)
    assert totals[:, 0].tolist() == trials.tolist()
    for k in range(4):  # block 5 + k: alone in a call, and by the loop itself
        alone, alone_totals = np.zeros((1, 5, count)), np.zeros((1, TOTALS))
        run_blocks(block_states(9, 5 + k, 1), trials[k : k + 1], given, alias, tables, alone, alone_totals)
        rows, sums_of = np.zeros((5, count)), np.zeros(TOTALS)
        state = np.uint64(block_state(9, 5 + k))
        run_block(state, trials[k], *given.arguments(*alias), tables, rows, sums_of, np.zeros((0, 0, 0)))
        assert sums[k].tolist() == alone[0].tolist() == rows.tolist()
        assert totals[k].tolist() == alone_totals[0].tolist() == sums_of.tolist()


@pytest.mark.parametrize("threads", [1, 2, 3])
def test_a_run_of_many_blocks_in_calls_of_several_gives_the_same_figures_on_any_thread_count(
    threads, path, monkeypatch
):
    monkeypatch.setattr(_sampling, "NUMPY_BLOCK", 4096)  # numpy blocks as small as compiled ones
    calls = []
    real = _sampling.run_parts
    monkeypatch.setattr(_sampling, "run_parts", lambda f, parts, t: calls.append(parts) or real(f, parts, t))
    block = _sampling.block_trials("numba" if path == "compiled" else "numpy")
    trials = 40 * block + 77  # 41 blocks, the last one short
    players = ["AhKh", "random", "random"]
    one = figures(equity(players, trials=trials, seed=21, threads=1))
    assert figures(equity(players, trials=trials, seed=21, threads=threads)) == one and one["deals"] == trials
    counts = [count for _, count, *_ in calls[-1]]
    assert [start for start, *_ in calls[-1]] == np.cumsum([0] + counts[:-1]).tolist()  # every block, in order
    assert sum(counts) == 41 and counts == sorted(counts, reverse=True)
    assert counts == [41] if threads == 1 else counts[0] > 1 and len(counts) > 2 * threads


@needs_numba
def test_a_breakdown_run_gives_the_same_figures_on_any_thread_count():
    runs = [
        equity(["AhKh", "QQ+, AKs"], trials=5 * _sampling.BLOCK + 9, seed=2, breakdown=True, threads=t) for t in (1, 3)
    ]
    assert [r.breakdown.to_dict() for r in runs[1:]] == [runs[0].breakdown.to_dict()]
    assert figures(runs[0]) == figures(runs[1])
