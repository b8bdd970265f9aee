"""Shared test options: the fast loop, the full suite and the exhaustive runs.

``pytest`` is the fast loop: it leaves out the tests marked ``heavy`` (Dask clusters, resumed and long
runs, servers and browsers, whole-tree checks), which ``pytest --full`` runs too, as CI does. The tests
marked ``slow`` (exhaustive enumerations, minutes each) run only with ``--runslow``, which implies
``--full``. A test named by its node id, or a marker expression given with ``-m``, runs what it names.

The rule variants' evaluator tables are cached in a fresh folder per test run
(``PYSOLVER_CACHE``, made when the run starts and deleted when it ends), so the
tests build them and never read a stale cache, and leave nothing behind. Where numba is
installed, its loops compile on first use in the test process (``PYSOLVER_COMPILE=now``), so a
test runs on the same backend whatever this machine has compiled before; the tests of the
background compile set it themselves.
"""

import os
import shutil
import tempfile

import pytest

_MADE = []  # the cache folder this run made, deleted at its end
_LEFT_OUT = []  # how many heavy tests the fast loop left out


def pytest_configure(config):
    os.environ.setdefault("PYSOLVER_COMPILE", "now")
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
    parser.addoption(
        "--full",
        action="store_true",
        default=False,
        help="also run the tests marked heavy: the whole suite, as CI runs it",
    )
    parser.addoption(
        "--runslow",
        action="store_true",
        default=False,
        help="also run the tests marked slow (exhaustive enumerations that take minutes); implies --full",
    )


def pytest_collection_modifyitems(config, items):
    runslow = config.getoption("--runslow")
    if not runslow:
        skip = pytest.mark.skip(reason="slow: opt in with --runslow")
        for item in items:
            if "slow" in item.keywords:
                item.add_marker(skip)
    if runslow or config.getoption("--full") or config.option.markexpr:
        return
    named = tuple(arg for arg in config.args if "::" in arg)
    kept, heavy = [], []
    for item in items:
        wanted = "heavy" not in item.keywords or any(_names(arg, item) for arg in named)
        (kept if wanted else heavy).append(item)
    if heavy:
        config.hook.pytest_deselected(items=heavy)
        items[:] = kept
        _LEFT_OUT.append(len(heavy))


def _names(arg, item):
    """True if the command-line argument ``arg`` (a path with ``::``) names ``item``."""
    path, _, name = arg.partition("::")
    own = item.nodeid.split("::", 1)[1]
    return os.path.abspath(path) == str(item.path) and (own == name or own.startswith((name + "[", name + "::")))


def pytest_terminal_summary(terminalreporter):
    for count in _LEFT_OUT:
        terminalreporter.write_line(f"{count} heavy tests left out of the fast loop: pytest --full runs them")


@pytest.fixture(scope="session")
def dask_scheduler():
    """The address of a local Dask cluster of two worker processes (one thread each) for the
    whole test run; a worker holds only the task it runs, and its nanny restarts it when a
    test kills it."""
    import logging

    import dask
    from distributed import LocalCluster

    with (
        dask.config.set({"distributed.scheduler.worker-saturation": 1.0}),
        LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=logging.CRITICAL
        ) as cluster,
    ):
        yield cluster.scheduler_address
