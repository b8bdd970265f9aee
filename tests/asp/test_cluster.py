"""Tasks on a Dask cluster (pysolver.asp._cluster): the same results as local processes, lost
processes retried and counted, errors raised, a missing extra or scheduler one clear error."""

import os
import sys
import time

import pytest

from pysolver import Deal, RuleFileError, Solver
from pysolver.asp import _cluster as cluster
from pysolver.asp._cluster import run_tasks
from pysolver.core._errors import PokerInputError, WorkerError
from pysolver.core._rules import variant_path
from tests.helpers import cluster_tasks

pytestmark = pytest.mark.heavy  # a Dask cluster of worker processes


def test_local_processes_and_the_cluster_give_the_same_results(dask_scheduler):
    tasks = list(range(-5, 6))
    with run_tasks(cluster_tasks.square, tasks, workers=2) as local:
        here = sorted(local)
    with run_tasks(cluster_tasks.square, tasks, scheduler=dask_scheduler) as run:
        there = sorted(run)
    assert here == there == [(i, x * x) for i, x in enumerate(tasks)]
    assert run.retries == 0


def test_children_are_recycled_after_their_tasks(dask_scheduler):
    with run_tasks(cluster_tasks.pid, list(range(6)), scheduler=dask_scheduler, tasks_per_process=1) as run:
        one_each = [p for _, p in run]
    assert len(set(one_each)) == 6  # a fresh process per task
    with run_tasks(cluster_tasks.pid, list(range(6)), scheduler=dask_scheduler, tasks_per_process=3) as run:
        shared = [p for _, p in run]
    assert len(set(shared)) < 6


def test_a_killed_worker_s_task_runs_again_and_is_counted(dask_scheduler, tmp_path):
    tasks = [(x, str(tmp_path / "killed")) for x in range(4)]
    with run_tasks(cluster_tasks.kill_worker_once, tasks, scheduler=dask_scheduler) as run:
        results = sorted(run)
    assert (tmp_path / "killed").exists()  # the worker was killed once
    assert results == [(i, x * x) for i, (x, _) in enumerate(tasks)]
    assert run.retries == 1
    child = int((tmp_path / "killed").read_text())  # its child, in a long task, ended with it
    for _ in range(30):
        if not _alive(child):
            break
        time.sleep(0.2)
    assert not _alive(child)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    with open(f"/proc/{pid}/stat") as stat:  # a zombie has ended too
        return stat.read().split(")")[-1].split()[0] != "Z"


def test_a_killed_child_s_task_is_resubmitted_and_counted(dask_scheduler, tmp_path):
    tasks = [(x, str(tmp_path / "killed")) for x in range(3)]
    with run_tasks(cluster_tasks.kill_child_once, tasks, scheduler=dask_scheduler) as run:
        results = sorted(run)
    assert results == [(i, x * x) for i, (x, _) in enumerate(tasks)]
    assert run.retries == 1


def test_an_error_in_a_task_is_raised_not_retried(dask_scheduler):
    with (
        pytest.raises(PokerInputError, match="task 2 refused"),
        run_tasks(cluster_tasks.refuse, [2], scheduler=dask_scheduler) as run,
    ):
        list(run)
    assert run.retries == 0


def test_a_worker_with_other_rule_files_at_the_path_refuses_the_task(dask_scheduler, tmp_path):
    path = tmp_path / "mine.lp"
    path.write_text(variant_path("standard").read_text())
    solver = Solver(str(path), scheduler=dask_scheduler)
    path.write_text(variant_path("short_deck").read_text())  # what a worker with other files reads
    with pytest.raises(RuleFileError, match="mine.lp .*not the files the rules were loaded from"):
        solver.solve_batch([Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d")])


def test_an_unreachable_scheduler_is_one_clear_error(monkeypatch):
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1)
    with pytest.raises(WorkerError, match="cannot reach the Dask scheduler at tcp://127.0.0.1:9"):
        run_tasks(cluster_tasks.square, [1], scheduler="tcp://127.0.0.1:9")


def test_without_the_extra_a_scheduler_asks_for_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    assert not cluster.cluster_available()
    with pytest.raises(PokerInputError, match=r"pysolver-holdem\[cluster\]"):
        run_tasks(cluster_tasks.square, [1], scheduler="local")


def test_a_batch_of_showdowns_on_the_cluster_is_the_batch_solved_here(dask_scheduler):
    from pysolver import Card, Deal
    from pysolver.asp._solver import solve_batch
    from pysolver.crossval._dealer import deal_skewed

    deals = deal_skewed(60, players=3, seed=5)
    batch = [
        Deal.parse([[Card(c) for c in h] for h in holes.tolist()], [Card(c) for c in board.tolist()])
        for holes, board in zip(deals.holes, deals.board)
    ]
    here = solve_batch(batch, chunk_size=7)
    there = solve_batch(batch, chunk_size=7, scheduler=dask_scheduler)
    assert [r.to_dict() for r in there] == [r.to_dict() for r in here]
