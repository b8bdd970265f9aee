"""Every runout of a game solved by clingo: its equities are the evaluator's exact counts, fraction for fraction."""

from fractions import Fraction

import pytest

from pysolver import PokerInputError, runouts
from pysolver.odds import SHARE_UNIT, game_equity


@pytest.mark.parametrize(
    ("players", "board", "rules"),
    [
        (["Ah 3h Kd Qd", "As 2s 9c 9d"], "2c 5d 8h Kc", "omaha_hi_lo"),
        (["Ah 2h", "Ad 3d", "Kc Ks"], "4c 5d 9h Jc", "holdem_hi_lo"),
        (["Ah Kh Qd 2c", "7c 7d 3c 4d"], "Jh Th 2d 5s", "omaha"),
        pytest.param(["Ah 3h Kd Qd", "As 2s 9c 9d"], "2c 5d 8h", "omaha_hi_lo", marks=pytest.mark.heavy),
    ],
)
def test_the_asp_equity_of_every_runout_is_the_evaluators(players, board, rules):
    report = runouts(players, board, rules=rules)
    counted = game_equity(players, board, rules=rules)
    assert counted.exact and report.runouts == counted.deals
    assert list(report.equity) == [Fraction(p.shares, SHARE_UNIT * counted.deals) for p in counted.players]
    assert [round(s / report.runouts, 12) for s in report.scoops] == [round(p.scoop, 12) for p in counted.players]
    assert report.to_dict()["players"][0]["equity_fraction"] == str(report.equity[0])


def test_runouts_of_a_game_take_a_flop_or_a_turn():
    with pytest.raises(PokerInputError, match="a flop or a turn"):
        runouts(["Ah 3h Kd Qd", "As 2s 9c 9d"], "2c 5d 8h Kc Ks", rules="omaha_hi_lo")
    with pytest.raises(PokerInputError, match="a flop or a turn"):
        runouts(["Ah 2d 3c 4s 5h 6c 7c", "Kh Qd Jc Ts 9h 8c 8d"], "", rules="razz")
