"""The registry of exact paths, and the planner's two questions of it: which is cheapest, and its count.

Every path counts the same deals and returns the same integers; they differ in how
much work they do. Each is an object (:class:`~pysolver.odds._cost.Path`) that says
whether it applies to the :class:`~pysolver.odds._cost.Shape` of a question, what it
would cost (hand values, about :data:`~pysolver.odds._cost.VALUES_PER_SECOND` a
second) and how it counts. :data:`PATHS` lists them; :func:`cheapest` asks each
that applies, :func:`solve` runs the cheapest. Adding a path is a module with its
class and one line here.

    >>> from pysolver.core import Situation
    >>> q = Question.of(Situation.of(["QQ+, AKs", "JJ, TT, 99, AQs"], "Ks 7h 2d", ranges=True))
    >>> path, work = cheapest(Shape.of(q))
    >>> path.name, solve(q).deals
    ('grouped', 365310.0)
"""

from __future__ import annotations

from functools import lru_cache

from ._cost import Path, Shape
from ._exact.counting import CountingPath
from ._exact.fix_first import FixFirstPath
from ._exact.fixed import FixedPath, exact_backend
from ._exact.grouped import GroupedPath
from ._exact.one_open import OneOpenPath
from ._exact.three_random import ThreeRandomPath
from ._model import Question, Report, Tally
from ._table_classes import ClassTablePath
from ._table_matchups import MatchupTablePath

PATHS: tuple[Path, ...] = (
    ClassTablePath(),
    MatchupTablePath(),
    FixedPath(),
    OneOpenPath(),
    GroupedPath(),
    CountingPath(),
    ThreeRandomPath(),
    FixFirstPath("fewest"),
    FixFirstPath("most"),
)
"""Every exact path, the shipped tables first (on equal cost the first listed is taken)."""


def costs(shape: Shape) -> tuple[tuple[Path, float], ...]:
    """The cost of every path that applies to ``shape``, in the order of :data:`PATHS`, on the backend
    the exact paths would count on now (:func:`~pysolver.odds._exact.fixed.exact_backend`: a count
    in Python costs far more than a compiled one, and the cheapest path is not always the same)."""
    return _costs(shape, exact_backend())


@lru_cache(maxsize=4096)
def _costs(shape: Shape, backend: str) -> tuple[tuple[Path, float], ...]:
    """:func:`costs` on ``backend``, which each path's cost reads again (a key of the cache)."""
    return tuple((path, path.cost(shape, least_cost)) for path in PATHS if path.applies(shape))


def least_cost(shape: Shape) -> float:
    """The least cost of any path for ``shape``."""
    return min(cost for _, cost in costs(shape))


def cheapest(shape: Shape) -> tuple[Path, float]:
    """The cheapest path for ``shape`` and its cost."""
    return min(costs(shape), key=lambda found: found[1])


def solve(question: Question, report: Report = None, path: Path | None = None) -> Tally:
    """Count ``question`` exactly by ``path``, by default the cheapest; ``report(fraction)`` follows it."""
    path = path or cheapest(Shape.of(question))[0]
    return path.run(question, report, solve)


__all__ = ["PATHS", "costs", "least_cost", "cheapest", "solve"]
