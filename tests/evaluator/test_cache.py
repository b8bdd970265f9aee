"""The rule variants' tables cached on disk: the most recently used kept, a file read marked used,
``pysolver cache`` lists and clears them (and nothing else); a test run leaves no folder behind."""

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import pytest

import pysolver.evaluator._variants as variants
from pysolver import load_rules
from pysolver.cli import main
from pysolver.evaluator._variants import CACHE_KEEP, cache_path, cached_tables

REPOSITORY = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """An empty cache folder; tables "built" instantly (a marker array) so no clingo runs."""
    monkeypatch.setenv("PYSOLVER_CACHE", str(tmp_path))
    monkeypatch.setattr(variants, "build_variant_tables", lambda rules: {"marker": np.arange(3)})
    return tmp_path


def cached_file(folder: Path, rules: str, age: float, size: int = 10) -> Path:
    """A cached tables file of ``rules``, last used ``age`` seconds ago."""
    path = folder / f"tables-{rules}-{'0' * 20}.npz"
    np.savez(path, marker=np.arange(size))
    then = time.time() - age
    os.utime(path, (then, then))
    return path


def test_writing_keeps_the_most_recently_used(cache):
    older = [cached_file(cache, f"rules_{i:02d}", age=1000 + i) for i in range(CACHE_KEEP + 8)]  # newest first
    rules = load_rules("short_deck")
    tables = variants.variant_tables.__wrapped__(rules)  # built and written now
    assert tables["marker"].tolist() == [0, 1, 2]
    left = {path.name for path in cache.glob("tables-*.npz")}
    assert left == {cache_path(rules).name} | {path.name for path in older[: CACHE_KEEP - 1]}


def test_a_file_read_is_marked_used(cache):
    rules = load_rules("short_deck")
    path = cached_file(cache, "x", age=0)
    path.rename(cache_path(rules))
    np.savez(
        cache_path(rules),
        marker=np.arange(10),  # as written: with its digest
        digest=np.array(variants._tables_digest(variants._cache_key(rules), {"marker": np.arange(10)})),
    )
    day_ago = time.time() - 86400
    os.utime(cache_path(rules), (day_ago, day_ago))
    tables = variants.variant_tables.__wrapped__(rules)
    assert tables["marker"].tolist() == list(range(10))  # read from the file, not built
    assert time.time() - cache_path(rules).stat().st_mtime < 60


def test_list_and_clear_on_the_command_line(cache, capsys):
    recent = cached_file(cache, "short_deck", age=150, size=1000)
    old = cached_file(cache, "my_rules", age=3 * 86400 + 60)
    (cache / "notes.txt").write_text("not the cache's")
    np.savez(cache / "tmp123.npz", a=np.arange(2))  # not a cached table either
    (cache / ".tables-abc.part").write_bytes(b"an unfinished write")

    assert main(["cache"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"{cache}: 2 files")
    assert lines[1].split()[0] == recent.name and "short_deck" in lines[1] and lines[1].endswith("2 minutes ago")
    assert lines[2].split()[0] == old.name and "my_rules" in lines[2] and lines[2].endswith("3 days ago")

    assert main(["cache", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["folder"] == str(cache) and document["keeps"] == CACHE_KEEP and not document["cleared"]
    assert [(f["file"], f["rules"], f["bytes"]) for f in document["files"]] == [
        (recent.name, "short_deck", recent.stat().st_size),
        (old.name, "my_rules", old.stat().st_size),
    ]
    assert document["files"][0]["age_seconds"] == pytest.approx(150, abs=30)
    assert document["bytes"] == recent.stat().st_size + old.stat().st_size

    assert main(["cache", "--clear", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["cleared"] and [f["file"] for f in document["files"]] == [recent.name, old.name]
    assert sorted(p.name for p in cache.iterdir()) == ["notes.txt", "tmp123.npz"]
    assert main(["cache"]) == 0
    assert capsys.readouterr().out == f"{cache}: no cached tables\n"


def test_a_missing_folder_is_an_empty_cache(tmp_path, monkeypatch, capsys):
    folder = tmp_path / "never-made"
    monkeypatch.setenv("PYSOLVER_CACHE", str(folder))
    assert cached_tables() == []
    assert main(["cache", "--clear"]) == 0
    assert capsys.readouterr().out == f"{folder}: no cached tables to clear\n"
    assert not folder.exists()


def test_the_cache_folder_of_this_run():
    folder = os.environ["PYSOLVER_CACHE"]
    assert os.path.isdir(folder)
    if os.environ.get("PYSOLVER_PROBE"):  # asked by the test below: say which folder it was
        Path(os.environ["PYSOLVER_PROBE"]).write_text(folder)


@pytest.mark.heavy
def test_a_test_run_leaves_no_cache_folder(tmp_path):
    probe = tmp_path / "folder.txt"
    env = {k: v for k, v in os.environ.items() if k != "PYSOLVER_CACHE"} | {"PYSOLVER_PROBE": str(probe)}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/evaluator/test_cache.py::test_the_cache_folder_of_this_run",
        ],
        cwd=REPOSITORY,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    folder = probe.read_text()
    assert Path(folder).parent == Path(tempfile.gettempdir()) and Path(folder).name.startswith("pysolver-test-cache-")
    assert not os.path.exists(folder)
