"""A seeded fuzzer over the public API: every call returns, raises the PokerInputError family,
or a TypeError naming the argument or its value; none raises anything else (a plain
ValueError, an AttributeError, an IndexError, an OverflowError...). The fast loop runs 1,000
calls; the slow run 6,000. A second fuzzer tries the inputs that gave wrong answers without a
word (bools, floats and numpy scalars for card indices, ranks and counts; negative indices;
suits out of range; card text for a list of players; empty task lists) against an oracle."""

import re

import numpy as np
import pytest

from pysolver import (
    Card,
    PokerInputError,
    describe,
    describe_value,
    equity,
    format_cards,
    hand_potential,
    load_rules,
    parse_cards,
    parse_range,
)
from pysolver.crossval import crossval_exhaustive, crossval_random
from tests.helpers.api_fuzz import fuzz, silent_wrong


@pytest.mark.parametrize("seed", [1, 2])
def test_a_thousand_fuzzed_calls_raise_only_the_error_family(seed):
    outcome, untyped = fuzz(500, seed)
    assert untyped == [] and sum(outcome.values()) == 500


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 7))
def test_six_thousand_fuzzed_calls_raise_only_the_error_family(seed):
    _, untyped = fuzz(1000, seed)
    assert untyped == []


@pytest.mark.parametrize("seed", [1, 2])
def test_the_silent_wrong_inputs_get_the_oracle_s_answer(seed):
    right, wrong = silent_wrong(seed, 300)
    assert wrong == [] and right == 300


@pytest.mark.parametrize(
    "call, expected",
    [
        (lambda: Card(np.int8(5)), Card(5)),
        (lambda: format_cards(np.array([0, 51], dtype=np.uint8)), "2c As"),
        (lambda: describe(1, (np.int64(12), 11, 7, 2)), "Pair of Aces, King-Nine-Four kickers"),
        (lambda: crossval_random(np.int64(2), seed=np.int64(3)).showdowns, 2),
    ],
)
def test_numpy_whole_numbers_are_whole_numbers(call, expected):
    assert call() == expected


@pytest.mark.parametrize(
    "call, words",
    [
        (lambda: Card(True), "invalid card index True"),
        (lambda: Card.from_rank_suit(0, 4), "invalid suit 4"),
        (lambda: Card.from_rank_suit(-1, 5), "invalid rank -1"),
        (lambda: parse_cards([np.bool_(True)]), "invalid card np.True_"),
        (lambda: equity(["AhKh", "QhQd"], "2c 8d 9h", dead=np.array([-1])), "invalid card index np.int64(-1)"),
        (lambda: hand_potential("As Ks", "2c 3d 9h", cards_to_come=True), "True cards to come"),
        (lambda: crossval_random(1, cards=7.0), "cards 7.0"),
        (lambda: crossval_exhaustive(only=[True], chunks=10_000), "chunk True"),
        (lambda: crossval_exhaustive(only=[1.0], chunks=10_000), "chunk 1.0"),
        (lambda: crossval_exhaustive(only=[], chunks=10_000), "no task to run"),
    ],
)
def test_the_silent_wrong_inputs_that_broke_it_are_refused(call, words):
    with pytest.raises(PokerInputError, match=re.escape(words)):
        call()


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: describe(99, (12,)), PokerInputError, "category '99'"),
        (lambda: describe(2**70, (12,)), PokerInputError, "not a hand category"),
        (lambda: describe(1, (-1, 3, 4, 5)), PokerInputError, "ranks [-1, 3, 4, 5]"),
        (lambda: describe(1, ()), PokerInputError, "too few tie-break ranks for pair"),
        (lambda: describe(1, 5), TypeError, "ranks '5'"),
        (lambda: describe_value("Zz"), TypeError, "value 'Zz'"),
        (lambda: describe_value(float("inf")), TypeError, "value 'inf'"),
        (lambda: describe_value(0), PokerInputError, "value 0: hand values are 1 .. 7,462"),
        (lambda: describe_value(7463), PokerInputError, "value 7463"),
        (lambda: format_cards(5.5), TypeError, "cards '5.5'"),
        (lambda: format_cards(None), TypeError, "cards 'None'"),
        (lambda: load_rules("standard", 5), TypeError, "add '5'"),
        (lambda: parse_range("QQ+", order=np.array([1, 2])), TypeError, "order '[1 2]'"),
        (lambda: crossval_exhaustive(cards=7, only=[]), PokerInputError, "no task to run"),
    ],
)
def test_the_inputs_that_broke_it_name_the_argument(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)


def test_their_neighbours_still_answer():
    assert describe(1, (12, 11, 7, 2)) == "Pair of Aces, King-Nine-Four kickers"
    assert describe_value(np.int64(7462)) == "Royal flush"
    assert format_cards(["As", 50]) == "As Ah"
