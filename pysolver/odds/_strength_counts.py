"""What hand strength counts: the opponent holdings a hand is ahead of, tied with and behind.

:class:`HandStrength` is what :func:`pysolver.hand_strength` returns, in hold'em
(:mod:`pysolver.odds._strength`) and in any game (:mod:`pysolver.odds._games.strength`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core import PlayerCountError, check_count, figures_html

# States of a comparison, in the order of the rows and columns of HP tables.
AHEAD, TIED, BEHIND = 0, 1, 2
STATES = ("ahead", "tied", "behind")


@dataclass(frozen=True)
class HandStrength:
    """Counts of opponent holdings a hand is ahead of, tied with and behind.

    Counts are integers when every holding counts once, floats when holdings
    are weighted by a range.

    >>> s = HandStrength(ahead=3, tied=2, behind=5)
    >>> s.total, s.hs
    (10, 0.4)
    """

    ahead: float
    tied: float
    behind: float
    over: str = "opponent holdings"
    share: float | None = None

    @property
    def total(self) -> float:
        """Number (or weight) of opponent holdings enumerated."""
        return self.ahead + self.tied + self.behind

    @property
    def hs(self) -> float:
        """Hand strength against one opponent: (ahead + tied / 2) / total; in a game with pots,
        ``share``, the mean share of the pot (a split is worth what it wins)."""
        if self.share is not None:
            return self.share
        return (self.ahead + self.tied / 2) / self.total if self.total else 0.0

    def against(self, opponents: int) -> float:
        """``HS ** opponents``: the strength against that many random hands."""
        check_count("opponents", opponents, error=PlayerCountError)
        return self.hs**opponents

    def to_dict(self) -> dict:
        return {"ahead": self.ahead, "tied": self.tied, "behind": self.behind, "total": self.total, "hs": self.hs}

    def __str__(self) -> str:
        return (
            f"HS {self.hs:.4f}  (ahead {format_count(self.ahead)}, tied {format_count(self.tied)}, "
            f"behind {format_count(self.behind)} of {format_count(self.total)} {self.over})"
        )

    def _repr_html_(self) -> str:
        """In a notebook: HS and the counts behind it."""
        counts = [(state, format_count(getattr(self, state))) for state in STATES]
        return figures_html([("HS", f"{self.hs:.4f}"), *counts, (self.over, format_count(self.total))])


def format_count(n: float) -> str:
    """A count as printed: an integer as it is, a weighted count to two decimals."""
    return str(n) if isinstance(n, int) else f"{n:.2f}"


__all__ = ["AHEAD", "TIED", "BEHIND", "STATES", "HandStrength", "format_count"]
