"""The pytest plugin: ``pytest --conform`` in another project, and the ``pysolver_conform`` fixture."""

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from pysolver.evaluator import evaluate

from ..helpers import equity_calcs

EVALUATORS = textwrap.dedent(
    """
    from pysolver import evaluate

    def good(cards):
        return evaluate(cards)

    def no_wheel(cards):
        ranks = sorted("23456789TJQKA".index(c[0]) for c in cards)
        return evaluate(cards) if ranks != [0, 1, 2, 3, 12] else 1  # the wheel worth nothing
    """
)


def run_pytest(folder, *args):
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_pytest_conform_passes_a_right_evaluator_and_fails_a_wrong_one(tmp_path):
    (tmp_path / "myeval.py").write_text(EVALUATORS)
    good = run_pytest(tmp_path, "--conform", "myeval:good", "--conform-cards", "5")
    assert good.returncode == 0, good.stdout + good.stderr
    assert "1 passed" in good.stdout
    bad = run_pytest(tmp_path, "--conform", "myeval:no_wheel", "--conform-cards", "5")
    assert bad.returncode == 1
    assert "conform[myeval:no_wheel]" in bad.stdout and "wheel" in bad.stdout
    assert "Traceback" not in bad.stdout  # the report, not a traceback


DEUCE_TO_SEVEN = textwrap.dedent(
    """
    from tests.helpers.textbook import evaluate

    def right(cards):  # A-5-4-3-2 is ace high, no straight: the textbook's wheel bug is this game's rule
        return -evaluate(cards, bugs=("wheel",))

    def compare(a, b):
        return right(a) - right(b)

    def wheel_straight(cards):
        return -evaluate(cards)
    """
)


def test_pytest_conform_checks_a_game_and_a_comparison(tmp_path):
    (tmp_path / "lowball.py").write_text(DEUCE_TO_SEVEN)
    root = str(Path(__file__).resolve().parents[2])
    common = ("--conform-rules", "deuce_to_seven", "--rootdir", str(tmp_path), "-o", f"pythonpath={root}")
    good = run_pytest(tmp_path, "--conform", "lowball:right", *common)
    assert good.returncode == 0, good.stdout + good.stderr
    compared = run_pytest(tmp_path, "--conform", "lowball:compare", "--conform-compare", *common)
    assert compared.returncode == 0, compared.stdout + compared.stderr
    bad = run_pytest(tmp_path, "--conform", "lowball:wheel_straight", *common)
    assert bad.returncode == 1 and "the deuce-to-seven wheel" in bad.stdout


def test_pytest_conform_equity_runs_a_calculator(tmp_path):
    (tmp_path / "calc.py").write_text("from tests.helpers.equity_calcs import ties_as_wins\n")
    root = str(Path(__file__).resolve().parents[2])  # where tests.helpers is
    bad = run_pytest(
        tmp_path, "--conform-equity", "calc:ties_as_wins", "--rootdir", str(tmp_path), "-o", f"pythonpath={root}"
    )
    assert bad.returncode == 1 and "ties: two hands before the flop" in bad.stdout


def test_the_fixture_returns_the_report_or_fails_the_test(pysolver_conform):
    assert pysolver_conform(lambda cards: evaluate(cards), cards=5).ok
    assert pysolver_conform(equity_calcs.right, equity=True).spots == 10
    with pytest.raises(pytest.fail.Exception, match="ties counted in full"):
        pysolver_conform(equity_calcs.ties_as_wins, equity=True)
