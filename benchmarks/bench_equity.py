"""Equity speed, pysolver side by side with the peers measured in the same run, as ratios.

    python benchmarks/bench_equity.py            # add --quick to skip eval7's slow run-out loop

Cases (the issue's targets in brackets):
  1. AhKh vs QsQd preflop, exact            [<= 20 ms]   poker-equity exact, eval7 run-out by run-out
  2. AsKs vs random on Qs Js 2c, exact      [<= 20 ms]   poker-equity exact ('**')
  3. AhKh vs QsQd, 1,000,000 MC trials      [<= 0.1 s]   poker-equity sampling, eval7 Monte Carlo
  4. a hand vs random preflop, exact        [<= 5 s]     the shipped table, and computed (table=False)
Peers missing from the environment are skipped (pip install '.[bench]').
"""

from __future__ import annotations

import argparse
import time
from itertools import combinations

from pysolver.odds.calculator import equity


def best_of(function, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def peers(quick: bool) -> dict:
    found: dict = {}
    try:
        import poker_equity as pe

        found["poker-equity"] = {
            1: lambda: pe.exact_from_text("holdem", ["AhKh", "QsQd"]),
            2: lambda: pe.exact_from_text("holdem", ["AsKs", "**"], board="Qs Js 2c"),
            3: lambda: pe.chunk_from_text("holdem", ["AhKh", "QsQd"], samples=1_000_000, seed=1),
        }
    except ImportError:
        pass
    try:
        import eval7

        def runouts() -> None:
            hero, villain = map(eval7.Card, ["Ah", "Kh"]), map(eval7.Card, ["Qs", "Qd"])
            hero, villain = list(hero), list(villain)
            rest = [c for c in eval7.Deck().cards if c not in hero + villain]
            for board in combinations(rest, 5):
                eval7.evaluate(hero + list(board)) > eval7.evaluate(villain + list(board))

        # eval7's exact hand-vs-range call scores the board as given (no run-outs): not comparable.
        cases = {
            3: lambda: eval7.py_hand_vs_range_monte_carlo([eval7.Card(c) for c in ("Ah", "Kh")],
                                                          eval7.HandRange("QsQd"), [], 1_000_000),
        }
        if not quick:
            cases[1] = runouts
        found["eval7"] = cases
    except ImportError:
        pass
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description="equity benchmarks against the peers")
    parser.add_argument("--quick", action="store_true", help="skip eval7's run-out by run-out loop (~2 s)")
    args = parser.parse_args()
    equity(["AhKh", "QsQd"])                        # build the tables once, outside the timings
    ours = {
        1: ("AhKh vs QsQd preflop exact", lambda: equity(["AhKh", "QsQd"], exact=True)),
        2: ("AsKs vs random, Qs Js 2c exact", lambda: equity(["AsKs", "random"], board="Qs Js 2c", exact=True)),
        3: ("AhKh vs QsQd 1,000,000 MC", lambda: equity(["AhKh", "QsQd"], exact=False,
                                                       trials=1_000_000, seed=1)),
        4: ("72o vs random preflop (table)", lambda: equity(["7c2d", "random"], exact=True)),
        5: ("72o vs random preflop (computed)", lambda: equity(["7c2d", "random"], exact=True, table=False)),
        6: ("AhKh vs random preflop (computed)", lambda: equity(["AhKh", "random"], exact=True, table=False)),
    }
    others = peers(args.quick)
    print(f"{'case':36} {'pysolver':>10}  " + "  ".join(f"{name:>22}" for name in others))
    for case, (label, function) in ours.items():
        mine = best_of(function, 1 if case >= 5 else 3)
        cells = []
        for cases in others.values():
            if case in cases:
                theirs = best_of(cases[case], 1)
                cells.append(f"{theirs:8.3f} s ({theirs / mine:6.1f}x)")
            else:
                cells.append(f"{'-':>22}")
        print(f"{label:36} {mine:8.4f} s  " + "  ".join(cells))
    print("ratio = peer time / pysolver time (higher: pysolver faster)")


if __name__ == "__main__":
    main()
