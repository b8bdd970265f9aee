"""The ASP showdown solver: deals in, typed results out.

    >>> result = solve_showdown(["As Ks", "Qh Qd"], board="Js Ts 2c 7h 3d")
    >>> result.players[1].description
    'Pair of Queens, Jack-Ten-Seven kickers'
    >>> result.winners, result.outcome
    ((1,), 'win')
    >>> [str(c) for c in result.players[0].best_five]
    ['As', 'Ks', 'Js', 'Ts', '7h']

:class:`Solver` holds the encodings (and any rule files of yours) and solves one
showdown (:meth:`Solver.solve`), many in one program (:meth:`Solver.solve_batch`,
the fast way), or the standing at each street of a deal
(:meth:`Solver.solve_streets`, one fresh grounding per street). With
``explain=True`` every result also says why (:class:`~pysolver.core._explanation.Explanation`,
derived by ``asp/explain.lp``):

    >>> print(solve_showdown(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d", explain=True).explanation.lines()[0])
    player 1 beats player 0: Queens beat Ace-King high: pair over high card
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from collections.abc import Iterable, Iterator, Sequence

from ..core import (Card, CardsLike, Category, Deal, Explanation, HandRoles, PlayerLike, PokerInputError, RuleFileError,
                    Rules, RulesLike, Situation, cards_html, describe, format_cards, table_html)
from ._codec import (DealInput, ExplainAnswer, ShowdownAnswer, batch_facts, best_cards, read_driver,
                    read_explanations, tiebreak_from_value, winners_of)
from ._cluster import run_tasks
from ._processes import check_workers, recycled_imap
from ._runtime import ENCODING_FILES, EXPLAIN_FILES, AspProgram, GroundSize, RulePath, load_rules

_STRAIGHTS = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
_DISTINCT_RANKS = frozenset((Category.HIGH_CARD, Category.STRAIGHT, Category.FLUSH,
                             Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH))
_INDEX = attrgetter("index")


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One player's best hand: category, five cards (two preflop), tie-break ranks."""

    hole: tuple[Card, Card]
    category: Category
    best_five: tuple[Card, ...]
    tiebreak: tuple[int, ...]

    @property
    def description(self) -> str:
        """The hand as a player says it: ``'Full house, Kings full of Sevens'``."""
        return describe(self.category, self.tiebreak)

    @property
    def key(self) -> tuple[int, ...]:
        """Compares hands: higher is better, equal keys tie."""
        return (int(self.category),) + self.tiebreak


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """The solved showdown: each player's hand and the winners (numbered from 0, as the
    players are given); two or more winners tie and split the pot. ``explanation`` says
    why, when it was asked for (``explain=True``)."""

    deal: Deal
    players: tuple[PlayerHand, ...]
    winners: tuple[int, ...]
    rules: str = "standard"
    explanation: Explanation | None = None

    @property
    def board(self) -> tuple[Card, ...]:
        return self.deal.board

    @property
    def is_tie(self) -> bool:
        """True when two or more players split the pot."""
        return len(self.winners) > 1

    @property
    def outcome(self) -> str:
        """``'win'`` (one winner) or ``'tie'`` (a split pot)."""
        return "tie" if self.is_tie else "win"

    @property
    def street(self) -> str:
        return self.deal.street

    def to_dict(self) -> dict:
        """What ``pysolver showdown --json`` prints (``--explain``: with ``"explanation"``)."""
        out: dict[str, object] = {
            "rules": self.rules, "street": self.street, "board": [str(c) for c in self.board],
            "players": [{"player": i, "hole": [str(c) for c in p.hole], "category": p.category.snake,
                         "best_five": [str(c) for c in p.best_five], "tiebreak": list(p.tiebreak),
                         "description": p.description} for i, p in enumerate(self.players)],
            "winners": list(self.winners),
            "outcome": self.outcome,
        }
        if self.explanation is not None:
            out["explanation"] = self.explanation.to_dict()
        return out

    def __str__(self) -> str:
        lines = [f"board {format_cards(self.board) or '(preflop)'}"]
        for i, p in enumerate(self.players):
            lines.append(f"player {i}: {format_cards(p.hole)}  best five {format_cards(p.best_five)}  "
                         f"{p.description}")
        if self.is_tie:
            lines.append(f"tie: players {', '.join(map(str, self.winners))} split the pot")
        else:
            lines.append(f"win: player {self.winners[0]}")
        if self.explanation is not None:
            lines += self.explanation.lines()
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: each player's cards with the best five highlighted, the hand's name, the
        winners in bold, and why (with ``explain=True``), as the web app shows them."""
        rows = [[f"player {i}", cards_html(p.hole + self.board, p.best_five), p.description]
                for i, p in enumerate(self.players)]
        out = f"<p>{cards_html(self.board) or '(preflop)'}</p>" + table_html(["", "cards", "hand"], rows, self.winners)
        who = " and ".join(f"player {w}" for w in self.winners)
        out += f"<p><strong>{who} {'split the pot' if self.is_tie else 'wins'}</strong></p>"
        if self.explanation is not None:
            out += "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in self.explanation.lines()) + "</ul>"
        return out


def _display_order(cards: list[Card], category: Category, tiebreak: tuple[int, ...]) -> tuple[Card, ...]:
    """Best five in reading order: biggest groups first, high to low; a wheel's ace last."""
    # index = 4 * rank + suit, so ordering by index orders by rank, then suit
    if category in _DISTINCT_RANKS:
        ordered = sorted(cards, key=_INDEX, reverse=True)
    else:
        ranks = [c.index >> 2 for c in cards]
        ordered = sorted(cards, key=lambda c: (ranks.count(c.index >> 2), c.index), reverse=True)
    if category in _STRAIGHTS and ordered[0].index >> 2 == 12 and tiebreak[0] != 12:
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


#: A chunk's answers: each showdown's, and the reasons when they were asked for.
ChunkAnswer = tuple[list[ShowdownAnswer], list[ExplainAnswer] | None]


def _results(deals: Sequence[Deal], chunk: ChunkAnswer, rules: Rules) -> list[ShowdownResult]:
    answers, whys = chunk
    return [_result(g, deal, *answer, rules, whys[g] if whys else None)
            for g, (deal, answer) in enumerate(zip(deals, answers))]


def _result(g: int, deal: Deal, hands: dict, wins: dict[int, str], rules: Rules,
            why: ExplainAnswer | None = None) -> ShowdownResult:
    """One showdown's answer as a result, checking the contract (a rule file may break it)."""
    size = min(5, 2 + len(deal.board))
    players = []
    for p, hole in enumerate(deal.players):
        if p not in hands:
            raise RuleFileError(f"showdown {g}: no hand derived for player {p} ({format_cards(hole)})")
        hand = hands[p]
        cards = best_cards(hand.mask, hole, deal.board)
        if cards is None or len(cards) != size:
            raise RuleFileError(f"showdown {g}: player {p}'s best hand is not {size} of the player's cards")
        tiebreak = tiebreak_from_value(hand.category, hand.value)
        players.append(PlayerHand(hole, hand.category, _display_order(cards, hand.category, tiebreak), tiebreak))
    winners = winners_of(wins)
    if winners is None:
        raise RuleFileError(f"showdown {g}: inconsistent outcome {sorted(wins.items())}")
    explanation = None if why is None else _explanation(g, deal, players, winners, why, rules)
    return ShowdownResult(deal, tuple(players), winners, rules.label, explanation)


def _explanation(g: int, deal: Deal, players: list[PlayerHand], winners: tuple[int, ...], why: ExplainAnswer,
                 rules: Rules) -> Explanation:
    """The reasons of one showdown, checked: one verdict for every two players, a role for
    each card of the best five, and every other card of the player's idle."""
    verdicts = why.verdict_values()
    pairs = sorted(tuple(sorted(v.players)) for v in verdicts)
    if pairs != [(p, q) for p in range(len(players)) for q in range(p + 1, len(players))]:
        raise RuleFileError(f"showdown {g}: the explanation does not compare every two players once "
                            "(a rule file changes the hands' order without its reasons)")
    roles = []
    for p, hand in enumerate(players):
        played, idle = why.roles.get(p, {}), why.idle.get(p, [])
        cards = {c.index for c in deal.players[p] + deal.board}
        if set(played) != {c.index for c in hand.best_five} or set(idle) != cards - set(played):
            raise RuleFileError(f"showdown {g}: player {p}'s explanation does not match the best five cards")
        roles.append(HandRoles(tuple((c, played[c.index]) for c in hand.best_five),
                               tuple(Card(i) for i in sorted(idle, reverse=True)), p in why.board_players))
    return Explanation(tuple((p.category, p.tiebreak) for p in players), winners, tuple(verdicts),
                       tuple(roles), rules.straights)


class Solver:
    """Solves showdowns with the ASP encodings under a variant's rules.

    ``rules`` is a shipped variant's name (``"short_deck"``), a rules file's
    path or a :class:`~pysolver.Rules` (the standard game by default);
    ``add`` are ``.lp`` files added to it (rule experiments); ``chunk_size`` is
    how many showdowns :meth:`solve_batch` grounds in one program, ``workers`` in
    how many worker processes it solves them (a small batch with one worker: in
    this process), or ``scheduler`` sends them to a Dask cluster, one task per
    chunk (:mod:`pysolver.asp._cluster`; every worker needs pysolver and any rule
    files of yours at the same paths); ``explain`` adds ``asp/explain.lp`` and an
    :class:`~pysolver.core._explanation.Explanation` to every result.

    >>> solver = Solver()
    >>> solver.solve(Deal.parse(["Ah Kh", "2c 2d"], "Qh Jh Th 2s 3d")).players[0].category
    <Category.ROYAL_FLUSH: 9>
    >>> Solver("short_deck").solve(Deal.parse(["Ah 6c", "Qs Qd"], "7h 8d 9s Qc Ks")).winners
    (1,)
    """

    def __init__(self, rules: RulesLike = None, *, add: Sequence[RulePath] = (), chunk_size: int = 1000,
                 workers: int = 1, explain: bool = False, scheduler: str | None = None):
        if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
            raise PokerInputError(f"chunk_size {chunk_size!r}: must be a whole number, at least 1")
        if scheduler is None or scheduler == "local":
            check_workers(workers)
        self.rules = load_rules(rules, add)
        self.scheduler = scheduler
        self.explain = bool(explain)
        self.program = AspProgram(self.rules, EXPLAIN_FILES if explain else ENCODING_FILES)
        self.chunk_size = chunk_size
        self.workers = workers

    def solve(self, deal: Deal) -> ShowdownResult:
        """Solve one showdown (one grounding)."""
        self.rules.check_deal(deal)
        return _results([deal], self._solve_chunk([deal]), self.rules)[0]

    def solve_batch(self, deals: Iterable[Deal]) -> list[ShowdownResult]:
        """Solve many showdowns, ``chunk_size`` of them per grounding, in order.

        The chunks are solved in ``workers`` worker processes, each replaced after
        :data:`CHUNK_PLAYERS_PER_PROCESS` players' hands (:mod:`pysolver.asp._processes`:
        clingo frees its symbols only with the process, and grounding slows as they
        pile up), while this process reads the answers. A batch that one process
        solves before it would be replaced, with ``workers=1``, is solved in this
        process. Every deal is checked before any is solved.
        """
        chunks = list(_chunks(deals, self.chunk_size))
        for chunk in chunks:
            for deal in chunk:
                self.rules.check_deal(deal)
        if not chunks:
            return []
        players = max(len(deal.players) for deal in chunks[0])
        answers: Iterable[ChunkAnswer]
        per_process = max(1, CHUNK_PLAYERS_PER_PROCESS // (self.chunk_size * players))
        if self.scheduler is not None:
            with run_tasks(_solve_chunk, [(self.rules, self.explain, chunk) for chunk in chunks],
                           workers=self.workers, scheduler=self.scheduler, tasks_per_process=per_process) as run:
                answers = [answer for _, answer in sorted(run, key=lambda pair: pair[0])]  # type: ignore[misc]
        elif len(chunks) == 1 or (self.workers == 1 and len(chunks) <= per_process):
            return [result for chunk in chunks for result in _results(chunk, self._solve_chunk(chunk), self.rules)]
        else:
            answers = recycled_imap(self._solve_chunk, chunks, self.workers, per_process)
        return [result for chunk, answer in zip(chunks, answers) for result in _results(chunk, answer, self.rules)]

    def _solve_chunk(self, chunk: list[Deal]) -> ChunkAnswer:
        """One chunk solved, as plain data (a worker process's task: the worker is forked,
        so it has this solver already)."""
        atoms = self.program.run(_deal_input(chunk))[0]
        return read_driver(atoms, len(chunk)), read_explanations(atoms, len(chunk)) if self.explain else None

    def solve_streets(self, deal: Deal) -> list[ShowdownResult]:
        """The standing at the flop, turn and river (as far as the board goes).

        Each street is a fresh grounding of its own board: growing one ground
        program card by card would leave aggregates grounded for the shorter board.
        A preflop deal gives the preflop standing alone.
        """
        sizes = [n for n in (3, 4, 5) if n <= len(deal.board)] or [0]
        return [self.solve(deal.with_board(deal.board[:n])) for n in sizes]

    def ground_size(self, deals: Sequence[Deal]) -> GroundSize:
        """Atoms and rules of the ground program for these showdowns (clingo statistics),
        the deals given as facts (``batch_facts``)."""
        _, size = self.program.run(batch_facts(deals), statistics=True)
        assert size is not None
        return size


#: How many players' hands a worker process of :meth:`Solver.solve_batch` solves before
#: it is replaced: one chunk of 1,000 heads-up showdowns.
CHUNK_PLAYERS_PER_PROCESS = 2000

def _deal_input(deals: list[Deal]) -> str | DealInput:
    """The showdowns' cards for the grounder: a batch through DealInput (no text for clingo
    to parse, about 10% fewer instructions); a few showdowns as a text of facts, which
    takes about 0.2 ms less CPU for a single showdown than DealInput's callbacks."""
    return DealInput(deals) if len(deals) > 8 else batch_facts(deals)


def _chunks(deals: Iterable[Deal], size: int) -> Iterator[list[Deal]]:
    chunk: list[Deal] = []
    for deal in deals:
        chunk.append(deal)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _solve_chunk(task: tuple[Rules, bool, list[Deal]]) -> ChunkAnswer:
    """A chunk solved in a process of a Dask worker (by that process's own solver)."""
    rules, explain, chunk = task
    return _solver(rules, explain)._solve_chunk(chunk)


@lru_cache(maxsize=8)
def _solver(rules: Rules, explain: bool = False) -> Solver:
    return Solver(rules, explain=explain)


def solve_showdown(players: Sequence[PlayerLike], board: CardsLike | None = "", *, dead: CardsLike = (),
                   rules: RulesLike = None, explain: bool = False) -> ShowdownResult:
    """Solve the showdown of these players' hole cards on this board (0, 3, 4 or 5 cards).

    ``dead`` cards are only checked (a dead card cannot be dealt to a player or the
    board); ``rules`` is a variant's name, a rules file or a :class:`~pysolver.Rules`;
    ``explain`` says why (``result.explanation``).

    >>> solve_showdown(["Ah Ad", "Kh Kd"], "Ac Kc 7s 7d 2h").players[0].description
    'Full house, Aces full of Sevens'
    """
    rules = load_rules(rules)
    situation = Situation.of(players, board, dead=dead, rules=rules)
    return _solver(rules, bool(explain)).solve(situation.deal)


def solve_batch(deals: Iterable[Deal], *, rules: RulesLike = None, chunk_size: int = 1000,
                workers: int = 1, scheduler: str | None = None) -> list[ShowdownResult]:
    """Solve many showdowns, grounding ``chunk_size`` of them per program, in ``workers``
    processes or on the Dask cluster at ``scheduler`` (see :meth:`Solver.solve_batch`).

    >>> deals = [Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d")] * 3
    >>> [r.winners for r in solve_batch(deals, chunk_size=1, workers=2)]
    [(1,), (1,), (1,)]
    """
    return Solver(rules, chunk_size=chunk_size, workers=workers, scheduler=scheduler).solve_batch(deals)


__all__ = ["PlayerHand", "ShowdownResult", "ChunkAnswer", "Solver", "solve_showdown", "solve_batch",
           "CHUNK_PLAYERS_PER_PROCESS"]
