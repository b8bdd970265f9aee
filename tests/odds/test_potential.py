"""Hand potential: the separate brute force, a table worked by hand, the published example."""

from itertools import combinations

import numpy as np
import pytest

from pysolver.core._cards import parse_cards
from pysolver.core._errors import CardCountError, PlayerCountError
from pysolver.odds._potential import hand_potential, hand_report
from pysolver.odds._potential_report import HandPotential
from tests.helpers.strength_oracle import brute_potential, brute_strength, ppot_npot, rank_hand

# HP[before][after] of AdQc on 3h 4c Jh with two cards to come, from
# tests/helpers/strength_oracle.brute_potential (about 35 s: re-checked by the slow test below).
# Its PPot2 = 0.20832 and NPot2 = 0.27369 are the literature's 0.208 and 0.274.
ADQC_TWO_CARDS = ((449005, 3211, 169504), (0, 8370, 540), (91981, 1036, 346543))


def idx(text):
    return [c.index for c in parse_cards(text)]


def table(pot: HandPotential):
    return [list(row) for row in pot.counts]


@pytest.mark.heavy
def test_published_example_one_card():
    hp = brute_potential(idx("AdQc"), idx("3h4cJh"), 1)
    pot = hand_potential("AdQc", "3h 4c Jh", 1)
    assert table(pot) == hp
    assert (pot.ppot, pot.npot) == pytest.approx(ppot_npot(hp))
    # every holding meets 45 turn cards
    assert pot.totals == (628 * 45, 9 * 45, 444 * 45)


def test_published_example_two_cards():
    pot = hand_potential("AdQc", "3h 4c Jh", 2)
    assert pot.counts == ADQC_TWO_CARDS
    assert pot.totals == (628 * 990, 9 * 990, 444 * 990)
    assert round(pot.ppot, 3) == 0.208 and round(pot.npot, 3) == 0.274


@pytest.mark.heavy
def test_published_example_two_cards_against_brute_force():
    assert [list(r) for r in ADQC_TWO_CARDS] == brute_potential(idx("AdQc"), idx("3h4cJh"), 2)


@pytest.mark.heavy
@pytest.mark.parametrize("seed", range(4))
def test_one_card_agrees_with_brute_force(seed):
    rng = np.random.default_rng(100 + seed)
    cards = rng.choice(52, size=2 + 4 + 2, replace=False).tolist()
    hole, board = cards[:2], cards[2 : 5 + seed % 2]  # flops and turns
    dead = cards[6 : 6 + seed % 3]
    assert table(hand_potential(hole, board, 1, dead=dead)) == brute_potential(hole, board, 1, dead)


@pytest.mark.heavy
@pytest.mark.parametrize("seed", range(2))
def test_two_cards_agrees_with_brute_force_with_many_dead_cards(seed):
    # 20 dead cards shrink the enumeration to 27 unseen cards for the pure-Python oracle.
    rng = np.random.default_rng(200 + seed)
    cards = rng.choice(52, size=25, replace=False).tolist()
    hole, board, dead = cards[:2], cards[2:5], cards[5:]
    assert table(hand_potential(hole, board, 2, dead=dead)) == brute_potential(hole, board, 2, dead)


def test_made_flush_on_the_turn_loses_only_to_the_board_pairing():
    # AhQh on Kh 8h 2h 5c: the nut flush, no straight flush possible (hearts K, 8, 2 are too
    # far apart, the wheel needs our Ah), so it is ahead of all C(46, 2) = 1,035 holdings.
    # On the river only a full house or quads beats it, and only a holding with board ranks:
    #   sets KK/88/22/55 (3 combos each, 12): the 9 cards pairing another board rank or the
    #   1 quad card -> 10 rivers each, 120;
    #   two pair with the board (6 rank pairs x 9 combos, 54): 2 + 2 cards fill either
    #   pair -> 4 rivers each, 216.
    # So HP[ahead][behind] = 336 of 1,035 x 44 = 45,540, and no tie can happen (we hold Ah).
    pot = hand_potential("AhQh", "Kh 8h 2h 5c", 1)
    assert pot.counts == ((45540 - 336, 0, 336), (0, 0, 0), (0, 0, 0))
    assert pot.npot == 336 / 45540
    assert pot.ppot == 0.0  # never behind or tied: nothing to gain


def test_report_combines_the_formulas():
    r = hand_report("AdQc", "3h 4c Jh", opponents=2)
    hs = (628 + 4.5) / 1081
    assert r.strength.hs == pytest.approx(hs)
    assert r.hs == pytest.approx(hs**2)
    assert r.one_card.cards_to_come == 1 and r.two_cards.counts == ADQC_TWO_CARDS
    ppot, npot = ppot_npot(ADQC_TWO_CARDS)
    assert r.ehs == pytest.approx(hs**2 + (1 - hs**2) * ppot)
    assert r.win_probability == pytest.approx(hs**2 * (1 - npot) + (1 - hs**2) * ppot)
    d = r.to_dict()
    assert d["two_cards"]["counts"]["behind"] == {"ahead": 91981, "tied": 1036, "behind": 346543}
    assert (d["ahead"], d["tied"], d["behind"], d["opponents"]) == (628, 9, 444, 2)


def test_report_on_the_turn_and_river():
    turn = hand_report("Th 9h", "8h 7c 2d Kd")
    assert turn.two_cards is None and turn.potential is turn.one_card
    hp = brute_potential(idx("Th9h"), idx("8h7c2dKd"), 1)
    ppot, npot = ppot_npot(hp)
    a, t, b = brute_strength(idx("Th9h"), idx("8h7c2dKd"))
    hs = (a + t / 2) / (a + t + b)
    assert turn.ehs == pytest.approx(hs + (1 - hs) * ppot)
    assert turn.win_probability == pytest.approx(hs * (1 - npot) + (1 - hs) * ppot)
    river = hand_report("As Ks", "Qs Js Ts 2c 3d")
    assert (river.hs, river.ehs, river.win_probability, river.one_card) == (1.0, 1.0, 1.0, None)


def _brute_weighted(hole, board, combos, cards_to_come):
    """HP over a few weighted opponent combos, every runout, by the oracle's ranking."""
    hp = [[0.0] * 3 for _ in range(3)]

    def state(m, o):
        return 0 if m > o else 1 if m == o else 2

    for opp, weight in combos:
        before = state(rank_hand(hole + board), rank_hand(opp + board))
        unseen = [c for c in range(52) if c not in hole + board + opp]
        for runout in combinations(unseen, cards_to_come):
            after = state(rank_hand(hole + board + list(runout)), rank_hand(opp + board + list(runout)))
            hp[before][after] += weight
    return hp


@pytest.mark.parametrize("cards_to_come", [1, 2])
def test_range_weighted_potential_agrees_with_brute_force(cards_to_come):
    # 5h6h (an open-ended straight-flush draw) at weight 1 and KK at weight 1/2, less the cards
    # in sight: all six KK combos remain.
    hole, board = idx("AdQc"), idx("3h4cJh")
    combos = [(idx("5h6h"), 1.0)] + [(list(pair), 0.5) for pair in combinations(idx("Kc Kd Kh Ks"), 2)]
    pot = hand_potential("AdQc", "3h 4c Jh", cards_to_come, opponent_range="5h6h, 0.5(KK)")
    assert sum(map(sum, pot.counts)) == 4 * (45 if cards_to_come == 1 else 990)
    assert table(pot) == _brute_weighted(hole, board, combos, cards_to_come)


@pytest.mark.parametrize(
    "call, error, text",
    [
        (lambda: hand_potential("AdQc", "3h 4c Jh 5s 6s", 1), CardCountError, "3 or 4"),
        (lambda: hand_potential("AdQc", "3h 4c Jh 5s", 2), CardCountError, "2 cards to come"),
        (lambda: hand_report("AdQc", "3h 4c"), CardCountError, "board '3h 4c'"),
        (lambda: hand_report("AdQc", "3h 4c Jh", opponents=0), PlayerCountError, "opponents 0"),
        (lambda: hand_report("AdQc", "3h 4c Jh", opponents=23), PlayerCountError, "23 opponents"),
    ],
)
def test_bad_input(call, error, text):
    with pytest.raises(error, match=text):
        call()


@pytest.mark.parametrize("board", ["", "Qs Js Ts", "Qs Js Ts 9h"])
def test_the_deck_deals_every_opponent_on_every_street(board):
    """A short deck of 36 cards deals 15 hands beside a full board, not 16: the same answer preflop
    as on the flop and turn."""
    assert hand_report("As Ks", board, opponents=14, rules="short_deck").opponents == 14
    with pytest.raises(PlayerCountError, match="15 opponents: 16 players: the 36-card"):
        hand_report("As Ks", board, opponents=15, rules="short_deck")
