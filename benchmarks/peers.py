"""The peers the benchmarks time pysolver against, and how to reach them.

Python peers (the ``bench`` extra: ``pip install -e '.[bench]'``): eval7,
phevaluator, treys, poker-equity. A peer that is not installed is recorded as
absent. OMPEval is a C++ equity calculator kept as source beside the project
(``../shared/peers/ompeval``); its ``build.sh`` compiles it once into the user
cache folder: ``ompeq`` (an equity calculation) and ``ompev`` (its evaluator).
Set ``OMPEQ`` to an ``ompeq`` binary to use another build (its ``ompev`` beside it).
Nothing of any peer is copied here: they are called, and timed.
"""

from __future__ import annotations

import json
import os
import subprocess
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from harness import ROOT, Reported, package_version

RANKS, SUITS = "23456789TJQKA", "cdhs"
PYTHON_PEERS = ("eval7", "phevaluator", "treys", "poker-equity")
OMPEVAL_BUILD = ROOT.parent / "shared" / "peers" / "ompeval" / "build.sh"


def card_text(index: int) -> str:
    """A card index (4 * rank + suit) as text: ``51`` -> ``'As'``."""
    return RANKS[index >> 2] + SUITS[index & 3]


def not_installed(name: str) -> str:
    """The reason recorded for a Python peer that is missing."""
    return f"not installed (pip install {name})"


@lru_cache(maxsize=1)
def ompeval_binary() -> str | None:
    """The ``ompeq`` binary: ``$OMPEQ``, or built by OMPEval's build.sh; None if neither works."""
    if os.environ.get("OMPEQ"):
        return os.environ["OMPEQ"]
    if not OMPEVAL_BUILD.exists():
        return None
    run = subprocess.run(["bash", str(OMPEVAL_BUILD)], capture_output=True, text=True)
    binary = run.stdout.strip().splitlines()[-1] if run.returncode == 0 and run.stdout.strip() else ""
    return binary if binary and Path(binary).exists() else None


def ompev_binary() -> str | None:
    """OMPEval's evaluator driver ``ompev``, built beside ``ompeq``; None if there is none."""
    binary = ompeval_binary()
    found = Path(binary).parent / "ompev" if binary else None
    return str(found) if found and found.exists() else None


def ompev(seed: int, hands: int, processes: int = 1) -> Reported:
    """OMPEval's evaluator on ``hands`` random 7-card hands, one thread per process: ``processes``
    copies at once, each on its share (its own seeded hands), timed by the slowest; each reports
    the best of its 7 passes over its hands."""
    binary = ompev_binary()
    assert binary is not None, ompeval_absent()
    runs = [
        subprocess.Popen([binary, str(seed + i), str(hands // processes)], stdout=subprocess.PIPE, text=True)
        for i in range(processes)
    ]
    seconds = [json.loads(run.communicate()[0])["seconds"] for run in runs]
    assert all(run.returncode == 0 for run in runs)
    return Reported(max(seconds))


def ompeval_absent() -> str:
    return f"OMPEval not built (no {OMPEVAL_BUILD}; set OMPEQ to an ompeq binary)"


def ompeval(
    board: str, ranges: Sequence[str], *, dead: str = "", mc_stderr: float | None = None, threads: int = 1
) -> dict:
    """One OMPEval calculation on ``threads`` threads (0: every core, OMPEval's default): its JSON
    (``seconds`` of the calculation alone, ``hands``, ``equity``, ``stderr``). Exact unless
    ``mc_stderr`` is given (Monte Carlo to that standard error). Ranges in its syntax
    (``"QQ+,AKs"``, ``"random"``)."""
    binary = ompeval_binary()
    assert binary is not None, ompeval_absent()
    dashed = [r for r in ranges if "-" in r]
    assert not dashed, f"OMPEval reads no dash ranges (it misreads them silently): {dashed}"
    mode = ["--mc", str(mc_stderr)] if mc_stderr is not None else []
    run = subprocess.run(
        [binary, "--threads", str(threads), *mode, board.replace(" ", ""), dead.replace(" ", ""), *ranges],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(run.stdout.replace("-nan", "null").replace("nan", "null"))  # stderr of an exact count


def ompeval_timed(board: str, ranges: Sequence[str], **options) -> Reported:
    """One OMPEval calculation as the timer takes it: the seconds it reports."""
    return Reported(ompeval(board, ranges, **options)["seconds"])


def versions() -> dict[str, str | None]:
    """Every peer's version (None: not installed or not built)."""
    found = {name: package_version(name) for name in PYTHON_PEERS}
    found["OMPEval"] = "built from source" if ompeval_binary() else None
    return found


__all__ = [
    "RANKS",
    "SUITS",
    "PYTHON_PEERS",
    "card_text",
    "not_installed",
    "ompeval_binary",
    "ompev_binary",
    "ompev",
    "ompeval_absent",
    "ompeval",
    "ompeval_timed",
    "versions",
]
