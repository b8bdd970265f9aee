"""The hand sets of the seven-card cross-validation (colex ranks, showdown groups, suit classes).

Every number is checked against something known independently of the module: the
published count of seven-card hands by category and of classes up to suit
permutation, itertools.combinations, and canonical forms found by trying all 24
permutations of the suits.
"""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from pysolver import load_rules
from pysolver.core._rules import STANDARD
from pysolver.crossval._colex import colex_ranks, hand_range, hands_at, rank_tasks, seven_card_hands
from pysolver.crossval._random_hands import relabel_suits, sample_hands
from pysolver.crossval._showdown_groups import ShowdownGroups, group_hands
from pysolver.crossval._suit_classes import canonical_classes, canonical_range, canonical_tasks
from pysolver.evaluator._lookup import categories, evaluate_batch
from tests.helpers.variant_brute import CATEGORIES

PERMUTATIONS = np.array(list(itertools.permutations(range(4))))
# Seven-card hands by category (e.g. Wikipedia, "Poker probability": 7-card poker hands).
PUBLISHED = {
    "royal_flush": 4_324,
    "straight_flush": 37_260,
    "four_of_a_kind": 224_848,
    "full_house": 3_473_184,
    "flush": 4_047_644,
    "straight": 6_180_020,
    "three_of_a_kind": 6_461_620,
    "two_pair": 31_433_400,
    "pair": 58_627_800,
    "high_card": 23_294_460,
}


def brute_canonical(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each hand (N, 7): the card bits of its relabelling of lowest colex rank (for sets of
    one size, colex order is the order of the bit masks) and the size of its class (the distinct
    relabellings), by trying all 24 permutations of the suits."""
    hands = np.asarray(hands, dtype=np.int64)
    relabelled = 4 * (hands >> 2)[None] + PERMUTATIONS[:, hands & 3]  # (24, N, 7)
    bits = (np.int64(1) << relabelled).sum(axis=2)  # (24, N)
    ordered = np.sort(bits, axis=0)
    sizes = 1 + (np.diff(ordered, axis=0) != 0).sum(axis=0)
    return bits.min(axis=0), sizes


def bits_of(hands: np.ndarray) -> np.ndarray:
    return (np.int64(1) << np.asarray(hands, dtype=np.int64)).sum(axis=1)


def check_groups(groups: ShowdownGroups) -> None:
    """Rows ascending, offsets a partition, one board per group, neighbouring groups different."""
    hands = groups.hands.astype(np.int64)
    assert (np.diff(hands, axis=1) > 0).all()
    assert groups.offsets[0] == 0 and groups.offsets[-1] == len(hands) and (groups.sizes > 0).all()
    board_of_hand = np.repeat(groups.boards, groups.sizes, axis=0)
    assert (hands[:, 2:] == board_of_hand).all()
    assert (np.diff(groups.boards.astype(np.int64), axis=0) != 0).any(axis=1).all()


# --- Classes up to a permutation of the suits --------------------------------------------------


@pytest.mark.heavy
def test_the_classes_number_6009159_and_weigh_every_hand_once():
    classes = canonical_classes()
    assert len(classes) == 6_009_159
    assert int(classes.weights.sum()) == comb(52, 7) == 133_784_560
    assert classes.hands.dtype == np.int8 and classes.weights.dtype == np.int64
    assert set(np.unique(classes.weights).tolist()) <= {1, 4, 6, 12, 24}
    assert (np.diff(bits_of(classes.hands)) > 0).all()  # colex order, each class once
    check_groups(classes)
    assert canonical_classes() is classes  # cached
    with pytest.raises(ValueError):
        classes.hands[0, 0] = 1


def test_weighted_categories_of_the_classes_are_the_published_counts():
    classes = canonical_classes()
    counts = np.bincount(categories(evaluate_batch(classes.hands)), weights=classes.weights, minlength=10)
    assert dict(zip(CATEGORIES, counts.astype(np.int64).tolist())) == PUBLISHED
    assert PUBLISHED["straight_flush"] + PUBLISHED["royal_flush"] == 41_584


@pytest.mark.parametrize("deck", [12, 16, list(range(32, 52))])
def test_the_classes_of_a_small_deck_are_found_by_trying_every_permutation(deck):
    cards = np.arange(deck) if isinstance(deck, int) else np.array(deck)
    every = np.array(list(itertools.combinations(cards.tolist(), 7)))
    lowest, sizes = brute_canonical(every)
    keys, first = np.unique(lowest, return_index=True)  # sorted: colex order
    classes = canonical_classes(deck)
    assert bits_of(classes.hands).tolist() == keys.tolist()
    assert classes.weights.tolist() == sizes[first].tolist()
    assert int(classes.weights.sum()) == comb(len(cards), 7)
    check_groups(classes)


@pytest.mark.heavy
def test_random_hands_canonicalise_onto_the_class_list_with_their_weights():
    classes = canonical_classes()
    keys = bits_of(classes.hands)
    hands = sample_hands(20_000, 3)
    lowest, sizes = brute_canonical(hands)
    where = np.searchsorted(keys, lowest)
    assert (keys[where] == lowest).all()
    assert (classes.weights[where] == sizes).all()
    # the rare classes too: hands of one suit, of quads, of many pairs
    special = np.array(
        [
            [0, 4, 8, 12, 16, 20, 24],
            [48, 49, 50, 51, 0, 1, 2],
            [0, 1, 4, 5, 8, 9, 12],
            [3, 7, 11, 15, 19, 23, 51],
            [0, 1, 2, 4, 5, 6, 8],
            [0, 5, 10, 15, 16, 20, 24],
        ]
    )
    lowest, sizes = brute_canonical(special)
    where = np.searchsorted(keys, lowest)
    assert (keys[where] == lowest).all() and (classes.weights[where] == sizes).all()
    assert sizes.tolist() == [4, 4, 12, 4, 12, 24]


def test_short_deck_classes_weigh_every_hand_and_canonicalise_a_sample():
    rules = load_rules("short_deck")
    classes = canonical_classes(rules)
    deck = np.array([c.index for c in rules.deck])
    assert int(classes.weights.sum()) == comb(36, 7) and np.isin(classes.hands, deck).all()
    hands = sample_hands(3_000, 9, rules)
    assert np.isin(hands, deck).all()
    lowest, sizes = brute_canonical(hands)
    keys = bits_of(classes.hands)
    where = np.searchsorted(keys, lowest)
    assert (keys[where] == lowest).all() and (classes.weights[where] == sizes).all()
    with pytest.raises(ValueError, match="whole ranks"):
        canonical_classes(np.arange(1, 20))


def test_canonical_tasks_cover_the_classes_at_group_starts():
    classes = canonical_classes()
    tasks = canonical_tasks(7)
    assert tasks[0][0] == 0 and tasks[-1][1] == len(classes) and len(tasks) == 7
    assert all(a[1] == b[0] for a, b in itertools.pairwise(tasks))
    assert {t[0] for t in tasks} <= set(classes.offsets.tolist())
    sizes = [b - a for a, b in tasks]
    assert max(sizes) - min(sizes) < 3_000
    part = canonical_range(*tasks[3])
    assert (part.hands == classes.hands[tasks[3][0] : tasks[3][1]]).all()
    assert (
        part.offsets.tolist()
        == (classes.offsets[(classes.offsets >= tasks[3][0]) & (classes.offsets <= tasks[3][1])] - tasks[3][0]).tolist()
    )
    cut = canonical_range(10, 1_000)  # cuts groups at its edges
    check_groups(cut)
    assert (cut.weights == classes.weights[10:1_000]).all()


# --- Ranges of colex rank ------------------------------------------------------------------------


def combinations_groups(deck: list[int]) -> tuple[list, list]:
    """Every hand in itertools' order (colex order, rows reversed) and the index where each group starts."""
    hands = sorted(itertools.combinations(deck, 7), key=lambda h: h[::-1])
    starts = [i for i, h in enumerate(hands) if i == 0 or h[2:] != hands[i - 1][2:]]
    return hands, starts


@pytest.mark.parametrize("n", [7, 12, 16])
@pytest.mark.parametrize("tasks", [1, 3, 7, 50, 1_000])
@pytest.mark.parametrize("whole_groups", [True, False])
def test_the_tasks_give_every_hand_once_in_order_with_their_groups(n, tasks, whole_groups):
    hands, starts = combinations_groups(list(range(n)))
    ranges = rank_tasks(tasks, n, whole_groups=whole_groups)
    assert len(ranges) == tasks and ranges[0][0] == 0 and ranges[-1][1] == comb(n, 7) == seven_card_hands(n)
    assert all(a[1] == b[0] and a[0] <= a[1] for a, b in itertools.pairwise(ranges))
    got, got_starts = [], []
    for start, stop in ranges:
        part = hand_range(start, stop, n)
        if len(part):
            check_groups(part)
        assert len(part) == stop - start
        got_starts += [start + int(o) for o in part.offsets[:-1]]
        got += [tuple(h) for h in part.hands.tolist()]
        if whole_groups:
            assert start in starts + [comb(n, 7)]
    assert got == hands
    if whole_groups:
        assert got_starts == starts
    else:
        assert set(starts) <= set(got_starts) and set(got_starts) <= set(starts) | {a for a, _ in ranges}


@pytest.mark.parametrize("start, stop", [(5, 6), (100, 101), (101, 500), (230, 775), (0, 792), (791, 792)])
def test_a_range_that_cuts_groups_has_their_parts_at_its_edges(start, stop):
    hands, starts = combinations_groups(list(range(12)))
    part = hand_range(start, stop, 12)
    assert [tuple(h) for h in part.hands.tolist()] == hands[start:stop]
    assert (start + part.offsets[:-1]).tolist() == sorted({start} | {s for s in starts if start < s < stop})
    assert part.seats.tolist() == [i - max(s for s in [start] + starts if s <= i) for i in range(start, stop)]
    assert [h.tolist() for h in part.hole_groups()] == [
        part.holes[a:b].tolist() for a, b in zip(part.offsets[:-1], part.offsets[1:])
    ]
    assert len(hand_range(start, start, 12)) == 0


@pytest.mark.heavy
def test_ranges_of_a_variants_deck_are_its_cards_in_order():
    rules = load_rules("short_deck")
    deck = [c.index for c in rules.deck]
    total = seven_card_hands(rules)
    assert total == comb(36, 7) == 8_347_680
    lowest = sorted(itertools.combinations(deck[:16], 7), key=lambda h: h[::-1])  # colex: these come first
    assert [tuple(h) for h in hand_range(0, len(lowest), rules).hands.tolist()] == lowest
    hand = [deck[p] for p in (3, 8, 9, 20, 27, 33, 35)]
    rank = sum(comb(p, i + 1) for i, p in enumerate((3, 8, 9, 20, 27, 33, 35)))
    assert hand_range(rank, rank + 1, rules).hands.tolist() == [hand] == hands_at([rank], rules).tolist()
    for start, stop in rank_tasks(5, rules)[2:4] + [(total - 3_000, total), (4_000_000, 4_123_457)]:
        part = hand_range(start, stop, rules)
        assert (colex_ranks(part.hands, rules) == np.arange(start, stop)).all()
        assert np.isin(part.hands, deck).all()
        check_groups(part)
    assert (hand_range(0, 1_000, STANDARD).hands == hand_range(0, 1_000).hands).all()


def test_unranking_and_ranking_agree_on_random_ranks():
    ranks = np.random.default_rng(5).integers(0, comb(52, 7), 100_000)
    hands = hands_at(ranks)
    assert (np.diff(hands.astype(int), axis=1) > 0).all()
    assert (colex_ranks(hands) == ranks).all()
    assert (colex_ranks(hands[:, ::-1]) == ranks).all()
    with pytest.raises(ValueError):
        hands_at([comb(52, 7)])
    with pytest.raises(ValueError):
        hand_range(0, comb(52, 7) + 1)


def test_a_million_hands_of_a_range_come_in_groups():
    part = hand_range(70_000_000, 71_000_000)
    assert len(part) == 1_000_000
    check_groups(part)
    assert (colex_ranks(part.hands[::997]) == 70_000_000 + np.arange(0, 1_000_000, 997)).all()


def test_batches_are_whole_groups_covering_the_hands():
    part = hand_range(1_000, 60_000)
    batches = list(part.batches(500))
    assert all(len(b) <= 500 or b.groups == 1 for b in batches)
    assert (np.concatenate([b.hands for b in batches]) == part.hands).all()
    assert sum(b.groups for b in batches) == part.groups
    assert (np.concatenate([b.boards for b in batches]) == part.boards).all()


# --- Random suits and random hands ---------------------------------------------------------------


def test_relabelled_suits_keep_ranks_and_class_and_take_every_permutation():
    hands = sample_hands(5_000, 4)
    relabelled = relabel_suits(hands, np.random.default_rng(8))
    assert relabelled.dtype == hands.dtype and (np.diff(relabelled.astype(int), axis=1) > 0).all()
    assert (np.sort(relabelled >> 2, axis=1) == np.sort(hands >> 2, axis=1)).all()
    assert (brute_canonical(relabelled)[0] == brute_canonical(hands)[0]).all()
    rainbow = np.tile(np.array([[0, 5, 10, 15, 16, 20, 24]], np.int8), (4_800, 1))
    seen = {tuple((h & 3).tolist()[:4]) for h in relabel_suits(rainbow, 1)}
    assert len(seen) == 24
    assert (relabel_suits(hands, 3) == relabel_suits(hands, 3)).all()


def test_samples_are_seeded_and_uniform_over_suits_and_ranks():
    hands = sample_hands(70_000, 12)
    assert (hands == sample_hands(70_000, 12)).all() and hands.dtype == np.int8
    assert (np.diff(hands.astype(int), axis=1) > 0).all()
    counts = np.bincount(hands.reshape(-1), minlength=52)
    expected = 70_000 * 7 / 52
    assert np.abs(counts - expected).max() < 6 * np.sqrt(expected)


def test_grouping_a_relabelled_sample_merges_repeats_and_keeps_its_weight():
    hands = relabel_suits(sample_hands(3_000, 2, 16), 6)
    hands = np.concatenate([hands, hands[:40]])
    groups = group_hands(hands[::-1])
    check_groups(groups)
    assert int(groups.weights.sum()) == 3_040
    assert set(map(tuple, groups.hands.tolist())) == set(map(tuple, hands.tolist()))
    assert (np.diff(colex_ranks(groups.hands, 16)) > 0).all()
    classes = canonical_classes()
    part = group_hands(classes.hands[5_000:6_000], classes.weights[5_000:6_000])
    assert (part.hands == classes.hands[5_000:6_000]).all()
    assert (part.weights == classes.weights[5_000:6_000]).all()
