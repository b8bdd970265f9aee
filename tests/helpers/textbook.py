"""A textbook seven-card evaluator written for the conformance tests, with the bugs that
evaluators have shipped, one flag each.

Written from the rules as a player states them (counts of each rank, a flush suit, runs
of five), independently of pysolver's tables. ``evaluate(cards)`` takes card texts
("As", "Td", ...) and returns an integer, higher is better; ``bugs`` switch on:

* ``wheel``       -- A-2-3-4-5 is not a straight (it counts as ace high; the steel wheel as a flush);
* ``flush_top``   -- flushes compare by their top card alone;
* ``low_kicker``  -- two pair takes its kicker from the lowest other card;
* ``low_run``     -- of six or seven cards in a row, the lowest five make the straight;
* ``board_plays`` -- equal hands are split by the cards that do not play;
* ``flush_crash`` -- a flush of six or more suited cards raises KeyError (a lookup that misses).

Run as a script, it reads one hand per line and writes one value per line
(``python textbook.py [BUG...]``): the command-line protocol of ``pysolver conform --command``.
"""

import sys
from collections import Counter

RANKS = "23456789TJQKA"


def _runs(ranks, lowest=False, ace_low=True):
    """The top rank of the best run of five (or the lowest, ``lowest``) among ``ranks``, or None;
    ``ace_low``: the ace also plays below the two."""
    present = set(ranks) | ({-1} if 12 in ranks and ace_low else set())
    tops = [top for top in range(3, 13) if all(r in present for r in range(top - 4, top + 1))]
    if not tops:
        return None
    return min(tops) if lowest else max(tops)


def classify(cards, bugs=()):
    """(category 0..8, tie-break ranks) of the best five of ``cards`` (texts)."""
    ranks = [RANKS.index(c[0].upper()) for c in cards]
    suits = [c[1].lower() for c in cards]

    def run(rs):
        return _runs(rs, "low_run" in bugs, "wheel" not in bugs)

    flush_suit = next((s for s, n in Counter(suits).items() if n >= 5), None)
    if flush_suit is not None:
        suited = sorted((r for r, s in zip(ranks, suits) if s == flush_suit), reverse=True)
        if "flush_crash" in bugs and len(suited) >= 6:
            raise KeyError(f"flush table has no entry for {len(suited)} cards")
        top = run(suited)
        if top is not None:
            return 8, (top,)
    counts = Counter(ranks)
    by_count = {n: sorted((r for r, c in counts.items() if c == n), reverse=True) for n in (4, 3, 2, 1)}
    singles = sorted(ranks, reverse=True)
    if by_count[4]:
        quad = by_count[4][0]
        return 7, (quad, max(r for r in ranks if r != quad))
    trips = by_count[3]
    if trips and (len(trips) > 1 or by_count[2]):
        pair = max(trips[1:] + by_count[2])
        return 6, (trips[0], pair)
    if flush_suit is not None:
        return 5, tuple(suited[:1] if "flush_top" in bugs else suited[:5])
    top = run(ranks)
    if top is not None:
        return 4, (top,)
    if trips:
        return 3, (trips[0],) + tuple(r for r in singles if r != trips[0])[:2]
    pairs = by_count[2]
    if len(pairs) >= 2:
        high, low = pairs[:2]
        rest = sorted((r for r in ranks if r not in (high, low)), reverse=True)
        return 2, (high, low, rest[-1] if "low_kicker" in bugs else rest[0])
    if pairs:
        return 1, (pairs[0],) + tuple(r for r in singles if r != pairs[0])[:3]
    return 0, tuple(singles[:5])


def evaluate(cards, bugs=()):
    """An integer for ``cards`` (texts): higher is better."""
    category, ranks = classify(cards, bugs)
    value = category
    for r in (tuple(ranks) + (0,) * 5)[:5]:
        value = value * 16 + r
    if "board_plays" in bugs:
        value = value * 1000 + sum(RANKS.index(c[0].upper()) for c in cards)
    return value


def buggy(*bugs):
    """The evaluator with ``bugs`` switched on."""

    def evaluator(cards):
        return evaluate(cards, bugs)

    evaluator.__name__ = evaluator.__qualname__ = "textbook_" + "_".join(bugs)
    return evaluator


def main(bugs):
    for line in sys.stdin:
        print(evaluate(line.split(), bugs), flush=False)
    sys.stdout.flush()


if __name__ == "__main__":
    main(tuple(sys.argv[1:]))
