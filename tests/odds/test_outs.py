"""Outs: deals counted by hand, and every card against the separate brute force."""

import numpy as np
import pytest

from pysolver.core._cards import parse_cards
from pysolver.core._categories import Category, describe
from pysolver.core._errors import CardCountError, DuplicateCardError, PlayerCountError
from pysolver.odds._outs import ENGINES, outs
from tests.helpers.strength_oracle import brute_outs, rank_hand


def idx(text):
    return [c.index for c in parse_cards(text)]


def names(outcomes):
    return sorted(str(o.card) for o in outcomes)


def words(cards):
    """The oracle's rank in the project's words (its tuples follow the tie-break convention)."""
    category, *ranks = rank_hand(cards)
    if category == Category.STRAIGHT_FLUSH and ranks == [12]:
        category = Category.ROYAL_FLUSH
    return describe(Category(category), ranks)


def test_straight_flush_draw_against_an_overpair_counted_by_hand():
    # AsKs vs QhQd on Js Ts 2c: the queens lead with a pair. 45 unseen cards. AsKs goes ahead with
    #   9 spades 2s 3s 4s 5s 6s 7s 8s 9s Qs (a flush; Qs the royal flush),
    #   the last queen Qc (Broadway straight; QQ's trips lose to it),
    #   3 aces and 3 kings (a higher pair than the queens).
    # That is 16 outs; a nine gives QQ only a straight draw and changes nothing. The other 29
    # keep QQ ahead, with two pair when the board pairs (Jc Jd Jh, Tc Td Th, 2d 2h).
    r = outs(["AsKs", "QhQd"], "Js Ts 2c")
    assert r.leader == 1
    assert r.hands == ("High card, Ace-King-Jack-Ten-Two", "Pair of Queens, Jack-Ten-Two kickers")
    assert names(r.outs(0)) == sorted("2s 3s 4s 5s 6s 7s 8s 9s Qs Qc Ac Ad Ah Kc Kd Kh".split())
    assert len(r.outs(1)) == 29 and r.ties == ()
    hand = {str(o.card): o for o in r.outcomes}
    assert hand["Qs"].hands[0] == "Royal flush" and hand["Qs"].categories[0] is Category.ROYAL_FLUSH
    assert hand["Qc"].hands[0] == "Straight, Ace high"
    assert hand["Qc"].categories == (Category.STRAIGHT, Category.THREE_OF_A_KIND)
    assert hand["9s"].categories[0] is Category.FLUSH
    assert hand["Ah"].hands[0] == "Pair of Aces, King-Jack-Ten kickers"
    assert hand["Jc"].hands[1] == "Two pair, Queens and Jacks, Ten kicker"
    assert hand["9c"].leader == 1 and hand["9c"].hands[1] == "Pair of Queens, Jack-Ten-Nine kickers"
    two_pair = [o for o in r.outs(1) if o.categories[1] is Category.TWO_PAIR]
    assert names(two_pair) == sorted("Jc Jd Jh Tc Td Th 2d 2h".split())


def test_flush_draw_against_a_set_on_the_turn_counted_by_hand():
    # AhKh vs 7c7d on 7h 2h 3c 9s: the set leads. 44 unseen cards. The 9 hearts left are
    # 3h 4h 5h 6h 8h 9h Th Jh Qh; 3h and 9h pair the board and fill the sevens (full house),
    # so 7 outs remain. No ace or king helps; the 7s gives quads.
    r = outs(["AhKh", "7c7d"], "7h 2h 3c 9s")
    assert names(r.outs(0)) == sorted("4h 5h 6h 8h Th Jh Qh".split())
    assert len(r.outs(1)) == 37 and r.ties == ()
    hand = {str(o.card): o for o in r.outcomes}
    assert hand["7s"].categories[1] is Category.FOUR_OF_A_KIND
    assert hand["9h"].hands[1] == "Full house, Sevens full of Nines"


def test_ties_counted_by_hand():
    # 5c6d vs 5h6s on 7c 8c 2c: the same ranks, so they tie now and on any card that is not a
    # club (a 4 or a 9 gives both the same straight). Only 5c6d holds a club: the 9 clubs left,
    # 3c 4c 6c 9c Tc Jc Qc Kc Ac, give it a flush (no straight flush: 6d is a diamond).
    # 45 unseen cards: 9 outs for 5c6d, none for 5h6s, 36 ties.
    r = outs(["5c6d", "5h6s"], "7c 8c 2c")
    assert r.leader is None
    assert names(r.outs(0)) == sorted("3c 4c 6c 9c Tc Jc Qc Kc Ac".split())
    assert {o.categories[0] for o in r.outs(0)} == {Category.FLUSH}
    assert r.outs(1) == () and len(r.ties) == 36
    assert all(o.card.suit != 0 for o in r.ties)


@pytest.mark.parametrize("seed", range(6))
def test_every_card_agrees_with_brute_force(seed):
    rng = np.random.default_rng(300 + seed)
    cards = rng.choice(52, size=10, replace=False).tolist()
    first, second = cards[:2], cards[2:4]
    board = cards[4 : 7 + seed % 2]
    dead = cards[8 : 8 + seed % 3]
    r = outs([first, second], board, dead=dead)
    expected = brute_outs(first, second, board, dead)
    assert [o.card.index for o in r.outcomes] == sorted(expected)
    for o in r.outcomes:
        assert o.leader == {1: 0, -1: 1, 0: None}[expected[o.card.index]]
        assert o.hands == (words(first + board + [o.card.index]), words(second + board + [o.card.index]))


def test_engine_choice_and_errors():
    assert "table" in ENGINES
    with pytest.raises(ValueError, match="'nope'"):
        outs(["AsKs", "QhQd"], "Js Ts 2c", engine="nope")
    with pytest.raises(CardCountError, match="flop or a turn"):
        outs(["AsKs", "QhQd"], "Js Ts 2c 7h 3d")
    with pytest.raises(CardCountError, match="flop or a turn"):
        outs(["AsKs", "QhQd"], "")
    with pytest.raises(DuplicateCardError, match="Qh"):
        outs(["AsKs", "QhQd"], "Js Ts Qh")
    with pytest.raises(DuplicateCardError, match="Js"):
        outs(["AsKs", "QhQd"], "Js Ts 2c", dead="Js")
    with pytest.raises(PlayerCountError):
        outs(["AsKs", "QhQd"], "Js Ts 2c").outs(2)


def test_command_line(capsys):
    import json

    from pysolver.cli import main

    assert main(["outs", "AsKs", "QhQd", "--board", "Js Ts 2c", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["leader"] == 1 and [len(p["outs"]) for p in out["players"]] == [16, 29]
    assert len(out["cards"]) == 45 and out["ties"] == []
    assert main(["outs", "AsKs", "QhQd", "--board", "Js Ts 2c", "--engine", "table"]) == 0
    text = capsys.readouterr().out
    assert "16 cards put player 0 (As Ks) ahead:" in text
    assert "Qs  -> Royal flush" in text
    assert main(["outs", "AsKs", "QhQd", "--board", "Js Ts 2c 3d 4d"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "flop or a turn" in err
