"""Several known hands against random hands, counted (pysolver.odds._exact.counting, _exact.three_random,
_tops): equal to an enumeration of every deal of the random hands and every run-out on short decks, to
every other exact path, the same compiled and with numpy and for any thread count."""

from itertools import combinations, permutations

import numpy as np
import pytest

from pysolver import load_rules
from pysolver.core import Situation
from pysolver.core._cards import parse_cards
from pysolver.evaluator import backend, evaluate_batch
from pysolver.evaluator._backends import using
from pysolver.odds import equity
from pysolver.odds._cost import Shape
from pysolver.odds._exact.counting import hero_against_one, hero_against_two
from pysolver.odds._exact.three_random import hero_against_three
from pysolver.odds._model import Player, Question
from pysolver.odds._registry import cheapest, costs
from tests.odds.test_equity_paths import every_way, loops  # noqa: F401 - the fixture

STANDARD = load_rules("standard")
COUNT = {1: hero_against_one, 2: hero_against_two, 3: hero_against_three}


def cards(text):
    return [c.index for c in parse_cards(text)] if text else []


def brute(hands, seats, randoms, board, dead):
    """Per seat wins, ties and shares, and the deals: every ordered tuple of disjoint holdings of the
    random hands (in the seats not in ``seats``), every run-out, valued by the evaluator's tables."""
    known = {c for h in hands for c in h} | set(board) | set(dead)
    left = [c for c in range(52) if c not in known]
    players = len(hands) + randoms
    wins, ties, shares, deals = np.zeros(players), np.zeros(players), np.zeros(players), 0
    for run in combinations(left, 5 - len(board)):
        rest = [c for c in left if c not in run]
        holdings = list(combinations(rest, 2))
        deal = np.array(
            [d for d in permutations(holdings, randoms) if len({c for h in d for c in h}) == 2 * randoms]
        ).reshape(-1, randoms, 2)
        if not len(deal):
            continue
        full = np.tile(list(board) + list(run), (len(deal), 1))
        holes, others = [], iter(range(randoms))
        for seat in range(players):
            hole = np.tile(hands[seats.index(seat)], (len(deal), 1)) if seat in seats else deal[:, next(others)]
            holes.append(evaluate_batch(np.concatenate([hole, full], axis=1)))
        values = np.stack(holes)
        best = values == values.max(axis=0)
        split = best.sum(axis=0)
        wins += (best & (split == 1)).sum(axis=1)
        ties += (best & (split > 1)).sum(axis=1)
        shares += (best / split).sum(axis=1)
        deals += len(deal)
    return wins, ties, shares, deals


def dead_but(alive, board, hands):
    """Dead cards: everything but ``alive`` and the known cards."""
    keep = set(cards(alive)) | set(board) | {c for h in hands for c in h}
    return [c for c in range(52) if c not in keep]


SHORT_DECKS = [
    # hands, seats, random hands, board, cards alive
    (["AhKh", "QsQd"], [0, 1], 1, "Qh Jh 2h 3c 9d", "Th 4h 5h Ts 9s 2d 7c 8c 4d"),
    (["AhKh", "AsKs"], [1, 2], 2, "Qh Js 2c 7d", "Th Ts 9h 9s 3c 4d 5c 8d"),  # suits swapped: one orbit each
    (["AhKd", "AsKc"], [0, 2], 2, "Qh Js Tc", "9h 9s 8c 2d 3d 4h 7s"),  # the known hands tie often
    (["5c4d", "8h8d", "KsQs"], [3, 0, 1], 2, "Ah Kh 8s", "Qh Jh 2h 3s 5s 6c 7d"),  # three known, flush to come
    (["AhKh", "QsQd"], [0, 3], 3, "Qh Jh 2c 3d 9s", "Th 4h 5h Ts 9d 7c 8c 4s"),  # three random, the river
    (["9c9d", "AsKd"], [2, 4], 3, "9h 8h 7h 2s", "6h 5h Th Jh 9s 8c 7c"),  # three random, the turn
    (["AhKh", "QsQd"], [0, 1], 2, "", "Th 9h 5h Ts 9s 2d 7c 8c 4d"),  # before the flop, 11 cards alive
    (["AhKh", "AsKs"], [0, 1], 2, "", "Th Ts 9h 9s 8h 8s 2c 3d 4c 5d"),  # hearts and spades alike, hands apart
]


@pytest.mark.parametrize("hands, seats, randoms, board, alive", SHORT_DECKS)
def test_known_hands_against_random_hands_match_the_brute_force(hands, seats, randoms, board, alive):
    holes = [cards(h) for h in hands]
    board_cards = cards(board)
    dead = dead_but(alive, board_cards, holes)
    tally = COUNT[randoms](np.array(holes), np.array(board_cards, dtype=np.int64), np.array(dead), seats)
    wins, ties, shares, deals = brute(holes, seats, randoms, board_cards, dead)
    assert tally.deals == deals and deals > 0
    assert tally.wins.tolist() == wins.tolist() and tally.ties.tolist() == ties.tolist()
    assert tally.shares == pytest.approx(shares)


def question(hands, seats, randoms, board, dead):
    known = {c for h in hands for c in h} | set(board) | set(dead)
    left = [c for c in range(52) if c not in known]
    combos = np.array(list(combinations(left, 2)))
    players = [Player("random", combos, np.ones(len(combos)), is_random=True) for _ in range(randoms)]
    for seat, hand in sorted(zip(seats, hands)):
        players.insert(seat, Player.hand(hand))
    return Question(tuple(players), np.array(board, dtype=np.int64), np.array(dead, dtype=np.int64), STANDARD, False)


@pytest.mark.parametrize("case", [0, 3, 4])
def test_known_hands_against_random_hands_on_every_path_and_thread_count(case, loops):  # noqa: F811
    """Compiled and with numpy, on one to three threads, every path that applies gives the same counts."""
    hands, seats, randoms, board, alive = SHORT_DECKS[case]
    holes, board_cards = [cards(h) for h in hands], cards(board)
    q = question(holes, seats, randoms, board_cards, dead_but(alive, board_cards, holes))
    names = {path.name for path, _ in costs(Shape.of(q))}
    assert {"counting", "counting (three)"} & names and len(names) > 1
    answers = every_way(q, loops)
    assert len(set(map(str, answers.values()))) == 1, answers


def test_the_python_loop_gives_the_compiled_counts_for_several_hands():
    holes, board = np.array([cards("AhKh"), cards("QsQd")]), np.array(cards("Qh 7h 2c 3d"))
    dead = np.array(cards("4s 5s 6s"))
    with using("numba" if backend() == "numba" else None):
        compiled = hero_against_three(holes, board, dead, [0, 2])
    with using("numpy"):  # numba or not: the Python loop
        looped = hero_against_three(holes, board, dead, [0, 2])
    assert (looped.wins.tolist(), looped.ties.tolist(), looped.deals) == (
        compiled.wins.tolist(),
        compiled.ties.tolist(),
        compiled.deals,
    )


def test_the_planner_counts_known_hands_against_random_hands():
    for players, name in [
        (["AhKh", "QsQd", "random", "random"], "counting"),
        (["AhKh", "QsQd", "JcTc", "random"], "counting"),
        (["AhKh", "QsQd", "random", "random", "random"], "counting (three)"),
    ]:
        asked = Question.of(Situation.of(players, ranges=True))
        assert cheapest(Shape.of(asked))[0].name == name


@pytest.mark.heavy
def test_two_known_hands_against_two_random_hands_before_the_flop_against_sampling():
    exact = equity(["AhKh", "QsQd", "random", "random"], exact=True)
    assert exact.exact and exact.deals == 1_712_304 * 903 * 820
    assert exact.players[2].wins == exact.players[3].wins
    sampled = equity(["AhKh", "QsQd", "random", "random"], trials=100_000, seed=27)
    for e, s in zip(exact.players, sampled.players):
        assert abs(e.equity - s.equity) <= 4 * s.stderr
