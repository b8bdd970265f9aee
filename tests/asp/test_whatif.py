"""ASP what-if (pysolver.asp._whatif): every runout against a brute force written here.

The brute force deals every runout in plain Python and ranks the hands with
the lookup-table evaluator (``pysolver.evaluator._lookup``), which shares no code with
the ASP encodings. Deals whose counts are known by hand are worked in comments.
"""

import json
from collections import Counter
from itertools import combinations

import numpy as np
import pytest

from pysolver.asp._whatif import runouts
from pysolver.cli import main
from pysolver.core._cards import Card, parse_cards
from pysolver.core._categories import Category
from pysolver.core._errors import CardCountError, DuplicateCardError, PlayerCountError
from pysolver.evaluator._lookup import category, describe_value, evaluate
from pysolver.odds._outs import outs


def brute_runouts(holes, board, dead=""):
    """Per runout (sorted card tuple): (values, categories, descriptions, winners), by enumeration."""
    players = [parse_cards(h) for h in holes]
    known = parse_cards(board)
    used = {c for h in players for c in h} | set(known) | set(parse_cards(dead))
    unseen = [Card(i) for i in range(52) if Card(i) not in used]
    result = {}
    for extra in combinations(unseen, 5 - len(known)):
        values = [evaluate(list(h) + list(known) + list(extra)) for h in players]
        top = max(values)
        result[extra] = (
            values,
            [category(v) for v in values],
            [describe_value(v) for v in values],
            tuple(p for p, v in enumerate(values) if v == top),
        )
    return result


def brute_counts(brute, players):
    wins, ties, losses = [0] * players, [0] * players, [0] * players
    reached = [Counter() for _ in range(players)]
    for _, cats, _, winners in brute.values():
        for p in range(players):
            reached[p][cats[p]] += 1
            if p not in winners:
                losses[p] += 1
            elif len(winners) == 1:
                wins[p] += 1
            else:
                ties[p] += 1
    return tuple(wins), tuple(ties), tuple(losses), [dict(r) for r in reached]


def check_against_brute_force(holes, board, dead=""):
    report = runouts(holes, board, dead=dead)
    brute = brute_runouts(holes, board, dead)
    assert [r.cards for r in report.runouts] == sorted(brute)
    for r in report.runouts:
        _, cats, words, winners = brute[r.cards]
        assert [h.category for h in r.hands] == cats, r.cards
        assert [h.description for h in r.hands] == words, r.cards
        assert r.winners == winners, r.cards
    wins, ties, losses, reached = brute_counts(brute, len(holes))
    assert (report.wins, report.ties, report.losses) == (wins, ties, losses)
    assert [dict(c) for c in report.categories] == reached
    return report


@pytest.mark.heavy
def test_heads_up_from_the_flop_every_runout():
    # 45 unseen cards: C(45, 2) = 990 two-card runouts.
    report = check_against_brute_force(["AsKs", "QhQd"], "Js Ts 2c")
    assert len(report.runouts) == 990
    assert report.wins[0] + report.losses[0] == 990


def test_three_way_from_the_turn_every_runout():
    # 52 - 6 - 4 = 42 one-card runouts. AhKh wins with the 7 hearts that do not pair the board
    # or give the sevens quads (4h 5h 6h 8h Th Jh Qh); 7s gives 7c7d quads.
    report = check_against_brute_force(["AhKh", "7c7d", "QsQc"], "7h 2h 3c 9s")
    assert len(report.runouts) == 42
    assert report.wins[0] == 7 and report.categories[1][Category.FOUR_OF_A_KIND] == 1


def test_drawing_dead_from_the_flop():
    # AhAs on Ad Ac Kd holds quad aces; only a straight flush beats it and 7c2d cannot make one
    # (the diamond royal needs Qd Jd Td: three cards). So 7c2d loses all 990 runouts and the aces
    # hold four of a kind in every one.
    report = check_against_brute_force(["7c2d", "AhAs"], "Ad Ac Kd")
    assert report.wins == (0, 990) and report.ties == (0, 0) and report.losses == (990, 0)
    assert report.categories[1] == {Category.FOUR_OF_A_KIND: 990}
    assert [o for o in report.outs if o.player == 0] == [] and report.runner_runner == ()


def test_every_runout_ties():
    # 2c3d and 2d3c hold the same ranks, and neither can make a flush on Ac Ad Ah: clubs are
    # Ac 2c plus at most two runout cards, four in all (diamonds likewise; neither holds a heart).
    # Only ranks decide, so all 990 runouts tie.
    report = check_against_brute_force(["2c3d", "2d3c"], "Ac Ad Ah")
    assert report.ties == (990, 990) and report.wins == (0, 0) and report.losses == (0, 0)
    assert all(r.is_tie for r in report.runouts)


def test_six_handed_from_the_turn_and_a_dead_card():
    # 52 - 12 - 4 - 1 dead = 35 runouts.
    report = check_against_brute_force(["AsKs", "QhQd", "7c7d", "8h9h", "2d3d", "AcKd"], "Js Ts 2c 4h", dead="5h")
    assert len(report.runouts) == 35


@pytest.mark.parametrize("seed", range(4))
def test_random_turn_deals_against_brute_force(seed):
    rng = np.random.default_rng(500 + seed)
    players = int(rng.integers(2, 10))
    cards = [Card(int(i)) for i in rng.permutation(52)[: 2 * players + 4]]
    holes = [cards[2 * p : 2 * p + 2] for p in range(players)]
    check_against_brute_force(holes, cards[2 * players :])


@pytest.mark.heavy
def test_six_handed_from_the_flop_against_brute_force():
    check_against_brute_force(["AsKs", "QhQd", "7c7d", "8h9h", "2d3d", "AcKd"], "Js Ts 2c")


def brute_outs(holes, board):
    """Next cards that put a player not leading alone now ahead alone, by enumeration."""
    players = [parse_cards(h) for h in holes]
    known = parse_cards(board)
    used = {c for h in players for c in h} | set(known)
    unseen = [Card(i) for i in range(52) if Card(i) not in used]

    def leader(cards):
        values = [evaluate(list(h) + list(cards)) for h in players]
        best = [p for p, v in enumerate(values) if v == max(values)]
        return (best[0] if len(best) == 1 else None), values

    now, _ = leader(known)
    single = {}
    for card in unseen:
        lead, values = leader(known + (card,))
        if lead is not None and lead != now:
            single[(lead, card)] = category(values[lead])
    pairs = {}
    if len(known) == 3:
        for i, j in combinations(unseen, 2):
            lead, values = leader(known + (i, j))
            if lead is not None and lead != now and (lead, i) not in single and (lead, j) not in single:
                pairs[(lead, i, j)] = category(values[lead])
    return single, pairs


@pytest.mark.parametrize(
    "holes, board",
    [
        (["AsKs", "QhQd"], "Js Ts 2c"),
        (["As Ks", "7c 7d"], "Qh 8d 2c"),  # runner-runner: J and T make AsKs a straight
        (["5c6d", "5h6s"], "7c 8c 2c"),  # tied now: the clubs are 5c6d's outs
        (["AhKh", "7c7d", "QsQc"], "7h 2h 3c 9s"),
    ],
)
@pytest.mark.heavy
def test_outs_and_runner_runner_against_brute_force(holes, board):
    report = runouts(holes, board)
    single, pairs = brute_outs(holes, board)
    assert {(o.player, o.cards[0]): o.category for o in report.outs} == single
    assert {(o.player,) + o.cards: o.category for o in report.runner_runner} == pairs


def test_runner_runner_straight_worked_by_hand():
    # AsKs vs 7c7d on Qh 8d 2c: a jack and a ten together give AsKs Broadway, and neither alone
    # beats the sevens (AsKs would still hold ace high). Js+Ts is one such pair.
    report = runouts(["As Ks", "7c 7d"], "Qh 8d 2c")
    pairs = {o.cards: o.category for o in report.runner_runner if o.player == 0}
    assert pairs[tuple(parse_cards("Ts Js"))] is Category.STRAIGHT


@pytest.mark.parametrize(
    "first, second, board, dead",
    [
        ("AsKs", "QhQd", "Js Ts 2c", ""),
        ("AhKh", "7c7d", "7h 2h 3c 9s", ""),
        ("5c6d", "5h6s", "7c 8c 2c", ""),
        ("Ah Ad", "Kc Qc", "Jc Tc 2d", "9c 3s"),
    ],
)
def test_asp_outs_match_the_table_engine(first, second, board, dead):
    ours = outs([first, second], board, dead=dead, engine="asp")
    theirs = outs([first, second], board, dead=dead)
    assert ours == theirs and ours.to_dict() == theirs.to_dict()


def test_bad_input():
    with pytest.raises(CardCountError, match="Js Ts 2c 7h 3d"):
        runouts(["AsKs", "QhQd"], "Js Ts 2c 7h 3d")
    with pytest.raises(CardCountError):
        runouts(["AsKs", "QhQd"], "")
    with pytest.raises(PlayerCountError, match="10 players"):
        runouts(["2c2d", "3c3d", "4c4d", "5c5d", "6c6d", "7c7d", "8c8d", "9c9d", "TcTd", "JcJd"], "As Ks Qs")
    with pytest.raises(PlayerCountError):
        runouts(["AsKs"], "Js Ts 2c")
    with pytest.raises(DuplicateCardError):
        runouts(["AsKs", "QhQd"], "Js Ts 2c", dead="Qh")


def test_cli_runouts(capsys):
    assert main(["runouts", "AsKs", "QhQd", "--board", "Js Ts 2c 4h", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    brute = brute_counts(brute_runouts(["AsKs", "QhQd"], "Js Ts 2c 4h"), 2)
    assert data["runouts"] == 44
    assert [(p["wins"], p["ties"], p["losses"]) for p in data["players"]] == list(zip(*brute[:3]))
    assert [p["categories"] for p in data["players"]] == [{c.snake: n for c, n in r.items()} for r in brute[3]]
    assert main(["runouts", "AsKs", "QhQd", "--board", "Js Ts 2c 4h"]) == 0
    assert "44 runouts" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["runouts", "AsKs", "QhQd", "--board", "Js Ts 2c 4h 3d"],
        ["runouts", "AsKs", "--board", "Js Ts 2c"],
        ["runouts", "AsKs", "QhQd", "--board", "Js Ts As"],
        ["runouts", "AsKs", "QhQd", "--board", "Js Ts Xx"],
    ],
)
def test_cli_bad_input_is_one_line_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("pysolver: error:")


def test_cli_outs_engine_asp_prints_what_the_table_engine_prints(capsys):
    assert main(["outs", "AsKs", "QhQd", "--board", "Js Ts 2c", "--engine", "asp", "--json"]) == 0
    ours = capsys.readouterr().out
    assert main(["outs", "AsKs", "QhQd", "--board", "Js Ts 2c", "--json"]) == 0
    assert ours == capsys.readouterr().out
