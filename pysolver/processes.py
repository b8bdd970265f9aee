"""Worker processes for clingo work: forked, and each replaced after a few tasks.

clingo keeps every symbol it ever creates until the process ends
(potassco/clingo#203): every showdown adds atoms such as
``hand_value(Id, Player, Value)`` to one process-wide table, and the bigger it
grows the slower grounding gets. Measured in one process, chunks of 1,000 new
heads-up river deals one after another: 4,541 showdowns/s for the first chunk,
about 3,000/s after 20,000; the same 1,000 deals solved again and again stay at
about 5,600/s (clingo finds their symbols made already). So long runs go to worker processes that are replaced
after ``tasks_per_process`` tasks, before their tables grow.

The workers are forked from the calling process (Linux and macOS; no
``if __name__ == "__main__"`` guard needed in a script), so a task's function
and the initializer's arguments need not be picklable; tasks and results are.
A worker inherits the symbols its parent made (copy on write): best call this
from a process that has not solved much itself.
"""

from __future__ import annotations

import multiprocessing
from typing import Callable, Iterable, Iterator, TypeVar

from .errors import PokerInputError

T = TypeVar("T")
R = TypeVar("R")


def recycled_imap(function: Callable[[T], R], tasks: Iterable[T], workers: int, tasks_per_process: int,
                  initializer: Callable[..., None] | None = None, initargs: tuple = ()) -> Iterator[R]:
    """``function(task)`` for each task, in ``workers`` forked processes, results in task order.

    Each process runs ``initializer(*initargs)`` first and is replaced after
    ``tasks_per_process`` tasks. An exception in a task is raised here; the
    processes are stopped when the results are consumed or abandoned.

    >>> list(recycled_imap(abs, [-1, 2, -3], workers=2, tasks_per_process=2))
    [1, 2, 3]
    """
    context = multiprocessing.get_context("fork")
    with context.Pool(workers, initializer, initargs, maxtasksperchild=tasks_per_process) as pool:
        yield from pool.imap(function, tasks)


def check_workers(workers: int) -> None:
    """Raise :class:`~pysolver.errors.PokerInputError` unless ``workers`` is at least 1."""
    if workers < 1:
        raise PokerInputError(f"workers {workers}: must be at least 1")
