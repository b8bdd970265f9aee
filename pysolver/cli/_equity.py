"""``pysolver equity "AhKh" "QsQd" [--board ..] [--dead ..] [--exact [--force] | --trials N] [--seed S] [--json]``.

Each player is two hole cards, a range (``"AKs,TT+"``) or ``random``. Exact
when feasible, Monte Carlo otherwise; ``--exact`` refuses a run estimated to
take more than a minute, unless ``--force``. A progress bar appears on a
terminal for runs longer than a second, never with ``--json`` or when output
is piped; a run estimated to take :data:`ANNOUNCE_SECONDS` or more says so on
stderr before it starts, piped or not (``Monte Carlo: 100,000,000 trials on 2
threads, about 9 seconds``).

``--breakdown`` breaks each range player down by class (a table per player;
on a terminal also the 13x13 grid coloured by equity on PokerStove's scale)
and, with ``--json``, by combo; ``--svg``, ``--html`` and ``--png`` write the
grid of one range player (``--grid-player``, by default the first).

Under a game's rule book (``--rules omaha_hi_lo``) a player is the game's hole cards,
``random``, a list of holdings with weights (``"As Ah Kd 2c, 0.5(Ks Kh Qd 3c)"``) or, in a
game without a board, the cards held so far; the table shows each pot's share and scoops.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

from ..core import Picture, PokerInputError, equity_picture
from ..odds import EquityResult, GameEquity, Progress, equity
from ._options import add_backend_option, add_json_option, add_rules_options, add_threads_option, emit, rules_from
from ._ranges import add_export_options, export
from ._render import show

ANNOUNCE_SECONDS = 1.0
"""A run estimated to take this long or longer is announced on stderr before it starts."""


def announce(seconds: float, line: str) -> None:
    """Show ``line`` on stderr when the run it announces takes :data:`ANNOUNCE_SECONDS` or more."""
    if seconds >= ANNOUNCE_SECONDS:
        print(line, file=sys.stderr, flush=True)


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "equity",
        help="all-in equity of hands, ranges or random hands: exact or Monte Carlo",
        description="Each player's chance to win, tie and lose, and equity (a tie among k pays 1/k). "
        "Exact enumeration when feasible, else Monte Carlo.",
    )
    parser.add_argument(
        "players",
        nargs="+",
        metavar="PLAYER",
        help='two hole cards ("AhKh"), a range ("AKs,TT+", "top 10%%") or "random"',
    )
    parser.add_argument("--board", default="", help='0, 3, 4 or 5 board cards, e.g. "Qs Js 2c"')
    parser.add_argument("--dead", default="", help='cards out of play, e.g. "2d 7c"')
    how = parser.add_mutually_exclusive_group()
    how.add_argument("--exact", action="store_true", default=None, help="force exact enumeration")
    how.add_argument("--trials", type=int, metavar="N", help="Monte Carlo with N trials")
    parser.add_argument(
        "--force", action="store_true", help="with --exact: enumerate even when it would take more than a minute"
    )
    parser.add_argument(
        "--target-stderr", type=float, metavar="E", help="Monte Carlo: stop once every equity's standard error is <= E"
    )
    parser.add_argument("--seed", type=int, help="seed for Monte Carlo (reproducible runs)")
    parser.add_argument(
        "--breakdown",
        action="store_true",
        help="each range player's equity per class (and per combo with --json), and its grid coloured by equity",
    )
    parser.add_argument(
        "--grid-player",
        type=int,
        metavar="N",
        help="with --breakdown: the range player whose grid is drawn (default: every one on a "
        "terminal, the first in --svg/--html/--png)",
    )
    add_export_options(parser)
    add_threads_option(parser)
    add_backend_option(parser)
    add_json_option(parser)
    add_rules_options(parser)
    parser.set_defaults(run=run)


@contextmanager
def progress_bar(enabled: bool) -> Iterator[Progress | None]:
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


def breakdown_picture(result: EquityResult, player: int) -> Picture:
    """The grid of one range player's breakdown, each class coloured by its equity on
    PokerStove's scale, each cell filled as far as the range holds the class."""
    assert result.breakdown is not None
    part = result.breakdown.player(player)
    values, held = part.grid()
    others = " vs ".join(p.range for i, p in enumerate(result.players) if i != player)
    board = f" on {' '.join(str(c) for c in result.board)}" if result.board else ""
    how = (
        "exact"
        if result.exact
        else (
            f"Monte Carlo, seed {result.seed}, standard errors up to "
            f"{100 * max(c.stderr or 0 for c in part.classes):.2f}%"
        )
    )
    notes = [f"equity by class: {how}", "a cell is filled as far as the range holds the class after card removal"]
    return equity_picture(
        values, len(result.players), f"player {player}: {part.range} against {others}{board}", held, notes
    )


def run(args) -> int:
    drawn = any(path is not None for path in (args.svg, args.html, args.png))
    if args.force and not args.exact:
        raise PokerInputError("--force lifts the time limit of an exact enumeration: add --exact")
    if (drawn or args.grid_player is not None) and not args.breakdown:
        raise PokerInputError("--svg, --html, --png and --grid-player draw the grid of a breakdown: add --breakdown")
    rules = rules_from(args)
    if not rules.game.holdem_shape and (args.breakdown or drawn or args.grid_player is not None):
        raise PokerInputError(f"rules {rules.label}: --breakdown breaks hold'em ranges down by combo and class")
    with progress_bar(sys.stdout.isatty() and not args.json) as progress:
        result = equity(
            args.players,
            args.board,
            dead=args.dead,
            rules=rules,
            exact=args.exact,
            trials=args.trials,
            target_stderr=args.target_stderr,
            seed=args.seed,
            progress=progress,
            force=args.force,
            breakdown=args.breakdown,
            threads=args.threads,
            announce=announce,
            backend=args.backend,
        )
    if isinstance(result, GameEquity):  # a game of its own: each pot's share
        emit(result, args.json)
        return 0
    breakdown = result.breakdown
    players = [p.player for p in breakdown.players] if breakdown is not None else []
    if args.grid_player is not None and breakdown is not None:
        breakdown.player(args.grid_player)  # a range player, or a PokerInputError
        players = [args.grid_player]
    if drawn and not export(breakdown_picture(result, players[0]), args):
        return 2
    emit(result, args.json)
    if players and not args.json and sys.stdout.isatty():
        for player in players:
            print()
            show(breakdown_picture(result, player))
    return 0


__all__ = ["ANNOUNCE_SECONDS", "announce", "add_parser", "progress_bar", "breakdown_picture", "run"]
