"""What hand potential reports: the transitions of a lookahead, and a hand's strength and potential.

:class:`HandPotential` holds the 3x3 table ``HP[before][after]`` of a one- or two-card
lookahead with PPot and NPot; :class:`HandReport` is what :func:`pysolver.hand_report`
returns: HS, each lookahead, EHS and Pr(win) (:mod:`pysolver.odds._potential` computes them).

    >>> p = HandPotential(1, ((8, 1, 1), (0, 2, 0), (2, 0, 6)))
    >>> round(p.ppot, 3), round(p.npot, 3)
    (0.222, 0.136)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import Card, cards_html, figures_html, format_cards, table_html
from ._strength import AHEAD, BEHIND, STATES, TIED, HandStrength, format_count


@dataclass(frozen=True)
class HandPotential:
    """The transition counts ``counts[before][after]`` (ahead, tied, behind) of a lookahead.

    >>> p = HandPotential(1, ((8, 1, 1), (0, 2, 0), (2, 0, 6)))
    >>> p.totals, round(p.ppot, 3), round(p.npot, 3)
    ((10, 2, 8), 0.222, 0.136)
    """

    cards_to_come: int
    counts: tuple[tuple[float, float, float], ...]

    @property
    def totals(self) -> tuple[float, float, float]:
        """HPTotal: each before-state's row summed."""
        return tuple(sum(row) for row in self.counts)  # type: ignore[return-value]

    @property
    def ppot(self) -> float:
        """Positive potential: the chance a hand behind (or tied) ends ahead."""
        hp, total = self.counts, self.totals
        denominator = total[BEHIND] + total[TIED] / 2
        if not denominator:
            return 0.0
        return (hp[BEHIND][AHEAD] + hp[BEHIND][TIED] / 2 + hp[TIED][AHEAD] / 2) / denominator

    @property
    def npot(self) -> float:
        """Negative potential: the chance a hand ahead (or tied) ends behind."""
        hp, total = self.counts, self.totals
        denominator = total[AHEAD] + total[TIED] / 2
        if not denominator:
            return 0.0
        return (hp[AHEAD][BEHIND] + hp[TIED][BEHIND] / 2 + hp[AHEAD][TIED] / 2) / denominator

    def to_dict(self) -> dict:
        """``{"cards_to_come": k, "ppot": .., "npot": .., "counts": {before: {after: n}}}``."""
        return {
            "cards_to_come": self.cards_to_come,
            "ppot": self.ppot,
            "npot": self.npot,
            "counts": {b: dict(zip(STATES, row)) for b, row in zip(STATES, self.counts)},
        }

    def __str__(self) -> str:
        """PPot, NPot and the table of transitions, before (rows) and after (columns)."""
        plural = "s" if self.cards_to_come > 1 else ""
        header = "before \\ after"
        lines = [
            f"{self.cards_to_come} card{plural} to come: PPot {self.ppot:.4f}  NPot {self.npot:.4f}",
            f"  {header:<15}" + "".join(f"{s:>10}" for s in STATES) + f"{'total':>10}",
        ]
        for state, row, total in zip(STATES, self.counts, self.totals):
            cells = "".join(f"{format_count(n):>10}" for n in row)
            lines.append(f"  {state:<15}{cells}{format_count(total):>10}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: PPot, NPot and the transitions, before (rows) and after (columns)."""
        rows = [[s, *map(format_count, row), format_count(t)] for s, row, t in zip(STATES, self.counts, self.totals)]
        title = str(self).splitlines()[0]  # N cards to come: PPot, NPot
        return figures_html([], title) + table_html(["before \\ after", *STATES, "total"], rows)


@dataclass(frozen=True)
class HandReport:
    """Hand strength and potential of hole cards on a board, against ``opponents`` random hands.

    ``one_card`` is ``None`` on the river, ``two_cards`` is ``None`` unless on
    the flop. With several opponents, HS is replaced by ``HS ** opponents`` in
    EHS and Pr(win) (the approximation of Billings et al.). Preflop (no board)
    HS is the all-in equity against one opponent over every board
    (:mod:`pysolver.odds._preflop`), which already counts every card to come:
    there is no lookahead, and EHS and Pr(win) are HS^n.
    """

    hole: tuple[Card, Card]
    board: tuple[Card, ...]
    opponents: int
    strength: HandStrength
    one_card: HandPotential | None
    two_cards: HandPotential | None

    @property
    def hs(self) -> float:
        """``HS ** opponents`` (plain HS against one opponent)."""
        return self.strength.against(self.opponents)

    @property
    def potential(self) -> HandPotential | None:
        """The longest lookahead there is: two cards on the flop, one on the turn."""
        return self.two_cards or self.one_card

    @property
    def ehs(self) -> float:
        """Effective hand strength HS + (1 - HS) * PPot (just HS on the river)."""
        pot = self.potential
        return self.hs if pot is None else self.hs + (1 - self.hs) * pot.ppot

    @property
    def win_probability(self) -> float:
        """Pr(win) = HS * (1 - NPot) + (1 - HS) * PPot (just HS on the river)."""
        pot = self.potential
        return self.hs if pot is None else self.hs * (1 - pot.npot) + (1 - self.hs) * pot.ppot

    def to_dict(self) -> dict:
        """A JSON-ready summary with every count."""
        s = self.strength
        return {
            "hole": [str(c) for c in self.hole],
            "board": [str(c) for c in self.board],
            "opponents": self.opponents,
            "ahead": s.ahead,
            "tied": s.tied,
            "behind": s.behind,
            "hs": s.hs,
            "hs_n": self.hs,
            "ehs": self.ehs,
            "win_probability": self.win_probability,
            "one_card": self.one_card.to_dict() if self.one_card else None,
            "two_cards": self.two_cards.to_dict() if self.two_cards else None,
        }

    def __str__(self) -> str:
        """What ``pysolver strength`` prints."""
        where = f"board {format_cards(self.board)}" if self.board else "preflop"
        lines = [f"hand {format_cards(self.hole)}   {where}", str(self.strength)]
        if self.opponents > 1:
            lines.append(f"HS^{self.opponents} {self.hs:.4f}")
        lines += [str(pot) for pot in (self.one_card, self.two_cards) if pot is not None]
        basis = [f"{self.potential.cards_to_come}-card lookahead"] if self.potential else []
        basis += [f"HS^{self.opponents} for HS"] if self.opponents > 1 else []
        lines.append(
            f"EHS {self.ehs:.4f}   Pr(win) {self.win_probability:.4f}" + (f"   ({', '.join(basis)})" if basis else "")
        )
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: the cards, HS, each lookahead's potential, EHS and Pr(win)."""
        out = f"<p>{cards_html(self.hole)} {cards_html(self.board) or 'preflop'}</p>" + self.strength._repr_html_()
        out += "".join(pot._repr_html_() for pot in (self.one_card, self.two_cards) if pot is not None)
        figures = [(f"HS^{self.opponents}", f"{self.hs:.4f}")] if self.opponents > 1 else []
        return out + figures_html([*figures, ("EHS", f"{self.ehs:.4f}"), ("Pr(win)", f"{self.win_probability:.4f}")])


__all__ = ["HandPotential", "HandReport"]
