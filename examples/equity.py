"""Odds in a few lines: equity of hands and ranges, Chen scores, range notation.

python examples/equity.py
"""

from pysolver import chen_score, equity, parse_range
from pysolver.odds import chen_normalized

# Exact: every run-out counted once (1,712,304 boards preflop).
print(equity(["AcAd", "KsKh"]))

# A hand against a random hand on the flop, exactly (1,070,190 deals).
print(equity(["AsKs", "random"], board="Qs Js 2c"))

# Against a range, three-way, with a dead card; exact when the work is small enough.
print(equity(["AhKh", "TT+, AQs, 0.5(KQs)", "random"], board="Th 7h 2c", dead="3d"))

# Monte Carlo on demand: seeded, with its standard error.
result = equity(["AhKh", "QsQd", "JcTc"], exact=False, trials=200_000, seed=1)
print(result, f"largest standard error {result.stderr:.5f}", sep="\n")

# Ranges become weighted combos after card removal.
top = parse_range("top 10%")
print(f"top 10%: {top.size:.0f} combos, classes {', '.join(top.class_weights())}")
combos, weights = parse_range("AA:0.5, AKs").weighted_combos(dead=[51])  # As is dead
print(f"AA:0.5, AKs without As: {len(combos)} combos, weight {weights.sum()}")

# The Chen formula.
for hand in ("AA", "AKs", "JTs", "72o"):
    print(f"Chen {hand}: {chen_score(hand)} ({chen_normalized(hand):.3f})")
