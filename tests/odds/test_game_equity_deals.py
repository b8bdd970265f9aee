"""Game equity with cards still to come and lists of holdings, against a plain-Python enumeration.

The oracle (``tests/helpers/game_brute.py``) knows nothing of pysolver: it walks every deal with
itertools and values fives with its own ranking; the engine's exact figures must equal its
fractions, and its samples fall within four standard errors of them.
"""

from fractions import Fraction

import pytest

from pysolver import PokerInputError, equity, parse_cards
from pysolver.odds import SHARE_UNIT, GameEquity, game_equity

from ..helpers.game_brute import brute_game_equity
from ..helpers.rule_books import own_rule_book


def cards(text):
    return tuple(c.index for c in parse_cards(text))


def fractions(result):
    return [Fraction(p.shares, SHARE_UNIT * result.weight) for p in result.players]


@pytest.fixture(scope="module")
def two_card_omaha(tmp_path_factory):
    """A rule book of one's own: two hole cards, both in the five (hold'em played as Omaha), hi-lo."""
    return own_rule_book(tmp_path_factory.mktemp("rules"), "omaha_hi_lo", ("hole_cards(4).", "hole_cards(2)."))


def test_a_random_seat_is_every_holding_the_deck_has_left(two_card_omaha):
    board = "2c 5d 8h Kc 3s"
    result = game_equity(["Ah 4h", "random"], board, rules=two_card_omaha)
    expected, weight = brute_game_equity([cards("Ah 4h"), ()], [0, 2], cards(board), 5, ["high", "low8"], {2})
    assert result.exact and result.deals == weight == 990  # C(45, 2) holdings
    assert fractions(result) == expected


@pytest.mark.parametrize(
    ("game", "pots", "players"),
    [
        ("stud_hi_lo", ["high", "low8"], ["Ah 2d 3c 4s Kh Kd", "Qh Qd 7c 6s 5h 9c"]),
        ("razz", ["razz"], ["Ah 2d 9c 9s Kh 4d", "7h 6d 5c 8s Jh Jd"]),
        ("stud", ["high"], ["Ah Ad 3c 4s 9h 9d", "Qh Qd Qc 6s 5h 2c"]),
    ],
)
def test_stud_on_sixth_street_counts_every_last_card(game, pots, players):
    result = game_equity(players, rules=game)
    expected, weight = brute_game_equity([cards(p) for p in players], [1, 1], (), 0, pots, range(6))
    assert result.exact and result.deals == weight == 40 * 39  # one card to each, in either order
    assert fractions(result) == expected
    assert [p.hand for p in result.players] == [f"{' '.join(str(c) for c in parse_cards(p))} ?" for p in players]


def test_a_list_of_holdings_weighs_each_and_drops_those_that_collide():
    board = "2c 5d 8h Kc"
    hero = "Ah 3h Kd Qd"
    villain = "As 2s 9c 9d, 0.5(7h 6h 4c 4d), 0.25(Ah 2h Jc Jd)"  # the last shares the Ah with the hero
    result = game_equity([hero, villain], board, rules="omaha_hi_lo")
    holdings = [cards("As 2s 9c 9d"), cards("7h 6h 4c 4d")]
    expected, weight = brute_game_equity(
        [cards(hero), holdings], [0, 0], cards(board), 5, ["high", "low8"], {2}, weights=[None, [2, 1]]
    )
    assert result.exact and result.deals == 2 * 40 and result.weight == weight == 3 * 40
    assert fractions(result) == expected
    assert result.players[1].hand == "As 2s 9c 9d, 0.5(7h 6h 4c 4d)"
    alone = [
        game_equity([hero, h], board, rules="omaha_hi_lo").players[0].equity for h in ("As 2s 9c 9d", "7h 6h 4c 4d")
    ]
    assert result.players[0].equity == pytest.approx((2 * alone[0] + alone[1]) / 3)


def test_two_lists_cross_every_pair_that_shares_no_card():
    board = "Th 8d 2c 3s"
    players = ["Ah Kh Qd Jd, As Ks Qc Jc", "9s 9c 8s 7c, 0.5(Ah Ad 5c 4c)", "Kd Kc 6h 6d"]
    result = game_equity(players, board, rules="omaha")
    lists = [[cards("Ah Kh Qd Jd"), cards("As Ks Qc Jc")], [cards("9s 9c 8s 7c"), cards("Ah Ad 5c 4c")]]
    expected, weight = brute_game_equity(
        [lists[0], lists[1], cards("Kd Kc 6h 6d")],
        [0, 0, 0],
        cards(board),
        5,
        ["high"],
        {2},
        weights=[[1, 1], [2, 1], None],
    )
    # Ah Kh Qd Jd and Ah Ad 5c 4c share the Ah: three pairs of holdings, 36 rivers each
    assert result.exact and result.deals == 3 * 36 and result.weight == weight
    assert fractions(result) == expected


def test_samples_of_random_seats_and_lists_are_within_four_standard_errors(two_card_omaha):
    players, board = ["Ah 4h", "random", "Kd Kc, 0.5(7c 6c)"], "2c 5d 8h"
    exact = game_equity(players, board, rules=two_card_omaha)
    assert exact.exact
    runs = [game_equity(players, board, rules=two_card_omaha, trials=30_000, seed=11, threads=t) for t in (1, 2)]
    assert [p.shares for p in runs[0].players] == [p.shares for p in runs[1].players]
    for e, s in zip(exact.players, runs[0].players):
        assert abs(e.equity - s.equity) <= 4 * s.stderr
        assert abs(e.pots["low"] - s.pots["low"]) < 0.02


def test_a_target_standard_error_stops_the_sample_when_reached():
    """A lopsided river (the first player holds ace high): its spread is far below a coin's, so the
    sample stops long before the trials a coin's spread needs."""
    river = "Th 8d 2c 3s 5h"
    result = game_equity(["Ah Kh Qd Jd", "random"], river, rules="omaha", target_stderr=0.002, seed=2)
    assert not result.exact and result.seed == 2
    assert max(p.stderr for p in result.players) <= 0.002 and result.deals < 0.25 / 0.002**2 / 2
    exact = game_equity(["Ah Kh Qd Jd", "random"], river, rules="omaha")
    assert abs(exact.players[0].equity - result.players[0].equity) <= 4 * result.players[0].stderr


def test_equity_answers_for_a_game_with_each_pot():
    result = equity(["Ah 3h Kd Qd", ["As", "3s", "9c", "9d"]], board="2c 5d 8h Kc Ks", rules="omaha_hi_lo")
    assert isinstance(result, GameEquity) and [p.equity for p in result.players] == [0.75, 0.25]
    assert result.to_dict()["players"][0]["pots"] == {"high": 0.5, "low": 0.25}
    with pytest.raises(PokerInputError, match="breakdown"):
        equity(["Ah 3h Kd Qd", "random"], rules="omaha", breakdown=True)


def test_a_stud_list_from_fifth_street_is_exact_within_a_minute():
    lines = []
    result = equity(
        ["Ah 2d 3c 4s 5h", "Kh Qd Jc Ts 9h, 8h 8d 8c 7s 6h"], rules="razz", announce=lambda s, line: lines.append(line)
    )
    assert isinstance(result, GameEquity) and result.exact and result.deals == 2 * comb_deals(42, 2, 2)
    assert lines and lines[0].startswith("exact: 1,343,160 deals on ")


def comb_deals(left, first, second):
    from math import comb

    return comb(left, first) * comb(left - first, second)


@pytest.mark.parametrize(
    ("players", "board", "rules", "words"),
    [
        (["Ah Kh Qd Jd", "As Ks Qc Jc, Ts 9s"], "", "omaha", "omaha deals 4 hole cards; player 1 has 2"),
        (["Ah Kh Qd Jd", "Ah Ks Qc Jc, 0.5(Kh 9s 8c 7c)"], "", "omaha", "player 1 .* every holding shares a card"),
        (["Ah Kh Qd Jd", "0(As Ks Qc Jc)"], "", "omaha", "every holding has weight 0"),
        (["Ah Kh Qd Jd", "2(As Ks Qc Jc), Ts 9s 8s 7s"], "", "omaha", "weight must be between 0 and 1"),
        (["Ah Kh Qd Jd", "As Ks Qc Jc,"], "", "omaha", "an empty holding between commas"),
        (["Ah 2d 3c", "Kh Qd Jc, Kd Qc"], "", "razz", "every holding of a list has as many cards"),
        (["Ah Kh Qd Jd", "AKs"], "", "omaha", "AK"),
    ],
)
def test_bad_players_are_one_line(players, board, rules, words):
    with pytest.raises(PokerInputError, match=words):
        game_equity(players, board, rules=rules)


def test_a_hold_em_range_object_is_refused_by_name():
    from pysolver import parse_range

    with pytest.raises(PokerInputError, match="a hold'em range"):
        game_equity(["Ah Kh Qd Jd", parse_range("AA")], rules="omaha")


@pytest.mark.parametrize(("n", "k"), [(20, 5), (52, 3), (30, 6), (9, 9), (12, 1)])
def test_combination_blocks_are_itertools_combinations_in_order(n, k):
    from itertools import combinations

    import numpy as np

    from pysolver.odds._games.draws import combination_blocks

    got = np.concatenate(list(combination_blocks(n, k)))
    assert got.tolist() == [list(c) for c in combinations(range(n), k)]


def test_splits_hand_out_every_arrangement_once():
    from math import factorial

    from pysolver.odds._games.draws import splits

    ways = splits([2, 1, 3])
    assert len(ways) == factorial(6) // (factorial(2) * factorial(1) * factorial(3))
    groups = {tuple(frozenset(row[a:b]) for a, b in ((0, 2), (2, 3), (3, 6))) for row in ways.tolist()}
    assert len(groups) == len(ways)  # no arrangement twice
