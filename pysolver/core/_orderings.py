"""Named orderings of the 169 starting hands, for ``top x%``.

A ``top x%`` range takes the best classes of an ordering until they hold at
least x% of the 1,326 combos. Which classes are "best" depends on what a hand
is asked to do, so there are several orderings, each named and each read
from a table shipped in ``pysolver/data/``:

========  ===================================================  ==========================================
name      best first by                                        table (made by)
========  ===================================================  ==========================================
``vs1``   equity against one random hand (the default)         ``preflop_equity.json``, exact
                                                               (``scripts/make_preflop_table.py``)
``vs2``   equity against two random hands                      ``preflop_orderings.json``, exact
                                                               (``scripts/make_preflop_orderings.py``)
``vs3``   equity against three random hands                    the same, Monte Carlo
``chen``  the Chen formula, equal scores by ``vs1``            the same (scores of ``pysolver.odds._chen``)
========  ===================================================  ==========================================

Against more opponents, hands that make strong hands (suited, connected) gain
on hands that win by a high card, so suited connectors move up. ``vs3`` is
the ordering PokerStove users know: its top 10% is PokerStove's, 77+, A9s+,
KTs+, QTs+, AJo+, KQo (``vs1`` takes 66, A8s, ATo instead of KTs, QJs, QTs, KQo).

    >>> ordering("vs1").classes[:5]
    ('AA', 'KK', 'QQ', 'JJ', 'TT')
    >>> ordering("chen").value("AKs"), ordering("chen").position("AA")
    (12.0, 1)
    >>> ordering("vs3").position("76s") < ordering("vs1").position("76s")
    True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

import numpy as np

from ._cards import quoted
from ._combos import CLASS_INDEX, COMBO_CLASS, HAND_CLASSES
from ._errors import RangeError

ORDERINGS = ("vs1", "vs2", "vs3", "chen")
"""The names of the orderings, the default first."""
DEFAULT_ORDERING = "vs1"
"""The ordering of ``top x%`` items that name none: equity against one random hand."""

_TABLES = {
    "vs1": "preflop_equity.json",
    "vs2": "preflop_orderings.json",
    "vs3": "preflop_orderings.json",
    "chen": "preflop_orderings.json",
}
_SIZES = {name: int(np.count_nonzero(i == COMBO_CLASS)) for i, name in enumerate(HAND_CLASSES)}


@dataclass(frozen=True)
class Ordering:
    """An ordering of the 169 classes: ``classes`` best first, ``values`` per class in the
    order of :data:`~pysolver.core.HAND_CLASSES` (an equity, or a Chen score);
    ``players`` is the number of players the equity is for (``None`` for Chen)."""

    name: str
    title: str
    source: str
    classes: tuple[str, ...]
    values: tuple[float, ...]
    players: int | None

    def value(self, name: str) -> float:
        """The value of one class (its equity, or its Chen score)."""
        return self.values[_index(name)]

    def position(self, name: str) -> int:
        """Where a class stands, 1 for the best."""
        _index(name)
        return self.classes.index(name) + 1

    def top(self, percent: float) -> tuple[str, ...]:
        """The shortest prefix of :attr:`classes` holding at least ``percent`` % of the 1,326 combos.

        >>> ordering("vs1").top(2)
        ('AA', 'KK', 'QQ', 'JJ', 'TT')
        """
        if not 0 <= percent <= 100:
            raise RangeError(f"top {percent}%: a percentage must be between 0 and 100")
        wanted = percent / 100 * len(COMBO_CLASS) - 1e-9
        chosen: list[str] = []
        total = 0
        for name in self.classes:
            if total >= wanted:
                break
            chosen.append(name)
            total += _SIZES[name]
        return tuple(chosen)

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "title": self.title,
            "source": self.source,
            "players": self.players,
            "classes": list(self.classes),
            "values": dict(zip(HAND_CLASSES, self.values)),
        }

    def __str__(self) -> str:
        return f"{self.name}: {self.title} ({self.source})"


def _index(name: str) -> int:
    if name not in CLASS_INDEX:
        raise RangeError(f"starting hand {quoted(name)}: not a class such as 'AA', 'AKs' or 'AKo'")
    return CLASS_INDEX[name]


@lru_cache(maxsize=2)
def _table(file: str) -> dict:
    try:
        return json.loads(resources.files("pysolver").joinpath("data").joinpath(file).read_text())
    except FileNotFoundError:  # pragma: no cover - the tables ship with the package
        raise RangeError(
            f"'top x%' needs pysolver/data/{file}: run the script named in pysolver/core/_orderings.py"
        ) from None


def check_ordering(name: object) -> str:
    """The name of an ordering, checked: a :class:`RangeError` listing the names otherwise."""
    if not isinstance(name, str) or name.lower() not in ORDERINGS:
        raise RangeError(f"ordering {quoted(name)}: choose one of {', '.join(ORDERINGS)}")
    return name.lower()


@lru_cache(maxsize=len(ORDERINGS))
def ordering(name: str = DEFAULT_ORDERING) -> Ordering:
    """The ordering of that name (see the module docstring); :class:`RangeError` for another name."""
    name = check_ordering(name)
    vs1 = _table("preflop_equity.json")["classes"]
    one = tuple(float(vs1[c]["equity"]) for c in HAND_CLASSES)
    if name == "vs1":
        values, title, players = one, "equity against one random hand", 2
        source = "pysolver/data/preflop_equity.json: exact, every opponent holding and every board"
    else:
        table = _table(_TABLES[name])["orderings"][name]
        values = tuple(float(table["values"][c]) for c in HAND_CLASSES)
        title, players = table["title"], table.get("players")
        source = f"pysolver/data/preflop_orderings.json: {table['method']}"
    # best first; equal values (Chen scores) by equity against one random hand, then the class order
    classes = tuple(sorted(HAND_CLASSES, key=lambda c: (-values[CLASS_INDEX[c]], -one[CLASS_INDEX[c]], CLASS_INDEX[c])))
    return Ordering(name, title, source, classes, values, players)


__all__ = ["ORDERINGS", "DEFAULT_ORDERING", "Ordering", "check_ordering", "ordering"]
