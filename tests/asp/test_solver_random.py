"""The ASP solver against a brute force written here: the best of every 5-card subset."""

from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from pysolver import Card, Deal, PokerInputError
from pysolver.asp import _solver as solver_module
from pysolver.asp._solver import Solver


def rank_five(cards):
    """(category 0..9, tie-break ranks) of exactly five cards, the straightforward way."""
    ranks = sorted((c.rank for c in cards), reverse=True)
    counts = Counter(ranks)
    groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    flush = len({c.suit for c in cards}) == 1
    distinct = sorted(counts, reverse=True)
    top = None
    if len(distinct) == 5 and distinct[0] - distinct[4] == 4:
        top = distinct[0]
    elif distinct == [12, 3, 2, 1, 0]:
        top = 3
    if top is not None and flush:
        return (9, (12,)) if top == 12 else (8, (top,))
    if groups[0][1] == 4:
        return 7, (groups[0][0], groups[1][0])
    if groups[0][1] == 3 and groups[1][1] == 2:
        return 6, (groups[0][0], groups[1][0])
    if flush:
        return 5, tuple(ranks)
    if top is not None:
        return 4, (top,)
    if groups[0][1] == 3:
        return 3, (groups[0][0], groups[1][0], groups[2][0])
    if groups[0][1] == 2 and groups[1][1] == 2:
        return 2, (groups[0][0], groups[1][0], groups[2][0])
    if groups[0][1] == 2:
        return 1, (groups[0][0],) + tuple(r for r, _ in groups[1:])
    return 0, tuple(ranks)


def rank_two(cards):
    """Before the flop: a pair, or two high cards."""
    a, b = sorted((c.rank for c in cards), reverse=True)
    return (1, (a,)) if a == b else (0, (a, b))


def brute_best(cards):
    if len(cards) == 2:
        return rank_two(cards)
    return max(rank_five(five) for five in combinations(cards, 5))


def random_deals(seed, count):
    rng = np.random.default_rng(seed)
    deals = []
    for _ in range(count):
        players = int(rng.integers(2, 10))
        board = int(rng.choice([0, 3, 4, 5], p=[0.1, 0.15, 0.15, 0.6]))
        cards = [Card(int(i)) for i in rng.permutation(52)[: 2 * players + board]]
        deals.append(
            Deal(tuple(zip(cards[0 : 2 * players : 2], cards[1 : 2 * players : 2])), tuple(cards[2 * players :]))
        )
    return deals


@pytest.mark.parametrize("seed, workers", [(1, 1), (2, 1), (3, 2)])
def test_asp_agrees_with_brute_force(seed, workers, monkeypatch):
    if workers > 1:  # every chunk in a new worker process: results must come back in order
        monkeypatch.setattr(solver_module, "CHUNK_PLAYERS_PER_PROCESS", 1)
    deals = random_deals(seed, 200)
    results = Solver(chunk_size=64, workers=workers).solve_batch(deals)
    assert len(results) == len(deals)
    for deal, result in zip(deals, results):
        expected = [brute_best(hole + deal.board) for hole in deal.players]
        for hole, hand, (category, tiebreak) in zip(deal.players, result.players, expected):
            assert (int(hand.category), hand.tiebreak) == (category, tiebreak), (str(deal), hole)
            assert set(hand.best_five) <= set(hole + deal.board)
            assert len(set(hand.best_five)) == min(5, 2 + len(deal.board))
            assert brute_best(hand.best_five) == (category, tiebreak)
        best = max(expected)
        assert result.winners == tuple(i for i, e in enumerate(expected) if e == best), str(deal)
        assert result.is_tie == (len(result.winners) > 1)


def test_rich_boards_agree_with_brute_force():
    """Deals drawn from few ranks or one suit, so full houses, quads and flushes are common."""
    rng = np.random.default_rng(7)
    deals = []
    for _ in range(150):
        ranks = rng.choice(13, size=4, replace=False)
        pool = [Card.from_rank_suit(int(r), s) for r in ranks for s in range(4)]
        pool += [Card.from_rank_suit(r, int(rng.integers(4))) for r in range(13) if r not in ranks]
        pool = list(dict.fromkeys(pool))
        picked = [pool[i] for i in rng.permutation(len(pool))[:9]]
        if rng.random() < 0.5:  # a suited deal: straight flushes and big flushes
            suit = int(rng.integers(4))
            suited = [Card.from_rank_suit(int(r), suit) for r in rng.permutation(13)[:7]]
            rest = [c for c in picked if c not in suited]
            picked = suited[:5] + rest[:4]
            picked = [picked[i] for i in rng.permutation(9)]
        deals.append(Deal(((picked[0], picked[1]), (picked[2], picked[3])), tuple(picked[4:9])))
    for deal, result in zip(deals, Solver().solve_batch(deals)):
        expected = [brute_best(hole + deal.board) for hole in deal.players]
        assert [(int(h.category), h.tiebreak) for h in result.players] == expected, str(deal)
        assert result.winners == tuple(i for i, e in enumerate(expected) if e == max(expected))


@pytest.mark.parametrize("workers", [1, 2])
def test_an_empty_batch_has_no_results(workers):
    assert Solver(workers=workers).solve_batch([]) == []


def test_workers_must_be_at_least_one():
    with pytest.raises(PokerInputError, match="workers 0: must be 1 to"):
        Solver(workers=0)
