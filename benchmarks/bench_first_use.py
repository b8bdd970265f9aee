"""A new user's first questions: the CPU they take from an empty cache, beside compiling first.

    python benchmarks/bench_first_use.py            # about four minutes
    python benchmarks/bench_first_use.py --quick    # two questions

Each question runs in a fresh process three ways, its CPU seconds (the whole process: Python's
start, the imports, the answer; ``getrusage``) compared:

- **first use** (pysolver's row): numba installed, nothing compiled on the machine (empty
  ``NUMBA_CACHE_DIR`` and ``PYSOLVER_CACHE``), the default ``PYSOLVER_COMPILE``: numpy answers
  and a background process compiles every family of loops (its CPU is not the question's; the
  seconds until it is done are recorded);
- **compiling first** (``PYSOLVER_COMPILE=now``, another empty cache): the loops the question
  needs compile in its process;
- **compiled**: the first use's cache once the background compile is done.

Then ``pysolver compile --json`` from an empty cache gives each family's compile seconds, the
figures :class:`~pysolver.evaluator.Loops` reckons with.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from harness import Result, Side, Timing, quick_flag, write_results

QUESTIONS = {
    "monte-carlo": (
        "Monte Carlo: AhKh vs QsQd, 1,000,000 trials",
        "from pysolver import equity\nr = equity(['AhKh', 'QsQd'], trials=1_000_000, seed=1)\nkernel = r.kernel",
    ),
    "monte-carlo-ranges": (
        "Monte Carlo: AhKh vs QQ+,AKs vs random, 1,000,000 trials",
        "from pysolver import equity\n"
        "r = equity(['AhKh', 'QQ+,AKs', 'random'], exact=False, trials=1_000_000, seed=1)\nkernel = r.kernel",
    ),
    "exact": (
        "exact count: AhKh vs two random hands on Qs Js 2c",
        "from pysolver import equity\nr = equity(['AhKh', 'random', 'random'], 'Qs Js 2c')\nkernel = r.kernel",
    ),
    "exact-preflop": (
        "exact count: AhKh vs two random hands preflop",
        "from pysolver import equity\nr = equity(['AhKh', 'random', 'random'])\nkernel = r.kernel",
    ),
    "batch": (
        "batch: 10,000,000 seven-card hands",
        "import numpy as np\nfrom pysolver.evaluator import evaluate_batch, kernel_loaded\n"
        "hands = np.random.default_rng(1).random((200_000, 52)).argsort(axis=1)[:, :7]\n"
        "for _ in range(50):\n    evaluate_batch(hands)\nkernel = 'numba' if kernel_loaded() else 'numpy'",
    ),
}
QUICK = ("monte-carlo", "exact")
REPORT = "\nimport json, resource\nu = resource.getrusage(resource.RUSAGE_SELF)\n"
REPORT += "print(json.dumps({'cpu': u.ru_utime + u.ru_stime, 'kernel': kernel}))"
COMPILE_WAIT = 600.0
"""Longest wait for the background compile (seconds)."""


def fresh_env(folder: Path, mode: str | None) -> dict[str, str]:
    """The environment of a machine with nothing compiled: empty caches in ``folder``, and its
    temporary folder (where the background compile's lock lies)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYSOLVER_COMPILE", "PYSOLVER_KERNEL")}
    for name in ("numba", "cache", "tmp"):
        (folder / name).mkdir(parents=True, exist_ok=True)
    env |= {"NUMBA_CACHE_DIR": str(folder / "numba"), "PYSOLVER_CACHE": str(folder / "cache")}
    env["TMPDIR"] = str(folder / "tmp")
    return env | ({"PYSOLVER_COMPILE": mode} if mode else {})


def ask(code: str, env: dict[str, str]) -> tuple[float, float, str]:
    """CPU seconds, wall seconds and backend of ``code`` run in a fresh process."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code + REPORT], env=env, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - start
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    return answer["cpu"], wall, answer["kernel"]


def wait_for_background(env: dict[str, str]) -> float:
    """Seconds until the background compile's lock is gone (it removes it when done)."""
    start = time.perf_counter()
    folder = Path(env["TMPDIR"])
    while any(folder.glob("pysolver-compile-*.lock")) and time.perf_counter() - start < COMPILE_WAIT:
        time.sleep(0.5)
    return time.perf_counter() - start


def side(cpu: float, wall: float, kernel: str, note: str) -> Side:
    return Side(Timing(1, wall, wall, cpu, cpu), note=f"{note}; answered on {kernel}")


def case(key: str, what: str, code: str, root: Path) -> Result:
    first_env = fresh_env(root / key / "first", None)
    first = ask(code, first_env)
    compiled_after = wait_for_background(first_env)
    compiled = ask(code, first_env)
    now = ask(code, fresh_env(root / key / "now", "now"))
    return Result(
        f"first-use-{key}",
        what,
        "run",
        side(*first, "empty cache, numpy while the loops compile in the background"),
        {
            "compiling first": side(*now, "empty cache, PYSOLVER_COMPILE=now"),
            "compiled": side(*compiled, "the loops compiled"),
        },
        basis="cpu",
        details={
            "background_compile_done_after_s": round(compiled_after, 1),
            "kernels": [first[2], now[2], compiled[2]],
        },
    )


def family_seconds(root: Path) -> dict[str, float]:
    """Each family's compile seconds from an empty cache (``pysolver compile --json``)."""
    env = fresh_env(root / "families", None)
    done = subprocess.run(
        [sys.executable, "-m", "pysolver", "compile", "--json"], env=env, capture_output=True, text=True, check=True
    )
    return {name: round(seconds, 2) for name, seconds in json.loads(done.stdout)["families"].items()}


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    with tempfile.TemporaryDirectory(prefix="pysolver-first-use-") as folder:
        root = Path(folder)
        keys = QUICK if quick else tuple(QUESTIONS)
        cases = [case(key, *QUESTIONS[key], root) for key in keys]
        for result in cases:
            print(result.line())
        families = family_seconds(root)
    print("compile seconds by family:", families)
    write_results(
        "first_use",
        cases,
        title="First use: CPU seconds of a new user's first questions",
        quick=quick,
        notes=[
            "CPU seconds of the whole process (Python's start, imports and the answer) from an empty cache: "
            "pysolver's row answers on numpy while a background process compiles the loops; 'compiling first' "
            "compiles the loops the question needs in its process (PYSOLVER_COMPILE=now); 'compiled' runs once "
            "the background compile is done. Ratios: first use over each.",
            "CPU seconds of each family's compile from an empty cache (pysolver compile): "
            + ", ".join(f"{name} {seconds:g}" for name, seconds in families.items())
            + ".",
        ],
        extra={"compile_seconds": families},
    )


if __name__ == "__main__":
    main()
