"""Outs in a game with a board: each unseen card's effect on every pot of the deal.

On the flop (or the turn) each unseen card is dealt in turn as the next board card, and the
hands show down on the longer board, pot by pot: each player's hand for each pot, each pot's
winners and each player's share of the whole pot. A player's *scoops* are the cards after
which the player takes the whole pot, the *shares* the cards after which the player takes part
of it; in a game of one high pot they are hold'em's outs and ties.

The hands are valued by an *engine*: ``"table"``, the evaluator (:func:`~pysolver.evaluator.game_values`),
or ``"asp"``, clingo's generic showdown of every next board (one program); both give the same
report, and the tests check it.

    >>> report = game_outs(["Ah 3h Kd Qd", "As 2s 9c 9d"], "2c 5d Kh Js", rules="omaha_hi_lo")
    >>> [str(o.card) for o in report.scoops(1)]        # trips or a set; no low card makes the other a low
    ['2d', '2h', '9h', '9s']
    >>> quartered = game_outs(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc", rules="omaha_hi_lo")
    >>> len(quartered.shares(0)), [str(s) for s in quartered.outcomes[0].shares]   # the low tied on every river
    (40, ['3/4', '1/4'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ...core import Card, CardsLike, Deal, PokerInputError, RulesLike, check_player, format_cards
from ...evaluator import describe_pot, game_values, pot_shares, pot_winners
from ...rulebook import rules_of
from .seats import read_table

ENGINES = ("table", "asp")
"""The engines that value the hands."""


@dataclass(frozen=True)
class GameCardOutcome:
    """What one next card does: each player's share of the whole pot (``shares``), each pot's
    winners (``pots``; none where no hand plays) and each player's hand for each pot."""

    card: Card | None
    shares: tuple[Fraction, ...]
    pots: dict[str, tuple[int, ...]]
    hands: dict[str, tuple[str, ...]]

    def to_dict(self) -> dict:
        return {
            "card": None if self.card is None else str(self.card),
            "shares": [float(s) for s in self.shares],
            "pots": {pot: list(w) for pot, w in self.pots.items()},
            "hands": {pot: list(h) for pot, h in self.hands.items()},
        }


@dataclass(frozen=True)
class GameOutsReport:
    """Every unseen card's outcome in card order, and ``now``, the showdown on the board as it is."""

    rules: str
    players: tuple[tuple[Card, ...], ...]
    board: tuple[Card, ...]
    now: GameCardOutcome
    outcomes: tuple[GameCardOutcome, ...]

    def scoops(self, player: int) -> tuple[GameCardOutcome, ...]:
        """The cards after which ``player`` takes the whole pot."""
        p = check_player(player, len(self.players))
        return tuple(o for o in self.outcomes if o.shares[p] == 1)

    def shares(self, player: int) -> tuple[GameCardOutcome, ...]:
        """The cards after which ``player`` takes part of the pot, not all of it."""
        p = check_player(player, len(self.players))
        return tuple(o for o in self.outcomes if 0 < o.shares[p] < 1)

    def to_dict(self) -> dict:
        """What ``pysolver outs --rules GAME --json`` prints."""
        return {
            "rules": self.rules,
            "board": [str(c) for c in self.board],
            "players": [
                {
                    "player": p,
                    "hole": [str(c) for c in hole],
                    "scoops": [str(o.card) for o in self.scoops(p)],
                    "shares": [str(o.card) for o in self.shares(p)],
                }
                for p, hole in enumerate(self.players)
            ],
            "now": self.now.to_dict(),
            "cards": [o.to_dict() for o in self.outcomes],
        }

    def __str__(self) -> str:
        lines = [f"board {format_cards(self.board)}, {self.rules} rules"]
        for p, hole in enumerate(self.players):
            now = "; ".join(f"{pot} {hands[p]}" for pot, hands in self.now.hands.items())
            lines.append(f"player {p}: {format_cards(hole)}  now {now} ({100 * float(self.now.shares[p]):.0f}%)")
        for p in range(len(self.players)):
            whole, part = self.scoops(p), self.shares(p)
            lines.append(f"player {p} scoops on {len(whole)}: {' '.join(str(o.card) for o in whole)}")
            lines.append(f"player {p} takes part on {len(part)}: {' '.join(str(o.card) for o in part)}")
        return "\n".join(lines)


def game_outs(
    players: Sequence[str], board: CardsLike, *, rules: RulesLike, dead: CardsLike = (), engine: str = "table"
) -> GameOutsReport:
    """Each unseen card's effect on a deal of a game with a board, on the flop or the turn (see
    the module); every player's hole cards known."""
    if engine not in ENGINES:
        raise PokerInputError(f"engine {engine!r}: choose one of {', '.join(ENGINES)}")
    rules = rules_of(rules)
    game = rules.game
    table = read_table(players, board, dead, rules)
    if not game.board_cards or len(table.board) not in (3, 4) or len(table.board) >= game.board_cards:
        raise PokerInputError(
            f"outs in {rules.label} take a flop or a turn of its board ({game.board_cards} cards); "
            f"got a board of {len(table.board)}"
        )
    if any(seat.to_come or seat.listed for seat in table.seats):
        raise PokerInputError("outs take every player's hole cards, known (no 'random', no list of holdings)")
    holes = tuple(seat.fixed for seat in table.seats)
    known = table.known
    unseen = [c for c in rules.deck if c not in known]
    boards = [table.board] + [(*table.board, card) for card in unseen]
    outcomes = _table(holes, boards, rules) if engine == "table" else _asp(holes, boards, rules)
    now, *later = outcomes
    return GameOutsReport(
        rules.label,
        holes,
        table.board,
        now,
        tuple(GameCardOutcome(card, o.shares, o.pots, o.hands) for card, o in zip(unseen, later)),
    )


def _table(holes: tuple[tuple[Card, ...], ...], boards: list[tuple[Card, ...]], rules) -> list[GameCardOutcome]:
    """Each board's showdown by the evaluator: the current board, then each longer one."""
    out = []
    for size in sorted({len(b) for b in boards}):
        rows = [b for b in boards if len(b) == size]
        cards = np.array([[c.index for c in b] for b in rows], dtype=np.int64).reshape(len(rows), size)
        hole = np.broadcast_to(np.array([[c.index for c in h] for h in holes]), (len(rows), len(holes), len(holes[0])))
        values = game_values(np.ascontiguousarray(hole), cards, rules)
        num, den = pot_shares(values)
        winners = {pot: pot_winners(v) for pot, v in values.items()}
        for i in range(len(rows)):
            out.append(
                GameCardOutcome(
                    None,
                    tuple(Fraction(int(n), int(d)) for n, d in zip(num[i], den[i])),
                    {pot: tuple(np.flatnonzero(w[i]).tolist()) for pot, w in winners.items()},
                    {pot: tuple(describe_pot(int(x), pot, rules) for x in v[i]) for pot, v in values.items()},
                )
            )
    return out


def _asp(holes: tuple[tuple[Card, ...], ...], boards: list[tuple[Card, ...]], rules) -> list[GameCardOutcome]:
    """Each board's showdown solved by clingo's generic showdown, all in one program."""
    from ...asp import Solver

    results = Solver(rules).solve_batch([Deal(holes, board) for board in boards])
    out = []
    for result in results:
        hands = {
            pot.pot: tuple(
                h.description if h is not None else ("no low" if pot.pot == "low" else "no hand") for h in pot.hands
            )
            for pot in result.pots
        }
        pots = {pot.pot: tuple(pot.winners) for pot in result.pots}
        out.append(GameCardOutcome(None, tuple(Fraction(s) for s in result.shares), pots, hands))
    return out


__all__ = ["ENGINES", "GameCardOutcome", "GameOutsReport", "game_outs"]
