"""Hand strength: published counts, hands worked by hand, and the separate brute force."""

import numpy as np
import pytest

from pysolver.core._cards import parse_cards
from pysolver.core._errors import CardCountError, DuplicateCardError, PlayerCountError, RangeError
from pysolver.core._ranges import COMBOS, parse_range
from pysolver.odds._strength import HandStrength, hand_strength
from tests.helpers.strength_oracle import brute_strength, rank_hand


def idx(text):
    return [c.index for c in parse_cards(text)]


def test_oracle_ranks_hands_worked_by_hand():
    royal = idx("As Ks Qs Js Ts")
    wheel_flush = idx("5d 4d 3d 2d Ad")
    quads = idx("9c 9d 9h 9s Ac")
    boat = idx("Kc Kd Kh 2s 2c")
    flush = idx("Ah Jh 8h 4h 2h")
    wheel = idx("Ac 2d 3h 4s 5c")
    six_high = idx("2d 3h 4s 5c 6c")
    assert rank_hand(royal) > rank_hand(wheel_flush) > rank_hand(quads) > rank_hand(boat)
    assert rank_hand(boat) > rank_hand(flush) > rank_hand(six_high) > rank_hand(wheel)
    assert rank_hand(wheel) == (4, 3)
    # two pair on a 7-card hand: the best kicker counts, the third pair does not
    assert rank_hand(idx("Ac Ad Kc Kd Qc Qd 2s")) == (2, 12, 11, 10)


def test_published_worked_example():
    # Billings et al.: AdQc on 3h 4c Jh is ahead of 628, tied with 9, behind 444 of the
    # 1,081 holdings, HS = 0.585; the brute force agrees.
    s = hand_strength("AdQc", "3h 4c Jh")
    assert (s.ahead, s.tied, s.behind) == (628, 9, 444)
    assert (s.ahead, s.tied, s.behind) == brute_strength(idx("AdQc"), idx("3h4cJh"))
    assert s.total == 1081
    assert round(s.hs, 3) == 0.585
    assert s.against(1) == s.hs
    assert s.against(3) == pytest.approx(((628 + 4.5) / 1081) ** 3)


@pytest.mark.parametrize("seed", range(6))
def test_agrees_with_brute_force_on_random_boards(seed):
    rng = np.random.default_rng(seed)
    cards = rng.choice(52, size=2 + 5 + 3, replace=False).tolist()
    hole, size = cards[:2], (3, 4, 5)[seed % 3]
    board, dead = cards[2 : 2 + size], cards[7 : 7 + seed % 3]
    s = hand_strength(hole, board, dead=dead)
    assert (s.ahead, s.tied, s.behind) == brute_strength(hole, board, dead)


def test_the_nuts_on_the_river_has_strength_one():
    # A royal flush: ahead of all C(45, 2) = 990 holdings.
    s = hand_strength("As Ks", "Qs Js Ts 2c 3d")
    assert (s.ahead, s.tied, s.behind) == (990, 0, 0)
    assert s.hs == 1.0


def test_a_board_that_plays_ties_everyone():
    # A royal flush on the board: every holding ties, HS = 1/2.
    s = hand_strength("2c 3d", "Ah Kh Qh Jh Th")
    assert (s.ahead, s.tied, s.behind) == (0, 990, 0)
    assert s.hs == 0.5


def test_range_weighting_worked_by_hand():
    # QQ+ after removing Qc and Ad: QQ 3 combos, KK 6, AA 3 = 12; AJs without Ad and Jh:
    # AcJc, AsJs = 2; half of JJ without Jh (3 combos) = 1.5. All 15.5 beat AdQc on 3h 4c Jh.
    s = hand_strength("AdQc", "3h 4c Jh", opponent_range="QQ+, AJs, 0.5(JJ)")
    assert (s.ahead, s.tied, s.behind) == (0.0, 0.0, 15.5)
    assert s.hs == 0.0


def test_range_weighting_agrees_with_brute_force():
    hole, board = idx("Th 9h"), idx("8h 7c 2d Kd")
    rng = parse_range("22+, A2s+, KTo+, 0.25(T9s), JsTs:0.5")
    known = set(hole) | set(board)
    expected = [0.0, 0.0, 0.0]
    mine = rank_hand(hole + board)
    for (a, b), w in zip(COMBOS.tolist(), rng.weights):
        if w and a not in known and b not in known:
            theirs = rank_hand([a, b] + board)
            expected[0 if mine > theirs else 1 if mine == theirs else 2] += w
    s = hand_strength(hole, board, opponent_range=rng)
    assert (s.ahead, s.tied, s.behind) == pytest.approx(tuple(expected))
    # "random" keeps the unweighted integer counts
    assert hand_strength(hole, board, opponent_range="random") == hand_strength(hole, board)


def test_result_type():
    s = HandStrength(3, 2, 5)
    assert (s.total, s.hs) == (10, 0.4)
    with pytest.raises(AttributeError):
        s.ahead = 4  # frozen
    with pytest.raises(PlayerCountError, match="opponents 0"):
        s.against(0)


@pytest.mark.parametrize(
    "hole, board, dead, error, text",
    [
        ("AdQc", "3h 4c", (), CardCountError, "board '3h 4c'"),
        ("AdQc", "3h 4c", (), CardCountError, "3h 4c"),
        ("AdQc", "Ad 4c Jh", (), DuplicateCardError, "Ad"),
        ("AdQc", "3h 4c Jh", "3h", DuplicateCardError, "3h"),
        ("AdQcKd", "3h 4c Jh", (), CardCountError, "Ad Qc Kd"),
    ],
)
def test_bad_input(hole, board, dead, error, text):
    with pytest.raises(error, match=text):
        hand_strength(hole, board, dead=dead)


def test_bad_range():
    with pytest.raises(RangeError, match="AKx"):
        hand_strength("AdQc", "3h 4c Jh", opponent_range="AKx")
    with pytest.raises(RangeError, match="no holding"):
        hand_strength("AdQc", "3h 4c Jh", opponent_range="AdQd")  # holds our Ad


def test_command_line_json(capsys):
    import json

    from pysolver.cli import main

    assert main(["strength", "AdQc", "--board", "3h4cJh", "--opponents", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["ahead"], out["tied"], out["behind"]) == (628, 9, 444)
    assert out["hs_n"] == pytest.approx(((628 + 4.5) / 1081) ** 2)
    assert out["one_card"]["counts"]["tied"] == {"ahead": 0, "tied": 396, "behind": 9}
    assert out["two_cards"]["counts"]["tied"] == {"ahead": 0, "tied": 8370, "behind": 540}
    assert round(out["two_cards"]["ppot"], 3) == 0.208


def test_command_line_text_and_errors(capsys):
    from pysolver.cli import main

    assert main(["strength", "As Ks", "--board", "Qs Js Ts 2c 3d"]) == 0
    out = capsys.readouterr().out
    assert "HS 1.0000" in out and "ahead 990, tied 0, behind 0" in out
    assert main(["strength", "AdQc", "--board", "3h4cJh", "--range", "QQ+"]) == 0
    assert "behind 12.00" in capsys.readouterr().out  # QQ 3 + KK 6 + AA 3 combos
    assert main(["strength", "AdQx", "--board", "3h4cJh"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'Qx'" in err
    assert main(["strength", "AdQc", "--board", "3h4cJh", "--opponents", "30"]) == 2
    assert "30 opponents" in capsys.readouterr().err


def test_docstring_examples():
    import doctest

    from pysolver.odds import _outs as outs
    from pysolver.odds import _potential as potential
    from pysolver.odds import _strength as strength

    for module in (strength, potential, outs):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module.__name__
