"""Monte Carlo on the ``cuda`` backend, in numba-cuda's simulator (no GPU needed).

The simulator must be switched on before a process imports numba, so the runs happen in a fresh
process (``NUMBA_ENABLE_CUDASIM=1``). The kernel's counts are held to the sampler's stated
procedure replayed in plain Python (``tests/helpers/gpu_twin.py``, hands valued by the textbook
evaluator, or by the CPU evaluator for a short deck), count for count; to the exact equity within
four standard errors; and to themselves on another number of GPU threads.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pysolver import PokerInputError, equity
from pysolver.evaluator import backends_present, cuda_present, using

pytest.importorskip("numba.cuda")

ROOT = Path(__file__).resolve().parents[2]

SIMULATED = """
import json, sys, warnings
warnings.simplefilter("ignore")  # the simulator's 64-bit arithmetic wraps, with numpy's warnings
sys.path.insert(0, ROOT)
import numpy as np
import pysolver
from pysolver import Card, PokerInputError, equity
from pysolver.evaluator import evaluate_batch
from pysolver.odds._model import Player
from pysolver.odds._sampling import gpu
from tests.helpers import gpu_twin, textbook

def text(c):
    return str(Card(c))

def textbook_value(cards):
    return textbook.evaluate([text(c) for c in cards])

def short_value(cards):
    return int(evaluate_batch(np.array([cards]), rules="short_deck")[0])

def player(hole):
    return Player.hand(hole) if hole else Player("random", np.zeros((0, 2), np.int64), np.ones(0), is_random=True)

def run(seed, trials, holes, board, dead, rules=None, threads=None):
    players = [player(h) for h in holes]
    found = gpu.gpu_counts(players, np.array(board, np.int64), np.array(dead, np.int64), seed, 0, trials,
                           pysolver.load_rules(rules) if rules else None, threads)
    return found.tolist()

found = {}
ahkh, qsqd = [50, 46], [43, 41]
spots = {
    "two-known-preflop": (5, 300, [ahkh, qsqd], [], [], None, textbook_value),
    "known-vs-two-random-flop": (9, 200, [ahkh, None, None], [42, 38, 0], [1], None, textbook_value),
    "random-first-turn": (2, 200, [None, [51, 47]], [43, 39, 2, 7], [], None, textbook_value),
}
removed = [int(c) for c in pysolver.load_rules("short_deck").removed]
spots["short-deck"] = (4, 150, [[51, 50], None], [47, 43, 39], removed, "short_deck", short_value)
for name, (seed, trials, holes, board, dead, rules, value) in spots.items():
    mine = run(seed, trials, holes, board, dead, rules)
    found[name] = {
        "gpu": mine,
        "twin": gpu_twin.counts(seed, trials, holes, board, dead, value),
        "few_threads": run(seed, trials, holes, board, dead, rules, threads=5) == mine,
    }

r = equity(["AhKh", "random"], "Qs Js 2c 7d", trials=600, seed=3, backend="cuda")
exact = equity(["AhKh", "random"], "Qs Js 2c 7d")
found["equity"] = {"gpu": [p.equity for p in r.players], "stderr": [p.stderr for p in r.players],
                   "exact": [p.equity for p in exact.players], "kernel": r.kernel, "deals": r.deals, "seed": r.seed,
                   "again": [p.equity for p in equity(["AhKh", "random"], "Qs Js 2c 7d", trials=600, seed=3,
                                                      backend="cuda").players]}
gpu.WAVE = 100
r = equity(["AhKh", "QsQd"], target_stderr=0.03, seed=5, backend="cuda")
found["target"] = {"deals": r.deals, "stderr": max(p.stderr for p in r.players)}
exact = {}
spots = ((["AhKh", "QQ, 0.5(JJ)"], "Qs Js 2c 7d"), (["AhKh", "QQ", "T9s, 76s"], "9h 8c 2d 3s"),
         (["AhKh", "QQ", "0.3(T9s), 76s"], "9h 8c 2d 3s"))
for players, board in spots:
    on_gpu = equity(players, board, exact=True, backend="cuda")
    on_cpu = equity(players, board, exact=True, backend="numpy")
    figures = [[p.wins, p.ties, p.equity] for p in on_gpu.players], [[p.wins, p.ties, p.equity] for p in on_cpu.players]
    apart = max(abs(a - b) for x, y in zip(*figures) for a, b in zip(x, y))
    exact[" vs ".join(players)] = [on_gpu.kernel, on_gpu.exact, figures[0] == figures[1], apart < 1e-9]
found["exact"] = exact
refused = {}
for name, call in {
    "range": lambda: equity(["AhKh", "QQ+"], trials=100, seed=1, backend="cuda"),
    "exact-random": lambda: equity(["AhKh", "random"], "Qs Js 2c 7d", exact=True, backend="cuda"),
    "breakdown": lambda: equity(["AhKh", "QQ+"], trials=100, seed=1, backend="cuda", breakdown=True),
}.items():
    try:
        call()
    except PokerInputError as error:
        refused[name] = str(error)
found["refused"] = refused
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def simulated():
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    env.pop("PYSOLVER_KERNEL", None)
    script = SIMULATED.replace("ROOT", repr(str(ROOT)))
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("spot", ["two-known-preflop", "known-vs-two-random-flop", "random-first-turn", "short-deck"])
def test_the_gpu_deals_the_stated_trials_count_for_count(simulated, spot):
    found = simulated[spot]
    assert found["gpu"] == found["twin"]
    assert found["few_threads"]  # the same counts on 5 GPU threads as on many


def test_gpu_equity_is_within_four_standard_errors_of_the_exact_and_repeats_with_its_seed(simulated):
    found = simulated["equity"]
    assert found["kernel"] == "cuda" and found["deals"] == 600 and found["seed"] == 3
    for mine, error, exact in zip(found["gpu"], found["stderr"], found["exact"]):
        assert 0 < error < 0.05
        assert abs(mine - exact) <= 4 * error
    assert found["again"] == found["gpu"]


def test_an_exact_question_of_ranges_counts_on_the_gpu_the_cpus_integers(simulated):
    found = simulated["exact"]
    assert found["AhKh vs QQ, 0.5(JJ)"] == ["cuda", True, True, True]  # weights of 1 and 0.5: every bit
    assert found["AhKh vs QQ vs T9s, 76s"] == ["cuda", True, True, True]
    kernel, exact, _, close = found["AhKh vs QQ vs 0.3(T9s), 76s"]  # 0.3s summed in another order
    assert (kernel, exact, close) == ("cuda", True, True)


def test_a_gpu_run_to_a_standard_error_stops_at_the_first_wave_within_it(simulated):
    found = simulated["target"]
    # AhKh vs QsQd splits near 46/54: a share's spread is about 0.5, so after the first 1,000
    # trials (MIN_TRIALS, ten waves of 100) the error is about 0.016, under the 0.03 asked
    assert found["stderr"] <= 0.03
    assert found["deals"] == 1000


def test_the_gpu_refuses_what_it_does_not_sample_in_one_line(simulated):
    refused = simulated["refused"]
    assert "'QQ+' is a range" in refused["range"]
    assert "'random' is a random player" in refused["exact-random"]
    assert "breakdown" in refused["breakdown"]


@pytest.mark.skipif(cuda_present(), reason="a GPU answers here")
def test_without_a_gpu_equity_refuses_the_cuda_backend():
    with pytest.raises(PokerInputError, match="backend 'cuda': no CUDA GPU answers"):
        equity(["AhKh", "QsQd"], trials=1000, seed=1, backend="cuda")


EXACT = """
import itertools, json, warnings
warnings.simplefilter("ignore")
import numpy as np
import pysolver
from pysolver.evaluator import evaluate_batch
from pysolver.odds import heads_up_table
from pysolver.odds._exact import gpu

def listed(holes, board, dead, rules=None):
    # every board listed by itertools and valued by the numpy path: (M, P, P) counts
    read = pysolver.load_rules(rules)
    removed = set(read.removed.tolist())
    out = np.zeros((len(holes), len(holes[0]), len(holes[0])), np.int64)
    for m, deal in enumerate(holes):
        taken = set(board) | set(dead) | {c for h in deal for c in h} | removed
        rest = [c for c in range(52) if c not in taken]
        for extra in itertools.combinations(rest, 5 - len(board)):
            cards = np.array([list(h) + list(board) + list(extra) for h in deal], dtype=np.uint8)
            values = evaluate_batch(cards, rules=rules, backend="numpy")
            winners = np.flatnonzero(values == values.max())
            out[m, winners, len(winners) - 1] += 1
    return out

found = {}
spots = {
    "heads-up-turn": ([[[51, 50], [47, 46]], [[0, 4], [49, 45]], [[12, 13], [8, 9]]], [44, 40, 36, 2], []),
    "three-way-flop": ([[[51, 47], [43, 42], [3, 6]]], [41, 38, 1], list(range(8, 30))),
    "short-deck-flop": ([[[51, 50], [47, 43]], [[48, 49], [39, 35]]], [46, 42, 38], [], "short_deck"),
}
for name, spot in spots.items():
    holes, board, dead = spot[:3]
    rules = spot[3] if len(spot) > 3 else None
    counted = gpu.gpu_fixed_counts(np.array(holes), np.array(board), np.array(dead, dtype=np.int64), rules)
    found[name] = bool((counted == listed(holes, board, dead, rules)).all()) and int(counted.sum()) > 0

# the whole table is too long for the simulator: its matchups go to a stand-in that counts each
# on the CPU, to see that the table hands them to the GPU's counter and reads its counts right
import pysolver.odds._heads_up_table as table_module
called = []
def counted_on_cpu(holes, rules=None, progress=None):
    called.append(len(holes))
    from pysolver.odds._exact.fixed import exact_fixed
    out = np.zeros((len(holes), 2, 2), np.int64)
    for m, deal in enumerate(holes):
        tally = exact_fixed(np.array(deal), dead=pysolver.load_rules(rules).removed, rules=rules)
        out[m, 0, 0], out[m, 0, 1] = round(tally.wins[0]), round(tally.ties[0])
    return out
table_module.gpu_fixed_counts = counted_on_cpu
on_gpu = heads_up_table("short_deck", classes=["AA"], backend="cuda")
on_cpu = heads_up_table("short_deck", classes=["AA"], backend="numpy")
same = (on_gpu.wins == on_cpu.wins).all() and (on_gpu.ties == on_cpu.ties).all()
found["table"] = [called[0] if called else 0, bool(same)]

# the three-way table hands each part's deals, up to the suits, to the same counter: a stand-in
# that lists every board (itertools) and values it with the numpy path, each seat's boards won
# alone, with one other and with both
import pysolver.odds._three_way_table as three_way_module
from pysolver.odds import three_way_table
dealt = []
def every_board_on_cpu(holes, rules=None, progress=None):
    dealt.append(len(holes))
    removed = set(pysolver.load_rules(rules).removed.tolist())
    out = np.zeros((len(holes), 3, 3), np.int64)
    for m, deal in enumerate(holes.tolist()):
        rest = np.array([c for c in range(52) if c not in removed and all(c not in h for h in deal)])
        boards = rest[np.array(list(itertools.combinations(range(len(rest)), 5)))]
        cards = np.concatenate([np.broadcast_to(np.array(deal)[:, None, :], (3, len(boards), 2)),
                                np.broadcast_to(boards, (3, len(boards), 5))], axis=2)
        values = evaluate_batch(cards.reshape(-1, 7), rules=rules, backend="numpy").reshape(3, -1)
        best = values == values.max(axis=0)
        for p in range(3):
            out[m, p] = np.bincount(best.sum(axis=0)[best[p]] - 1, minlength=3)
    return out
three_way_module.gpu_fixed_counts = every_board_on_cpu
asked = dict(classes=["AA"], columns=["KK", "AKs"])
on_gpu = three_way_table("short_deck", backend="cuda", **asked)
on_cpu = three_way_table("short_deck", backend="numpy", **asked)
found["three-way"] = [dealt[0] if dealt else 0, bool((on_gpu.counts == on_cpu.counts).all()),
                      bool((on_gpu.deals == on_cpu.deals).all())]
print(json.dumps(found))
"""


@pytest.fixture(scope="module")
def exact_simulated():
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    env.pop("PYSOLVER_KERNEL", None)
    done = subprocess.run([sys.executable, "-c", EXACT], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("spot", ["heads-up-turn", "three-way-flop", "short-deck-flop"])
def test_the_gpu_counts_known_hands_over_every_board_exactly(exact_simulated, spot):
    assert exact_simulated[spot] is True


def test_the_preflop_table_counts_its_matchups_on_the_gpu_backend(exact_simulated):
    matchups, same = exact_simulated["table"]
    assert matchups > 0 and same


def test_the_three_way_table_counts_its_deals_up_to_the_suits_on_the_gpu_backend(exact_simulated):
    matchups, same, deals = exact_simulated["three-way"]
    assert 0 < matchups < 84 and same and deals  # 84 deals of combos in the three cells, fewer up to the suits


def test_a_long_run_of_known_and_random_hands_goes_to_a_gpu_where_one_answers(monkeypatch):
    from pysolver.odds._model import Player
    from pysolver.odds._sampling import plan

    monkeypatch.setattr(plan, "cuda_present", lambda: True)  # as where a GPU answers
    known = [Player.hand([51, 47]), Player.hand([43, 42])]
    many, few = plan.GPU_TRIALS, plan.GPU_TRIALS - 1
    assert plan.sampling_backend(known, 0, many, 2, observed=False) == "cuda"
    assert plan.sampling_backend(known, 0, few, 2, observed=False) != "cuda"
    assert plan.sampling_backend(known, 0, many, 2, observed=True) != "cuda"  # a breakdown: the CPU's
    ranged = Player("QQ", np.array([[43, 42], [41, 40]]), np.ones(2))
    assert plan.sampling_backend([known[0], ranged], 0, many, 2, observed=False) != "cuda"
    with using("numba" if "numba" in backends_present() else "numpy"):
        assert plan.sampling_backend(known, 0, many, 2, observed=False) != "cuda"  # a backend named
