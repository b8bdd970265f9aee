"""The results of a rule diff (:func:`pysolver.crossval._rulediff.rule_diff`): each part
with ``to_dict()`` (what ``pysolver rules diff --json`` prints) and the text the
command prints.

    >>> print(MatchupDiff("", ("AhKh", "QsQd"), "", ((0.4621, 0.5379), (0.4600, 0.5400)), (True, True)).lines("a", "b"))
    ['AhKh vs QsQd (exact)', '  a  46.21%  53.79%', '  b  46.00%  54.00%  (-0.21, +0.21 points)']
"""

from __future__ import annotations

from dataclasses import dataclass

from ...asp import ShowdownResult
from ...core import Explanation, figures_html, format_cards, lines_html, table_html


@dataclass(frozen=True)
class ClassChanges:
    """Over the five-card hands both decks hold (``hands``, in ``classes`` classes of the first
    book): the classes that change places (``moved``: another class is above it under one book
    and below it under the other; holding ``hands_moved`` hands, counted ``by_category`` of the
    first book), the pairs of classes whose order swaps, the classes that split into several or
    merge into one, the classes whose category changes (``recategorised``, by the two
    categories), and ``examples`` of a swap."""

    hands: int
    classes: int
    moved: int
    hands_moved: int
    by_category: dict[str, int]
    swapped_pairs: int
    splits: int
    merges: int
    recategorised: dict[str, int]
    examples: tuple[dict, ...]

    def to_dict(self) -> dict:
        return {
            "hands": self.hands,
            "classes": self.classes,
            "moved": self.moved,
            "hands_moved": self.hands_moved,
            "moved_by_category": self.by_category,
            "swapped_pairs": self.swapped_pairs,
            "splits": self.splits,
            "merges": self.merges,
            "recategorised": self.recategorised,
            "examples": list(self.examples),
        }

    def lines(self, a: str, b: str) -> list[str]:
        out = [f"order of the classes, over the {self.hands:,} five-card hands both decks hold:"]
        if not (self.moved or self.splits or self.merges):
            return out + ["  no class changes places"]
        parts = ", ".join(f"{name} {n:,}" for name, n in self.by_category.items())
        out.append(
            f"  {self.moved:,} of {self.classes:,} classes change places, holding {self.hands_moved:,} hands"
            + (f": {parts}" if parts else "")
        )
        out.append(
            f"  {self.swapped_pairs:,} pairs of classes swap; {self.splits:,} classes split, {self.merges:,} merge"
        )
        if self.recategorised:
            out.append(
                "  classes that change category: " + ", ".join(f"{k} {n:,}" for k, n in self.recategorised.items())
            )
        for ex in self.examples:
            low, high = ex["lower"], ex["higher"]
            out.append(
                f"  e.g. {low['a']} ({' '.join(low['cards'])}) is below {high['a']} "
                f"({' '.join(high['cards'])}) under {a}; under {b}, {low['b']} is above {high['b']}"
            )
        return out


def _side(result: ShowdownResult) -> dict:
    explanation = result.explanation
    return {
        "winners": list(result.winners),
        "outcome": result.outcome,
        "hands": [p.description for p in result.players],
        "reasons": [s for _, s in explanation.reasons()] if isinstance(explanation, Explanation) else [],
    }


def _who(result: ShowdownResult) -> str:
    if result.is_tie:
        return f"players {', '.join(map(str, result.winners))} tie"
    return f"player {result.winners[0]} wins"


@dataclass(frozen=True)
class ShowdownChanges:
    """``showdowns`` skewed river deals of ``players`` players dealt with ``seed``: how many change
    winners (``changed``, by ``kinds``), and the first ones solved and explained under both books."""

    showdowns: int
    players: int
    seed: int
    changed: int
    kinds: dict[str, int]
    examples: tuple[tuple[ShowdownResult, ShowdownResult], ...]

    def to_dict(self) -> dict:
        return {
            "showdowns": self.showdowns,
            "players": self.players,
            "seed": self.seed,
            "changed": self.changed,
            "kinds": self.kinds,
            "examples": [
                {
                    "players": [[str(c) for c in h] for h in ra.deal.players],
                    "board": [str(c) for c in ra.board],
                    "a": _side(ra),
                    "b": _side(rb),
                }
                for ra, rb in self.examples
            ],
        }

    def lines(self, a: str, b: str) -> list[str]:
        if not self.showdowns:
            return []
        share = f" ({100 * self.changed / self.showdowns:.2f}%)"
        kinds = ", ".join(f"{k} {n:,}" for k, n in self.kinds.items())
        out = [
            f"showdowns: {self.showdowns:,} skewed {self.players}-player river deals, seed {self.seed}: "
            f"the winners change in {self.changed:,}{share}" + (f": {kinds}" if kinds else "")
        ]
        for ra, rb in self.examples:
            out.append(f"  {' | '.join(format_cards(h) for h in ra.deal.players)} | board {format_cards(ra.board)}")
            for label, result in ((a, ra), (b, rb)):
                out.append(f"    {label}:")
                out += [
                    f"      {line}"
                    for line in (
                        result.explanation.verdict_lines()
                        if isinstance(result.explanation, Explanation)
                        else [_who(result)]
                    )
                ]
        return out


@dataclass(frozen=True)
class MatchupDiff:
    """One matchup's equity, each player's, under both books (``exact``: enumerated, not sampled)."""

    name: str
    players: tuple[str, ...]
    board: str
    equities: tuple[tuple[float, ...], tuple[float, ...]]
    exact: tuple[bool, bool]

    def to_dict(self) -> dict:
        return {
            "name": self.name,
            "players": list(self.players),
            "board": self.board,
            "a": list(self.equities[0]),
            "b": list(self.equities[1]),
            "exact": list(self.exact),
        }

    def lines(self, a: str, b: str) -> list[str]:
        how = "exact" if all(self.exact) else "Monte Carlo"
        title = " vs ".join(self.players) + (f" on {self.board}" if self.board else "")
        width = max(len(a), len(b))
        delta = ", ".join(f"{100 * (y - x):+.2f}" for x, y in zip(*self.equities))
        return [
            f"{self.name + ': ' if self.name else ''}{title} ({how})",
            f"  {a:<{width}}  " + "  ".join(f"{100 * e:.2f}%" for e in self.equities[0]),
            f"  {b:<{width}}  " + "  ".join(f"{100 * e:.2f}%" for e in self.equities[1]) + f"  ({delta} points)",
        ]


@dataclass(frozen=True)
class RuleDiff:
    """Rule book ``a`` against ``b``: each book's category order (best first) and the
    (hands, classes) of each category in its deck, the classes that change places,
    the showdowns whose winners change, and the matchups' equity under both."""

    a: str
    b: str
    counts: tuple[dict[str, tuple[int, int]], dict[str, tuple[int, int]]]
    classes: ClassChanges
    showdowns: ShowdownChanges
    matchups: tuple[MatchupDiff, ...]
    orders: tuple[tuple[str, ...], tuple[str, ...]]

    def to_dict(self) -> dict:
        return {
            "rules": [self.a, self.b],
            "category_order": {"a": list(self.orders[0]), "b": list(self.orders[1])},
            "categories": [
                {
                    "category": name,
                    "a": dict(zip(("hands", "classes"), self.counts[0][name])),
                    "b": dict(zip(("hands", "classes"), self.counts[1][name])),
                }
                for name in self.orders[0]
            ],
            "classes": self.classes.to_dict(),
            "showdowns": self.showdowns.to_dict(),
            "equity": [m.to_dict() for m in self.matchups],
        }

    def __str__(self) -> str:
        a, b = self.a, self.b
        width = max(len(a), len(b), 16)
        lines = [f"rules diff: {a} -> {b}", "category order, best first:"]
        lines += [
            f"  {label:<{width}}  {' > '.join(order)}" for label, order in ((a, self.orders[0]), (b, self.orders[1]))
        ]
        lines.append(f"five-card hands   {a:>{width + 6}}  {b:>{width + 6}}")
        lines.append(f"{'':18}{'hands':>{width - 2}} {'classes':>7}  {'hands':>{width - 2}} {'classes':>7}")
        for name in self.orders[0]:
            (ha, ca), (hb, cb) = self.counts[0][name], self.counts[1][name]
            mark = "" if (ha, ca) == (hb, cb) else "  *"
            lines.append(f"  {name:<16}{ha:>{width - 2},} {ca:>7,}  {hb:>{width - 2},} {cb:>7,}{mark}")
        lines += self.classes.lines(a, b)
        lines += self.showdowns.lines(a, b)
        if self.matchups:
            lines.append("equity:")
            lines += ["  " + line for m in self.matchups for line in m.lines(a, b)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: the categories' hands and classes under both books (the rows that
        differ in bold), then the classes that move, the showdowns that change, the equities."""
        names = self.orders[0]
        rows = [[name, *self.counts[0][name], *self.counts[1][name]] for name in names]
        changed = [i for i, name in enumerate(names) if self.counts[0][name] != self.counts[1][name]]
        header = ["category", f"{self.a} hands", "classes", f"{self.b} hands", "classes"]
        out = figures_html([(book, " > ".join(order)) for book, order in zip((self.a, self.b), self.orders)])
        out = f"<p><strong>{self.a} → {self.b}</strong></p>" + out + table_html(header, rows, changed)
        parts = self.classes.lines(self.a, self.b) + self.showdowns.lines(self.a, self.b)
        return out + lines_html(parts + [line for m in self.matchups for line in m.lines(self.a, self.b)])


__all__ = ["ClassChanges", "ShowdownChanges", "MatchupDiff", "RuleDiff"]
