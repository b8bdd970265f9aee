"""Evaluator speed: pysolver's evaluate_batch beside OMPEval, eval7, phevaluator, treys and poker-equity.

    python benchmarks/bench_evaluator.py            # 1,000,000 random 7-card hands, all 2,598,960 5-card hands
    python benchmarks/bench_evaluator.py --quick    # 100,000 hands of each, peers on 20,000

Beside OMPEval's evaluator (``ompev``, which draws its own seeded hands and
reports the best of 7 passes over them), pysolver and phevaluator also take
the best of 7 passes, once on one thread each and once on every core. On
every core all three are timed as ompev can be: one worker per core (OMPEval
and phevaluator a process, pysolver a thread), each on its share of the hands
taking the best of its own passes, timed by the slowest; a further row times
pysolver's one ``evaluate_batch`` call over every core, the best of 7 calls.

Hands are drawn once (seed 2026) and converted to each library's card type
before any timing. pysolver evaluates the whole array in one call; the peers
are called the way their authors offer: phevaluator's C entry point, eval7 and
treys hand by hand, poker-equity's batch call on hand strings, on the first
``peer_hands`` hands. Every figure is per hand, and the programs take turns
within each round. Each peer's values are checked against pysolver's on the
same hands before any timing.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from itertools import combinations, pairwise

import numpy as np
from harness import Reported, Result, Side, absent, quick_flag, random_cards, side_by_side, write_results
from peers import card_text, not_installed, ompev, ompev_binary, ompeval_absent, versions

import pysolver

SEED = 2026
CALLS = 10_000  # single-hand calls per timed run
PASSES = 7  # the passes of which the OMPEval cases take the best, as ompev does
OMPEVAL_ROUNDS = 3  # the OMPEval cases take this many times the rounds of the others: a pass is 1-3 ms
CORES = os.cpu_count() or 1
Peer = tuple[Callable[[], object], Callable[[object], bool]]  # run, check of its answer


def hand_peers(hands: np.ndarray) -> dict[str, Peer | str]:
    """Each peer evaluating every row of ``hands`` (5 or 7 cards), with a check that its answer
    agrees with pysolver's values; a missing peer maps to the reason."""
    rows, ours = hands.tolist(), pysolver.evaluate_batch(hands).astype(np.int64)
    found: dict[str, Peer | str] = {}
    try:
        from phevaluator import _pheval

        evaluate_k = {5: _pheval.evaluate_5cards, 7: _pheval.evaluate_7cards}[hands.shape[1]]
        # phevaluator counts 1 = royal flush up to 7462: ours is 7463 minus theirs
        found["phevaluator"] = (
            lambda: [evaluate_k(*r) for r in rows],
            lambda v: bool((7463 - np.array(v) == ours).all()),
        )
    except ImportError:
        found["phevaluator"] = not_installed("phevaluator")
    try:
        import eval7

        cards = [[eval7.Card(card_text(c)) for c in r] for r in rows]
        # eval7's values are on its own scale (higher is better): the order must agree
        found["eval7"] = (
            lambda: [eval7.evaluate(r) for r in cards],
            lambda v: bool((np.sign(np.diff(v)) == np.sign(np.diff(ours))).all()),
        )
    except ImportError:
        found["eval7"] = not_installed("eval7")
    try:
        import treys

        evaluator = treys.Evaluator()
        cards_t = [[treys.Card.new(card_text(c)) for c in r] for r in rows]
        found["treys"] = (
            lambda: [evaluator.evaluate(r[:2], r[2:]) for r in cards_t],
            lambda v: bool((7463 - np.array(v) == ours).all()),
        )
    except ImportError:
        found["treys"] = not_installed("treys")
    try:
        import poker_equity

        text = ["".join(card_text(c) for c in r) for r in rows]
        found["poker-equity"] = (
            lambda: poker_equity.score_batch("high", text),
            lambda v: bool((7462 - np.array(v) == ours).all()),
        )
    except ImportError:
        found["poker-equity"] = not_installed("poker-equity")
    return found


def batch_cases(key: str, what: str, hands: np.ndarray, peer_hands: int, rounds: int) -> list[Result]:
    """pysolver on all ``hands`` (uint8 and int64 input) beside each peer on the first ``peer_hands``."""
    sample = hands[:peer_hands]
    wide = hands.astype(np.int64)
    functions: dict[str, Callable[[], object]] = {
        "pysolver": lambda: pysolver.evaluate_batch(hands, threads=1),
        "pysolver int64": lambda: pysolver.evaluate_batch(wide, threads=1),
    }
    checks: dict[str, bool] = {}
    peers: dict[str, Side] = {}
    for name, peer in hand_peers(sample).items():
        if isinstance(peer, str):
            peers[name] = absent(peer)
            continue
        run, check = peer
        checks[name] = check(run())
        functions[name] = run
    timings = side_by_side(functions, rounds)
    for name in functions:
        if name in checks:
            agree = "values agree" if checks[name] else "VALUES DISAGREE"
            peers[name] = Side(timings[name], len(sample), note=f"{agree}; first {len(sample):,} hands")
    peers = {name: peers[name] for name in sorted(peers)}
    details = {"hands": len(hands), "peer_hands": len(sample), "seed": SEED, "agree": checks}
    return [
        Result(key, what, "hand", Side(timings["pysolver"], len(hands), note="uint8 input"), peers, details=details),
        Result(
            key + "-int64",
            what + ", int64 input",
            "hand",
            Side(timings["pysolver int64"], len(hands), note="int64 input"),
        ),
    ]


def best_of_passes(call: Callable[[], object]) -> Reported:
    """The shortest of :data:`PASSES` runs of ``call``, as ompev reports its own."""
    seconds = []
    for _ in range(PASSES):
        start = time.perf_counter()
        call()
        seconds.append(time.perf_counter() - start)
    return Reported(min(seconds))


def _phevaluator_share(rows: list) -> float:
    from phevaluator import _pheval

    return best_of_passes(lambda: [_pheval.evaluate_7cards(*r) for r in rows]).wall


def phevaluator_on(rows: list, processes: int) -> Callable[[], Reported]:
    """phevaluator on ``rows`` in ``processes`` processes at once, each the best of its passes on
    its share, timed by the slowest (processes started before the clock). The processes come from
    a fork server, not from this process: a fork of this process would leave its pages shared
    copy-on-write, and pysolver's next writes here would each take a page fault (30% slower)."""
    bounds = [len(rows) * i // processes for i in range(processes + 1)]
    shares = [rows[start:stop] for start, stop in pairwise(bounds)]

    def run() -> Reported:
        with multiprocessing.get_context("forkserver").Pool(processes) as pool:
            return Reported(max(pool.map(_phevaluator_share, shares)))

    return run


def pysolver_on(hands: np.ndarray, workers: int) -> Callable[[], Reported]:
    """pysolver on ``hands`` as ompev runs on every core: ``workers`` threads at once, each calling
    ``evaluate_batch(share, threads=1, out=values)`` on its share (into an array of its own, as a
    caller valuing batch after batch does), the best of its passes, timed by the slowest."""
    bounds = [len(hands) * i // workers for i in range(workers + 1)]
    shares = [(hands[start:stop], np.empty(stop - start, np.int16)) for start, stop in pairwise(bounds)]

    def run() -> Reported:
        with ThreadPoolExecutor(workers) as pool:
            best = pool.map(
                lambda share: best_of_passes(lambda: pysolver.evaluate_batch(share[0], threads=1, out=share[1])).wall,
                shares,
            )
            return Reported(max(best))

    return run


def ompeval_cases(hands: np.ndarray, peer_hands: int, rounds: int) -> list[Result]:
    """pysolver, OMPEval and phevaluator on random 7-card hands, the best of 7 passes each: one thread
    each, then every core (pysolver's threads, one process per core for the peers)."""
    n, sample = len(hands), hands[:peer_hands].tolist()
    try:
        import phevaluator  # noqa: F401

        has_phevaluator = True
    except ImportError:
        has_phevaluator = False
    results = []
    for key, label, threads in (
        ("7-card-1-thread", "one thread each", 1),
        ("7-card-every-core", f"every core ({CORES}) each", 0),
    ):
        processes = 1 if threads == 1 else CORES
        functions: dict[str, Callable[[], object]] = {"pysolver": pysolver_on(hands, processes)}
        if ompev_binary():
            functions["OMPEval"] = lambda processes=processes: ompev(SEED, n, processes)
        if has_phevaluator:
            functions["phevaluator"] = phevaluator_on(sample, processes)
        timings = side_by_side(functions, rounds)
        peers = {
            "OMPEval": Side(timings["OMPEval"], n, note="ompev: its own seeded hands")
            if "OMPEval" in timings
            else absent(ompeval_absent()),
            "phevaluator": Side(timings["phevaluator"], len(sample), note=f"first {len(sample):,} hands")
            if "phevaluator" in timings
            else absent(not_installed("phevaluator")),
        }
        results.append(
            Result(
                key,
                f"{n:,} random 7-card hands, best of {PASSES} passes, {label}",
                "hand",
                Side(timings["pysolver"], n, note=f"uint8 input, {processes} thread(s) of threads=1"),
                peers,
                details={
                    "hands": n,
                    "peer_hands": len(sample),
                    "seed": SEED,
                    "passes": PASSES,
                    "processes": processes,
                    "backend": pysolver.evaluator.backend(),
                },
            )
        )
    one_call = side_by_side(
        {"pysolver": lambda: best_of_passes(lambda: pysolver.evaluate_batch(hands, threads=0))}, rounds
    )
    results.append(
        Result(
            "7-card-every-core-one-call",
            f"{n:,} random 7-card hands, best of {PASSES} passes, one call on every core ({CORES})",
            "hand",
            Side(one_call["pysolver"], n, note="uint8 input, threads=0"),
            details={"hands": n, "seed": SEED, "passes": PASSES, "backend": pysolver.evaluator.backend()},
        )
    )
    return results


def repeated(call: Callable[[], object]) -> Callable[[], None]:
    """``call`` made CALLS times in one timed run."""

    def run() -> None:
        for _ in range(CALLS):
            call()

    return run


def single_cases(rounds: int) -> list[Result]:
    """The cost of one call on one 7-card hand: from card indices, and from text."""
    text, indices = "As Kd 7h 7c 2s Td 3c", [51, 45, 22, 20, 3, 33, 4]
    row = np.array([indices], dtype=np.uint8)
    by_index: dict[str, Callable[[], object] | None] = {}
    by_text: dict[str, Callable[[], object] | None] = {}
    try:
        from phevaluator import _pheval, evaluate_cards

        by_index["phevaluator"] = lambda: _pheval.evaluate_7cards(*indices)
        by_text["phevaluator"] = lambda: evaluate_cards(*text.split())
    except ImportError:
        by_index["phevaluator"] = by_text["phevaluator"] = None
    try:
        import eval7

        cards = [eval7.Card(t) for t in text.split()]
        by_index["eval7"] = lambda: eval7.evaluate(cards)
        by_text["eval7"] = lambda: eval7.evaluate([eval7.Card(t) for t in text.split()])
    except ImportError:
        by_index["eval7"] = by_text["eval7"] = None
    try:
        import treys

        evaluator, cards_t = treys.Evaluator(), [treys.Card.new(t) for t in text.split()]
        by_index["treys"] = lambda: evaluator.evaluate(cards_t[:2], cards_t[2:])

        def treys_from_text() -> int:
            cards = [treys.Card.new(t) for t in text.split()]
            return evaluator.evaluate(cards[:2], cards[2:])

        by_text["treys"] = treys_from_text
    except ImportError:
        by_index["treys"] = by_text["treys"] = None
    results = []
    for key, what, ours, peers in (
        (
            "single-index",
            "one 7-card hand per call, card indices (peers: their own card objects)",
            lambda: pysolver.evaluate(indices),
            by_index,
        ),
        ("single-text", "one 7-card hand per call, from text", lambda: pysolver.evaluate(text), by_text),
        ("single-batch", "evaluate_batch of a 1 x 7 array", lambda: pysolver.evaluate_batch(row), {}),
    ):
        present = {name: repeated(call) for name, call in peers.items() if call is not None}
        timings = side_by_side({"pysolver": repeated(ours), **present}, rounds)
        sides = {
            name: Side(timings[name], CALLS) if name in present else absent(not_installed(name))
            for name in sorted(peers)
        }
        results.append(Result(key, what, "call", Side(timings["pysolver"], CALLS), sides))
    return results


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    count, peer_hands, rounds = (100_000, 20_000, 3) if quick else (1_000_000, 200_000, 5)
    hands7 = random_cards(count, 7, SEED)
    hands5 = np.array(list(combinations(range(52), 5)), dtype=np.uint8)
    if quick:
        hands5 = hands5[np.random.default_rng(SEED).choice(len(hands5), count, replace=False)]
    pysolver.evaluator.load_kernel()  # loaded before any timing, not after 4,194,304 hands
    cases = ompeval_cases(hands7, peer_hands, OMPEVAL_ROUNDS * rounds)
    cases += batch_cases("7-card", f"{count:,} random 7-card hands", hands7, peer_hands, rounds)
    cases += batch_cases(
        "5-card", f"{'all' if not quick else 'random'} {len(hands5):,} 5-card hands", hands5, peer_hands, rounds
    )
    cases += single_cases(rounds)
    for case in cases:
        print(case.line())
    write_results(
        "evaluator",
        cases,
        title="Hand evaluator",
        quick=quick,
        peers=versions(),
        notes=[
            f"The first two cases take the best of {PASSES} passes on each side, as OMPEval's evaluator "
            "driver ompev reports it (ompev draws its own seeded hands and builds each hand card by card "
            "as OMPEval's Hand objects are meant to be used). On every core the three are timed alike, as "
            "ompev allows: one worker per core (OMPEval and phevaluator a process, pysolver a thread calling "
            "evaluate_batch with threads=1), each on its share of the hands taking the best of its own "
            "passes, timed by the slowest. Timing pysolver's one threaded call against that (each pass "
            "needing every core at the same moment, while each ompev process picks its own best moment) "
            "is unfair to pysolver on a shared machine; that call is its own row, without peers.",
            "pysolver evaluates the whole array in one evaluate_batch call (the compiled kernel, one "
            "thread unless said); each peer is called the way "
            "its authors offer (phevaluator's C entry point, eval7 and treys hand by hand, poker-equity's "
            "batch call on hand strings) on the first hands of the same array, converted to its own card "
            "type before timing.",
            "Every peer's values were checked against pysolver's on the same hands (eval7: the order).",
        ],
    )


__all__ = ["main"]


if __name__ == "__main__":
    main()
