"""``threads=`` and ``--threads``: read once for every engine, carried through the plan, bad
values refused by name, worker processes one thread each; results independent of the count."""

import json
import os
import re
import subprocess
import sys

import numpy as np
import pytest

from pysolver.asp._processes import recycled_imap
from pysolver.cli import main
from pysolver.core import THREADS_VARIABLE, PokerInputError, Situation, check_threads, cpu_threads, run_parts
from pysolver.evaluator import backend, load_kernel
from pysolver.odds import equity, hand_potential, hand_report, hand_strength, texture
from pysolver.odds._model import Question
from pysolver.odds._planner import THREAD_WORK, plan
from pysolver.odds._sampling.sampler import BLOCK

CALLS = {
    "equity": lambda threads: equity(["AhKh", "QsQd"], "2c 3d 4h", threads=threads),
    "hand_strength": lambda threads: hand_strength("AdQc", "3h 4c Jh", threads=threads),
    "hand_potential": lambda threads: hand_potential("AdQc", "3h 4c Jh", threads=threads),
    "hand_report": lambda threads: hand_report("AdQc", "3h 4c Jh", threads=threads),
    "texture": lambda threads: texture("QQ+, AK", "Ks 7h 2d", threads=threads),
}


@pytest.mark.parametrize("name", sorted(CALLS))
@pytest.mark.parametrize("bad", [-1, 1.5, "2", True, [2]])
def test_a_bad_thread_count_is_refused_naming_it(name, bad):
    with pytest.raises(PokerInputError, match=re.escape(f"threads {bad!r}: must be a whole number")):
        CALLS[name](bad)


@pytest.mark.parametrize("name", sorted(CALLS))
def test_every_call_gives_the_same_result_on_any_count(name):
    one = CALLS[name](1)
    for threads in (2, 3, None, 0):
        assert CALLS[name](threads).to_dict() == one.to_dict()


def test_none_and_zero_are_every_core_or_the_environment(monkeypatch):
    monkeypatch.delenv(THREADS_VARIABLE, raising=False)
    assert check_threads(None) == check_threads(0) == cpu_threads()
    assert check_threads(np.int64(3)) == 3
    monkeypatch.setenv(THREADS_VARIABLE, "5")
    assert check_threads(None) == 5 and check_threads(2) == 2
    monkeypatch.setenv(THREADS_VARIABLE, "many")
    with pytest.raises(PokerInputError, match="PYSOLVER_THREADS='many'"):
        equity(["AhKh", "QsQd"], "2c 3d 4h")


def test_the_question_carries_the_count_and_small_questions_take_one_thread():
    small = Question.of(Situation.of(["AhKh", "QsQd"], "2c 3d 4h", ranges=True), threads=4)
    assert small.threads == 4 and small.with_players(small.players).threads == 4
    assert plan(small).work < THREAD_WORK and plan(small).threads == 1
    large = Question.of(Situation.of(["AhKh", "random", "random"], ranges=True), threads=3)
    assert plan(large).work > 3 * THREAD_WORK and plan(large).threads == 3


def test_parts_come_back_in_order_and_nested_parts_run_in_their_thread():
    def inner(part):
        return run_parts(lambda x: x * x, list(part), threads=4)

    parts = [range(k, k + 3) for k in range(0, 30, 3)]
    assert run_parts(inner, parts, threads=3) == [[x * x for x in part] for part in parts]
    assert run_parts(sum, [], threads=2) == []


def test_blas_keeps_to_one_thread_while_parts_run_and_is_restored_after():
    threadpoolctl = pytest.importorskip("threadpoolctl")

    def blas_threads(_=None):
        return sorted({i["num_threads"] for i in threadpoolctl.threadpool_info() if i["user_api"] == "blas"})

    before = blas_threads()
    with threadpoolctl.threadpool_limits(2, user_api="blas"):  # a pool of two, even on one core
        outside = blas_threads()
        inside = run_parts(blas_threads, [0, 1, 2], threads=2)
        nested = run_parts(lambda _: run_parts(blas_threads, [0, 1], threads=2), [0], threads=1)
        assert blas_threads() == outside
    assert blas_threads() == before
    if outside:  # numpy built with a BLAS threadpoolctl can set
        assert outside == [2] and inside == [[1]] * 3 and nested == [[[1]] * 2]


@pytest.mark.parametrize(
    "command",
    [
        ["equity", "AhKh", "QsQd"],
        ["strength", "AdQc", "--board", "3h 4c Jh"],
        ["texture", "QQ+", "--board", "Ks 7h 2d"],
    ],
)
def test_the_command_line_takes_threads_and_refuses_a_bad_count(capsys, command):
    assert main(command + ["--threads", "-3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "threads -3" in err
    assert main(command + ["--threads", "1", "--json"]) == 0
    one = capsys.readouterr().out
    assert main(command + ["--threads", "2", "--json"]) == 0
    assert capsys.readouterr().out == one


def _threads_here(_: int) -> int:
    return check_threads(None)


def test_worker_processes_take_one_thread_each(monkeypatch):
    monkeypatch.delenv(THREADS_VARIABLE, raising=False)
    assert list(recycled_imap(_threads_here, [0, 1], workers=2, tasks_per_process=1)) == [1, 1]


def test_a_failing_part_stops_the_others_and_raises():
    started = []

    def part(index):
        started.append(index)
        if index == 1:
            raise ValueError("part 1")
        return index

    with pytest.raises(ValueError, match="part 1"):
        run_parts(part, list(range(200)), threads=2)
    assert len(started) < 200


def test_a_result_says_how_it_was_found(capsys):
    load_kernel()  # a small count runs on the compiled loops once they are loaded, whichever test ran first
    small = equity(["AhKh", "QsQd"], "2c 3d 4h", threads=4)
    question = Question.of(Situation.of(["AhKh", "QsQd"], "2c 3d 4h", ranges=True), threads=4)
    assert (small.method, small.kernel, small.threads) == (plan(question).path.name, backend(), 1)
    assert plan(question).path.compiled  # a fixed path: the compiled loops when numba is there
    table = equity(["AhKh", "QsQd"])  # read off the shipped table: no loop of either kernel
    assert (table.method, table.kernel) == ("matchup table", "numpy")
    one_block = equity(["AhKh", "QsQd"], trials=1000, seed=3, threads=4)  # one block: one thread
    two_blocks = equity(["AhKh", "QsQd"], trials=BLOCK + 1, seed=3, threads=4)
    assert (one_block.method, one_block.kernel, one_block.threads) == ("Monte Carlo", backend(), 1)
    assert two_blocks.threads == 2 and two_blocks.to_dict()["threads"] == 2
    assert main(["equity", "AhKh", "QsQd", "--board", "2c 3d 4h", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["kernel"] == backend()


def test_the_numpy_kernel_says_so():
    code = "from pysolver import equity; r = equity(['AhKh', 'random'], '2c 3d 4h'); print(r.kernel, r.method)"
    env = dict(os.environ, PYSOLVER_KERNEL="numpy")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.split()[0] == "numpy"
