"""Worker processes: a lost worker is an error naming its task, a dead parent leaves no
orphan, and Ctrl-C leaves no child."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

from pysolver.asp._processes import recycled_imap
from pysolver.core._errors import WorkerError
from tests.helpers.process_table import alive, children

pytestmark = pytest.mark.heavy  # worker processes started, killed and waited for


def _die_on(task: int) -> int:
    if task == 2:
        os.kill(os.getpid(), signal.SIGKILL)
    return task * task


def test_a_killed_worker_is_an_error_naming_its_task():
    with pytest.raises(WorkerError, match=r"task 3 of 4 was killed by signal 9: nothing of it was counted"):
        list(recycled_imap(_die_on, [0, 1, 2, 3], workers=2, tasks_per_process=1))


def test_results_before_the_lost_worker_come_in_order():
    results = recycled_imap(_die_on, [0, 1, 2, 3], workers=1, tasks_per_process=1)
    assert [next(results), next(results)] == [0, 1]
    with pytest.raises(WorkerError):
        next(results)


SCRIPT = textwrap.dedent("""
    import os, sys, time
    from pysolver.asp._processes import recycled_imap

    def slow(seconds):
        time.sleep(seconds)
        return "done"

    print(os.getpid(), flush=True)
    for result in recycled_imap(slow, [2, 2, 2, 2], workers=2, tasks_per_process=1):
        print(result, flush=True)
""")


def test_workers_of_a_killed_parent_end():
    process = subprocess.Popen([sys.executable, "-c", SCRIPT], stdout=subprocess.PIPE, text=True)
    process.stdout.readline()  # the parent runs
    time.sleep(1)  # its workers sleep in their first task
    workers = children(process.pid)
    assert len(workers) == 2
    process.kill()
    process.wait()
    deadline = time.monotonic() + 15  # a worker ends at its next result
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not any(alive(w) for w in workers)


def test_ctrl_c_leaves_no_child():
    process = subprocess.Popen(
        [sys.executable, "-c", SCRIPT],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    process.stdout.readline()
    time.sleep(1)
    workers = children(process.pid)
    assert workers
    os.killpg(process.pid, signal.SIGINT)
    process.communicate(timeout=30)
    time.sleep(0.5)
    assert not any(alive(w) for w in workers)
