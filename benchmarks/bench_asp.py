"""The ASP showdown solver's speed: one showdown, and batches heads-up and 9-handed.

    python benchmarks/bench_asp.py            # about two minutes
    python benchmarks/bench_asp.py --quick    # smaller batches, fewer rounds

No other program solves showdowns with ASP, so the peer is pysolver's own
lookup-table evaluator on the same deals: each player's 7-card value and the
winners of each showdown (the solver also gives each hand's category, best five
cards and description). A batch is solved by ``Solver.solve_batch`` with one
worker process (chunks of 1,000) and with two (chunks of 500). Each round solves
new deals: clingo keeps every symbol it makes, so the same deals solved again
would run faster than any real batch.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

import numpy as np
from harness import Result, Side, quick_flag, random_cards, side_by_side, write_results

import pysolver

PEER = "pysolver evaluator"


def deals_of(cards: np.ndarray, players: int) -> list[pysolver.Deal]:
    """Rows of ``2 * players + 5`` distinct cards as river deals (hole cards, then the board)."""
    deals = []
    for row in cards.tolist():
        c = [pysolver.Card(i) for i in row]
        deals.append(pysolver.Deal(tuple(zip(c[0 : 2 * players : 2], c[1 : 2 * players : 2])), tuple(c[2 * players :])))
    return deals


def evaluator_winners(cards: np.ndarray, players: int) -> np.ndarray:
    """The evaluator's answer for the same deals: which players win each showdown (a mask)."""
    count = len(cards)
    holes = cards[:, : 2 * players].reshape(count, players, 2)
    board = np.broadcast_to(cards[:, None, 2 * players :], (count, players, 5))
    values = pysolver.evaluate_batch(np.concatenate([holes, board], axis=2).reshape(-1, 7)).reshape(count, players)
    return values == values.max(axis=1, keepdims=True)


def winners_agree(solver: pysolver.Solver, players: int, count: int = 200) -> bool:
    """Whether the solver and the evaluator name the same winners on ``count`` other deals."""
    cards = random_cards(count, 2 * players + 5, seed=7)
    solved = [[p in r.winners for p in range(players)] for r in solver.solve_batch(deals_of(cards, players))]
    return bool(np.array_equal(evaluator_winners(cards, players), solved))


def single(count: int) -> Result:
    """One heads-up river showdown at a time, a new deal each call."""
    cards = random_cards(count, 9, seed=1)
    deals = iter(deals_of(cards, 2))
    rows: Iterator[np.ndarray] = iter(cards[i : i + 1] for i in range(count))
    solver = pysolver.Solver()
    solver.solve(deals_of(random_cards(1, 9, seed=0), 2)[0])  # warm up: encodings read and parsed
    timings = side_by_side(
        {"pysolver": lambda: solver.solve(next(deals)), PEER: lambda: evaluator_winners(next(rows), 2)}, count
    )
    return Result(
        "single-hu",
        "one heads-up river showdown (Solver.solve)",
        "run",
        Side(timings["pysolver"]),
        {PEER: Side(timings[PEER], note="evaluate_batch of the two hands, then the winners")},
    )


def batch(players: int, workers: int, count: int, rounds: int) -> Result:
    """``count`` river showdowns of ``players`` players per round through ``solve_batch``."""
    chunk_size = 1000 // workers
    solver = pysolver.Solver(chunk_size=chunk_size, workers=workers)
    cards = [random_cards(count, 2 * players + 5, seed=100 * players + 10 * workers + r) for r in range(rounds)]
    deals = iter([deals_of(c, players) for c in cards])
    arrays = iter(cards)
    agree = winners_agree(solver, players)
    functions: dict[str, Callable[[], object]] = {
        "pysolver": lambda: solver.solve_batch(next(deals)),
        PEER: lambda: evaluator_winners(next(arrays), players),
    }
    timings = side_by_side(functions, rounds)
    process = "1 worker process" if workers == 1 else f"{workers} worker processes"
    return Result(
        f"batch-{players}-w{workers}",
        f"{players}-handed river showdowns, batches of {count:,}, {process} (chunks of {chunk_size:,})",
        "showdown",
        Side(timings["pysolver"], count),
        {PEER: Side(timings[PEER], count, note="one process")},
        details={"players": players, "workers": workers, "chunk_size": chunk_size, "winners agree": agree},
    )


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    count, rounds, singles = (1000, 3, 50) if quick else (5000, 5, 200)
    cases = [single(singles)]
    for players in (2, 9):
        for workers in (1, 2):
            cases.append(batch(players, workers, count, rounds))
    for case in cases:
        print(case.line())
    write_results(
        "asp",
        cases,
        title="ASP showdown solver",
        quick=quick,
        peers={},
        notes=[
            "No other program solves showdowns with ASP: the peer is pysolver's own lookup-table evaluator "
            "on the same deals (each player's value, then the winners), so the ratio says what the "
            "declarative solver costs beside table lookups.",
            "The solver's figure includes writing the deals as facts, grounding, solving and reading the "
            "answers into results; with two worker processes it is the wall time of the calling process.",
            "Each round solves new deals (clingo keeps every symbol it makes, so deals solved again run "
            "faster than a real batch).",
        ],
    )


__all__ = ["main"]


if __name__ == "__main__":
    main()
