"""Showdown functions (``kind="winners"``, ``--winners``): f(hands, board) names the winners of a pot.

The functions are built on the evaluators written for the tests (:mod:`tests.helpers.textbook`,
:mod:`tests.helpers.game_brute`), apart from pysolver; every finding is checked again by them."""

import json

import pytest

from pysolver import PokerInputError
from pysolver.cli import main
from pysolver.crossval import check_evaluator

from ..helpers.game_brute import best
from ..helpers.textbook import buggy
from ..helpers.textbook import evaluate as textbook


def winners_by(value):
    """A showdown function from a value of a player's cards and the board (higher is better, None: no hand)."""

    def winners(hands, board):
        values = [value(hand + board) for hand in hands]
        played = [v for v in values if v is not None]
        return [p for p, v in enumerate(values) if played and v == max(played)]

    return winners


def _recheck(report, value, function):
    """Each finding's showdown: the function names what the report says, and the right value orders
    the pair as the relation says."""
    for c in report.counterexamples:
        assert c["relation"] != "failure", c
        assert sorted(function(c["hands"], c["board"])) == c["winners"]["got"]
        i, j = c["players"]
        if i is None or j is None:
            continue
        first, second = (value(c["hands"][p] + c["board"]) for p in (i, j))
        assert first == second if c["relation"] == "split" else first > second, c


def test_a_right_showdown_function_conforms():
    report = check_evaluator(winners_by(textbook), kind="winners", mode="random", count=3000, seed=2)
    assert report.ok and report.kind == "winners" and report.hands == 3000 and report.seed == 2
    assert "3,000 showdowns" in str(report)


@pytest.mark.heavy
def test_the_quick_showdowns_hold_every_class_and_find_the_wheel():
    assert check_evaluator(winners_by(textbook), kind="winners").ok
    wrong = winners_by(buggy("wheel"))
    report = check_evaluator(wrong, kind="winners")
    assert not report.ok and all(c["rule"] == "the wheel" for c in report.counterexamples)
    _recheck(report, textbook, wrong)


def test_a_broken_tie_and_a_missed_winner_are_findings():
    board_plays = winners_by(buggy("board_plays"))
    report = check_evaluator(board_plays, kind="winners", mode="random", count=4000, seed=3)
    assert not report.ok and {c["relation"] for c in report.counterexamples} == {"split"}
    _recheck(report, textbook, board_plays)

    def first_best(hands, board):  # one winner always, even in a tie
        return [max(range(len(hands)), key=lambda p: textbook(hands[p] + board))]

    report = check_evaluator(first_best, kind="winners", mode="random", count=4000, seed=3)
    assert not report.ok and all(
        c["rule"] in ("suits", "cards beyond the best five", "the wheel") for c in report.counterexamples
    )
    _recheck(report, textbook, first_best)


def o8_low(cards, hole_used=frozenset({2})):
    return lambda hand_and_board: best("low8", hand_and_board[:4], hand_and_board[4:], hole_used)


def test_an_omaha_low_with_no_qualifier_names_winners_where_nobody_wins():
    right = winners_by(o8_low(None))
    assert check_evaluator(
        right, kind="winners", rules="omaha_hi_lo", pot="low", takes="index", mode="random", count=1500, seed=4
    ).ok

    def razz_low(hand_and_board):  # every ace-to-five low plays, as in razz: no qualifier
        return best("razz", hand_and_board[:4], hand_and_board[4:], {2})

    wrong = winners_by(razz_low)
    report = check_evaluator(
        wrong, kind="winners", rules="omaha_hi_lo", pot="low", takes="index", mode="random", count=1500, seed=4
    )
    assert not report.ok and report.counterexamples[0]["rule"] == "the qualifier"
    assert report.counterexamples[0]["winners"]["rules"] == []


def test_a_game_with_no_board_gives_each_player_all_of_their_cards():
    right = winners_by(lambda cards: -textbook(cards, bugs=("wheel",)))  # deuce-to-seven: A-5-4-3-2 no straight
    report = check_evaluator(right, kind="winners", rules="deuce_to_seven")  # each class as a player's hand
    assert report.ok and "showdowns of 2 to 6 players" in report.shape
    wrong = winners_by(lambda cards: -textbook(cards))
    report = check_evaluator(wrong, kind="winners", rules="deuce_to_seven")
    assert not report.ok and all(c["rule"] == "the deuce-to-seven wheel" for c in report.counterexamples)


def test_answers_that_name_no_players_are_findings():
    report = check_evaluator(lambda hands, board: [len(hands)], kind="winners", mode="random", count=200, seed=1)
    [failure] = report.counterexamples
    assert failure["kind"] == "not winners" and failure["count"] == 200
    assert "the players are 0 to" in failure["message"]
    report = check_evaluator(lambda hands, board: "0", kind="winners", mode="random", count=50, seed=1)
    assert report.counterexamples[0]["kind"] == "not winners"


def test_what_a_showdown_check_does_not_take():
    with pytest.raises(PokerInputError, match="exhaustive"):
        check_evaluator(winners_by(textbook), kind="winners", mode="exhaustive")
    with pytest.raises(PokerInputError, match="workers"):
        check_evaluator(winners_by(textbook), kind="winners", workers=2)
    with pytest.raises(PokerInputError, match="cards 5"):
        check_evaluator(winners_by(textbook), kind="winners", cards=5)


SHOWDOWN = """
from tests.helpers.textbook import evaluate

def winners(hands, board):
    values = [evaluate(hand + board) for hand in hands]
    return [p for p, v in enumerate(values) if v == max(values)]
"""


def test_winners_from_the_command_line(tmp_path, monkeypatch, capsys):
    from pathlib import Path

    (tmp_path / "showdown.py").write_text(SHOWDOWN)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(Path(__file__).resolve().parents[2]))
    assert main(["conform", "showdown:winners", "--winners", "--random", "500", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and data["kind"] == "winners" and data["hands"] == 500
    with pytest.raises(SystemExit) as stop:
        main(["conform", "showdown:winners", "--winners", "--compare"])
    assert stop.value.code == 2 and "not allowed with" in capsys.readouterr().err
