"""Long batches on a Dask cluster: the same tasks as the local worker processes, on many machines.

A cross-validation or a batch of showdowns is a list of small tasks (a range of
hands, a chunk of deals). :func:`run_tasks` runs them where the caller says:

* ``scheduler=None``: in forked local processes (:mod:`pysolver.asp._processes`);
* ``scheduler="local"``: on a Dask ``LocalCluster`` of ``workers`` processes,
  one thread each;
* ``scheduler="tcp://host:8786"``: on an existing Dask cluster, started the way
  Dask documents (``dask scheduler`` on one machine, ``dask worker ADDRESS`` on
  each of the others, every one with pysolver installed).

Dask is an optional extra (``pip install 'pysolver-holdem[cluster]'``). clingo keeps
every symbol it makes for the life of a process and its controls do not pickle,
so a Dask worker never runs clingo itself: it hands each task to a child Python
process of its own (:mod:`pysolver.asp._cluster_worker`), which builds its own clingo
control and is replaced by a fresh one after ``tasks_per_process`` tasks, as a local
worker is; a task whose client is gone (killed by any signal) is stopped there within a
second.
A task whose Dask worker or child process was killed runs again: Dask
reschedules a task lost with its worker, and a task whose child died is
resubmitted, up to :data:`RETRIES` times. Each worker logs on the scheduler when
it starts a task, and :class:`TaskRun` counts the starts beyond one a task.

    >>> run = run_tasks(abs, [-1, 2, -3], workers=1)
    >>> sorted(run), run.retries
    ([(0, 1), (1, 2), (2, 3)], 0)
"""

from __future__ import annotations

import itertools
import os
import socket
import uuid
from collections.abc import Callable, Iterator, Sequence
from urllib.parse import urlsplit

from ..core import PokerInputError, WorkerError
from ._cluster_worker import in_child
from ._lifeline import end_with_parent
from ._processes import recycled_imap

#: Times a task lost with its process (a killed worker, a child out of memory) is run again.
RETRIES = 3
#: Seconds to wait for an existing Dask scheduler to answer.
CONNECT_SECONDS = 5
#: Tasks on a cluster at a time (at least two per worker thread): the rest wait in the caller.
IN_FLIGHT = 1000


def scheduler_address(scheduler: str) -> tuple[str, int]:
    """The host and port of a Dask scheduler's address ``tcp://HOST:PORT`` (or ``tls://``), checked.

    >>> scheduler_address("tcp://10.0.0.5:8786")
    ('10.0.0.5', 8786)
    >>> scheduler_address("10.0.0.5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pysolver.PokerInputError: --scheduler '10.0.0.5': a Dask scheduler's address is tcp://HOST:PORT (or local, ...)
    """
    try:
        parts = urlsplit(scheduler) if isinstance(scheduler, str) else None
        port = parts.port if parts is not None else None
    except ValueError:
        parts, port = None, None
    if (
        parts is None
        or parts.scheme not in ("tcp", "tls")
        or not parts.hostname
        or port is None
        or parts.path not in ("", "/")
    ):
        raise PokerInputError(
            f"--scheduler {str(scheduler)[:80]!r}: a Dask scheduler's address is "
            "tcp://HOST:PORT (or local, for a cluster on this machine)"
        )
    return parts.hostname, port


def cluster_available() -> bool:
    """Whether the Dask extra is installed (``pip install 'pysolver-holdem[cluster]'``)."""
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


class TaskRun:
    """The results of a list of tasks, as ``(index, result)`` pairs in the order they finish.

    ``retries`` counts the tasks run again because the process running them was
    lost; :meth:`close` stops whatever is still running (also when the results
    are abandoned, as in a ``with`` block).
    """

    def __init__(self, results: Iterator[tuple[int, object]], stop: Callable[[], None] = lambda: None):
        self._results = results
        self._stop = stop
        self.retries = 0

    def __iter__(self) -> Iterator[tuple[int, object]]:
        return self._results

    def close(self) -> None:
        self._results.close()  # type: ignore[attr-defined]
        self._stop()

    def __enter__(self) -> TaskRun:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def run_tasks(
    function: Callable,
    tasks: Sequence,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    tasks_per_process: int = 1,
    initializer: Callable[[], None] | None = None,
) -> TaskRun:
    """``function(task)`` for each task: locally (``scheduler=None``) or on a Dask cluster.

    ``function`` and the tasks must pickle (a module-level function and plain data);
    ``initializer()`` runs once in each fresh process before its tasks.
    """
    tasks = tasks if isinstance(tasks, Sequence) else list(tasks)
    if scheduler is None:
        if workers <= 1 and len(tasks) <= tasks_per_process:
            if initializer is not None:
                initializer()
            return TaskRun(_local_results(function(t) for t in tasks))
        return TaskRun(_local_results(recycled_imap(function, tasks, workers, tasks_per_process, initializer)))
    client, stop = _connect(scheduler, workers)
    run = TaskRun(iter(()), stop)
    run._results = _dask_results(client, run, function, tasks, tasks_per_process, initializer)
    return run


def _local_results(results: Iterator) -> Iterator[tuple[int, object]]:
    try:
        yield from enumerate(results)
    finally:
        results.close()  # type: ignore[attr-defined]  # stops the worker processes


def _connect(scheduler: str, workers: int):
    """A Dask client for ``scheduler`` ("local": a fresh local cluster) and how to let it go."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise PokerInputError(
            f"--scheduler {scheduler}: running on a Dask cluster needs the cluster extra "
            "(pip install 'pysolver-holdem[cluster]')"
        ) from None
    import logging

    if scheduler == "local":
        import dask

        # each worker holds only the task it runs: a lost worker loses just that one
        with dask.config.set({"distributed.scheduler.worker-saturation": 1.0}):
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                silence_logs=logging.CRITICAL,
            )
        client = Client(cluster)
        client.register_plugin(_end_with_client(os.getpid()), name="pysolver-end-with-client")

        def stop() -> None:
            client.close()
            cluster.close()

        return client, stop
    host, port = scheduler_address(scheduler)
    try:  # a quick knock first: nobody there fails in seconds
        socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
    except OSError as error:
        why = (
            error.strerror or type(error).__name__
            if not isinstance(error, TimeoutError)
            else f"no answer in {CONNECT_SECONDS} s"
        )
        raise WorkerError(f"cannot reach the Dask scheduler at {scheduler}: {why}") from None
    try:
        client = Client(scheduler, timeout=CONNECT_SECONDS)
    except (OSError, TimeoutError, ValueError) as error:
        first = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise WorkerError(f"cannot reach the Dask scheduler at {scheduler}: {first}") from None
    return client, client.close


def _end_with_client(parent: int):
    """A Dask worker plugin: a worker of a local cluster ends with the process that started it
    (its parent, ``parent``), however that process ends."""
    from distributed import WorkerPlugin

    class EndWithClient(WorkerPlugin):
        def setup(self, worker) -> None:
            if os.getppid() == parent:
                end_with_parent(parent, kernel=False)  # started from a thread of the nanny

    return EndWithClient()


def _dask_results(
    client,
    run: TaskRun,
    function: Callable,
    tasks: Sequence,
    tasks_per_process: int,
    initializer: Callable[[], None] | None,
) -> Iterator[tuple[int, object]]:
    """Submit the tasks, at most :data:`IN_FLIGHT` (or two per worker thread) at a time, so
    a run of a million tasks holds no more futures than a run of a thousand."""
    from distributed import as_completed

    name = f"pysolver-{uuid.uuid4().hex[:12]}"
    attempts: dict[int, int] = {}

    def submit(i: int):
        return client.submit(
            in_child,
            function,
            tasks[i],
            tasks_per_process,
            initializer,
            name,
            i,
            key=f"{name}-{i}-{attempts.get(i, 0)}",
            pure=False,
        )

    window = max(IN_FLIGHT, 2 * sum(client.nthreads().values()))
    waiting = iter(range(len(tasks)))
    futures = {submit(i): i for i in itertools.islice(waiting, window)}
    pending = as_completed(futures)
    try:
        for future in pending:
            i = futures.pop(future)
            if future.status == "error":
                error = future.exception()
                if not _lost_process(error):
                    raise error
                if attempts.get(i, 0) >= RETRIES:
                    raise WorkerError(f"task {i + 1} of {len(tasks)} was lost {attempts[i] + 1} times: {error}")
                attempts[i] = attempts.get(i, 0) + 1
                retry = submit(i)
                futures[retry] = i
                pending.add(retry)
                continue
            result = future.result()
            future.release()
            attempts.pop(i, None)
            if (following := next(waiting, None)) is not None:
                futures[later := submit(following)] = following
                pending.add(later)
            yield i, result
        # every start of a task was logged (as its worker began it): the starts beyond one a task
        run.retries = max(0, len(client.get_events(name)) - len(tasks))
    finally:
        for future in futures:
            future.cancel()


def _lost_process(error: BaseException) -> bool:
    """Whether a task failed because the process running it was lost (so running it again may work)."""
    return type(error).__name__ in ("WorkerError", "KilledWorker")  # by name: they come back unpickled


__all__ = ["RETRIES", "CONNECT_SECONDS", "IN_FLIGHT", "scheduler_address", "cluster_available", "TaskRun", "run_tasks"]
