"""The scripts in examples/ run against the public API and print what they say they print."""

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.heavy  # each example in a process of its own

EXAMPLES = Path(__file__).parent.parent / "examples"
#: A line each example prints, worked out independently of the script (a hand read by eye or a
#: published count).
EXPECTED = {
    "showdown.py": "player 1: Qh Qd Js Ts 7h  Pair of Queens",
    "equity.py": "Chen AKs: 12",
    "hand_strength.py": "ahead 628, tied 9, behind 444",
    "runouts.py": "of 990",
    "rule_experiment.py": "wrapped:",
    "variants.py": "short_deck",
    "crossval.py": "agree",
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_runs(name):
    done = subprocess.run([sys.executable, str(EXAMPLES / name)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert EXPECTED[name] in done.stdout


def test_every_example_is_run():
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(EXPECTED)
