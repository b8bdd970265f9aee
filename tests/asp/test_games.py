"""Games declared by rule books: showdowns worked by hand, the shares of split pots, bad input."""

from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest

from pysolver import CardCountError, Category, PlayerCountError, RuleFileError, load_rules, solve_showdown
from pysolver.asp import Solver
from pysolver.core import Deal
from pysolver.crossval._games import _deals, deal_game
from pysolver.evaluator import category, evaluate
from tests.helpers.rule_books import own_rule_book


def descriptions(result, pot=0):
    return [None if hand is None else hand.description for hand in result.pots[pot].hands]


# --- Omaha: exactly two hole cards and three board cards ------------------------------------------


def test_omaha_four_hearts_on_board_and_one_in_hand_is_no_flush():
    result = solve_showdown(["Ah 7c 7d 3s", "Kd Qs 4c 4d"], "2h 5h 8h Jh Kc", rules="omaha")
    assert descriptions(result) == [
        "Pair of Sevens, King-Jack-Eight kickers",
        "Pair of Kings, Queen-Jack-Eight kickers",
    ]
    assert result.winners == (1,)


def test_omaha_the_board_never_plays_alone():
    result = solve_showdown(["2d 3d 4s 5s", "6c 6d 7h 7s"], "Ac Kc Qc Jc Tc", rules="omaha")
    assert descriptions(result) == ["High card, Ace-King-Queen-Five-Four", "Pair of Sevens, Ace-King-Queen kickers"]


def test_omaha_three_aces_in_the_hand_make_trips_not_quads():
    result = solve_showdown(["As Ad Ah 2c", "Kd Kh 3c 4c"], "Ac 7d 8h 9s Ks", rules="omaha")
    assert result.players[0].category is Category.THREE_OF_A_KIND
    assert result.players[0].description == "Three of a kind, Aces, King-Nine kickers"
    assert sum(card in result.players[0].best_five for card in result.deal.players[0]) == 2


def test_every_best_five_takes_exactly_two_hole_cards():
    deal = Deal.parse(["As Ks Qd 2c", "7h 7d 3c 4d", "Ah 2h 3s Kd"], "5c 6s 8h Jd 2d", hole_cards=4)
    result = Solver("omaha_hi_lo").solve(deal)
    for pot in result.pots:
        for p, hand in enumerate(pot.hands):
            if hand is not None:
                assert len(set(hand.best_five) & set(deal.players[p])) == 2
                assert len(set(hand.best_five) & set(deal.board)) == 3


# --- Hi-lo: each pot on its own, quarters, no low -------------------------------------------------


def test_omaha_hi_lo_two_tied_lows_quarter_the_pot():
    # high: Kd and Ah with Kc Ks 8h are trips; the other's nines make two pair; the lows tie at 8-5-3-2-A
    result = solve_showdown(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc Ks", rules="omaha_hi_lo")
    assert descriptions(result, 0) == [
        "Three of a kind, Kings, Ace-Eight kickers",
        "Two pair, Kings and Nines, Eight kicker",
    ]
    assert descriptions(result, 1) == ["8-5-3-2-A low", "8-5-3-2-A low"]
    assert result.pots[0].winners == (0,) and result.pots[1].winners == (0, 1)
    assert result.shares == (Fraction(3, 4), Fraction(1, 4))
    assert result.outcome == "split"


def test_no_low_when_the_board_has_two_low_cards():
    result = solve_showdown(["Ah 2h Kd Qd", "As 3s 9c 9d"], "2c 5d Jh Kc Ks", rules="omaha_hi_lo")
    assert descriptions(result, 1) == [None, None] and not result.pots[1].played
    assert result.shares == (Fraction(1), Fraction(0)) and result.outcome == "win"


def test_different_hole_cards_make_the_high_and_the_low():
    result = solve_showdown(["Ah 2h Kc Kd", "9c 9d Ts Js"], "Ks 3c 4d 8h Qc", rules="omaha_hi_lo")
    high, low = result.pots[0].hands[0], result.pots[1].hands[0]
    assert high.description == "Three of a kind, Kings, Queen-Eight kickers"
    assert low.description == "8-4-3-2-A low"
    assert set(high.best_five) & set(result.deal.players[0]) == {c for c in result.deal.players[0] if c.rank == 11}
    assert result.shares == (Fraction(1), Fraction(0))


def test_holdem_hi_lo_one_player_scoops_with_a_wheel():
    result = solve_showdown(["Ah 2d", "Kc Kd"], "3c 4h 5s Ks 9d", rules="holdem_hi_lo")
    assert descriptions(result, 0) == ["Straight, Five high", "Three of a kind, Kings, Nine-Five kickers"]
    assert descriptions(result, 1) == ["5-4-3-2-A low", None]
    assert result.shares == (Fraction(1), Fraction(0)) and result.outcome == "win"


def test_holdem_hi_lo_the_high_and_the_low_to_different_players():
    result = solve_showdown(["Ah 2d", "Kc Kd"], "3c 4h 8s Ks 9d", rules="holdem_hi_lo")
    assert descriptions(result, 1) == ["8-4-3-2-A low", None]
    assert result.pots[0].winners == (1,) and result.shares == (Fraction(1, 2), Fraction(1, 2))


# --- Stud, razz, lowball -------------------------------------------------------------------------


def test_stud_is_any_five_of_seven():
    result = solve_showdown(["As Ks Qs Js 2d 3c 9s", "7h 7d 7c 2c 2h 4d 5d"], rules="stud")
    assert descriptions(result) == ["Flush, Ace-King-Queen-Jack-Nine", "Full house, Sevens full of Twos"]
    assert result.winners == (1,) and result.street == "showdown"


def test_razz_ignores_straights_and_flushes():
    result = solve_showdown(["2h 3h 4h 5h 6h Kc Kd", "Ah 2c 3d 4s 7c Qh Qd"], rules="razz")
    assert descriptions(result) == ["6-5-4-3-2 low", "7-4-3-2-A low"]
    assert result.winners == (0,)


def test_razz_plays_a_paired_low_when_it_must():
    result = solve_showdown(["As Ad Ah Ac 2s 2d 2h", "Ks Kd Kh Kc Qs Qd Qh"], rules="razz")
    assert [h.category for h in result.players] == [Category.FULL_HOUSE, Category.FULL_HOUSE]
    assert result.winners == (0,)  # aces full of twos, the ace low, beats kings full of queens


def test_deuce_to_seven_a_wheel_is_ace_high_and_loses_to_king_high():
    result = solve_showdown(["As 2c 3d 4h 5s", "Kc 9d 7h 4s 2d"], rules="deuce_to_seven")
    assert descriptions(result) == ["A-5-4-3-2 low", "K-9-7-4-2 low"]
    assert result.winners == (1,)


def test_deuce_to_seven_a_flush_counts_against_the_hand():
    result = solve_showdown(["7h 5h 4h 3h 2h", "8c 5d 4s 3c 2d"], rules="deuce_to_seven")
    assert result.players[0].category is Category.FLUSH
    assert result.winners == (1,)


def test_ace_to_five_the_wheel_is_the_best_low():
    result = solve_showdown(["5c 4d 3h 2s As", "6c 4h 3d 2c Ad"], rules="ace_to_five")
    assert descriptions(result) == ["5-4-3-2-A low", "6-4-3-2-A low"] and result.winners == (0,)


# --- A rule book of one's own: the axes combined anew ---------------------------------------------


def own_rules(tmp_path, base, replace):
    return load_rules(own_rule_book(tmp_path, base, *replace))


def test_omaha_with_one_to_three_hole_cards(tmp_path):
    rules = own_rules(tmp_path, "omaha", [("hole_cards_used(2, 2).", "hole_cards_used(1, 3).")])
    assert (rules.game.hole_min, rules.game.hole_max) == (1, 3)
    result = solve_showdown(["Ah Kh Qh 2c", "7c 7d 3c 4d"], "Jh Th 2d 5s 9c", rules=rules)
    assert result.players[0].category is Category.ROYAL_FLUSH  # three hole cards play
    standard = solve_showdown(["Ah Kh Qh 2c", "7c 7d 3c 4d"], "Jh Th 2d 5s 9c", rules="omaha")
    assert standard.players[0].category is not Category.ROYAL_FLUSH


def test_hi_lo_with_a_nine_qualifier(tmp_path):
    rules = own_rules(tmp_path, "omaha_hi_lo", [("low_qualifier(eight).", "low_qualifier(nine).")])
    players, board = ["Ah 2h Kd Qd", "Kc Ks Jc Jd"], "3c 4d 9h Tc Qs"
    assert not solve_showdown(players, board, rules="omaha_hi_lo").pots[1].played
    result = solve_showdown(players, board, rules=rules)
    assert descriptions(result, 1) == ["9-4-3-2-A low", None]
    assert result.shares == (Fraction(1, 2), Fraction(1, 2))


# --- Bad input: one line naming it ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "board", "rules", "error", "message"),
    [
        (
            ["As Ks", "7h 7d 3c 4d"],
            "5c 6s 8h Jd 2d",
            "omaha",
            CardCountError,
            "omaha deals 4 hole cards; player 0 has 2",
        ),
        (
            ["As Ks Qs Js 2d 3c 9s", "7h 7d 7c 2c 2h 4d 5d"],
            "Ah Kd Qh",
            "stud",
            CardCountError,
            "stud has no board; got 3",
        ),
        (
            ["As Ks Qs Js", "7h 7d 7c 2c"],
            "",
            "omaha",
            CardCountError,
            "omaha shows down on a board of 3 or 4 or 5 cards; got 0",
        ),
        (["As Ks Qd 2c", "As 7d 3c 4d"], "5c 6s 8h Jd 2d", "omaha", Exception, "duplicate card 'As'"),
    ],
)
def test_bad_deals_are_named(players, board, rules, error, message):
    with pytest.raises(error, match=message):
        solve_showdown(players, board, rules=rules)


def test_a_deck_deals_a_game_to_so_many_players():
    with pytest.raises(PlayerCountError, match="52-card stud deck deals 7 cards each to at most 7"):
        load_rules("stud").check_players(8)
    load_rules("omaha").check_players(11)  # 44 hole cards and a board of five
    with pytest.raises(PlayerCountError, match="deals 4 cards each to at most 11 beside a 5-card board"):
        load_rules("omaha").check_players(12)


@pytest.mark.parametrize(
    ("replace", "message"),
    [
        (("hole_cards_used(2, 2).", "hole_cards_used(3, 2)."), r"hole_cards_used\(3, 2\): the most is below the least"),
        (("hole_cards_used(2, 2).", "hole_cards_used(2, 5)."), "a five cannot take 5 of 4 hole cards"),
        (("board_cards(5).", "board_cards(2)."), "no five can be formed"),
        (("low_qualifier(eight).", "low_qualifier(one)."), r"low_qualifier\(one\) is not a face of the deck"),
        (("pot(high; low).", "pot(low)."), "with no high pot"),
        (("low_scale(ace_to_five).", ""), r"pot\(low\) needs low_scale/1"),
        (("low_scale(ace_to_five).", "low_scale(seven_to_two)."), "the scales are ace_to_five, deuce_to_seven"),
        (("hole_cards(4).", "hole_cards(4). hole_cards(5)."), "hole_cards is declared 2 times"),
        (("pot(high; low).", "pot(high; low; middle)."), r"pot\(middle\): the pots are high, low"),
        (("hole_cards(4).", "hole_cards(N) :- N = 4."), r"hole_cards/1 is defined by a rule"),
    ],
)
def test_contradicting_axes_are_refused(tmp_path, replace, message):
    with pytest.raises(RuleFileError, match=message):
        own_rules(tmp_path, "omaha_hi_lo", [replace])


def test_a_qualifier_outside_a_short_deck(tmp_path):
    body = Path(load_rules("short_deck").path).read_text()
    body += "\npot(low). low_scale(ace_to_five). low_qualifier(five).\n"
    path = tmp_path / "short_hi_lo.lp"
    path.write_text(body)
    with pytest.raises(RuleFileError, match=r"low_qualifier\(five\) is not a face of the deck"):
        load_rules(str(path))


# --- Why: no low, and the better hand the game does not let the five take ----------------------


def test_no_low_names_the_board_that_holds_too_few_low_ranks():
    result = solve_showdown(["Ah 7c 7d 3s", "Kd Qs 4c 4d"], "2h 5h Jh 9h Kc", rules="omaha_hi_lo", explain=True)
    why = result.explanation
    assert why.no_low == ((0, "board", 2), (1, "board", 2))  # 2h and 5h: two ranks eight or lower
    assert why.lines()[0] == (
        "no low for players 0 and 1: the board holds two different ranks eight or lower, "
        "and a five takes three of its cards"
    )
    assert (0, Category.FLUSH, 1) in why.unformed  # Ah and the board's four hearts: one hole card


def test_no_low_names_the_hand_or_all_the_cards():
    stud = solve_showdown(["As Ks Qd 2c 3d 9d 9h", "7h 7d 3c 4c 5h 6h 8s"], rules="stud_hi_lo", explain=True)
    assert stud.explanation.no_low == ((0, "hand", 3),)  # A, 2, 3
    holdem = solve_showdown(["As Kd", "7h 7d"], "2c 3d 8h Qs 3c", rules="holdem_hi_lo", explain=True)
    assert holdem.explanation.no_low == ((0, "cards", 4), (1, "cards", 4))  # A 2 3 8 and 7 2 3 8
    assert "hand and board hold four different ranks eight or lower in all" in str(holdem)


def test_a_royal_flush_of_three_hole_cards_is_named():
    result = solve_showdown(["Ah Kh Qh 2c", "7c 7d 3c 4d"], "Jh Th 2d 5s 9c", rules="omaha", explain=True)
    assert result.players[0].category is Category.STRAIGHT
    assert result.explanation.unformed == ((0, Category.ROYAL_FLUSH, 3),)
    assert result.to_dict()["explanation"]["unformed"] == [{"player": 0, "category": "royal_flush", "hole_cards": 3}]


def test_every_claimed_better_hand_is_there_and_beats_the_formed_one():
    """Checked by the evaluator: the best five of all the player's cards, any hole cards."""
    rules = load_rules("omaha")
    holes, boards = deal_game(150, 3, 9, rules)
    results = Solver(rules, explain=True).solve_batch(_deals(holes, boards))
    claims = 0
    for deal, result in zip(_deals(holes, boards), results):
        claimed = {p: (c, k) for p, c, k in result.explanation.unformed}
        for p, hole in enumerate(deal.players):
            free = max(combinations(hole + deal.board, 5), key=lambda five: evaluate(list(five)))
            best = category(evaluate(list(free)))
            formed = result.players[p].category
            if best > formed:
                claims += 1
                assert claimed[p][0] is best
                fives = [f for f in combinations(hole + deal.board, 5) if category(evaluate(list(f))) is best]
                assert any(sum(c in hole for c in f) == claimed[p][1] for f in fives)
            else:
                assert p not in claimed
    assert claims > 0


def test_holdem_hi_lo_forms_every_five_so_nothing_is_unformed():
    result = solve_showdown(["Ah Kh", "7c 7d"], "Qh Jh 2h 5s 9c", rules="holdem_hi_lo", explain=True)
    assert result.explanation.unformed == ()


def test_a_notebook_shows_every_pot_and_the_shares():
    result = solve_showdown(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc Ks", rules="omaha_hi_lo")
    html = result._repr_html_()
    assert html.count("<table") == 2 and "8-5-3-2-A low" in html and "Three of a kind, Kings" in html
    assert "shares: player 0 3/4, player 1 1/4" in html
