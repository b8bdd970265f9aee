"""Evaluators whose values are not 64-bit integers: integers of any size, floats, tuples, ordered
objects, None for no hand; and comparison functions. Built on the textbook evaluator of the tests
(:mod:`tests.helpers.textbook`), apart from pysolver; each finding's pair is checked by it again."""

from fractions import Fraction

import pytest

from pysolver.crossval import check_evaluator

from ..helpers.textbook import buggy, classify
from ..helpers.textbook import evaluate as textbook


class Ordered:
    """An object ordered by the value it holds, as pokerkit's hands are."""

    def __init__(self, value):
        self.value = value

    def __lt__(self, other):
        return self.value < other.value

    def __eq__(self, other):
        return self.value == other.value

    def __repr__(self):
        return f"Ordered({self.value})"


RIGHT = {
    "integers beyond 64 bits": lambda cards: textbook(cards) * 10**40,
    "floats": lambda cards: textbook(cards) / 7,
    "fractions": lambda cards: Fraction(textbook(cards), 3),
    "tuples": lambda cards: classify(cards),
    "ordered objects": lambda cards: Ordered(textbook(cards)),
}


@pytest.mark.parametrize("name", RIGHT)
def test_values_of_any_ordered_type_conform_when_right(name):
    report = check_evaluator(RIGHT[name], cards=5)
    assert report.ok, str(report)
    assert report.order == "higher" and report.hands == 7466


def test_lower_is_better_is_told_from_floats_too():
    report = check_evaluator(lambda cards: -textbook(cards) / 3, cards=5)
    assert report.ok and report.order == "lower"


def _recheck(report, *, compare=False):
    for c in report.counterexamples:
        first, second = (textbook(hand) for hand in c["hands"])
        assert first == second if c["relation"] == "split" else first > second, c
        if compare:
            assert c["values"] is None and c["compare"] in ("-1", "0", "1")
        else:
            assert all(v.startswith("Ordered(") for v in c["values"])  # the evaluator's own values, as text


def test_ordered_objects_out_of_order_show_their_own_values():
    wheel = buggy("wheel")
    report = check_evaluator(lambda cards: Ordered(wheel(cards)), cards=5)
    assert not report.ok and any(c["rule"] == "the wheel" for c in report.counterexamples)
    _recheck(report)


def _comparison(evaluate):
    def compare(a, b):
        x, y = evaluate(a), evaluate(b)
        return (x > y) - (x < y)

    return compare


def test_a_comparison_function_is_judged_by_the_same_rules():
    assert check_evaluator(_comparison(textbook), cards=5, kind="compare").ok
    report = check_evaluator(_comparison(buggy("flush_top")), cards=5, kind="compare")
    assert not report.ok and any(c["kind"] == "flush: the second card" for c in report.counterexamples)
    _recheck(report, compare=True)


def test_values_that_cannot_be_ordered_are_findings():
    def mixed(cards):
        return "seven" if cards[0][0] == "7" else textbook(cards)

    for order in ("higher", "auto"):  # read as integers, or (a seven-high hand probed) as ordered values
        report = check_evaluator(mixed, cards=5, order=order)
        [failure] = [c for c in report.counterexamples if c["relation"] == "failure"]
        assert failure["kind"] in ("not an integer", "not comparable") and "'seven'" in failure["message"]
        assert failure["hands"][0][0][0] == "7" and failure["count"] == report.failed[failure["kind"]]

    def nan_on_pairs(cards):
        return float("nan") if len({c[0] for c in cards}) < 5 else textbook(cards) / 2

    report = check_evaluator(nan_on_pairs, cards=5)
    [failure] = [c for c in report.counterexamples if c["relation"] == "failure"]
    assert failure["kind"] == "not comparable" and "nan" in failure["message"]


def test_a_comparison_that_answers_no_number_is_a_finding():
    report = check_evaluator(lambda a, b: "yes", cards=5, kind="compare")
    assert not report.ok and report.counterexamples[0]["kind"] == "not comparable"
    assert "compare returned 'yes' (str)" in report.counterexamples[0]["message"]


def test_none_is_no_value_where_every_hand_has_one():
    report = check_evaluator(lambda cards: None if cards[0][0] == "A" else textbook(cards), cards=5)
    [failure] = [c for c in report.counterexamples if c["relation"] == "failure"]
    assert failure["kind"] == "no value" and failure["message"] == "returned None"
    assert failure["hands"][0][0][0] == "A"
