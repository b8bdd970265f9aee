"""Random cross-validation runs: skewed showdowns, and heads-up deals street by street.

Both deal a task at a time (:mod:`pysolver.crossval._blocks`): a task's
:data:`SHOWDOWNS_PER_TASK` showdowns are dealt from the task's own seed where it
runs, so a run of any size holds one task's deals per process, and the deals
depend on the seed and the count alone, not on the workers or a resume file.

    >>> report = crossval_random(300, players=3, seed=1)
    >>> report.ok, report.showdowns, report.hands
    (True, 300, 900)
"""

from __future__ import annotations

import os

import numpy as np

from ..core import PokerInputError, Rules, RulesLike, check_choice, check_count
from ..rulebook import rules_of
from ._blocks import Tasks, block_seed
from ._compare import Partial, compare_showdowns
from ._crossval_report import CrossvalReport
from ._dealer import STREET_CASES, deal_skewed, deal_streets
from ._execution import check_where, holdem_only, resume_file, run_checks, run_seed
from ._games import compare_games, deal_game

#: Showdowns per clingo program (and per task) in the random modes.
SHOWDOWNS_PER_TASK = 1000


def _random_task(seed: int, block: int, count: int, players: int, board_size: int, label: str, rules: Rules) -> Partial:
    """Check block ``block`` of a random run (:func:`random_block`); ``label`` a street
    (``"flop:"``, ``"turn:"``, ``"river:"``) checks that street of the streets run's block.
    A game other than hold'em deals whole showdowns of its own (:func:`deal_game`), pot by pot."""
    if not rules.game.holdem_shape:
        n = min(SHOWDOWNS_PER_TASK, count - block * SHOWDOWNS_PER_TASK)
        return compare_games(*deal_game(n, players, block_seed(seed, block), rules), rules)
    cards, cases = random_block(seed, block, count, players, board_size if not label else 0, rules)
    if label:
        street = ("flop:", "turn:", "river:").index(label)
        board_size = 3 + street
        cards, cases = cards[:, : 4 + board_size], cases[:, street]
    holes = cards[:, : 2 * players].reshape(len(cards), players, 2)
    part = compare_showdowns(holes, cards[:, 2 * players :], cases, [f"{label}{c}" for c in STREET_CASES], rules)
    if label:
        part.cases[f"{label}tie"] = part.cases.pop("tie", 0)
    return part


def random_block(
    seed: int, block: int, count: int, players: int, board_size: int, rules: RulesLike = None
) -> tuple[np.ndarray, np.ndarray]:
    """Block ``block`` of a random run of ``count`` showdowns from ``seed``: its cards (holes
    then board) and cases, dealt by :func:`~pysolver.crossval._dealer.deal_skewed` (or, with
    ``board_size`` 0, the streets run's :func:`~pysolver.crossval._dealer.deal_streets`) from
    the block's own seed (:mod:`pysolver.crossval._blocks`), :data:`SHOWDOWNS_PER_TASK` a block.

    >>> cards, cases = random_block(1, 0, 5, 2, 5)
    >>> bool((cards == deal_skewed(5, 2, 5, seed=1).cards).all())
    True
    """
    n = min(SHOWDOWNS_PER_TASK, count - block * SHOWDOWNS_PER_TASK)
    if board_size == 0:
        return deal_streets(n, players, block_seed(seed, block), rules)
    deals = deal_skewed(n, players, board_size, block_seed(seed, block), rules=rules)
    return deals.cards, deals.case


#: The most showdowns a random run checks: some 75 CPU hours of the ASP solver at 3,700 a second
#: (a larger check is several runs with their own seeds). They are dealt a task at a time.
MOST_DEALS = 1_000_000_000


def _random_tasks(count: int, seed: int, players: int, board_size: int, rules: Rules, label: str = "") -> Tasks:
    return Tasks(
        count,
        SHOWDOWNS_PER_TASK,
        lambda i, start, stop: (seed, i, count, players, board_size, label, rules),
    )


def _check_random(mode: str, count: object) -> int:
    if isinstance(count, int) and not isinstance(count, bool) and count > MOST_DEALS:
        raise PokerInputError(
            f"{mode} {count:,}: at most {MOST_DEALS:,} showdowns a run (some 75 CPU hours of the ASP "
            "solver); check more as several runs with their own seeds"
        )
    return check_count(mode, count, 1, MOST_DEALS)


def crossval_random(
    count: int,
    players: int = 2,
    cards: int = 7,
    seed: int | None = None,
    workers: int = 1,
    progress: bool = False,
    rules: RulesLike = None,
    *,
    scheduler: str | None = None,
    resume: str | os.PathLike | None = None,
) -> CrossvalReport:
    """``count`` skewed random showdowns of ``players`` players, each seeing ``cards`` (5, 6, 7) cards.

    ``rules`` is a rule book (:mod:`pysolver.core._rules`): both engines play by it, dealt from its deck.
    A game other than hold'em (Omaha, hi-lo, stud, lowball, ...) deals whole showdowns of
    the game, ``cards`` aside, and compares every pot (:mod:`pysolver.crossval._games`).
    Each task deals its own :data:`SHOWDOWNS_PER_TASK` showdowns (:func:`random_block`), so
    memory stays the same for any ``count`` (up to :data:`MOST_DEALS`) and the deals depend on
    ``seed`` and ``count`` alone. Where the tasks run (``workers``, ``scheduler``) and
    ``resume`` are as in :func:`crossval_exhaustive`.
    """
    check_where(workers, scheduler)
    rules = rules_of(rules)
    cards = check_choice("cards", cards, (5, 6, 7), "a player sees 5 (flop), 6 (turn) or 7 (river) cards")
    _check_random("random", count)
    seed = run_seed(seed)
    if rules.game.holdem_shape:
        random_block(seed, 0, min(count, 1), players, cards - 2, rules)  # checks the players and the deck
    else:
        check_count("players", players, 2, None)
        rules.check_players(players)
    tasks = _random_tasks(count, seed, players, cards - 2, rules)
    record = resume_file(
        resume, "random", rules, count=count, players=players, cards=cards, seed=seed, tasks=len(tasks)
    )
    report = run_checks("random", _random_task, tasks, workers, progress, rules, scheduler=scheduler, resume=record)
    report.seed = seed
    return report


def crossval_streets(
    count: int,
    seed: int | None = None,
    workers: int = 1,
    progress: bool = False,
    rules: RulesLike = None,
    *,
    scheduler: str | None = None,
    resume: str | os.PathLike | None = None,
) -> CrossvalReport:
    """``count`` skewed heads-up deals, each checked at the flop, the turn and the river.

    A third of the deals hold their rare pattern from the flop on, a third from the turn, a
    third at the river (:func:`pysolver.crossval._dealer.deal_streets`); a street counts a deal under
    its case only once the pattern is complete, before that under ``later``.
    Where the tasks run (``workers``, ``scheduler``) and ``resume`` are as in
    :func:`crossval_exhaustive`; deals are made a task at a time, as in :func:`crossval_random`.
    """
    check_where(workers, scheduler)
    rules = holdem_only(rules_of(rules), "--streets")
    _check_random("streets", count)
    seed = run_seed(seed)
    random_block(seed, 0, min(count, 1), 2, 0, rules)  # checks the deck
    streets = [_random_tasks(count, seed, 2, 0, rules, label) for label in ("flop:", "turn:", "river:")]
    tasks = Tasks(3 * len(streets[0]), 1, lambda i, start, stop: streets[i // len(streets[0])][i % len(streets[0])])
    record = resume_file(resume, "streets", rules, count=count, seed=seed, tasks=len(tasks))
    report = run_checks("streets", _random_task, tasks, workers, progress, rules, scheduler=scheduler, resume=record)
    report.cases = {k: v for k, v in report.cases.items() if ":" in k}
    report.seed = seed
    return report


__all__ = ["SHOWDOWNS_PER_TASK", "MOST_DEALS", "random_block", "crossval_random", "crossval_streets"]
