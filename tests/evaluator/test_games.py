"""The evaluator under games: values per pot against facts computed here independently."""

from itertools import combinations
from math import comb
from pathlib import Path

import numpy as np
import pytest

from pysolver import VARIANTS, PokerInputError, equity, hand_report, load_rules
from pysolver.evaluator import NO_HAND, _games, evaluate_batch, five_slots, game_values, pot_hand, pot_shares
from pysolver.evaluator._scales import pot_tables
from tests.helpers.rule_books import own_rule_book

ACE = 12


def offsuit(ranks):
    """One five of these ranks (0 a two .. 12 an ace) in at least two suits."""
    return [4 * r + (i % 4) for i, r in enumerate(ranks)]


RANK_SETS = list(combinations(range(13), 5))  # the 1,287 sets of five different ranks


def draw_rules(tmp_path, pots="pot(low).", scale="ace_to_five", qualifier=""):
    """A five-card draw game of one's own: the axes written here, the hands the standard game's."""
    standard = Path(load_rules().path).read_text()
    hands = standard[standard.index("face(two;") :]
    text = f"hole_cards(5). board_cards(0). hole_cards_used(5, 5). {pots} low_scale({scale}). {qualifier}\n{hands}"
    path = tmp_path / "draw.lp"
    path.write_text(text)
    return load_rules(str(path))


def low_values(rules, fives):
    holes = np.array(fives)[:, None, :]
    return game_values(holes, np.zeros((len(fives), 0), dtype=np.int64), rules)["low"][:, 0]


def test_there_are_56_eight_or_better_lows_in_a_to_5_order(tmp_path):
    rules = draw_rules(tmp_path, "pot(high; low).", qualifier="low_qualifier(eight).")
    values = low_values(rules, [offsuit(ranks) for ranks in RANK_SETS])
    qualified = [ranks for ranks, v in zip(RANK_SETS, values) if v != NO_HAND]
    assert len(qualified) == comb(8, 5) == 56

    def a5_key(ranks):  # worse first: the highest card, then the next, the ace counting one
        return sorted(((r + 1) % 13 + 1 for r in ranks), reverse=True)

    by_value = [ranks for _, ranks in sorted(zip(values[values != NO_HAND].tolist(), qualified), reverse=True)]
    assert by_value == sorted(qualified, key=a5_key)
    assert pot_hand(int(values.max()), "low", rules)[1] == (3, 2, 1, 0, ACE)  # 5-4-3-2-A
    assert len(set(values[values != NO_HAND].tolist())) == 56


def test_deuce_to_seven_orders_every_set_of_five_ranks(tmp_path):
    rules = load_rules("deuce_to_seven")
    values = low_values(rules, [offsuit(ranks) for ranks in RANK_SETS])

    def is_straight(ranks):  # aces high only: A-2-3-4-5 is no straight
        return ranks[4] - ranks[0] == 4

    def d7_key(ranks):  # better first: no straight before a straight, then the lowest top card and so on
        return (is_straight(ranks), sorted(ranks, reverse=True))

    assert sum(is_straight(r) for r in RANK_SETS) == 9
    by_value = [ranks for _, ranks in sorted(zip(values.tolist(), RANK_SETS), reverse=True)]
    assert by_value == sorted(RANK_SETS, key=d7_key)
    assert by_value[0] == (0, 1, 2, 3, 5)  # 7-5-4-3-2, the best
    assert by_value.index((0, 1, 2, 3, ACE)) > by_value.index((0, 2, 5, 7, 11))  # A-5-4-3-2 below K-9-7-4-2


def test_ace_to_five_ranks_a_pair_below_every_five_different_ranks():
    fives = [[ACE, 0, 1, 2, 3], [10, 5, 4, 3, 2], [11, 10, 9, 8, 7], [0, 0, 1, 2, 3], [11, 11, 10, 10, 9]]
    values = low_values(load_rules("ace_to_five"), [offsuit(ranks) for ranks in fives])
    assert values.tolist() == sorted(values.tolist(), reverse=True) and len(set(values.tolist())) == 5
    # K-Q-J-T-9 is king-high, not a straight: still above a pair of twos


def test_stud_is_the_seven_card_evaluator():
    rng = np.random.default_rng(3)
    hands = np.argsort(rng.random((20_000, 52)), axis=1)[:, :7]
    values = game_values(hands[:, None, :], np.zeros((20_000, 0), dtype=np.int64), load_rules("stud"))["high"][:, 0]
    assert (values == evaluate_batch(hands)).all()


def test_the_holdem_shape_through_the_generic_path_is_the_seven_card_evaluator():
    rng = np.random.default_rng(4)
    cards = np.argsort(rng.random((5_000, 52)), axis=1)[:, :9]
    values = game_values(cards[:, :4].reshape(-1, 2, 2), cards[:, 4:], load_rules("holdem_hi_lo"))["high"]
    for p in range(2):
        seven = np.concatenate([cards[:, 2 * p : 2 * p + 2], cards[:, 4:]], axis=1)
        assert (values[:, p] == evaluate_batch(seven)).all()


def test_omaha_forms_sixty_fives_of_two_hole_and_three_board_cards():
    slots = five_slots(4, 5, 2, 2)
    assert len(slots) == comb(4, 2) * comb(5, 3) == 60
    assert ((slots < 4).sum(axis=1) == 2).all() and len({tuple(r) for r in slots.tolist()}) == 60
    assert len(five_slots(5, 5, 2, 2)) == comb(5, 2) * comb(5, 3)
    assert len(five_slots(4, 5, 1, 3)) == 4 * 5 + 60 + 4 * 10


def test_shares_quarter_a_tied_low():
    num, den = pot_shares({"high": np.array([[9, 1, 1]]), "low": np.array([[-5, -5, NO_HAND]])})
    assert (num / den).tolist() == [[0.75, 0.25, 0.0]]
    num, den = pot_shares({"high": np.array([[9, 9, 1]]), "low": np.array([[NO_HAND] * 3])})
    assert (num / den).tolist() == [[0.5, 0.5, 0.0]]


@pytest.mark.parametrize("game", ["omaha", "razz", "omaha_hi_lo"])
def test_hand_potential_says_it_takes_holdem_only_and_equity_takes_the_game(game):
    hands = ["As Ks Qd 2c", "7h 7d 3c 4d"] if game != "razz" else ["As Ks Qd 2c 5h", "7h 7d 3c 4d 9s"]
    with pytest.raises(PokerInputError, match=f"rules {game} .*: this takes hold'em's deal"):
        hand_report(hands[0], "2h 3h 4h", rules=game)
    assert sum(p.equity for p in equity(hands, rules=game).players) == pytest.approx(1.0)


GAMES = [name for name in VARIANTS if not load_rules(name).game.holdem_shape]


@pytest.mark.parametrize("game", GAMES)
def test_the_kernel_and_numpy_value_every_game_alike(monkeypatch, game):
    pytest.importorskip("numba", reason="the compiled kernel needs numba (the test extra installs it)")
    rules = load_rules(game)
    most = (len(rules.deck) - rules.game.board_cards) // rules.game.hole_cards
    players, deck = min(most, 5), np.flatnonzero(rules.in_deck)
    cards = deck[np.argsort(np.random.default_rng(5).random((500, len(deck))), axis=1)]
    holes = cards[:, : players * rules.game.hole_cards].reshape(500, players, -1)
    boards = cards[:, players * rules.game.hole_cards :][:, : rules.game.board_cards]
    monkeypatch.setattr(_games, "uses_kernel", lambda rows, loops=None: False)
    by_numpy = game_values(holes, boards, rules)
    monkeypatch.setattr(_games, "uses_kernel", lambda rows, loops=None: True)
    for threads in (1, 3):
        by_kernel = game_values(holes.astype(np.uint8), boards, rules, threads=threads)
        assert list(by_kernel) == list(rules.game.pots)
        for pot in rules.game.pots:
            assert (by_kernel[pot] == by_numpy[pot]).all(), (pot, threads)


def test_a_five_is_valued_once_for_both_pots():
    """Each class of the high tables has its low: eight-or-better lows ignore suits, so the 56 sets of
    five ranks eight or lower qualify offsuit and suited, and the suited wheel is still the best low."""
    rules = load_rules("omaha_hi_lo")
    tables = pot_tables(rules)
    wheel = [ACE, 0, 1, 2, 3]
    classes = evaluate_batch(np.array([offsuit(wheel), [4 * r + 3 for r in wheel]]))
    assert classes[0] != classes[1]  # a straight and a straight flush
    assert tables[1, classes[0]] == tables[1, classes[1]] == tables[1].max()
    assert pot_hand(int(tables[1, classes[0]]), "low", rules)[1] == (3, 2, 1, 0, ACE)  # 5-4-3-2-A
    assert (tables[1] != NO_HAND).sum() == 2 * comb(8, 5)
    assert (tables[0, 1:] == np.arange(1, tables.shape[1])).all() and tables[0, 0] == NO_HAND


def test_bad_cards_and_unformable_fives_are_refused(tmp_path):
    rules = load_rules("omaha")
    with pytest.raises(PokerInputError, match="invalid card index 52"):
        game_values(np.array([[[0, 1, 2, 52]]]), np.array([[4, 5, 6, 7, 8]]), rules)
    with pytest.raises(PokerInputError, match="2 to 2 hole cards, which 1 hole cards and 5 board cards cannot give"):
        game_values(np.array([[[0]]]), np.array([[4, 5, 6, 7, 8]]), rules)
    with pytest.raises(PokerInputError, match="expected \\(N, P, h\\) and \\(N, b\\)"):
        game_values(np.array([[0, 1, 2, 3]]), np.array([[4, 5, 6, 7, 8]]), rules)
    short_deck_omaha = own_rule_book(
        tmp_path,
        "short_deck",
        ("hole_cards(2).", "hole_cards(4)."),
        ("hole_cards_used(0, 2).", "hole_cards_used(2, 2)."),
    )
    with pytest.raises(PokerInputError, match="2c"):
        game_values(np.array([[[0, 20, 24, 28]]]), np.array([[32, 36, 40, 44, 48]]), load_rules(short_deck_omaha))
