"""The odds engine's rank-key and flush-mask tables agree with the evaluator and with the brute force."""

import numpy as np
import pytest

from pysolver.evaluator._shipped_tables import rank_multisets
from pysolver.odds._hand_tables import CARD_BITS, CARD_RANK_KEY, RANK_WEIGHTS, fill_hand_tables, hand_tables
from tests.helpers.equity_brute import brute_evaluate_batch


def test_rank_keys_are_unique_for_every_seven_card_multiset():
    counts = rank_multisets(7)
    assert len(counts) == 49_205 and (counts <= 4).all() and (counts.sum(axis=1) == 7).all()
    keys = counts @ RANK_WEIGHTS
    assert len(np.unique(keys)) == len(keys)


def test_tables_agree_with_the_evaluator_on_random_hands():
    from pysolver.evaluator._lookup import evaluate_batch

    rng = np.random.default_rng(0)
    hands = np.argsort(rng.random((20_000, 52)), axis=1)[:, :7]
    expected = np.asarray(evaluate_batch(hands))
    got = hand_tables().values(CARD_RANK_KEY[hands].sum(axis=1), CARD_BITS[hands].sum(axis=1))
    assert (got == expected).all()


def test_tables_agree_with_the_brute_force_on_flush_hands():
    # every hand with five or more hearts is a flush or straight flush in both rankings
    rng = np.random.default_rng(1)
    hearts = 4 * np.arange(13) + 2
    rows = []
    for _ in range(300):
        suited = rng.choice(hearts, rng.integers(5, 8), replace=False)
        others = rng.choice(np.setdiff1d(np.arange(52), hearts), 7 - len(suited), replace=False)
        rows.append(np.concatenate([suited, others]))
    hands = np.array(rows)
    got = hand_tables().values(CARD_RANK_KEY[hands].sum(axis=1), CARD_BITS[hands].sum(axis=1))
    assert (got == np.array(brute_evaluate_batch(hands))).all()


@pytest.mark.heavy
def test_tables_built_from_the_brute_force_equal_the_evaluators():
    brute = fill_hand_tables(lambda h: np.array(brute_evaluate_batch(h)))
    assert np.array_equal(brute.rank_value, hand_tables().rank_value)
    assert np.array_equal(brute.flush_value, hand_tables().flush_value)
