"""The CUDA backend, on numba-cuda's simulator (no GPU needed): every hand gets the CPU's value.

The simulator must be switched on before a process imports numba, so the checks run in a fresh
process (``NUMBA_ENABLE_CUDASIM=1``); they compare the CUDA kernel's values, hand for hand, with
the numpy path's, on small batches (the simulator runs each GPU thread in Python).
"""

import json
import os
import subprocess
import sys

import numpy as np
import pytest

from pysolver import PokerInputError
from pysolver.evaluator import _backends, cuda_present, evaluate_batch
from pysolver.odds import equity

pytest.importorskip("numba.cuda")

SIMULATED = """
import json
import numpy as np
from pysolver import InvalidCardError
from pysolver.evaluator import backends_present, evaluate_batch

rng = np.random.default_rng(11)
found = {"backends": list(backends_present())}
for k in (5, 6, 7):
    hands = rng.random((400, 52)).argsort(axis=1)[:, :k]
    on_gpu, on_cpu = evaluate_batch(hands, backend="cuda"), evaluate_batch(hands, backend="numpy")
    found[f"standard-{k}"] = bool((on_gpu == on_cpu).all())
flushes = np.array([[48, 44, 40, 36, 32, 1, 2], [51, 47, 43, 39, 35, 0, 1], [0, 4, 8, 12, 49, 50, 51]], dtype=np.uint8)
found["flushes"] = evaluate_batch(flushes, backend="cuda").tolist() == evaluate_batch(flushes, backend="numpy").tolist()
short = 16 + rng.random((300, 36)).argsort(axis=1)[:, :7]
found["short_deck"] = bool(
    (evaluate_batch(short, backend="cuda", rules="short_deck") == evaluate_batch(short, rules="short_deck")).all()
)
out = np.empty(3, dtype=np.int16)
found["out"] = evaluate_batch(flushes, backend="cuda", out=out) is out
try:
    evaluate_batch(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 60]]), backend="cuda")
except InvalidCardError as error:
    found["bad"] = str(error)
print(json.dumps(found))
"""


def test_the_cuda_kernel_gives_every_hand_the_cpu_value_on_the_simulator():
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    env.pop("PYSOLVER_KERNEL", None)
    done = subprocess.run([sys.executable, "-c", SIMULATED], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert "cuda" in found.pop("backends")
    assert "60" in found.pop("bad")
    assert found == {
        "standard-5": True,
        "standard-6": True,
        "standard-7": True,
        "flushes": True,
        "short_deck": True,
        "out": True,
    }


@pytest.mark.skipif(cuda_present(), reason="a GPU answers here")
def test_without_a_gpu_the_cuda_backend_is_refused_in_one_line():
    with pytest.raises(PokerInputError, match="backend 'cuda': no CUDA GPU answers"):
        evaluate_batch(np.arange(7).reshape(1, 7), backend="cuda")


def test_the_odds_engine_says_which_backends_it_runs_on(monkeypatch):
    monkeypatch.setattr(_backends, "cuda_present", lambda: True)  # as where a GPU answers
    with pytest.raises(PokerInputError, match="runs on numpy, numba"):  # a game's equity: the CPU's
        equity(["AhKhQdJd", "9s9c8s7c"], "Th 8d 2c", rules="omaha", trials=1000, seed=1, backend="cuda")
