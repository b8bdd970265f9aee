"""Hand strength, potential and outs: pysolver side by side with eval7 and treys brute force.

No peer computes Billings et al.'s tables in one call, so each peer runs the same
enumeration written plainly on its own evaluator (every opponent holding, every
runout), and the counts are checked to agree before anything is timed.

    python benchmarks/bench_strength.py            # needs the bench extra: pip install -e '.[bench]'
    python benchmarks/bench_strength.py --quick    # skip the slowest peer runs
"""

from __future__ import annotations

import argparse
import time
from itertools import combinations

from pysolver.core.cards import parse_cards
from pysolver.odds.draws import outs
from pysolver.odds.potential import hand_potential, hand_report
from pysolver.odds.strength import hand_strength


def best_of(function, repeat: int) -> tuple[float, object]:
    """The least CPU time in seconds of ``repeat`` runs, and the last result.

    CPU time of this process (``time.process_time``), not wall time: the machine is
    shared, and waiting for a core would otherwise count; numpy runs on one thread,
    so on an idle machine the two agree.
    """
    best, result = float("inf"), None
    for _ in range(repeat):
        start = time.process_time()
        result = function()
        best = min(best, time.process_time() - start)
    return best, result


def peer_potential(evaluate, hole, board, cards_to_come):
    """HP[before][after] by plain enumeration on a peer's evaluator (higher is better)."""
    known = set(hole) | set(board)
    unseen = [c for c in range(52) if c not in known]
    mine_now = evaluate(hole + board)
    runouts = list(combinations(unseen, cards_to_come))
    mine_later = [evaluate(hole + board + list(r)) for r in runouts]
    hp = [[0, 0, 0] for _ in range(3)]
    for opp in combinations(unseen, 2):
        theirs = evaluate(list(opp) + board)
        row = hp[0 if mine_now > theirs else 1 if mine_now == theirs else 2]
        for runout, mine in zip(runouts, mine_later):
            if opp[0] in runout or opp[1] in runout:
                continue
            theirs = evaluate(list(opp) + board + list(runout))
            row[0 if mine > theirs else 1 if mine == theirs else 2] += 1
    return hp


def peer_evaluators():
    """``{name: evaluate(card indices) -> value, higher better}`` for the peers installed."""
    peers = {}
    text = [r + s for r in "23456789TJQKA" for s in "cdhs"]
    try:
        import eval7
        seven = [eval7.Card(t) for t in text]
        peers["eval7"] = lambda hand: eval7.evaluate([seven[i] for i in hand])
    except ImportError:
        print("eval7 not installed: pip install eval7")
    try:
        from treys import Card as TreysCard, Evaluator
        evaluator, trey = Evaluator(), [TreysCard.new(t) for t in text]
        # treys takes (board, hand) with 3..5 board cards and ranks 1 (best) .. 7462
        peers["treys"] = lambda hand: -evaluator.evaluate([trey[i] for i in hand[2:]],
                                                          [trey[i] for i in hand[:2]])
    except ImportError:
        print("treys not installed: pip install treys")
    return peers


def row(task: str, ours: float, peer: str, theirs: float) -> None:
    print(f"{task:<44} {ours * 1e3:>9.2f} ms   {peer:<6} {theirs * 1e3:>10.1f} ms   x{theirs / ours:>8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="one-card lookahead only for the peers")
    parser.add_argument("--repeat", type=int, default=15, help="runs of each pysolver timing (best is kept)")
    args = parser.parse_args()

    hole, flop, turn = "AdQc", "3h 4c Jh", "3h 4c Jh 5s"
    idx = lambda text: [c.index for c in parse_cards(text)]
    print("CPU times (best of --repeat for pysolver, one run per peer)")
    print(f"{'task':<44} {'pysolver':>12}   {'peer':<6} {'peer time':>13}   ratio")
    t_report, report = best_of(lambda: hand_report(hole, flop), args.repeat)
    t_two, two = best_of(lambda: hand_potential(hole, flop, 2), args.repeat)
    t_one, one = best_of(lambda: hand_potential(hole, flop, 1), args.repeat)
    t_turn, on_turn = best_of(lambda: hand_potential(hole, turn, 1), args.repeat)
    t_hs, _ = best_of(lambda: hand_strength(hole, flop), args.repeat)
    t_outs, _ = best_of(lambda: outs("AsKs", "QhQd", "Js Ts 2c"), args.repeat)
    print(f"{'HS + PPot/NPot 1 and 2 cards, flop (all)':<44} {t_report * 1e3:>9.2f} ms   (target <= 50 ms)")
    print(f"{'HS alone, flop':<44} {t_hs * 1e3:>9.2f} ms")
    print(f"{'outs AsKs vs QhQd on Js Ts 2c':<44} {t_outs * 1e3:>9.2f} ms")
    for name, evaluate in peer_evaluators().items():
        cases = [("PPot/NPot 1 card, flop AdQc 3h4cJh", t_one, one, flop, 1),
                 ("PPot/NPot 1 card, turn AdQc 3h4cJh5s", t_turn, on_turn, turn, 1)]
        if not args.quick and name == "eval7":
            cases.append(("PPot/NPot 2 cards, flop AdQc 3h4cJh", t_two, two, flop, 2))
        for task, ours, result, board, k in cases:
            start = time.process_time()
            hp = peer_potential(evaluate, idx(hole), idx(board), k)
            theirs = time.process_time() - start
            assert hp == [list(r) for r in result.counts], (name, task, hp, result.counts)
            row(task, ours, name, theirs)
    print(f"AdQc on 3h 4c Jh: HS {report.strength.hs:.4f}  PPot2 {report.two_cards.ppot:.4f}  "
          f"NPot2 {report.two_cards.npot:.4f}  EHS {report.ehs:.4f}")


if __name__ == "__main__":
    main()
