"""The seven-card cross-validation (pysolver.crossval._seven_card): slices of every hand and of the
suit classes through both engines, on a local Dask cluster too, resumed after an interruption."""

import json
import os
import subprocess
import sys
from math import comb

import numpy as np
import pytest

from pysolver.core._errors import PokerInputError
from pysolver.crossval import _seven_card as seven
from pysolver.crossval._colex import rank_tasks
from pysolver.crossval._modes import crossval_exhaustive
from pysolver.crossval._resume import ResumeFile
from pysolver.crossval._suit_classes import canonical_range, canonical_tasks
from pysolver.evaluator._lookup import categories, evaluate_batch

pytestmark = pytest.mark.heavy  # slices of the seven-card run, on worker processes and Dask

TASKS = 20000  # about 6,700 hands a task


def _same(a, b) -> None:
    """Two reports of the same run agree on everything but the clock, the retries and the
    tasks read from a resume file."""
    da, db = a.to_dict(), b.to_dict()
    for d in (da, db):
        for key in ("asp", "evaluator", "wall_seconds", "retries", "resumed"):
            d.pop(key)
    assert da == db


def test_a_slice_on_a_two_worker_dask_cluster_agrees_and_counts_its_hands(dask_scheduler):
    only = [0, 7000, 19999]
    report = crossval_exhaustive(TASKS, only, cards=7, scheduler=dask_scheduler)
    ranges = rank_tasks(TASKS)
    assert report.ok and report.mismatches == []
    assert report.hands == sum(ranges[i][1] - ranges[i][0] for i in only)
    assert report.chunks == sorted(ranges[i][0] for i in only)
    _same(report, crossval_exhaustive(TASKS, only, cards=7, workers=2))  # local processes


def test_the_last_task_holds_the_hands_of_the_top_cards():
    """The last range ends at C(52, 7): its hands are the seven highest-ranked sets, and the
    categories are those the evaluator gives the same hands."""
    start, stop = rank_tasks(TASKS)[-1]
    report = crossval_exhaustive(TASKS, [TASKS - 1], cards=7)
    assert stop == comb(52, 7) and report.ok and report.hands == stop - start


def test_canonical_classes_are_weighted_as_the_evaluator_weighs_them(dask_scheduler):
    tasks = 2000
    report = crossval_exhaustive(tasks, [5, 1200], cards=7, canonical=True, scheduler=dask_scheduler)
    groups = [canonical_range(*canonical_tasks(tasks)[i]) for i in (5, 1200)]
    hands = np.concatenate([g.hands for g in groups])
    weights = np.concatenate([g.weights for g in groups])
    counts = np.bincount(categories(evaluate_batch(hands)), weights=weights)
    assert report.ok and report.hands == len(hands) and report.represented == int(weights.sum())
    assert sum(report.categories.values()) == int(counts.sum())
    assert report.cases == {"canonical classes": len(hands)}  # no sample with a slice


def test_the_sample_relabels_suits_and_is_seeded():
    a = seven.sample_task(3000, 11, seven.rules_of(None))
    b = seven.sample_task(3000, 11, seven.rules_of(None))
    assert a.mismatches == [] and a.hands == 3000 and a.cases == {"relabelled sample": 3000}
    assert a.represented == 0 and not a.categories  # the classes' weighted counts stand alone
    assert a.pairs.tolist() == b.pairs.tolist()


def test_a_wrong_category_count_is_a_mismatch():
    """The published-count check (run over all hands) reports counts that differ."""
    report = crossval_exhaustive(TASKS, [0], cards=7)
    counts = dict(seven.PUBLISHED_SEVEN, pair=seven.PUBLISHED_SEVEN["pair"] - 1)
    seven._check_published(report, seven.rules_of(None), counts)
    assert [m["kind"] for m in report.mismatches] == ["published counts"]
    seven._check_published(report, seven.rules_of(None), dict(seven.PUBLISHED_SEVEN))


def test_the_published_counts_add_up_to_every_hand():
    assert sum(seven.PUBLISHED_SEVEN.values()) == comb(52, 7)


def test_an_interrupted_run_resumed_gives_the_same_report(tmp_path, monkeypatch):
    only = [3, 4, 5, 6]
    whole = crossval_exhaustive(TASKS, only, cards=7)
    path = tmp_path / "run.jsonl"
    add = ResumeFile.add

    def add_then_stop(self, index, partial, key):
        add(self, index, partial, key)
        if len(self.done) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(ResumeFile, "add", add_then_stop)
    with pytest.raises(KeyboardInterrupt):
        crossval_exhaustive(TASKS, only, cards=7, resume=path)
    monkeypatch.setattr(ResumeFile, "add", add)
    assert len(path.read_text().splitlines()) == 3  # the run, two tasks
    with path.open("a") as f:
        f.write('{"task": 2, "partial": {"hands"')  # killed mid-line
    resumed = crossval_exhaustive(TASKS, only, cards=7, resume=path)
    _same(whole, resumed)
    assert (whole.resumed, resumed.resumed) == (0, 2)  # two tasks were on file
    lines = [json.loads(line) for line in path.read_text().splitlines()]  # the cut line is gone
    assert sorted(line["task"] for line in lines[1:]) == [0, 1, 2, 3]  # the two missing ones ran
    again = crossval_exhaustive(TASKS, only, cards=7, resume=path)  # nothing left to run
    assert path.read_text().splitlines() == [json.dumps(line) for line in lines]
    _same(whole, again)
    assert again.resumed == len(only)


def test_a_resume_file_of_another_run_is_refused_and_kept(tmp_path):
    path = tmp_path / "run.jsonl"
    crossval_exhaustive(TASKS, [1], cards=7, resume=path)
    before = path.read_text()
    with pytest.raises(PokerInputError, match=r"run\.jsonl.*another run.*only"):
        crossval_exhaustive(TASKS, [2], cards=7, resume=path)
    with pytest.raises(PokerInputError, match="another run.*mode"):
        crossval_exhaustive(40, [1], cards=5, resume=path)
    assert path.read_text() == before
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    with pytest.raises(PokerInputError, match="notes.txt.*not a resume file"):
        crossval_exhaustive(TASKS, [1], cards=7, resume=other)
    assert other.read_text() == "my notes\n"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--exhaustive", "7", "--cards", "5"], "--cards does not apply to --exhaustive 7"),
        (["--exhaustive", "5", "--canonical"], "--canonical does not apply to --exhaustive 5"),
        (["--exhaustive", "7", "--sample", "9"], "--sample does not apply to --exhaustive 7"),
        (["--exhaustive", "7", "--chunks", "0"], "seven-card tasks 0"),
        (["--exhaustive", "7", "--chunks", "10", "--chunk", "10"], "task 10 of 10"),
        (["--exhaustive", "6"], "invalid choice"),
        (["--explain", "5", "--scheduler", "local"], "--scheduler does not apply to --explain"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(args, message):
    run = subprocess.run([sys.executable, "-m", "pysolver", "crossval", *args], capture_output=True, text=True)
    assert run.returncode == 2 and run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1 and message in run.stderr


def test_the_command_runs_a_canonical_slice_as_json():
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pysolver",
            "crossval",
            "--exhaustive",
            "7",
            "--canonical",
            "--chunks",
            "3000",
            "--chunk",
            "17",
            "--workers",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
    )
    report = json.loads(run.stdout)
    assert run.returncode == 0 and report["ok"] and report["mode"] == "exhaustive 7 canonical"
    assert report["hands"] == canonical_tasks(3000)[17][1] - canonical_tasks(3000)[17][0]


def test_a_variant_s_deck_is_covered_by_its_own_ranks():
    """Short deck: C(36, 7) hands in all, a slice of them and of its suit classes agree."""
    from pysolver.rulebook import rules_of

    rules = rules_of("short_deck")
    ranges = rank_tasks(500, rules)
    assert ranges[0][0] == 0 and ranges[-1][1] == comb(36, 7) == 8_347_680
    report = crossval_exhaustive(500, [0, 499], cards=7, rules=rules)
    assert report.ok and report.hands == sum(ranges[i][1] - ranges[i][0] for i in (0, 499))
    assert report.rules == f"short_deck {rules.fingerprint}"
    canonical = crossval_exhaustive(100, [50], cards=7, canonical=True, rules=rules)
    start, stop = canonical_tasks(100, rules)[50]
    assert canonical.ok and canonical.hands == stop - start


def test_random_showdowns_on_the_cluster_are_the_ones_checked_here(dask_scheduler):
    from pysolver.crossval._modes import crossval_random

    there = crossval_random(2500, players=3, seed=4, scheduler=dask_scheduler)
    _same(there, crossval_random(2500, players=3, seed=4))


def test_without_the_extra_the_seven_card_run_uses_local_processes(monkeypatch):
    import argparse

    from pysolver.cli import _crossval as command

    args = argparse.Namespace(workers=None, scheduler=None)
    monkeypatch.setattr(command, "cluster_available", lambda: False)
    assert command._where(args, "exhaustive 7") == (os.cpu_count(), None)
    monkeypatch.setattr(command, "cluster_available", lambda: True)
    assert command._where(args, "exhaustive 7 canonical") == (os.cpu_count(), "local")
    assert command._where(args, "random") == (1, None)
