"""Hand strength before the flop: the all-in equity against one opponent over every board."""

import json

import pytest

from pysolver import hand_report, hand_strength
from pysolver.core._errors import CardCountError, DuplicateCardError, PlayerCountError


def test_against_a_random_hand_from_the_exact_table():
    # Published all-in equities against one random hand (PokerStove): AA 85.20%, AKs 67.04%,
    # 72o 34.58%; 1,225 opponent holdings x C(48, 5) = 1,712,304 boards = 2,097,572,400 deals.
    for hand, published in (("As Ah", 0.8520), ("Ah Kh", 0.6704), ("7c 2d", 0.3458)):
        s = hand_strength(hand)
        assert s.total == 2_097_572_400 and round(s.hs, 4) == published
    assert hand_strength("As Ah").ahead == 1_781_508_418


def test_against_one_hand_counted_exactly():
    # AcAd against KsKh: 1,712,304 boards, of which the aces win 1,388,072 and tie 6,538.
    s = hand_strength("AcAd", opponent_range="KsKh")
    assert (s.ahead, s.tied, s.behind) == (1_388_072, 6_538, 317_694)


def test_hs_n_and_the_report():
    report = hand_report("Ah Kh", opponents=3)
    assert report.hs == pytest.approx(report.strength.hs**3)
    assert report.one_card is None and report.two_cards is None and report.ehs == report.hs
    assert str(report).splitlines()[0] == "hand Ah Kh   preflop"
    with pytest.raises(PlayerCountError, match="opponents"):
        hand_report("Ah Kh", opponents=30)


def test_command_line(capsys):
    from pysolver.cli import main

    assert main(["strength", "AsAh", "--opponents", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["board"] == [] and round(out["hs"], 4) == 0.852 and out["hs_n"] == pytest.approx(out["hs"] ** 2)
    assert main(["strength", "AsAh"]) == 0
    assert "deals over every opponent holding and board" in capsys.readouterr().out


def test_bad_input_preflop():
    # the hand is two hole cards, as on a board: a range or 'random' is refused, not enumerated
    with pytest.raises(CardCountError, match="'random'"):
        hand_strength("random")
    with pytest.raises(CardCountError, match="'QQ\\+'"):
        hand_strength("QQ+", opponent_range="AA")
    with pytest.raises(DuplicateCardError, match="'As'"):
        hand_strength("As Kd", dead="As")
