"""Outs for 2 to 9 players: a three-way deal counted by hand, random deals against the separate
oracle, and the ASP engine agreeing with the table engine."""

import json

import numpy as np
import pytest

from pysolver.core._errors import PlayerCountError
from pysolver.odds._outs import outs
from tests.helpers.strength_oracle import rank_hand


def names(outcomes):
    return sorted(str(o.card) for o in outcomes)


def test_three_way_flop_counted_by_hand():
    # AsKs, QhQd, 8c9c on Js Ts 2c: 52 - 6 - 3 = 43 unseen cards. The queens lead now.
    # 8c9c wins only with a straight the others do not beat: a seven (7-8-9-T-J); the 7s gives
    #   AsKs a spade flush instead, so 7c 7d 7h: 3 cards. A queen gives 8c9c a queen-high
    #   straight but AsKs the ace-high one (Qc) or the royal flush (Qs).
    # AsKs: the 9 spades left (2s..9s, Qs: flushes, the royal), Qc (Broadway), 3 aces and
    #   3 kings (a higher pair than the queens): 16 cards.
    # QhQd: the other 43 - 16 - 3 = 24 cards.
    r = outs(["AsKs", "QhQd", "8c9c"], "Js Ts 2c")
    assert r.leader == 1 and r.winners == (1,)
    assert names(r.outs(2)) == ["7c", "7d", "7h"]
    assert names(r.outs(0)) == sorted("2s 3s 4s 5s 6s 7s 8s 9s Qs Qc Ac Ad Ah Kc Kd Kh".split())
    assert len(r.outs(1)) == 24 and r.ties == ()
    with pytest.raises(PlayerCountError, match="players 0 to 2"):
        r.outs(3)


def test_three_way_ties_name_the_players():
    # Three 5-6 hands on 7c 8c 2c tie now. 5s6c alone holds the six of clubs: any club left
    # (3c 4c 9c Tc Jc Qc Kc Ac) gives it the best flush (5c6d makes one too, with the five of
    # clubs below the six); the 35 other cards leave all three tied.
    r = outs(["5c6d", "5h6s", "5s6c"], "7c 8c 2c")
    assert r.leader is None and r.winners == (0, 1, 2)
    assert names(r.outs(2)) == sorted("3c 4c 9c Tc Jc Qc Kc Ac".split())
    assert r.outs(0) == r.outs(1) == () and len(r.ties) == 35
    assert {o.winners for o in r.ties} == {(0, 1, 2)}
    assert "35 ties of players 0, 1, 2:" in str(r)


@pytest.mark.parametrize("seed, players", [(1, 3), (2, 4), (3, 6), (4, 9)])
def test_every_card_against_the_oracle(seed, players):
    rng = np.random.default_rng(500 + seed)
    cards = rng.choice(52, size=2 * players + 4, replace=False).tolist()
    holes = [cards[2 * p : 2 * p + 2] for p in range(players)]
    board = cards[2 * players : 2 * players + 3 + seed % 2]
    r = outs(holes, board)
    known = set(cards[: 2 * players]) | set(board)
    assert [o.card.index for o in r.outcomes] == [c for c in range(52) if c not in known]
    for o in r.outcomes:
        ranks = [rank_hand(hole + board + [o.card.index]) for hole in holes]
        best = max(ranks)
        assert o.winners == tuple(p for p, rank in enumerate(ranks) if rank == best)


@pytest.mark.parametrize(
    "players, board",
    [
        (["AsKs", "QhQd", "8c9c"], "Js Ts 2c"),
        (["5c6d", "5h6s", "5s6c"], "7c 8c 2c"),
        (["Ah Ad", "Kc Qc", "7s 7d", "2h 3h"], "Jc Tc 2d 9h"),
    ],
)
def test_asp_engine_agrees_with_the_table_engine(players, board):
    ours, theirs = outs(players, board, engine="asp"), outs(players, board)
    assert ours == theirs and ours.to_dict() == theirs.to_dict()


def test_player_counts_and_command_line(capsys):
    from pysolver.cli import main

    with pytest.raises(PlayerCountError):
        outs(["AsKs"], "Js Ts 2c")
    with pytest.raises(PlayerCountError, match="10 players"):
        outs([f"{r}c{r}d" for r in "23456789TJ"], "Qs Ks As")
    assert main(["outs", "AsKs", "QhQd", "8c9c", "--board", "Js Ts 2c", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [len(p["outs"]) for p in out["players"]] == [16, 24, 3] and out["winners"] == [1]
    assert main(["outs", "AsKs", "QhQd", "8c9c", "--board", "Js Ts 2c"]) == 0
    assert "3 cards put player 2 (8c 9c) ahead:" in capsys.readouterr().out
