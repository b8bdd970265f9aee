"""The ``pysolver`` command line.

Each subcommand lives in its own module of this package with two functions:
``add_parser(subparsers)`` declares its arguments and ``run(args) -> int``
does the work. Bad input never shows a traceback: a :class:`PokerInputError`
becomes one line on stderr and exit status 2, as do argument errors; a lost
worker process or an unreachable cluster (:class:`~pysolver.core.WorkerError`) is
one line too, with exit status :data:`WORKER_LOST` (3). Error lines are cut
to :data:`ERROR_LIMIT` characters, whatever was typed. (Argument errors exit
through ``SystemExit(2)``, as argparse does; the others return 2.)
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from .. import __version__
from ..core import PokerInputError, WorkerError, parse_range
from . import (
    _cache,
    _chen,
    _compile,
    _conform,
    _crossval,
    _equity,
    _outs,
    _ranges,
    _rules,
    _runouts,
    _serve,
    _showdown,
    _strength,
    _table,
    _texture,
)

# Each subcommand module, in the order of `pysolver --help`.
COMMANDS: tuple = (
    _showdown,
    _equity,
    _ranges,
    _texture,
    _chen,
    _strength,
    _outs,
    _runouts,
    _table,
    _crossval,
    _conform,
    _rules,
    _cache,
    _compile,
    _serve,
)

WORKER_LOST = 3
"""The exit status when a worker process was lost (killed, out of memory) or a Dask cluster
could not be reached: not bad input (2), and not a finished run (0 or 1)."""
ERROR_LIMIT = 300
"""The longest error line the command line prints (a 100 KB argument is not echoed back)."""


def error_line(message: str) -> str:
    """``message`` as one line of at most :data:`ERROR_LIMIT` characters.

    >>> error_line("bad card 'x'\\nsecond line")
    "bad card 'x' second line"
    >>> len(error_line("x" * 100_000))
    300
    """
    line = " ".join(str(message).split())
    return line if len(line) <= ERROR_LIMIT else line[: ERROR_LIMIT - 3] + "..."


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, error_line(f"{self.prog}: error: {message}") + "\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="pysolver", description="Texas Hold'em showdowns, solved with ASP, beside a fast lookup-table evaluator."
    )
    parser.add_argument("--version", action="version", version=f"pysolver {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", parser_class=_Parser)
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def _unrecognized(extra: list[str]) -> str:
    """Why arguments were not recognized: a range with a negative weight (``-1(AA)``, which
    looks like an option) says what is wrong with it; anything else is unrecognized."""
    for token in extra:
        if token.startswith("-") and ("(" in token or ":" in token):
            try:
                parse_range(token)
            except PokerInputError as error:
                return str(error)
    return f"unrecognized arguments: {' '.join(extra)}"


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        parser.error(_unrecognized(extra))
    try:
        return args.run(args)
    except PokerInputError as error:
        print(error_line(f"pysolver: error: {error}"), file=sys.stderr)
        return 2
    except WorkerError as error:  # not the input's fault: a status of its own
        print(error_line(f"pysolver: error: {error}"), file=sys.stderr)
        return WORKER_LOST
    except KeyboardInterrupt:
        print("pysolver: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


__all__ = ["COMMANDS", "WORKER_LOST", "ERROR_LIMIT", "error_line", "build_parser", "main"]
