"""A range's texture on a board: the kinds of made hands and draws, and the report of every combo.

:class:`TextureReport` is what :func:`pysolver.texture` returns: each combo left with its made
hand and its draws, counted and shared in total and per class, and its grid split into five
groups (:data:`GROUPS`), as ``pysolver texture`` draws it and a notebook shows it.

    >>> label("open_ended"), label("top_pair"), DRAWS[0]
    ('open-ended straight draw', 'top pair', 'flush_draw')
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..core import (
    CLASS_INDEX,
    CLASS_SIZES,
    COMBO_CLASS,
    COMBOS,
    HAND_CLASSES,
    Card,
    Category,
    Picture,
    RangeError,
    class_grid,
    format_cards,
    quoted,
    share_picture,
    table_html,
)

PAIRS = ("overpair", "top_pair", "middle_pair", "bottom_pair", "underpair", "board_pair")
"""The kinds of a made pair, strongest first."""
THREES = ("set", "trips", "board_trips")
"""The kinds of a made three of a kind."""
DRAWS = ("flush_draw", "backdoor_flush_draw", "open_ended", "gutshot", "two_overcards", "combo_draw")
"""The draws, in the order they are printed (a combo may hold several)."""
LABELS = {
    "open_ended": "open-ended straight draw",
    "board_trips": "board trips",
    **{c.snake: c.label.lower() for c in Category},
}


GROUPS = (
    ("#7b3294", "two pair or better"),
    ("#1a9641", "top pair or overpair"),
    ("#a6d96a", "middle pair, bottom pair or underpair"),
    ("#2c7bb6", "no pair (or the board's), with a flush or straight draw"),
    ("#9e9e9e", "nothing of that"),
)
"""The colours of the category grid and what they mean, best first."""


def label(kind: str) -> str:
    """How a kind prints: ``'top pair'``, ``'open-ended straight draw'``, ``'full house'``."""
    return LABELS.get(kind, kind.replace("_", " "))


@dataclass(frozen=True, eq=False)
class TextureReport:
    """Every combo of a range left on a board, with its made hand and its draws.

    ``indices`` (n,) are the combos left after card removal (indices into
    :data:`~pysolver.core.COMBOS`) and ``weights`` (n,) their weights;
    ``made[i]`` indexes :attr:`kinds`; ``draws[i, j]`` says whether combo ``i``
    holds draw :data:`DRAWS` ``[j]``.
    """

    range: str
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    kinds: tuple[str, ...]
    indices: np.ndarray
    weights: np.ndarray
    made: np.ndarray
    draws: np.ndarray
    rules: str = "standard"

    @property
    def hands(self) -> np.ndarray:
        """(n, 2) the card indices of the combos left."""
        return COMBOS[self.indices]

    @property
    def class_of(self) -> np.ndarray:
        """(n,) the class of each combo (an index into ``HAND_CLASSES``)."""
        return COMBO_CLASS[self.indices]

    @property
    def combos(self) -> float:
        """The weighted combos of the range left after card removal."""
        return float(self.weights.sum())

    def mask(self, kind: str) -> np.ndarray:
        """(n,) bool: the combos that make ``kind`` (a made kind or a draw)."""
        if kind in DRAWS:
            return self.draws[:, DRAWS.index(kind)]
        if kind in self.kinds:
            return self.made == self.kinds.index(kind)
        raise RangeError(
            f"kind {quoted(kind)}: choose a made hand ({', '.join(self.kinds)}) or a draw ({', '.join(DRAWS)})"
        )

    def count(self, kind: str) -> float:
        """The weighted combos that make ``kind``."""
        return float(self.weights[self.mask(kind)].sum())

    def share(self, kind: str) -> float:
        """``kind``'s share of the range after card removal."""
        return self.count(kind) / self.combos if self.combos else 0.0

    def class_counts(self, kind: str | None = None) -> np.ndarray:
        """(169,) weighted combos per class (in ``HAND_CLASSES`` order) making ``kind``, or all."""
        weights = self.weights if kind is None else self.weights * self.mask(kind)
        return np.bincount(COMBO_CLASS[self.indices], weights=weights, minlength=len(HAND_CLASSES))

    def by_class(self, kind: str | None = None) -> dict[str, float]:
        """``{class: weighted combos}`` of the classes with combos making ``kind`` (or any)."""
        counts = self.class_counts(kind)
        return {HAND_CLASSES[i]: float(counts[i]) for i in np.flatnonzero(counts)}

    def class_table(self) -> np.ndarray:
        """(kinds + draws, 169): weighted combos of each class making each made kind (rows in
        :attr:`kinds` order), then each draw (rows in :data:`DRAWS` order)."""
        rows = np.concatenate([np.eye(len(self.kinds), dtype=bool)[self.made], self.draws], axis=1)
        classes = np.zeros((len(self.indices), len(HAND_CLASSES)))
        classes[np.arange(len(self.indices)), COMBO_CLASS[self.indices]] = self.weights
        return rows.T.astype(np.float64) @ classes

    def to_dict(self) -> dict:
        """What ``pysolver texture --json`` prints: totals, per class, per combo."""
        made = {k: self.count(k) for k in self.kinds}
        draws = {k: self.count(k) for k in DRAWS}
        table, kinds = self.class_table(), self.kinds + DRAWS
        per_class: dict[str, dict] = {
            name: {"combos": n, "made": {}, "draws": {}} for name, n in self.by_class().items()
        }
        for row, column in zip(*np.nonzero(table)):
            group = "made" if row < len(self.kinds) else "draws"
            per_class[HAND_CLASSES[column]][group][kinds[row]] = float(table[row, column])
        return {
            "rules": self.rules,
            "range": self.range,
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
            "combos": self.combos,
            "made": made,
            "made_shares": {k: n / self.combos for k, n in made.items()},
            "draws": draws,
            "draw_shares": {k: n / self.combos for k, n in draws.items()},
            "classes": per_class,
            "hands": [
                {
                    "hand": [str(Card(int(a))), str(Card(int(b)))],
                    "weight": float(w),
                    "made": self.kinds[m],
                    "draws": [d for d, on in zip(DRAWS, row) if on],
                }
                for (a, b), w, m, row in zip(self.hands, self.weights, self.made, self.draws)
            ],
        }

    def __str__(self) -> str:
        """What ``pysolver texture`` prints: made hands and draws with counts and shares, then per class."""
        lines = [
            f"{self.range} on {format_cards(self.board)}: {_n(self.combos)} combos after card removal"
            + ("" if self.rules == "standard" else f" ({self.rules})")
        ]
        for title, kinds in (("made hands", self.kinds), ("draws", DRAWS)):
            rows = [(k, self.count(k)) for k in kinds if self.count(k) > 0]
            lines.append(f"{title:<28}{'combos':>8}{'share':>9}")
            lines += [f"  {label(k):<26}{_n(n):>8}{100 * n / self.combos:8.1f}%" for k, n in rows] or ["  none"]
        lines.append("by class")
        table, made = self.class_table(), len(self.kinds)
        for name, n in self.by_class().items():
            column = table[:, CLASS_INDEX[name]]
            parts = [f"{label(k)} {_n(c)}" for k, c in zip(self.kinds, column[:made]) if c]
            drawn = [f"{label(k)} {_n(c)}" for k, c in zip(DRAWS, column[made:]) if c]
            lines.append(f"  {name:<4}{_n(n):>6}  {', '.join(parts)}" + (f"; {', '.join(drawn)}" if drawn else ""))
        return "\n".join(lines)

    def groups(self) -> list[np.ndarray]:
        """(169,) weighted combos per class in each of the :data:`GROUPS`, best first."""
        strong = [k for k in self.kinds[: self.kinds.index("two_pair") + 1] if k != "board_trips"]
        made = [
            np.isin(self.made, [self.kinds.index(k) for k in kinds])
            for kinds in (strong, ("top_pair", "overpair"), ("middle_pair", "bottom_pair", "underpair"))
        ]
        paired = made[0] | made[1] | made[2]
        drawing = self.draws[:, [DRAWS.index("flush_draw"), DRAWS.index("open_ended"), DRAWS.index("gutshot")]]
        masks = made + [~paired & drawing.any(axis=1)]
        masks.append(~paired & ~masks[-1])
        classes = np.zeros((len(self.indices), 169))
        classes[np.arange(len(self.indices)), self.class_of] = self.weights
        return [mask.astype(np.float64) @ classes for mask in masks]

    def picture(self) -> Picture:
        """The grid: each cell filled as far as the range holds the class's combos after card
        removal, split into the :data:`GROUPS` of those combos."""
        shares = [class_grid(g / CLASS_SIZES) for g in self.groups()]
        board = " ".join(str(c) for c in self.board)
        title = f"{self.range} on {board}: {self.combos:g} combos"
        return share_picture(
            shares,
            [c for c, _ in GROUPS],
            [m for _, m in GROUPS],
            title,
            ("each cell filled as the range holds the class after card removal, split by group",),
        )

    def _repr_html_(self) -> str:
        """In a notebook: the grid split by group (as ``pysolver texture`` draws it), then the made
        hands and the draws with their combos and shares."""
        out = self.picture().to_html()
        for title, kinds in (("made hand", self.kinds), ("draw", DRAWS)):
            rows = [[label(k), _n(self.count(k)), f"{100 * self.share(k):.1f}%"] for k in kinds if self.count(k) > 0]
            out += table_html([title, "combos", "share"], rows)
        return out


def _n(value: float) -> str:
    return f"{value:g}" if value == int(value) else f"{value:.2f}"


__all__ = ["PAIRS", "THREES", "DRAWS", "LABELS", "GROUPS", "label", "TextureReport"]
