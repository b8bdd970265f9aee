"""Write the shipped heads-up preflop tables: every matchup's exact counts, and each starting hand
against one random hand.

Every pair of disjoint hole-card combos (812,175) is named by its canonical key
(:func:`pysolver.odds._table_matchups.canonical`: the least over the 24 suit
permutations and both seat orders), which leaves 47,008 matchups. Each is
enumerated over all C(48, 5) = 1,712,304 boards by the project's own exact
engine (:func:`pysolver.odds._exact.fixed.exact_fixed`, on the evaluator's
tables), and the counts are written to

* ``pysolver/data/preflop_matchups.npz``: ``keys`` (sorted), ``first_wins``
  and ``ties`` per matchup (the second player wins the rest of the boards);
* ``pysolver/data/preflop_equity.json``: per class (one representative combo,
  e.g. AhKh for AKs) the sum over all 1,225 opponent holdings, i.e. 2,097,572,400
  deals; ``equity`` = (wins + ties / 2) / deals.

    python scripts/make_preflop_table.py            # about 3 minutes on one core (5 on a busy one)
    python scripts/make_preflop_table.py --classes AA KK 72o --out /tmp/t.json --matchups-out /tmp/m.npz
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from pysolver.core import COMBOS, HAND_CLASSES, class_combos, combo_mask
from pysolver.odds._heads_up_table import count_matchups
from pysolver.odds._table_matchups import BOARDS, MATCHUPS, canonical

DATA = Path(__file__).resolve().parent.parent / "pysolver" / "data"
OUT = DATA / "preflop_equity.json"
MATCHUPS_OUT = DATA / "preflop_matchups.npz"


def opponents(name: str) -> tuple[int, np.ndarray]:
    """The class's representative combo and every combo disjoint from it."""
    hero = int(class_combos(name)[0])
    return hero, np.flatnonzero(combo_mask(COMBOS[hero].tolist()))


def all_pairs() -> tuple[np.ndarray, np.ndarray]:
    """Every unordered pair of disjoint combos."""
    first, second = np.triu_indices(len(COMBOS), k=1)
    a, b = COMBOS[first], COMBOS[second]
    disjoint = (a[:, :, None] != b[:, None, :]).all(axis=(1, 2))
    return first[disjoint], second[disjoint]


def enumerate_matchups(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The first player's wins and the ties of each matchup (:func:`count_matchups`, on
    :func:`pysolver.odds._exact.fixed.exact_fixed`), 2,000 matchups at a time."""
    first_wins, ties = np.zeros(len(keys), dtype=np.int64), np.zeros(len(keys), dtype=np.int64)
    start = time.perf_counter()
    for low in range(0, len(keys), 2000):
        high = min(low + 2000, len(keys))
        first_wins[low:high], ties[low:high] = count_matchups(keys[low:high])
        print(f"{high:6}/{len(keys)} matchups  {time.perf_counter() - start:7.1f} s", flush=True)
    return first_wins, ties


def class_row(name: str, keys: np.ndarray, first_wins: np.ndarray, ties: np.ndarray) -> dict:
    """Exact counts of the class's representative combo against every other holding."""
    hero, others = opponents(name)
    key, swapped = canonical(np.full(len(others), hero), others)
    row = np.searchsorted(keys, key)
    assert (keys[row] == key).all(), name
    second_wins = BOARDS - first_wins[row] - ties[row]
    wins = int(np.where(swapped, second_wins, first_wins[row]).sum())
    tied = int(ties[row].sum())
    deals = len(others) * BOARDS
    return {
        "wins": wins,
        "ties": tied,
        "losses": deals - wins - tied,
        "deals": deals,
        "equity": (wins + tied / 2) / deals,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", nargs="*", default=list(HAND_CLASSES))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--matchups-out", type=Path, default=MATCHUPS_OUT)
    args = parser.parse_args()
    start = time.perf_counter()
    if set(args.classes) == set(HAND_CLASSES):
        keys = np.unique(canonical(*all_pairs())[0])
        assert len(keys) == MATCHUPS, len(keys)
    else:
        keys = np.unique(np.concatenate([canonical(np.full(len(o), h), o)[0] for h, o in map(opponents, args.classes)]))
    first_wins, ties = enumerate_matchups(keys)
    rows = {name: class_row(name, keys, first_wins, ties) for name in args.classes}
    seconds = time.perf_counter() - start
    args.matchups_out.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(
        args.matchups_out,
        keys=keys.astype(np.int32),
        first_wins=first_wins.astype(np.uint32),
        ties=ties.astype(np.uint32),
    )
    document = {
        "description": "Exact heads-up preflop results of each starting-hand class against one random "
        "hand: counts over all 1,225 opponent holdings x 1,712,304 boards.",
        "generator": "scripts/make_preflop_table.py",
        "seconds": round(seconds, 1),
        "matchups": len(keys),
        "classes": rows,
    }
    args.out.write_text(json.dumps(document, indent=1) + "\n")
    print(f"wrote {args.matchups_out} ({len(keys)} matchups) and {args.out} ({len(rows)} classes) in {seconds:.1f} s")


if __name__ == "__main__":
    main()
