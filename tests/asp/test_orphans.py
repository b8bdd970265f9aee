"""No orphans: the processes a run starts end with it, however it ends (SIGTERM, SIGKILL),
with local workers, grounding children and on a Dask cluster; a killed worker ends a run
with an exit status of its own."""

import os
import signal
import subprocess
import sys
import time

import pytest

from pysolver.cli import WORKER_LOST
from tests.helpers.process_table import alive, children

pytestmark = pytest.mark.heavy  # processes started and signalled: seconds to a minute each

#: Seconds the processes of a run get to end after it does (they end in well under one).
GRACE = 5
SEVEN = ["crossval", "--exhaustive", "7", "--chunks", "2000"]  # on a local Dask cluster by default
FIVE = ["crossval", "--exhaustive", "5", "--chunks", "4", "--workers", "2"]  # local worker processes
SLEEPS = """
import os, time
from pysolver.asp._processes import recycled_imap

def slow(seconds):
    time.sleep(seconds)
    return "done"

print(os.getpid(), flush=True)
for result in recycled_imap(slow, [120] * 4, workers=2, tasks_per_process=1):
    print(result, flush=True)
"""


def descendants(pid: int) -> list[int]:
    found, todo = [], [pid]
    while todo:
        below = children(todo.pop())
        found += below
        todo += below
    return found


def cmdline(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return f.read().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def wait_for(condition, seconds: float = 90):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError("the run never started its processes")


def ended_within(pids, seconds: float = GRACE) -> bool:
    deadline = time.monotonic() + seconds
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return not any(alive(p) for p in pids)


def start(argv):
    return subprocess.Popen([sys.executable, *argv], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_local_workers_end_with_their_parent_in_the_middle_of_a_task(how):
    parent = start(["-c", SLEEPS])
    workers = wait_for(lambda: len(children(parent.pid)) >= 2 and children(parent.pid))
    time.sleep(0.5)  # each in its two-minute task
    parent.send_signal(how)
    parent.wait()
    assert ended_within(workers)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_cross_validation_workers_end_with_the_command(how):
    parent = start(["-m", "pysolver", *FIVE])
    workers = wait_for(lambda: len(descendants(parent.pid)) >= 2 and descendants(parent.pid))
    time.sleep(1)
    parent.send_signal(how)
    parent.wait()
    assert ended_within(workers)


def test_a_grounding_child_ends_with_its_parent(tmp_path):
    runaway = tmp_path / "runaway.lp"
    runaway.write_text("p(0). p(X+1) :- p(X).\n")
    parent = start(["-m", "pysolver", "showdown", "As Ks", "Qh Qd", "--add", str(runaway), "--time-limit", "300"])
    grounding = wait_for(lambda: children(parent.pid))
    parent.kill()
    parent.wait()
    assert ended_within(grounding)


def test_a_killed_worker_ends_the_run_with_a_status_of_its_own():
    parent = start(["-m", "pysolver", *FIVE])
    workers = wait_for(lambda: len(children(parent.pid)) >= 2 and children(parent.pid))
    time.sleep(1)
    os.kill(workers[0], signal.SIGKILL)
    _, err = parent.communicate(timeout=120)
    assert parent.returncode == WORKER_LOST == 3
    assert err.count("\n") == 1 and "was killed by signal 9: nothing of it was counted" in err
    assert ended_within(workers)


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_local_dask_cluster_ends_with_the_command(how):
    pytest.importorskip("distributed")
    parent = start(["-m", "pysolver", *SEVEN, "--workers", "2", "--scheduler", "local"])
    serving = wait_for(lambda: [p for p in descendants(parent.pid) if "serve()" in cmdline(p)])
    time.sleep(how == signal.SIGTERM)  # starting, and running a task
    everything = descendants(parent.pid)
    parent.send_signal(how)
    parent.wait()
    assert serving and ended_within(everything)


CLIENT = """
import sys
from pysolver.asp._cluster import run_tasks
from tests.helpers import cluster_tasks

with run_tasks(cluster_tasks.sleep, [(120, sys.argv[2])] * 2, scheduler=sys.argv[1]) as run:
    print(list(run), flush=True)
"""


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_tasks_on_a_cluster_end_with_their_client(how, dask_scheduler, tmp_path):
    """The cluster's scheduler and workers run in this process's tree, the client in a process
    of its own: killed in the middle of two two-minute tasks, the processes running them end
    within seconds (the workers stay, free for the next client)."""
    pytest.importorskip("distributed")
    from pysolver.asp._cluster import run_tasks
    from tests.helpers import cluster_tasks

    client = subprocess.Popen([sys.executable, "-c", CLIENT, dask_scheduler, str(tmp_path)], cwd=os.getcwd())
    running = wait_for(lambda: len(os.listdir(tmp_path)) >= 2 and [int(p) for p in os.listdir(tmp_path)])
    assert all(alive(p) for p in running)
    client.send_signal(how)
    client.wait()
    assert ended_within(running)
    with run_tasks(cluster_tasks.sleep, [(0.1,), (0.1,)], scheduler=dask_scheduler) as run:
        assert sorted(run) == [(0, 0.1), (1, 0.1)]  # the workers took the next client's tasks
