"""Every hand of a deck counted by category: the published counts, and the GPU walk on the simulator.

The five-, six- and seven-card counts of the standard deck and the five-card counts of the
36-card deck are the published ones (any table of poker probabilities). The CUDA walk runs in
numba-cuda's simulator in a fresh process (``NUMBA_ENABLE_CUDASIM=1``) on small decks, its counts
held to every hand listed by ``itertools.combinations`` and valued by the numpy path.
"""

import json
import os
import subprocess
import sys

import pytest

from pysolver import PokerInputError
from pysolver.evaluator import every_hand, every_hand_categories

FIVE = {
    "royal_flush": 4,
    "straight_flush": 36,
    "four_of_a_kind": 624,
    "full_house": 3744,
    "flush": 5108,
    "straight": 10200,
    "three_of_a_kind": 54912,
    "two_pair": 123552,
    "pair": 1098240,
    "high_card": 1302540,
}
SIX = {
    "royal_flush": 188,
    "straight_flush": 1656,
    "four_of_a_kind": 14664,
    "full_house": 165984,
    "flush": 205792,
    "straight": 361620,
    "three_of_a_kind": 732160,
    "two_pair": 2532816,
    "pair": 9730740,
    "high_card": 6612900,
}
SEVEN = {
    "royal_flush": 4324,
    "straight_flush": 37260,
    "four_of_a_kind": 224848,
    "full_house": 3473184,
    "flush": 4047644,
    "straight": 6180020,
    "three_of_a_kind": 6461620,
    "two_pair": 31433400,
    "pair": 58627800,
    "high_card": 23294460,
}
SHORT_DECK_FIVE = {  # 36 cards, six to ace; a flush beats a full house
    "royal_flush": 4,
    "straight_flush": 20,
    "four_of_a_kind": 288,
    "flush": 480,
    "full_house": 1728,
    "three_of_a_kind": 16128,
    "straight": 6120,
    "two_pair": 36288,
    "pair": 193536,
    "high_card": 122400,
}


@pytest.mark.parametrize("cards, published", [(5, FIVE), (6, SIX)])
def test_every_hand_of_the_standard_deck_gives_the_published_counts(cards, published):
    assert every_hand_categories(cards) == published
    assert list(every_hand_categories(cards)) == list(published)  # best first


@pytest.mark.heavy
def test_every_seven_card_hand_gives_the_published_counts():
    assert every_hand_categories(7) == SEVEN


def test_a_rule_book_counts_its_own_deck_in_its_own_order():
    found = every_hand_categories(5, "short_deck")
    assert found == SHORT_DECK_FIVE
    assert list(found) == list(SHORT_DECK_FIVE)
    assert int(every_hand(5, "short_deck").sum()) == 376992  # C(36, 5)


def test_every_hand_refuses_a_card_count_it_does_not_walk():
    with pytest.raises(PokerInputError, match="cards 4"):
        every_hand(4)


SIMULATED = """
import itertools, json, warnings
warnings.simplefilter("ignore")
import numpy as np
from pysolver.evaluator import evaluate_batch, kernel_tables, n_values
from pysolver.evaluator._cuda import cuda_every_hand

found = {}
decks = {"twelve-lowest": (list(range(12)), 7), "fourteen-high": (list(range(38, 52)), 5),
         "ten-mixed": ([0, 5, 10, 15, 20, 25, 30, 35, 40, 51], 6)}
for name, (deck, k) in decks.items():
    hands = np.array(list(itertools.combinations(deck, k)), dtype=np.uint8)
    listed = np.bincount(evaluate_batch(hands, backend="numpy"), minlength=n_values() + 1)
    walked = cuda_every_hand(kernel_tables(), np.array(deck), k, n_values())
    found[name] = [int(walked.sum()), len(hands), bool((walked == listed).all())]
print(json.dumps(found))
"""


def test_the_gpu_walk_counts_every_hand_of_a_deck_on_the_simulator():
    pytest.importorskip("numba.cuda")
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    env.pop("PYSOLVER_KERNEL", None)
    done = subprocess.run([sys.executable, "-c", SIMULATED], env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found == {
        "twelve-lowest": [792, 792, True],  # C(12, 7)
        "fourteen-high": [2002, 2002, True],  # C(14, 5)
        "ten-mixed": [210, 210, True],  # C(10, 6)
    }
