"""Both engines inside the cross-validation: the ASP solver beside the evaluator, per process.

    python benchmarks/bench_crossval.py            # about half a minute
    python benchmarks/bench_crossval.py --quick

Heads-up and 6-handed river showdowns from the skewed dealer
(``pysolver.crossval_random``), and one chunk of the exhaustive 5-card run
(each 3-card top a showdown whose players hold every lower pair). The
cross-validation times each engine itself, in CPU seconds of the process that
ran it (the ASP figure includes writing facts and reading the atoms), so this
benchmark's ratio compares CPU time, the steadier figure on a shared machine.
The peer is pysolver's own evaluator on the same showdowns: no other program
solves them with ASP.
"""

from __future__ import annotations

from collections.abc import Sequence

from harness import Result, Side, Timing, quick_flag, write_results

import pysolver
from pysolver.crossval._modes import EXHAUSTIVE_CHUNKS, exhaustive_chunk

PEER = "pysolver evaluator"
ALL_FIVE_CARD_HANDS = 2_598_960


def random_case(players: int, count: int, rounds: int) -> Result:
    """``count`` skewed river showdowns of ``players`` players, ``rounds`` times (new seeds)."""
    reports = [pysolver.crossval_random(count, players=players, seed=10 * players + r) for r in range(rounds)]
    asp = Timing.of(cpu=[r.asp_seconds for r in reports])
    evaluator = Timing.of(cpu=[r.evaluator_seconds for r in reports])
    return Result(
        f"random-{players}",
        f"{players}-handed river showdowns, skewed dealer, {count:,} per run",
        "showdown",
        Side(asp, count),
        {PEER: Side(evaluator, count)},
        basis="cpu",
        details={"agree": all(r.ok for r in reports), "seeds": [r.seed for r in reports]},
    )


def exhaustive_case() -> Result:
    """The last chunk of the exhaustive 5-card run, and the whole run's time extrapolated from it."""
    chunk = EXHAUSTIVE_CHUNKS - 1
    part = exhaustive_chunk(chunk)
    asp_rate = part.hands / part.asp_seconds
    details = {
        "chunk": f"{chunk}/{EXHAUSTIVE_CHUNKS}",
        "hands": part.hands,
        "agree": not part.mismatches,
        "all hands, ASP CPU minutes (extrapolated)": round(ALL_FIVE_CARD_HANDS / asp_rate / 60, 1),
        "all hands, minutes on 2 idle cores (extrapolated)": round(ALL_FIVE_CARD_HANDS / asp_rate / 120, 1),
    }
    return Result(
        "exhaustive-chunk",
        f"exhaustive 5-card run, chunk {chunk} of {EXHAUSTIVE_CHUNKS} ({part.hands:,} hands)",
        "hand",
        Side(Timing.of(cpu=[part.asp_seconds]), part.hands),
        {PEER: Side(Timing.of(cpu=[part.evaluator_seconds]), part.hands)},
        basis="cpu",
        details=details,
    )


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    scale, rounds = (1, 1) if quick else (4, 3)
    cases = [random_case(2, 2000 * scale, rounds), random_case(6, 500 * scale, rounds)]
    if not quick:
        cases.append(exhaustive_case())
    for case in cases:
        print(case.line())
    write_results(
        "crossval",
        cases,
        title="Cross-validation engines",
        quick=quick,
        peers={},
        notes=[
            "CPU seconds of the process that ran each engine, as the cross-validation measures them; "
            "the peer is pysolver's own evaluator on the same showdowns (no other program solves "
            "showdowns with ASP).",
            "The exhaustive row counts hands: each hand is one player's showdown in the ASP program.",
        ],
    )


__all__ = ["main"]


if __name__ == "__main__":
    main()
