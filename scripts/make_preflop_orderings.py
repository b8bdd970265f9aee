"""Write pysolver/data/preflop_orderings.json: the tables behind the named orderings of ``top x%``.

Three tables, one value per starting-hand class (higher is better):

- ``vs2``: the all-in equity of the class against two random hands, preflop
  to the river, exact: one representative hand per class (all hands of a
  class have the same equity against random hands, by suit symmetry) counted
  by :func:`pysolver.equity` with ``exact=True`` (the counting path of
  :mod:`pysolver.odds._exact.counting`, 3 to 10 s per class).
- ``vs3``: the same against three random hands. An exact count is out of
  reach, so each class is sampled by the project's own Monte Carlo engine
  (``trials`` and ``seed``, the same seed for every class); the standard
  error of each value is written beside it.
- ``chen``: the Chen score of the class (:func:`pysolver.chen_score`),
  written here so that the vocabulary, which may not import the odds engine,
  can order by it.

The ordering against one random hand, the default, reads the exact table
``pysolver/data/preflop_equity.json`` (``scripts/make_preflop_table.py``).

    python scripts/make_preflop_orderings.py                 # about 35 minutes on 2 cores
    python scripts/make_preflop_orderings.py --only vs2      # one ordering again, the others kept
    python scripts/make_preflop_orderings.py --classes AA 72o --trials 20000 --out /tmp/o.json
"""

from __future__ import annotations

import argparse
import json
import time
from multiprocessing import Pool
from pathlib import Path

from pysolver import Card, chen_score, equity
from pysolver.core._ranges import COMBOS, HAND_CLASSES, class_combos

OUT = Path(__file__).resolve().parent.parent / "pysolver" / "data" / "preflop_orderings.json"
SEED = 20240613
TRIALS = 5_000_000
OPPONENTS = {"vs2": 2, "vs3": 3}
EXACT = ("vs2",)
"""The orderings counted exactly; the others are sampled."""


def representative(name: str) -> str:
    """The first hand of a class as card text: ``'AA'`` -> ``'AcAd'``."""
    return "".join(str(Card(int(i))) for i in COMBOS[class_combos(name)[0]])


def sample(job: tuple[str, int, int, int]) -> tuple[str, float, float]:
    """(class, equity, standard error) of one class against ``opponents`` random hands; with
    ``trials`` 0, counted exactly (standard error 0)."""
    name, opponents, trials, seed = job
    players = [representative(name)] + ["random"] * opponents
    if not trials:
        return name, equity(players, exact=True).players[0].equity, 0.0
    result = equity(players, exact=False, trials=trials, seed=seed)
    return name, result.players[0].equity, result.players[0].stderr


def table(key: str, opponents: int, args: argparse.Namespace) -> dict:
    """One ordering's entry: the values of every class, how they were made and how long it took."""
    began = time.perf_counter()
    exact = key in EXACT
    jobs = [(name, opponents, 0 if exact else args.trials, args.seed) for name in args.classes]
    with Pool(args.workers) as pool:
        rows = {name: (value, error) for name, value, error in pool.imap(sample, jobs)}
    seconds = time.perf_counter() - began
    print(f"{key}: {len(rows)} classes in {seconds:.0f} s", flush=True)
    entry = {"title": f"equity against {('two', 'three')[opponents - 2]} random hands", "players": opponents + 1}
    if exact:
        entry["method"] = (
            "exact: every pair of opponent holdings and every board, one representative hand "
            "per class (pysolver.equity, exact=True)"
        )
    else:
        entry["method"] = (
            f"Monte Carlo, {args.trials:,} trials per class, seed {args.seed} for every class, "
            f"one representative hand per class (pysolver.equity)"
        )
        entry |= {"trials": args.trials, "seed": args.seed}
    entry |= {
        "seconds": round(seconds, 1),
        "workers": args.workers,
        "values": {name: round(rows[name][0], 9 if exact else 6) for name in args.classes},
    }
    if not exact:
        entry["stderr"] = {name: round(rows[name][1], 6) for name in args.classes}
    return entry


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", nargs="*", default=list(HAND_CLASSES))
    parser.add_argument(
        "--only",
        nargs="*",
        choices=list(OPPONENTS),
        default=list(OPPONENTS),
        help="make these orderings again and keep the others of --out",
    )
    parser.add_argument("--trials", type=int, default=TRIALS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    start = time.perf_counter()
    kept = json.loads(args.out.read_text())["orderings"] if set(args.only) != set(OPPONENTS) else {}
    orderings = {
        key: table(key, opponents, args) if key in args.only else kept[key] for key, opponents in OPPONENTS.items()
    }
    orderings["chen"] = {
        "title": "the Chen formula",
        "method": "pysolver.chen_score; equal scores ordered by equity against one random hand",
        "values": {name: chen_score(name) for name in args.classes},
    }
    seconds = time.perf_counter() - start
    document = {
        "description": "The values behind the named orderings of 'top x%', one per starting-hand class, "
        "higher is better. The default ordering, against one random hand, is the exact "
        "table preflop_equity.json.",
        "generator": "scripts/make_preflop_orderings.py",
        "orderings": orderings,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(document, indent=1) + "\n")
    print(f"wrote {args.out} ({len(args.classes)} classes) in {seconds:.0f} s")


if __name__ == "__main__":
    main()
