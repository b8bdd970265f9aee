"""ASP what-if: every runout through clingo, and the encodings it was chosen over.

    python benchmarks/bench_whatif.py            # about a minute
    python benchmarks/bench_whatif.py --quick    # fewer repeats, no choice rows

Targets on the project's 2-core machine: heads-up from the flop (990 runouts)
<= 1 s; from the turn <= 100 ms; 6-handed from the flop: report. Figures are
medians of repeated runs (wall and CPU; the machine is shared, CPU time is the
steadier figure), with the ground program's size from clingo's statistics.

Peers measured in the same run:

* *naive copies*: the same runouts as 990 separate showdowns through
  ``Solver.solve_batch`` (asp/driver.lp, one fact set per runout);
* *choice*: one showdown whose missing board cards are a choice rule over the
  unseen cards, each runout one answer set (``clingo -n0``). It grounds every
  assignment aggregate for every value it could take, so only 2 and 3
  candidate cards are measured (4 already ground some 1.7 million rules).
"""

from __future__ import annotations

import argparse
import time
from itertools import combinations

import clingo
from clingo import ast

from pysolver import Deal, Solver
from pysolver.asp.runtime import encoding_statements
from pysolver.asp.whatif import check_whatif_deal, ground_and_solve, runouts, whatif_facts

from bench_asp import median_time  # wall and CPU medians (benchmarks/ is on the path)

DEALS = {
    "heads-up, flop": (["AsKs", "QhQd"], "Js Ts 2c"),
    "6-handed, flop": (["AsKs", "QhQd", "7c7d", "8h9h", "2d3d", "AcKd"], "Js Ts 2c"),
    "9-handed, flop": (["AsKs", "QhQd", "7c7d", "8h9h", "2d3d", "AcKd", "5s5c", "Th9c", "6d6h"], "Js Ts 2c"),
    "heads-up, turn": (["AsKs", "QhQd"], "Js Ts 2c 4h"),
    "3-way, turn": (["AhKh", "7c7d", "QsQc"], "7h 2h 3c 9s"),
    "6-handed, turn": (["AsKs", "QhQd", "7c7d", "8h9h", "2d3d", "AcKd"], "Js Ts 2c 4h"),
}

CHOICE = """
hole(0, P, F, S) :- holding(P, F, S).
board(0, F, S) :- known(F, S).
{ board(0, F, S) : unseen(_, F, S) } = K :- look_ahead(K).
#show. #show board/3. #show game_outcome/3.
#show hand(P, C, V) : category(0, P, C), hand_value(0, P, V).
"""


def clingo_figures(holes, board) -> tuple[int, int, float, float]:
    """Ground rules, atoms, clingo's total and solving seconds for the what-if program."""
    deal = Deal.parse(holes, board)
    _, stats = ground_and_solve(whatif_facts(deal, check_whatif_deal(deal)), statistics=True)
    lp, times = stats["problem"]["lp"], stats["summary"]["times"]
    return int(lp["rules"]), int(lp["atoms"]), times["total"], times["solve"]


def naive_copies(holes, board, solver: Solver) -> tuple[float, float, int]:
    """Wall and CPU seconds of ``solve_batch`` over every runout as its own deal, and its ground rules."""
    deal = Deal.parse(holes, board)
    unseen = check_whatif_deal(deal)
    deals = [deal.with_board(deal.board + extra) for extra in combinations(unseen, 5 - len(deal.board))]
    wall, cpu = median_time(lambda: solver.solve_batch(deals), 3)
    return wall, cpu, solver.ground_size(deals).rules


def choice(holes, board, candidates: int) -> tuple[int, float, int]:
    """Ground rules, CPU seconds and answers of the choice encoding over the first ``candidates`` unseen cards."""
    deal = Deal.parse(holes, board)
    facts = whatif_facts(deal, check_whatif_deal(deal)[:candidates], look_ahead=5 - len(deal.board))
    ctl = clingo.Control(["--models=0", "--stats"], logger=lambda code, message: None)
    with ast.ProgramBuilder(ctl) as builder:
        for statement in encoding_statements(("cards.lp", "variants/standard.lp", "hands.lp", "tiebreak.lp", "outcome.lp")):
            builder.add(statement)
    ctl.add("base", [], CHOICE + facts)
    start = time.process_time()
    ctl.ground([("base", [])])
    models = []
    ctl.solve(on_model=lambda m: models.append(1))
    return int(ctl.statistics["problem"]["lp"]["rules"]), time.process_time() - start, len(models)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    repeat = 3 if args.quick else 7
    runouts(*DEALS["heads-up, turn"])  # parse the encodings once
    print("runouts() -- every runout as its own showdown id, one grounding (the chosen encoding)")
    print(f"{'deal':16} {'runouts':>7} {'wall ms':>8} {'CPU ms':>8} {'rules':>8} {'atoms':>8} "
          f"{'clingo ms':>9} {'solve ms':>8}")
    for name, (holes, board) in DEALS.items():
        count = len(runouts(holes, board).runouts)
        wall, cpu = median_time(lambda: runouts(holes, board), repeat)
        rules, atoms, total, solve = clingo_figures(holes, board)
        print(f"{name:16} {count:7} {1000 * wall:8.0f} {1000 * cpu:8.0f} {rules:8} {atoms:8} "
              f"{1000 * total:9.0f} {1000 * solve:8.1f}")
    print("\npeer: naive copies, Solver.solve_batch over the runouts as separate deals")
    solver = Solver(chunk_size=2000)
    for name in ("heads-up, flop", "heads-up, turn"):
        wall, cpu, rules = naive_copies(*DEALS[name], solver)
        print(f"{name:16} wall {1000 * wall:6.0f} ms  CPU {1000 * cpu:6.0f} ms  rules {rules}")
    if not args.quick:
        print("\npeer: choice over the unseen cards, heads-up from the turn, first k unseen cards only")
        for k in (2, 3):
            rules, cpu, models = choice(*DEALS["heads-up, turn"], k)
            print(f"k={k}: {models} answers, rules {rules}, ground+solve CPU {1000 * cpu:.0f} ms")


if __name__ == "__main__":
    main()
