"""The exact paths count the same deals: every path that applies gives the same integers on seeded
random questions, on one thread or several, in the compiled loops or with numpy; the grouped path
agrees with the brute force (tests/helpers/equity_brute.py), and the engine picks the path it
estimates cheapest."""

import json
import os
import subprocess
import sys
from dataclasses import replace
from itertools import product

import numpy as np
import pytest

from pysolver import load_rules
from pysolver.core import Situation
from pysolver.core._ranges import COMBOS, parse_range
from pysolver.evaluator import backends_present, load_kernel, using
from pysolver.odds import equity
from pysolver.odds._cost import Shape
from pysolver.odds._exact import counting as _exact_counting
from pysolver.odds._exact import fixed as _exact_fixed
from pysolver.odds._exact.counting import hero_against_one, hero_against_two
from pysolver.odds._exact.grouped import exact_grouped
from pysolver.odds._exact.three_random import hero_against_three
from pysolver.odds._model import Player, Question, fixing, keeping, suit_orbits
from pysolver.odds._registry import cheapest, costs, solve
from tests.helpers.equity_brute import brute_equity

STANDARD = load_rules("standard")
NONE = np.zeros(0, dtype=np.int64)


def random_question(rng, board_size):
    """Two or three players (a hand or a few weighted combos), a board, maybe a dead card."""
    deck = rng.permutation(52)
    board, dead = deck[:board_size], deck[board_size : board_size + rng.integers(0, 2)]
    free = deck[len(board) + len(dead) :]
    specs, used = [], set()
    for _ in range(rng.integers(2, 4)):
        if rng.random() < 0.4:
            hand = [int(c) for c in free if c not in used][:2]
            used.update(hand)
            specs.append(np.array(hand, dtype=np.int64))
        else:
            specs.append(free)  # a range, filled in below
    known = set(board.tolist()) | set(dead.tolist()) | used
    live = np.flatnonzero([not (set(c) & known) for c in COMBOS.tolist()])
    for i, spec in enumerate(specs):
        if spec is free:
            combos = COMBOS[rng.choice(live, rng.integers(2, 7), replace=False)]
            specs[i] = Player(f"range {i}", combos, rng.choice([0.5, 1.0], len(combos)))
        else:
            specs[i] = Player.hand(spec)
    return Question(tuple(specs), np.sort(board), np.sort(dead), STANDARD, table=False)


def counts(tally):
    return tally.wins.tolist(), tally.ties.tolist(), tally.deals


def every_path(question, threads=1):
    """The counts of every path that applies to the question, by name, on ``threads`` threads."""
    question = replace(question, threads=threads)
    return {path.name: counts(solve(question, None, path)) for path, _ in costs(Shape.of(question))}


@pytest.fixture
def loops():
    """The backends present: numpy, and numba where it is installed (every path runs on each)."""
    return backends_present()


def every_way(question, ways):
    """The counts of every path on one, two and three threads, on every backend of ``ways``."""
    answers = {}
    for way in ways:
        with using(way):
            for threads in (1, 2, 3):
                answers |= {(name, way, threads): found for name, found in every_path(question, threads).items()}
    return answers


def question_of(players, board="", dead=""):
    return Question.of(Situation.of(players, board, dead=dead, ranges=True), table=False)


@pytest.mark.parametrize("board_size", [0, 3, 4, 5])
def test_every_path_gives_the_same_counts(board_size, loops):
    """On any number of threads, in the compiled loops or with numpy."""
    rng = np.random.default_rng(100 + board_size)
    for _ in range(6 if board_size else 3):
        answers = every_way(random_question(rng, board_size), loops)
        assert len(set(map(str, answers.values()))) == 1, answers


@pytest.mark.parametrize(
    "players, board",
    [
        (["KhQh", "random"], "Ac Ad Ah 2c"),  # three aces: no holding makes a fifth
        (["KhQh", "AsKs, 2d2h, QcJc"], "Ac Ad Ah 2c"),
        (["7h6h", "random"], "Ah Kh 2h"),  # a monotone flop
        (["AhKh", "QsQd", "JcTc", "9h9s"], ""),  # four known hands preflop
        (["QQ+, AKs", "JJ, TT, AQs", "AhKh"], ""),  # fixed first, the rests counted in parts
    ],
)
def test_every_path_gives_the_same_counts_on_awkward_boards(players, board, loops):
    answers = every_way(question_of(players, board), loops)
    assert len({name for name, _, _ in answers}) > 1 and len(set(map(str, answers.values()))) == 1, answers


QUESTIONS = [
    (["AhKh", "QsQd", "JcTc"], "", ""),
    (["QQ+, AKs", "JJ, TT, 99, AQs"], "", "2c"),
    (["AsKs", "random"], "Qs Js 2c", ""),
    (["QQ+, AKs", "random"], "Ks 7h 2d", ""),
    (["AK", "QQ", "JTs"], "", ""),
]


@pytest.mark.parametrize("count", [hero_against_one, hero_against_two, hero_against_three])
def test_the_counting_path_sums_its_chunks_alike_on_any_thread_count(count, monkeypatch):
    monkeypatch.setattr(_exact_counting, "CLASSES_AT_ONCE", 40)
    board = np.array([43, 39, 0])  # Qs Js 2c
    tallies = [count(np.array([51, 47]), board, threads=threads) for threads in (1, 2, 3)]
    assert len(_exact_counting.BoardClasses(np.array([51, 47]), board, NONE, None).chunks()) > 3
    assert len({str(counts(t)) + str(t.shares.tolist()) for t in tallies}) == 1


def _every_path_of(questions, way):
    """What a process counts by every path, its compiled loops loaded or not."""
    if way == "kernel":
        load_kernel()
    found = {}
    for players, board, dead in questions:
        question = question_of(players, board, dead)
        found |= {f"{players} {board} {dead} {name}": tally for name, tally in every_path(question, 2).items()}
    return found


def test_the_numpy_path_counts_what_the_compiled_loops_count():
    """``PYSOLVER_KERNEL=numpy``: another process, without numba, gives the same integers on every path."""
    pytest.importorskip("numba")
    code = (
        "import json, sys; from tests.odds.test_equity_paths import _every_path_of, QUESTIONS; "
        "print(json.dumps(_every_path_of(QUESTIONS, sys.argv[1])))"
    )
    env = dict(os.environ, PYSOLVER_KERNEL="numpy")
    done = subprocess.run([sys.executable, "-c", code, "numpy"], env=env, capture_output=True, text=True, check=True)
    theirs = json.loads(done.stdout)
    ours = json.loads(json.dumps(_every_path_of(QUESTIONS, "kernel")))
    assert _exact_fixed.compiled_loops() is not None
    assert theirs == ours and len(ours) > 2 * len(QUESTIONS)


@pytest.mark.parametrize(
    "players, board, alive, rules",
    [
        (["Ts9s", "random", "random", "random"], "Qh Jh 2h 3c 9d", "Ah Kh 8h 8c 2d 3s Td Jc Qs 7h 6h", "standard"),
        (["random", "Td9d", "random", "random"], "Ah 7h 2c 3d", "Kh Qh 7c 7d 2d 3s Tc 9h 8h 6h 5h", "standard"),
        (["random", "random", "8h7h", "random"], "Ah 9h 2c", "Kh Qh 7c 6c 2d 3s Tc 9d 5h", "standard"),
        (["KhQh", "random", "random", "random"], "Ah 9h 6c Td", "Jh Th 9c 9d 8s 7s 6s Ac Kc", "short_deck"),
    ],
)
def test_every_path_gives_the_same_counts_against_three_random_hands(players, board, alive, rules):
    known = set(_cards(board)) | {c for text in players if text != "random" for c in _cards(text)}
    game = load_rules(rules)
    alive_or_out = known | set(_cards(alive)) | {int(c) for c in game.removed}
    dead = [c for c in range(52) if c not in alive_or_out]  # every card of the deck but those alive
    situation = Situation.of(players, board, dead=dead, rules=game, ranges=True)
    question = Question.of(situation, table=False)
    answers = every_path(question)
    assert "counting (three)" in answers and len(answers) > 1, answers
    assert len(set(map(str, answers.values()))) == 1, answers


def brute_ranges(seats, board, dead=()):
    """Weighted [wins, ties, losses] per player and the deals, over every deal of combos."""
    totals, deals = np.zeros((len(seats), 3)), 0.0
    for choice in product(*[range(len(c)) for c, _ in seats]):
        holes = [tuple(int(x) for x in seats[p][0][i]) for p, i in enumerate(choice)]
        if len({c for h in holes for c in h}) < 2 * len(holes):
            continue
        weight = np.prod([seats[p][1][i] for p, i in enumerate(choice)])
        found, _, n = brute_equity(holes, board, dead)
        totals += weight * np.array(found)
        deals += weight * n
    return totals, deals


@pytest.mark.parametrize(
    "players, board, dead",
    [
        (["AhKh, 0.5(QsQd), JcTc", "AsQs, 9h9d, 0.5(KhQh)"], "Ah 7h 2h 3s", ""),  # a flush on the turn
        (["AsKs, AdKd", "QsJs, 0.25(7c7d)", "9s8s"], "Ts 6s 2d 3c", ""),  # three players, two suits
        (["AcAd, KhKs", "Tc9c, 2h2s, 0.5(AhQd)"], "Jc 8c 3c 4c", "5d"),  # four clubs, a dead card
        (["AhKd, 5c4c, 0.5(JsTs)", "2c3d"], "Qs Js 2s 9d", ""),  # against one known hand
        (["AhKh, QcQd", "JhTh, 0.5(8c8d)"], "Ah 7h 2c 3s 4h", ""),  # the river
    ],
)
def test_grouped_matches_the_brute_force(players, board, dead):
    board_cards, dead_cards = _cards(board), _cards(dead)
    known = board_cards + dead_cards + [c for text in players if "," not in text for c in _cards(text)]
    seats = [
        (np.array([_cards(text)]), np.ones(1)) if "," not in text else parse_range(text).weighted_combos(known)
        for text in players
    ]
    players = [Player("", *seat) for seat in seats]
    tally = exact_grouped(players, np.array(board_cards), np.array(dead_cards, dtype=np.int64))
    totals, deals = brute_ranges(seats, board_cards, dead_cards)
    assert tally.deals == pytest.approx(deals)
    assert tally.wins.tolist() == pytest.approx(totals[:, 0].tolist())
    assert tally.ties.tolist() == pytest.approx(totals[:, 1].tolist())


def _cards(text):
    from pysolver.core._cards import parse_cards

    return [c.index for c in parse_cards(text)] if text else []


def test_suit_orbits():
    aces = Player.hand([48, 49])  # AcAd: clubs with diamonds, hearts with spades
    assert suit_orbits(keeping(fixing(), [aces])) == [(0, 2), (2, 2)]
    everything = Player("random", COMBOS, np.ones(len(COMBOS)), is_random=True)
    assert suit_orbits(keeping(fixing(), [everything])) == [(0, 4)]
    assert suit_orbits(keeping(fixing([51]), [everything])) == [(0, 3), (3, 1)]  # As on the board


@pytest.mark.parametrize(
    "players, board, path",
    [
        (["QQ+, AKs", "JJ, TT, 99, AQs"], "Ks 7h 2d", "grouped"),
        (["AK", "QQ", "JTs"], "", "grouped"),
        (["AhKh", "QsQd", "JcTc"], "", "fixed"),
        (["AhKh", "random"], "Qh 7h 2h", "counting"),
        (["QQ+, AKs", "random"], "Ks 7h 2d", "grouped"),
    ],
)
@pytest.mark.heavy
def test_the_engine_picks_the_cheapest_path_and_another_agrees(players, board, path):
    question = question_of(players, board)
    assert cheapest(Shape.of(question))[0].name == path
    answers = every_path(question)
    assert len(answers) > 1 and len(set(map(str, answers.values()))) == 1, answers
    result = equity(players, board, exact=True, table=False)
    assert [p.wins for p in result.players] == answers[path][0]
