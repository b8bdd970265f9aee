"""Every runout of known hands in one compiled loop gives the sums that valuing every deal gives.

The oracle lists the runouts with itertools, values each deal's hands with ``game_values`` (every
five of every player) and divides each pot with ``pot_parts``.
"""

from itertools import combinations

import numpy as np
import pytest

from pysolver import load_rules
from pysolver.crossval._games import deal_game
from pysolver.evaluator import NO_HAND, game_runouts, game_values, pot_parts

from ..helpers.rule_books import own_rule_book

UNIT = 2 * 2520 * 2520


def listed(holes, board, deck, rules, size):
    """The sums of every runout, deal by deal."""
    missing = size - len(board)
    runouts = np.array(list(combinations(deck.tolist(), missing)), dtype=np.int64).reshape(-1, missing)
    boards = np.concatenate([np.broadcast_to(board, (len(runouts), len(board))), runouts], axis=1)
    values = game_values(np.broadcast_to(holes, (len(boards), *holes.shape)).copy(), boards, rules)
    parts = pot_parts(values, UNIT)
    shares = sum(parts.values())
    no_low = int((values["low"].max(axis=1) == NO_HAND).sum()) if "low" in values and rules.game.qualifier else 0
    return shares.sum(axis=0), np.stack([p.sum(axis=0) for p in parts.values()]), (shares == UNIT).sum(axis=0), no_low


def spot(rules, players, known, seed):
    """Known hands and ``known`` board cards of a random deal, and the deck left."""
    holes, boards = deal_game(1, players, seed, rules)
    holes, board = holes[0], boards[0, :known]
    taken = np.concatenate([holes.ravel(), board])
    deck = np.array([c.index for c in rules.deck if c.index not in taken], dtype=np.int64)
    return holes, board, deck


@pytest.mark.parametrize(
    ("game", "players", "known"),
    [
        ("omaha", 2, 3),
        ("omaha", 4, 4),
        ("omaha_hi_lo", 2, 3),
        ("omaha_hi_lo", 3, 3),
        ("big_o", 2, 3),
        ("omaha5", 3, 4),
        ("holdem_hi_lo", 3, 3),
        ("holdem_hi_lo", 2, 2),  # fives that take three missing cards
        ("standard", 3, 3),
        ("short_deck", 2, 3),
    ],
)
@pytest.mark.parametrize("seed", [1, 2])
def test_every_runout_sums_as_every_deal_valued(game, players, known, seed):
    rules = load_rules(game)
    holes, board, deck = spot(rules, players, known, seed)
    got = game_runouts(holes, board, deck, rules, unit=UNIT, threads=1)
    shares, pots, scoops, no_low = listed(holes, board, deck, rules, rules.game.board_cards)
    assert got.shares.tolist() == shares.tolist()
    assert got.pots.tolist() == pots.tolist()
    assert got.scoops.tolist() == scoops.tolist()
    assert got.no_low == no_low
    assert got.runouts == len(list(combinations(deck, rules.game.board_cards - known)))


def test_a_deuce_to_seven_low_is_not_taken_from_a_flush(tmp_path):
    """A pair of the runout remembered by its ranks alone would value a suited five as unsuited:
    under deuce-to-seven a flush is a poor low, so the suit must be told apart."""
    scale = ("low_scale(ace_to_five).", "low_scale(deuce_to_seven).")
    rules = load_rules(own_rule_book(tmp_path, "omaha_hi_lo", scale))
    for seed in range(3):
        holes, board, deck = spot(rules, 2, 3, seed)
        got = game_runouts(holes, board, deck, rules, unit=UNIT, threads=1)
        shares, pots, _, no_low = listed(holes, board, deck, rules, 5)
        assert got.shares.tolist() == shares.tolist() and got.pots.tolist() == pots.tolist()
        assert got.no_low == no_low


def test_the_sums_do_not_depend_on_the_threads():
    rules = load_rules("omaha_hi_lo")
    holes, board, deck = spot(rules, 3, 3, 5)
    one = game_runouts(holes, board, deck, rules, unit=UNIT, threads=1)
    two = game_runouts(holes, board, deck, rules, unit=UNIT, board_size=5, threads=2)
    assert one.shares.tolist() == two.shares.tolist() and one.pots.tolist() == two.pots.tolist()


def test_a_showdown_on_a_shorter_board_counts_its_runouts():
    """The turn of a flop: the hands show down on four board cards (the first three known)."""
    rules = load_rules("holdem_hi_lo")
    holes, board, deck = spot(rules, 2, 3, 9)
    got = game_runouts(holes, board, deck, rules, unit=UNIT, board_size=4, threads=1)
    shares, pots, scoops, _ = listed(holes, board, deck, rules, 4)
    assert got.runouts == len(deck) and got.shares.tolist() == shares.tolist()
    assert got.pots.tolist() == pots.tolist() and got.scoops.tolist() == scoops.tolist()
