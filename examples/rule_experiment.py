"""A rule experiment: add a rule file and see which showdowns change.

    python examples/rule_experiment.py

examples/wraparound.lp lets straights wrap around the ace (K-A-2-3-4). We solve
the same 3,000 random heads-up deals with and without it and list some that
change winner.
"""

from pathlib import Path

import numpy as np

from pysolver import Card, Deal, Solver

rule_file = Path(__file__).with_name("wraparound.lp")
rng = np.random.default_rng(7)
deals = []
for row in np.argsort(rng.random((3000, 52)), axis=1)[:, :9].tolist():
    cards = [Card(i) for i in row]
    deals.append(Deal(((cards[0], cards[1]), (cards[2], cards[3])), tuple(cards[4:])))

standard = Solver().solve_batch(deals)
wrapped = Solver(add=[rule_file]).solve_batch(deals)
changed = [(s, w) for s, w in zip(standard, wrapped) if s.winners != w.winners]
print(f"{len(changed)} of {len(deals)} showdowns change winner with wrap-around straights")
for s, w in changed[:3]:
    print(f"\n{s.deal}")
    print(f"  standard: winners {s.winners}: {' / '.join(p.description for p in s.players)}")
    print(f"  wrapped:  winners {w.winners}: {' / '.join(p.description for p in w.players)}")
