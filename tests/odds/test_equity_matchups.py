"""The shipped heads-up matchup table (pysolver/data/preflop_matchups.npz): entries re-derived by
enumeration, keys that are the least over every suit permutation and seat order, range against range
equal to the enumeration, and the class table equal to its sums."""

import numpy as np
import pytest

from pysolver.core import COMBOS, HAND_CLASSES, class_combos, combo_mask
from pysolver.odds import equity
from pysolver.odds._exact.fixed import exact_fixed
from pysolver.odds._model import COMBO_IMAGES, Player
from pysolver.odds._table_classes import preflop_table
from pysolver.odds._table_matchups import BOARDS, MATCHUPS, canonical, heads_up, matchup_counts, matchup_table


def test_table_has_every_matchup_once():
    table = matchup_table()
    assert len(table.keys) == MATCHUPS == 47_008
    assert (np.diff(table.keys) > 0).all()
    assert (table.first_wins >= 0).all() and (table.second_wins >= 0).all() and (table.ties >= 0).all()


def test_a_seeded_sample_of_entries_is_the_enumeration():
    table = matchup_table()
    rows = np.random.default_rng(15).choice(len(table.keys), 40, replace=False)
    for row in rows:
        first, second = divmod(int(table.keys[row]), len(COMBOS))
        tally = exact_fixed(np.array([COMBOS[first], COMBOS[second]]))
        assert tally.deals == BOARDS
        assert (tally.wins[0], tally.wins[1], tally.ties[0]) == (
            table.first_wins[row],
            table.second_wins[row],
            table.ties[row],
        )


def test_keys_are_the_least_over_suit_permutations_and_seat_order():
    rng = np.random.default_rng(3)
    first, second = rng.integers(0, len(COMBOS), (2, 5000))
    disjoint = np.array([not set(COMBOS[a]) & set(COMBOS[b]) for a, b in zip(first, second)])
    first, second = first[disjoint], second[disjoint]
    key, swapped = canonical(first, second)
    straight = (COMBO_IMAGES[:, first] * 1326 + COMBO_IMAGES[:, second]).min(axis=0)
    turned = (COMBO_IMAGES[:, second] * 1326 + COMBO_IMAGES[:, first]).min(axis=0)
    assert np.array_equal(key, np.minimum(straight, turned))
    assert np.array_equal(swapped, turned < straight)
    assert np.isin(key, matchup_table().keys).all()


def test_seat_order_swaps_the_counts():
    aces, kings = np.array([1325]), np.array([1321])  # AsAh, KsKh share no card
    wins, ties, _ = matchup_counts(*canonical(aces, kings))
    turned, turned_ties, _ = matchup_counts(*canonical(kings, aces))
    assert wins[0].tolist() == turned[0, ::-1].tolist() and ties.tolist() == turned_ties.tolist()


@pytest.mark.parametrize("name", ["AA", "AKs", "T9o", "72o", "22"])
def test_class_table_is_the_sum_of_its_matchups(name):
    hero = COMBOS[class_combos(name)[0]]
    others = COMBOS[combo_mask(hero.tolist())]
    tally = heads_up(Player.hand(hero), Player("random", others, np.ones(len(others))))
    row = preflop_table()[name]
    assert (tally.wins[0], tally.ties[0], tally.wins[1], tally.deals) == (
        row["wins"],
        row["ties"],
        row["losses"],
        row["deals"],
    )
    assert name in HAND_CLASSES


@pytest.mark.parametrize(
    "players",
    [
        ["AhKh", "QsQd"],
        ["AKs, 0.5(QQ)", "JJ+, AQo"],
        ["AK, QQ", "AQ+, QQ"],  # overlapping ranges: card removal between them
        ["KhKd", "0.25(AA), AKs, 76s"],
    ],
)
def test_range_against_range_is_the_enumeration(players):
    looked_up = equity(players)
    computed = equity(players, table=False, exact=True)
    assert looked_up.exact and computed.exact
    assert looked_up.deals == computed.deals
    for mine, theirs in zip(looked_up.players, computed.players):
        assert (mine.wins, mine.ties, mine.losses) == (theirs.wins, theirs.ties, theirs.losses)
