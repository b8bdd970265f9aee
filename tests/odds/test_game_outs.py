"""A game's outs, pot by pot: the evaluator and clingo's generic showdown agree card by card."""

import pytest

from pysolver import PokerInputError, outs, solve_showdown


@pytest.mark.parametrize(
    ("players", "board", "rules"),
    [
        (["Ah 3h Kd Qd", "As 2s 9c 9d"], "2c 5d Kh", "omaha_hi_lo"),
        (["Ah 3h Kd Qd", "As 3s 9c 9d", "7h 6h 4c 4d"], "2c 5d 8h Kc", "omaha_hi_lo"),
        (["Ah Kh Qd Jd", "9s 9c 8s 7c"], "Th 8d 2c 3s", "omaha"),
        (["Ah 2h", "Kd Kc"], "3c 4d 9s", "holdem_hi_lo"),
    ],
)
def test_the_evaluator_and_clingo_agree_on_every_next_card(players, board, rules):
    table = outs(players, board, rules=rules)
    assert table == outs(players, board, rules=rules, engine="asp")
    assert len(table.outcomes) == 52 - sum(len(p.split()) for p in players) - len(board.split())
    for outcome in table.outcomes[::7]:  # and a few against the showdown solved on its own
        solved = solve_showdown(players, f"{board} {outcome.card}", rules=rules)
        assert list(outcome.shares) == list(solved.shares)


def test_scoops_and_shares_split_the_cards():
    report = outs(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc", rules="omaha_hi_lo")
    assert len(report.shares(0)) == len(report.outcomes) == 40  # the A-3 low is tied on every river
    assert all(sum(o.shares) == 1 for o in report.outcomes)
    assert report.to_dict()["players"][1]["scoops"] == []


@pytest.mark.parametrize(
    ("players", "board", "rules", "words"),
    [
        (["Ah 3h Kd Qd", "random"], "2c 5d 8h", "omaha", "every player's hole cards, known"),
        (["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc Ks", "omaha", "a flop or a turn"),
        (["Ah 2d 3c 4s 5h", "Kh Qd Jc Ts 9h"], "", "razz", "a flop or a turn"),
    ],
)
def test_bad_input_is_one_line(players, board, rules, words):
    with pytest.raises(PokerInputError, match=words):
        outs(players, board, rules=rules)
