"""Every claim of the ASP explanations, checked against the evaluator on skewed random showdowns."""

import dataclasses

import numpy as np
import pytest

from pysolver import evaluate, solve_showdown
from pysolver.cli import main
from pysolver.core._explanation import HandRoles, Verdict
from pysolver.core._rules import rules_fingerprint, variant_path
from pysolver.crossval._explanations import check_explanation, crossval_explanations


@pytest.mark.heavy
def test_five_thousand_three_handed_river_showdowns():
    report = crossval_explanations(5000, players=3, seed=2024)
    assert report.ok, report.mismatches[:3]
    assert report.showdowns == 5000 and report.hands == 15000 and report.seed == 2024
    # every kind of decision is among them, and every category
    for kind in ("category", "lead", "kicker", "board_plays", "same_ranks"):
        assert report.cases[f"decided by {kind}"] > 50
    assert len(report.categories) == 10


@pytest.mark.heavy
@pytest.mark.parametrize(
    "players, cards, rules", [(2, 6, None), (4, 5, None), (2, 7, "short_deck"), (3, 7, "flush_beats_full_house")]
)
def test_other_streets_and_rules(players, cards, rules):
    report = crossval_explanations(600, players=players, cards=cards, seed=5, rules=rules)
    assert report.ok, report.mismatches[:3]


# --- The check finds a wrong claim: each kind of claim, falsified.
def hands(players, board):
    result = solve_showdown(players, board, explain=True)
    values = np.array([evaluate(list(h) + list(result.board)) for h in result.deal.players])
    return result, values, (evaluate(list(result.board)) if len(result.board) == 5 else 0)


def falsified(result, verdicts=None, roles=None):
    explanation = dataclasses.replace(
        result.explanation, verdicts=verdicts or result.explanation.verdicts, roles=roles or result.explanation.roles
    )
    return dataclasses.replace(result, explanation=explanation)


def test_true_claims_pass():
    for players, board in (
        (["Ah Qd", "Ac Jh"], "As Kd Kc 9s 9h"),
        (["Ah Ad", "Ac Kh"], "Ts Js Qd Kc As"),
        (["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d"),
    ):
        assert check_explanation(*hands(players, board)) == []


@pytest.mark.parametrize(
    "wrong",
    [
        Verdict((0, 1), "kicker", 0, (9, 10)),  # the ranks the wrong way round
        Verdict((0, 1), "kicker", 1, (10, 9)),  # the wrong kicker
        Verdict((0, 1), "lead", 2, (10, 9)),  # a lead, not a kicker
        Verdict((1, 0), "kicker", 0, (10, 9)),  # the wrong winner
        Verdict((0, 1), "tie", why="same_ranks"),  # no tie
    ],
)
def test_a_wrong_verdict_is_found(wrong):
    result, values, board = hands(["Ah Qd", "Ac Jh"], "As Kd Kc 9s 9h")
    assert result.explanation.verdicts == (Verdict((0, 1), "kicker", 0, (10, 9)),)
    [mismatch] = check_explanation(falsified(result, (wrong,)), values, board)
    assert mismatch["kind"] == "explanation"
    assert sorted(mismatch["evaluator"]["tiebreaks"]) == [[12, 11, 9], [12, 11, 10]]


def test_a_wrong_tie_reason_and_a_wrong_category_are_found():
    result, values, board = hands(["Ah Ad", "Ac Kh"], "Ts Js Qd Kc As")
    assert len(check_explanation(falsified(result, (Verdict((0, 1), "tie", why="same_ranks"),)), values, board)) == 1
    result, values, board = hands(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d")
    wrong = Verdict((1, 0), "category", 0, (result.players[1].category, result.players[1].category))
    assert len(check_explanation(falsified(result, (wrong,)), values, board)) == 1


def test_a_wrong_role_is_found():
    result, values, board = hands(["Ah Qd", "Ac Jh"], "As Kd Kc 9s 9h")
    roles = result.explanation.roles[0]
    swapped = HandRoles(
        tuple(
            (card, "low_pair" if role == "high_pair" else "high_pair" if role == "low_pair" else role)
            for card, role in roles.plays
        ),
        roles.idle,
    )
    [mismatch] = check_explanation(falsified(result, roles=(swapped, result.explanation.roles[1])), values, board)
    assert mismatch["kind"] == "roles" and mismatch["player"] == 0


def test_the_command(capsys):
    assert main(["crossval", "--explain", "300", "--players", "3", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert (
        out.startswith(
            f"cross-validation (explain, rules standard {rules_fingerprint([variant_path('standard').read_text()])}): "
            "300 showdowns, 900 hands, seed 3"
        )
        and "agree" in out
    )
    assert main(["crossval", "--explain", "10", "--chunk", "2"]) == 2
