"""Hand strength, potential and outs: pysolver beside eval7 and treys enumerating the same counts.

    python benchmarks/bench_strength.py            # under a minute (mostly the peers' two-card runs)
    python benchmarks/bench_strength.py --quick    # one-card lookahead only for the peers

No peer computes Billings et al.'s hand potential in one call, so each peer runs
the same enumeration written plainly on its own evaluator (every opponent
holding, every runout), and its counts are checked to equal pysolver's before
anything is timed. Hand strength alone, the full report and the outs have no
peer and are timed on their own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from harness import Result, Side, absent, measure, quick_flag, side_by_side, write_results
from peers import card_text, not_installed, versions

import pysolver

HOLE, FLOP, TURN = "AdQc", "3h 4c Jh", "3h 4c Jh 5s"
Evaluate = Callable[[list[int]], int]


def peer_potential(evaluate: Evaluate, hole: list[int], board: list[int], cards_to_come: int) -> list[list[int]]:
    """HP[before][after] (ahead, tied, behind) by plain enumeration on a peer's evaluator
    (higher is better)."""
    known = set(hole) | set(board)
    unseen = [c for c in range(52) if c not in known]
    mine_now = evaluate(hole + board)
    runouts = list(combinations(unseen, cards_to_come))
    mine_later = [evaluate(hole + board + list(r)) for r in runouts]
    hp = [[0, 0, 0] for _ in range(3)]
    for opponent in combinations(unseen, 2):
        theirs = evaluate(list(opponent) + board)
        row = hp[0 if mine_now > theirs else 1 if mine_now == theirs else 2]
        for runout, mine in zip(runouts, mine_later):
            if opponent[0] in runout or opponent[1] in runout:
                continue
            theirs = evaluate(list(opponent) + board + list(runout))
            row[0 if mine > theirs else 1 if mine == theirs else 2] += 1
    return hp


def peer_evaluators() -> dict[str, Evaluate | str]:
    """Each peer's ``evaluate(card indices) -> value`` (higher is better), or why it is absent."""
    text = [card_text(i) for i in range(52)]
    found: dict[str, Evaluate | str] = {}
    try:
        import eval7

        seven = [eval7.Card(t) for t in text]
        found["eval7"] = lambda hand: eval7.evaluate([seven[i] for i in hand])
    except ImportError:
        found["eval7"] = not_installed("eval7")
    try:
        import treys

        evaluator, cards = treys.Evaluator(), [treys.Card.new(t) for t in text]
        # treys takes (hand, board) with 3 to 5 board cards and ranks 1 (best) .. 7462
        found["treys"] = lambda hand: -evaluator.evaluate([cards[i] for i in hand[:2]], [cards[i] for i in hand[2:]])
    except ImportError:
        found["treys"] = not_installed("treys")
    return found


def indices(text: str) -> list[int]:
    return [c.index for c in pysolver.parse_cards(text)]


def potential_case(
    key: str, what: str, board: str, cards_to_come: int, peers: dict[str, Evaluate | str], rounds: int
) -> Result:
    """PPot/NPot over ``cards_to_come`` cards: pysolver beside each peer's enumeration."""
    ours = pysolver.hand_potential(HOLE, board, cards_to_come)
    functions: dict[str, Callable[[], object]] = {
        "pysolver": lambda: pysolver.hand_potential(HOLE, board, cards_to_come)
    }
    sides: dict[str, Side] = {}
    for name, evaluate in peers.items():
        if isinstance(evaluate, str):
            sides[name] = absent(evaluate)
            continue
        counts = peer_potential(evaluate, indices(HOLE), indices(board), cards_to_come)
        assert counts == [list(r) for r in ours.counts], (name, what, counts, ours.counts)
        functions[name] = lambda e=evaluate: peer_potential(e, indices(HOLE), indices(board), cards_to_come)
    timings = side_by_side(functions, rounds)
    for name in functions:
        if name != "pysolver":
            sides[name] = Side(timings[name], note="plain enumeration on its evaluator; counts equal pysolver's")
    return Result(
        key,
        what,
        "run",
        Side(timings["pysolver"]),
        dict(sorted(sides.items())),
        details={"counts": [list(r) for r in ours.counts]},
    )


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    repeat, rounds = (5, 2) if quick else (15, 3)
    pysolver.hand_report(HOLE, FLOP)  # tables loaded once, outside the timings
    report = pysolver.hand_report(HOLE, FLOP)
    cases = [
        Result(
            "report-flop",
            f"HS + PPot/NPot over 1 and 2 cards, {HOLE} on {FLOP} (hand_report)",
            "run",
            Side(measure(lambda: pysolver.hand_report(HOLE, FLOP), repeat)),
            details={"hs": round(report.strength.hs, 4), "ehs": round(report.ehs, 4)},
        ),
        Result(
            "hs-flop",
            f"HS alone, {HOLE} on {FLOP} (hand_strength)",
            "run",
            Side(measure(lambda: pysolver.hand_strength(HOLE, FLOP), repeat)),
        ),
        Result(
            "outs",
            "outs, AsKs vs QhQd on Js Ts 2c",
            "run",
            Side(measure(lambda: pysolver.outs(["AsKs", "QhQd"], "Js Ts 2c"), repeat)),
        ),
    ]
    peers = peer_evaluators()
    cases.append(potential_case("ppot1-flop", f"PPot/NPot, 1 card to come, {HOLE} on {FLOP}", FLOP, 1, peers, rounds))
    cases.append(potential_case("ppot1-turn", f"PPot/NPot, 1 card to come, {HOLE} on {TURN}", TURN, 1, peers, rounds))
    if quick:
        print("--quick: the 2-card lookahead against the peers is left out")
    else:
        cases.append(potential_case("ppot2-flop", f"PPot/NPot, 2 cards to come, {HOLE} on {FLOP}", FLOP, 2, peers, 1))
    for case in cases:
        print(case.line())
    write_results(
        "strength",
        cases,
        title="Hand strength and potential",
        quick=quick,
        peers=versions(),
        notes=[
            "No peer computes hand potential in one call: each peer runs the same enumeration, written "
            "plainly in Python on its own evaluator (every opponent holding, every runout), and its "
            "counts were checked to equal pysolver's before timing.",
            "Rows without a peer are timed on their own, for reference.",
        ],
    )


__all__ = ["main"]


if __name__ == "__main__":
    main()
