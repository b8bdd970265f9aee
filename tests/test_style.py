"""The code's style and types: ruff's lint and format, and mypy, as configured in pyproject.toml
(``[tool.ruff]``, ``[tool.mypy]``)."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "--no-cache", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_code_is_formatted():
    done = _run("ruff", "format", "--no-cache", "--check", ".")
    assert done.returncode == 0, f"{done.stdout}{done.stderr}run: ruff format ."


@pytest.mark.heavy
def test_mypy_finds_nothing():
    done = _run("mypy")
    assert done.returncode == 0, done.stdout + done.stderr
