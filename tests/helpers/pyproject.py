"""The project's ``pyproject.toml``, read (``tomllib`` from Python 3.11, ``tomli`` before it).

>>> pyproject()["project"]["name"]
'pysolver-holdem'
"""

import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10, with the test extra's tomli
    import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def pyproject() -> dict:
    """The parsed ``pyproject.toml`` of the tree the tests run in."""
    return tomllib.loads(PYPROJECT.read_text())
