"""A slow, separately written exact equity for the tests: plain Python, no numpy, no pysolver engine.

Hands are ranked by a tuple (category, tie-break ranks) found by trying all
5-card subsets; boards are enumerated with itertools. Only used on small cases.
"""

from collections import Counter
from itertools import combinations


def rank5(cards):
    """(category 0..8, ranks...) of five card indices (rank = index // 4, suit = index % 4)."""
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    distinct = sorted(set(ranks), reverse=True)
    straight_high = None
    if len(distinct) == 5:
        if distinct[0] - distinct[4] == 4:
            straight_high = distinct[0]
        elif distinct == [12, 3, 2, 1, 0]:
            straight_high = 3
    if straight_high is not None and flush:
        return (8, straight_high)
    groups = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    shape = [n for _, n in groups]
    order = tuple(r for r, _ in groups)
    if shape[0] == 4:
        return (7,) + order
    if shape[:2] == [3, 2]:
        return (6,) + order
    if flush:
        return (5,) + tuple(ranks)
    if straight_high is not None:
        return (4, straight_high)
    if shape[0] == 3:
        return (3,) + order
    if shape[:2] == [2, 2]:
        return (2,) + order
    if shape[0] == 2:
        return (1,) + order
    return (0,) + tuple(ranks)


def rank7(cards):
    return max(rank5(five) for five in combinations(cards, 5))


def brute_equity(holes, board=(), dead=()):
    """Per player [wins, ties, losses] counts (a tie means sharing the best hand) and the deal count.

    ``holes`` are pairs of card indices; every board completion is enumerated.
    Also returns each player's equity share summed over deals.
    """
    used = {c for h in holes for c in h} | set(board) | set(dead)
    rest = [c for c in range(52) if c not in used]
    counts = [[0, 0, 0] for _ in holes]
    shares = [0.0 for _ in holes]
    deals = 0
    for extra in combinations(rest, 5 - len(board)):
        full = tuple(board) + extra
        values = [rank7(tuple(h) + full) for h in holes]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in range(len(holes)):
            if i in winners:
                counts[i][0 if len(winners) == 1 else 1] += 1
                shares[i] += 1 / len(winners)
            else:
                counts[i][2] += 1
        deals += 1
    return counts, shares, deals


def brute_equity_vs_holdings(hero, holdings, board=(), dead=()):
    """Hero's [wins, ties, losses] and deal count against each opponent holding in turn (weights 1)."""
    total = [0, 0, 0]
    deals = 0
    for villain in holdings:
        if set(villain) & (set(hero) | set(board) | set(dead)):
            continue
        counts, _, n = brute_equity([hero, villain], board, dead)
        total = [a + b for a, b in zip(total, counts[0])]
        deals += n
    return total, deals


def _all_classes():
    """The 7,462 distinct (category, ranks) tuples of five cards, weakest first."""
    from itertools import combinations_with_replacement

    found = set()
    for ranks in combinations_with_replacement(range(13), 5):
        if max(ranks.count(r) for r in ranks) <= 4:
            found.add(rank5([4 * r + i % 4 for i, r in enumerate(ranks)]))
            if len(set(ranks)) == 5:
                found.add(rank5([4 * r for r in ranks]))
    return sorted(found)


def brute_evaluate_batch(hands):
    """Values 1..7462 (higher is better) of each row of card indices, by :func:`rank7`."""
    ordinal = {t: i + 1 for i, t in enumerate(_all_classes())}
    return [ordinal[rank7(tuple(int(c) for c in h))] for h in hands]
