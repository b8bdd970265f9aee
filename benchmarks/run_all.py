"""Run every benchmark, each in its own process, then say how to make the report.

    python benchmarks/run_all.py              # the full set (about 15 minutes on 2 cores)
    python benchmarks/run_all.py --quick      # each benchmark's small version
    python benchmarks/run_all.py equity asp   # only these

Each benchmark writes ``benchmarks/results/NAME.json``; ``python benchmarks/report.py``
then writes docs/performance.md and the README's speed table from them. A fresh
process per benchmark keeps clingo's symbol table from one out of the next.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCHMARKS = (
    "evaluator",
    "kernels",
    "equity",
    "asp",
    "games",
    "game_values",
    "game_equity",
    "first_use",
    "whatif",
    "strength",
    "crossval",
    "conform",
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help=f"benchmarks to run (default: all of {', '.join(BENCHMARKS)})"
    )
    parser.add_argument("--quick", action="store_true", help="each benchmark's small version")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in BENCHMARKS]
    if unknown:
        parser.error(f"no benchmark {', '.join(unknown)} (there are {', '.join(BENCHMARKS)})")
    failed = []
    for name in args.names or BENCHMARKS:
        print(f"== bench_{name}", flush=True)
        start = time.perf_counter()
        run = subprocess.run([sys.executable, str(HERE / f"bench_{name}.py")] + (["--quick"] if args.quick else []))
        print(
            f"== bench_{name}: {'ok' if run.returncode == 0 else 'FAILED'}, {time.perf_counter() - start:.0f} s",
            flush=True,
        )
        if run.returncode != 0:
            failed.append(name)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    print("next: python benchmarks/report.py")
    return 0


__all__ = ["main"]


if __name__ == "__main__":
    sys.exit(main())
