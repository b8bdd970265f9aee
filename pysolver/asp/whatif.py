"""ASP what-if: every runout of a flop or turn deal, the counts, and the outs.

    >>> report = runouts(["AsKs", "QhQd"], "Js Ts 2c")
    >>> len(report.runouts), report.wins, report.ties, report.losses
    (990, (555, 435), (0, 0), (435, 555))
    >>> sorted(str(o.cards[0]) for o in report.outs if o.player == 0)[:3]
    ['2s', '3s', '4s']

All of it is derived by clingo from one program (``asp/runouts.lp`` on top of
the showdown encodings cards.lp, hands.lp, tiebreak.lp and outcome.lp): the
deal goes in as facts (hole cards, the board so far, the unseen cards) and
``runouts.lp`` makes every stage its own showdown id -- ``now``, ``n(I)`` for
each unseen card ``I`` as the next card and, from the flop, ``r(I, J)`` for each
two-card runout -- then counts wins, chops, losses and categories with
``#count`` aggregates and derives the outs and the runner-runner pairs.

Why separate showdown ids, one grounding, measured with
``python benchmarks/bench_whatif.py`` (clingo statistics, this 2-core machine):

* *Ids* (chosen): heads-up from the flop grounds 1,036 showdowns into about
  124,000 rules, about 0.23 s CPU (0.56 s wall under a heavy load); heads-up from the
  turn 5,800 rules, about 20 ms CPU. Every board is a set of facts, so each
  aggregate of hands.lp is evaluated while grounding, and solving is trivial
  (one answer, no search).
* *A choice over the unseen cards* (``{ board(0, F, S) : unseen(F, S) } = K``,
  each runout one answer set) grounds one showdown, but with open board atoms
  every assignment aggregate (``N = #count{..}``, ``V = #sum{..}``) is grounded
  for every value it could take: from the turn, 233,000 rules for 2 candidate
  cards, 426,000 for 3, 1.7 million for 4; all 44 ran past 3 GB of memory.
* *Naive copies* (each runout a deal through ``Solver.solve_batch``) ground
  about as many rules (127,000) but run about 1.2x slower (driver packing,
  deal objects).
* *Externals flipped per runout* ground the same open program as the choice and
  add one solve call per runout from Python; ids need neither.
* Growing one board incrementally (multi-shot) is wrong: aggregates grounded
  for the shorter board are not revisited (see ``Solver.solve_streets``).

The hole cards are given once (``holding/3``) and copied to each stage by a
rule; per showdown hands.lp already counts the board once and each player's
hole cards once, so a runout costs about 60 ground rules per player.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import comb
from typing import Optional, Sequence

from .runtime import FACE_NAMES, SUIT_NAMES, AspProgram
from ..core.cards import Card, CardsLike, check_distinct, format_cards, parse_cards
from ..core.categories import Category, describe
from ..core.deal import Deal
from ..core.errors import CardCountError, PlayerCountError
from ..odds.draws import CardOutcome, HandValue, OutsReport
from ..core.rules import RulesLike, rules_of
from .solver import tiebreak_from_value

#: The encodings of a what-if program, in load order.
WHATIF_FILES = ("cards.lp", "hands.lp", "tiebreak.lp", "outcome.lp", "runouts.lp")  # + the rules file
MAX_WHATIF_PLAYERS = 9

_CATEGORY = {c.snake: c for c in Category}
_STAGE = r"(now|n\((\d+)\)|r\((\d+),(\d+)\))"
_HAND = re.compile(rf"hand\({_STAGE},(\d+),(\w+),(\d+)\)")
_OUTCOME = re.compile(rf"game_outcome\({_STAGE},(win|chop),(\d+)\)")
_TALLY = re.compile(r"tally\((\d+),(win|tie|loss),(\d+)\)")
_REACHES = re.compile(r"reaches\((\d+),(\w+),(\d+)\)")
_OUT = re.compile(r"out\((\d+),(\d+),(\w+)\)")
_RUNNER = re.compile(r"runner_runner\((\d+),(\d+),(\d+),(\w+)\)")


def _stage(match: re.Match) -> tuple[int, ...]:
    """``now`` -> (), ``n(I)`` -> (I,), ``r(I,J)`` -> (I, J)."""
    return tuple(int(g) for g in match.groups()[1:4] if g is not None)


def hand_value(category: Category, value: int) -> HandValue:
    """An ASP ``hand_value`` as the outs module's :class:`HandValue` (value, category, words)."""
    return HandValue(value, category, describe(category, tiebreak_from_value(category, value)))


@dataclass(frozen=True)
class Runout:
    """The cards that come (one or two), each player's best hand, the winners (0-indexed)."""

    cards: tuple[Card, ...]
    hands: tuple[HandValue, ...]
    winners: tuple[int, ...]

    @property
    def is_chop(self) -> bool:
        return len(self.winners) > 1


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
    (chops) and ``losses`` count runouts per player; ``categories[p]`` maps each
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

    def to_json(self) -> dict:
        """Counts per player and per category, outs and runner-runner pairs (``--json``)."""
        return {
            "board": [str(c) for c in self.deal.board], "dead": [str(c) for c in self.dead],
            "runouts": len(self.runouts),
            "players": [{"hole": [str(c) for c in hole], "now": self.now.hands[p].description,
                         "win": self.wins[p], "tie": self.ties[p], "loss": self.losses[p],
                         "categories": {c.snake: n for c, n in sorted(self.categories[p].items())},
                         "outs": [{"card": str(o.cards[0]), "category": o.category.snake}
                                  for o in self.outs if o.player == p],
                         "runner_runner": [{"cards": [str(c) for c in o.cards], "category": o.category.snake}
                                           for o in self.runner_runner if o.player == p]}
                        for p, hole in enumerate(self.deal.players)],
        }

    def outs_report(self) -> OutsReport:
        """The next-card view of a heads-up deal as :class:`pysolver.outs.OutsReport`."""
        if len(self.deal.players) != 2:
            raise PlayerCountError(f"{len(self.deal.players)} players: an outs report is heads-up")

        def leader(r: Runout) -> Optional[int]:
            return None if r.is_chop else r.winners[0]

        outcomes = tuple(CardOutcome(r.cards[0], leader(r), (r.hands[0].description, r.hands[1].description),
                                     (r.hands[0].category, r.hands[1].category)) for r in self.next_cards)
        p, q = self.deal.players
        return OutsReport((p, q), self.deal.board, leader(self.now),
                          (self.now.hands[0].description, self.now.hands[1].description), outcomes)


def whatif_facts(deal: Deal, unseen: Sequence[Card], look_ahead: int | None = None) -> str:
    """The input of runouts.lp: ``holding/3``, ``known/2``, ``unseen/3``, ``look_ahead/1``.

    ``look_ahead`` is how many cards to deal: by default all that are to come.
    """
    def name(c: Card) -> str:
        return f"{FACE_NAMES[c.rank]},{SUIT_NAMES[c.suit]}"
    return "".join([f"holding({p},{name(c)})." for p, hole in enumerate(deal.players) for c in hole]
                   + [f"known({name(c)})." for c in deal.board]
                   + [f"unseen({c.index},{name(c)})." for c in unseen]
                   + [f"look_ahead({look_ahead or 5 - len(deal.board)})."])


def check_whatif_deal(deal: Deal, dead: Sequence[Card] = (), rules: RulesLike = None) -> tuple[Card, ...]:
    """Check a what-if deal (flop or turn, 2..9 players); return the unseen cards of the deck."""
    rules = rules_of(rules)
    rules.check_deal(deal)
    rules.check_cards(dead)
    if deal.street not in ("flop", "turn"):
        raise CardCountError(f"board '{format_cards(deal.board)}': runouts need a flop or a turn "
                             f"(3 or 4 cards), got {len(deal.board)}")
    if len(deal.players) > MAX_WHATIF_PLAYERS:
        raise PlayerCountError(f"{len(deal.players)} players: runouts take 2 to {MAX_WHATIF_PLAYERS}")
    check_distinct(deal.cards + tuple(dead))
    known = set(deal.cards) | set(dead)
    unseen = tuple(c for c in rules.deck if c not in known)
    if len(unseen) < 5 - len(deal.board):
        raise CardCountError(f"{len(unseen)} unseen cards: too few to complete the board")
    return unseen


def ground_and_solve(facts: str, *, statistics: bool = False, rules: RulesLike = None) -> tuple[str, dict]:
    """Run the what-if program on ``facts``; the shown atoms as one text, and clingo's statistics."""
    ctl = AspProgram(rules, WHATIF_FILES).ground(facts, ["--models=1"] + (["--stats"] if statistics else []))
    texts: list[str] = []
    ctl.solve(on_model=lambda m: texts.append(" ".join(map(str, m.symbols(shown=True)))))
    if len(texts) != 1:
        raise RuntimeError("the what-if program must have exactly one answer")
    return texts[0], (ctl.statistics if statistics else {})


def runouts(holes: Sequence[CardsLike], board: CardsLike, *, dead: CardsLike = (),
            rules: RulesLike = None) -> RunoutReport:
    """Every runout of a deal on the flop or turn, solved in one clingo program.

    ``rules`` is the variant (:mod:`pysolver.rules`): its deck deals the runouts.

    >>> r = runouts(["Ah Kh", "7c 7d", "Qs Qc"], "7h 2h 3c 9s")
    >>> len(r.runouts), r.wins[0], r.categories[1][Category.FOUR_OF_A_KIND]
    (42, 7, 1)
    >>> len(runouts(["Ah Kh", "7c 7d"], "7h 6h 8c", rules="short_deck").runouts)   # C(29, 2)
    406
    """
    return _whatif(holes, board, dead, None, rules)


def _whatif(holes: Sequence[CardsLike], board: CardsLike, dead: CardsLike, look_ahead: int | None,
            rules: RulesLike) -> RunoutReport:
    deal = Deal.parse(holes, board)
    dead_cards = parse_cards(dead or ())
    unseen = check_whatif_deal(deal, dead_cards, rules)
    text, _ = ground_and_solve(whatif_facts(deal, unseen, look_ahead), rules=rules)
    return _decode(deal, dead_cards, unseen, text, look_ahead or 5 - len(deal.board))


def _decode(deal: Deal, dead: tuple[Card, ...], unseen: Sequence[Card], text: str,
            look_ahead: int) -> RunoutReport:
    players = len(deal.players)
    hands: dict[tuple[int, ...], list] = {}
    for m in _HAND.finditer(text):
        category = _CATEGORY[m.group(6)]
        hands.setdefault(_stage(m), [None] * players)[int(m.group(5))] = hand_value(category, int(m.group(7)))
    winners: dict[tuple[int, ...], list[int]] = {}
    for m in _OUTCOME.finditer(text):
        winners.setdefault(_stage(m), []).append(int(m.group(6)))

    def stage(key: tuple[int, ...]) -> Runout:
        return Runout(tuple(Card(i) for i in key), tuple(hands[key]), tuple(sorted(winners[key])))

    to_come = 5 - len(deal.board)
    finals = sorted(k for k in hands if len(k) == to_come)
    expected = comb(len(unseen), to_come) if look_ahead == to_come else 0
    if len(finals) != expected or len(hands) != 1 + len(unseen) + (to_come == 2) * expected:
        raise RuntimeError(f"{len(hands)} showdowns derived, {len(finals)} of them runouts: expected {expected}")
    tally = {(int(p), kind): int(n) for p, kind, n in _TALLY.findall(text)}
    categories: list[dict[Category, int]] = [{} for _ in range(players)]
    for p, name, n in _REACHES.findall(text):
        categories[int(p)][_CATEGORY[name]] = int(n)
    outs = sorted((Out(int(p), (Card(int(i)),), _CATEGORY[c]) for p, i, c in _OUT.findall(text)),
                  key=lambda o: (o.player, o.cards))
    runner = sorted((Out(int(p), (Card(int(i)), Card(int(j))), _CATEGORY[c])
                     for p, i, j, c in _RUNNER.findall(text)), key=lambda o: (o.player, o.cards))
    return RunoutReport(
        deal, dead, stage(()), tuple(stage(k) for k in sorted(k for k in hands if len(k) == 1)),
        tuple(stage(k) for k in finals),
        tuple(tally[p, "win"] for p in range(players)), tuple(tally[p, "tie"] for p in range(players)),
        tuple(tally[p, "loss"] for p in range(players)), tuple(categories), tuple(outs), tuple(runner))


def asp_outs(first: CardsLike, second: CardsLike, board: CardsLike, *, dead: CardsLike = (),
             rules: RulesLike = None) -> OutsReport:
    """The outs of a heads-up deal from the ASP side, as :func:`pysolver.outs.outs` reports them.

    >>> [str(o.card) for o in asp_outs("Ah Kh", "7c 7d", "7h 2h 3c 9s").outs(0)]
    ['4h', '5h', '6h', '8h', 'Th', 'Jh', 'Qh']
    """
    return _whatif([first, second], board, dead, 1, rules).outs_report()


__all__ = ["Out", "Runout", "RunoutReport", "asp_outs", "runouts", "whatif_facts", "ground_and_solve",
           "check_whatif_deal", "hand_value", "WHATIF_FILES"]
