"""The code's types, checked by mypy as configured in pyproject.toml (``[tool.mypy]``)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True)


@pytest.mark.heavy
def test_mypy_finds_nothing():
    done = _run("mypy")
    assert done.returncode == 0, done.stdout + done.stderr
