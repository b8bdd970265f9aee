"""Worker processes for clingo work: forked, and each replaced after a few tasks.

clingo keeps every symbol it ever creates until the process ends
(potassco/clingo#203): every showdown adds atoms such as
``hand_value(Id, Player, Value)`` to one process-wide table, and the bigger it
grows the slower grounding gets. Measured with ``Solver.solve_batch`` in one
process, chunks of 1,000 new heads-up river deals: 4,868 showdowns/s for the
first chunk, 3,262/s after 20,000; the same 1,000 deals solved again and again
stay at about 5,600/s. So long runs go to worker processes that are replaced
after ``tasks_per_process`` tasks, before their tables grow.

The workers are forked from a clean server process (multiprocessing's
"forkserver", Linux and macOS) that has imported pysolver, not from the calling
process, which may hold a large symbol table of its own: a worker then starts in
milliseconds with an empty table. Tasks, results, the function and the
initializer's arguments are pickled.
"""

from __future__ import annotations

import multiprocessing
from typing import Callable, Iterable, Iterator, TypeVar

from .errors import PokerInputError

T = TypeVar("T")
R = TypeVar("R")


def recycled_imap(function: Callable[[T], R], tasks: Iterable[T], workers: int, tasks_per_process: int,
                  initializer: Callable[..., None] | None = None, initargs: tuple = ()) -> Iterator[R]:
    """``function(task)`` for each task, in ``workers`` worker processes, results in task order.

    Each process runs ``initializer(*initargs)`` first and is replaced after
    ``tasks_per_process`` tasks. An exception in a task is raised here; the
    processes are stopped when the results are consumed or abandoned.

    >>> list(recycled_imap(abs, [-1, 2, -3], workers=2, tasks_per_process=2))
    [1, 2, 3]
    """
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(["pysolver.solver", "pysolver.crossval"])  # once the server starts
    with context.Pool(workers, initializer, initargs, maxtasksperchild=tasks_per_process) as pool:
        yield from pool.imap(function, tasks)


def check_workers(workers: int) -> None:
    """Raise :class:`~pysolver.errors.PokerInputError` unless ``workers`` is at least 1."""
    if workers < 1:
        raise PokerInputError(f"workers {workers}: must be at least 1")
