"""Shared test options: ``--runslow`` opts in to the long exhaustive runs.

The rule variants' evaluator tables are cached in a fresh folder per test run
(``PYSOLVER_CACHE``), so the tests build them and never read a stale cache.
"""

import os
import tempfile

import pytest

os.environ.setdefault("PYSOLVER_CACHE", tempfile.mkdtemp(prefix="pysolver-test-cache-"))


def pytest_addoption(parser):
    parser.addoption("--runslow", action="store_true", default=False,
                     help="run tests marked slow (exhaustive enumerations that take minutes)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--runslow"):
        return
    skip = pytest.mark.skip(reason="slow: opt in with --runslow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
