"""Six ranges that collide often, on a flop: the exact count and both samplers against a sampler
written here in plain Python (its own range expansion, whole deals redrawn on any shared card:
uniform over the deals the ranges allow, the definition of range equity).

OMPEval reads no dash ranges: given ``A5s,A4s,A3s,A2s`` its exact count equals pysolver's to the
sixth decimal (A5s-A2s 0.101099); see docs/design/sampling.md.
"""

import itertools
import random

import pytest

from pysolver import equity
from pysolver.evaluator import backends_present
from tests.helpers.equity_brute import rank7

RANKS, SUITS = "23456789TJQKA", "cdhs"
BOARD = "2c 7d Jh"
RANGES = ["QQ+,AKs", "JJ,TT,99,AQs", "88,77,66,KQs,JTs", "A5s-A2s", "KJs,QJs", "T9s,98s,87s"]


def card(text):
    return 4 * RANKS.index(text[0]) + SUITS.index(text[1])


def pairs(*ranks):
    return [(card(r + a), card(r + b)) for r in ranks for a, b in itertools.combinations(SUITS, 2)]


def suited(*classes):
    return [(card(c[0] + s), card(c[1] + s)) for c in classes for s in SUITS]


EXPANDED = [  # RANGES, written out by hand
    pairs("Q", "K", "A") + suited("AK"),
    pairs("J", "T", "9") + suited("AQ"),
    pairs("8", "7", "6") + suited("KQ", "JT"),
    suited("A5", "A4", "A3", "A2"),
    suited("KJ", "QJ"),
    suited("T9", "98", "87"),
]


def plain_sampler(trials, seed):
    board = [card(t) for t in BOARD.split()]
    ranges = [[c for c in r if not set(c) & set(board)] for r in EXPANDED]
    rng, shares, kept = random.Random(seed), [0.0] * len(ranges), 0
    while kept < trials:
        picked, used = [rng.choice(r) for r in ranges], set(board)
        if any(used & set(c) or used.update(c) for c in picked):
            continue  # a shared card: the whole deal again
        full = board + rng.sample([c for c in range(52) if c not in used], 2)
        values = [rank7(list(c) + full) for c in picked]
        winners = [i for i, v in enumerate(values) if v == max(values)]
        for i in winners:
            shares[i] += 1 / len(winners)
        kept += 1
    return [s / trials for s in shares]


@pytest.mark.heavy
def test_six_colliding_ranges_match_a_plain_sampler():
    truth = plain_sampler(30_000, seed=4)
    exact = equity(RANGES, BOARD, exact=True, force=True)
    for p, expected in zip(exact.players, truth):
        spread = (expected * (1 - expected) / 30_000) ** 0.5
        assert abs(p.equity - expected) < 4 * spread + 1e-3, (p.hand, p.equity, expected)
    for kernel in backends_present()[:2]:
        sampled = equity(RANGES, BOARD, trials=300_000, seed=2, backend=kernel)
        for p, q in zip(sampled.players, exact.players):
            assert abs(p.equity - q.equity) < 4 * p.stderr, (kernel, p.hand)
