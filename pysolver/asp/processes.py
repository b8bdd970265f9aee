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
from multiprocessing.connection import Connection, wait
from typing import Callable, Iterable, Iterator, Sequence, TypeVar

from ..core.numbers import check_count

T = TypeVar("T")
R = TypeVar("R")


def recycled_imap(function: Callable[[T], R], tasks: Iterable[T], workers: int, tasks_per_process: int,
                  initializer: Callable[..., None] | None = None, initargs: tuple = ()) -> Iterator[R]:
    """``function(task)`` for each task, in ``workers`` forked processes, results in task order.

    Each process runs ``initializer(*initargs)``, then ``tasks_per_process``
    consecutive tasks, and ends; a fresh one takes the next tasks. An exception
    in a task is raised here; the processes are stopped when the results are
    consumed or abandoned.

    >>> list(recycled_imap(abs, [-1, 2, -3], workers=2, tasks_per_process=2))
    [1, 2, 3]
    """
    tasks = list(tasks)
    context = multiprocessing.get_context("fork")
    starts = iter(range(0, len(tasks), tasks_per_process))
    running: dict[Connection, multiprocessing.process.BaseProcess] = {}
    done: dict[int, tuple[bool, object]] = {}
    next_result = 0
    try:
        while next_result < len(tasks):
            while len(running) < workers and (start := next(starts, None)) is not None:
                receiver, sender = context.Pipe(duplex=False)
                indices = range(start, min(start + tasks_per_process, len(tasks)))
                process = context.Process(target=_work, daemon=True,
                                          args=(sender, function, tasks, indices, initializer, initargs))
                process.start()
                sender.close()
                running[receiver] = process
            for receiver in wait(list(running)):
                try:
                    index, ok, value = receiver.recv()
                    done[index] = (ok, value)
                except EOFError:  # the worker has sent all it will send
                    process = running.pop(receiver)
                    process.join()
                    if process.exitcode != 0:
                        raise RuntimeError(f"a worker process ended with exit code {process.exitcode}")
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


def _work(sender: Connection, function: Callable, tasks: Sequence, indices: range,
          initializer: Callable[..., None] | None, initargs: tuple) -> None:
    """A worker: the initializer, then its tasks, each result (or exception) sent back."""
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
