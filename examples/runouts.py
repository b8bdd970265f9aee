"""What-if with ASP: every runout of a flop or turn deal, the counts and the outs.

python examples/runouts.py
"""

from collections import Counter

from pysolver import outs, runouts

# Heads-up from the flop: 990 two-card runouts, each its own showdown in one clingo program.
report = runouts(["As Ks", "Qh Qd"], "Js Ts 2c")
for p in range(len(report.deal.players)):
    print(
        f"player {p}: wins {report.wins[p]}, ties {report.ties[p]}, losses {report.losses[p]} of {len(report.runouts)}"
    )
    print("   ", ", ".join(f"{c.label} {n}" for c, n in sorted(report.categories[p].items(), reverse=True)))

# One runout: each player's best hand and the winners.
first = report.runouts[0]
print(" ".join(map(str, first.cards)), [h.description for h in first.hands], "winners", first.winners)

# The outs: next cards that put the player who trails now ahead, with the hand they make.
by_category = Counter(o.category.label for o in report.outs if o.player == 0)
print("AsKs outs by hand made:", dict(by_category))

# Runner-runner from the flop: two cards that together (and neither alone) put a player ahead.
backdoor = runouts(["As Ks", "7c 7d"], "Qh 8d 2c")
print(
    "runner-runner pairs for AsKs:",
    len([o for o in backdoor.runner_runner if o.player == 0]),
    "e.g.",
    " ".join(map(str, backdoor.runner_runner[0].cards)),
    backdoor.runner_runner[0].category.label,
)

# Three-way from the turn, and the heads-up outs derived by clingo (the same report as the evaluator's).
turn = runouts(["Ah Kh", "7c 7d", "Qs Qc"], "7h 2h 3c 9s")
print("from the turn:", len(turn.runouts), "runouts, wins", turn.wins)
print("AhKh outs vs 7c7d:", [str(o.card) for o in outs(["Ah Kh", "7c 7d"], "7h 2h 3c 9s", engine="asp").outs(0)])
