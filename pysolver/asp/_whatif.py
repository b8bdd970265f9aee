"""ASP what-if: every runout of a flop or turn deal, the counts, and the outs.

    >>> report = runouts(["AsKs", "QhQd"], "Js Ts 2c")
    >>> len(report.runouts), report.wins, report.ties, report.losses
    (990, (555, 435), (0, 0), (435, 555))
    >>> sorted(str(o.cards[0]) for o in report.outs if o.player == 0)[:3]
    ['2s', '3s', '4s']

All of it is derived by clingo from one program (``asp/runouts.lp`` on top of
the showdown encodings): the deal goes in as facts (hole cards, the board so
far, the unseen cards), ``runouts.lp`` makes every stage its own showdown id --
``now``, ``n(I)`` for each unseen card ``I`` as the next card and, from the
flop, ``r(I, J)`` for each two-card runout -- then counts wins, ties, losses
and categories with ``#count`` aggregates and derives the outs and the
runner-runner pairs. Why one showdown id per stage is the design page
"The encodings" of the documentation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from ..core import (
    Card,
    CardsLike,
    Category,
    Deal,
    HandValue,
    PlayerLike,
    RuleFileError,
    Rules,
    RulesLike,
    Situation,
    cards_html,
    describe,
    format_cards,
    table_html,
)
from ..rulebook import rules_of
from ._codec import RUNOUTS_ATOMS, category_of, read_atoms, stage_cards, tally_counts, tiebreak_from_value, whatif_facts
from ._game_runouts import GameRunouts, game_runouts
from ._runtime import WHATIF_FILES, AspProgram, GroundSize

MAX_WHATIF_PLAYERS = 9


@dataclass(frozen=True)
class Runout:
    """The cards that come (none for the board as it is), each player's best hand, the winners."""

    cards: tuple[Card, ...]
    hands: tuple[HandValue, ...]
    winners: tuple[int, ...]

    @property
    def is_tie(self) -> bool:
        return len(self.winners) > 1

    @property
    def leader(self) -> int | None:
        """The only winner, or None when players tie."""
        return None if self.is_tie else self.winners[0]


@dataclass(frozen=True)
class Out:
    """Cards that put ``player`` ahead alone: one next card (an out) or two (runner-runner)."""

    player: int
    cards: tuple[Card, ...]
    category: Category


@dataclass(frozen=True)
class RunoutReport:
    """Every runout of a flop or turn deal, with counts and outs, all derived in ASP.

    ``runouts`` are the final boards (two cards to come from the flop, one from
    the turn), in card index order; ``next_cards`` is each unseen card as the
    next card (from the turn, the same boards as ``runouts``). ``wins``, ``ties``
    and ``losses`` count runouts per player; ``categories[p]`` maps each
    category player ``p`` reaches to its number of runouts.
    """

    deal: Deal
    dead: tuple[Card, ...]
    now: Runout
    next_cards: tuple[Runout, ...]
    runouts: tuple[Runout, ...]
    wins: tuple[int, ...]
    ties: tuple[int, ...]
    losses: tuple[int, ...]
    categories: tuple[dict[Category, int], ...]
    outs: tuple[Out, ...]
    runner_runner: tuple[Out, ...]
    rules: str = "standard"

    def to_dict(self) -> dict:
        """What ``pysolver runouts --json`` prints: counts, categories, outs and runner-runner pairs."""
        return {
            "rules": self.rules,
            "board": [str(c) for c in self.deal.board],
            "dead": [str(c) for c in self.dead],
            "runouts": len(self.runouts),
            "players": [
                {
                    "player": p,
                    "hole": [str(c) for c in hole],
                    "now": self.now.hands[p].description,
                    "wins": self.wins[p],
                    "ties": self.ties[p],
                    "losses": self.losses[p],
                    "categories": {c.snake: n for c, n in sorted(self.categories[p].items())},
                    "outs": [
                        {"card": str(o.cards[0]), "category": o.category.snake} for o in self.outs if o.player == p
                    ],
                    "runner_runner": [
                        {"cards": [str(c) for c in o.cards], "category": o.category.snake}
                        for o in self.runner_runner
                        if o.player == p
                    ],
                }
                for p, hole in enumerate(self.deal.players)
            ],
        }

    def __str__(self) -> str:
        lines = [f"board {format_cards(self.deal.board)}: {len(self.runouts)} runouts"]
        for p, hole in enumerate(self.deal.players):
            lines.append(
                f"player {p}: {format_cards(hole)}  wins {self.wins[p]}  ties {self.ties[p]}  "
                f"losses {self.losses[p]}  (now: {self.now.hands[p].description})"
            )
            lines.append(
                "  " + ", ".join(f"{c.label} {n}" for c, n in sorted(self.categories[p].items(), reverse=True))
            )
            outs = [o for o in self.outs if o.player == p]
            if outs:
                by_category: dict[str, list[str]] = {}
                for o in outs:
                    by_category.setdefault(o.category.label, []).append(str(o.cards[0]))
                lines.append(
                    f"  {len(outs)} out{'s' if len(outs) != 1 else ''}: "
                    + "; ".join(f"{' '.join(cards)} ({label})" for label, cards in by_category.items())
                )
            pairs = [o for o in self.runner_runner if o.player == p]
            if pairs:
                shown = " ".join(format_cards(o.cards).replace(" ", "") for o in pairs[:12])
                more = f" ... ({len(pairs)} in all)" if len(pairs) > 12 else ""
                lines.append(f"  {len(pairs)} runner-runner pair{'s' if len(pairs) != 1 else ''}: {shown}{more}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: each player's wins, ties and losses over the runouts, the hand now,
        the categories reached, the outs and the runner-runner pairs."""
        rows = []
        for p, hole in enumerate(self.deal.players):
            reached = ", ".join(f"{c.label} {n}" for c, n in sorted(self.categories[p].items(), reverse=True))
            outs = [o.cards[0] for o in self.outs if o.player == p]
            pairs = sum(o.player == p for o in self.runner_runner)
            rows.append([f"player {p}", cards_html(hole), self.wins[p], self.ties[p], self.losses[p],
                         self.now.hands[p].description, reached, cards_html(outs), pairs])  # fmt: skip
        header = ["", "cards", "wins", "ties", "losses", "now", "categories", "outs", "runner-runner"]
        return f"<p>{cards_html(self.deal.board)}: {len(self.runouts)} runouts</p>" + table_html(header, rows)


def whatif_situation(players: Sequence[PlayerLike], board: CardsLike, dead: CardsLike, rules: Rules) -> Situation:
    """A what-if deal, checked: a flop or a turn, 2 to 9 players with known hole cards."""
    situation = Situation.of(players, board, dead=dead, rules=rules, boards=(3, 4), most=MAX_WHATIF_PLAYERS)
    _ = situation.holes  # every player's hole cards are known
    return situation


def solve_whatif(
    situation: Situation, look_ahead: int | None = None, *, statistics: bool = False
) -> tuple[RunoutReport, GroundSize | None]:
    """Run the what-if program on a checked situation: ``look_ahead`` cards (by default all
    that are to come; 1 for the next card alone). Returns the report and, with
    ``statistics``, the size of the ground program."""
    deal, unseen = situation.deal, situation.unseen
    to_come = 5 - len(deal.board)
    look_ahead = look_ahead or to_come
    program = AspProgram(situation.rules, WHATIF_FILES)
    atoms, size = program.run(whatif_facts(deal, unseen, look_ahead), statistics=statistics)
    report = _report(situation, read_atoms(atoms, RUNOUTS_ATOMS), len(unseen), look_ahead)
    return report, size


def runouts(
    players: Sequence[PlayerLike], board: CardsLike, *, dead: CardsLike = (), rules: RulesLike = None
) -> RunoutReport | GameRunouts:
    """Every runout of a deal on the flop or turn, solved in one clingo program.

    ``rules`` is the variant (a name, a rules file or a :class:`~pysolver.Rules`):
    its deck deals the runouts. Under the rule book of a game with a board, every runout is
    solved by the generic showdown, pot by pot
    (:func:`~pysolver.asp._game_runouts.game_runouts`: each player's equity by ASP alone).

    >>> r = runouts(["Ah Kh", "7c 7d", "Qs Qc"], "7h 2h 3c 9s")
    >>> len(r.runouts), r.wins[0], r.categories[1][Category.FOUR_OF_A_KIND]
    (42, 7, 1)
    >>> len(runouts(["Ah Kh", "7c 7d"], "7h 6h 8c", rules="short_deck").runouts)   # C(29, 2)
    406
    """
    read = rules_of(rules)
    if not read.game.holdem_shape:
        return game_runouts(players, board, rules=read, dead=dead)
    return solve_whatif(whatif_situation(players, board, dead, read))[0]


def _report(situation: Situation, atoms: dict[str, list[tuple]], unseen: int, look_ahead: int) -> RunoutReport:
    deal, rules = situation.deal, situation.rules
    players = len(deal.players)
    hands: dict[tuple[int, ...], list] = {}
    for at, p, name, value in atoms["hand"]:
        category = category_of(name)
        hand = HandValue(value, category, describe(category, tiebreak_from_value(category, value)))
        hands.setdefault(stage_cards(at), [None] * players)[p] = hand
    winners: dict[tuple[int, ...], list[int]] = {}
    for at, _, p in atoms["game_outcome"]:
        winners.setdefault(stage_cards(at), []).append(p)

    def stage(key: tuple[int, ...]) -> Runout:
        return Runout(tuple(Card(i) for i in key), tuple(hands[key]), tuple(sorted(winners[key])))

    to_come = 5 - len(deal.board)
    finals = sorted(k for k in hands if len(k) == to_come)
    expected = comb(unseen, to_come) if look_ahead == to_come else 0
    if len(finals) != expected or len(hands) != 1 + unseen + (to_come == 2) * expected:
        raise RuleFileError(f"{len(hands)} showdowns derived, {len(finals)} of them runouts: expected {expected}")
    categories: list[dict[Category, int]] = [{} for _ in range(players)]
    for p, name, n in atoms["reaches"]:
        categories[p][category_of(name)] = n
    outs = sorted((Out(p, (Card(i),), category_of(c)) for p, i, c in atoms["out"]), key=lambda o: (o.player, o.cards))
    runner = sorted(
        (Out(p, (Card(i), Card(j)), category_of(c)) for p, i, j, c in atoms["runner_runner"]),
        key=lambda o: (o.player, o.cards),
    )
    wins, ties, losses = tally_counts(atoms["tally"], players)
    return RunoutReport(
        deal,
        situation.dead,
        stage(()),
        tuple(stage(k) for k in sorted(k for k in hands if len(k) == 1)),
        tuple(stage(k) for k in finals),
        wins,
        ties,
        losses,
        tuple(categories),
        tuple(outs),
        tuple(runner),
        rules.label,
    )


__all__ = ["Out", "Runout", "RunoutReport", "MAX_WHATIF_PLAYERS", "runouts", "solve_whatif", "whatif_situation"]
