"""Equity speed: pysolver.equity beside OMPEval, poker-equity and eval7, same spots, same mode.

    python benchmarks/bench_equity.py            # about 7 minutes: equity.json, equity-mc.json
    python benchmarks/bench_equity.py --long     # the spots whose OMPEval run takes minutes, about
                                                 # 30 minutes: equity-long.json
    python benchmarks/bench_equity.py --quick    # the fast spots only, one peer run each
    python benchmarks/bench_equity.py --spots ranges-flop hu-preflop --name equity-some
    python benchmarks/bench_equity.py --frontier       # multiway spots, 4 minutes: equity-frontier.json
    python benchmarks/bench_equity.py --monte-carlo    # the Monte Carlo rows alone: equity-mc.json

Each row lives in one results file: the exact spots and the heads-up Monte Carlo
row in ``equity.json``, the Monte Carlo rows per player count in ``equity-mc.json``
(a full run writes both), the spots whose OMPEval run takes minutes (``long``) in
``equity-long.json``, the frontier in ``equity-frontier.json``.

Exact spots are enumerated exactly by every program timed on them (pysolver's
result must say ``exact``; OMPEval in its exact mode; poker-equity's exact walk,
recorded absent where it declines). The Monte Carlo spot compares the cost of a
trial: pysolver and poker-equity draw 10,000,000 trials, eval7 10,000,000 on its
Monte Carlo call, OMPEval samples to a standard error of 0.0005 (it checks every
0.2 s) and its seconds are scaled to 10,000,000 trials from the trials it reports.
Each program's run is then a tenth of a second or more: a call of a few
milliseconds on every core swings with whatever else the machine runs.
Every row is measured twice: OMPEval and pysolver on one thread each, then on
every core each (OMPEval's default ``--threads 0``, pysolver's ``threads=None``);
the results file holds both, as two cases of one key with ``threads`` 1 and the
machine's cores. poker-equity's sampler is given one thread, its exact walk takes
no thread count (it and eval7 are on the one-thread rows only). Each program's
equities are checked against pysolver's. A spot timed once (its OMPEval run takes
minutes) takes OMPEval's time from the run that checked its equities.

Monte Carlo rows per player count follow (2, 3, 6 and 9 players; known hands,
and AhKh against random hands), OMPEval absent past its six players.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

from harness import THREADS, Reported, Result, Side, absent, package_version, side_by_side, write_results
from peers import not_installed, ompeval, ompeval_absent, ompeval_binary, ompeval_timed, versions

import pysolver
from pysolver.evaluator import load_kernel
from pysolver.odds import EquityResult

MC_STDERR = 0.0005
MC_TRIALS = 10_000_000  # a Monte Carlo call of 0.1-1 s, about as long as OMPEval's run to MC_STDERR
MC_ROUNDS = 9  # rounds of a Monte Carlo row (a median of 9): the machine's other work comes and goes


@dataclass(frozen=True)
class Spot:
    """One exact equity question: players (hands, ranges, ``random``), a board and dead cards."""

    key: str
    what: str
    players: tuple[str, ...]
    board: str = ""
    table: bool = True  # pysolver may read its shipped preflop tables
    slow: bool = False  # left out of --quick
    long: bool = False  # OMPEval takes minutes: measured by --long alone, into equity-long.json
    rounds: int = 5  # of the full run
    dead: str = ""


SPOTS = (
    Spot("hu-preflop", "AhKh vs QsQd preflop, exact", ("AhKh", "QsQd")),
    Spot("3way-preflop", "AhKh vs QsQd vs JcTc preflop, exact", ("AhKh", "QsQd", "JcTc")),
    Spot("hand-random-flop", "AsKs vs random on Qs Js 2c, exact", ("AsKs", "random"), "Qs Js 2c"),
    Spot("range-random-flop", "QQ+,AKs vs random on Ks 7h 2d, exact", ("QQ+,AKs", "random"), "Ks 7h 2d"),
    Spot(
        "ranges-random-turn",
        "TT+,AQs+,AKo vs 88,77,66,KQs,JTs vs random on Kh 9d 4c 2s, exact",
        ("TT+,AQs+,AKo", "88,77,66,KQs,JTs", "random"),
        "Kh 9d 4c 2s",
    ),
    Spot("ranges-preflop", "QQ+,AKs vs JJ,TT,99,AQs preflop, exact", ("QQ+,AKs", "JJ,TT,99,AQs"), rounds=3),
    Spot("ranges-flop", "QQ+,AKs vs JJ,TT,99,AQs on Ks 7h 2d, exact", ("QQ+,AKs", "JJ,TT,99,AQs"), "Ks 7h 2d"),
    Spot(
        "wide-ranges-preflop",
        "66+,A8s+,KJs+,ATo+ vs the same preflop, exact",
        ("66+,A8s+,KJs+,ATo+", "66+,A8s+,KJs+,ATo+"),
        rounds=3,
    ),
    Spot("three-ranges-preflop", "AK vs QQ vs JTs (every combo) preflop, exact", ("AK", "QQ", "JTs"), rounds=3),
    Spot("four-ranges-preflop", "AKs vs QQ vs JJ vs TT preflop, exact", ("AKs", "QQ", "JJ", "TT"), rounds=3),
    Spot(
        "wide-random-preflop",
        "22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+ vs random preflop, exact",
        ("22+,A2s+,K9s+,QTs+,JTs,ATo+,KJo+", "random"),
        slow=True,
        long=True,
        rounds=1,
    ),
    Spot(
        "hand-two-random-preflop",
        "AhKh vs random vs random preflop, exact",
        ("AhKh", "random", "random"),
        slow=True,
        long=True,
        rounds=1,
    ),
    Spot(
        "ranges-preflop-dead",
        "QQ+,AKs vs JJ,TT,99,AQs preflop, 2c dead, exact (pysolver: no table)",
        ("QQ+,AKs", "JJ,TT,99,AQs"),
        dead="2c",
        rounds=3,
    ),
    Spot(
        "hand-two-random-flop",
        "AhKh vs random vs random on Qs Js 2c, exact",
        ("AhKh", "random", "random"),
        "Qs Js 2c",
        rounds=3,
    ),
    Spot("table-preflop", "7c2d vs random preflop, exact (pysolver: shipped table)", ("7c2d", "random"), rounds=3),
    Spot(
        "computed-72o",
        "7c2d vs random preflop, exact (pysolver: computed, table=False)",
        ("7c2d", "random"),
        table=False,
        slow=True,
        rounds=3,
    ),
    Spot(
        "computed-AKs",
        "AhKh vs random preflop, exact (pysolver: computed, table=False)",
        ("AhKh", "random"),
        table=False,
        slow=True,
        rounds=3,
    ),
)


def poker_equity_exact(spot: Spot) -> Callable[[], object] | None:
    """poker-equity's exact walk of the spot (None if it is not installed)."""
    try:
        import poker_equity
    except ImportError:
        return None
    hands = [p.replace("random", "**") for p in spot.players]
    return lambda: poker_equity.exact_from_text("holdem", hands, board=spot.board, dead=spot.dead)


def eval7_runouts() -> Callable[[], None]:
    """AhKh vs QsQd preflop by eval7, every run-out compared (its exact call scores only
    the board as given, so it has no exact preflop mode of its own)."""
    import eval7

    hero, villain = [eval7.Card(c) for c in ("Ah", "Kh")], [eval7.Card(c) for c in ("Qs", "Qd")]
    rest = [c for c in eval7.Deck().cards if c not in hero + villain]

    def run() -> None:
        for board in combinations(rest, 5):
            _ = eval7.evaluate(hero + list(board)) > eval7.evaluate(villain + list(board))

    return run


def exact_case(spot: Spot, quick: bool, threads: int = 1) -> Result:
    """One exact spot on ``threads`` threads each: pysolver beside OMPEval and, on one thread,
    poker-equity and (heads-up preflop) eval7."""
    alone = threads == 1

    def ours() -> EquityResult:
        return pysolver.equity(
            list(spot.players),
            spot.board,
            dead=spot.dead,
            exact=True,
            table=spot.table,
            force=True,
            threads=1 if alone else None,
        )

    mine = ours()
    assert mine.exact, spot
    equities = [p.equity for p in mine.players]
    functions: dict[str, Callable[[], object]] = {"pysolver": ours}
    peers: dict[str, Side] = {}
    details: dict = {"equity": [round(e, 6) for e in equities], "deals": mine.deals}
    rounds = 1 if quick else spot.rounds
    if ompeval_binary() is None:
        peers["OMPEval"] = absent(ompeval_absent())
    else:
        on = 1 if alone else 0  # OMPEval's own default: every core
        checked = ompeval(spot.board, spot.players, dead=spot.dead, threads=on)
        details["OMPEval agrees"] = max(abs(a - b) for a, b in zip(equities, checked["equity"])) < 1e-5
        if rounds == 1:
            functions["OMPEval"] = lambda: Reported(checked["seconds"])
        else:
            functions["OMPEval"] = lambda: ompeval_timed(spot.board, spot.players, dead=spot.dead, threads=on)
    if not alone:
        timings = side_by_side(functions, rounds)
        peers |= {name: Side(timings[name]) for name in functions if name != "pysolver"}
        return Result(spot.key, spot.what, "run", Side(timings["pysolver"]), peers, details=details, threads=threads)
    walk = poker_equity_exact(spot)
    answer = None if walk is None or quick else walk()
    if walk is None:
        peers["poker-equity"] = absent(not_installed("poker-equity"))
    elif quick:
        peers["poker-equity"] = absent("left out of --quick")
    elif answer is None:  # after some 10 s of trying
        peers["poker-equity"] = absent("declines this spot (its exact walk returns None: too many deals)")
    else:
        theirs = [p["equity"] for p in answer["players"]]
        details["poker-equity agrees"] = max(abs(a - b) for a, b in zip(equities, theirs)) < 1e-5
        functions["poker-equity"] = walk
    if spot.key == "hu-preflop":
        if quick:
            peers["eval7"] = absent("left out of --quick")
        elif package_version("eval7") is None:
            peers["eval7"] = absent(not_installed("eval7"))
        else:
            functions["eval7"] = eval7_runouts()
    timings = side_by_side(functions, rounds)
    for name in functions:
        if name != "pysolver":
            peers[name] = Side(timings[name])
    return Result(
        spot.key, spot.what, "run", Side(timings["pysolver"]), dict(sorted(peers.items())), details=details, threads=1
    )


def monte_carlo_case(quick: bool, threads: int = 1) -> Result:
    """AhKh vs QsQd by sampling on ``threads`` threads each: the cost of a trial."""
    trials = MC_TRIALS // 10 if quick else MC_TRIALS
    alone = threads == 1
    functions: dict[str, Callable[[], object]] = {
        "pysolver": lambda: pysolver.equity(
            ["AhKh", "QsQd"], exact=False, trials=trials, seed=1, threads=1 if alone else None
        )
    }
    peers: dict[str, Side] = {}
    if ompeval_binary() is None:
        peers["OMPEval"] = absent(ompeval_absent())
    else:

        def omp() -> Reported:
            answer = ompeval("", ["AhKh", "QsQd"], mc_stderr=MC_STDERR, threads=1 if alone else 0)
            return Reported(answer["seconds"] * trials / answer["hands"])

        functions["OMPEval"] = omp
    if alone:
        _python_samplers(functions, peers, trials)
    timings = side_by_side(functions, 3 if quick else MC_ROUNDS)
    for name in functions:
        if name != "pysolver":
            note = f"samples to stderr {MC_STDERR}, scaled to {trials:,} trials" if name == "OMPEval" else ""
            peers[name] = Side(timings[name], trials, note=note)
    return Result(
        "mc-hu",
        f"AhKh vs QsQd preflop, Monte Carlo, {trials:,} trials",
        "trial",
        Side(timings["pysolver"], trials),
        dict(sorted(peers.items())),
        details={"seed": 1},
        threads=threads,
    )


def _python_samplers(functions: dict, peers: dict, trials: int) -> None:
    """poker-equity's and eval7's samplers on AhKh vs QsQd, one thread each (absent if not installed)."""
    try:
        import poker_equity

        functions["poker-equity"] = lambda: poker_equity.chunk_from_text(
            "holdem", ["AhKh", "QsQd"], samples=trials, seed=1, threads=1
        )
    except ImportError:
        peers["poker-equity"] = absent(not_installed("poker-equity"))
    try:
        import eval7

        hero, villain = [eval7.Card(c) for c in ("Ah", "Kh")], eval7.HandRange("QsQd")
        functions["eval7"] = lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], trials)
    except ImportError:
        peers["eval7"] = absent(not_installed("eval7"))


# --- Monte Carlo per player count ------------------------------------------------------------

KNOWN_HANDS = ("AhKh", "QsQd", "JcTc", "9s9d", "7h6h", "5c5d", "As2s", "KdQc", "8c8h")
RANGES = (
    "QQ+,AKs",
    "JJ,TT,99,AQs",
    "88,77,66,KQs,JTs",
    "A5s,A4s,A3s,A2s",  # OMPEval reads no dash ranges
    "KJs,QJs",
    "T9s,98s,87s",
    "55,44,33",
    "KQo,KJo",
    "22,76s",
)
"""The range players of the Monte Carlo rows with ranges, in seat order."""
MC_PLAYERS = (2, 3, 6, 9)
OMPEVAL_MOST_PLAYERS = 6


def mc_players(count: int, kind: str) -> list[str]:
    """The players of a Monte Carlo row: ``count`` known hands, ``count`` ranges, or AhKh against random hands."""
    if kind == "ranges":
        return list(RANGES[:count])
    return list(KNOWN_HANDS[:count]) if kind == "known" else ["AhKh"] + ["random"] * (count - 1)


def monte_carlo_players_case(count: int, kind: str, quick: bool, threads: int = 1) -> Result:
    """Preflop Monte Carlo of ``count`` players (known hands, or AhKh against random hands) on
    ``threads`` threads each, beside OMPEval (six players at most): the cost of a trial."""
    trials = MC_TRIALS // 10 if quick else MC_TRIALS
    players = mc_players(count, kind)
    on = 1 if threads == 1 else None
    mine = pysolver.equity(players, exact=False, trials=trials, seed=1, threads=on)
    functions: dict[str, Callable[[], object]] = {
        "pysolver": lambda: pysolver.equity(players, exact=False, trials=trials, seed=1, threads=on)
    }
    peers: dict[str, Side] = {}
    details: dict = {"seed": 1, "equity": [round(p.equity, 4) for p in mine.players], "stderr": mine.stderr}
    if ompeval_binary() is None:
        peers["OMPEval"] = absent(ompeval_absent())
    elif count > OMPEVAL_MOST_PLAYERS:
        peers["OMPEval"] = absent(f"takes {OMPEVAL_MOST_PLAYERS} players at most")
    else:
        omp_threads = 1 if threads == 1 else 0  # OMPEval's own default: every core
        checked = ompeval("", players, mc_stderr=MC_STDERR, threads=omp_threads)
        agree = max(abs(a - b) for a, b in zip(details["equity"], checked["equity"]))
        details["OMPEval agrees"] = agree < 4 * (MC_STDERR + (mine.stderr or 0.0))

        def omp() -> Reported:
            answer = ompeval("", players, mc_stderr=MC_STDERR, threads=omp_threads)
            return Reported(answer["seconds"] * trials / answer["hands"])

        functions["OMPEval"] = omp
    timings = side_by_side(functions, 3 if quick else MC_ROUNDS)
    for name in functions:
        if name != "pysolver":
            note = f"samples to stderr {MC_STDERR}, scaled to {trials:,} trials"
            peers[name] = Side(timings[name], trials, note=note)
    against = {"known": "known hands", "ranges": "ranges", "random": "AhKh vs random hands"}[kind]
    return Result(
        f"mc-{count}-{kind}",
        f"{count} players, {against}, preflop, Monte Carlo, {trials:,} trials",
        "trial",
        Side(timings["pysolver"], trials),
        peers,
        details=details,
        threads=threads,
    )


def monte_carlo_rows(quick: bool) -> list[Result]:
    """Every Monte Carlo row per player count, known hands, random hands and ranges, one thread and every core."""
    cases = []
    for kind in ("known", "random", "ranges"):
        for count in MC_PLAYERS:
            for threads in THREADS:
                cases.append(monte_carlo_players_case(count, kind, quick, threads))
                print(cases[-1].line(), flush=True)
    return cases


# --- The multiway frontier: hands and ranges against random hands, four ranges -------------------

SHORT = "4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d 7h 7s"  # dead: OMPEval enumerates these in seconds
FRONTIER = (
    Spot(
        "frontier-river-short",
        "AhKh vs random vs random vs random on Qs Js 2c 3d 9h, 4s to 7s dead, exact",
        ("AhKh", "random", "random", "random"),
        "Qs Js 2c 3d 9h",
        dead=SHORT,
        rounds=3,
    ),
    Spot(
        "frontier-turn-short",
        "AhKh vs random vs random vs random on Qs Js 2c 3d, 4s to 9s and Tc Td dead, exact",
        ("AhKh", "random", "random", "random"),
        "Qs Js 2c 3d",
        dead=SHORT + " 8c 8d 8h 8s 9c 9d 9h 9s Tc Td",
        rounds=3,
    ),
    Spot(
        "frontier-three-random-preflop",
        "AhKh vs random vs random vs random preflop, exact",
        ("AhKh", "random", "random", "random"),
        rounds=1,
    ),
    Spot(
        "frontier-range-three-random-preflop",
        "QQ+,AK vs random vs random vs random preflop, exact",
        ("QQ+,AK", "random", "random", "random"),
        slow=True,
        rounds=1,
    ),
    Spot(
        "frontier-two-known-preflop-short",
        "AhKh vs QsQd vs random vs random preflop, 4s to 9s dead, exact",
        ("AhKh", "QsQd", "random", "random"),
        dead=SHORT + " 8c 8d 8h 8s 9c 9d 9h 9s",
        rounds=3,
    ),
    Spot(
        "frontier-ranges-random-flop-short",
        "QQ+ vs JJ,TT vs AK vs random on Qh Jh 2c, 4s to 7s dead, exact",
        ("QQ+", "JJ,TT", "AK", "random"),
        "Qh Jh 2c",
        dead=SHORT,
        rounds=3,
    ),
    Spot(
        "frontier-four-ranges-flop-short",
        "QQ+ vs JJ+,AK vs TT+,AQs+ vs 99+,AJs+ on Kd 8c 2s, 4s to 7s dead, exact",
        ("QQ+", "JJ+,AK", "TT+,AQs+", "99+,AJs+"),
        "Kd 8c 2s",
        dead=SHORT,
        rounds=3,
    ),
    Spot(
        "frontier-two-known-preflop",
        "AhKh vs QsQd vs random vs random preflop, exact",
        ("AhKh", "QsQd", "random", "random"),
        rounds=1,
    ),
    Spot(
        "frontier-ranges-random-preflop",
        "QQ+ vs JJ,TT vs AK vs random preflop, exact",
        ("QQ+", "JJ,TT", "AK", "random"),
        slow=True,
        rounds=1,
    ),
    Spot(
        "frontier-four-ranges-preflop",
        "QQ+ vs JJ+,AK vs TT+,AQs+ vs 99+,AJs+ preflop, exact",
        ("QQ+", "JJ+,AK", "TT+,AQs+", "99+,AJs+"),
        rounds=1,
    ),
)
PEERLESS = "OMPEval enumerates every deal of this spot: half an hour or more (not run)"


def frontier_case(spot: Spot, quick: bool, threads: int) -> Result:
    """A frontier spot: beside OMPEval where it enumerates in seconds (a short deck), else
    pysolver's time alone, OMPEval recorded absent."""
    if spot.dead:
        return exact_case(spot, quick, threads)
    on = 1 if threads == 1 else None
    mine = pysolver.equity(list(spot.players), spot.board, exact=True, force=True, threads=on)
    assert mine.exact, spot
    timings = side_by_side(
        {"pysolver": lambda: pysolver.equity(list(spot.players), spot.board, exact=True, force=True, threads=on)},
        1 if quick else spot.rounds,
    )
    details = {"equity": [round(p.equity, 6) for p in mine.players], "deals": mine.deals}
    return Result(
        spot.key,
        spot.what,
        "run",
        Side(timings["pysolver"]),
        {"OMPEval": absent(PEERLESS)},
        details=details,
        threads=threads,
    )


def frontier_rows(quick: bool, keys: Sequence[str] | None = None) -> list[Result]:
    """The frontier rows (``keys``: only these), one thread and every core each."""
    cases = []
    for spot in FRONTIER:
        if (spot.key in keys) if keys else not (quick and spot.slow):
            for threads in THREADS:
                cases.append(frontier_case(spot, quick, threads))
                print(cases[-1].line(), flush=True)
    return cases


NOTES = [
    "Exact spots are enumerated exactly by every program on the row; each program's equities "
    "agree with pysolver's to 1e-5 (the details in the results file say so per spot).",
    "Each row is measured on one thread each, then on every core each (OMPEval's default "
    "--threads 0, pysolver's threads=None); the machine is shared, so every core is what the "
    "other processes leave. "
    "OMPEval's figure is the seconds it reports for the calculation alone, "
    "without its process start; pysolver and the Python peers are timed warm alike (a call "
    "under a second follows an untimed one, as the other programs' turns leave caches cold); "
    "a spot timed once takes OMPEval's time from the run that checked its equities. "
    "poker-equity's exact walk takes no thread count (its CPU time "
    "is in the results file); its sampler runs on one thread.",
    "eval7 has no exact preflop call (its exact hand-vs-range call scores the board as given), "
    "so heads-up preflop it runs every board through eval7.evaluate in Python.",
]
MC_NOTES = [
    f"Monte Carlo: the figure is trials per second. OMPEval samples to a standard error of "
    f"{MC_STDERR} (checked every 0.2 s) and its time is scaled to the trials of the row; "
    f"pysolver deals {MC_TRIALS:,} trials a call, so that each side's run lasts 0.1 s or more. "
    "OMPEval's trials are not alike: with ranges or random players OMPEval walks from one deal to "
    "the next, changing one player's combo a trial, while pysolver draws the range players' combos "
    "afresh every trial, or every few trials where many ranges collide (its standard error counting "
    f"each draw once); it takes {OMPEVAL_MOST_PLAYERS} players at most. Ranges are given to OMPEval "
    "written out (it reads no dash ranges).",
]
SHARED = (
    "The machine is shared (2 cores, other work running): compare the ratios of one run, not "
    "absolute times across runs."
)
FRONTIER_NOTES = [
    "Exact multiway equity: hands and ranges against random hands, and four ranges. OMPEval enumerates "
    "every deal: beside it on short decks (dead cards) where it takes seconds; before the flop pysolver's "
    "time alone (OMPEval: half an hour or more).",
    "Each row on one thread, then on every core (pysolver's threads=None, OMPEval's --threads 0). The "
    "machine is shared (2 cores, other work running): compare the ratios of one run.",
]


@dataclass(frozen=True)
class ResultsFile:
    """One results file a run writes: its name, title, notes and the rows it holds."""

    name: str
    title: str
    notes: list[str]
    cases: list[Result]


def results_files(
    name: str | None,
    exact: list[Result],
    per_count: list[Result],
    frontier: list[Result],
    exact_title: str = "Equity",
) -> list[ResultsFile]:
    """Where a run's rows go, each row to one file: the exact spots (with the heads-up Monte Carlo
    row) to ``NAME`` (default ``equity``), the Monte Carlo rows per player count to ``NAME-mc``
    (``equity-mc``; ``NAME`` itself when they are all the run measured), the frontier rows to
    ``NAME`` (default ``equity-frontier``). A file with no row is not written."""
    files = []
    if frontier:
        files.append(ResultsFile(name or "equity-frontier", "Equity, the multiway frontier", FRONTIER_NOTES, frontier))
    if exact:
        notes = NOTES + (MC_NOTES if any(c.unit == "trial" for c in exact) else []) + [SHARED]
        files.append(ResultsFile(name or "equity", exact_title, notes, exact))
    if per_count:
        alone = not exact and not frontier
        mc_name = (name or "equity-mc") if alone else f"{name or 'equity'}-mc"
        files.append(ResultsFile(mc_name, "Equity, Monte Carlo per player count", MC_NOTES + [SHARED], per_count))
    return files


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a small version that runs in seconds")
    parser.add_argument("--spots", nargs="*", metavar="KEY", help="only these spots (and no Monte Carlo spot)")
    parser.add_argument(
        "--name",
        help="the results file: benchmarks/results/NAME.json (default: equity, equity-mc, equity-long or "
        "equity-frontier "
        "by what is run; a full run writes its Monte Carlo rows per player count to NAME-mc.json)",
    )
    parser.add_argument("--monte-carlo", action="store_true", help="only the Monte Carlo rows per player count")
    parser.add_argument("--frontier", action="store_true", help="only the frontier rows: multiway spots")
    parser.add_argument("--long", action="store_true", help="only the spots whose OMPEval run takes minutes")
    args = parser.parse_args(argv)
    quick = args.quick
    pysolver.equity(["AhKh", "QsQd"])  # load the tables once, outside the timings
    load_kernel()  # and the compiled kernel (numba), as a program that counts much does
    exact: list[Result] = []
    per_count: list[Result] = []
    frontier: list[Result] = []
    if args.frontier:
        frontier = frontier_rows(quick, args.spots)
    elif args.monte_carlo:
        per_count = monte_carlo_rows(quick)
    else:
        for spot in SPOTS:
            if spot.key in args.spots if args.spots else spot.long == args.long and not (quick and spot.slow):
                for threads in THREADS:
                    exact.append(exact_case(spot, quick, threads))
                    print(exact[-1].line(), flush=True)
        if not args.spots and not args.long:
            for threads in THREADS:
                exact.append(monte_carlo_case(quick, threads))
                print(exact[-1].line(), flush=True)
            per_count = monte_carlo_rows(quick)
    name = args.name or ("equity-long" if args.long else None)
    title = "Equity, the spots OMPEval takes minutes on" if args.long else "Equity"
    for file in results_files(name, exact, per_count, frontier, title):
        write_results(file.name, file.cases, title=file.title, quick=quick, peers=versions(), notes=file.notes)


__all__ = ["main"]


if __name__ == "__main__":
    main()
