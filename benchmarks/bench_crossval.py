"""Throughput of both engines inside the cross-validation, per process.

    python benchmarks/bench_crossval.py            # about 20 s
    python benchmarks/bench_crossval.py --quick

Heads-up river showdowns from the skewed dealer (target: the ASP solver at
>= 5,000 showdowns/s per process), 6-handed river showdowns, and one chunk of
the exhaustive 5-card run (each 3-card top a showdown whose players hold every
lower pair); the exhaustive run's time on N workers is extrapolated from the
chunk. CPU seconds, the steadier figure on a shared machine; the ASP figure
includes writing facts and reading the atoms.
"""

from __future__ import annotations

import argparse

from pysolver.crossval.runner import EXHAUSTIVE_CHUNKS, crossval_random, exhaustive_chunk


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    scale = 1 if args.quick else 4
    for players, count in ((2, 2000 * scale), (6, 500 * scale)):
        r = crossval_random(count, players=players, seed=players)
        print(f"{players}-handed river: ASP {r.asp_rate:,.0f} showdowns/s, evaluator "
              f"{r.evaluator_rate:,.0f} hands/s, ratio {r.evaluator_rate * players / r.asp_rate:,.0f}x "
              f"per showdown ({'agree' if r.ok else 'MISMATCH'})")
    part = exhaustive_chunk(EXHAUSTIVE_CHUNKS - 1)
    rate = part.hands / part.asp_seconds
    print(f"exhaustive 5-card chunk {EXHAUSTIVE_CHUNKS - 1}/{EXHAUSTIVE_CHUNKS}: {part.hands:,} hands, "
          f"ASP {rate:,.0f} hands/s, evaluator {part.hands / part.evaluator_seconds:,.0f} hands/s; "
          f"all 2,598,960 hands: about {2598960 / rate / 60:.1f} CPU-minutes of ASP, "
          f"{2598960 / rate / 120:.1f} minutes on 2 idle cores")


if __name__ == "__main__":
    main()
