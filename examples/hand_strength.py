"""Hand strength, potential and outs of the textbook example, in a few lines.

python examples/hand_strength.py
"""

from pysolver import hand_report, outs

# Billings et al.'s example: AdQc on a 3h 4c Jh flop, against one and three random hands.
for opponents in (1, 3):
    report = hand_report("AdQc", "3h 4c Jh", opponents=opponents)
    s, two = report.strength, report.two_cards
    print(
        f"AdQc on 3h 4c Jh vs {opponents}: ahead {s.ahead}, tied {s.tied}, behind {s.behind}; "
        f"HS^{opponents} {report.hs:.3f}, PPot2 {two.ppot:.3f}, NPot2 {two.npot:.3f}, "
        f"EHS {report.ehs:.3f}, Pr(win) {report.win_probability:.3f}"
    )

# The same hand against a tight range: every holding of it is ahead.
tight = hand_report("AdQc", "3h 4c Jh", opponent_range="QQ+, AJs")
print(f"against QQ+, AJs: HS {tight.strength.hs:.3f}, PPot2 {tight.two_cards.ppot:.3f}")

# Outs of a straight-flush draw against an overpair.
deal = outs(["AsKs", "QhQd"], "Js Ts 2c")
for card in deal.outs(0):
    print(f"{card.card}: As Ks ahead with {card.hands[0]}")
print(f"{len(deal.outs(0))} outs for As Ks, {len(deal.outs(1))} cards keep Qh Qd ahead")
