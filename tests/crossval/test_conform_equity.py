"""Equity calculators judged against exact counts: right ones pass, each bug shape is found."""

import json
import sys
from pathlib import Path

import pytest

from pysolver import PokerInputError, parse_cards
from pysolver.cli import main
from pysolver.crossval import check_equity, equity_spots
from pysolver.crossval._conform.equity_spots import equity_rows, equity_schema, exact_answer

from ..helpers import equity_calcs
from ..helpers.equity_brute import brute_equity

ROOT = Path(__file__).resolve().parents[2]


def test_the_small_spots_answers_are_the_brute_force_counts():
    """Every spot with known hands and four board cards or fewer to come, counted by plain Python."""
    checked = 0
    for spot in equity_spots():
        cards = spot.cards()
        if not all(isinstance(p, list) for p in cards["players"]) or len(cards["board"]) < 3:
            continue
        holes = [tuple(c.index for c in parse_cards(p)) for p in spot.players]
        board = tuple(c.index for c in parse_cards(spot.board))
        dead = tuple(c.index for c in parse_cards(spot.dead))
        _, shares, deals = brute_equity(holes, board, dead)
        assert exact_answer(spot).equities == pytest.approx([s / deals for s in shares], abs=1e-12), spot.name
        checked += 1
    assert checked == 5


def test_a_right_calculator_and_an_honest_sampler_pass():
    assert check_equity(equity_calcs.right).ok
    report = check_equity(equity_calcs.sampled)
    assert report.ok and report.spots == 10


def test_ties_counted_as_wins_lead_the_findings():
    report = check_equity(equity_calcs.ties_as_wins)
    first = report.findings[0]
    assert first["kind"] == "ties" and first["spot"] == "two hands before the flop"
    assert "ties counted in full" in first["message"]
    kinds = [f["kind"] for f in report.findings]
    assert kinds == sorted(kinds, key=("no answer", "ties", "equity").index)


def test_a_bias_and_an_overstated_precision_are_found_spot_by_spot():
    biased = check_equity(equity_calcs.biased)
    assert {f["kind"] for f in biased.findings} == {"equity"} and len(biased.findings) == biased.spots
    assert "off by 0.005000" in biased.findings[0]["message"]
    assert biased.findings[0]["spot"] == "two hands before the flop"  # the most basic spot first
    overconfident = check_equity(equity_calcs.overconfident)
    assert overconfident.findings and all("standard errors" in f["message"] for f in overconfident.findings)


@pytest.mark.parametrize(
    ("calculator", "words"),
    [(equity_calcs.raises, "RuntimeError: not implemented"), (equity_calcs.short, "expected 2 equities")],
)
def test_no_answer_is_a_finding(calculator, words):
    report = check_equity(calculator)
    assert report.findings[0]["kind"] == "no answer" and words in report.findings[0]["message"]


def test_a_hanging_calculator_is_stopped():
    report = check_equity(equity_calcs.hangs, timeout=0.5)
    assert len(report.findings) == report.spots and "no answer within 0.5 seconds" in report.findings[0]["message"]


def test_a_game_calculator_is_judged_on_the_games_spots():
    report = check_equity(equity_calcs.omaha_hi_lo, rules="omaha_hi_lo")
    assert report.ok and report.spots == 6
    forgets_the_low = check_equity(equity_calcs.omaha_high_only, rules="omaha_hi_lo")
    found = {f["spot"] for f in forgets_the_low.findings}
    assert "a tied low on the river, quartered" in found
    assert "no low: the board has two low cards" not in found  # without a low the high takes all: right there
    assert check_equity(equity_calcs.right, rules="omaha_hi_lo").findings[0]["kind"] == "no answer"


def test_the_command_line_takes_a_function_and_a_command(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    assert main(["conform", "--equity", "tests.helpers.equity_calcs:right"]) == 0
    assert "every equity agrees" in capsys.readouterr().out
    assert main(["conform", "--equity", "tests.helpers.equity_calcs:ties_as_wins", "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["findings"][0]["kind"] == "ties"
    command = f"{sys.executable} -m tests.helpers.equity_calcs biased"
    assert main(["conform", "--equity", "--command", command]) == 1
    assert "equity: two hands before the flop" in capsys.readouterr().out
    assert main(["conform", "--equity", "tests.helpers.equity_calcs:right", "--cards", "5"]) == 2
    assert "--cards checks a hand evaluator" in capsys.readouterr().err


def test_the_equity_vectors_read_back_against_their_schema():
    jsonschema = pytest.importorskip("jsonschema")
    rows = equity_rows()
    schema = equity_schema()
    for row in json.loads(json.dumps(rows)):
        jsonschema.validate(row, schema)
        assert sum(row["equity"]) == pytest.approx(1.0)
        if "wins_ties_losses" in row:
            assert all(sum(c) == pytest.approx(row["deals"]) for c in row["wins_ties_losses"])


def test_bad_options_are_one_error():
    with pytest.raises(PokerInputError, match="tolerance"):
        check_equity(equity_calcs.right, tolerance=0)
    with pytest.raises(PokerInputError, match="does not import"):
        check_equity("no_such_module:f")
