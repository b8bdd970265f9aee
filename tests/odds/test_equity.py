"""Equity: exact counts known independently, a brute-force enumeration written in the tests
(tests/helpers/equity_brute.py), and Monte Carlo within 4 standard errors of the exact answer."""

import json
from itertools import combinations
from math import comb

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pysolver.cli import main
from pysolver.core._cards import parse_cards
from pysolver.core._errors import CardCountError, DuplicateCardError, PlayerCountError, PokerInputError, RangeError
from pysolver.core._ranges import parse_range
from pysolver.odds import EquityResult, equity
from tests.helpers.equity_brute import brute_equity


def idx(text):
    return tuple(c.index for c in parse_cards(text))


def check_against_brute(result: EquityResult, holes, board=(), dead=()):
    counts, shares, deals = brute_equity([idx(h) for h in holes], idx(board), idx(dead))
    assert result.exact and result.deals == deals
    for player, (wins, ties, losses), share in zip(result.players, counts, shares):
        assert (player.wins, player.ties, player.losses) == (wins, ties, losses)
        assert player.equity == pytest.approx(share / deals, abs=1e-12)


def test_aces_against_kings_preflop_published_counts():
    r = equity(["AcAd", "KsKh"])
    assert r.exact and r.deals == 1_712_304
    aces, kings = r.players
    assert (aces.wins, aces.ties, aces.losses) == (1_388_072, 6_538, 317_694)
    assert (kings.wins, kings.ties, kings.losses) == (317_694, 6_538, 1_388_072)
    assert aces.equity + kings.equity == pytest.approx(1)


def test_ten_jack_against_random_on_the_river_is_exact():
    r = equity(["TcJd", "random"], board="4h 5h 6d 2h Kh")
    hero = r.players[0]
    assert r.exact and r.deals == 990
    assert (hero.wins, hero.ties, hero.losses) == (54, 4, 932)


@pytest.mark.parametrize(
    "holes, board, dead",
    [
        (["AhKh", "QsQd"], "2h 3h Jc", ""),  # flush draw against an overpair
        (["As2s", "KdKc"], "5s 6s 7c 8s", ""),  # made flush against a pair, turn
        (["Tc9c", "8c7c", "AcKd"], "2c 3c 4d", ""),  # two flush draws, multiway
        (["Tc9c", "8c7c", "AcKd"], "2c 3c 4c 5c 6d", ""),  # river: straight flush
        (["AhAd", "KhKd", "QhQd", "JhJd"], "2h 7h 9c", "3h"),  # four players, dead heart
        (["5c4d", "5h4s"], "Ac 2d 3h", ""),  # chopped wheels, split pots
        (["AsKs", "AdKd"], "Qs Js 2d", "Ts"),  # dead card kills the royal
    ],
)
def test_fixed_hands_match_brute_force(holes, board, dead):
    check_against_brute(equity(holes, board=board, dead=dead), holes, board, dead)


@pytest.mark.heavy
@settings(max_examples=5, deadline=None)
@given(st.permutations(range(52)), st.integers(2, 4), st.sampled_from([3, 4]))
def test_random_deals_match_brute_force(cards, players, board_size):
    holes = [cards[2 * i : 2 * i + 2] for i in range(players)]
    board = cards[2 * players : 2 * players + board_size]
    text = lambda cs: " ".join(str(parse_cards([c])[0]) for c in cs)  # noqa: E731
    result = equity([text(h) for h in holes], board=text(board))
    check_against_brute(result, [text(h) for h in holes], text(board))


def brute_open(fixed, open_range, open_position, board, dead=""):
    """Weighted counts with one open player, by brute force over its combos."""
    known = set(idx(board)) | set(idx(dead)) | {c for h in fixed for c in idx(h)}
    combos, weights = parse_range(open_range).weighted_combos(known)
    totals = np.zeros((len(fixed) + 1, 3))
    shares = np.zeros(len(fixed) + 1)
    deals = 0.0
    for combo, weight in zip(combos, weights):
        holes = [idx(h) for h in fixed]
        holes.insert(open_position, tuple(int(c) for c in combo))
        counts, s, n = brute_equity(holes, idx(board), idx(dead))
        totals += weight * np.array(counts)
        shares += weight * np.array(s)
        deals += weight * n
    return totals, shares, deals


@pytest.mark.parametrize(
    "fixed, open_range, position, board, dead",
    [
        (["AsKs"], "TT+, AQs, KJo, 0.5(T9s)", 1, "Qs Js 2c 3s", ""),
        (["AsKs", "9h9d"], "TT+, AQs, 0.25(KJo)", 1, "Qs Js 2c 3s", ""),
        (["AcKd"], "random", 0, "2c 5c 8c 4d 9h", "Kc"),
        (["7h8h", "2c2d"], "0.3(random)", 2, "9h Th 3c 4d 5h", ""),
    ],
)
def test_one_range_player_matches_brute_force(fixed, open_range, position, board, dead):
    players = list(fixed)
    players.insert(position, open_range)
    r = equity(players, board=board, dead=dead)
    totals, shares, deals = brute_open(fixed, open_range, position, board, dead)
    assert r.exact and r.deals == pytest.approx(deals)
    for p, row, share in zip(r.players, totals, shares):
        assert (p.wins, p.ties, p.losses) == pytest.approx(tuple(row))
        assert p.equity * r.deals == pytest.approx(share)


def test_two_range_players_on_the_river_match_brute_force():
    board = "Ks 9d 4c 4h 2s"
    r = equity(["AhKh", "QQ+, 0.5(K9s)", "44, 22, 0.2(A9o)"], board=board, exact=True)
    known = set(idx(board)) | set(idx("AhKh"))
    total = np.zeros((3, 3))
    deals = 0.0
    c1, w1 = parse_range("QQ+, 0.5(K9s)").weighted_combos(known)
    c2, w2 = parse_range("44, 22, 0.2(A9o)").weighted_combos(known)
    for a, wa in zip(c1, w1):
        for b, wb in zip(c2, w2):
            if set(a.tolist()) & set(b.tolist()):
                continue
            counts, _, n = brute_equity([idx("AhKh"), tuple(a), tuple(b)], idx(board))
            total += wa * wb * np.array(counts)
            deals += wa * wb * n
    assert r.deals == pytest.approx(deals)
    for p, row in zip(r.players, total):
        assert (p.wins, p.ties, p.losses) == pytest.approx(tuple(row))


@pytest.mark.heavy
def test_preflop_against_every_board_by_itertools():
    """Preflop multiway with a dead card against a separate enumeration of all C(45, 5) boards."""
    holes = ["AhKh", "QsQd", "7c6c"]
    dead = "2h"
    r = equity(holes, dead=dead)
    from pysolver.evaluator._lookup import evaluate_batch

    used = {c for h in holes for c in idx(h)} | set(idx(dead))
    boards = np.array(list(combinations([c for c in range(52) if c not in used], 5)))
    values = np.stack(
        [np.asarray(evaluate_batch(np.column_stack([np.tile(idx(h), (len(boards), 1)), boards]))) for h in holes]
    )
    best = values.max(axis=0)
    winners = values == best
    solo = winners.sum(axis=0) == 1
    assert r.deals == len(boards) == comb(45, 5) == 1_221_759
    for i, p in enumerate(r.players):
        assert p.wins == int((winners[i] & solo).sum())
        assert p.ties == int((winners[i] & ~solo).sum())


def test_hand_against_random_preflop_published_equities():
    # PokerStove's all-in equities against one random hand: AA 85.20%, AKs 67.04%, 72o 34.58%
    assert equity(["AsAh", "random"]).players[0].equity == pytest.approx(0.8520, abs=5e-5)
    assert equity(["random", "AcKc"]).players[1].equity == pytest.approx(0.6704, abs=5e-5)
    r = equity(["7d2s", "random"])
    assert r.exact and r.deals == 2_097_572_400
    assert r.players[0].equity == pytest.approx(0.3458, abs=5e-5)
    hero = r.players[0]
    assert hero.wins + hero.ties + hero.losses == r.deals


@pytest.mark.parametrize("hand", ["AsAh", "7d2s", "Tc9c", "AhKd"])
def test_preflop_table_matches_computing_it(hand):
    tabled = equity([hand, "random"])
    computed = equity([hand, "random"], table=False)
    assert tabled.players == computed.players and tabled.deals == computed.deals == 2_097_572_400


def test_hand_against_random_preflop_with_a_dead_card_against_monte_carlo():
    exact = equity(["AsAh", "random"], dead="Kd")
    sampled = equity(["AsAh", "random"], dead="Kd", exact=False, trials=400_000, seed=5)
    assert exact.exact and exact.deals == comb(49, 2) * comb(47, 5)
    assert abs(sampled.players[0].equity - exact.players[0].equity) <= 4 * sampled.players[0].stderr


def test_monte_carlo_within_four_standard_errors_of_exact():
    for players, board in [
        (["AhKh", "QsQd"], ""),
        (["AsKs", "random", "TT+, AQs"], "Qs Js 2c 3d"),
        (["7h8h", "random", "random"], "9h Th 3c 4d 2s"),
    ]:
        exact = equity(players, board=board, exact=True)
        sampled = equity(players, board=board, exact=False, trials=100_000, seed=7)
        assert not sampled.exact and sampled.deals == 100_000
        for e, s in zip(exact.players, sampled.players):
            assert s.stderr > 0
            assert abs(s.equity - e.equity) <= 4 * s.stderr


def test_monte_carlo_is_seeded_and_stops_at_target():
    a = equity(["AhKh", "random"], board="2c 3d 4h", exact=False, trials=50_000, seed=3)
    b = equity(["AhKh", "random"], board="2c 3d 4h", exact=False, trials=50_000, seed=3)
    assert a == b
    c = equity(["AhKh", "QsQd"], exact=False, target_stderr=0.005, seed=3)
    assert c.stderr <= 0.005 and c.deals < 1_000_000


def test_the_sampler_deals_every_unseen_card_equally_often_and_none_twice():
    from pysolver.odds._hand_tables import CARD_BITS, CARD_RANK_KEY
    from pysolver.odds._sampling.numpy_loop import draw_at_once

    known = list(idx("Ah Kh Qs Qd"))
    keys, bits = draw_at_once(np.random.default_rng(5), int(CARD_BITS[known].sum()), [2, 5], 100_000)
    trials = bits.shape[1]
    assert trials > 95_000
    dealt = (bits[:, :, None] & CARD_BITS) != 0  # (hole cards / board, trial, card)
    assert (dealt.sum(axis=2) == np.array([[2], [5]])).all()  # no card twice within a group,
    assert not (dealt[0] & dealt[1]).any() and not dealt[:, :, known].any()  # nor across, nor a known one
    assert (keys == dealt @ CARD_RANK_KEY).all()
    unseen = [c for c in range(52) if c not in known]
    for group, cards in enumerate((2, 5)):  # each card: cards/48 of the trials
        p = cards / 48
        z = (dealt[group][:, unseen].sum(axis=0) - trials * p) / np.sqrt(trials * p * (1 - p))
        assert np.abs(z).max() < 5


def test_monte_carlo_ranges_respect_card_removal():
    # AA against a range holding only aces: with As Ah taken, the range keeps Ac Ad alone
    r = equity(["AsAh", "AA", "random"], board="Kd 7c 2h", exact=False, trials=50_000, seed=1)
    exact = equity(["AsAh", "AcAd", "random"], board="Kd 7c 2h", exact=True)
    for s, e in zip(r.players, exact.players):
        assert abs(s.equity - e.equity) <= 4 * s.stderr


def test_automatic_choice():
    assert equity(["AhKh", "QsQd", "JcTc"]).exact
    assert equity(["AhKh", "random"], board="2c 3d 4h").exact
    assert not equity(["random", "random", "random", "random"], trials=10_000, seed=1).exact


def test_json_shape():
    r = equity(["AhKh", "QsQd"])
    assert list(r.to_dict()) == [
        "rules",
        "board",
        "dead",
        "players",
        "exact",
        "deals",
        "stderr",
        "seed",
        "method",
        "kernel",
        "threads",
    ]
    assert list(r.to_dict()["players"][0]) == [
        "player",
        "hand",
        "equity",
        "win",
        "tie",
        "loss",
        "wins",
        "ties",
        "losses",
        "stderr",
    ]
    assert r.to_dict()["players"][0]["wins"] == r.players[0].wins and r.to_dict()["seed"] is None
    assert r.to_dict()["stderr"] is None and r.to_dict()["deals"] == 1_712_304


@pytest.mark.parametrize(
    "args, error",
    [
        ((["AhKh", "AhQd"],), DuplicateCardError),
        ((["AhKh", "QsQd"], "Ah 2c 3c"), DuplicateCardError),
        ((["AhKh"],), PlayerCountError),
        ((["AhKh", "AKx"],), RangeError),
        ((["AhKh", "QsQd"], "2c 3c"), CardCountError),
        ((["AsAh", "AA"], "Ac Ad 2c"), RangeError),  # no ace pair left for the range
    ],
)
def test_bad_input(args, error):
    with pytest.raises(error):
        equity(*args)


def test_bad_trials():
    with pytest.raises(PokerInputError, match="0"):
        equity(["AhKh", "QsQd"], exact=False, trials=0)


def test_cli_json(capsys):
    assert main(["equity", "AhKh", "QsQd", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["exact"] is True and document["deals"] == 1_712_304 and document["stderr"] is None
    assert [p["hand"] for p in document["players"]] == ["AhKh", "QsQd"]
    assert document["players"][0]["win"] == pytest.approx(787_966 / 1_712_304)


def test_cli_monte_carlo_and_ranges(capsys):
    assert main(["equity", "AKs,TT+", "random", "--trials", "20000", "--seed", "1", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["exact"] is False and document["deals"] == 20000 and document["stderr"] > 0


def test_cli_text_and_errors(capsys):
    assert main(["equity", "AhKh", "random", "--board", "Qs Js 2c"]) == 0
    assert "exact, 1,070,190 deals" in capsys.readouterr().out
    assert main(["equity", "AhKh", "AKx"]) == 2
    err = capsys.readouterr().err
    assert "AKx" in err and err.count("\n") == 1
