"""A known hand against two random hands, counted (pysolver.odds._exact.counting): equal to the brute force
(tests/helpers/equity_brute.py) on small decks, to the grouped and fixed-first paths, and to sampling."""

from itertools import combinations

import numpy as np
import pytest

from pysolver import load_rules
from pysolver.core._cards import parse_cards
from pysolver.odds import equity
from pysolver.odds._exact.counting import hero_against_two
from pysolver.odds._model import Player, Question
from pysolver.odds._registry import PATHS, solve
from tests.helpers.equity_brute import brute_equity

STANDARD = load_rules("standard")


def cards(text):
    return [c.index for c in parse_cards(text)] if text else []


def brute_two_random(hero, board, dead, seat):
    """Per seat [wins, ties] and the deals: every ordered pair of disjoint opponent holdings."""
    left = [c for c in range(52) if c not in set(hero) | set(board) | set(dead)]
    wins, ties, deals = np.zeros(3), np.zeros(3), 0
    for first in combinations(left, 2):
        for second in combinations([c for c in left if c not in first], 2):
            holes = [first, second]
            holes.insert(seat, tuple(hero))
            found, _, n = brute_equity(holes, board, dead)
            wins += [f[0] for f in found]
            ties += [f[1] for f in found]
            deals += n
    return wins, ties, deals


def keep_alive(alive, board, hero):
    """Dead cards: everything but ``alive`` and the known cards."""
    return [c for c in range(52) if c not in set(cards(alive)) | set(board) | set(hero)]


@pytest.mark.parametrize(
    "hero, board, alive, seat",
    [
        ("AhKh", "Qh Jh 2h 3c 9d", "Th 4h 5h Ts 9s 2d 7c 8c 4d Qs 6h Kd", 0),  # three hearts: hearts flush
        ("7c2d", "Ac Kc Qc Jc 3d", "Tc 9c 2c Ad Kd Qh Qd 3h 3s Js 2h", 1),  # four clubs on the river
        ("AsKd", "Ts 9s 8s 2c", "7s 6s 5s Jd Qd 8h 8d Tc Kc", 2),  # the turn, a straight flush to come
    ],
)
@pytest.mark.heavy
def test_counting_matches_the_brute_force(hero, board, alive, seat):
    hero_cards, board_cards = cards(hero), cards(board)
    dead = keep_alive(alive, board_cards, hero_cards)
    tally = hero_against_two(np.array(hero_cards), np.array(board_cards), np.array(dead), seat)
    wins, ties, deals = brute_two_random(hero_cards, board_cards, dead, seat)
    assert tally.deals == deals
    assert tally.wins.tolist() == wins.tolist() and tally.ties.tolist() == ties.tolist()


def specs_of(hero, board, dead, seat):
    known = set(hero) | set(board) | set(dead)
    left = [c for c in range(52) if c not in known]
    specs = [
        Player(
            "random", np.array(list(combinations(left, 2))), np.ones(len(left) * (len(left) - 1) // 2), is_random=True
        )
        for _ in range(2)
    ]
    specs.insert(seat, Player.hand(hero))
    return specs


def count_by(path, specs, board, dead):
    """The counts of the path named ``path`` (its name's first word) for the players ``specs``."""
    question = Question(
        tuple(specs), np.asarray(board, dtype=np.int64), np.asarray(dead, dtype=np.int64), STANDARD, table=False
    )
    return solve(question, None, next(p for p in PATHS if p.name.startswith(path)))


LOW_RANKS = " ".join(rank + suit for rank in "23456789" for suit in "cdhs")


@pytest.mark.parametrize(
    "hero, board, dead, seat, paths",
    [
        ("QdJd", "Td 9d 2c 7h", "", 0, ("grouped",)),  # the turn
        ("8h8s", "8d 5c 5h 2h Ah", "", 2, ("grouped", "fix first")),  # the river, a boat against flushes
        ("AhKh", "", LOW_RANKS, 1, ("grouped",)),  # before the flop, tens to aces left
    ],
)
@pytest.mark.heavy
def test_counting_matches_the_other_paths(hero, board, dead, seat, paths):
    hero_cards, board_cards, dead_cards = (
        np.array(cards(hero)),
        np.array(cards(board), dtype=np.int64),
        np.array(cards(dead), dtype=np.int64),
    )
    counted = hero_against_two(hero_cards, board_cards, dead_cards, seat)
    specs = specs_of(hero_cards.tolist(), board_cards.tolist(), dead_cards.tolist(), seat)
    for path in paths:
        other = count_by(path, specs, board_cards, dead_cards)
        assert (other.wins.tolist(), other.ties.tolist(), other.deals) == (
            counted.wins.tolist(),
            counted.ties.tolist(),
            counted.deals,
        ), path
        assert other.shares == pytest.approx(counted.shares)


@pytest.mark.heavy
def test_two_random_hands_before_the_flop_against_sampling():
    exact = equity(["AhKh", "random", "random"])
    assert exact.exact and exact.deals == 2_118_760 * 990 * 903
    assert exact.players[1].wins == exact.players[2].wins
    sampled = equity(["AhKh", "random", "random"], trials=100_000, seed=15)
    for e, s in zip(exact.players, sampled.players):
        assert abs(e.equity - s.equity) <= 4 * s.stderr


@pytest.mark.parametrize("seed", range(6))
def test_counting_matches_grouping_on_seeded_deals(seed):
    rng = np.random.default_rng(seed)
    deck = rng.permutation(52)
    opponents, board_size = (1, [3, 4, 5][seed % 3]) if seed < 3 else (2, 5 - seed % 2)
    hero, board = deck[:2], np.sort(deck[2 : 2 + board_size])
    seat = int(rng.integers(0, opponents + 1))
    specs = specs_of(hero.tolist(), board.tolist(), [], seat)
    if opponents == 1:
        specs.pop(next(i for i, s in enumerate(specs) if not s.is_hand))
    counted = count_by("counting", specs, board, [])
    grouped = count_by("grouped", specs, board, [])
    assert (counted.wins.tolist(), counted.ties.tolist(), counted.deals) == (
        grouped.wins.tolist(),
        grouped.ties.tolist(),
        grouped.deals,
    )
