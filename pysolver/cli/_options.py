"""Options shared by the commands: the rules of the game.

Every command but ``chen`` (a formula of the standard game) takes
``--rules NAME|PATH`` (a shipped variant or your own rules file, see
:mod:`pysolver.core._rules`), ``--add FILE`` (rule files added to it, repeatable),
and the limits your own files ground under, ``--time-limit`` and ``--memory-limit``.
"""

from __future__ import annotations

import argparse
import json

from ..core import VARIANTS, Limits, Rules
from ..rulebook import load_rules


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    """Declare ``--rules`` and ``--add`` on a command's parser."""
    parser.add_argument(
        "--rules",
        default=None,
        metavar="NAME|PATH",
        help=f"the rules of the game: {', '.join(VARIANTS)} (default standard), "
        "or a rules file of your own (see asp/variants/standard.lp)",
    )
    parser.add_argument(
        "--add",
        action="append",
        default=[],
        metavar="FILE",
        help="an ASP rule file added to the rules (repeatable), e.g. examples/wraparound.lp",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=Limits.seconds,
        metavar="SECONDS",
        help=f"how long your rule files may ground (default {Limits.seconds:g} s)",
    )
    parser.add_argument(
        "--memory-limit",
        type=int,
        default=Limits.memory_mb,
        metavar="MIB",
        help=f"how much memory grounding your rule files may take (default {Limits.memory_mb} MiB)",
    )


def rules_from(args: argparse.Namespace) -> Rules:
    """The rules the options name (checked: a bad file is a RuleFileError)."""
    return load_rules(args.rules, args.add, limits=Limits(args.time_limit, args.memory_limit))


def add_where_options(parser: argparse.ArgumentParser, every_core: str) -> None:
    """Declare where a long run's tasks run and its resume file: ``--workers`` (one per core for
    ``every_core``), ``--scheduler`` and ``--resume``."""
    parser.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help=f"local processes or local Dask workers (default 1; one per core for {every_core})",
    )
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="run the tasks on the Dask cluster at ADDRESS (tcp://host:8786), or on a "
        "fresh local one ('local'); needs pysolver-holdem[cluster]",
    )
    parser.add_argument(
        "--resume",
        metavar="FILE",
        help="record each finished task in FILE; run again with it to finish only what is missing",
    )


def add_threads_option(parser: argparse.ArgumentParser) -> None:
    """Declare ``--threads N`` on a command's parser (the library checks it: a bad count exits 2)."""
    parser.add_argument(
        "--threads",
        type=int,
        default=None,
        metavar="N",
        help="threads that count (default 0: every core); the result is the same for any number",
    )


def add_backend_option(parser: argparse.ArgumentParser) -> None:
    """Declare ``--backend NAME`` on a command's parser (the library checks it: a bad name exits 2)."""
    parser.add_argument(
        "--backend",
        default=None,
        metavar="NAME",
        help="numpy, numba or cuda (default: numba where its loops are compiled or pay for their compile; "
        "cuda samples known and random hands on an NVIDIA GPU)",
    )


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """Declare ``--json`` on a command's parser."""
    parser.add_argument("--json", action="store_true", help="print the result as JSON")


def emit(result, as_json: bool) -> None:
    """Print a result: its ``to_dict()`` as JSON (one indentation everywhere) or its text."""
    print(json.dumps(result.to_dict(), indent=2) if as_json else result)


__all__ = [
    "add_rules_options",
    "rules_from",
    "add_where_options",
    "add_threads_option",
    "add_backend_option",
    "add_json_option",
    "emit",
]
