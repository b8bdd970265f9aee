"""Solve showdowns with the ASP solver: one deal, the streets of a deal, a batch.

python examples/showdown.py
"""

import numpy as np

from pysolver import Card, Deal, Solver, solve_showdown

# One showdown: each player's best five cards, the hand's name, the winners.
result = solve_showdown(["As Ks", "Qh Qd", "Jc Jd"], board="Js Ts 2c 7h 3d")
for i, hand in enumerate(result.players):
    print(f"player {i}: {' '.join(map(str, hand.best_five))}  {hand.description}  {hand.tiebreak}")
print("winners:", result.winners, "a tie" if result.is_tie else "one winner")

# The standing at the flop, turn and river (one fresh grounding per street).
solver = Solver()
for street in solver.solve_streets(Deal.parse(["Ah Kh", "Qc Qd"], "Qh 7h 2c Jh Th")):
    leader = street.players[street.winners[0]]
    print(f"{street.street:>5}: player {street.winners[0]} leads with {leader.description}")

# Many showdowns, 1,000 per clingo program, on both cores: 2,000 random 6-handed river deals.
rng = np.random.default_rng(2024)
deals = []
for row in np.argsort(rng.random((2000, 52)), axis=1)[:, :17].tolist():
    cards = [Card(i) for i in row]
    deals.append(Deal(tuple(zip(cards[0:12:2], cards[1:12:2])), tuple(cards[12:])))
results = Solver(workers=2).solve_batch(deals)
ties = sum(r.is_tie for r in results)
print(f"{len(results)} six-handed showdowns, {ties} split pots")
