"""Every family of compiled loops, compiled now: what ``pysolver compile`` runs.

Each family (:class:`~pysolver.evaluator._backends.Loops`) is compiled by a small
piece of work that runs its loops on numba, through the same calls a question
makes, so the code cached on disk is the code questions load. Until a family is
compiled on a machine, questions it would not speed up by more than its compile
time run on numpy (:func:`~pysolver.evaluator._backends.runs_on`).

    >>> [loops.name for loops, _ in FAMILIES]  # doctest: +NORMALIZE_WHITESPACE
    ['evaluate', 'games', 'games-sample', 'exact', 'sample', 'sample-deck', 'sample-ranges',
     'sample-draws', 'sample-full']
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..evaluator import (
    GAME_LOOPS,
    ROW_LOOPS,
    HandTables,
    Loops,
    compile_loops,
    evaluate_batch,
    evaluate_boards,
    game_runouts,
    game_values,
)
from ..rulebook import rules_of
from ._equity import equity
from ._exact.fixed import EXACT_LOOPS
from ._games.draws import SAMPLE_LOOPS
from ._games.equity import game_equity
from ._sampling.plan import DECK_LOOPS, DRAW_LOOPS, FULL_LOOPS, PLAIN_LOOPS, RANGE_LOOPS


def _rows() -> None:
    """The loops over hands (5, 6 and 7 cards) and over boards."""
    cards = np.arange(7).reshape(1, 7)
    for size in (5, 6, 7):
        evaluate_batch(cards[:, :size], threads=1)
    evaluate_boards(cards[:, :5], np.array([[8, 9]]), threads=1)


def _games() -> None:
    """The loops of a game (Omaha hi-lo): over a deal's fives, over the runouts of known hands (a
    river), and a known hand's values read from its tables by board part."""
    rules = rules_of("omaha_hi_lo")
    game_values(np.arange(4).reshape(1, 1, 4), np.arange(10, 15).reshape(1, 5), rules, threads=1)
    game_runouts(np.arange(8).reshape(2, 4), np.arange(10, 14), np.arange(20, 30), rules, unit=4, threads=1)
    tables = HandTables.of(np.arange(4).reshape(1, 4), rules)
    assert tables is not None  # Omaha's fives take three board cards
    tables.values(np.arange(10, 15).reshape(1, 5))


def _game_sample() -> None:
    """The shuffle of a game's Monte Carlo blocks."""
    game_equity(["Ah Ad 2h 3d", "random"], rules="omaha", trials=200, seed=0, threads=1)


def _exact() -> None:
    """The exact paths' loops: against one, two and three random hands, known hands, and the flush
    corrections of ranges (before the flop, with the table of rank-only winners)."""
    equity(["AhKh", "random"], "Qs Js 2c 3d", exact=True, threads=1)
    equity(["QQ", "JJ", "AKs"], exact=True, threads=1)
    equity(["AhKh", "random", "random"], "Qs Js 2c 3d", exact=True, threads=1)
    equity(["AhKh", "random", "random", "random"], "Qs Js 2c 3d", exact=True, threads=1)
    equity(["AhKh", "QsQd", "Tc9c"], "2c 7d 8h", exact=True, threads=1)


def _sampling(players: list[str], breakdown: bool = False) -> Callable[[], object]:
    """A short Monte Carlo run of ``players`` (broken down by combo or not): the loop that deals them."""
    return lambda: equity(players, exact=False, trials=2000, seed=0, threads=1, table=False, breakdown=breakdown)


FAMILIES: list[tuple[Loops, Callable[[], object]]] = [
    (ROW_LOOPS, _rows),
    (GAME_LOOPS, _games),
    (SAMPLE_LOOPS, _game_sample),
    (EXACT_LOOPS, _exact),
    (PLAIN_LOOPS, _sampling(["AhKh", "QsQd"])),
    (DECK_LOOPS, _sampling(["AhKh"] + ["random"] * 6)),
    (RANGE_LOOPS, _sampling(["AhKh", "QQ+,AK", "random"])),
    (DRAW_LOOPS, _sampling(["AK,AQ", "AK,KQ", "AQ,KQ", "AJ,KJ"])),
    (FULL_LOOPS, _sampling(["AhKh", "QQ+,AK", "random"], breakdown=True)),
]
"""Every family of compiled loops, with the work that compiles it."""


def compile_kernels(report: Callable[[str], None] | None = None) -> dict[str, float]:
    """Compile every family of loops on numba now, where they are not compiled yet: the CPU
    seconds each took by name (0 where it was compiled already); ``report`` gets a line a family.
    Without numba, nothing to compile: an empty dict.

    >>> took = compile_kernels()
    >>> set(took) <= {loops.name for loops, _ in FAMILIES}
    True
    """
    from ..evaluator import backend

    if backend() != "numba":
        return {}
    return compile_loops(FAMILIES, report)


def kernel_status() -> dict[str, bool]:
    """Whether each family of loops is compiled on this machine (numba installed), by name.

    >>> set(kernel_status()) in (set(), {loops.name for loops, _ in FAMILIES})
    True
    """
    from ..evaluator import backend, ready

    return {loops.name: ready(loops) for loops, _ in FAMILIES} if backend() == "numba" else {}


def compile_soon() -> bool:
    """Start the background compile (:func:`~pysolver.evaluator.compile_in_background`) where numba
    is installed and a family is not compiled on this machine; whether one was started."""
    from ..evaluator import compile_in_background

    status = kernel_status()
    return bool(status) and not all(status.values()) and compile_in_background()


__all__ = ["FAMILIES", "compile_kernels", "compile_soon", "kernel_status"]
