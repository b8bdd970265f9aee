"""Rule variants: the same questions under other rules of poker.

    python examples/variants.py

Short deck (6+) hold'em plays with 36 cards, the ace-low straight is A-6-7-8-9,
a flush beats a full house and (Triton convention) three of a kind beats a
straight. Every engine takes ``rules=``: the ASP solver loads the variant's
file from asp/variants/, the evaluator and the odds engine use tables that
clingo ranked from the same file.
"""

import numpy as np

from pysolver import Card, Deal, Solver, equity
from pysolver.evaluator import n_values

# One showdown, three rule books.
deal = Deal.parse(["Ah 6c", "Qs Qd"], "7h 8d 9s Qc Ks")
for rules in ("standard", "short_deck", "short_deck_straight_beats_trips"):
    result = Solver(rules).solve(deal)
    hands = " / ".join(p.description for p in result.players)
    print(f"{rules:34} winners {result.winners}: {hands}")

# Equity changes with the deck: AK suited against a pair of queens.
for rules in ("standard", "short_deck"):
    r = equity(["AhKh", "QsQd"], rules=rules)
    print(f"\n{rules}: {n_values(rules):,} hand classes, {r.deals:,} boards")
    print(r)

# One fact changed (flush above full house) on the full deck: how often does it matter?
rng = np.random.default_rng(3)
deals = [
    Deal(((Card(r[0]), Card(r[1])), (Card(r[2]), Card(r[3]))), tuple(Card(i) for i in r[4:]))
    for r in np.argsort(rng.random((5000, 52)), axis=1)[:, :9].tolist()
]
standard = Solver().solve_batch(deals)
variant = Solver("flush_beats_full_house").solve_batch(deals)
changed = sum(s.winners != v.winners for s, v in zip(standard, variant))
print(f"\nflush_beats_full_house: {changed} of {len(deals)} random heads-up river showdowns change winner")
