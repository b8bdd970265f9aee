"""ASP what-if: every runout of a flop or turn deal through clingo, beside the same runouts
counted by pysolver's evaluator, by OMPEval, and by the encodings it was chosen over.

    python benchmarks/bench_whatif.py            # under a minute
    python benchmarks/bench_whatif.py --quick    # fewer rounds, no choice rows

``pysolver.runouts`` grounds one program in which every runout is its own
showdown id. On the same deal, the peers are:

* *pysolver evaluator*: ``pysolver.equity(..., exact=True)`` walks the same runouts
  with the lookup tables (counts only; runouts() also gives categories and outs);
* *OMPEval*: its exact mode on the same deal (at most 6 players);
* *naive copies*: the runouts as separate showdowns through ``Solver.solve_batch``;
* *choice* (heads-up from the turn, the first k unseen cards only): one showdown whose
  missing board card is a choice rule, each runout an answer set (``clingo -n0``). It
  grounds every assignment aggregate for every value it could take, so only 2 and 3
  candidate cards are measured; runouts() is timed on the same k runouts (the other
  unseen cards dead).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from harness import Result, Side, absent, quick_flag, side_by_side, write_results
from peers import ompeval, ompeval_absent, ompeval_binary, ompeval_timed, versions

import pysolver
from pysolver.asp._codec import whatif_facts
from pysolver.asp._runtime import AspProgram
from pysolver.asp._whatif import solve_whatif, whatif_situation

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
CHOICE_FILES = ("cards.lp", "hands.lp", "tiebreak.lp", "outcome.lp")


def runouts_case(name: str, holes: list[str], board: str, rounds: int) -> Result:
    """runouts() on one deal beside the evaluator, OMPEval and the naive copies."""
    situation = whatif_situation(holes, board, (), pysolver.load_rules())
    report, size = solve_whatif(situation, statistics=True)
    count = len(report.runouts)
    by_table = pysolver.equity(holes, board, exact=True)
    details = {
        "runouts": count,
        "ground rules": size.rules,
        "ground atoms": size.atoms,
        "evaluator agrees": [p.wins for p in by_table.players] == list(report.wins),
    }
    deal = situation.deal
    copies = [deal.with_board(deal.board + extra) for extra in combinations(situation.unseen, 5 - len(deal.board))]
    solver = pysolver.Solver(chunk_size=2000)
    functions: dict[str, Callable[[], object]] = {
        "pysolver": lambda: pysolver.runouts(holes, board),
        "pysolver evaluator": lambda: pysolver.equity(holes, board, exact=True),
        "naive copies": lambda: solver.solve_batch(copies),
    }
    peers: dict[str, Side] = {}
    if ompeval_binary() is None:
        peers["OMPEval"] = absent(ompeval_absent())
    elif len(holes) > 6:
        peers["OMPEval"] = absent("takes at most 6 players")
    else:
        theirs = ompeval(board, holes)["equity"]
        details["OMPEval agrees"] = max(abs(a.equity - b) for a, b in zip(by_table.players, theirs)) < 1e-5
        functions["OMPEval"] = lambda: ompeval_timed(board, holes)
    timings = side_by_side(functions, rounds)
    for peer in functions:
        if peer != "pysolver":
            peers[peer] = Side(timings[peer])
    return Result(
        name.replace(", ", "-").replace(" ", "-"),
        f"every runout, {name} ({count:,} runouts)",
        "run",
        Side(timings["pysolver"]),
        dict(sorted(peers.items())),
        details=details,
    )


def choice_case(candidates: int, rounds: int) -> Result:
    """Heads-up from the turn over the first ``candidates`` unseen cards: runouts() with the
    rest dead, beside the choice encoding over the same cards."""
    holes, board = DEALS["heads-up, turn"]
    rules = pysolver.load_rules()
    situation = whatif_situation(holes, board, (), rules)
    kept, dead = situation.unseen[:candidates], situation.unseen[candidates:]
    facts = CHOICE + whatif_facts(situation.deal, kept, 1)
    sizes: list[int] = []

    def choice() -> int:
        ctl = AspProgram(rules, CHOICE_FILES).ground(facts, ["--models=0", "--stats"])
        answers: list[int] = []
        ctl.solve(on_model=lambda m: answers.append(1))
        sizes.append(int(ctl.statistics["problem"]["lp"]["rules"]))
        return len(answers)

    situation_k = whatif_situation(holes, board, dead, rules)
    _, size = solve_whatif(situation_k, statistics=True)
    answers = choice()
    timings = side_by_side({"pysolver": lambda: pysolver.runouts(holes, board, dead=dead), "choice": choice}, rounds)
    return Result(
        f"choice-{candidates}",
        f"heads-up, turn, first {candidates} unseen cards only ({candidates} runouts)",
        "run",
        Side(timings["pysolver"]),
        {"choice": Side(timings["choice"])},
        details={"answers": answers, "ground rules": size.rules, "choice ground rules": sizes[0]},
    )


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    rounds = 2 if quick else 5
    pysolver.runouts(*DEALS["heads-up, turn"])  # parse the encodings once
    cases = [runouts_case(name, holes, board, rounds) for name, (holes, board) in DEALS.items()]
    if not quick:
        cases += [choice_case(k, rounds) for k in (2, 3)]
    for case in cases:
        print(case.line())
    write_results(
        "whatif",
        cases,
        title="ASP what-if (runouts)",
        quick=quick,
        peers=versions(),
        notes=[
            "pysolver is runouts(): one clingo program in which every runout is its own showdown id, "
            "with categories, outs and runner-runner pairs besides the counts.",
            "pysolver evaluator is pysolver.equity(..., exact=True) on the same deal: the same runouts "
            "walked with the lookup tables, counts only. naive copies: every runout as its own deal "
            "through Solver.solve_batch. choice: one showdown whose missing card is a choice rule, "
            "each runout an answer set, on the first 2 or 3 unseen cards only (it grounds far more rules).",
            "OMPEval: its exact mode on the same deal, the seconds it reports for the calculation alone; "
            "it takes at most 6 players.",
        ],
    )


__all__ = ["main"]


if __name__ == "__main__":
    main()
