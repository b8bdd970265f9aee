"""``pysolver compile [--check] [--json]``: compile every family of loops on numba now.

Compiled code is cached on disk; a machine compiles a family the first time a
question needs it, or, for questions too short to pay for it, in a background
process while numpy answers (:mod:`pysolver.evaluator._backends`). This command
compiles them all at once (after installing, or in an image's build), and
``--check`` says which are compiled.
"""

from __future__ import annotations

import argparse
import json
import os

from ..evaluator import backend
from ..odds import compile_kernels, kernel_status
from ._options import add_json_option


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "compile",
        help="compile every family of loops on numba now (cached on disk)",
        description="Compile every family of compiled loops (the evaluator's, the exact counts', the Monte "
        "Carlo loops') on numba now, where they are not compiled on this machine yet. Without numba "
        "(the 'fast' extra) there is nothing to compile.",
    )
    parser.add_argument("--check", action="store_true", help="only say which families are compiled")
    parser.add_argument("--quiet", action="store_true", help="print nothing")
    parser.add_argument("--background", metavar="LOCK", help=argparse.SUPPRESS)
    add_json_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.background and hasattr(os, "nice"):  # started by a question numpy answered: the lowest priority
        os.nice(19)
    try:
        if backend() != "numba":
            report: dict = {"backend": backend(), "families": {}}
        elif args.check:
            report = {"backend": "numba", "families": kernel_status()}
        else:
            say = None if args.quiet or args.json else (lambda line: print(line, flush=True))
            report = {"backend": "numba", "families": compile_kernels(say)}
    finally:
        lock = args.background
        if lock and os.path.basename(lock).startswith("pysolver-compile-") and lock.endswith(".lock"):
            try:  # the lock its starter took (compile_in_background), and nothing else
                os.unlink(lock)
            except OSError:
                pass
    if args.json:
        print(json.dumps(report, indent=2))
    elif not args.quiet:
        if backend() != "numba":
            print("no compiled loops here (numba is not installed, or PYSOLVER_KERNEL=numpy): nothing to compile")
        elif args.check:
            for name, done in report["families"].items():
                print(f"{name}: {'compiled' if done else 'not compiled'}")
    return 0


__all__ = ["add_parser", "run"]
