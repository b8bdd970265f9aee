"""``pysolver equity "AhKh" "QsQd" [--board ..] [--dead ..] [--exact [--force] | --trials N] [--seed S] [--json]``.

Each player is two hole cards, a range (``"AKs,TT+"``) or ``random``. Exact
when feasible, Monte Carlo otherwise; ``--exact`` refuses a run estimated to
take more than a minute, unless ``--force``. A progress bar appears on a
terminal for runs longer than a second, never with ``--json`` or when output
is piped.
"""

from __future__ import annotations

import sys
import time
from contextlib import contextmanager
from typing import Iterator, Optional

from ..odds.calculator import Progress, equity
from .options import add_json_option, add_rules_options, emit, rules_from


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "equity", help="all-in equity of hands, ranges or random hands: exact or Monte Carlo",
        description="Each player's chance to win, tie and lose, and equity (a tie among k pays 1/k). "
                    "Exact enumeration when feasible, else Monte Carlo.")
    parser.add_argument("players", nargs="+", metavar="PLAYER",
                        help='two hole cards ("AhKh"), a range ("AKs,TT+", "top 10%%") or "random"')
    parser.add_argument("--board", default="", help='0, 3, 4 or 5 board cards, e.g. "Qs Js 2c"')
    parser.add_argument("--dead", default="", help="cards out of play, e.g. \"2d 7c\"")
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", default=None, help="force exact enumeration")
    how.add_argument("--trials", type=int, metavar="N", help="Monte Carlo with N trials")
    parser.add_argument("--force", action="store_true",
                        help="with --exact: enumerate even when it would take more than a minute")
    parser.add_argument("--target-stderr", type=float, metavar="E",
                        help="Monte Carlo: stop once every equity's standard error is <= E")
    parser.add_argument("--seed", type=int, help="seed for Monte Carlo (reproducible runs)")
    add_json_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


@contextmanager
def progress_bar(enabled: bool) -> Iterator[Optional[Progress]]:
    """A ``progress(done, total)`` callback drawing a rich bar on stderr once a run has taken a
    second (it disappears when the run ends), or None."""
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress as Bar

    bar = Bar(*Bar.get_default_columns(), console=Console(stderr=True), transient=True)
    start, task = time.monotonic(), None

    def update(done: int, total: int) -> None:
        nonlocal task
        if task is None:
            if time.monotonic() - start < 1.0:
                return
            bar.start()
            task = bar.add_task("equity", total=total or None)
        bar.update(task, completed=done, total=total or None)

    try:
        yield update
    finally:
        if task is not None:
            bar.stop()


def run(args) -> int:
    with progress_bar(sys.stdout.isatty() and not args.json) as progress:
        result = equity(args.players, args.board, dead=args.dead, rules=rules_from(args), exact=args.exact,
                        trials=args.trials, target_stderr=args.target_stderr, seed=args.seed, progress=progress,
                        force=args.force)
    emit(result, args.json)
    return 0


__all__ = ["add_parser", "run"]
