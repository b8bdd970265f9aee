"""Tables of fixed hands by board part give the values that valuing every five gives."""

import numpy as np
import pytest

from pysolver import load_rules
from pysolver.crossval._games import deal_game
from pysolver.evaluator import HandTables, game_values

from ..helpers.rule_books import own_rule_book

OWN = {
    "one_to_three": ("omaha", ("hole_cards_used(2, 2).", "hole_cards_used(1, 3).")),  # fives of 2, 3 and 4 board cards
    "short_omaha": (
        "short_deck",
        ("hole_cards(2).", "hole_cards(4)."),
        ("hole_cards_used(0, 2).", "hole_cards_used(2, 2)."),
    ),
}


def book(name, tmp_path):
    if name not in OWN:
        return load_rules(name)
    base, *changes = OWN[name]
    rules = own_rule_book(tmp_path, base, *changes)
    return load_rules(rules)


@pytest.mark.parametrize("name", ["omaha", "omaha_hi_lo", "big_o", "omaha5", "razz", "ace_to_five", *OWN])
def test_a_fixed_hand_by_table_is_the_best_of_its_fives(name, tmp_path):
    rules = book(name, tmp_path)
    holes, boards = deal_game(4000, 3, 17, rules)
    fixed = holes[0]
    boards = boards[~np.isin(boards, fixed).any(axis=1)]
    tables = HandTables.of(fixed, rules)
    assert tables is not None
    expected = game_values(np.broadcast_to(fixed, (len(boards), *fixed.shape)).copy(), boards, rules)
    got = tables.values(boards)
    assert set(got) == set(expected)
    for pot in expected:
        assert (got[pot] == expected[pot]).all(), pot


def test_a_five_of_five_board_cards_is_not_tabulated():
    holes, _ = deal_game(1, 2, 3, load_rules("holdem_hi_lo"))
    assert HandTables.of(holes[0], load_rules("holdem_hi_lo")) is None
