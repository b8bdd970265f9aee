"""Write pysolver/data/preflop_equity.json: each of the 169 starting hands against one random hand, exactly.

For every class, one representative hand (e.g. AhKh for AKs) is enumerated
against all 1,225 opponent holdings and all C(48, 5) boards each, i.e.
2,097,572,400 deals, by the project's own exact engine
(:func:`pysolver.odds.enumeration.exact_fixed` on each heads-up matchup, which uses the
evaluator's tables). A matchup equal to one already computed up to a
permutation of suits, or with the two hands swapped, is not computed again
(about 47,000 distinct matchups in all). The counts are integers;
``equity`` = (wins + ties / 2) / deals.

    python scripts/make_preflop_table.py            # several minutes on one core
    python scripts/make_preflop_table.py --classes AA KK 72o --out /tmp/t.json
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from itertools import permutations

from pysolver.odds.enumeration import exact_fixed
from pysolver.core.ranges import COMBOS, HAND_CLASSES, class_combos, combo_mask

OUT = Path(__file__).resolve().parent.parent / "pysolver" / "data" / "preflop_equity.json"


SUIT_MAPS = np.array([4 * (np.arange(52) >> 2) + np.array(p)[np.arange(52) & 3] for p in permutations(range(4))])


def _code(combos: np.ndarray) -> np.ndarray:
    ordered = np.sort(combos, axis=-1)
    return ordered[..., 0] * 52 + ordered[..., 1]


def class_row(name: str, cache: dict) -> dict:
    """Exact counts of the class's first combo against every other holding."""
    hero = COMBOS[class_combos(name)[0]]
    opponents = COMBOS[combo_mask(hero)]
    hero_codes = _code(SUIT_MAPS[:, hero])[:, None]                   # (24, 1)
    villain_codes = _code(SUIT_MAPS[:, opponents])                   # (24, n)
    keys = np.minimum(hero_codes * 2704 + villain_codes, villain_codes * 2704 + hero_codes).min(axis=0)
    hero_first = (hero_codes * 2704 + villain_codes).min(axis=0) == keys
    wins = ties = deals = 0
    for opponent, key, first in zip(opponents, keys.tolist(), hero_first.tolist()):
        if key not in cache:
            tally = exact_fixed(np.array([hero, opponent]) if first else np.array([opponent, hero]))
            cache[key] = (int(round(tally.wins[0])), int(round(tally.wins[1])), int(round(tally.ties[0])),
                          int(round(tally.deals)))
        first_wins, second_wins, tied, n = cache[key]
        wins += first_wins if first else second_wins
        ties += tied
        deals += n
    assert deals == 1225 * 1712304, (name, deals)
    return {"wins": wins, "ties": ties, "losses": deals - wins - ties, "deals": deals,
            "equity": (wins + ties / 2) / deals}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--classes", nargs="*", default=list(HAND_CLASSES))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    start = time.perf_counter()
    rows, cache = {}, {}
    for i, name in enumerate(args.classes, 1):
        rows[name] = class_row(name, cache)
        print(f"{i:3}/{len(args.classes)} {name:4} {100 * rows[name]['equity']:6.2f}%  "
              f"{len(cache):6} matchups  {time.perf_counter() - start:7.1f} s", flush=True)
    seconds = time.perf_counter() - start
    document = {
        "description": "Exact heads-up preflop results of each starting-hand class against one random "
                       "hand: counts over all 1,225 opponent holdings x 1,712,304 boards.",
        "generator": "scripts/make_preflop_table.py",
        "seconds": round(seconds, 1),
        "matchups": len(cache),
        "classes": rows,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(document, indent=1) + "\n")
    print(f"wrote {args.out} ({len(rows)} classes) in {seconds:.1f} s")


if __name__ == "__main__":
    main()
