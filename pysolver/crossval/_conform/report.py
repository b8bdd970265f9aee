"""The report of a conformance check: the verdict, the counterexamples, and how they are shown.

:class:`ConformReport` is what :func:`~pysolver.crossval.check_evaluator` returns:
``ok`` when every hand was evaluated and put in the rules' order, the kinds of
what is wrong with the simplest pair of hands of each, and the run's figures;
printed in the terminal, as JSON (``to_dict()``) or in a notebook.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...core import figures_html, lines_html
from .._evaluator_answers import CARD_TEXT

#: Kinds printed in the terminal (all are in ``to_dict()``).
SHOWN = 5


@dataclass
class ConformReport:
    """What a conformance check found: ``ok`` when every hand was evaluated and put in the
    rules' order. ``counterexamples`` are the kinds of what is wrong, most frequent first."""

    evaluator: str
    mode: str
    cards: int
    rules: str
    order: str
    order_note: str
    hands: int
    classes: int
    counterexamples: list[dict]
    seconds: float
    evaluator_seconds: float
    seed: int | None = None
    shapes: dict[str, int] = field(default_factory=dict)
    categories: dict[str, int] = field(default_factory=dict)
    failed: dict[str, int] = field(default_factory=dict)
    resumed: int = 0
    pot: str = "high"
    hole: int = 0
    shape: str = "high pot, 7-card hands"
    kind: str = "values"

    @property
    def ok(self) -> bool:
        return not self.counterexamples

    @property
    def hands_per_second(self) -> float:
        """Hands the evaluator answered per second (wall time of its calls, summed over workers)."""
        return self.hands / self.evaluator_seconds if self.evaluator_seconds else 0.0

    def to_dict(self) -> dict:
        return {
            "ok": self.ok,
            "evaluator": self.evaluator,
            "mode": self.mode,
            "cards": self.cards,
            "rules": self.rules,
            "order": self.order,
            "order_note": self.order_note,
            "hands": self.hands,
            "classes": self.classes,
            "seed": self.seed,
            "shapes": self.shapes,
            "categories": self.categories,
            "failed": self.failed,
            "counterexamples": self.counterexamples,
            "seconds": round(self.seconds, 3),
            "hands_per_second": round(self.hands_per_second),
            "resumed": self.resumed,
            "pot": self.pot,
            "hole": self.hole,
            "shape": self.shape,
            "kind": self.kind,
        }

    def __str__(self) -> str:
        unit = "showdowns" if self.kind == "winners" else "hands"
        head = (
            f"{self.evaluator}: {self.mode} check of {self.hands:,} "
            + (unit if self.kind == "winners" else f"{self.cards}-card hands")
            + f" ({self.classes:,} classes) under rules {self.rules}"
            + ("" if self.seed is None else f", seed {self.seed}")
        )
        if self.shape != f"high pot, {self.cards}-card hands":
            head += f"\n{self.shape}"
        rate = f"{self.hands_per_second:,.0f} {unit}/s, {self.seconds:.1f} s"
        lines = [head, f"order: {self.order_note}", rate]
        if self.ok:
            lines.append("conforms: every hand evaluated, every class in the rules' order")
            return "\n".join(lines)
        lines.append(f"does not conform: {len(self.counterexamples)} kinds of counterexample")
        for c in self.counterexamples[:SHOWN]:
            lines += [""] + _lines(c, self.hole)
        if len(self.counterexamples) > SHOWN:
            lines.append(f"\n... and {len(self.counterexamples) - SHOWN} more kinds (--json lists them all)")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: the run's figures, the verdict, and the first counterexamples."""
        figures = [("evaluator", self.evaluator), ("mode", self.mode), ("cards", self.cards), ("rules", self.rules)]
        figures += [("pot", self.shape)]
        figures += [("order", self.order_note), ("hands", f"{self.hands:,}"), ("classes", f"{self.classes:,}")]
        figures += [("seed", self.seed)] if self.seed is not None else []
        figures += [("hands/s", f"{self.hands_per_second:,.0f}"), ("seconds", f"{self.seconds:.1f}")]
        verdict = "conforms" if self.ok else f"does not conform: {len(self.counterexamples)} kinds of counterexample"
        return figures_html(figures, verdict) + lines_html(
            [" ".join(_lines(c, self.hole)) for c in self.counterexamples[:SHOWN]]
        )


def _text(cards: list[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def hand_text(cards: list[int], hole: int) -> str:
    """A hand as one line: its cards, the hole cards apart from the board (``hole | board``)."""
    return _line(_text(cards), hole)


def _showdown_lines(c: dict) -> list[str]:
    """A showdown finding: the players' hands and the board, the winners named and the rules'."""
    times = f" ({c['count']} times)" if c["count"] > 1 else ""
    verb = {
        "split": "a tie broken",
        "tied": "a worse hand named beside the best",
        "reversed": "a worse hand named, the best left out",
        "no winner": "a winner named where no hand qualifies",
        "none named": "no winner named",
        "failure": "no answer",
    }[c["relation"]]
    board = f" | board {' '.join(c['board'])}" if c["board"] else ""
    out = [f"[{c['kind']}] {verb}{times}", "  " + " | ".join(" ".join(h) for h in c["hands"]) + board]
    if c["relation"] == "failure":
        return out + [f"  {c['message']}"]
    out.append(f"  winners named {c['winners']['got']}, the rules' {c['winners']['rules']}")
    if "explanation" in c:
        out.append(f"  rules: {c['explanation']}")
    return out


def _line(words: list[str], hole: int) -> str:
    return " ".join(words[:hole] + ["|"] + words[hole:] if hole else words)


def public_finding(item: dict) -> dict:
    """A counterexample as the report gives it: the hands as card texts, then the rest."""
    out = {
        "kind": item["kind"],
        "relation": item["relation"],
        "rule": item["rule"],
        "count": item["count"],
        "hands": [_text(h) for h in item["cards"]],
        "values": item["values"],
    }
    out.update((k, v) for k, v in item.items() if k not in out and k not in ("cards", "truth"))
    return out


def _lines(c: dict, hole: int = 0) -> list[str]:
    if "board" in c:  # a showdown's winners
        return _showdown_lines(c)
    hands = [_line(h, hole) for h in c["hands"]]
    times = f" ({c['count']} times)" if c["count"] > 1 else ""
    if c["relation"] == "failure":
        return [f"[{c['kind']}]{times}", f"  {hands[0]}: {c['message']}"]
    verb = {
        "split": "one class, valued differently",
        "tied": "valued equal, the first is better",
        "reversed": "valued in the wrong order, the first is better",
    }[c["relation"]]
    if c.get("values") is None:  # a comparison function's verdict on the pair
        out = [
            f"[{c['kind']}] {verb}{times}",
            f"  {hands[0]:<22}   {c['classes'][0]}",
            f"  {hands[1]:<22}   {c['classes'][1]}",
            f"  compare(first, second) = {c['compare']}",
        ]
    else:
        out = [
            f"[{c['kind']}] {verb}{times}",
            f"  {hands[0]:<22} -> {c['values'][0]!s:>12}   {c['classes'][0]}",
            f"  {hands[1]:<22} -> {c['values'][1]!s:>12}   {c['classes'][1]}",
        ]
    if "explanation" in c:
        out.append(f"  rules: {c['explanation']}" + (f"  (showdown {c['showdown']})" if "showdown" in c else ""))
    return out


__all__ = ["SHOWN", "ConformReport", "hand_text", "public_finding"]
