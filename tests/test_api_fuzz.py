"""A seeded fuzzer over the public API: every call returns, raises the PokerInputError family,
or a TypeError naming the argument; none raises anything else (a plain ValueError, an
AttributeError, an IndexError, an OverflowError...). The fast loop runs 1,000 calls; the slow
run 6,000."""

import numpy as np
import pytest

from pysolver import PokerInputError, describe, describe_value, format_cards, load_rules, parse_range
from pysolver.crossval import crossval_exhaustive
from tests.helpers.api_fuzz import fuzz


@pytest.mark.parametrize("seed", [1, 2])
def test_a_thousand_fuzzed_calls_raise_only_the_error_family(seed):
    outcome, untyped = fuzz(500, seed)
    assert untyped == [] and sum(outcome.values()) == 500


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(1, 7))
def test_six_thousand_fuzzed_calls_raise_only_the_error_family(seed):
    _, untyped = fuzz(1000, seed)
    assert untyped == []


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
