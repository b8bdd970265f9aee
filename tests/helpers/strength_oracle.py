"""A slow, separately written oracle for the hand-strength, potential and outs tests.

Nothing here imports the evaluator or the code under test: a 7-card ranking of
its own (a tuple ``(category, tie-break ranks...)`` compared as tuples) and
plain ``itertools`` enumerations that follow Billings et al. ("Opponent
modeling in poker", 1998) line by line.

Cards are indices 0..51 (``4 * rank + suit``), as in ``pysolver.core._cards``.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations

AHEAD, TIED, BEHIND = 0, 1, 2


def _straight_high(ranks: set[int]) -> int | None:
    """The top rank of the best straight among ``ranks`` (an ace also plays low), else None."""
    present = set(ranks) | ({-1} if 12 in ranks else set())
    for high in range(12, 2, -1):
        if all(r in present for r in range(high - 4, high + 1)):
            return high
    return None


def rank_hand(cards) -> tuple:
    """A comparable rank of the best five of 5 to 7 cards: higher tuples win.

    >>> rank_hand([48, 44, 40, 36, 32]) > rank_hand([0, 4, 8, 12, 49])  # royal > wheel
    True
    """
    ranks = [c >> 2 for c in cards]
    suits = Counter(c & 3 for c in cards)
    suit, size = suits.most_common(1)[0]
    if size >= 5:
        flush_ranks = sorted((c >> 2 for c in cards if c & 3 == suit), reverse=True)
        high = _straight_high(set(flush_ranks))
        if high is not None:
            return (8, high)
    counts = Counter(ranks)
    # rank groups, biggest group first, then higher rank first
    groups = sorted(counts.items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    if groups[0][1] == 4:
        quad = groups[0][0]
        return (7, quad, max(r for r in ranks if r != quad))
    if groups[0][1] == 3 and len(groups) > 1 and groups[1][1] >= 2:
        return (6, groups[0][0], groups[1][0])
    if size >= 5:
        return (5, *flush_ranks[:5])
    high = _straight_high(set(ranks))
    if high is not None:
        return (4, high)
    if groups[0][1] == 3:
        trips = groups[0][0]
        return (3, trips, *sorted((r for r in ranks if r != trips), reverse=True)[:2])
    pairs = [r for r, n in groups if n == 2]
    if len(pairs) >= 2:
        top, low = pairs[0], pairs[1]
        return (2, top, low, max(r for r in ranks if r not in (top, low)))
    if len(pairs) == 1:
        pair = pairs[0]
        return (1, pair, *sorted((r for r in ranks if r != pair), reverse=True)[:3])
    return (0, *sorted(ranks, reverse=True)[:5])


def _state(mine: tuple, theirs: tuple) -> int:
    return AHEAD if mine > theirs else TIED if mine == theirs else BEHIND


def brute_strength(hole, board, dead=()) -> tuple[int, int, int]:
    """(ahead, tied, behind) over every opponent holding from the unseen cards."""
    known = set(hole) | set(board) | set(dead)
    unseen = [c for c in range(52) if c not in known]
    mine = rank_hand(list(hole) + list(board))
    counts = [0, 0, 0]
    for opp in combinations(unseen, 2):
        counts[_state(mine, rank_hand(list(opp) + list(board)))] += 1
    return tuple(counts)


def brute_potential(hole, board, cards_to_come: int, dead=()) -> list[list[int]]:
    """HP[before][after] (ahead, tied, behind) for every opponent holding and runout.

    ``cards_to_come`` is 1 or 2; before is on the current board, after on the board
    with the runout added (6 or 7 cards per player with one card to come from the
    flop, as Billings et al. compare them).
    """
    known = set(hole) | set(board) | set(dead)
    unseen = [c for c in range(52) if c not in known]
    mine_now = rank_hand(list(hole) + list(board))
    runouts = list(combinations(unseen, cards_to_come))
    mine_later = {r: rank_hand(list(hole) + list(board) + list(r)) for r in runouts}
    hp = [[0, 0, 0] for _ in range(3)]
    for opp in combinations(unseen, 2):
        before = _state(mine_now, rank_hand(list(opp) + list(board)))
        row = hp[before]
        for runout in runouts:
            if opp[0] in runout or opp[1] in runout:
                continue
            row[_state(mine_later[runout], rank_hand(list(opp) + list(board) + list(runout)))] += 1
    return hp


def ppot_npot(hp) -> tuple[float, float]:
    """Billings et al.'s PPot and NPot from an HP table (rows before, columns after)."""
    total = [sum(row) for row in hp]
    ppot = (hp[BEHIND][AHEAD] + hp[BEHIND][TIED] / 2 + hp[TIED][AHEAD] / 2) / (total[BEHIND] + total[TIED] / 2)
    npot = (hp[AHEAD][BEHIND] + hp[TIED][BEHIND] / 2 + hp[AHEAD][TIED] / 2) / (total[AHEAD] + total[TIED] / 2)
    return ppot, npot


def brute_outs(first, second, board, dead=()) -> dict[int, int]:
    """For each unseen card: +1 if it leaves ``first`` ahead, -1 ``second``, 0 a tie."""
    known = set(first) | set(second) | set(board) | set(dead)
    result = {}
    for card in range(52):
        if card in known:
            continue
        a = rank_hand(list(first) + list(board) + [card])
        b = rank_hand(list(second) + list(board) + [card])
        result[card] = (a > b) - (a < b)
    return result
