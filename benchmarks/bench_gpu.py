"""The GPU beside every CPU core, in one run: Monte Carlo trials and batches of hands.

    python benchmarks/bench_gpu.py            # on a machine with an NVIDIA GPU: about a minute
    python benchmarks/bench_gpu.py --quick    # smaller runs

Needs the ``gpu`` extra and an NVIDIA GPU, which the results name (``gpu``). Rows: Monte Carlo of
AhKh against one random hand and against five, preflop, on ``cuda`` beside ``numba`` on every core
(a rate per trial; the equities agree within four standard errors); random 7-card hands valued by
``evaluate_batch`` on ``cuda`` beside ``numba`` on every core (a rate per hand, the copies to and
from the GPU included). Without a GPU it says so and writes nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from harness import Result, Side, quick_flag, random_cards, side_by_side, write_results

import pysolver
from pysolver.evaluator import cuda_module, cuda_present, evaluate_batch, simulated

MC_TRIALS = 1 << 30
"""Trials of a GPU Monte Carlo row (the CPU's run: :data:`CPU_SHARE` of them)."""
CPU_SHARE = 1 / 64
"""The part of a row's trials or hands the CPU side deals: the same rate from a shorter run."""
HANDS = 1 << 24
"""Random 7-card hands of a batch row on the GPU."""
ROUNDS = 5


def monte_carlo(opponents: int, quick: bool) -> Result:
    """AhKh against ``opponents`` random hands preflop, per trial, cuda beside numba on every core."""
    players = ["AhKh"] + ["random"] * opponents
    trials = MC_TRIALS // (64 if quick else 1)
    cpu_trials = max(1, int(trials * CPU_SHARE))
    gpu = pysolver.equity(players, trials=trials, seed=1, backend="cuda")
    cpu = pysolver.equity(players, trials=cpu_trials, seed=1, backend="numba")
    error = 4 * ((gpu.players[0].stderr or 0.0) ** 2 + (cpu.players[0].stderr or 0.0) ** 2) ** 0.5
    timings = side_by_side(
        {
            "pysolver": lambda: pysolver.equity(players, trials=trials, seed=1, backend="cuda"),
            "every core": lambda: pysolver.equity(players, trials=cpu_trials, seed=1, backend="numba"),
        },
        2 if quick else ROUNDS,
    )
    return Result(
        f"gpu-mc-{opponents + 1}",
        f"AhKh vs {opponents} random preflop, Monte Carlo: the GPU beside numba on every core",
        "trial",
        Side(timings["pysolver"], trials),
        {"every core": Side(timings["every core"], cpu_trials, note="numba, every core, the same seed")},
        details={
            "equity": round(gpu.players[0].equity, 5),
            "cpu_equity": round(cpu.players[0].equity, 5),
            "agree": abs(gpu.players[0].equity - cpu.players[0].equity) <= error,
        },
    )


def batch(quick: bool) -> Result:
    """Random 7-card hands valued, per hand, cuda beside numba on every core."""
    hands = HANDS // (16 if quick else 1)
    cards = random_cards(hands, 7, 1)
    part = cards[: max(1, int(hands * CPU_SHARE))]
    same = bool((evaluate_batch(cards[:100_000], backend="cuda") == evaluate_batch(cards[:100_000])).all())
    timings = side_by_side(
        {
            "pysolver": lambda: evaluate_batch(cards, backend="cuda"),
            "every core": lambda: evaluate_batch(part, backend="numba"),
        },
        2 if quick else ROUNDS,
    )
    return Result(
        "gpu-batch-7",
        f"{hands:,} random 7-card hands, evaluate_batch: the GPU (copies included) beside numba on every core",
        "hand",
        Side(timings["pysolver"], hands),
        {"every core": Side(timings["every core"], len(part), note="numba, every core")},
        details={"same_values": same},
    )


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    if not cuda_present() or simulated():
        sys.exit("no CUDA GPU answers here (the gpu extra, an NVIDIA GPU and its driver): nothing measured")
    name = getattr(cuda_module().get_current_device(), "name", "the simulator")
    gpu = name.decode() if isinstance(name, bytes) else str(name)
    cases = [monte_carlo(1, quick), monte_carlo(5, quick), batch(quick)]
    for case in cases:
        print(case.line())
    write_results(
        "gpu",
        cases,
        title="The GPU beside every CPU core",
        quick=quick,
        peers={},
        notes=[
            f"GPU: {gpu}. The peer is pysolver's own numba backend on every core of the same machine.",
            "Monte Carlo: the same seed on both; the GPU's trials are a function of the seed and their number.",
        ],
        extra={"gpu": gpu},
    )


if __name__ == "__main__":
    main()
