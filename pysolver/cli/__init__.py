"""The ``pysolver`` command line.

Each subcommand lives in its own module of this package with two functions:
``add_parser(subparsers)`` declares its arguments and ``run(args) -> int``
does the work. Bad input never shows a traceback: a :class:`PokerInputError`
becomes one line on stderr and exit status 2, as do argument errors.
"""

from __future__ import annotations

import argparse
import sys
from typing import Sequence

from .. import __version__
from ..core.errors import PokerInputError
from . import showdown, equity, chen, strength, outs, runouts, crossval, rules, cache
# Each subcommand module, in the order of `pysolver --help`.
COMMANDS: tuple = (showdown, equity, chen, strength, outs, runouts, crossval, rules, cache)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr, exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="pysolver", description="Texas Hold'em showdowns, solved with ASP, "
                     "beside a fast lookup-table evaluator.")
    parser.add_argument("--version", action="version", version=f"pysolver {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND",
                                parser_class=_Parser)
    for command in COMMANDS:
        command.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except PokerInputError as error:
        print(f"pysolver: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("pysolver: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


__all__ = ["build_parser", "main"]
