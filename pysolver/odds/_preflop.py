"""Hand strength before the flop: all-in equity against one opponent over every board.

Before the flop there is no board to compare hands on, so the hand strength
of Billings et al. becomes the share of the deals (every opponent holding and
every five-card board) the hand wins, a tie counting half: its all-in equity
against one opponent. Against a random opponent it is read from the shipped
exact table (``pysolver/data/preflop_equity.json``, 2,097,572,400 deals per
class); with dead cards, an opponent range or a rule variant it is enumerated
exactly by :func:`pysolver.odds._equity.equity`.

    >>> preflop_counts("As Ah")
    (1781508418, 11402312, 304661670)
    >>> preflop_counts("random")                    # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pysolver.CardCountError: player 'random': this takes two hole cards per player, ...
"""

from __future__ import annotations

from typing import cast

from ..core import CardsLike, PlayerLike, RulesLike, Situation, parse_board
from ..rulebook import rules_of
from ._equity import EquityResult, equity


def is_preflop(board: CardsLike | None) -> bool:
    """True when ``board`` holds no card (a bad board raises the usual error).

    >>> is_preflop(""), is_preflop("Ks 7h 2d")
    (True, False)
    """
    return len(parse_board(() if board is None else board, allowed=(0, 3, 4, 5))) == 0


def preflop_counts(
    hole: CardsLike,
    *,
    dead: CardsLike = (),
    opponent_range=None,
    rules: RulesLike = None,
    threads: int | None = None,
) -> tuple:
    """(ahead, tied, behind): the deals ``hole`` wins, ties and loses against one opponent
    (``opponent_range``, random by default) over every board, counted on ``threads`` threads;
    integers unless weighted."""
    checked = rules_of(rules)
    # two hole cards, not a range
    situation = Situation.of([cast(PlayerLike, hole)], (), dead=dead, rules=checked, least=1)
    result = equity(
        [situation.holes[0], "random" if opponent_range is None else opponent_range],
        dead=situation.dead,
        rules=checked,
        exact=True,
        threads=threads,
    )
    assert isinstance(result, EquityResult)  # the situation above takes hold'em's deal
    mine = result.players[0]
    return mine.wins, mine.ties, mine.losses


__all__ = ["is_preflop", "preflop_counts"]
