"""Shared test options: ``--runslow`` opts in to the long exhaustive runs.

The rule variants' evaluator tables are cached in a fresh folder per test run
(``PYSOLVER_CACHE``, made when the run starts and deleted when it ends), so the
tests build them and never read a stale cache, and leave nothing behind.
"""

import os
import shutil
import tempfile

import pytest

_MADE = []      # the cache folder this run made, deleted at its end


def pytest_configure(config):
    if not os.environ.get("PYSOLVER_CACHE"):
        folder = tempfile.mkdtemp(prefix="pysolver-test-cache-")
        os.environ["PYSOLVER_CACHE"] = folder
        _MADE.append(folder)


def pytest_unconfigure(config):
    while _MADE:
        folder = _MADE.pop()
        shutil.rmtree(folder, ignore_errors=True)
        if os.environ.get("PYSOLVER_CACHE") == folder:
            del os.environ["PYSOLVER_CACHE"]


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


@pytest.fixture(scope="session")
def dask_scheduler():
    """The address of a local Dask cluster of two worker processes (one thread each) for the
    whole test run; a worker holds only the task it runs, and its nanny restarts it when a
    test kills it."""
    import logging
    import dask
    from distributed import LocalCluster
    with dask.config.set({"distributed.scheduler.worker-saturation": 1.0}), \
            LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0",
                         silence_logs=logging.CRITICAL) as cluster:
        yield cluster.scheduler_address
