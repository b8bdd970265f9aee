"""Equity in games beyond hold'em beside poker-equity (Rust, pip) and pokerkit (pure Python), the
same spots in one run.

    python benchmarks/bench_game_equity.py            # about three minutes
    python benchmarks/bench_game_equity.py --quick    # fewer rounds and trials

Each row is one question the programs answer: an exact enumeration (total time) or a Monte
Carlo run (time per trial), each program on every core (pokerkit on one: it takes an executor
of processes, not threads). Their equities are compared in the row: equal where both count
exactly, within four standard errors where either samples. pokerkit only samples, so it is on
the Monte Carlo rows, with fewer trials (:data:`POKERKIT_TRIALS`): a rate per trial.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bench_game_values import POKERKIT_HANDS
from harness import Result, Side, absent, package_version, quick_flag, side_by_side, write_results
from peers import not_installed

import pysolver

PEER = "poker-equity"
POKERKIT = "pokerkit"
POKERKIT_TRIALS = 2_000
"""Trials of a pokerkit run (some 400 a second on the reference machine)."""


@dataclass(frozen=True)
class Spot:
    key: str
    game: str  # pysolver's rule book
    peer_game: str  # poker-equity's variant
    players: tuple[str, ...]
    board: str
    trials: int | None  # None: exact

    def what(self) -> str:
        board = f" on {self.board}" if self.board else " preflop"
        how = "exact" if self.trials is None else f"Monte Carlo, {self.trials:,} trials"
        return f"{self.game}: {' vs '.join(self.players)}{board}, {how}"


SPOTS = (
    Spot("omaha-preflop", "omaha", "omaha", ("Ah Kh Qd Jd", "9s 9c 8s 7c"), "", None),
    Spot("omaha-flop", "omaha", "omaha", ("Ah Kh Qd Jd", "9s 9c 8s 7c"), "Th 8d 2c", None),
    Spot("o8-flop", "omaha_hi_lo", "omaha_hi_lo", ("Ah 3h Kd Qd", "As 2s 9c 9d"), "2c 5d 8h", None),
    Spot("o8-preflop", "omaha_hi_lo", "omaha_hi_lo", ("Ah 3h Kd Qd", "As 2s 9c 9d"), "", None),
    Spot("big-o-flop", "big_o", "omaha_five_hi_lo", ("Ah 3h Kd Qd Js", "As 2s 9c 9d 7h"), "2c 5d 8h", None),
    Spot("o8-three-way-mc", "omaha_hi_lo", "omaha_hi_lo", ("Ah Ad 2h 3d", "random", "random"), "", 400_000),
    Spot("omaha-vs-random-mc", "omaha", "omaha", ("Ah Ad Kh Kd", "random"), "", 400_000),
)


BACKEND = "numba" if "numba" in pysolver.evaluator.backends_present() else "numpy"
"""pysolver's compiled loops where numba is installed: a long-running process's steady state (a fresh
process values a small question on numpy until its loops pay for loading)."""


def ours(spot: Spot, trials: int | None) -> pysolver.odds.GameEquity:
    return pysolver.game_equity(list(spot.players), spot.board, rules=spot.game, trials=trials, seed=1, backend=BACKEND)


def theirs(spot: Spot, trials: int | None) -> dict:
    import poker_equity

    hands = [p.replace(" ", "") if p != "random" else "*" * len(spot.players[0].split()) for p in spot.players]
    board = spot.board.replace(" ", "")
    if trials is None:
        return poker_equity.exact_from_text(spot.peer_game, hands, board)
    return poker_equity.chunk_from_text(spot.peer_game, hands, board, samples=trials, seed=1)


def pokerkit_equities(spot: Spot, trials: int) -> list[float]:
    """pokerkit's ``calculate_equities`` of the spot: a known hand a one-combo range, a random
    hand every combo of the deck."""
    from itertools import combinations

    import pokerkit

    deck = list(pokerkit.Deck.STANDARD)
    size = len(spot.players[0].split())
    ranges = [
        [list(combo) for combo in combinations(deck, size)] if p == "random" else [list(pokerkit.Card.parse(p))]
        for p in spot.players
    ]
    kinds = tuple(getattr(pokerkit, kind) for kind in POKERKIT_HANDS[spot.game])
    board = list(pokerkit.Card.parse(spot.board.replace(" ", "")))
    return pokerkit.calculate_equities(ranges, board, size, 5, pokerkit.Deck.STANDARD, kinds, sample_count=trials)


def within(mine: pysolver.odds.GameEquity, theirs: list[float], trials: int) -> bool:
    """Sampled equities within four standard errors (theirs: a share's spread over ``trials``)."""
    for p, q in zip(mine.players, theirs):
        error = 4 * ((p.stderr or 0.0) ** 2 + q * (1 - q) / trials) ** 0.5
        if abs(p.equity - q) > max(error, 1e-9):
            return False
    return True


def agree(mine: pysolver.odds.GameEquity, peer: dict) -> bool:
    """Exact equities equal; sampled ones within four standard errors (theirs and ours)."""
    for p, q in zip(mine.players, peer["players"]):
        error = 4 * ((p.stderr or 0.0) ** 2 + (q.get("std_error") or 0.0) ** 2) ** 0.5
        if abs(p.equity - q["equity"]) > max(error, 1e-9):
            return False
    return True


def case(spot: Spot, rounds: int, quick: bool) -> Result:
    trials = None if spot.trials is None else (spot.trials // 10 if quick else spot.trials)
    mine = ours(spot, trials)
    sides: dict[str, Callable[[], object]] = {"pysolver": lambda: ours(spot, trials)}
    peers: dict[str, Side] = {}
    details: dict = {"game": spot.game, "players": list(spot.players), "board": spot.board}
    details["equity"] = [round(p.equity, 6) for p in mine.players]
    if package_version(PEER):
        peer = theirs(spot, trials)
        details["peer_equity"] = [round(p["equity"], 6) for p in peer["players"]]
        details["agree"] = agree(mine, peer)
        sides[PEER] = lambda: theirs(spot, trials)
    else:
        peers[PEER] = absent(not_installed(PEER))
    kit_trials = POKERKIT_TRIALS // (4 if quick else 1)
    if trials is None:
        peers[POKERKIT] = absent("pokerkit only samples (calculate_equities): no exact count")
    elif not package_version(POKERKIT):
        peers[POKERKIT] = absent(not_installed(POKERKIT))
    elif spot.players.count("random") > 1:
        peers[POKERKIT] = absent(
            "pokerkit with two random hands (two ranges of every combo) gave no answer of 100 trials in two minutes"
        )
    else:
        kit = pokerkit_equities(spot, kit_trials)
        details["pokerkit_equity"] = [round(e, 6) for e in kit]
        details["pokerkit_agree"] = within(mine, kit, kit_trials)
        sides[POKERKIT] = lambda: pokerkit_equities(spot, kit_trials)
    timings = side_by_side(sides, rounds)
    items = 1 if trials is None else trials
    if PEER in sides:
        peers[PEER] = Side(timings[PEER], items=items)
    if POKERKIT in sides:
        peers[POKERKIT] = Side(timings[POKERKIT], items=kit_trials, note=f"{kit_trials:,} trials, one process")
    return Result(
        spot.key,
        spot.what(),
        "run" if trials is None else "trial",
        Side(timings["pysolver"], items=items, note="game_equity, every core"),
        peers,
        details=details | {"deals": mine.deals, "exact": mine.exact},
    )


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    pysolver.evaluator.load_kernel()
    cases = [case(spot, 2 if quick else 5, quick) for spot in SPOTS]
    for result in cases:
        print(result.line())
    write_results(
        "game_equity",
        cases,
        title="Equity in games beyond hold'em, beside poker-equity",
        quick=quick,
        peers={PEER: package_version(PEER), POKERKIT: package_version(POKERKIT)},
        notes=[
            "Both programs on every core; exact rows compare the total time, Monte Carlo rows the time per trial.",
            f"pysolver on its {BACKEND} backend (backend=), as a process that has loaded its compiled loops.",
            "Each row's equities are compared: equal where both count exactly, within four standard errors "
            "where either samples (details: agree, pokerkit_agree).",
            f"pokerkit samples only, {POKERKIT_TRIALS:,} trials a run on one process; its rows compare time per trial.",
        ],
    )


if __name__ == "__main__":
    main()
