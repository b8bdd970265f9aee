"""Conformance in a project's own tests: a pytest plugin, installed with pysolver.

Two ways in, both failing with the report's findings (most basic first) when the code does
not conform:

- ``pytest --conform MODULE:FUNCTION`` adds one test that checks the hand evaluator
  (``--conform-rules``, ``--conform-cards``, ``--conform-pot`` choose the rule book or game,
  the hand size and the pot; ``--conform-compare``: a comparison function;
  ``--conform-winners``: a showdown function), and
  ``pytest --conform-equity MODULE:FUNCTION`` one that checks an equity calculator;
- the fixture ``pysolver_conform`` checks any evaluator from a test of one's own:
  ``pysolver_conform(evaluate, cards=5)``, or ``pysolver_conform(equity, equity=True)``,
  taking :func:`~pysolver.crossval.check_evaluator`'s or
  :func:`~pysolver.crossval.check_equity`'s options, and returns the report.

The plugin imports pysolver's engines only when a check runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("pysolver", "pysolver conformance")
    group.addoption("--conform", metavar="MODULE:FUNCTION", help="check this hand evaluator against the rules")
    group.addoption("--conform-equity", metavar="MODULE:FUNCTION", help="check this equity calculator")
    group.addoption("--conform-rules", metavar="RULES", default=None, help="the rule book (default: standard)")
    group.addoption(
        "--conform-cards", type=int, default=None, help="cards per hand (default: the game's whole deal, 7 in hold'em)"
    )
    group.addoption("--conform-pot", choices=["high", "low"], default=None, help="the pot the evaluator values")
    group.addoption(
        "--conform-compare", action="store_true", help="the function compares two hands: f(a, b) negative, 0, positive"
    )
    group.addoption(
        "--conform-winners", action="store_true", help="the function settles a showdown: f(hands, board) -> winners"
    )


_root: list[pytest.Collector] = []
"""The run's root collector, the first to start: the checks' parent."""


def pytest_collectstart(collector: pytest.Collector) -> None:
    if collector.parent is None:
        _root[:] = [collector]


def pytest_collection_modifyitems(config: pytest.Config, items: list) -> None:
    for option, equity in (("conform", False), ("conform_equity", True)):
        target = config.getoption(option)
        if target:
            name = f"{option.replace('_', '-')}[{target}]"
            items.append(ConformItem.from_parent(_root[0], name=name, target=target, equity=equity))


class ConformFailure(Exception):
    """The report of code that does not conform."""


class ConformItem(pytest.Item):
    """One conformance check, run as a test."""

    def __init__(self, *, target: str, equity: bool, **kwargs: Any):
        super().__init__(**kwargs)
        self.target = target
        self.equity = equity

    def runtest(self) -> None:
        options = {"rules": self.config.getoption("conform_rules")}
        if not self.equity:
            options["cards"] = self.config.getoption("conform_cards")
            options["pot"] = self.config.getoption("conform_pot")
            compare, winners = self.config.getoption("conform_compare"), self.config.getoption("conform_winners")
            options["kind"] = "compare" if compare else "winners" if winners else "values"
        _check(self.target, self.equity, options)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ConformFailure):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo, style))

    def reportinfo(self) -> tuple[str, int, str]:
        return "pysolver conform", 0, self.name


def _check(target: Callable | str, equity: bool, options: dict) -> Any:
    """The report of ``target``; a :class:`ConformFailure` with it when it does not conform."""
    from .. import check_equity, check_evaluator  # the engines, when a check runs

    report = check_equity(target, **options) if equity else check_evaluator(target, **options)
    if not report.ok:
        raise ConformFailure(str(report))
    return report


@pytest.fixture
def pysolver_conform() -> Callable[..., Any]:
    """Check an evaluator (``equity=True``: an equity calculator) from a test; returns the report,
    fails the test with its findings when it does not conform."""

    def check(target: Callable | str, *, equity: bool = False, **options: Any) -> Any:
        try:
            return _check(target, equity, options)
        except ConformFailure as failure:
            pytest.fail(str(failure), pytrace=False)

    return check


__all__ = ["ConformItem", "ConformFailure", "pysolver_conform"]
