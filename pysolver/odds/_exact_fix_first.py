"""The ``fix first`` path: one open player fixed one combo at a time, the rest by the cheapest path.

Combos that a permutation of the suits fixing everything else maps onto each other
give the same counts (:func:`~pysolver.odds._model.fixed_classes`), so one combo of
each class is counted, its class's summed weight times. Two entries of the
registry fix the open player with the fewest combos first, or the one with the most.

    >>> from pysolver.core import Situation
    >>> q = Question.of(Situation.of(["AK", "QQ", "JTs"], ranges=True), table=False)
    >>> FixFirstPath("fewest").seat(Shape.of(q)), FixFirstPath("most").seat(Shape.of(q))
    (2, 0)
"""

from __future__ import annotations

from ._cost import HAND, Cheapest, Shape, Solve
from ._model import Question, Report, Tally, fixed_sum


def _classes_per_combo(shape: Shape) -> float:
    """About how many of a player's combos make one class of suit symmetry: before the flop 8 where
    every permutation of the suits leaves the players alike (AK's 16 combos are 2 classes), 4 in
    the question asked, 2 in a question a path asks itself (some hands fixed already: QQ's 6 combos
    beside AhKh are 2 classes, beside AhKh JhJs 4); after the flop 1. Measured: QQ+ vs JJ,TT vs AK
    vs random, 108 questions estimated, 112 counted."""
    if shape.board:
        return 1.0
    return 8.0 if shape.symmetric else 4.0 if shape.top else 2.0


class FixFirstPath:
    """Fix the open player with the ``fewest`` or the ``most`` combos, and count the rest by its
    cheapest path. Its cost: the rest's least cost once per class of the player's combos
    (:func:`_classes_per_combo`)."""

    def __init__(self, which: str) -> None:
        self.which = which
        self.name = f"fix first ({which} combos)"

    def seat(self, shape: Shape) -> int:
        """The seat of the player fixed first."""
        by_size = sorted(shape.opens, key=lambda i: shape.sizes[i])
        return by_size[0] if self.which == "fewest" else by_size[-1]

    def applies(self, shape: Shape) -> bool:
        return len(shape.opens) > 1

    def cost(self, shape: Shape, cheapest: Cheapest) -> float:
        first = self.seat(shape)
        rest = Shape(tuple(sorted(shape.sizes[:first] + (HAND,) + shape.sizes[first + 1 :])), shape.board, shape.dead)
        return max(shape.sizes[first].combos / _classes_per_combo(shape), 1.0) * cheapest(rest)

    def run(self, question: Question, report: Report, solve: Solve) -> Tally:
        return fixed_sum(question, self.seat(Shape.of(question)), report, solve)


__all__ = ["FixFirstPath"]
