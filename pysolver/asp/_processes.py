"""Worker processes for clingo work: forked, and each replaced after a few tasks.

clingo keeps every symbol it ever creates until the process ends
(potassco/clingo#203): every showdown adds atoms such as
``hand_value(Id, Player, Value)`` to one process-wide table, and the bigger it
grows the slower grounding gets. So long runs go to worker processes that are
replaced after ``tasks_per_process`` tasks, before their tables grow (the design
page "Worker processes" of the documentation has the figures).

The workers are forked from the calling thread itself (Linux and macOS; no
``if __name__ == "__main__"`` guard needed in a script), never from a helper
thread, as ``multiprocessing.Pool(maxtasksperchild=...)`` does: forking while
another thread holds a lock can hang the child. Tasks reach a worker through
the fork; results come back pickled. A worker inherits the symbols its parent made (copy on write): best
call this from a process that has not solved much itself.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import TypeVar

from ..core import WorkerError, check_count, one_thread_per_process
from ._lifeline import Lifeline, end_with_parent

T = TypeVar("T")
R = TypeVar("R")


def recycled_imap(
    function: Callable[[T], R],
    tasks: Iterable[T],
    workers: int,
    tasks_per_process: int,
    initializer: Callable[..., None] | None = None,
    initargs: tuple = (),
) -> Iterator[R]:
    """``function(task)`` for each task, in ``workers`` forked processes, results in task order.

    Each process runs ``initializer(*initargs)``, then ``tasks_per_process``
    consecutive tasks, and ends; a fresh one takes the next tasks. An exception
    in a task is raised here; a worker lost before it sent its results (killed,
    out of memory) is a :class:`~pysolver.core._errors.WorkerError` naming its
    tasks. The processes are stopped when the results are consumed or abandoned,
    and a worker ends within a second of its parent, however the parent ends
    (:func:`~pysolver.asp._lifeline.end_with_parent`).

    >>> list(recycled_imap(abs, [-1, 2, -3], workers=2, tasks_per_process=2))
    [1, 2, 3]
    """
    tasks = tasks if isinstance(tasks, Sequence) else list(tasks)  # a lazy Sequence stays lazy
    context = multiprocessing.get_context("fork")
    starts = iter(range(0, len(tasks), tasks_per_process))
    running: dict[Connection, multiprocessing.process.BaseProcess] = {}
    assigned: dict[Connection, range] = {}
    done: dict[int, tuple[bool, object]] = {}
    next_result = 0
    lifeline = Lifeline()
    try:
        while next_result < len(tasks):
            while len(running) < workers and (start := next(starts, None)) is not None:
                receiver, sender = context.Pipe(duplex=False)
                indices = range(start, min(start + tasks_per_process, len(tasks)))
                inherited = [receiver, *running]  # read ends the child must not hold
                process: multiprocessing.process.BaseProcess = context.Process(
                    target=_work,
                    daemon=True,
                    args=(sender, inherited, function, tasks, indices, initializer, initargs, lifeline),
                )
                process.start()
                sender.close()
                running[receiver] = process
                assigned[receiver] = indices
            for receiver in wait(list(running)):  # type: ignore[assignment]  # wait() gives back what it was given
                try:
                    index, ok, value = receiver.recv()
                    done[index] = (ok, value)
                except EOFError:  # the worker has sent all it will send
                    process = running.pop(receiver)
                    indices = assigned.pop(receiver)
                    process.join()
                    missing = [i for i in indices if i not in done and i >= next_result]
                    failed = any(not done[i][0] for i in indices if i in done)  # raised below, in order
                    if process.exitcode != 0 or (missing and not failed):
                        raise WorkerError(_lost(process.exitcode, missing or list(indices), len(tasks))) from None
            while next_result in done:
                ok, value = done.pop(next_result)
                if not ok:
                    raise value  # type: ignore[misc]
                yield value  # type: ignore[misc]
                next_result += 1
    finally:
        for process in running.values():
            process.terminate()
            process.join()
        lifeline.close()


def _lost(exitcode: int | None, missing: list[int], total: int) -> str:
    """The message for a worker lost before it sent every result."""
    how = (
        f"was killed by signal {-exitcode}"
        if exitcode is not None and exitcode < 0
        else f"ended with exit code {exitcode}"
        if exitcode
        else "ended early"
    )
    which = f"task {missing[0] + 1}" if len(missing) == 1 else f"tasks {missing[0] + 1}-{missing[-1] + 1}"
    return (
        f"the worker process for {which} of {total} {how}: nothing of {'it' if len(missing) == 1 else 'them'} "
        "was counted"
    )


def _work(
    sender: Connection,
    inherited: Sequence[Connection],
    function: Callable,
    tasks: Sequence,
    indices: range,
    initializer: Callable[..., None] | None,
    initargs: tuple,
    lifeline: Lifeline,
) -> None:
    """A worker: the initializer, then its tasks, each result (or exception) sent back.

    It first closes the pipes' read ends it inherited, so that if the parent dies the
    worker's next send fails (a broken pipe) and it ends, rather than block forever; and it
    ends at once when its parent does (``lifeline``), even in the middle of a task."""
    end_with_parent(lifeline.parent, lifeline)
    for connection in inherited:
        connection.close()
    one_thread_per_process()  # the processes are the parallel work: one thread each
    if initializer is not None:
        initializer(*initargs)
    for index in indices:
        try:
            sender.send((index, True, function(tasks[index])))
        except Exception as error:  # sent to the caller, which raises it
            sender.send((index, False, error))
            break
    sender.close()


def check_workers(workers: int) -> int:
    """``workers``, if it is a whole number from 1 to the machine's number of cores."""
    cores = os.cpu_count() or 1
    return check_count("workers", workers, 1, cores)


__all__ = ["recycled_imap", "check_workers"]
