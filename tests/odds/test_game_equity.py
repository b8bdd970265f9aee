"""Equity in games beyond hold'em, pot by pot, against the ASP solver's showdowns counted here."""

import json
from fractions import Fraction
from itertools import combinations

import pytest

from pysolver import PokerInputError, load_rules, parse_cards, solve_showdown
from pysolver.cli import main
from pysolver.odds import SHARE_UNIT, game_equity


def asp_equity(players, board, rules):
    """Each player's exact share of the whole pot over every river, each showdown solved by clingo."""
    rules = load_rules(rules)
    held = {c for p in players for c in parse_cards(p)} | set(parse_cards(board))
    rest = [c for c in rules.deck if c not in held]
    missing = rules.game.board_cards - len(list(parse_cards(board)))
    totals = [Fraction(0)] * len(players)
    deals = 0
    for run in combinations(rest, missing):
        result = solve_showdown(players, " ".join([board, *map(str, run)]), rules=rules)
        totals = [t + Fraction(s) for t, s in zip(totals, result.shares)]
        deals += 1
    return [t / deals for t in totals], deals


@pytest.mark.parametrize(
    ("game", "players", "board"),
    [
        ("omaha_hi_lo", ["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc"),  # lows tie: quartered
        ("omaha", ["Ah Kh Qd 2c", "7c 7d 3c 4d"], "Jh Th 2d 5s"),
        ("holdem_hi_lo", ["Ah 2h", "Ad 3d", "Kc Ks"], "4c 5d 9h Jc"),
        ("big_o", ["Ah 2h Kd Qd 9s", "As 3s 9c 9d Jc"], "4c 5d 8h Kc"),
    ],
)
def test_turn_equity_is_the_solvers_shares_over_every_river(game, players, board):
    result = game_equity(players, board, rules=game)
    expected, deals = asp_equity(players, board, game)
    assert result.exact and result.deals == deals
    assert [Fraction(p.shares, SHARE_UNIT * deals) for p in result.players] == expected
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
    for p in result.players:
        assert sum(p.pots.values()) == pytest.approx(p.equity)


def test_a_tied_low_is_quartered_and_a_board_without_low_scoops():
    river = game_equity(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc Ks", rules="omaha_hi_lo")
    assert "<td>75.00%</td>" in river._repr_html_() and "<th>low</th>" in river._repr_html_()
    assert [p.equity for p in river.players] == [0.75, 0.25] and river.deals == 1
    assert river.players[0].pots == {"high": 0.5, "low": 0.25} and river.no_low == 0
    dry = game_equity(["Ah 3h Kd Qd", "As 3s 9c 9d"], "Kc Qh Jd 9h", rules="omaha_hi_lo")
    assert dry.no_low == dry.deals == 40  # a river low card leaves two: no low can qualify
    assert all(p.pots["low"] == 0 and p.scoop == pytest.approx(p.equity) for p in dry.players)


def test_monte_carlo_is_within_four_standard_errors_and_the_same_on_any_threads():
    players, board = ["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h"
    exact = game_equity(players, board, rules="omaha_hi_lo")
    sampled = [game_equity(players, board, rules="omaha_hi_lo", trials=40_000, seed=9, threads=t) for t in (1, 2)]
    assert [p.shares for p in sampled[0].players] == [p.shares for p in sampled[1].players]
    assert sampled[0].seed == 9 and not sampled[0].exact
    for e, s in zip(exact.players, sampled[0].players):
        assert abs(e.equity - s.equity) <= 4 * s.stderr


def test_random_players_are_dealt_from_what_is_left():
    result = game_equity(["Ah Ad 2h 3d", "random", "random"], "", rules="omaha_hi_lo", trials=20_000, seed=4)
    assert [p.hand for p in result.players] == ["Ah Ad 2h 3d", "random", "random"]
    assert result.players[0].equity > 1 / 3 and sum(p.equity for p in result.players) == pytest.approx(1.0)
    assert game_equity(["Ah Ad 2h 3d", "random"], "", rules="omaha", trials=5_000, seed=4).seed == 4


@pytest.mark.parametrize(
    ("players", "board", "rules", "words"),
    [
        (["Ah Kh", "Qs Qd Jc Tc"], "", "omaha", "omaha deals 4 hole cards"),
        (["Ah Kh Qd Jd", "Ah Qs Jc Tc"], "", "omaha", "duplicate card .Ah."),
        (["Ah Kh Qd Jd", "Qs Js Tc 9c"], "2c 3c 4c 5c 6c 7c", "omaha", "board of 6 cards"),
        (["Ah Kh Qd Jd 2c 3c 4c", "random"], "2d", "razz", "board of 1 cards: razz deals 0"),
        (["Ah Kh Qd Jd", "random"], "", "omaha", "exact count of .* deals in omaha would take about"),
    ],
)
def test_bad_input_is_one_line(players, board, rules, words):
    exact = True if "exact" in words else None
    with pytest.raises(PokerInputError, match=words):
        game_equity(players, board, rules=rules, exact=exact)


def test_the_command_line_takes_a_game(capsys):
    assert main(["equity", "Ah 3h Kd Qd", "As 3s 9c 9d", "--board", "2c 5d 8h Kc Ks", "--rules", "omaha_hi_lo"]) == 0
    out = capsys.readouterr().out
    assert "75.00%" in out and "25.00%" in out and "low" in out
    sampled = ["equity", "Ah 3h Kd Qd", "random", "--rules", "omaha", "--trials", "2000", "--seed", "3", "--json"]
    assert main(sampled) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["seed"] == 3 and answer["pots"] == ["high"] and answer["players"][1]["hand"] == "random"
    assert main(["equity", "Ah Kh", "random", "--rules", "omaha"]) == 2
    assert "omaha deals 4 hole cards" in capsys.readouterr().err


def test_a_stud_hand_still_being_dealt_gets_the_rest_from_the_deck():
    """Razz on fifth street: A-2-3-4-5 so far against K-Q-J-T-9: the wheel's player cannot lose
    a card to pair into a worse low than K-Q-J-T-9's best, so the first scoops every deal."""
    result = game_equity(["Ah 2d 3c 4s 5h", "Kh Qd Jc Ts 9h"], "", rules="razz", trials=3_000, seed=5)
    assert not result.exact and [p.hand for p in result.players] == ["Ah 2d 3c 4s 5h ??", "Kh Qd Jc Ts 9h ??"]
    assert result.players[0].equity == 1.0 and result.players[0].scoop == 1.0
    seventh = game_equity(["Ah 2d 3c 4s 5h Kd Kc", "Kh Qd Jc Ts 9h 8d 7c"], "", rules="razz")
    assert seventh.exact and seventh.deals == 1 and seventh.players[0].equity == 1.0
    with pytest.raises(PokerInputError, match="exact count of 18,265,297,050 deals in stud would take about"):
        game_equity(["Ah 2d 3c", "Kh Qd Jc"], "", rules="stud", exact=True)
    with pytest.raises(PokerInputError, match="omaha deals 4 hole cards; player 0 has 3"):
        game_equity(["Ah 2d 3c", "Kh Qd Jc Tc"], "", rules="omaha")


@pytest.mark.parametrize(
    ("game", "players", "board", "dead"),
    [
        ("omaha_hi_lo", ["Ah 3h Kd Qd", "As 2s 9c 9d", "7h 7d 6c 5c"], "2c 5d 8h", "Kh"),
        ("big_o", ["Ah 3h Kd Qd Js", "As 2s 9c 9d 7h"], "2c 5d 8h", ""),
        ("holdem_hi_lo", ["Ah 2h", "Kd Kc"], "3h 4h 9s", "5h"),
    ],
)
def test_known_hands_count_the_same_on_every_cpu_backend(game, players, board, dead):
    """Known hands on the flop walk their runouts in one compiled loop on numba, deal by deal on numpy."""
    counts = [game_equity(players, board, dead=dead, rules=game, backend=b) for b in ("numpy", "numba")]
    numpy, numba = ([(p.shares, p.pots, p.scoop) for p in r.players] + [r.deals, r.no_low] for r in counts)
    assert numpy == numba


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("omaha", ["Ah Ad Kh Kd", "random"]),
        ("omaha_hi_lo", ["Ah Ad 2h 3d", "random", "random"]),
        ("razz", ["Ah 2d 3c", "random"]),
    ],
)
def test_a_seed_samples_the_same_deals_on_every_cpu_backend(game, players):
    """The compiled shuffle deals the places numpy's does from the same numbers; the hands valued
    by table, the others five by five, give the same integers."""
    runs = [game_equity(players, rules=game, trials=40_000, seed=11, backend=b) for b in ("numpy", "numba")]
    numpy, numba = ([(p.shares, p.pots, p.scoop) for p in r.players] + [r.no_low] for r in runs)
    assert numpy == numba
