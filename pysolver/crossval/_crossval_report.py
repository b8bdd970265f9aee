"""The report of a cross-validation: what was checked, what disagreed, how fast each engine was.

>>> report = CrossvalReport("random", 4, 2, {"pair": 4}, {}, 3, [], 0.5, 0.001, 0.7, [0], seed=1)
>>> report.ok, report.asp_rate, report.to_dict()["evaluator"]["hands_per_second"]
(True, 4.0, 4000)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core import figures_html, lines_html


@dataclass
class CrossvalReport:
    """What a cross-validation checked, what disagreed, and how fast each engine was.

    ``asp_seconds`` and ``evaluator_seconds`` are CPU seconds summed over the
    worker processes, so the rates are per process (and, resumed, over every run
    of the resume file). ``retries`` counts tasks run again because the process
    running them was lost and ``resumed`` the tasks read from a resume file rather than
    run (both in this run of a resume file, as is the wall time); ``represented`` is, in a run
    over classes of hands, the number of hands the classes stand for (0 otherwise);
    ``rules`` names the rule book checked and its fingerprint.
    """

    mode: str
    hands: int
    showdowns: int
    categories: dict[str, int]
    cases: dict[str, int]
    classes: int
    mismatches: list[dict]
    asp_seconds: float
    evaluator_seconds: float
    wall_seconds: float
    chunks: list[int]
    seed: int | None = None
    retries: int = 0
    represented: int = 0
    rules: str = "standard"
    resumed: int = 0
    examples: dict = field(default_factory=dict, repr=False)  # the partials' examples, merged

    @property
    def ok(self) -> bool:
        return not self.mismatches

    @property
    def asp_rate(self) -> float:
        """Showdowns per CPU second of the ASP solver (ground, solve, read the atoms)."""
        return self.showdowns / self.asp_seconds if self.asp_seconds else 0.0

    @property
    def evaluator_rate(self) -> float:
        """Hands per CPU second of the evaluator."""
        return self.hands / self.evaluator_seconds if self.evaluator_seconds else 0.0

    def to_dict(self) -> dict:
        return {
            "mode": self.mode,
            "rules": self.rules,
            "ok": self.ok,
            "hands": self.hands,
            "showdowns": self.showdowns,
            "categories": self.categories,
            "cases": self.cases,
            "classes": self.classes,
            "mismatches": self.mismatches,
            "chunks": self.chunks,
            "seed": self.seed,
            "retries": self.retries,
            "resumed": self.resumed,
            "represented": self.represented,
            "asp": {"cpu_seconds": round(self.asp_seconds, 3), "showdowns_per_second": round(self.asp_rate)},
            "evaluator": {
                "cpu_seconds": round(self.evaluator_seconds, 3),
                "hands_per_second": round(self.evaluator_rate),
            },
            "wall_seconds": round(self.wall_seconds, 3),
        }

    def __str__(self) -> str:
        lines = [
            f"cross-validation ({self.mode}, rules {self.rules}): {self.showdowns:,} showdowns, {self.hands:,} hands"
            + (f", {self.classes:,} distinct hand classes" if self.classes else "")
            + (f", standing for {self.represented:,} hands" if self.represented else "")
            + ("" if self.seed is None else f", seed {self.seed}")
        ]
        lines += [f"  {name:<16} {n:>10,}" for name, n in self.categories.items()]
        if self.cases:
            lines.append("cases: " + ", ".join(f"{k} {v:,}" for k, v in self.cases.items()))
        lines.append(
            f"ASP solver: {self.asp_rate:,.0f} showdowns/s per process ({self.asp_seconds:.1f} s CPU); "
            f"evaluator: {self.evaluator_rate:,.0f} hands/s ({self.evaluator_seconds:.2f} s CPU); "
            f"wall {self.wall_seconds:.1f} s"
            + (f"; {self.retries} tasks run again after their process was lost" if self.retries else "")
            + (f"; {self.resumed} tasks read from the resume file" if self.resumed else "")
        )
        for m in self.mismatches:
            who = "" if m["player"] is None else f" player {m['player']}"
            lines.append(
                f"MISMATCH {m['kind']}: {m['cards']}{who}\n  asp:       {m['asp']}\n  evaluator: {m['evaluator']}"
            )
        lines.append("agree" if self.ok else f"{len(self.mismatches)} mismatches")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: the verdict, the counts, each category's hands and each engine's speed."""
        text = str(self).splitlines()
        counts = [(name, f"{n:,}") for name, n in self.categories.items()]
        verdict = "agree" if self.ok else f"{len(self.mismatches)} mismatches"
        return figures_html(counts, f"{text[0]}: {verdict}") + lines_html(text[1 + len(counts) :])


__all__ = ["CrossvalReport"]
