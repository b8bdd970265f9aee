"""Benchmark hygiene. Each row lives in one results file: bench_equity routes a full run's rows to
equity.json and equity-mc.json (never both), and report.py refuses results files that repeat a row.
The bench extra brings every Python peer the benchmarks import."""

import ast
import importlib
import re
import sys
from pathlib import Path

import pytest

from tests.helpers.pyproject import pyproject

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture()
def bench(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    return (
        importlib.import_module("bench_equity"),
        importlib.import_module("harness"),
        importlib.import_module("report"),
    )


def rows(harness, keys, unit="run"):
    side = harness.Side(harness.Timing.of([0.001], [0.001]))
    return [harness.Result(key, key, unit, side, {}, threads=t) for key in keys for t in (1, 2)]


def documents(files):
    return [{"benchmark": f.name, "cases": [c.to_json() for c in f.cases]} for f in files]


def test_a_full_run_writes_each_row_to_one_file(bench):
    bench_equity, harness, report = bench
    exact = rows(harness, ["hu-preflop", "ranges-flop"]) + rows(harness, ["mc-hu"], "trial")
    per_count = rows(harness, ["mc-2-known", "mc-9-random"], "trial")
    files = bench_equity.results_files(None, exact, per_count, [])
    assert {f.name: [c.key for c in f.cases] for f in files} == {
        "equity": ["hu-preflop"] * 2 + ["ranges-flop"] * 2 + ["mc-hu"] * 2,
        "equity-mc": ["mc-2-known"] * 2 + ["mc-9-random"] * 2,
    }
    assert report.repeated_rows(documents(files)) == []
    assert [f.name for f in bench_equity.results_files("mine", exact, per_count, [])] == ["mine", "mine-mc"]


def test_a_run_of_one_kind_writes_its_own_file(bench):
    bench_equity, harness, _ = bench
    per_count, frontier = rows(harness, ["mc-3-known"], "trial"), rows(harness, ["frontier-river-short"])
    assert [f.name for f in bench_equity.results_files(None, [], per_count, [])] == ["equity-mc"]
    assert [f.name for f in bench_equity.results_files("equity-mc", [], per_count, [])] == ["equity-mc"]
    assert [f.name for f in bench_equity.results_files(None, [], [], frontier)] == ["equity-frontier"]
    assert [f.name for f in bench_equity.results_files(None, rows(harness, ["hu-preflop"]), [], [])] == ["equity"]


def test_the_report_refuses_a_row_in_two_files_of_one_benchmark(bench):
    _, harness, report = bench
    twice = [
        {"benchmark": "equity", "cases": [c.to_json() for c in rows(harness, ["ranges-flop", "mc-6-known"])]},
        {"benchmark": "equity-mc", "cases": [c.to_json() for c in rows(harness, ["mc-6-known"])]},
        {"benchmark": "kernels", "cases": [c.to_json() for c in rows(harness, ["ranges-flop"])]},  # another benchmark
    ]
    assert report.repeated_rows(twice) == [
        "row mc-6-known on 1 thread is in equity.json and equity-mc.json: keep it in one",
        "row mc-6-known on 2 threads is in equity.json and equity-mc.json: keep it in one",
    ]


def test_the_results_files_repeat_no_row(bench):
    _, _, report = bench
    assert report.repeated_rows(report.load()) == []


def _names(requirements) -> set[str]:
    """Distribution names as import names: ``poker-equity>=1`` -> ``poker_equity``."""
    return {re.split(r"[<>=~!\[; ]", r, maxsplit=1)[0].lower().replace("-", "_") for r in requirements}


def test_every_peer_a_benchmark_imports_is_in_the_bench_extra(bench):
    """``pip install -e '.[bench]'`` brings every Python peer the benchmarks time or check."""
    project = pyproject()["project"]
    extra, needed = _names(project["optional-dependencies"]["bench"]), _names(project["dependencies"])
    local = {path.stem for path in BENCHMARKS.rglob("*.py")} | {"pysolver"}
    imported = set()
    for path in BENCHMARKS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                imported |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.split(".")[0])
    peers = imported - set(sys.stdlib_module_names) - local - needed
    assert peers and peers <= extra, peers - extra
    assert _names(importlib.import_module("peers").PYTHON_PEERS) <= extra
