"""A bad Dask scheduler address fails in seconds with one line: a malformed one is bad input
(exit status 2), one where no scheduler answers is an unreachable cluster (exit status 3)."""

import socket
import subprocess
import sys

import pytest

from pysolver import PokerInputError
from pysolver.asp import run_tasks, scheduler_address
from pysolver.core import WorkerError
from tests.helpers import cluster_tasks


def free_port() -> int:
    """A port nobody listens on (bound, then let go)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize(
    "address",
    [
        "10.0.0.5",
        "10.0.0.5:8786",
        "tcp://",
        "tcp://host",
        "tcp://host:0x1",
        "tcp://host:99999",
        "http://host:8786",
        "tcp://host:8786/x",
        "",
        "local ",
        "tcp://:8786",
    ],
)
def test_a_malformed_address_is_bad_input(address):
    with pytest.raises(PokerInputError, match="a Dask scheduler's address is tcp://HOST:PORT"):
        scheduler_address(address)
    with pytest.raises(PokerInputError, match="tcp://HOST:PORT"):
        run_tasks(cluster_tasks.square, [1], scheduler=address)


@pytest.mark.parametrize("address", ["tcp://10.0.0.5:8786", "tls://scheduler.example:8786", "tcp://[::1]:8786"])
def test_well_formed_addresses_are_read(address):
    host, port = scheduler_address(address)
    assert port == 8786 and host in address


def test_nobody_at_the_address_fails_at_once_and_the_next_call_runs():
    address = f"tcp://127.0.0.1:{free_port()}"
    with pytest.raises(WorkerError, match=f"cannot reach the Dask scheduler at {address}: Connection refused"):
        run_tasks(cluster_tasks.square, [1], scheduler=address)
    assert sorted(run_tasks(cluster_tasks.square, [1, 2, 3])) == [(0, 1), (1, 4), (2, 9)]  # nothing stalls


@pytest.mark.parametrize(
    "address, status, words",
    [
        ("tcp://127.0.0.1:{port}", 3, "cannot reach the Dask scheduler at tcp://127.0.0.1:"),
        ("127.0.0.1:{port}", 2, "a Dask scheduler's address is tcp://HOST:PORT"),
    ],
)
def test_the_command_line_says_it_in_one_line(address, status, words):
    argv = ["crossval", "--random", "10", "--scheduler", address.format(port=free_port())]
    done = subprocess.run([sys.executable, "-m", "pysolver", *argv], capture_output=True, text=True, timeout=120)
    assert done.returncode == status and done.stdout == ""
    assert done.stderr.count("\n") == 1 and words in done.stderr
