"""A ``pysolver serve`` of the tests' own: a real server process on a free port."""

import os
import re
import signal
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def running_server(*options):
    """``pysolver serve --port 0 OPTIONS`` in a process of its own: yields (base url, process)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "pysolver", "serve", "--port", "0", *options],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    try:
        line = process.stdout.readline()
        found = re.search(r"(http://\S+/)", line)
        assert found, line + process.stderr.read()
        yield found.group(1), process
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()
        process.stderr.close()


def rss_mib(pid):
    """Resident memory of a process and its children, MiB."""
    total = 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            total += int(line.split()[1])
    return total / 1024


__all__ = ["running_server", "rss_mib"]
