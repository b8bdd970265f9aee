"""Every seven-card hand through both engines: the canonical proof, the rate per worker, the full run.

    python benchmarks/bench_crossval7.py                      # canonical run and rate, 15-25 minutes
    python benchmarks/bench_crossval7.py --only rate          # the rate alone, a few minutes
    python benchmarks/bench_crossval7.py --full REPORT.json   # adds a finished full run's report
    python benchmarks/bench_crossval7.py --quick              # small slices, a minute

* ``canonical``: ``pysolver crossval --exhaustive 7 --canonical`` on this machine,
  one worker per core (a local Dask cluster when the cluster extra is installed):
  the 6,009,159 suit classes weighted to all 133,784,560 hands, and the sample of
  hands with relabelled suits. Its wall time is the figure.
* ``rate``: tasks of the full run spread over the ranks, in one worker process:
  hands per second per worker, and from it the full run's time on 2, 16 and 64
  cores (workers scaling linearly: the tasks share nothing).
* ``full``: the report of a full run on this machine (``pysolver crossval --exhaustive 7 --resume
  FILE --json > REPORT.json``, resumed as often as needed), read from its JSON (its
  wall time only when the last run read no task from the file);
  a run under other rules (``--rules short_deck``) is a case of its own, ``full NAME``.

Cases measured before and not re-measured are kept, each with the commit it was
measured at (a full run's: the commit its report was recorded at). There is no peer: no other program
solves seven-card showdowns with ASP; the evaluator beside it is pysolver's own.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Sequence
from pathlib import Path

from harness import RESULTS, Result, Side, Timing, commit, write_results

import pysolver
from pysolver.asp._cluster import cluster_available
from pysolver.crossval._seven_card import SAMPLE_HANDS, SEVEN_TASKS

NAME = "crossval7"
ALL_SEVEN_CARD_HANDS = 133_784_560
CORES = (2, 16, 64)


def canonical_case(quick: bool) -> Result:
    workers = os.cpu_count() or 1
    scheduler = "local" if cluster_available() else None
    only = [0, 20, 39] if quick else None
    report = pysolver.crossval_exhaustive(
        cards=7,
        canonical=True,
        only=only,
        workers=workers,
        scheduler=scheduler,
        seed=20261124,
        sample=20_000 if quick else SAMPLE_HANDS,
    )
    what = (
        f"--exhaustive 7 --canonical: {report.cases.get('canonical classes', 0):,} suit classes "
        f"standing for {report.represented:,} hands, and {report.cases.get('relabelled sample', 0):,} "
        f"hands with relabelled suits; {workers} workers ({'Dask' if scheduler else 'local processes'})"
    )
    return Result(
        "canonical",
        what,
        "run",
        Side(Timing.of(wall=[report.wall_seconds])),
        basis="wall",
        details={
            "agree": report.ok,
            "mismatches": len(report.mismatches),
            "hands": report.hands,
            "represented": report.represented,
            "categories": report.categories,
            "asp_hands_per_cpu_second": round(report.asp_rate),
            "retries": report.retries,
            "seed": report.seed,
            "commit": commit(),
        },
    )


def rate_case(quick: bool) -> Result:
    spread = 4 if quick else 12
    only = [round(i * (SEVEN_TASKS - 1) / (spread - 1)) for i in range(spread)]
    start = time.perf_counter()
    report = pysolver.crossval_exhaustive(cards=7, only=only, workers=1)
    wall = time.perf_counter() - start
    rate = report.hands / wall
    projected = {f"hours on {n} cores": round(ALL_SEVEN_CARD_HANDS / rate / n / 3600, 2) for n in CORES}
    return Result(
        "rate",
        f"full run, tasks {', '.join(map(str, only))} of {SEVEN_TASKS:,} ({report.hands:,} hands), one worker process",
        "hand",
        Side(Timing.of(wall=[wall], cpu=[report.asp_seconds + report.evaluator_seconds]), report.hands),
        basis="wall",
        details={
            "agree": report.ok,
            "hands_per_second_per_worker": round(rate),
            "asp_hands_per_cpu_second": round(report.asp_rate),
            **projected,
            "commit": commit(),
        },
    )


def full_case(path: str) -> Result:
    report = json.loads(Path(path).read_text(encoding="utf-8"))
    cpu = report["asp"]["cpu_seconds"] + report["evaluator"]["cpu_seconds"]
    rules = report["rules"].rsplit(" ", 1)[0]  # the files, without the fingerprint
    standard = rules == "standard"
    ran_all = not report.get("resumed")  # resumed: the wall time covers the last run only
    published = standard and report["ok"] and report["hands"] == ALL_SEVEN_CARD_HANDS
    option = "" if standard else f" --rules {rules}"
    return Result(
        "full" if standard else f"full {rules}",
        f"--exhaustive 7{option}: {report['hands']:,} hands, CPU time of all workers",
        "run",
        Side(Timing.of(wall=[report["wall_seconds"]] if ran_all else [], cpu=[cpu])),
        basis="cpu",
        details={
            "rules": report["rules"],
            "agree": report["ok"],
            "mismatches": len(report["mismatches"]),
            "hands": report["hands"],
            "categories": report["categories"],
            "published counts": published,
            "retries": report.get("retries", 0),
            "asp_hands_per_cpu_second": report["asp"]["showdowns_per_second"],
            "report": os.path.basename(path),
            "cores": os.cpu_count(),
            "commit": commit(),
        },
    )


def notes(cases: dict[str, dict]) -> list[str]:
    """Sentences under the table, every figure in them read from the cases."""
    out = []
    if "canonical" in cases:
        c = cases["canonical"]
        out.append(
            f"The canonical run {'agreed on every class' if c['details']['agree'] else 'found mismatches'} "
            f"in {c['pysolver']['wall_median'] / 60:.1f} minutes of wall time "
            f"({c['details']['asp_hands_per_cpu_second']:,} hands per CPU second of ASP)."
        )
    if "rate" in cases:
        d = cases["rate"]["details"]
        out.append(
            f"One worker checks {d['hands_per_second_per_worker']:,} hands a second: all 133,784,560 "
            f"take about {d['hours on 2 cores']} hours on 2 cores, {d['hours on 16 cores']} on 16 and "
            f"{d['hours on 64 cores']} on 64 (projected from the rate; the tasks share nothing)."
        )
    for key in sorted(k for k in cases if k.startswith("full")):
        c, d = cases[key]["pysolver"], cases[key]["details"]
        under = "" if key == "full" else f" under {key.split(' ', 1)[1]}"
        took = (
            ""
            if c["wall_median"] is None
            else f" in {c['wall_median'] / 3600:.2f} hours on {d['cores']} cores"
            f" ({c['cpu_median'] / 3600:.2f} CPU-hours)"
        )
        out.append(
            f"The full run{under} checked {d['hands']:,} hands{took} with {d['mismatches']} "
            "mismatches"
            + (", its categories the published counts" if d["published counts"] else "")
            + f"; {d['retries']} tasks were run again."
        )
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small slices that run in a minute")
    parser.add_argument("--only", choices=["canonical", "rate"], help="measure just this case")
    parser.add_argument("--full", metavar="REPORT", help="a finished full run's JSON report to record")
    args = parser.parse_args(argv)
    path = RESULTS / f"{NAME}.json"
    kept = {c["key"]: c for c in json.loads(path.read_text())["cases"]} if path.exists() and not args.quick else {}
    measured = []
    if args.only in (None, "canonical") and not (args.full and args.only is None):
        measured.append(canonical_case(args.quick))
    if args.only in (None, "rate") and not (args.full and args.only is None):
        measured.append(rate_case(args.quick))
    if args.full:
        measured.append(full_case(args.full))
    for case in measured:
        print(case.line())
    cases = {**kept, **{c.key: c.to_json() for c in measured}}
    order = [k for k in ("canonical", "rate") if k in cases] + sorted(k for k in cases if k.startswith("full"))
    write_results(
        NAME,
        [_Stored(cases[k]) for k in order],
        title="Every seven-card hand",
        quick=args.quick,
        peers={},
        notes=notes(cases),
    )


class _Stored:
    """A case already in JSON form (kept from an earlier run or just measured)."""

    def __init__(self, data: dict):
        self.data = data

    def to_json(self) -> dict:
        return self.data


__all__ = ["main"]


if __name__ == "__main__":
    main()
