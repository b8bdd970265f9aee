"""Time pysolver's evaluator beside eval7, phevaluator, poker-equity and treys, on the same hands.

    pip install -e '.[bench]'
    python benchmarks/bench_evaluator.py               # 1,000,000 random 7-card hands, seed 2026

Hands are drawn once (numpy ``default_rng(seed)``) and converted to each
library's own card type before any timing; each figure is the best of
``--repeat`` runs. The peers are called the way their authors offer: phevaluator's
C entry point per hand, eval7 and treys per hand, poker-equity's batch call on
hand strings. Each peer's values are checked against ours on the same hands
(phevaluator counts 1 = royal flush up to 7462, so ours must be 7463 minus
theirs). Peers that are not installed are skipped. A peer is timed on the first
``--peer-hands`` hands (its time is scaled to all hands) in three rounds, each
beside a run of ours on the same hands; the ratio printed is the median of the
rounds' ratios, so load from other processes touches both sides alike.
"""

from __future__ import annotations

import argparse
import time
from itertools import combinations

import numpy as np

from pysolver.evaluator.lookup import evaluate, evaluate_batch

SUITS, RANKS = "cdhs", "23456789TJQKA"


def best_time(run, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def card_text(index: int) -> str:
    return RANKS[index >> 2] + SUITS[index & 3]


def peers(hands: np.ndarray) -> dict:
    """name -> (callable evaluating all ``hands``, converted input, values higher-is-better fn)."""
    rows = hands.tolist()
    found = {}
    try:
        from phevaluator import _pheval
        evaluate_k = {5: _pheval.evaluate_5cards, 6: _pheval.evaluate_6cards, 7: _pheval.evaluate_7cards}
        ph = evaluate_k[hands.shape[1]]
        found["phevaluator"] = (lambda: [ph(*r) for r in rows], lambda v: 7463 - np.array(v))
    except ImportError:
        pass
    try:
        import eval7
        cards7 = [[eval7.Card(card_text(c)) for c in r] for r in rows]
        found["eval7"] = (lambda: [eval7.evaluate(r) for r in cards7], None)
    except ImportError:
        pass
    try:
        import poker_equity
        text = ["".join(card_text(c) for c in r) for r in rows]
        found["poker-equity"] = (lambda: poker_equity.score_batch("high", text), lambda v: 7462 - np.array(v))
    except ImportError:
        pass
    try:
        import treys
        tr = treys.Evaluator()
        cards_t = [[treys.Card.new(card_text(c)) for c in r] for r in rows]
        found["treys"] = (lambda: [tr.evaluate(r[:2], r[2:]) for r in cards_t], lambda v: 7463 - np.array(v))
    except ImportError:
        pass
    return found


def compare(title: str, hands: np.ndarray, repeat: int, peer_hands: int) -> None:
    """Our rate on all ``hands``; each peer beside us on the first ``peer_hands``, round by round."""
    n = len(hands)
    ours = {"pysolver (uint8)": hands.astype(np.uint8), "pysolver (int64)": hands.astype(np.int64)}
    values = evaluate_batch(ours["pysolver (uint8)"])
    print(f"\n{title}: {n:,} hands")
    for name, arr in ours.items():
        t = best_time(lambda: evaluate_batch(arr), repeat)
        print(f"  {name:18s} {t * 1e3:9.1f} ms  {n / t / 1e6:7.1f} M hands/s")
    sample = hands[:peer_hands]
    mine = sample.astype(np.uint8)
    for name, (run, to_ours) in peers(sample).items():
        theirs = np.array(run())
        if to_ours is not None:
            check = "values agree" if (to_ours(theirs) == values[:len(sample)]).all() else "VALUES DISAGREE"
        else:       # eval7: higher is better on its own scale; compare the order of consecutive hands
            same = np.sign(np.diff(theirs)) == np.sign(np.diff(values[:len(sample)].astype(int)))
            check = "order agrees" if same.all() else "ORDER DISAGREES"
        rounds = [(best_time(run, 1), best_time(lambda: evaluate_batch(mine), 3)) for _ in range(3)]
        t = min(peer for peer, _ in rounds)
        ratio = float(np.median([peer / us for peer, us in rounds]))
        print(f"  {name:18s} {t * 1e3 * n / len(sample):9.1f} ms  {len(sample) / t / 1e6:7.1f} M hands/s  "
              f"ours (uint8) is {ratio:5.1f}x faster  ({check}; {len(sample):,} hands, 3 rounds side by side)")


def single_hand(repeat: int) -> None:
    print("\nsingle-hand call overhead (microseconds per call)")
    text, indices = "As Kd 7h 7c 2s Td 3c", [51, 45, 22, 20, 3, 33, 4]
    row = np.array([indices], dtype=np.uint8)
    calls = {"evaluate(text)": lambda: evaluate(text), "evaluate(list of ints)": lambda: evaluate(indices),
             "evaluate_batch(1 x 7)": lambda: evaluate_batch(row)}
    try:
        from phevaluator import _pheval, evaluate_cards
        calls["phevaluator C entry (ints)"] = lambda: _pheval.evaluate_7cards(*indices)
        calls["phevaluator evaluate_cards(text)"] = lambda: evaluate_cards(*text.split())
    except ImportError:
        pass
    for name, call in calls.items():
        t = best_time(lambda: [call() for _ in range(10_000)], repeat) / 10_000
        print(f"  {name:34s} {t * 1e6:7.2f} us")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="random 7-card hands (default 1,000,000)")
    parser.add_argument("--peer-hands", type=int, default=200_000,
                        help="hands the per-hand peers are timed on, scaled to --hands (default 200,000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=5, help="best of this many runs (default 5)")
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    hands7 = np.argsort(rng.random((args.hands, 52)), axis=1)[:, :7]
    compare("random 7-card hands", hands7, args.repeat, args.peer_hands)
    hands5 = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    compare("all five-card hands", hands5, args.repeat, args.peer_hands)
    single_hand(args.repeat)


if __name__ == "__main__":
    main()
