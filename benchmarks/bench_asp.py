"""The ASP showdown solver's speed: one showdown, and batches heads-up and 9-handed.

    python benchmarks/bench_asp.py            # about half a minute
    python benchmarks/bench_asp.py --quick    # smaller batches

Targets on the project's 2-core machine: a single heads-up river showdown in
at most 4 ms (ground and solve), batches of at least 5,000 heads-up and 1,500
nine-handed river showdowns per second. Figures are the median of repeated runs
(the machine is shared and noisy); the breakdown shows where a batch's time goes.
Each repeat solves new deals: clingo keeps every symbol it makes, so the same
deals solved again run faster than any real batch would (pysolver/processes.py).
A batch is measured with one and with two worker processes (``Solver(workers=N)``,
each worker replaced after a chunk).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from pysolver import Card, Deal, Solver
from pysolver.asp.runtime import DealInput
from pysolver.asp.solver import _decode


def random_deals(players: int, count: int, seed: int) -> list[Deal]:
    """``count`` random river deals of ``players`` players."""
    rng = np.random.default_rng(seed)
    draws = np.argsort(rng.random((count, 52)), axis=1)[:, :2 * players + 5]
    deals = []
    for row in draws.tolist():
        cards = [Card(i) for i in row]
        deals.append(Deal(tuple(zip(cards[0:2 * players:2], cards[1:2 * players:2])), tuple(cards[2 * players:])))
    return deals


def median_time(function, repeat: int) -> tuple[float, float]:
    """Median wall-clock and median CPU (process) seconds of ``repeat`` calls.

    On a shared machine the CPU time is the steadier figure: it leaves out the
    time other processes hold the cores.
    """
    wall, cpu = [], []
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        function()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu)


def single(solver: Solver, repeat: int) -> tuple[float, float]:
    """Milliseconds (wall, CPU) per heads-up river showdown solved alone."""
    deals = random_deals(2, repeat, seed=1)
    it = iter(deals)
    wall, cpu = median_time(lambda: solver.solve(next(it)), repeat)
    return 1000 * wall, 1000 * cpu


def batch(solver: Solver, players: int, count: int, repeat: int) -> float:
    """Showdowns per second (wall) of ``solver.solve_batch``, new deals each repeat (the same
    deals again would find clingo's symbols made already)."""
    batches = iter([random_deals(players, count, seed=100 * players + i) for i in range(repeat)])
    wall, _ = median_time(lambda: solver.solve_batch(next(batches)), repeat)
    return count / wall


def phases(solver: Solver, players: int) -> dict[str, float]:
    """The share of clingo and of decoding in solving one chunk."""
    chunk = random_deals(players, solver.chunk_size, seed=99)
    start = time.process_time()
    atoms, _ = solver.program.run(DealInput(chunk))  # the cards go in while grounding
    middle = time.process_time()
    _decode(chunk, atoms)
    total = time.process_time() - start
    return {"clingo": (middle - start) / total, "decode": 1 - (middle - start) / total}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller batches, fewer repeats")
    args = parser.parse_args()
    count, repeat = (1000, 3) if args.quick else (5000, 5)
    solver = Solver(chunk_size=1000)
    solver.solve(random_deals(2, 1, seed=0)[0])  # warm up: encodings read and cached
    wall, cpu = single(solver, 200)
    print(f"single heads-up river showdown: {wall:.2f} ms wall, {cpu:.2f} ms CPU (target <= 4 ms)")
    for players, target in ((2, 5000), (9, 1500)):
        for workers, chunk_size in ((1, 1000), (2, 500)):
            rate = batch(Solver(chunk_size=chunk_size, workers=workers), players, count, repeat)
            print(f"batch of {count} {players}-handed river showdowns, {workers} worker "
                  f"process{'es' if workers > 1 else ''}: {rate:,.0f}/s wall (target >= {target:,})")
        share = phases(Solver(chunk_size=1000), players)
        print("  time of a chunk: " + ", ".join(f"{k} {v:.0%}" for k, v in share.items()))

if __name__ == "__main__":
    main()
