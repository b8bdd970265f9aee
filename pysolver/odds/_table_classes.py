"""The ``class table`` path: a hand or a range against one random hand before the flop, read.

The shipped exact table (``pysolver/data/preflop_equity.json``, written by
``python scripts/make_preflop_table.py``) holds per class of hole cards its wins,
ties and losses against one random hand over every board: each combo meets every
opponent holding and every board, the same number of deals for every combo, so the
weighted sum of its classes' rows is exact. No dead cards, no board, standard rules.

    >>> preflop_table()["AA"]["deals"]
    2097572400
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

import numpy as np

from ..core import COMBO_CLASS, HAND_CLASSES
from ._cost import Cheapest, Shape, Solve
from ._model import Question, Report, Tally


@lru_cache(maxsize=1)
def preflop_table() -> dict:
    """The shipped exact table: per class, wins/ties/losses against one random hand."""
    text = resources.files("pysolver").joinpath("data/preflop_equity.json").read_text()
    return json.loads(text)["classes"]


@lru_cache(maxsize=1)
def _table_rows() -> np.ndarray:
    """(169, 4) the shipped table's wins, ties, losses and deals per class, in the order of HAND_CLASSES."""
    table = preflop_table()
    return np.array(
        [[table[n][k] for k in ("wins", "ties", "losses", "deals")] for n in HAND_CLASSES], dtype=np.float64
    )


@lru_cache(maxsize=1)
def _present() -> bool:
    try:
        _table_rows()
    except FileNotFoundError:
        return False
    return True


class ClassTablePath:
    """A hand or range against one random hand preflop: the weighted sum of its classes' rows. Its
    cost: one hand value (a lookup per class)."""

    name = "class table"
    compiled = False  # counts with numpy alone

    def applies(self, shape: Shape) -> bool:
        return (
            shape.tabled
            and len(shape.sizes) == 2
            and shape.board == 0
            and shape.dead == 0
            and any(s.is_random for s in shape.sizes)
            and _present()
        )

    def cost(self, shape: Shape, cheapest: Cheapest) -> float:
        return 1.0

    def run(self, question: Question, report: Report, solve: Solve) -> Tally:
        hero_seat = 0 if question.players[1].is_random else 1
        hero = question.players[hero_seat]
        per_class = np.bincount(COMBO_CLASS[hero.indices], weights=hero.weights, minlength=len(HAND_CLASSES))
        wins, ties, losses, deals = (per_class[:, None] * _table_rows()).sum(axis=0)
        won = np.array([wins, losses] if hero_seat == 0 else [losses, wins])
        return Tally(won, np.array([ties, ties]), won + ties / 2, float(deals))


__all__ = ["preflop_table", "ClassTablePath"]
