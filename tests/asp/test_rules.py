"""Rule variants: the shipped files, the rules' contract, and the engines following the rules.

Counts are checked against a ranking written separately in tests/helpers/variant_brute.py
and against hand-worked showdowns.
"""

import json
import re
from collections import Counter
from itertools import combinations
from math import comb

import numpy as np
import pytest

from pysolver import Category, Deal, InvalidCardError, PlayerCountError, RuleFileError, Solver, load_rules
from pysolver.asp._whatif import runouts
from pysolver.cli import main
from pysolver.core._rules import VARIANTS, rules_fingerprint, variant_path
from pysolver.crossval._modes import crossval_equity, crossval_random, exhaustive_chunk
from pysolver.evaluator._game_tables import n_values
from pysolver.evaluator._lookup import best_five, categories, describe_value, evaluate, evaluate_batch
from pysolver.evaluator._shipped_tables import load_shipped_tables
from pysolver.evaluator._variants import build_variant_tables, cache_path, variant_tables
from pysolver.odds._equity import equity
from pysolver.odds._outs import outs
from tests.helpers.variant_brute import (
    CATEGORIES,
    FLUSH_OVER_FULL_HOUSE,
    SHORT_DECK,
    SHORT_DECK_STRAIGHT_OVER_TRIPS,
    all_hands,
    best_keys,
    classify,
)

SIX = 4  # rank of the six: the short deck's lowest face


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


def standard_text():
    return variant_path("standard").read_text()


# --- the shipped variants --------------------------------------------------------------------


def test_shipped_variants_load():
    decks = {name: len(load_rules(name).deck) for name in VARIANTS}
    assert decks == {
        "standard": 52,
        "short_deck": 36,
        "short_deck_straight_beats_trips": 36,
        "flush_beats_full_house": 52,
        **dict.fromkeys(VARIANTS[4:], 52),
    }
    assert [load_rules(name).game.holdem_shape for name in VARIANTS] == [True] * 4 + [False] * 10


def test_short_deck_straights():
    rules = load_rules("short_deck")
    assert (12, 4, 5, 6, 7) in rules.straights  # A-6-7-8-9, the lowest straight
    assert (12, 0, 1, 2, 3) not in rules.straights  # no A-2-3-4-5
    assert len(rules.straights) == 6 and rules.straights[-1] == (8, 9, 10, 11, 12)


def asp_statements(text: str) -> list[str]:
    """The lines of an ASP file that are not comments (``%`` lines and ``%* ... *%`` blocks)."""
    text = re.sub(r"%\*.*?\*%", "", text, flags=re.S)
    return [line for line in (raw.split("%")[0].strip() for raw in text.splitlines()) if line]


def test_flush_beats_full_house_differs_from_standard_in_two_facts():
    standard = asp_statements(standard_text())
    variant = asp_statements(variant_path("flush_beats_full_house").read_text())
    assert sorted(set(standard) ^ set(variant)) == [
        "category_order(flush, 5).",
        "category_order(flush, 6).",
        "category_order(full_house, 5).",
        "category_order(full_house, 6).",
    ]


# --- every five-card hand of the short deck, against the separate ranking ---------------------


@pytest.mark.heavy
@pytest.mark.parametrize(
    "name, order", [("short_deck", SHORT_DECK), ("short_deck_straight_beats_trips", SHORT_DECK_STRAIGHT_OVER_TRIPS)]
)
def test_short_deck_five_card_hands(name, order):
    hands = all_hands(SIX)
    assert len(hands) == comb(36, 5) == 376_992
    category, key = classify(hands, SIX, order)
    values = evaluate_batch(hands, rules=name)
    # category counts by brute force over the 36 cards, the evaluator's equal to them
    brute = Counter(CATEGORIES[c] for c in category.tolist())
    runs, rank_sets = 6, comb(9, 5) - 6  # A-6-7-8-9 .. T-J-Q-K-A; other 5-rank sets
    assert brute == {
        "high_card": rank_sets * (4**5 - 4),
        "pair": 9 * 6 * comb(8, 3) * 4**3,
        "two_pair": comb(9, 2) * 6 * 6 * 28,
        "three_of_a_kind": 9 * 4 * comb(8, 2) * 16,
        "straight": runs * (4**5 - 4),
        "flush": 4 * rank_sets,
        "full_house": 9 * 4 * 8 * 6,
        "four_of_a_kind": 9 * 32,
        "straight_flush": 4 * (runs - 1),
        "royal_flush": 4,
    }
    assert Counter(Category(c).snake for c in categories(values, name).tolist()) == brute
    # the same order: equal keys equal values, higher keys higher values
    assert (np.unique(key, return_inverse=True)[1] == np.unique(values, return_inverse=True)[1]).all()
    assert len(np.unique(values)) == n_values(name) == 1404


@pytest.mark.heavy
def test_flush_beats_full_house_on_the_full_deck():
    hands = all_hands(0)
    category, key = classify(hands, 0, FLUSH_OVER_FULL_HOUSE)
    values = evaluate_batch(hands, rules="flush_beats_full_house")
    assert (np.unique(key, return_inverse=True)[1] == np.unique(values, return_inverse=True)[1]).all()
    flush, full_house = values[category == 5], values[category == 6]
    assert flush.min() > full_house.max() and len(flush) == 5108 and len(full_house) == 3744


@pytest.mark.parametrize(
    "name, low, order", [("short_deck", SIX, SHORT_DECK), ("flush_beats_full_house", 0, FLUSH_OVER_FULL_HOUSE)]
)
def test_seven_card_hands_are_their_best_five(name, low, order):
    deck = np.arange(4 * low, 52)
    rng = np.random.default_rng(7)
    hands = np.stack([rng.choice(deck, 7, replace=False) for _ in range(20_000)])
    values = evaluate_batch(hands, rules=name)
    keys = best_keys(hands, low, order)
    assert (np.unique(keys, return_inverse=True)[1] == np.unique(values, return_inverse=True)[1]).all()


@pytest.mark.heavy
def test_asp_ranking_of_the_standard_game_is_the_shipped_tables():
    # The evaluator's shipped tables come from the Python reference; clingo ranking the
    # 7,462 classes under variants/standard.lp must give exactly the same tables.
    built, shipped = build_variant_tables(load_rules("standard")), load_shipped_tables()
    assert set(built) == set(shipped)
    for name in shipped:
        assert np.array_equal(built[name], shipped[name]), name


def test_variant_tables_are_cached_on_disk(tmp_path, monkeypatch):
    monkeypatch.setenv("PYSOLVER_CACHE", str(tmp_path))
    rules = load_rules("short_deck_straight_beats_trips")
    variant_tables.cache_clear()
    first = variant_tables(rules)
    path = cache_path(rules)
    assert path.parent == tmp_path and path.exists()
    variant_tables.cache_clear()
    again = variant_tables(rules)  # read back from the file
    assert all(np.array_equal(first[k], again[k]) for k in first)


# --- showdowns worked by hand --------------------------------------------------------------------


def test_short_deck_showdowns():
    deal = Deal.parse(["Ah 6c", "Qs Qd"], "7h 8d 9s Qc Ks")  # A-6-7-8-9 against trip queens
    triton = Solver("short_deck").solve(deal)
    assert [p.category for p in triton.players] == [Category.STRAIGHT, Category.THREE_OF_A_KIND]
    assert triton.players[0].description == "Straight, Nine high"
    assert [str(c) for c in triton.players[0].best_five] == ["9s", "8d", "7h", "6c", "Ah"]
    assert triton.winners == (1,)  # three of a kind beats a straight
    assert Solver("short_deck_straight_beats_trips").solve(deal).winners == (0,)
    assert Solver().solve(deal).winners == (1,)  # standard: A-6-7-8-9 is no straight
    assert Solver().solve(deal).players[0].category is Category.HIGH_CARD


@pytest.mark.parametrize("name", ["short_deck", "flush_beats_full_house"])
def test_flush_beats_full_house(name):
    deal = Deal.parse(["Ah 7h", "Kc Kd"], "Kh 9h 8h 8c Ts")  # ace-high flush against kings full
    result = Solver(name).solve(deal)
    assert [p.category for p in result.players] == [Category.FLUSH, Category.FULL_HOUSE]
    assert result.winners == (0,)
    assert Solver().solve(deal).winners == (1,)
    flush, full = (evaluate(list(h.hole) + list(deal.board), name) for h in result.players)
    assert flush > full and describe_value(full, name) == "Full house, Kings full of Eights"


def test_short_deck_rejects_cards_outside_its_deck():
    with pytest.raises(InvalidCardError, match="card '5c' is not in the short_deck deck"):
        Solver("short_deck").solve(Deal.parse(["Ah 5c", "Qs Qd"], "7h 8d 9s Qc Ks"))
    good = Deal.parse(["Ah 6c", "Qs Qd"], "7h 8d 9s Qc Ks")
    with pytest.raises(InvalidCardError, match="card '5c' is not in the short_deck deck"):
        Solver("short_deck", chunk_size=1, workers=2).solve_batch(
            [good, Deal.parse(["Ah 5c", "Qs Qd"], "7h 8d 9s Qc Ks")]
        )
    with pytest.raises(InvalidCardError, match="card '2d' is not in the short_deck deck"):
        evaluate_batch(np.array([[1, 51, 47, 43, 39]]), rules="short_deck")
    with pytest.raises(InvalidCardError, match="'4h'"):
        equity(["AhKh", "4h4s"], rules="short_deck")


def test_short_deck_player_limit():
    # 36 cards: 15 players take 30, with a 5-card board 35; 16 players do not fit
    deck = [str(c) for c in load_rules("short_deck").deck]
    holes = [f"{deck[2 * i]} {deck[2 * i + 1]}" for i in range(16)]
    with pytest.raises(PlayerCountError, match="16 players: the 36-card short_deck deck deals at most 15"):
        Solver("short_deck").solve(Deal.parse(holes))
    assert len(Solver("short_deck").solve(Deal.parse(holes[:15])).players) == 15


def test_evaluator_best_five_plays_the_ace_low():
    assert [str(c) for c in best_five("Ah 6c 7d 8s 9h Kc Kd", "short_deck")] == ["9h", "8s", "7d", "6c", "Ah"]


# --- odds under a variant, against brute force ---------------------------------------------------


def brute_counts(holes, board, low, order):
    """Win/tie/loss counts of each player over every runout from the deck of ranks low..12."""
    known = {c for h in holes for c in h} | set(board)
    unseen = [c for c in range(4 * low, 52) if c not in known]
    runouts = np.array(list(combinations(unseen, 5 - len(board))), dtype=np.int64)
    keys = np.stack(
        [
            best_keys(np.concatenate([np.tile(list(h) + list(board), (len(runouts), 1)), runouts], axis=1), low, order)
            for h in holes
        ]
    )
    best = keys.max(axis=0)
    winners = (keys == best).sum(axis=0)
    wins = ((keys == best) & (winners == 1)).sum(axis=1)
    ties = ((keys == best) & (winners > 1)).sum(axis=1)
    return [[int(w), int(t), len(runouts) - int(w) - int(t)] for w, t in zip(wins, ties)]


@pytest.mark.parametrize(
    "holes, board",
    [
        (["Ah Kh", "Qs Qd"], "Jh Th 6c"),  # flop, heads-up: 406 runouts
        (["As 9s", "Kc Kd", "7h 8h"], "6s Js Kh Ts"),  # turn, three-way
        (["Ac Ad", "Tc 9c"], "Jc 8d 6h"),
    ],
)
def test_short_deck_equity_against_brute_force(holes, board):
    from pysolver.core._cards import parse_board, parse_hole

    hole_index = [[c.index for c in parse_hole(h)] for h in holes]
    board_index = [c.index for c in parse_board(board)]
    expected = brute_counts(hole_index, board_index, SIX, SHORT_DECK)
    result = equity(holes, board=board, rules="short_deck")
    assert result.exact and result.deals == comb(36 - 2 * len(holes) - len(board_index), 5 - len(board_index))
    assert [[p.wins, p.ties, p.losses] for p in result.players] == expected


def test_short_deck_preflop_monte_carlo_within_four_standard_errors():
    exact = equity(["Ah Kh", "Qs Qd"], rules="short_deck")
    assert exact.exact and exact.deals == comb(32, 5)
    sampled = equity(["Ah Kh", "Qs Qd"], rules="short_deck", exact=False, trials=200_000, seed=5)
    for e, s in zip(exact.players, sampled.players):
        assert abs(e.equity - s.equity) <= 4 * s.stderr


def test_short_deck_outs_and_runouts_agree():
    # In short deck three of a kind beats a straight: the Qc that makes A-K-Q-J-T also
    # gives Qh Qd trips, so it is no out for As Ks (it would be in the standard game).
    table = outs(["As Ks", "Qh Qd"], "Js Ts 6c", rules="short_deck")
    mine = [str(o.card) for o in table.outs(0)]
    assert "Qc" not in mine and "Qs" in mine and len(table.outcomes) == 29
    assert "Qc" in [str(o.card) for o in outs(["As Ks", "Qh Qd"], "Js Ts 6c").outs(0)]
    report = runouts(["As Ks", "Qh Qd"], "Js Ts 6c", rules="short_deck")
    assert len(report.runouts) == comb(29, 2)
    assert sorted(str(o.cards[0]) for o in report.outs if o.player == 0) == sorted(mine)
    counts = equity(["As Ks", "Qh Qd"], board="Js Ts 6c", rules="short_deck").players
    assert [report.wins[0], report.ties[0], report.losses[0]] == [counts[0].wins, counts[0].ties, counts[0].losses]


# --- cross-validation per variant ----------------------------------------------------------------


@pytest.mark.heavy
def test_crossval_short_deck():
    report = crossval_random(1500, players=3, cards=7, seed=11, rules="short_deck")
    assert report.ok, report.mismatches[:3]
    assert report.categories["straight_flush"] > 0 and report.categories["four_of_a_kind"] > 0
    part = exhaustive_chunk(0, 40, rules="short_deck")
    assert part.mismatches == [] and part.hands > 5000
    assert crossval_equity(1, seed=3, rules="short_deck").ok


# --- your own rules file -----------------------------------------------------------------------


@pytest.mark.heavy
def test_a_users_rules_file_flows_through_to_the_evaluator(tmp_path):
    # A straight above a flush: seven cards with a flush and a (non-flush) straight play the straight.
    text = (
        standard_text()
        .replace("category_order(straight, 4).", "category_order(straight, 5).")
        .replace("category_order(flush, 5).", "category_order(flush, 4).")
    )
    path = write(tmp_path, "straights_first.lp", text)
    deal = Deal.parse(["Ah Th", "Kd Kc"], "Jh Qc Kh 2h 9s")  # A-K-Q-J-T straight and a heart flush
    asp = Solver(path).solve(deal)
    assert asp.players[0].category is Category.STRAIGHT and asp.winners == (0,)
    cards = [c.index for c in deal.players[0] + deal.board]
    value = evaluate(cards, path)
    assert Category(categories(np.array([value]), path)[0]) is Category.STRAIGHT
    report = crossval_random(500, players=2, seed=2, rules=path)
    assert report.ok and report.to_dict()["rules"] == f"{path} {rules_fingerprint([text])}"  # the book checked


@pytest.mark.heavy
def test_added_files_flow_through_to_the_evaluator(tmp_path):
    wrap = write(
        tmp_path, "wrap.lp", "straight(four, 1, king; four, 2, ace; four, 3, two; four, 4, three; four, 5, four).\n"
    )
    rules = load_rules("standard", add=[wrap])
    # K-A-2-3-4 turns from ace-high (offsuit) and a flush (suited) into a straight and a
    # straight flush, four high: two classes change, none is added.
    assert not rules.is_standard and n_values(rules) == 7462
    four_high = evaluate("Kc Ad 2h 3s 4d", rules)
    assert describe_value(four_high, rules) == "Straight, Four high"
    assert evaluate("Ac 2d 3h 4s 5d", rules) > four_high > evaluate("Kc Kd Ks 4d 2c", rules)
    assert describe_value(evaluate("Kh Ah 2h 3h 4h", rules), rules) == "Straight flush, Four high"
    assert Solver(rules).solve(Deal.parse(["Kc Ad", "9d 9s"], "2h 3s 4d 9c 8h")).winners == (0,)


@pytest.mark.parametrize(
    "edit, message",
    [
        (
            lambda t: t.replace("category_order(royal_flush, 9).\n", ""),
            "the category order is incomplete: no category_order for royal_flush",
        ),
        (
            lambda t: t.replace("category_order(flush, 5).", "category_order(flush, 6)."),
            "the category order is not strict: flush and full_house share place 6",
        ),
        (lambda t: t + "category_order(flush, 7).\n", "flush has 2 places in the category order"),
        (lambda t: t + "category_order(bonus, 10).\n", "category_order names 'bonus', not a hand category"),
        (
            lambda t: t.replace("category_order(high_card, 0).", "category_order(high_card, 11)."),
            "flush is ordered below high_card",
        ),
        (
            lambda t: t.replace("face(two; three;", "face(three;"),
            "the straight with top five (ace-two-three-four-five): face two is not in the deck",
        ),
        (
            lambda t: t.replace("five, 5, five)", "five, 4, five)"),
            "the straight with top five needs exactly one face at each position 1..5",
        ),
        (lambda t: t.replace("face(two;", "face(one; two;"), "face 'one' is not a card face"),
        (lambda t: "% nothing\n", "no face/1 facts"),
        (lambda t: t.replace("royal(ace).", "royal(ace"), "syntax error"),
    ],
)
def test_broken_rules_files(tmp_path, edit, message):
    path = write(tmp_path, "mine.lp", edit(standard_text()))
    with pytest.raises(RuleFileError, match=message.replace("(", r"\(").replace(")", r"\)")) as error:
        Solver(path)
    assert str(path) in str(error.value)


def test_rules_of_the_wrong_type():
    with pytest.raises(RuleFileError, match=r"rules \['short_deck'\]: expected a variant's name"):
        Solver(["short_deck"])


def test_command_line_rules(tmp_path, capsys):
    assert main(["equity", "AhKh", "QsQd", "--rules", "short_deck", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rules"] == "short_deck" and data["deals"] == comb(32, 5)
    assert (
        main(
            [
                "showdown",
                "Ah 6c",
                "Qs Qd",
                "--board",
                "7h 8d 9s Qc Ks",
                "--rules",
                "short_deck_straight_beats_trips",
                "--json",
            ]
        )
        == 0
    )
    assert json.loads(capsys.readouterr().out)["winners"] == [0]
    broken = write(tmp_path, "broken.lp", standard_text().replace("category_order(pair, 1).\n", ""))
    for command in (
        ["showdown", "As Ks", "Qh Qd"],
        ["equity", "AsKs", "QhQd"],
        ["strength", "AsKs", "--board", "2c 3d 4h"],
        ["outs", "AsKs", "QhQd", "--board", "2c 3d 4h"],
        ["runouts", "AsKs", "QhQd", "--board", "2c 3d 4h"],
        ["crossval", "--random", "10"],
    ):
        assert main(command + ["--rules", str(broken)]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1
        assert err.startswith(f"pysolver: error: rules file '{broken}': the category order is incomplete")


def test_rules_command(capsys):
    assert main(["rules", "--json"]) == 0
    assert list(json.loads(capsys.readouterr().out)["variants"]) == list(VARIANTS)
    assert main(["rules", "--rules", "short_deck", "--json"]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert facts["deck"] == 36 and facts["faces"] == "6789TJQKA" and facts["hand_classes"] == 1404
    assert facts["straights"][0] == "A6789" and len(facts["straights"]) == 6
    assert facts["category_order"][3:5] == ["flush", "full_house"]
    assert main(["rules", "--rules", "short_deck"]) == 0
    assert (
        "category order, best first: royal_flush > straight_flush > four_of_a_kind > flush" in capsys.readouterr().out
    )
