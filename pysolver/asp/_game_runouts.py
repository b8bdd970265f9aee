"""Every runout of a game with a board, solved by clingo's generic showdown, pot by pot.

From the flop or the turn, every way the board can end is a showdown of its own, and all of
them are grounded and solved in batches (:meth:`Solver.solve_batch`): each player's share of
the whole pot summed over the runouts (an exact fraction: the player's equity by ASP alone,
which pysolver's tests hold against the evaluator's exact count), the runouts the player
scoops, and each pot's runouts the player wins alone or ties.

    >>> r = game_runouts(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc", rules="omaha_hi_lo")
    >>> r.runouts, [str(e) for e in r.equity], r.pots["low"]   # the A-3 low tied on all 40 rivers
    (40, ['7/10', '3/10'], ((0, 40), (0, 40)))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from ..core import Card, CardsLike, Deal, PlayerLike, PokerInputError, RulesLike, Situation, format_cards
from ..rulebook import rules_of
from ._solver import Solver


@dataclass(frozen=True)
class GameRunouts:
    """Every runout of a game's deal: ``equity`` each player's share of the whole pot over the
    ``runouts`` (exact), ``scoops`` the runouts each player takes the whole pot on, and ``pots``
    for each pot each player's (runouts won alone, runouts tied)."""

    rules: str
    deal: Deal
    runouts: int
    equity: tuple[Fraction, ...]
    scoops: tuple[int, ...]
    pots: dict[str, tuple[tuple[int, int], ...]]

    def to_dict(self) -> dict:
        """What ``pysolver runouts --rules GAME --json`` prints."""
        return {
            "rules": self.rules,
            "board": [str(c) for c in self.deal.board],
            "runouts": self.runouts,
            "players": [
                {
                    "player": p,
                    "hole": [str(c) for c in hole],
                    "equity": float(self.equity[p]),
                    "equity_fraction": str(self.equity[p]),
                    "scoops": self.scoops[p],
                    "pots": {pot: {"wins": won[p][0], "ties": won[p][1]} for pot, won in self.pots.items()},
                }
                for p, hole in enumerate(self.deal.players)
            ],
        }

    def __str__(self) -> str:
        lines = [f"{self.runouts:,} runouts of {format_cards(self.deal.board)}, solved by clingo; {self.rules} rules"]
        for p, hole in enumerate(self.deal.players):
            pots = "; ".join(f"{pot} {won[p][0]} won, {won[p][1]} tied" for pot, won in self.pots.items())
            lines.append(
                f"player {p}: {format_cards(hole)}  equity {100 * float(self.equity[p]):.2f}%  "
                f"scoops {self.scoops[p]}  ({pots})"
            )
        return "\n".join(lines)


def game_runouts(
    players: Sequence[PlayerLike], board: CardsLike, *, rules: RulesLike, dead: CardsLike = ()
) -> GameRunouts:
    """Every runout of a deal of a game with a board, from the flop or the turn (see the module)."""
    rules = rules_of(rules)
    game = rules.game
    situation = Situation.of(players, board, dead=dead, rules=rules, games=True)
    deal = situation.deal
    if not game.board_cards or len(deal.board) not in (3, 4) or len(deal.board) >= game.board_cards:
        raise PokerInputError(
            f"runouts in {rules.label} take a flop or a turn of its board ({game.board_cards} cards); "
            f"got a board of {len(deal.board)}"
        )
    unseen: list[Card] = list(situation.unseen)
    finals = [
        Deal(deal.players, (*deal.board, *run)) for run in combinations(unseen, game.board_cards - len(deal.board))
    ]
    results = Solver(rules).solve_batch(finals)
    players_count = len(deal.players)
    equity = [Fraction(0)] * players_count
    scoops = [0] * players_count
    pots: dict[str, list[list[int]]] = {pot: [[0, 0] for _ in range(players_count)] for pot in game.pots}
    for result in results:
        for p, share in enumerate(result.shares):
            equity[p] += share
            scoops[p] += share == 1
        for pot in result.pots:
            for p in pot.winners:
                pots[pot.pot][p][0 if len(pot.winners) == 1 else 1] += 1
    return GameRunouts(
        rules.label,
        deal,
        len(results),
        tuple(e / len(results) for e in equity),
        tuple(scoops),
        {pot: tuple((w, t) for w, t in rows) for pot, rows in pots.items()},
    )


__all__ = ["GameRunouts", "game_runouts"]
