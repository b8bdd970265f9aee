"""The generic ASP showdown's speed in every shipped game: one showdown at a time.

    python benchmarks/bench_games.py            # about a minute
    python benchmarks/bench_games.py --quick    # fewer showdowns

Each shipped game's river (or its whole hand, without a board) is solved by
``Solver.solve``, one new random deal a call, two players and four where the
deck deals them; hold'em heads-up through its specialised encodings is the
first row, the cost the generic showdown is measured against. No other program
solves these showdowns with ASP, so the peer is pysolver's own evaluator on the
same deals (``game_values``: each player's value for each pot), the figure the
ratio says the declarative showdown costs beside table lookups and numpy.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

import numpy as np
from harness import Result, Side, quick_flag, side_by_side, write_results

import pysolver
from pysolver.crossval._games import deal_game
from pysolver.evaluator import game_values

PEER = "pysolver evaluator"
GAMES = [name for name in pysolver.VARIANTS if not pysolver.load_rules(name).game.holdem_shape]


def holdem_deals(count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Heads-up hold'em rivers: hole cards (count, 2, 2) and boards (count, 5)."""
    cards = np.argsort(np.random.default_rng(seed).random((count, 52)), axis=1)[:, :9]
    return cards[:, :4].reshape(count, 2, 2), cards[:, 4:]


def as_deal(hole: np.ndarray, board: np.ndarray) -> pysolver.Deal:
    cards = tuple(tuple(pysolver.Card(int(c)) for c in h) for h in hole.tolist())
    return pysolver.Deal(cards, tuple(pysolver.Card(int(c)) for c in board.tolist()))


def single(name: str, players: int, count: int) -> Result:
    """One showdown of ``players`` players of the game ``name`` at a time, a new deal each call."""
    rules = pysolver.load_rules(name)
    dealt = 2 * count + 1  # a fresh deal for each call, warm-up calls too (side_by_side)
    holes, boards = holdem_deals(dealt, 1) if name == "standard" else deal_game(dealt, players, 1, rules)
    solver = pysolver.Solver(rules)
    solver.solve(as_deal(holes[-1], boards[-1]))  # warm up: encodings read and parsed
    deals = iter(as_deal(h, b) for h, b in zip(holes, boards))
    rows = iter(range(dealt))

    def evaluator() -> object:
        i = next(rows)
        return game_values(holes[i : i + 1], boards[i : i + 1], rules)

    timings = side_by_side({"pysolver": lambda: solver.solve(next(deals)), PEER: evaluator}, count)
    shape = "hold'em's own encodings" if name == "standard" else "the generic showdown"
    return Result(
        f"single-{name}-{players}",
        f"{name}, {players} players, one showdown (Solver.solve, {shape})",
        "run",
        Side(timings["pysolver"]),
        {PEER: Side(timings[PEER], note="game_values of the same deal (evaluate_batch for hold'em's own)")},
        details={"game": name, "players": players, "description": rules.game.describe()},
    )


def fresh(name: str, players: int, count: int) -> Result:
    """:func:`single` in a process of its own: clingo frees its symbols only with the process, and
    a process that has solved other games' showdowns grounds more slowly."""
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork")) as pool:
        return pool.submit(single, name, players, count).result()


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    count = 30 if quick else 150
    cases = [fresh("standard", 2, count)]
    for name in GAMES:
        for players in (2, 4):
            cases.append(fresh(name, players, count))
    for case in cases:
        print(case.line())
    write_results(
        "games",
        cases,
        title="The generic ASP showdown, every shipped game",
        quick=quick,
        peers={},
        notes=[
            "One showdown a call, a new random deal each time (the river, or the whole hand in games without "
            "a board); the solver's figure is writing the deal, grounding, solving and reading the pots.",
            "No other program solves these showdowns with ASP: the peer is pysolver's own evaluator on the "
            "same deal (each player's value for each pot), as for the hold'em solver.",
            "The first row is hold'em heads-up through its specialised encodings, the reference cost.",
        ],
    )


if __name__ == "__main__":
    main()
