"""A slow, separately written equity of split-pot and stud games for the tests: plain Python, no pysolver.

A game here is how many hole cards a five takes (``hole_used``: a set, e.g. ``{2}`` for Omaha,
``{0..5}`` for stud with no board), and its pots: ``"high"`` (:func:`rank5`), ``"low8"`` (ace-to-five,
five different ranks eight or lower, the high scooping when none qualifies) or ``"razz"``
(ace-to-five, pairs counting against, every hand plays). Every deal of the cards still to come
is walked with itertools; each player's share of the whole pot is summed as a Fraction.
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations

from .equity_brute import rank5


def low_key(cards):
    """Ace-to-five: (pairing, ranks by group then rank, high first) with the ace lowest; lower is better."""
    ranks = [(c // 4 + 1) % 13 for c in cards]  # ace 0, two 1, ..., king 12
    groups = sorted(Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    pairing = sorted((n for _, n in groups), reverse=True)
    return (pairing, tuple(r for r, _ in groups))


def pot_value(pot, five):
    """Higher is better; None when the five does not play for the pot."""
    if pot == "high":
        return rank5(five)
    pairing, ranks = low_key(five)
    if pot == "low8" and (pairing != [1] * 5 or max(ranks) > 7):  # eight is 7 with the ace 0
        return None
    return (tuple(-n for n in pairing), tuple(-r for r in ranks))


def best(pot, hole, board, hole_used):
    """The player's best value for the pot over every five the game lets them form, or None."""
    values = [
        pot_value(pot, mine + theirs)
        for k in hole_used
        if k <= len(hole) and 0 <= 5 - k <= len(board)
        for mine in combinations(hole, k)
        for theirs in combinations(board, 5 - k)
    ]
    values = [v for v in values if v is not None]
    return max(values) if values else None


def shares(holes, board, pots, hole_used):
    """Each player's share of the whole pot on a complete deal."""
    won = []
    for pot in pots:
        values = [best(pot, h, board, hole_used) for h in holes]
        played = [v for v in values if v is not None]
        if played:
            won.append([v is not None and v == max(played) for v in values])
    out = [Fraction(0)] * len(holes)
    for winners in won:
        for i, w in enumerate(winners):
            if w:
                out[i] += Fraction(1, len(won) * sum(winners))
    return out


def brute_game_equity(known, to_come, board, board_size, pots, hole_used, deck=range(52), weights=None):
    """Each player's equity over every deal: ``known`` each player's cards so far (a tuple of card
    indices, or a list of such holdings with ``weights``), ``to_come`` the cards each still gets,
    ``board`` the board so far of a ``board_size``-card board."""
    options = []
    for p, cards in enumerate(known):
        if isinstance(cards, list):
            options.append([(h, (weights[p][i] if weights else 1)) for i, h in enumerate(cards)])
        else:
            options.append([(cards, 1)])
    totals = [Fraction(0)] * len(known)
    weight = 0

    def deal(p, holes, used, w):
        nonlocal weight
        if p == len(known):
            rest = [c for c in deck if c not in used]
            for extra in combinations(rest, board_size - len(board)):
                full = tuple(board) + extra
                _finish(0, holes, set(used) | set(extra), full, w)
            return
        for cards, cw in options[p]:
            if not set(cards) & used:
                deal(p + 1, holes + [tuple(cards)], used | set(cards), w * cw)

    def _finish(p, holes, used, full, w):
        nonlocal weight, totals
        if p == len(holes):
            got = shares(holes, full, pots, hole_used)
            totals = [t + w * s for t, s in zip(totals, got)]
            weight += w
            return
        rest = [c for c in deck if c not in used]
        for extra in combinations(rest, to_come[p]):
            grown = holes[:p] + [holes[p] + extra] + holes[p + 1 :]
            _finish(p + 1, grown, used | set(extra), full, w)

    fixed = set(board)
    deal(0, [], fixed, 1)
    return [t / weight for t in totals], weight
