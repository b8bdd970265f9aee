"""Tasks for the cluster tests: importable by the Dask workers and their child processes."""

import os
import signal
import time


def square(x: int) -> int:
    return x * x


def kill_worker_once(task: tuple[int, str]) -> int:
    """Task (x, marker): the first time any process runs x == 1, kill the Dask worker running
    it (this child's parent) a moment after it started, writing this child's pid in the marker,
    and go on as if in a long task; any later run returns x * x."""
    x, marker = task
    if x == 1:
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return x * x
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
        time.sleep(0.5)
        os.kill(os.getppid(), signal.SIGKILL)
        time.sleep(60)
        os._exit(1)
    return x * x


def kill_child_once(task: tuple[int, str]) -> int:
    """Task (x, marker): the first run of x == 1 kills its own (child) process."""
    x, marker = task
    if x == 1:
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return x * x
        os.kill(os.getpid(), signal.SIGKILL)
    return x * x


def pid(_: int) -> int:
    return os.getpid()


def refuse(x: int) -> int:
    from pysolver.core._errors import PokerInputError

    raise PokerInputError(f"task {x} refused")


def sleep(task: tuple) -> float:
    """Task (seconds[, folder]): sleeps ``seconds``, first writing a file named by its process
    id in ``folder`` if given."""
    seconds, folder = (*task, None)[:2]
    if folder is not None:
        open(os.path.join(folder, str(os.getpid())), "w").close()
    time.sleep(seconds)
    return seconds
