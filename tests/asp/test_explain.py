"""Explanations (asp/explain.lp): what decides every showdown, worked out by hand.

Each case below was worked with the cards on the table: the categories, the
tie-break ranks, which element first differs, and what each card plays as.
"""

import json

import pytest

from pysolver import Category, Deal, RuleFileError, Solver, load_rules, solve_showdown
from pysolver.cli import main
from pysolver.core._explanation import Verdict

C = Category


def why(players, board="", rules=None):
    return solve_showdown(players, board, rules=rules, explain=True).explanation


# --- The category decides: every category, on one side or the other.
CATEGORY = [
    (
        ["As Ks", "Qh Qd"],
        "Js Ts 2c 7h 3d",
        (1, 0),
        (C.PAIR, C.HIGH_CARD),
        "Queens beat Ace-King high: pair over high card",
    ),
    (
        ["Ah Kd", "Qc Qs"],
        "As Kc 7d 4h 2s",
        (0, 1),
        (C.TWO_PAIR, C.PAIR),
        "Aces and Kings beat Queens: two pair over pair",
    ),
    (
        ["7c 7d", "Ah Kd"],
        "7h As Kc 4h 2s",
        (0, 1),
        (C.THREE_OF_A_KIND, C.TWO_PAIR),
        "Three Sevens beat Aces and Kings: three of a kind over two pair",
    ),
    (
        ["9c Td", "8h 8d"],
        "8s Jh Qc 2d 3s",
        (0, 1),
        (C.STRAIGHT, C.THREE_OF_A_KIND),
        "A Queen-high straight beats three Eights: straight over three of a kind",
    ),
    (
        ["Ah 3h", "9c Td"],
        "8h Jh Qc 7h 2h",
        (0, 1),
        (C.FLUSH, C.STRAIGHT),
        "An Ace-high flush beats a Queen-high straight: flush over straight",
    ),
    (
        ["Kc Kd", "Ah 9h"],
        "Kh 7h 2h 7c 3s",
        (0, 1),
        (C.FULL_HOUSE, C.FLUSH),
        "Kings full of Sevens beat an Ace-high flush: full house over flush",
    ),
    (
        ["7s 7d", "Kc Kd"],
        "Kh 7h 2h 7c 3s",
        (0, 1),
        (C.FOUR_OF_A_KIND, C.FULL_HOUSE),
        "Four Sevens beat Kings full of Sevens: four of a kind over full house",
    ),
    (
        ["9h Th", "Jc Jd"],
        "Jh Qh Kh Js 2c",
        (0, 1),
        (C.STRAIGHT_FLUSH, C.FOUR_OF_A_KIND),
        "A King-high straight flush beats four Jacks: straight flush over four of a kind",
    ),
    (
        ["Ah Kh", "9h 8h"],
        "Qh Jh Th 2c 3d",
        (0, 1),
        (C.ROYAL_FLUSH, C.STRAIGHT_FLUSH),
        "A royal flush beats a Queen-high straight flush: royal flush over straight flush",
    ),
    (
        ["Ah Kd", "Qh Qd"],
        "",
        (1, 0),
        (C.PAIR, C.HIGH_CARD),
        "Queens beat Ace-King high: pair over high card",
    ),  # before the flop
]


@pytest.mark.parametrize("players, board, order, categories, sentence", CATEGORY)
def test_the_category_decides(players, board, order, categories, sentence):
    explanation = why(players, board)
    verdict = explanation.verdict(0, 1)
    assert verdict == Verdict(order, "category", 0, categories)
    assert explanation.say(verdict) == sentence


# --- A lead decides: the first tie-break rank that differs is one the hand is built of.
LEADS = [
    (["Ac Ad", "Kc Kd"], "2h 5s 8d 9c Js", 0, (12, 11), "both have a pair: the pair decides, Aces over Kings"),
    (["Ah Ad", "Kh Kd"], "Qs Qd 5c 8h 2d", 0, (12, 11), "both have two pair: the high pair decides, Aces over Kings"),
    (
        ["Kc Kd", "Qc Qd"],
        "As Ad 7c 4h 2s",
        1,
        (11, 10),
        "both have two pair, Aces up: the low pair decides, Kings over Queens",
    ),
    (["9h 9s", "5h 5s"], "9c 5d 2h Ks 3c", 0, (7, 3), "both have three of a kind: the trips decide, Nines over Fives"),
    (["Ks 3d", "7s 4d"], "Kc Kd 7h 7c 2s", 0, (11, 5), "both have a full house: the trips decide, Kings over Sevens"),
    (
        ["9c 9d", "8c 8d"],
        "Kc Kd Ks 2h 5c",
        1,
        (7, 6),
        "both have a full house, Kings full: the pair decides, Nines over Eights",
    ),
    (["8h 8s", "3h 3s"], "8c 8d 3c 3d Ah", 0, (6, 1), "both have four of a kind: the quads decide, Eights over Threes"),
    (
        ["Tc Jd", "5h 4s"],
        "6c 7d 8h 9s 2c",
        0,
        (9, 7),
        "both have a straight: the higher run decides, Seven to Jack over Five to Nine",
    ),
    (
        ["9h 2c", "4h 3c"],
        "5h 6h 7h 8h Kc",
        0,
        (7, 6),
        "both have a straight flush: the higher run decides, Five to Nine over Four to Eight",
    ),
    (
        ["5d 6s", "Ah 5c"],
        "2c 3d 4h Kc 9s",
        0,
        (4, 3),
        "both have a straight: the higher run decides, Two to Six over Ace to Five",
    ),  # the wheel
]


@pytest.mark.parametrize("players, board, lead, ranks, sentence", LEADS)
def test_a_lead_decides(players, board, lead, ranks, sentence):
    explanation = why(players, board)
    verdict = explanation.verdict(0, 1)
    assert verdict == Verdict((0, 1), "lead", lead, ranks)
    assert explanation.say(verdict) == sentence


# --- A kicker decides: every lead is equal, the kickers differ from some position on.
KICKERS = [
    (["Ah 3d", "Kh 4d"], "2c 5d 8h 9s Jc", 0, (12, 11), "both have high card: the high card decides, Ace over King"),
    (["Ah Qd", "Ac Jh"], "", 1, (10, 9), "both have Ace high: the first kicker decides, Queen over Jack"),
    (
        ["5d 3h", "4s 3c"],
        "Ac Kd 9h 7s 2c",
        4,
        (3, 2),
        "both have Ace-King-Nine-Seven high: the fourth kicker decides, Five over Four",
    ),
    (
        ["Ah 3d", "Kh 4d"],
        "Qc Qd 9h 5s 2c",
        0,
        (12, 11),
        "both have a pair of Queens: the first kicker decides, Ace over King",
    ),
    (
        ["Kd 7c", "Jh 9c"],
        "Qc Qd As 8h 2c",
        1,
        (11, 9),
        "both have a pair of Queens: the second kicker decides, King over Jack",
    ),
    (
        ["9d 2c", "8h 4s"],
        "Qc Qd As Kh 3c",
        2,
        (7, 6),
        "both have a pair of Queens: the third kicker decides, Nine over Eight",
    ),
    (
        ["Ah Qd", "Ac Jh"],
        "As Kd Kc 9s 9h",
        0,
        (10, 9),
        "both have two pair, Aces and Kings: the kicker decides, Queen over Jack",
    ),
    (
        ["Ah 2d", "Kh 3d"],
        "7c 7d 7h 9s 4c",
        0,
        (12, 11),
        "both have three Sevens: the first kicker decides, Ace over King",
    ),
    (
        ["Ah Kd", "Ac Qd"],
        "7c 7d 7h 2s 3c",
        1,
        (11, 10),
        "both have three Sevens: the second kicker decides, King over Queen",
    ),
    (["Ah 3d", "Kh 4d"], "9c 9d 9h 9s 2c", 0, (12, 11), "both have four Nines: the kicker decides, Ace over King"),
    (["Ah 3c", "Kh 4c"], "Qh 9h 6h 2h 5c", 0, (12, 11), "both have a flush: the top card decides, Ace over King"),
    (
        ["Qh 3c", "Jh 4c"],
        "Ah 9h 6h 2h Kc",
        1,
        (10, 9),
        "both have a flush, Ace high: the second card decides, Queen over Jack",
    ),
    (
        ["Ah 2d", "Kh 3d"],
        "Qc Qd 9h",
        0,
        (12, 11),  # on the flop
        "both have a pair of Queens: the first kicker decides, Ace over King",
    ),
]


@pytest.mark.parametrize("players, board, kicker, ranks, sentence", KICKERS)
def test_a_kicker_decides(players, board, kicker, ranks, sentence):
    explanation = why(players, board)
    verdict = explanation.verdict(0, 1)
    assert verdict == Verdict((0, 1), "kicker", kicker, ranks)
    assert explanation.say(verdict) == sentence


# --- Ties: the board plays for everyone, or they make the same ranks.
def test_the_same_five_ranks():
    explanation = why(["As Kd", "Ac Kh"], "2c 3d 7h 8s 9c")
    assert explanation.verdicts == (Verdict((0, 1), "tie", why="same_ranks"),)
    assert explanation.lines()[0] == (
        "players 0 and 1 tie: both have Ace-King-Nine-Eight-Seven high: the same five ranks"
    )
    assert not any(roles.plays_the_board for roles in explanation.roles)


def test_the_board_plays_a_straight_for_three_players():
    explanation = why(["Ah Ad", "Ac Kh", "2c 2d"], "Ts Js Qd Kc As")
    assert sorted(v.players for v in explanation.verdicts) == [(0, 1), (0, 2), (1, 2)]
    assert all(v.why == "board_plays" for v in explanation.verdicts)
    assert explanation.lines()[0] == "players 0, 1 and 2 tie: the board plays: a straight, Ten to Ace, for all three"
    assert all(roles.plays_the_board for roles in explanation.roles)


def test_the_board_plays_a_flush():
    # Kc Kd and As Ad hold no heart: the board's flush is the best hand of both.
    explanation = why(["Kc Kd", "As Ad"], "2h 5h 8h Th Qh")
    assert explanation.lines()[0] == (
        "players 0 and 1 tie: the board plays: a flush, Queen-Ten-Eight-Five-Two, for both"
    )


def test_a_three_way_split_of_the_same_ranks():
    explanation = why(["As Kd", "Ac Kh", "Ad Ks"], "2c 3d 7h 8s 9c")
    assert explanation.lines()[0] == (
        "players 0, 1 and 2 tie: all three have Ace-King-Nine-Eight-Seven high: the same five ranks"
    )


def test_two_split_the_pot_and_a_third_loses():
    explanation = why(["Qs Qh", "Qc Qd", "As Kd"], "2c 3d 7h 8s 9c")
    assert explanation.lines()[:2] == [
        "players 0 and 1 tie: both have a pair of Queens, Nine-Eight-Seven kickers: the same five ranks",
        "player 0 beats player 2: Queens beat Ace-King high: pair over high card",
    ]
    assert explanation.verdict(1, 2) == Verdict((1, 2), "category", 0, (C.PAIR, C.HIGH_CARD))


def test_a_tie_on_the_flop_is_never_the_board():
    explanation = why(["2c 3d", "2h 3s"], "Ac Kd Qh")
    assert explanation.verdicts == (Verdict((0, 1), "tie", why="same_ranks"),)


# --- What each card plays as, and the cards that do not play.
def roles(explanation, player):
    r = explanation.roles[player]
    return [(str(card), role) for card, role in r.plays], [str(card) for card in r.idle]


def test_roles_of_quads_and_of_high_card():
    explanation = why(["Ah 3d", "Kh 4d"], "9c 9d 9h 9s 2c")
    assert roles(explanation, 0) == (
        [("9s", "quads"), ("9h", "quads"), ("9d", "quads"), ("9c", "quads"), ("Ah", "kicker")],
        ["3d", "2c"],
    )
    explanation = why(["Ah 3d", "Kh 4d"], "2c 5d 8h 9s Jc")
    assert roles(explanation, 1) == (
        [("Kh", "high_card"), ("Jc", "kicker"), ("9s", "kicker"), ("8h", "kicker"), ("5d", "kicker")],
        ["4d", "2c"],
    )


def test_roles_of_a_full_house_from_two_trips():
    # Ks 7s on Kc Kd 7h 7c 2s: the pair comes from the Sevens, the two highest suits.
    explanation = why(["Ks 7s", "2d 3d"], "Kc Kd 7h 7c 2s")
    assert roles(explanation, 0) == (
        [("Ks", "trips"), ("Kd", "trips"), ("Kc", "trips"), ("7s", "pair"), ("7h", "pair")],
        ["7c", "2s"],
    )
    assert str(explanation.roles[0]) == "trips Ks Kd Kc, pair 7s 7h; 7c 2s do not play"


def test_roles_of_two_pair_from_three_pairs():
    # 9h 2c on As Ad Kc Kd 9s: Aces and Kings, and one Nine is the kicker.
    explanation = why(["9h 2c", "3c 4d"], "As Ad Kc Kd 9s")
    assert roles(explanation, 0) == (
        [("As", "high_pair"), ("Ad", "high_pair"), ("Kd", "low_pair"), ("Kc", "low_pair"), ("9s", "kicker")],
        ["9h", "2c"],
    )


def test_roles_of_the_wheel_a_six_card_flush_and_a_royal():
    assert roles(why(["5d 6s", "Ah 5c"], "2c 3d 4h Kc 9s"), 1) == (
        [("5c", "run"), ("4h", "run"), ("3d", "run"), ("2c", "run"), ("Ah", "run")],
        ["Kc", "9s"],
    )
    assert roles(why(["Ah 3h", "9c Td"], "8h Jh Qc 7h 2h"), 0) == (
        [("Ah", "flush"), ("Jh", "flush"), ("8h", "flush"), ("7h", "flush"), ("3h", "flush")],
        ["Qc", "2h"],
    )
    assert {role for _, role in roles(why(["Ah Kh", "9h 8h"], "Qh Jh Th 2c 3d"), 0)[0]} == {"royal_flush"}
    assert {role for _, role in roles(why(["Ah Kh", "9h 8h"], "Qh Jh Th 2c 3d"), 1)[0]} == {"straight_flush"}


# --- Rule variants: their order decides, their straights name the runs.
def test_a_flush_above_a_full_house():
    standard = why(["Kc Kd", "Ah 9h"], "Kh 7h 2h 7c 3s")
    flipped = why(["Kc Kd", "Ah 9h"], "Kh 7h 2h 7c 3s", rules="flush_beats_full_house")
    assert standard.winners == (0,) and flipped.winners == (1,)
    assert flipped.verdict(0, 1) == Verdict((1, 0), "category", 0, (C.FLUSH, C.FULL_HOUSE))
    assert flipped.reasons()[0][1] == "An Ace-high flush beats Kings full of Sevens: flush over full house"


def test_the_short_deck_orders_and_names():
    deal = (["Ah 6c", "Qs Qd"], "7h 8d 9s Qc Ks")
    assert (
        why(*deal, rules="short_deck").reasons()[0][1]
        == "Three Queens beat a Nine-high straight: three of a kind over straight"
    )
    assert (
        why(*deal, rules="short_deck_straight_beats_trips").reasons()[0][1]
        == "A Nine-high straight beats three Queens: straight over three of a kind"
    )
    assert (
        why(["Ah 6c", "Tc 6d"], "7h 8d 9s Kc Kh", rules="short_deck").reasons()[0][1]
        == "both have a straight: the higher run decides, Six to Ten over Ace to Nine"
    )


def test_an_added_straight_is_named_by_its_run():
    wrap = load_rules("standard", add=["examples/wraparound.lp"])
    explanation = why(["Kc Ad", "9d 9s"], "2h 3s 4d 9c 8h", rules=wrap)
    assert explanation.reasons()[0][1] == "A Four-high straight beats three Nines: straight over three of a kind"
    # Kc 4h makes K-A-2-3-4, Qc Kd makes Q-K-A-2-3 on Ah 2c 3d 9s 9c: both wrap around.
    explanation = why(["Kc 4h", "Qc Kd"], "Ah 2c 3d 9s 9c", rules=wrap)
    assert explanation.verdict(0, 1) == Verdict((0, 1), "lead", 0, (2, 1))
    assert (
        explanation.reasons()[0][1] == "both have a straight: the higher run decides, King to Four over Queen to Three"
    )


# --- Results, JSON, the command line, and what is loaded when.
def test_every_street_and_a_batch_explain():
    solver = Solver(explain=True)
    flop, turn, river = solver.solve_streets(Deal.parse(["Ah Kh", "Qc Qd"], "Qh 7h 2c Jh Th"))
    assert [s.explanation.reasons()[0][1] for s in (flop, turn, river)] == [
        "Three Queens beat Ace-King high: three of a kind over high card",
        "An Ace-high flush beats three Queens: flush over three of a kind",
        "A royal flush beats three Queens: royal flush over three of a kind",
    ]
    deals = [Deal.parse(p, b) for p, b, *_ in CATEGORY] * 2
    assert [r.explanation for r in Solver(explain=True, chunk_size=7).solve_batch(deals)] == [
        solve_showdown(d.players, d.board, explain=True).explanation for d in deals
    ]


def test_a_plain_solve_does_not_explain():
    result = solve_showdown(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d")
    assert result.explanation is None and "explanation" not in result.to_dict()
    assert "beats" not in str(result)


def test_json_and_text(capsys):
    assert main(["showdown", "As Ks", "Qh Qd", "7c 7d", "--board", "Js Ts 2c 7h 3d", "--explain", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["explanation"]
    assert data["reasons"] == [
        "Three Sevens beat Ace-King high: three of a kind over high card",
        "Three Sevens beat Queens: three of a kind over pair",
    ]
    assert {tuple(p["players"]) for p in data["pairs"]} == {(1, 0), (2, 0), (2, 1)}
    assert {
        "players": [1, 0],
        "outcome": "win",
        "decided_by": "category",
        "categories": ["pair", "high_card"],
        "sentence": "Queens beat Ace-King high: pair over high card",
    } in data["pairs"]
    assert data["players"][2] == {
        "player": 2,
        "plays": [
            {"card": "7h", "role": "trips"},
            {"card": "7d", "role": "trips"},
            {"card": "7c", "role": "trips"},
            {"card": "Js", "role": "kicker"},
            {"card": "Ts", "role": "kicker"},
        ],
        "does_not_play": ["3d", "2c"],
        "plays_the_board": False,
    }
    assert main(["showdown", "Ah Kd", "Ac Kh", "--board", "Ts Js Qd 2c 3h", "--explain"]) == 0
    assert capsys.readouterr().out.splitlines()[4:] == [
        "players 0 and 1 tie: both have a straight, Ten to Ace: the same five ranks",
        "player 0 plays straight Ah Kd Qd Js Ts; 3h 2c do not play",
        "player 1 plays straight Ac Kh Qd Js Ts; 3h 2c do not play",
    ]


RIVER_HEADS_UP = Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d")
RIVER_NINE = Deal.parse(
    ["Jc 3d", "Th 9h", "Jd 4c", "8c 6c", "Jh 5d", "Ts 8s", "9d 6d", "5h 4h", "6h 3c"], "As Ks Qd 7h 2c"
)


def test_explaining_grounds_more_only_when_asked():
    # measured: heads-up 266 atoms plain, 344 explained; nine-handed 516 and 975 (the rule book's
    # tables that only other tables read are solved once, not given to each program)
    for deal, most in ((RIVER_HEADS_UP, 440), (RIVER_NINE, 1130)):
        plain, explained = Solver().ground_size([deal]).atoms, Solver(explain=True).ground_size([deal]).atoms
        assert plain < explained <= most


def test_a_rule_file_that_breaks_the_reasons_is_an_error(tmp_path):
    extra = tmp_path / "second_reason.lp"
    extra.write_text("beats_on(G, P, Q, category, high_card, high_card) :- player(G, P), player(G, Q), P != Q.\n")
    with pytest.raises(RuleFileError, match="every two players once"):
        Solver(add=[extra], explain=True).solve(RIVER_HEADS_UP)
    assert Solver(add=[extra]).solve(RIVER_HEADS_UP).winners == (1,)  # unexplained, the file changes nothing
