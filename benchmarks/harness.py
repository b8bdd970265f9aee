"""The benchmark harness: one timer, one record type, and the results files.

Every benchmark in this folder measures pysolver and its peers on the same work
in the same run, builds a :class:`Result` per case and hands the list to
:func:`write_results`, which writes ``benchmarks/results/NAME.json`` with the
machine, the git commit and the date. ``benchmarks/report.py`` turns those
files into ``docs/performance.md`` and the README's speed table.

The figure that matters is the ratio: pysolver's time divided by the peer's
time for the same amount of work (below 1: pysolver is faster). Absolute times
on a shared 2-core machine are noisy, and another machine can be twice as fast
or slow; a ratio measured side by side in one run moves much less.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from importlib import metadata
from pathlib import Path

import clingo
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"

# The benchmarks time the compiled loops: a loop not compiled on this machine yet compiles in the
# benchmark's process on first use (before the timed rounds), not in the background while numpy
# answers (see docs/design/backends.md); bench_first_use.py times that first use itself.
os.environ.setdefault("PYSOLVER_COMPILE", "now")


# --- The timer ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reported:
    """What a timed callable returns when it measured itself (a subprocess that reports the
    seconds of its calculation alone, leaving out its start-up): the timer uses this wall
    time instead of its own clock, and records no CPU time."""

    wall: float


@dataclass(frozen=True)
class Timing:
    """Seconds of repeated runs of the same work: median and minimum, wall clock and CPU
    (``time.process_time``: this process only, all its threads, not its child processes)."""

    runs: int
    wall_median: float | None = None
    wall_min: float | None = None
    cpu_median: float | None = None
    cpu_min: float | None = None

    @classmethod
    def of(cls, wall: Sequence[float] = (), cpu: Sequence[float] = ()) -> Timing:
        """The summary of these samples (either list may be empty: not measured)."""

        def figure(value: float) -> float:
            return float(f"{value:.6g}")  # six significant digits: more than the noise allows

        return cls(
            runs=max(len(wall), len(cpu)),
            wall_median=figure(statistics.median(wall)) if wall else None,
            wall_min=figure(min(wall)) if wall else None,
            cpu_median=figure(statistics.median(cpu)) if cpu else None,
            cpu_min=figure(min(cpu)) if cpu else None,
        )

    def seconds(self, basis: str = "wall") -> float | None:
        """The median seconds on this basis (``"wall"`` or ``"cpu"``)."""
        return self.wall_median if basis == "wall" else self.cpu_median


WARM_UP_BELOW = 1.0
"""Seconds under which a call timed in this process is warmed up by an untimed call before it."""


def side_by_side(functions: dict[str, Callable[[], object]], rounds: int) -> dict[str, Timing]:
    """Time every callable ``rounds`` times, taking turns within each round, so that load from
    other processes falls on all of them alike. A callable that returns :class:`Reported`
    is timed by what it reports (its calculation, after its start-up). Every program is timed
    warm alike: a callable timed here (in this process) that took under :data:`WARM_UP_BELOW`
    seconds is called once untimed right before each timed call, as the other programs' turns
    leave its caches cold."""
    wall: dict[str, list[float]] = {name: [] for name in functions}
    cpu: dict[str, list[float]] = {name: [] for name in functions}
    reports: dict[str, bool] = {}
    last: dict[str, float] = {}
    for _ in range(rounds):
        for name, function in functions.items():
            if not reports.get(name) and last.get(name, 0.0) < WARM_UP_BELOW:
                answer = function()  # untimed, unless it reports its own time
                reports[name] = isinstance(answer, Reported)
                if isinstance(answer, Reported):
                    wall[name].append(answer.wall)
                    continue
            start, start_cpu = time.perf_counter(), time.process_time()
            answer = function()
            seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - start_cpu
            reports[name], last[name] = isinstance(answer, Reported), seconds
            if isinstance(answer, Reported):
                wall[name].append(answer.wall)
            else:
                wall[name].append(seconds)
                cpu[name].append(cpu_seconds)
    return {name: Timing.of(wall[name], cpu[name]) for name in functions}


def measure(function: Callable[[], object], repeat: int) -> Timing:
    """Time one callable ``repeat`` times (:func:`side_by_side` with nothing beside it)."""
    return side_by_side({"": function}, repeat)[""]


# --- The records ----------------------------------------------------------------------------


@dataclass
class Side:
    """One program's figures in a case: its timing and how many items (hands, showdowns,
    trials; 1 for one calculation) one timed run handles, or why it is absent."""

    timing: Timing | None = None
    items: int = 1
    note: str = ""
    absent: str = ""

    def per_item(self, basis: str) -> float | None:
        """Median seconds per item on this basis, or None if absent or not measured."""
        seconds = None if self.timing is None else self.timing.seconds(basis)
        return None if seconds is None else seconds / self.items

    def to_json(self) -> dict:
        if self.absent:
            return {"absent": self.absent}
        figures = {"items": self.items, **({} if self.timing is None else asdict(self.timing))}
        return figures | ({"note": self.note} if self.note else {})


def absent(reason: str) -> Side:
    """A peer that did not run, and why (never a made-up figure)."""
    return Side(absent=reason)


@dataclass
class Result:
    """One case: what was measured, pysolver's figures, each peer's figures from the same
    run, and the ratios. ``key`` names the case for the report; ``unit`` is what an item
    is (``"run"``: one calculation, reported as a time; otherwise as a rate per second);
    ``basis`` is the time the ratio compares (``"wall"``, or ``"cpu"`` where only that
    was measured); ``threads`` the threads every program on the row ran on (None: a case
    without that dimension; a case measured both ways is two results of one key,
    ``threads`` 1 and :func:`every_core`)."""

    key: str
    what: str
    unit: str
    pysolver: Side
    peers: dict[str, Side] = field(default_factory=dict)
    basis: str = "wall"
    details: dict = field(default_factory=dict)
    threads: int | None = None

    def ratios(self) -> dict[str, float | None]:
        """pysolver's seconds per item divided by each peer's (None for an absent peer)."""
        ours = self.pysolver.per_item(self.basis)
        answer: dict[str, float | None] = {}
        for name, peer in self.peers.items():
            theirs = peer.per_item(self.basis)
            answer[name] = None if ours is None or not theirs else float(f"{ours / theirs:.4g}")
        return answer

    def to_json(self) -> dict:
        return {
            "key": self.key,
            "what": self.what,
            "unit": self.unit,
            "basis": self.basis,
            **({} if self.threads is None else {"threads": self.threads}),
            "pysolver": self.pysolver.to_json(),
            "peers": {name: side.to_json() for name, side in self.peers.items()},
            "ratios": self.ratios(),
            "details": self.details,
        }

    def line(self) -> str:
        """One line for the console as the benchmark runs."""
        ours = self.pysolver.per_item(self.basis)
        on = "" if self.threads is None else f" [{threads_text(self.threads)}]"
        text = f"{self.what}{on}: pysolver {_figure(ours, self.unit)}"
        for name, ratio in self.ratios().items():
            peer = self.peers[name]
            text += f"; {name} " + (
                f"absent ({peer.absent})"
                if peer.absent
                else f"{_figure(peer.per_item(self.basis), self.unit)}, ratio {ratio}"
            )
        return text


def every_core() -> int:
    """The threads of a row run on every core: the machine's cores."""
    return os.cpu_count() or 1


THREADS = tuple(dict.fromkeys((1, every_core())))
"""The thread counts a row measured both ways runs on: one thread each, then every core each."""


def threads_text(threads: int) -> str:
    """``'1 thread'`` or ``'every core (2)'``."""
    return "1 thread" if threads == 1 else f"every core ({threads})"


def _figure(per_item: float | None, unit: str) -> str:
    if per_item is None:
        return "-"
    return f"{per_item * 1e3:.3f} ms" if unit == "run" else f"{1 / per_item:,.0f} {unit}s/s"


# --- Machine, commit, results files ---------------------------------------------------------


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo (the platform's processor string elsewhere)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> dict:
    """The machine and the software the figures came from, and how busy the machine was: the
    load average over the last 5 minutes when the results are written (the benchmark itself
    counts about 1 per busy process)."""
    load = round(os.getloadavg()[1], 2) if hasattr(os, "getloadavg") else None
    return {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "clingo": clingo.__version__,
        "platform": platform.platform(),
        "load_average_5min": load,
    }


#: What the benchmarks and ``report.py`` write (git pathspecs that leave them out of ``dirty``).
GENERATED = (":!benchmarks/results", ":!docs/performance.md", ":!README.md")


def commit() -> dict:
    """The git commit measured (short hash) and whether the working tree had changes that
    can change a figure: the results files and the pages made from them do not count, so
    the benchmarks of one ``run_all.py`` all name the commit they started from."""

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout.strip()

    try:
        changes = git("status", "--porcelain", "--", ".", *GENERATED)
        return {"hash": git("rev-parse", "--short", "HEAD"), "dirty": bool(changes)}
    except (OSError, subprocess.CalledProcessError):
        return {"hash": "unknown", "dirty": None}


def package_version(name: str) -> str | None:
    """The installed version of a distribution, or None if it is not installed."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return None


def write_results(
    name: str,
    cases: Sequence[Result],
    *,
    title: str = "",
    quick: bool = False,
    peers: dict[str, str | None] | None = None,
    notes: Sequence[str] = (),
    extra: dict | None = None,
) -> Path:
    """Write ``benchmarks/results/NAME.json``: machine, commit, date, and every case.

    ``peers`` maps each peer to its version (None: not installed); ``notes`` are sentences
    the report prints under the benchmark's table; ``extra`` holds a benchmark's own records.
    """
    RESULTS.mkdir(parents=True, exist_ok=True)
    path = RESULTS / f"{name}.json"
    document = {
        "benchmark": name,
        "command": " ".join(["python", str(Path(sys.argv[0]).resolve().relative_to(ROOT)), *sys.argv[1:]]),
        "title": title or name,
        "quick": quick,
        "date": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "machine": machine(),
        "commit": commit(),
        "peers": dict(peers or {}),
        "notes": list(notes),
        "cases": [case.to_json() for case in cases],
        **(extra or {}),
    }
    path.write_text(json.dumps(document, indent=1) + "\n")
    print(f"wrote {path.relative_to(ROOT)}")
    return path


def quick_flag(description: str, argv: Sequence[str] | None = None) -> bool:
    """Parse the one option every benchmark takes: ``--quick`` (a small version in seconds)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--quick", action="store_true", help="a small version that runs in seconds")
    return parser.parse_args(argv).quick


# --- Shared inputs --------------------------------------------------------------------------


def random_cards(count: int, width: int, seed: int) -> np.ndarray:
    """``count`` rows of ``width`` distinct cards (indices 0..51, uint8), a fixed seed."""
    rng = np.random.default_rng(seed)
    deck = np.tile(np.arange(52, dtype=np.uint8), (count, 1))
    return rng.permuted(deck, axis=1)[:, :width].copy()


__all__ = [
    "ROOT",
    "RESULTS",
    "Reported",
    "Timing",
    "side_by_side",
    "measure",
    "Side",
    "absent",
    "Result",
    "every_core",
    "THREADS",
    "threads_text",
    "cpu_model",
    "machine",
    "commit",
    "package_version",
    "write_results",
    "quick_flag",
    "random_cards",
]
