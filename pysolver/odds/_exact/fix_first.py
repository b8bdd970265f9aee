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

from .._cost import HAND, Cheapest, Shape, Solve
from .._model import Question, Report, Tally, fixed_sum

_COMBOS_PER_CLASS = {0: 4.0, 1: 3.0, 2: 1.5}
"""Before the flop, about how many of an open player's combos make one class of suit symmetry by how
many hands are known (fixed already, or asked): QQ's 6 combos are 2 classes beside AhKh, 4 beside AhKh
JhJs; three known hands or more leave the suits all unlike."""


def fixed_classes_about(shape: Shape, seat: int) -> float:
    """About how many classes of suit symmetry the combos of the player at ``seat`` make (one is
    counted per class): before the flop, where every permutation of the suits leaves the players
    alike, one per rank group or an eighth of the combos if more (AK's 16 combos are 2 classes,
    QQ+'s 18 are 3), else by :data:`_COMBOS_PER_CLASS`; after the flop every combo. Measured: QQ+ vs
    JJ,TT vs AK vs random, 128 questions estimated, 112 counted."""
    size = shape.sizes[seat]
    if shape.board:
        return float(size.combos)
    if shape.symmetric:
        return max(float(size.groups), size.combos / 8)
    known = len(shape.sizes) - len(shape.opens)
    return max(size.combos / _COMBOS_PER_CLASS.get(known, 1.0), 1.0)


class FixFirstPath:
    """Fix the open player with the ``fewest`` or the ``most`` combos, and count the rest by its
    cheapest path. Its cost: the rest's least cost once per class of the player's combos
    (:func:`fixed_classes_about`)."""

    def __init__(self, which: str) -> None:
        self.which = which
        self.name = f"fix first ({which} combos)"
        self.compiled = True  # the rest is counted by the paths that count compiled, as a rule

    def seat(self, shape: Shape) -> int:
        """The seat of the player fixed first."""
        by_size = sorted(shape.opens, key=lambda i: shape.sizes[i])
        return by_size[0] if self.which == "fewest" else by_size[-1]

    def applies(self, shape: Shape) -> bool:
        return len(shape.opens) > 1

    def cost(self, shape: Shape, cheapest: Cheapest) -> float:
        first = self.seat(shape)
        rest = Shape(tuple(sorted(shape.sizes[:first] + (HAND,) + shape.sizes[first + 1 :])), shape.board, shape.dead)
        return fixed_classes_about(shape, first) * cheapest(rest)

    def run(self, question: Question, report: Report, solve: Solve) -> Tally:
        return fixed_sum(question, self.seat(Shape.of(question)), report, solve)


__all__ = ["fixed_classes_about", "FixFirstPath"]
