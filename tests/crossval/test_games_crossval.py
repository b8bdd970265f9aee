"""Both engines agree on every game: random deals of each shipped game and of rule books of one's own."""

import json
from math import comb

import pytest

from pysolver import VARIANTS, load_rules
from pysolver.cli import main
from pysolver.crossval import crossval_exhaustive, crossval_random
from tests.helpers.rule_books import own_rule_book

GAMES = [name for name in VARIANTS if not load_rules(name).game.holdem_shape]


def test_every_game_is_shipped():
    assert GAMES == [
        "holdem_hi_lo",
        "omaha",
        "omaha5",
        "omaha_hi_lo",
        "big_o",
        "stud",
        "stud_hi_lo",
        "razz",
        "deuce_to_seven",
        "ace_to_five",
    ]


@pytest.mark.parametrize("game", GAMES)
def test_the_engines_agree_on_random_deals(game):
    report = crossval_random(60, players=3, seed=11, rules=game)
    assert report.ok, report.mismatches[:3]
    assert report.showdowns == 60 and report.hands == 180
    pots = load_rules(game).game.pots
    assert {key.split(":")[0] for key in report.categories} == set(pots)


@pytest.mark.heavy
@pytest.mark.parametrize("game", GAMES)
def test_the_engines_agree_on_many_deals_of_every_table_size(game):
    rules = load_rules(game)
    most = (len(rules.deck) - rules.game.board_cards) // rules.game.hole_cards
    for players, deals in ((2, 600), (min(4, most), 200), (most, 40)):
        report = crossval_random(deals, players=players, seed=players, rules=game)
        assert report.ok, (players, report.mismatches[:3])


@pytest.mark.parametrize(
    ("base", "changes"),
    [
        ("omaha", [("hole_cards_used(2, 2).", "hole_cards_used(1, 3).")]),
        ("omaha_hi_lo", [("low_qualifier(eight).", "low_qualifier(nine).")]),
        ("stud_hi_lo", [("low_scale(ace_to_five).", "low_scale(deuce_to_seven).")]),
        ("razz", [("hole_cards(7).", "hole_cards(6).")]),
        ("short_deck", [("hole_cards(2).", "hole_cards(4)."), ("hole_cards_used(0, 2).", "hole_cards_used(2, 2).")]),
    ],
)
def test_a_rule_book_of_ones_own_flows_through_both_engines(tmp_path, base, changes):
    path = own_rule_book(tmp_path, base, *changes)
    report = crossval_random(60, players=3, seed=5, rules=path)
    assert report.ok, report.mismatches[:3]
    assert report.showdowns == 60


def test_short_deck_omaha_hi_lo_has_one_low(tmp_path):
    """Six through ace: the only five different ranks nine or lower are 9-8-7-6-A."""
    path = own_rule_book(
        tmp_path,
        "short_deck",
        ("hole_cards(2).", "hole_cards(4)."),
        ("hole_cards_used(0, 2).", "hole_cards_used(2, 2)."),
        ("pot(high).", "pot(high; low). low_scale(ace_to_five). low_qualifier(nine)."),
    )
    report = crossval_random(200, players=2, seed=2, rules=path)
    assert report.ok, report.mismatches[:3]
    lows = {key for key in report.categories if key.startswith("low:")}
    assert lows <= {"low:high_card", "low:none"} and report.categories["low:none"] > 0


def test_the_command_line_checks_a_game(capsys):
    assert main(["crossval", "--random", "40", "--rules", "big_o", "--players", "3", "--seed", "1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and data["showdowns"] == 40 and data["rules"].startswith("big_o")


@pytest.mark.parametrize("mode", [["--streets", "5"], ["--equity", "1"], ["--exhaustive", "7"], ["--explain", "5"]])
def test_hold_em_modes_refuse_a_game(capsys, mode):
    assert main(["crossval", *mode, "--rules", "razz"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is for hold'em rule books: check razz with crossval --random N" in err


# --- Every five-card hand of the five-card games ----------------------------------------------

HANDS = comb(52, 5)
NO_PAIR = comb(13, 5) * 4**5  # five different ranks, any suits
PAIRED = {  # the published counts of the hands with a rank twice or more
    "pair": 1_098_240,
    "two_pair": 123_552,
    "three_of_a_kind": 54_912,
    "full_house": 3_744,
    "four_of_a_kind": 624,
}


@pytest.mark.heavy
def test_every_ace_to_five_hand():
    report = crossval_exhaustive(cards=5, rules="ace_to_five")
    assert report.ok and report.hands == HANDS
    assert report.categories == {"low:high_card": NO_PAIR, **{f"low:{k}": n for k, n in PAIRED.items()}}


@pytest.mark.heavy
def test_every_deuce_to_seven_hand():
    report = crossval_exhaustive(cards=5, rules="deuce_to_seven")
    assert report.ok and report.hands == HANDS
    straights = 9  # 6-high to ace-high: A-2-3-4-5 is no straight
    expected = {
        "low:royal_flush": 4,
        "low:straight_flush": (straights - 1) * 4,
        "low:straight": straights * (4**5 - 4),
        "low:flush": (comb(13, 5) - straights) * 4,
        "low:high_card": (comb(13, 5) - straights) * (4**5 - 4),
        **{f"low:{k}": n for k, n in PAIRED.items()},
    }
    assert report.categories == expected


@pytest.mark.heavy
def test_every_hand_of_a_five_card_hi_lo_of_ones_own(tmp_path):
    path = own_rule_book(
        tmp_path,
        "ace_to_five",
        ("pot(low).", "pot(high; low)."),
        ("low_scale(ace_to_five).", "low_scale(ace_to_five). low_qualifier(eight)."),
    )
    report = crossval_exhaustive(cards=5, rules=path)
    assert report.ok and report.hands == HANDS
    assert report.categories["high:straight"] == 10 * (4**5 - 4)  # the published counts, the high as usual
    assert report.categories["high:flush"] == (comb(13, 5) - 10) * 4
    lows = comb(8, 5) * 4**5  # five different ranks ace to eight, any suits: the 56 lows
    assert report.categories["low:high_card"] == lows and report.categories["low:none"] == HANDS - lows


def test_a_game_of_other_deals_is_not_a_five_card_game(capsys):
    assert main(["crossval", "--exhaustive", "5", "--rules", "omaha"]) == 2
    assert "takes a five-card game" in capsys.readouterr().err
