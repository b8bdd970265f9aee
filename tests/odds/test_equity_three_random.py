"""A known hand against three random hands, counted (pysolver.odds._exact.three_random): equal to an
enumeration of every triple of opponent holdings and every run-out on short decks, to the other exact
paths, the same in the Python loop as compiled and for any thread count, and to sampling preflop."""

from itertools import combinations

import numpy as np
import pytest

from pysolver import load_rules
from pysolver.core._cards import parse_cards
from pysolver.evaluator import backend, evaluate_batch
from pysolver.evaluator._backends import using
from pysolver.odds import equity
from pysolver.odds._exact.three_random import hero_against_three
from pysolver.odds._model import Player, Question
from pysolver.odds._registry import PATHS, solve

STANDARD = load_rules("standard")


def cards(text):
    return [c.index for c in parse_cards(text)] if text else []


def dead_but(alive, board, hero):
    """Dead cards: everything but ``alive`` and the known cards."""
    return [c for c in range(52) if c not in set(cards(alive)) | set(board) | set(hero)]


def brute_three_random(hero, board, dead, seat):
    """Per seat [wins, ties] and the deals: every run-out, every ordered triple of disjoint holdings."""
    left = [c for c in range(52) if c not in set(hero) | set(board) | set(dead)]
    holdings = list(combinations(left, 2))
    triples = np.array(
        [
            (x, y, z)
            for x in holdings
            for y in holdings
            if not set(x) & set(y)
            for z in holdings
            if not set(z) & (set(x) | set(y))
        ]
    )
    wins, ties, deals = np.zeros(4), np.zeros(4), 0
    for run in combinations(left, 5 - len(board)):
        deal = triples[~np.isin(triples.reshape(len(triples), -1), run).any(axis=1)]
        full = np.tile(list(board) + list(run), (len(deal), 1))
        holes = [deal[:, 0], deal[:, 1], deal[:, 2]]
        holes.insert(seat, np.tile(hero, (len(deal), 1)))
        values = np.stack([evaluate_batch(np.concatenate([h, full], axis=1)) for h in holes])
        best = values == values.max(axis=0)
        alone = best.sum(axis=0) == 1
        wins += (best & alone).sum(axis=1)
        ties += (best & ~alone).sum(axis=1)
        deals += len(deal)
    return wins, ties, deals


SHORT_DECKS = [
    ("AhKh", "Qh Jh 2h 3c 9d", "Th 4h 5h Ts 9s 2d 7c 8c 4d", 0),  # a flush on the board's suit
    ("2c3d", "Ts Js Qh Kd 9c", "Ad Ac 8h 7h 2h 3h 4d 5d 6s 7s", 0),  # the board's straight: ties
    ("5c4d", "Ah Kh 8h 8d", "Qh Jh 2h Ad Ac 8c Kc Ks 4s 5s", 1),  # the turn, a flush to come
    ("9c9d", "9h 8h 7h", "6h 5h Th Jh 9s 8c 8s 7c", 2),  # the flop, straight flushes to come
    ("AsKd", "Ts 9s 8s 2c", "7s 6s 5s Jd Qd 8h 8d Kc", 3),
]


@pytest.mark.parametrize("hero, board, alive, seat", SHORT_DECKS)
def test_three_random_matches_the_brute_force(hero, board, alive, seat):
    hero_cards, board_cards = cards(hero), cards(board)
    dead = dead_but(alive, board_cards, hero_cards)
    tally = hero_against_three(np.array(hero_cards), np.array(board_cards), np.array(dead), seat)
    wins, ties, deals = brute_three_random(hero_cards, board_cards, dead, seat)
    assert tally.deals == deals
    assert tally.wins.tolist() == wins.tolist() and tally.ties.tolist() == ties.tolist()
    assert tally.shares.sum() == pytest.approx(deals)


def question(hero, board, dead, seat):
    known = set(hero) | set(board) | set(dead)
    left = [c for c in range(52) if c not in known]
    combos = np.array(list(combinations(left, 2)))
    players = [Player("random", combos, np.ones(len(combos)), is_random=True) for _ in range(3)]
    players.insert(seat, Player.hand(hero))
    return Question(
        tuple(players), np.array(board, dtype=np.int64), np.array(dead, dtype=np.int64), STANDARD, table=False
    )


@pytest.mark.parametrize(
    "hero, board, alive, seat, path",
    [
        ("8h8s", "8d 5c 5h 2h Ah", "Kh Qh 7h 5s 5d Ad 2c 3c 9s", 2, "fix first (fewest combos)"),  # the river
        ("QdJd", "Td 9d 2c 7h", "8d 3d Kd Ts Tc 9s 6h 2s", 0, "grouped"),  # the turn
    ],
)
def test_three_random_matches_the_other_paths(hero, board, alive, seat, path):
    hero_cards, board_cards = cards(hero), cards(board)
    q = question(hero_cards, board_cards, dead_but(alive, board_cards, hero_cards), seat)
    counted = solve(q, None, next(p for p in PATHS if p.name == "counting (three)"))
    other = solve(q, None, next(p for p in PATHS if p.name == path))
    assert (counted.wins.tolist(), counted.ties.tolist(), counted.deals) == (
        other.wins.tolist(),
        other.ties.tolist(),
        other.deals,
    )
    assert counted.shares == pytest.approx(other.shares)


def test_the_python_loop_gives_the_compiled_counts():
    hero, board, dead = np.array(cards("AhKh")), np.array(cards("Qh 7h 2c 3d")), np.array(cards("4s 5s 6s"))
    with using("numba" if backend() == "numba" else None):
        compiled = hero_against_three(hero, board, dead)
    with using("numpy"):  # numba or not: the Python loop
        looped = hero_against_three(hero, board, dead)
    assert (looped.wins.tolist(), looped.ties.tolist(), looped.deals) == (
        compiled.wins.tolist(),
        compiled.ties.tolist(),
        compiled.deals,
    )


def test_the_counts_do_not_depend_on_the_threads():
    hero, board = np.array(cards("Td9d")), np.array(cards("Ah 7h 2c"))
    counts = [hero_against_three(hero, board, threads=threads) for threads in (1, 2, 3)]
    assert len({(str(t.wins.tolist()), str(t.ties.tolist()), t.deals) for t in counts}) == 1


@pytest.mark.heavy
def test_three_random_hands_before_the_flop_against_sampling():
    exact = equity(["AhKh", "random", "random", "random"], exact=True)
    assert exact.exact and exact.deals == 2_118_760 * 990 * 903 * 820
    assert exact.players[1].wins == exact.players[2].wins == exact.players[3].wins
    sampled = equity(["AhKh", "random", "random", "random"], trials=100_000, seed=26)
    for e, s in zip(exact.players, sampled.players):
        assert abs(e.equity - s.equity) <= 4 * s.stderr
