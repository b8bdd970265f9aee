"""Equity per combo and per class (equity(..., breakdown=True), pysolver equity --breakdown):
every combo's counts against a brute force, a hand against each class of a range against an
exhaustive enumeration of the boards by the evaluator, the breakdown summing back to the totals
of the engine without it, Monte Carlo breakdowns within their standard errors (dealing the trials
of the same run without a breakdown), and the errors."""

import json
from functools import lru_cache
from itertools import combinations, product

import numpy as np
import pytest

from pysolver import evaluate_batch
from pysolver.cli import main
from pysolver.core._cards import parse_cards
from pysolver.core._errors import PokerInputError, RangeError
from pysolver.core._ranges import COMBOS, parse_range
from pysolver.evaluator import backend
from pysolver.odds._breakdown import combo_name
from pysolver.odds._equity import equity
from pysolver.odds._sampling import plan as _sampling_plan
from tests.helpers.equity_brute import brute_equity


def combos_of(text, known):
    """The live combos of a range or a hand, as pairs of card indices."""
    cards = parse_cards(text) if len(text.replace(" ", "")) == 4 and text[1] in "cdhs" else None
    if cards:
        return [tuple(sorted(c.index for c in cards))]
    return [tuple(int(x) for x in c) for c in parse_range(text).combos(dead=known)]


@lru_cache(maxsize=4)
def brute_breakdown(players, board):
    """Per player, per combo it holds: the deals, and per player the wins, ties and summed shares,
    from every assignment of combos with no card twice and every run-out (tests/helpers/equity_brute.py)."""
    known = [c.index for c in parse_cards(board)]
    seats = [combos_of(p, known) for p in players]
    found = [{} for _ in players]
    for deal in product(*seats):
        cards = [c for hole in deal for c in hole]
        if len(set(cards)) < len(cards):
            continue
        counts, shares, deals = brute_equity(list(deal), known)
        for player, combo in enumerate(deal):
            name = combo_name(int(np.flatnonzero((combo == COMBOS).all(axis=1))[0]))
            row = found[player].setdefault(name, [0, [0] * len(players), [0] * len(players), [0.0] * len(players)])
            row[0] += deals
            for i, (won, tied, _) in enumerate(counts):
                row[1][i] += won
                row[2][i] += tied
                row[3][i] += shares[i]
    return found


@pytest.mark.parametrize(
    "players, board, player",
    [
        (("AA, KQs, 76s", "KK, AQs, T9o"), "Ks 7h 2d 9c", 0),
        (("AA, KQs, 76s", "KK, AQs, T9o"), "Ks 7h 2d 9c", 1),
        (("AhKh", "QQ+, AQs", "QQ+, AQs"), "Qs Jd 2c 9h Th", 1),  # the same range twice: one seat swapped
        (("AhKh", "QQ+, AQs", "QQ+, AQs"), "Qs Jd 2c 9h Th", 2),
    ],
)
@pytest.mark.heavy
def test_every_combo_is_the_brute_force(players, board, player):
    result = equity(list(players), board, breakdown=True)
    part = result.breakdown.player(player)
    brute = brute_breakdown(players, board)[player]
    assert result.exact and sorted(brute) == sorted(c.name for c in part.combos)
    for row in part.combos:
        deals, wins, ties, shares = brute[row.name]
        assert (row.deals, row.wins, row.ties) == (deals, wins[player], ties[player]), row.name
        assert row.equities == pytest.approx([s / deals for s in shares], abs=1e-12)


@pytest.fixture(scope="module")
def five_of_48():
    return np.array(list(combinations(range(48), 5)), dtype=np.int64)


def hero_against(hero, villain, five_of_48):
    """Hero's summed share of the pot against one combo over every preflop board, by the evaluator."""
    rest = np.array([c for c in range(52) if c not in hero + villain])
    boards = rest[five_of_48]
    mine = evaluate_batch(np.hstack([np.broadcast_to(hero, (len(boards), 2)), boards]))
    theirs = evaluate_batch(np.hstack([np.broadcast_to(villain, (len(boards), 2)), boards]))
    return float((mine > theirs).sum() + (mine == theirs).sum() / 2), len(boards)


@pytest.mark.heavy
def test_a_hand_against_each_class_is_the_enumeration_of_every_board(five_of_48):
    hero = [c.index for c in parse_cards("AhKh")]
    part = equity(["AhKh", "AA, KK, 72o"], breakdown=True).breakdown.player(1)
    for name in ("AA", "KK"):
        shares, deals = 0.0, 0
        for combo in parse_range(name).combos(dead=hero):
            share, boards = hero_against(hero, [int(c) for c in combo], five_of_48)
            shares, deals = shares + share, deals + boards
        row = part.get(name)
        assert row.deals == deals and row.combos == 3
        assert row.equities[0] == pytest.approx(shares / deals, abs=1e-12)
        assert row.equity == pytest.approx(1 - shares / deals, abs=1e-12)


@pytest.mark.parametrize(
    "players, board, dead, rules",
    [
        (["AhKh", "QQ+, AK, JTs"], "", "", None),  # the matchup table
        (["AhKh", "QQ+, AK, JTs"], "", "2c", None),  # fixed combo by combo
        (["top 20%", "top 20%"], "Ks 7h 2d", "", None),
        (["AsKs", "QQ+, AKs", "random"], "Qs Js 2c", "", None),
        (["0.5(AA), KK, 0.25(AKs)", "random"], "", "", None),  # weights
        (["QQ+, 0.3(AKo)", "JJ, 0.7(TT)", "AhKh"], "Ks 7h 2d 3c", "", None),
        (["AhKh", "random"], "Kd 7h 6d", "", "short_deck"),
    ],
)
def test_the_breakdown_sums_back_to_the_total(players, board, dead, rules):
    plain = equity(players, board, dead=dead, rules=rules)
    result = equity(players, board, dead=dead, rules=rules, breakdown=True)
    assert plain.exact and result.exact and result.deals == pytest.approx(plain.deals, rel=1e-12)
    for mine, theirs in zip(result.players, plain.players):
        assert (mine.wins, mine.ties) == (pytest.approx(theirs.wins, rel=1e-12), pytest.approx(theirs.ties, rel=1e-12))
    weighted = any(":" in p or "(" in p for p in players)
    for part in result.breakdown.players:
        total = result.players[part.player]
        for rows in (part.combos, part.classes):
            sums = [sum(getattr(r, key) for r in rows) for key in ("deals", "wins", "ties", "losses")]
            if weighted:
                assert sums == pytest.approx([result.deals, total.wins, total.ties, total.losses], rel=1e-12)
            else:  # integers, exactly
                assert sums == [
                    plain.deals,
                    plain.players[part.player].wins,
                    plain.players[part.player].ties,
                    plain.players[part.player].losses,
                ]
            assert sum(r.share for r in rows) == pytest.approx(1.0)
            for i, other in enumerate(plain.players):  # every player's equity, as each player holds what
                assert sum(r.deals * r.equities[i] for r in rows) / result.deals == pytest.approx(other.equity)


def test_the_matchup_table_and_fixing_each_combo_agree():
    players = ["QQ+, AKs", "AK, 22, 0.5(JJ), 0.25(T9s)"]
    tabled, fixed = (equity(players, breakdown=True, table=t, exact=True).breakdown for t in (True, False))
    for a, b in zip(tabled.players, fixed.players):
        assert [(r.name, r.deals, r.wins, r.ties) for r in a.combos] == [
            (r.name, pytest.approx(r.deals), pytest.approx(r.wins), pytest.approx(r.ties)) for r in b.combos
        ]


def test_random_is_the_range_of_every_combo():
    result = equity(["AhKh", "random"], breakdown=True)
    part = result.breakdown.player(1)
    assert len(part.combos) == 1225 and len(part.classes) == 169
    assert part.get("AA").combos == 3 and part.get("AKs").combos == 3 and part.get("72o").combos == 12
    aces = equity(["AhKh", "AA"])
    assert part.get("AA").deals == aces.deals and part.get("AA").equities[0] == pytest.approx(aces.players[0].equity)
    assert part.get("AsAd").equity == part.get("AdAc").equity  # one combo per class of suits counted
    both = equity(["random", "random"], breakdown=True).breakdown  # random only: both broken down
    assert [p.player for p in both.players] == [0, 1] and len(both.player(0).combos) == 1326
    assert both.player(0).get("AA").equity == pytest.approx(equity(["AA", "random"]).players[0].equity)


@pytest.mark.heavy
def test_a_sampled_breakdown_has_standard_errors_and_its_seed():
    players, board = ["AhKh", "QQ+, AK, JTs", "random"], "Ks 7h 2d"
    exact = equity(players, board, breakdown=True).breakdown.player(1)
    result = equity(players, board, breakdown=True, trials=200_000, seed=11)
    assert not result.exact and result.seed == 11 and not result.breakdown.exact
    part = result.breakdown.player(1)
    assert sum(r.deals for r in part.combos) == result.deals == 200_000
    assert sum(r.wins for r in part.classes) == result.players[1].wins
    for row in part.classes:
        truth = exact.get(row.name)
        assert row.stderr > 0 and len(row.stderrs) == 3
        for i in range(3):
            assert abs(row.equities[i] - truth.equities[i]) < 5 * row.stderrs[i] + 1e-9, (row.name, i)
    again = equity(players, board, breakdown=True, trials=200_000, seed=11).breakdown.player(1)
    assert [r.equity for r in again.combos] == [r.equity for r in part.combos]


SAMPLED = [
    (["QQ+, AKs", "random"], "Ks 7h 2d"),  # a range and a random player
    (["AhKh", "TT+, AQs", "random"], ""),
    (["QQ+", "KK+", "JJ+", "AKs, QQ+"], ""),  # ranges that collide often: weighted draws
    (["AhKh", "random", "random"], "7c 8d 2s"),  # without a breakdown, the plain loop
    (["AhKh", "random", "random", "random", "random", "random"], ""),  # dealt from a shuffled deck
]


@pytest.mark.skipif(backend() != "numba", reason="the compiled sampler needs numba")
@pytest.mark.parametrize("players, board", SAMPLED)
def test_a_seeded_breakdown_deals_the_trials_of_the_same_run_without_it(players, board):
    plain = equity(players, board, trials=100_000, seed=6)
    broken = equity(players, board, trials=100_000, seed=6, breakdown=True)
    assert broken.kernel == plain.kernel == "numba"
    assert {k: v for k, v in broken.to_dict().items() if k != "breakdown"} == plain.to_dict()
    for part in broken.breakdown.players:  # every range player's rows sum back to the totals
        rows = part.combos
        assert sum(r.deals for r in rows) == pytest.approx(plain.deals)
        assert sum(r.wins for r in rows) == pytest.approx(plain.players[part.player].wins)
        for q, total in enumerate(plain.players):
            assert sum(r.equities[q] * r.deals for r in rows if r.deals) == pytest.approx(total.equity * plain.deals)


@pytest.mark.parametrize("kernel", ["numba", "numpy"])
def test_a_sampled_breakdown_is_the_exact_one_within_its_standard_errors(kernel):
    if kernel == "numba" and backend() != "numba":
        pytest.skip("the compiled sampler needs numba")
    players, board = SAMPLED[0]
    exact = equity(players, board, breakdown=True, exact=True).breakdown.player(0)
    sampled = equity(players, board, breakdown=True, trials=100_000, seed=2, backend=kernel)
    assert sampled.kernel == kernel
    for row in sampled.breakdown.player(0).classes:
        truth = exact.get(row.name)
        for i in range(2):
            assert abs(row.equities[i] - truth.equities[i]) < 5 * row.stderrs[i] + 1e-9, (row.name, i)


@pytest.mark.skipif(backend() != "numba", reason="the compiled sampler needs numba")
@pytest.mark.parametrize("deck", [True, False])
def test_a_random_players_breakdown_is_the_exact_one_dealt_either_way(deck, monkeypatch):
    monkeypatch.setattr(_sampling_plan, "deals_from_deck", lambda *question: deck)
    exact = equity(["AhKh", "random"], "Qs Js 2c", breakdown=True, exact=True).breakdown.player(1)
    sampled = equity(["AhKh", "random"], "Qs Js 2c", breakdown=True, trials=100_000, seed=4).breakdown.player(1)
    for row in sampled.classes:
        truth = exact.get(row.name)
        for i in range(2):
            assert abs(row.equities[i] - truth.equities[i]) < 5 * row.stderrs[i] + 1e-9, (row.name, i)


def test_a_breakdown_without_a_range_is_refused():
    with pytest.raises(PokerInputError, match="every player is a specific hand"):
        equity(["AhKh", "QsQd"], breakdown=True)
    part = equity(["AhKh", "QQ"], breakdown=True).breakdown
    with pytest.raises(RangeError, match="player 0: not a range player"):
        part.player(0)
    with pytest.raises(RangeError, match="'AKs': no class or combo"):
        part.player(1).get("AKs")


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_command_line(capsys, tmp_path):
    status, out, _ = run(capsys, "equity", "AhKh", "QQ+,AK,JTs", "--breakdown")
    lines = out.splitlines()
    assert status == 0 and lines[4].startswith("player 1: QQ+,AK,JTs by class (combos after card removal")
    assert lines[5].split() == ["class", "combos", "share", "equity", "p0", "AhKh"]
    assert lines[6].split() == ["AA", "3", "12.00%", "87.86%", "12.14%"]
    status, out, _ = run(capsys, "equity", "AhKh", "QQ+,AK,JTs", "--breakdown", "--json")
    data = json.loads(out)["breakdown"]["players"][0]
    assert data["player"] == 1 and len(data["combos"]) == 25 and data["combos"][0]["combo"] == "JcTc"
    assert sum(c["wins"] for c in data["combos"]) == json.loads(out)["players"][1]["wins"]
    svg = tmp_path / "grid.svg"
    status, _, _ = run(capsys, "equity", "AhKh", "QQ+,AK,JTs", "--breakdown", "--svg", str(svg))
    text = svg.read_text().replace("&#160;", " ")
    assert status == 0 and "fair share 1/2 = 50%" in text and "QQ+,AK,JTs against AhKh" in text
    for argv in (
        ["AhKh", "QsQd", "--breakdown"],
        ["AhKh", "QQ+", "--svg", str(svg)],
        ["AhKh", "QQ+", "--breakdown", "--grid-player", "0"],
    ):
        status, out, err = run(capsys, "equity", *argv)
        assert status == 2 and out == "" and err.count("\n") == 1 and err.startswith("pysolver: error:"), argv


@pytest.mark.heavy
def test_progress_and_a_refused_exact_breakdown():
    calls = []
    equity(["AhKh", "QQ+, AKs"], "Ks 7h 2d", breakdown=True, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (1000, 1000) and [d for d, _ in calls] == sorted(d for d, _ in calls)
    with pytest.raises(PokerInputError, match="would take about"):
        equity(["AhKh", "random", "random", "random"], breakdown=True, exact=True)  # each seat's 1,326 combos
