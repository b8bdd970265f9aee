"""Kernel choice: pysolver's numba kernel beside the same loop in C and in Rust, and OMPEval's evaluator.

    python benchmarks/bench_kernels.py            # 1,000,000 random 7-card hands
    python benchmarks/bench_kernels.py --quick    # 100,000

The C and Rust loops (``benchmarks/kernels/``) read the same tables with the
same steps as the numba kernel and are built here with ``gcc -O3`` and
``rustc -C opt-level=3`` (absent without the compiler), then called through
ctypes on the same hands; every side takes the best of 7 passes, as OMPEval's
``ompev`` does. The benchmark also measures what each choice costs before the
first hand: numba's import and loading its cached kernel, compiling every
kernel into an empty cache, numba's installed size, and the build time and
library size of the C and Rust loops.
"""

from __future__ import annotations

import ctypes
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from importlib import metadata
from pathlib import Path

import numpy as np
from bench_evaluator import PASSES, best_of_passes
from harness import ROOT, Result, Side, Timing, absent, quick_flag, random_cards, side_by_side, write_results
from peers import ompev, ompev_binary, ompeval_absent, versions

import pysolver
from pysolver.evaluator import kernel_tables

SEED = 2026
KERNELS = ROOT / "benchmarks" / "kernels"
BUILDS = {
    "C (gcc -O3)": (["gcc", "-O3", "-shared", "-fPIC"], "evaluate7.c"),
    "Rust (rustc -O3)": (["rustc", "-C", "opt-level=3", "--crate-type", "cdylib"], "evaluate7.rs"),
}
FIRST_USE = """
import json, sys, time
import numpy as np
start = time.perf_counter()
import numba
imported = time.perf_counter()
from pysolver.evaluator import evaluate_batch, evaluate_boards, load_kernel
load_kernel()
loaded = time.perf_counter()
hand = np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8)
for dtype in (np.uint8, np.int64):
    for k in (5, 6, 7):
        evaluate_batch(hand[:, :k].astype(dtype))
    evaluate_boards(hand[:, 2:].astype(dtype), hand[:, :2].astype(dtype))
print(json.dumps({"import": imported - start, "load": loaded - imported, "rest": time.perf_counter() - loaded}))
"""


def build(name: str, folder: Path) -> tuple[Path | None, str, float]:
    """Build one loop into ``folder``: (library, why absent, seconds)."""
    command, source = BUILDS[name]
    if shutil.which(command[0]) is None:
        return None, f"{command[0]} not found", 0.0
    library = folder / f"lib{Path(source).stem}_{Path(source).suffix[1:]}.so"
    start = time.perf_counter()
    done = subprocess.run([*command, "-o", str(library), str(KERNELS / source)], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    return (library, "", seconds) if done.returncode == 0 else (None, f"build failed: {done.stderr[:200]}", seconds)


def library_loop(library: Path, hands: np.ndarray, out: np.ndarray) -> Callable[[], object]:
    """The built loop on every row of ``hands`` into ``out``, through ctypes."""
    loop = ctypes.CDLL(str(library)).evaluate7
    loop.restype = ctypes.c_int64
    loop.argtypes = [ctypes.c_void_p] * 7 + [ctypes.c_int64] * 2
    tables = kernel_tables()
    pointers = [hands.ctypes.data, out.ctypes.data, *(array.ctypes.data for array in tables)]
    return lambda: loop(*pointers, 0, len(hands))


def first_use(cache: str) -> dict:
    """One fresh process: numba's import, loading (or compiling) the 7-card kernel, every other kernel."""
    env = {**os.environ, "NUMBA_CACHE_DIR": cache}
    done = subprocess.run([sys.executable, "-c", FIRST_USE], capture_output=True, text=True, env=env, check=True)
    return json.loads(done.stdout)


def installed_megabytes(*distributions: str) -> float:
    """The size on disk of the installed files of these distributions, in MB."""
    total = 0
    for name in distributions:
        for file in metadata.distribution(name).files or []:
            path = Path(str(file.locate()))
            total += path.stat().st_size if path.is_file() else 0
    return total / 1e6


def first_use_cases(rounds: int) -> tuple[list[Result], dict]:
    """Cold (an empty cache folder each round) and warm (the cache of the last cold round) first use."""
    cold, warm = [], []
    with tempfile.TemporaryDirectory() as cache:
        for _ in range(rounds):
            for entry in Path(cache).iterdir():
                shutil.rmtree(entry)
            cold.append(first_use(cache))
        warm = [first_use(cache) for _ in range(rounds)]

    def side(runs: list[dict], parts: Sequence[str], note: str) -> Side:
        return Side(Timing.of([sum(run[p] for p in parts) for run in runs]), note=note)

    results = [
        Result(
            "first-use-warm",
            "first batch in a process, kernel cached: import numba, load the kernel",
            "run",
            side(warm, ("import", "load"), "numba's cache filled by an earlier process"),
        ),
        Result(
            "first-use-cold",
            "first batch on a machine: import numba, compile the 7-card kernel",
            "run",
            side(cold, ("import", "load"), "an empty NUMBA_CACHE_DIR"),
        ),
        Result(
            "compile-all-cold",
            "compiling every other kernel (5, 6 cards; int64 input; boards)",
            "run",
            side(cold, ("rest",), "an empty NUMBA_CACHE_DIR"),
        ),
    ]
    median = {part: float(np.median([run[part] for run in warm])) for part in ("import", "load")}
    return results, median


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    count, rounds = (100_000, 3) if quick else (1_000_000, 5)
    hands = random_cards(count, 7, SEED)
    pysolver.evaluator.load_kernel()
    expected = pysolver.evaluate_batch(hands, threads=1)
    functions: dict[str, Callable[[], object]] = {
        "pysolver": lambda: best_of_passes(lambda: pysolver.evaluate_batch(hands, threads=1))
    }
    peers: dict[str, Side] = {}
    builds: dict[str, dict] = {}
    with tempfile.TemporaryDirectory() as folder:
        outputs = {}
        for name in BUILDS:
            library, why, seconds = build(name, Path(folder))
            if library is None:
                peers[name] = absent(why)
                continue
            outputs[name] = np.zeros(count, dtype=np.int16)
            loop = library_loop(library, hands, outputs[name])
            loop()
            builds[name] = {
                "build_seconds": round(seconds, 3),
                "library_bytes": library.stat().st_size,
                "values_agree": bool((outputs[name] == expected).all()),
            }
            functions[name] = lambda loop=loop: best_of_passes(loop)
        if ompev_binary():
            functions["OMPEval"] = lambda: ompev(SEED, count)
        else:
            peers["OMPEval"] = absent(ompeval_absent())
        timings = side_by_side(functions, rounds)
    for name, timing in timings.items():
        if name != "pysolver":
            peers[name] = Side(
                timing,
                count,
                note="ompev: its own seeded hands"
                if name == "OMPEval"
                else ("values agree" if builds[name]["values_agree"] else "VALUES DISAGREE"),
            )
    cases = [
        Result(
            "7-card-1-thread",
            f"{count:,} random 7-card hands, one thread, best of {PASSES} passes",
            "hand",
            Side(timings["pysolver"], count, note="numba kernel, uint8 input"),
            {name: peers[name] for name in sorted(peers)},
            details={"hands": count, "seed": SEED, "builds": builds},
        )
    ]
    first, warm = first_use_cases(rounds)
    cases += first
    size = installed_megabytes("numba", "llvmlite")
    for case in cases:
        print(case.line())
    build_text = (
        "; ".join(
            f"{name}: built in {b['build_seconds']} s, a {b['library_bytes'] / 1e3:,.0f} kB library"
            for name, b in builds.items()
        )
        or "no C or Rust compiler found"
    )
    write_results(
        "kernels",
        cases,
        title="Kernel choice",
        quick=quick,
        peers=versions() | {"numba": metadata.version("numba"), "llvmlite": metadata.version("llvmlite")},
        notes=[
            "The C and Rust loops read the same tables with the same steps as the numba kernel, through "
            "ctypes on the same hands; OMPEval's ompev draws its own seeded hands. Every side takes the "
            f"best of {PASSES} passes; the ratio compares the medians of those over the rounds.",
            f"Before the first hand: numba and llvmlite take {size:,.0f} MB installed; a warm first use is "
            f"numba's import ({warm['import']:.2f} s) and loading the cached kernel ({warm['load']:.2f} s). "
            f"{build_text} (a compiler at install, or a wheel per platform and Python).",
            "First-use times are fresh processes (numba's cache in NUMBA_CACHE_DIR), medians over the rounds.",
        ],
    )


__all__ = ["main"]


if __name__ == "__main__":
    main()
