"""The GPU beside every CPU core, in one run: Monte Carlo trials and batches of hands.

    python benchmarks/bench_gpu.py            # on a machine with an NVIDIA GPU: about a minute
    python benchmarks/bench_gpu.py --quick    # smaller runs

Needs the ``gpu`` extra and an NVIDIA GPU, which the results name (``gpu``). Rows, each on ``cuda``
beside ``numba`` on every core of the same machine:

- Monte Carlo of AhKh against one random hand and against five, preflop (a rate per trial; the
  equities agree within four standard errors);
- random 7-card hands valued by ``evaluate_batch`` (a rate per hand, the copies included);
- every 7-card hand of the deck counted by value (``every_hand``; the counts equal);
- the short deck's heads-up preflop table, AA's row of the standard three-way table (14,365 cells)
  and four ranges preflop exactly (the counts equal).

Without a GPU it says so and writes nothing.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

import numpy as np
from harness import Result, Side, quick_flag, random_cards, side_by_side, write_results

import pysolver
from pysolver.evaluator import cuda_module, cuda_present, evaluate_batch, every_hand, simulated

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


def same_work(
    key: str, what: str, unit: str, items: int, gpu: Callable[[], object], cpu: Callable[[], object], quick: bool
) -> Result:
    """One piece of work done whole on both sides, its answers compared."""
    details = {"same": bool(np.array_equal(np.asarray(gpu_answer(gpu())), np.asarray(gpu_answer(cpu()))))}
    timings = side_by_side({"pysolver": gpu, "every core": cpu}, 1 if quick else 3)
    return Result(
        key,
        what,
        unit,
        Side(timings["pysolver"], items),
        {"every core": Side(timings["every core"], items, note="numba, every core")},
        details=details,
    )


def gpu_answer(answer: object) -> object:
    """What a side's answer is compared by: a table's counts, a result's counts, or the array."""
    if isinstance(answer, pysolver.odds.HeadsUpTable):
        return np.stack([answer.wins, answer.ties, answer.deals])
    if isinstance(answer, pysolver.odds.ThreeWayTable):
        return np.concatenate([answer.counts.reshape(len(answer.cells), -1), answer.deals[:, None]], axis=1)
    if isinstance(answer, pysolver.odds.EquityResult):
        return [[p.wins, p.ties] for p in answer.players] + [[answer.deals, 0]]
    return answer


FOUR_RANGES = ["QQ+,AKs", "JJ,TT,99,AQs", "88,77,66,KQs,JTs", "A5s-A2s"]


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    if not cuda_present() or simulated():
        sys.exit("no CUDA GPU answers here (the gpu extra, an NVIDIA GPU and its driver): nothing measured")
    name = getattr(cuda_module().get_current_device(), "name", "the simulator")
    gpu = name.decode() if isinstance(name, bytes) else str(name)
    cases = [monte_carlo(1, quick), monte_carlo(5, quick), batch(quick)]
    cases.append(
        same_work(
            "gpu-every-hand-7",
            "every 7-card hand counted by value (every_hand)",
            "hand",
            133_784_560,
            lambda: every_hand(7, backend="cuda"),
            lambda: every_hand(7, backend="numba"),
            quick,
        )
    )
    cases.append(
        same_work(
            "gpu-table-short-deck",
            "the short deck's heads-up preflop table, exact",
            "run",
            1,
            lambda: pysolver.odds.heads_up_table("short_deck", backend="cuda"),
            lambda: pysolver.odds.heads_up_table("short_deck", backend="numba"),
            quick,
        )
    )
    cases.append(
        same_work(
            "gpu-three-way-row",
            "AA against every two classes, three-way preflop, exact (14,365 cells)",
            "run",
            1,
            lambda: pysolver.odds.three_way_table(classes=["AA"], backend="cuda"),
            lambda: pysolver.odds.three_way_table(classes=["AA"], backend="numba"),
            quick,
        )
    )
    cases.append(
        same_work(
            "gpu-four-ranges",
            "four ranges preflop, exact",
            "run",
            1,
            lambda: pysolver.equity(FOUR_RANGES, exact=True, backend="cuda"),
            lambda: pysolver.equity(FOUR_RANGES, exact=True, backend="numba"),
            quick,
        )
    )
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
