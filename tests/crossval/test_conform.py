"""Conformance: evaluators written for the tests, right and wrong, judged against the rules.

The right ones (tests/helpers/textbook.py, written from the rules as a player states them;
both orders, odd scales, card indices in numpy batches) must pass; each bug that evaluators
have shipped must fail with a counterexample that shows that bug, and every counterexample's
two hands must really be ordered one way by the evaluator and another by the rules.
"""

import json
import os
import sys
import time

import numpy as np
import pytest

import pysolver
from pysolver import PokerInputError, check_evaluator, evaluate, evaluate_batch
from pysolver.crossval._conform.hands import quick_hands
from pysolver.crossval._evaluator_answers import CARD_TEXT
from tests.helpers import textbook as textbook_module
from tests.helpers.textbook import buggy
from tests.helpers.textbook import evaluate as textbook

pytestmark = pytest.mark.heavy  # whole conformance runs

TEXTBOOK = f"{sys.executable} {textbook_module.__file__}"


def _really_out_of_order(report, function, rules=None):
    """Every counterexample: the evaluator gives its hands the values shown, and the rules order
    them otherwise (a split class: equal under the rules, two values)."""
    sign = 1 if report.order == "higher" else -1
    for c in report.counterexamples:
        if c["relation"] == "failure":
            continue
        hands = c["hands"]
        assert [function(h) for h in hands] == c["values"]
        truth = evaluate_batch(np.array([[pysolver.Card.parse(t).index for t in h] for h in hands]), rules=rules)
        rules_order = int(np.sign(int(truth[0]) - int(truth[1])))
        its_order = int(np.sign(sign * (c["values"][0] - c["values"][1])))
        assert rules_order != its_order
        assert rules_order == (0 if c["relation"] == "split" else 1)


def _kinds(report):
    return {(c["kind"], c["relation"]) for c in report.counterexamples}


@pytest.mark.parametrize("cards", [5, 6, 7])
def test_quick_mode_holds_every_class_of_the_card_count(cards):
    # the published numbers of distinct classes of 5-, 6- and 7-card hands
    hands, shapes = quick_hands(cards)
    assert len(np.unique(evaluate_batch(hands))) == {5: 7462, 6: 6075, 7: 4824}[cards]
    assert sum(shapes.values()) == len(hands) <= 300_000


def test_a_textbook_evaluator_conforms_on_seven_cards():
    report = check_evaluator(textbook, cards=7)
    assert report.ok and report.order == "higher" and report.classes == 4824
    assert report.hands == sum(report.shapes.values())
    assert "conforms" in str(report)


@pytest.mark.parametrize(
    "function, order",
    [
        (lambda cards: 10**12 - 7 * textbook(cards), "lower"),  # lower is better, odd scale
        (lambda cards: textbook(cards) ** 2 + 11, "higher"),
    ],
)
def test_right_evaluators_of_either_order_and_any_scale_conform(function, order):
    report = check_evaluator(function, cards=6)
    assert report.ok, str(report)
    assert report.order == order and "told by" in report.order_note


def test_a_batch_evaluator_of_card_indices_conforms():
    report = check_evaluator(
        lambda hands: 5000 - evaluate_batch(hands).astype(np.int64), cards=7, takes="index", batch=True, order="lower"
    )
    assert report.ok and report.order_note == "lower is better (as given)"


@pytest.mark.parametrize(
    "bug, cards, kind",
    [
        ("wheel", 5, ("straight over three of a kind (the wheel)", "reversed")),
        ("flush_top", 5, ("flush: the second card", "tied")),
        ("low_kicker", 6, ("two pair: the kicker", "reversed")),
        ("low_run", 6, ("straight: the top of the run", "tied")),
        ("board_plays", 6, ("high card: cards beyond the best five", "split")),
    ],
)
def test_each_bug_fails_with_a_counterexample_showing_it(bug, cards, kind):
    function = buggy(bug)
    report = check_evaluator(function, cards=cards)
    assert not report.ok
    assert kind in _kinds(report), sorted(_kinds(report))
    _really_out_of_order(report, function)
    shown = next(c for c in report.counterexamples if (c["kind"], c["relation"]) == kind)
    assert shown["explanation"]  # the rules' reason, from the ASP explanation of a showdown
    if bug == "wheel":
        assert {t[0] for t in shown["hands"][0]} >= set("A2345")


def test_the_wheel_counterexample_reads_as_a_person_would_act_on_it():
    report = check_evaluator(buggy("wheel"), cards=5)
    wheel = next(
        c for c in report.counterexamples if c["rule"] == "the wheel" and c["kind"].startswith("straight over")
    )
    assert wheel["classes"][0] == "Straight, Five high"
    assert "Five-high straight" in wheel["explanation"] and "straight over three of a kind" in wheel["explanation"]
    assert "the wheel" in str(report)


def test_a_crash_in_the_flush_lookup_is_a_finding_naming_the_hand():
    report = check_evaluator(buggy("flush_crash"), cards=6)
    failure = next(c for c in report.counterexamples if c["kind"] == "exception KeyError")
    hand = failure["hands"][0]
    assert max(sum(t[1] == s for t in hand) for s in "cdhs") >= 6
    assert "flush table" in failure["message"] and failure["count"] == report.failed["exception KeyError"]
    assert failure["count"] == sum(
        1 for h in quick_hands(6)[0].tolist() if max(sum(c & 3 == s for c in h) for s in range(4)) >= 6
    )


def _hangs_on_75432(cards):
    if sorted(c[0] for c in cards) == sorted("75432") and len({c[1] for c in cards}) > 1:
        time.sleep(60)
    return textbook(cards)


def test_a_hang_is_a_finding_and_not_a_hang():
    start = time.perf_counter()
    report = check_evaluator(_hangs_on_75432, cards=5, timeout=2)
    assert time.perf_counter() - start < 30
    [hang] = report.counterexamples
    assert hang["kind"] == "time limit" and sorted(t[0] for t in hang["hands"][0]) == sorted("75432")


def _odd_answers(cards):
    if cards == ["As", "5s", "4s", "3s", "2s"]:
        os._exit(3)  # dies on the steel wheel in spades
    if cards[0][0] == "7":
        return "seven"
    return textbook(cards)


def test_a_crash_and_an_answer_that_is_no_integer_are_findings():
    report = check_evaluator(_odd_answers, cards=5, order="higher")
    kinds = {c["kind"]: c for c in report.counterexamples}
    assert kinds["crash"]["hands"] == [["As", "5s", "4s", "3s", "2s"]]
    odd = kinds["not comparable"]  # a string among integers: the seven-high probe reads values as ordered
    assert "'seven'" in odd["message"] and odd["hands"][0][0][0] == "7"


def test_an_evaluator_in_another_language_through_its_standard_streams():
    assert check_evaluator(TEXTBOOK, command=True, cards=5).ok
    report = check_evaluator(f"{TEXTBOOK} wheel", command=True, cards=5)
    assert not report.ok and any(c["rule"] == "the wheel" for c in report.counterexamples)
    _really_out_of_order(report, buggy("wheel"))


def test_short_deck_evaluators_are_judged_by_short_deck_rules():
    assert check_evaluator(lambda cards: evaluate(cards, rules="short_deck"), cards=7, rules="short_deck").ok
    report = check_evaluator(textbook, cards=5, rules="short_deck")  # a standard evaluator, wrong here
    assert ("flush over full house", "reversed") in _kinds(report)
    _really_out_of_order(report, textbook, rules="short_deck")


def test_random_mode_is_seeded_and_reports_its_seed():
    first = check_evaluator(buggy("flush_top"), mode="random", count=3000, seed=5, cards=7)
    again = check_evaluator(buggy("flush_top"), mode="random", count=3000, seed=5, cards=7)
    assert first.seed == 5 and first.hands == 3000 and "seed 5" in str(first)
    assert first.to_dict()["counterexamples"] == again.to_dict()["counterexamples"]
    drawn = check_evaluator(textbook, mode="random", count=500, cards=6)
    assert drawn.ok and isinstance(drawn.seed, int)


def test_the_json_report_has_the_hands_as_card_texts():
    data = json.loads(json.dumps(check_evaluator(buggy("flush_top"), cards=5).to_dict()))
    assert data["ok"] is False
    first = data["counterexamples"][0]
    assert len(first["hands"]) == 2 and all(len(h) == 5 and all(t in CARD_TEXT for t in h) for h in first["hands"])
    assert len(first["values"]) == 2 and first["explanation"]


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: check_evaluator("no_such_module_here:evaluate"), "module 'no_such_module_here' does not import"),
        (lambda: check_evaluator("json:no_such_function"), "module 'json' has no 'no_such_function'"),
        (lambda: check_evaluator("evaluate_it"), "expected MODULE:FUNCTION"),
        (lambda: check_evaluator("no-such-command-x", command=True), "does not start"),
        (lambda: check_evaluator(textbook, cards=4), "cards 4"),
        (lambda: check_evaluator(textbook, mode="fast"), "mode 'fast'"),
        (lambda: check_evaluator(textbook, order="up"), "order 'up'"),
    ],
)
def test_bad_input_is_one_clear_error(call, message):
    with pytest.raises(PokerInputError, match=message):
        call()


def test_the_progress_bar_names_the_evaluator_and_the_run(capsys, monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)  # the bar shows on a terminal only
    check_evaluator(evaluate, cards=5, mode="quick", progress=True)
    shown = capsys.readouterr().err
    assert "conform pysolver.evaluator._lookup:evaluate: quick, 5 cards" in shown and "crossval" not in shown
