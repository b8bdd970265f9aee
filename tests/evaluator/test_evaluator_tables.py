"""The shipped evaluator tables are what the reference ranking builds, and the hash is perfect."""

import numpy as np
import pytest

from pysolver.evaluator._reference import hand_classes
from pysolver.evaluator._shipped_tables import (
    RANK_MULTIPLIERS,
    RANK_SHIFT,
    TABLES_PATH,
    flush_value_table,
    load_shipped_tables,
    rank_multisets,
    rank_value_items,
)


def test_rank_keys_are_unique_for_every_multiset_of_up_to_seven_cards():
    keys = np.concatenate([rank_multisets(size) @ RANK_MULTIPLIERS for size in range(8)])
    assert len(keys) == 76_155 and len(np.unique(keys)) == len(keys)


def test_every_row_of_the_perfect_hash_starts_at_an_even_slot():
    """The compiled kernel keeps the rows' starts halved: a row holding keys must start at an even slot."""
    keys, _ = rank_value_items()
    rows = np.unique(keys >> RANK_SHIFT)
    starts = (rows << RANK_SHIFT) + load_shipped_tables()["rank_offsets"][rows]
    assert (starts % 2 == 0).all() and starts.min() >= 0 and starts.max() < 2 * 2**16


@pytest.mark.heavy
def test_shipped_tables_equal_a_fresh_build_from_the_reference():
    tables = load_shipped_tables()
    keys, values = rank_value_items()
    assert len(keys) == 6175 + 18395 + 49205
    slots = keys + tables["rank_offsets"][keys >> RANK_SHIFT]
    assert len(np.unique(slots)) == len(slots)  # perfect hash: no two multisets share a slot
    assert slots.min() >= 0 and (tables["rank_values"][slots] == values).all()
    assert (tables["flush_values"] == flush_value_table()).all()
    classes = [tuple(int(x) for x in row if x >= 0) for row in tables["classes"]]
    assert classes == [tuple(c) for c in hand_classes()]
    assert TABLES_PATH.stat().st_size < 1_000_000
    assert sum(a.nbytes for a in tables.values()) < 32 * 2**20
