"""The shipped preflop table (pysolver/data/preflop_equity.json): complete, zero-sum, published values."""

import pytest

from pysolver.core._ranges import HAND_CLASSES
from pysolver.odds._table_classes import preflop_table

COMBOS_OF = {name: 6 if len(name) == 2 else 4 if name.endswith("s") else 12 for name in HAND_CLASSES}


def test_every_class_counts_every_deal():
    table = preflop_table()
    assert set(table) == set(HAND_CLASSES)
    for name, row in table.items():
        assert row["deals"] == 1225 * 1_712_304 == 2_097_572_400, name
        assert row["wins"] + row["ties"] + row["losses"] == row["deals"], name
        assert row["equity"] == pytest.approx((row["wins"] + row["ties"] / 2) / row["deals"]), name


def test_heads_up_against_random_is_zero_sum():
    # Summed over all 1,326 hands, every deal is seen once from each side: wins equal losses.
    table = preflop_table()
    wins = sum(COMBOS_OF[n] * row["wins"] for n, row in table.items())
    losses = sum(COMBOS_OF[n] * row["losses"] for n, row in table.items())
    assert wins == losses
    assert sum(COMBOS_OF[n] * row["equity"] for n, row in table.items()) / 1326 == pytest.approx(0.5)


@pytest.mark.parametrize(
    "name, published",
    [
        # PokerStove, heads-up against one random hand
        ("AA", 0.8520),
        ("KK", 0.8240),
        ("QQ", 0.7993),
        ("AKs", 0.6704),
        ("AKo", 0.6532),
        ("22", 0.5033),
        ("72o", 0.3458),
        ("32o", 0.3230),
    ],
)
def test_published_equities(name, published):
    assert preflop_table()[name]["equity"] == pytest.approx(published, abs=6e-5)
