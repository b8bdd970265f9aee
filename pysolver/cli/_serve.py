"""``pysolver serve [--host 127.0.0.1] [--port 8000] [--allow-host NAME] [--open]``: the web app (the ``web`` extra).

Equity with clickable range grids and a board picker, showdowns explained,
and the rules lab, in a browser (:mod:`pysolver.web`). Binds to 127.0.0.1
unless ``--host`` says otherwise (with a warning: anyone who reaches the
address can run computations). It answers to the address it listens on and
to ``localhost``, and to more names with ``--allow-host``: a web page under
another name cannot reach it. The web stack is imported only here, so the
rest of the command line works without the extra.
"""

from __future__ import annotations

import argparse
import importlib.util

from ..core import Limits, PokerInputError

WEB_MODULES = ("starlette", "uvicorn")


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="the web app: equity with range grids, showdowns explained, the rules lab",
        description="Serve the web app on http://HOST:PORT/ (equity, showdown and rules pages, and their "
        "JSON API). Needs the web extra: pip install 'pysolver-holdem[web]'.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this machine only)"
    )
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 picks a free one)")
    parser.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another name the server answers to, as browsers send it in Host (repeatable; by default "
        "the address it listens on and localhost)",
    )
    parser.add_argument("--open", action="store_true", help="open the equity page in the default browser")
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        metavar="N",
        help="computations at once (default: one per core); more requests wait their turn",
    )
    parser.add_argument(
        "--time-limit",
        type=float,
        default=Limits.seconds,
        metavar="SECONDS",
        help=f"how long one computation, or grounding a page's rule text, may take (default {Limits.seconds:g} s)",
    )
    parser.add_argument(
        "--memory-limit",
        type=int,
        default=Limits.memory_mb,
        metavar="MIB",
        help=f"how much memory grounding a page's rule text may take (default {Limits.memory_mb} MiB)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    missing = [name for name in WEB_MODULES if importlib.util.find_spec(name) is None]
    if missing:
        raise PokerInputError(f"serve needs {' and '.join(missing)}: pip install 'pysolver-holdem[web]'")
    if not 0 <= args.port <= 65535:
        raise PokerInputError(f"port {args.port}: a number from 0 to 65535")
    if args.workers is not None and args.workers < 1:
        raise PokerInputError(f"workers {args.workers}: at least 1")
    limits = Limits(args.time_limit, args.memory_limit)
    from ..web import serve  # the web stack, only when serving

    serve(
        args.host,
        args.port,
        open_browser=args.open,
        allow_hosts=args.allow_host,
        workers=args.workers,
        seconds=limits.seconds,
        memory_mb=limits.memory_mb,
    )
    return 0


__all__ = ["WEB_MODULES", "add_parser", "run"]
