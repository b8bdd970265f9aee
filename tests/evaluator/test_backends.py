"""The backends: naming one, where work runs while its loops are not compiled, and the first use.

Where a family of compiled loops is not compiled on the machine, work it would not speed up by more
than its compile runs on numpy and a background process compiles the families; the heavy test
here does that from an empty cache in another process, as a new user's machine meets it.
"""

import json
import os
import subprocess
import sys
import time

import numpy as np
import pytest
from starlette.testclient import TestClient

from pysolver import PokerInputError
from pysolver.cli import main
from pysolver.evaluator import _backends, backend, compile_mode, evaluate_batch, runs_on, using
from pysolver.evaluator._backends import Loops
from pysolver.odds import equity
from pysolver.web import create_app

needs_numba = pytest.mark.skipif(backend() != "numba", reason="the compiled backend needs numba")
LOOPS = Loops("example", 5.0, ())


@pytest.mark.parametrize("name", ["gpu", "", "numpy2", 3])
def test_an_unknown_backend_is_refused_by_name(name):
    with pytest.raises(PokerInputError, match="must be one of numpy, numba"):
        equity(["AhKh", "QsQd"], trials=1000, seed=1, backend=name)


def test_numba_is_refused_where_it_is_kept_out(monkeypatch):
    monkeypatch.setenv("PYSOLVER_KERNEL", "numpy")
    with pytest.raises(PokerInputError, match="backend 'numba': PYSOLVER_KERNEL=numpy"):
        evaluate_batch(np.arange(7).reshape(1, 7), backend="numba")


def test_the_command_line_names_a_bad_backend_in_one_line(capsys):
    assert main(["equity", "AhKh", "QsQd", "--trials", "1000", "--backend", "cuda9"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cuda9" in err[0]


@needs_numba
def test_a_named_backend_runs_the_work_and_the_result_says_so():
    runs = {name: equity(["AhKh", "QsQd"], trials=20_000, seed=5, backend=name) for name in ("numpy", "NumBa ")}
    assert [r.kernel for r in runs.values()] == ["numpy", "numba"]
    numpy_run, numba_run = runs.values()
    assert numpy_run.to_dict() == equity(["AhKh", "QsQd"], trials=20_000, seed=5, backend="numpy").to_dict()
    for a, b in zip(numpy_run.players, numba_run.players):  # other trials, one distribution
        assert abs(a.equity - b.equity) <= 4 * np.hypot(a.stderr, b.stderr)


@needs_numba
@pytest.mark.parametrize(
    "players, board",
    [
        (["AhKh", "random"], "Qs Js 2c"),
        (["AhKh", "random", "random"], "Qs Js 2c 3d"),
        (["AhKh", "QQ+", "87s"], ""),
        (["QQ+,AK", "JJ,TT", "AQs,KQs"], ""),  # grouped: its flush corrections compiled
        (["QQ+,AK,0.5(JJ)", "TT-77,AQ", "random"], "Qs Js 2c"),  # in pieces, weighted
    ],
)
def test_exact_counts_are_the_same_on_either_backend(players, board):
    """The same counts; the path that takes them, and so its threads, may differ (each backend has
    its costs: the grouped path's flush corrections are compiled on numba)."""
    numpy_run, numba_run = (equity(players, board, exact=True, backend=name) for name in ("numpy", "numba"))
    plan = {"kernel": None, "method": None, "threads": None}
    assert numpy_run.to_dict() | plan == numba_run.to_dict() | plan


@needs_numba
def test_a_batch_has_the_same_values_on_either_backend():
    rng = np.random.default_rng(3)
    hands = np.array([rng.permutation(52)[:k] for k in (7,) * 3000])
    assert (evaluate_batch(hands, backend="numpy") == evaluate_batch(hands, backend="numba")).all()


@needs_numba
def test_where_work_runs_while_its_loops_are_not_compiled(monkeypatch):
    started = []
    monkeypatch.setattr(_backends, "ready", lambda loops: False)
    monkeypatch.setattr(_backends, "compile_in_background", lambda: started.append(1) or True)
    monkeypatch.setenv("PYSOLVER_COMPILE", "background")
    assert runs_on(LOOPS, numpy_seconds=1.0, compiled_seconds=0.1) == "numpy" and started == [1]
    assert runs_on(LOOPS, numpy_seconds=60.0, compiled_seconds=6.0) == "numba"  # pays for its compile
    monkeypatch.setenv("PYSOLVER_COMPILE", "elsewhere")
    assert runs_on(LOOPS, numpy_seconds=60.0, compiled_seconds=6.0) == "numpy"  # never in this process
    monkeypatch.setenv("PYSOLVER_COMPILE", "now")
    assert runs_on(LOOPS, numpy_seconds=0.001, compiled_seconds=0.0001) == "numba"
    with using("numpy"):
        assert runs_on(LOOPS, numpy_seconds=600.0, compiled_seconds=0.1) == "numpy"
    monkeypatch.setattr(_backends, "ready", lambda loops: True)
    monkeypatch.setenv("PYSOLVER_COMPILE", "elsewhere")
    assert runs_on(LOOPS, numpy_seconds=0.001, compiled_seconds=0.0001) == "numba"


@needs_numba
def test_an_exact_count_that_pays_for_its_compile_is_planned_compiled(monkeypatch):
    """A machine's first use (the exact loops not compiled, the kernel not loaded): AhKh against three
    random hands preflop would count for minutes in Python and for seconds compiled. It is planned
    on the compiled loops, the kernel loaded first, at their cost; refused at its cost in Python only
    where the loops may not compile in the process."""
    from pysolver.core import Situation
    from pysolver.odds import _planner
    from pysolver.odds._cost import Shape
    from pysolver.odds._exact import fixed
    from pysolver.odds._model import Question
    from pysolver.odds._registry import cheapest

    for module in (_backends, fixed):
        monkeypatch.setattr(module, "ready", lambda loops: False)
    for module in (fixed, _planner):
        monkeypatch.setattr(module, "kernel_loaded", lambda: False)
    monkeypatch.setattr(_backends, "compile_in_background", lambda: True)
    monkeypatch.setenv("PYSOLVER_COMPILE", "background")
    question = Question.of(Situation.of(["AhKh", "random", "random", "random"], ranges=True))
    in_python = cheapest(Shape.of(question))[1]
    with using("numba"):
        compiled = cheapest(Shape.of(question))
    assert in_python > 100 * compiled[1]  # the costs are reckoned per backend, not cached across them
    planned = _planner.plan(question, exact=True)
    assert planned.compiles and (planned.path, planned.work) == compiled
    assert planned.seconds < _planner.EXACT_TIME_LIMIT < in_python / _planner.VALUES_PER_SECOND
    monkeypatch.setenv("PYSOLVER_COMPILE", "elsewhere")
    with pytest.raises(PokerInputError, match="would take about"):
        _planner.plan(question, exact=True)


@needs_numba
def test_a_count_short_compiled_but_long_on_numpy_loads_the_ready_loops(monkeypatch):
    """The loops compiled on the machine, the kernel not loaded: AhKh against two random hands
    preflop is below LOAD_WORK compiled and several times it on numpy, so the kernel is loaded; a
    flop question, short either way, is planned on numpy at numpy's cost."""
    from pysolver.core import Situation
    from pysolver.odds import _planner
    from pysolver.odds._cost import Shape
    from pysolver.odds._exact import fixed
    from pysolver.odds._model import Question
    from pysolver.odds._registry import cheapest

    for module in (_backends, fixed):
        monkeypatch.setattr(module, "ready", lambda loops: True)
    for module in (fixed, _planner):
        monkeypatch.setattr(module, "kernel_loaded", lambda: False)
    preflop = Question.of(Situation.of(["AhKh", "random", "random"], ranges=True))
    with using("numba"):
        compiled = cheapest(Shape.of(preflop))[1]
    with using("numpy"):
        in_python = cheapest(Shape.of(preflop))[1]
    assert compiled < _planner.LOAD_WORK < in_python - compiled
    assert _planner.plan(preflop, exact=True).compiles
    flop = Question.of(Situation.of(["AhKh", "random", "random"], "Qs Js 2c", ranges=True))
    with using("numpy"):
        on_numpy = cheapest(Shape.of(flop))
    planned = _planner.plan(flop, exact=True)
    assert not planned.compiles and (planned.path, planned.work) == on_numpy


def test_the_server_compiles_elsewhere_while_it_runs(monkeypatch):
    started = []
    monkeypatch.delenv("PYSOLVER_COMPILE", raising=False)
    monkeypatch.setattr("pysolver.web._app.compile_soon", lambda: started.append(1) or True)
    with TestClient(create_app(workers=1, seconds=20), base_url="http://127.0.0.1"):
        assert compile_mode() == "elsewhere" and started == [1]
    assert compile_mode() == "background"


def _run(code: str, env: dict) -> dict:
    """What ``code`` prints as JSON, run in a fresh process with ``env``."""
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


QUESTION = """
import json, time
from pysolver import equity
start = time.process_time()
r = equity(["AhKh", "QsQd"], trials=1_000_000, seed=7{extra})
print(json.dumps(dict(r.to_dict(), cpu=time.process_time() - start)))
"""


@needs_numba
@pytest.mark.heavy
def test_a_first_question_runs_on_numpy_while_the_loops_compile_in_the_background(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYSOLVER_COMPILE"}
    env.update(NUMBA_CACHE_DIR=str(tmp_path / "numba"), PYSOLVER_CACHE=str(tmp_path / "cache"), TMPDIR=str(tmp_path))
    first = _run(QUESTION.format(extra=""), env)
    assert first["kernel"] == "numpy"
    locks = list(tmp_path.glob("pysolver-compile-*.lock"))
    assert len(locks) == 1  # the background compile, started once
    deadline = time.monotonic() + 540
    while locks[0].exists() and time.monotonic() < deadline:
        time.sleep(1)
    check = subprocess.run(
        [sys.executable, "-m", "pysolver", "compile", "--check", "--json"], env=env, capture_output=True, text=True
    )
    assert all(json.loads(check.stdout)["families"].values()), check.stdout
    again = _run(QUESTION.format(extra=""), env)
    assert again["kernel"] == "numba"
    repeated = _run(QUESTION.format(extra=', backend="numpy"'), env)  # the seed and the backend repeat a run
    assert {k: v for k, v in repeated.items() if k != "cpu"} == {k: v for k, v in first.items() if k != "cpu"}
