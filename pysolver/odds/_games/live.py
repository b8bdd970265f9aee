"""Live cards: of the ranks and suits a player holds, how many no one shows and no dead card takes.

A stud player reads the other players' up cards before the odds: a pair of kings is worth less
when two kings show elsewhere, a four-flush less when its suit is dead. For each player whose
cards are known, :func:`live_cards` counts, of each rank and each suit the player holds, the
cards of the rule book's deck that are in no known hand, on no board and among no dead card:
the cards still to be dealt. A random player, or a list of holdings, has none to count.

    >>> from pysolver import load_rules
    >>> from pysolver.odds._games.seats import read_table
    >>> stud = load_rules("stud")
    >>> live = live_cards(read_table(["Kh Kd 7h", "Ks 2h 3c"], "", "7c", stud), stud)[0]
    >>> live.ranks, live.suits                # one king and two sevens left; 10 hearts of 13
    ({'K': 1, '7': 2}, {'h': 10, 'd': 12})
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...core import RANKS, SUITS, Rules
from .seats import Table


@dataclass(frozen=True)
class LiveCards:
    """A player's live cards: ``ranks`` of each rank the player holds (highest first), ``suits``
    of each suit (the most held first), the cards of it still to be dealt."""

    ranks: dict[str, int]
    suits: dict[str, int]

    def to_dict(self) -> dict:
        return {"ranks": dict(self.ranks), "suits": dict(self.suits)}

    def __str__(self) -> str:
        """``K 1, 7 2; h 10, d 12``."""
        return (
            ", ".join(f"{r} {n}" for r, n in self.ranks.items())
            + "; "
            + ", ".join(f"{s} {n}" for s, n in self.suits.items())
        )


def live_cards(table: Table, rules: Rules) -> tuple[LiveCards | None, ...]:
    """Each seat's :class:`LiveCards` (None for a random player or a list of holdings)."""
    known = table.known  # cards of the deck (checked): each rank has four, each suit one of each face
    live_ranks = Counter(dict.fromkeys(rules.faces, 4))
    live_ranks.subtract(card.rank for card in known)
    live_suits = Counter({suit: len(rules.faces) for suit in range(4)})
    live_suits.subtract(card.suit for card in known)
    found: list[LiveCards | None] = []
    for seat in table.seats:
        if not seat.fixed:
            found.append(None)
            continue
        ranks = sorted({c.rank for c in seat.fixed}, reverse=True)
        held = Counter(c.suit for c in seat.fixed)
        suits = sorted(held, key=lambda s: (-held[s], s))
        found.append(LiveCards({RANKS[r]: live_ranks[r] for r in ranks}, {SUITS[s]: live_suits[s] for s in suits}))
    return tuple(found)


__all__ = ["LiveCards", "live_cards"]
