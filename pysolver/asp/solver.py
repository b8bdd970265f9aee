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
(:meth:`Solver.solve_streets`, one fresh grounding per street).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter
from typing import Iterable, Iterator, Sequence

import clingo

from .runtime import AspProgram, DealInput, GroundSize, RulePath, batch_facts
from ..core.cards import Card, CardsLike, format_cards
from ..core.categories import Category, describe
from ..core.deal import Deal
from ..core.errors import InvalidCardError, RuleFileError
from .processes import check_workers, recycled_imap
from ..core.rules import Rules, RulesLike

# hand_value (asp/tiebreak.lp): Order << 21 | lead0 << 17 | lead1 << 13 | kicker bits.
_LEADS = {Category.ROYAL_FLUSH: 1, Category.STRAIGHT_FLUSH: 1, Category.FOUR_OF_A_KIND: 1,
          Category.FULL_HOUSE: 2, Category.FLUSH: 0, Category.STRAIGHT: 1,
          Category.THREE_OF_A_KIND: 1, Category.TWO_PAIR: 2, Category.PAIR: 1, Category.HIGH_CARD: 0}
_CATEGORY_BY_NAME = {c.snake: c for c in Category}
_STRAIGHTS = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
_DISTINCT_RANKS = frozenset((Category.HIGH_CARD, Category.STRAIGHT, Category.FLUSH,
                             Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH))
_INDEX = attrgetter("index")
# The board slots (asp/driver.lp) set in a best_mask's low five bits, and the kicker ranks
# in hand_value's low bits.
_SLOTS = tuple(tuple(j for j in range(5) if mask >> j & 1) for mask in range(1 << 5))
_KICKERS = tuple(tuple(r for r in range(12, -1, -1) if mask >> r & 1) for mask in range(1 << 13))


def tiebreak_from_value(category: Category, value: int) -> tuple[int, ...]:
    """The tie-break ranks held in an ASP ``hand_value`` (see asp/tiebreak.lp).

    >>> tiebreak_from_value(Category.TWO_PAIR, (2 << 21) | (12 << 17) | (10 << 13) | (1 << 11))
    (12, 10, 11)
    """
    leads = ((value >> 17) & 15, (value >> 13) & 15)[:_LEADS[category]]
    return leads + _KICKERS[value & 8191]


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
    """The solved showdown: each player's hand, the winners (0-indexed), chop or not."""

    deal: Deal
    players: tuple[PlayerHand, ...]
    winners: tuple[int, ...]

    @property
    def board(self) -> tuple[Card, ...]:
        return self.deal.board

    @property
    def is_chop(self) -> bool:
        """True when two or more players split the pot."""
        return len(self.winners) > 1

    @property
    def outcome(self) -> str:
        """``'win'`` or ``'tie'`` (as in the JSON output)."""
        return "tie" if self.is_chop else "win"

    @property
    def street(self) -> str:
        return self.deal.street

    def to_json(self) -> dict:
        """The JSON shape of ``pysolver showdown --json``."""
        return {
            "board": [str(c) for c in self.board],
            "players": [{"hole": [str(c) for c in p.hole], "category": p.category.snake,
                         "best_five": [str(c) for c in p.best_five], "tiebreak": list(p.tiebreak),
                         "description": p.description} for p in self.players],
            "winners": list(self.winners),
            "outcome": self.outcome,
        }

    def __str__(self) -> str:
        lines = [f"board {format_cards(self.board)}" if self.board else "board (preflop)"]
        for i, p in enumerate(self.players):
            mark = "  wins" if i in self.winners and not self.is_chop else "  chops" if i in self.winners else ""
            lines.append(f"player {i}: {format_cards(p.hole)}  best {format_cards(p.best_five)}  "
                         f"{p.description}{mark}")
        return "\n".join(lines)


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


#: A solved chunk as plain data (picklable, for worker processes): per showdown, each
#: player's (category name, hand_value, best_mask) and each winner's "win" or "chop".
RawAnswer = list[tuple[dict[int, tuple[str, int, int]], dict[int, str]]]


def _read(count: int, atoms: Iterable[clingo.Symbol]) -> RawAnswer:
    """The driver's atoms (asp/driver.lp) of ``count`` showdowns as plain data."""
    answer: RawAnswer = [({}, {}) for _ in range(count)]
    for atom in atoms:
        text = str(atom)
        name, _, args = text.partition("(")
        parts = args[:-1].split(",")
        if name == "player_result":
            g, p = int(parts[0]), int(parts[1])
            if p in answer[g][0]:
                raise RuleFileError(f"showdown {g}: player {p} has more than one hand "
                                    "(a rule file derives a second category or value)")
            answer[g][0][p] = (parts[2], int(parts[3]), int(parts[4]))
        elif name == "game_outcome":
            answer[int(parts[0])][1][int(parts[2])] = parts[1]
        elif name == "card_outside_deck":
            raise InvalidCardError(f"card '{parts[1]} of {parts[2]}' is not in the rules' deck")
    return answer


def _decode(deals: Sequence[Deal], atoms: Iterable[clingo.Symbol]) -> list[ShowdownResult]:
    """Turn the driver's atoms (asp/driver.lp) into results, checking the contract."""
    return _results(deals, _read(len(deals), atoms))


def _results(deals: Sequence[Deal], answer: RawAnswer) -> list[ShowdownResult]:
    return [_result(g, deal, *answer[g]) for g, deal in enumerate(deals)]


def _hole_cards(hole: tuple[Card, Card], code: int) -> list[Card]:
    """The hole cards in a best five from the sum of (index + 1) over them (asp/driver.lp);
    with two known cards every subset has its own sum. A sum no subset has gives no card."""
    a, b = hole[0].index + 1, hole[1].index + 1
    return {0: [], a: [hole[0]], b: [hole[1]], a + b: list(hole)}.get(code, [])


def _result(g: int, deal: Deal, hands: dict[int, tuple[str, int, int]], wins: dict[int, str]) -> ShowdownResult:
    board = sorted(deal.board)  # asp/driver.lp's board slots 0..4
    size = min(5, 2 + len(board))
    bad_bits = 31 & ~0 << len(board)  # slots past the board
    players = []
    for p, hole in enumerate(deal.players):
        if p not in hands:
            raise RuleFileError(f"showdown {g}: no hand derived for player {p} ({format_cards(hole)})")
        name, value, mask = hands[p]
        category = _CATEGORY_BY_NAME.get(name)
        if category is None:
            raise RuleFileError(f"showdown {g}: unknown hand category '{name}' for player {p}")
        cards = [board[j] for j in _SLOTS[mask & 31] if j < len(board)] + _hole_cards(hole, mask >> 5)
        if len(cards) != size or mask & bad_bits:
            raise RuleFileError(f"showdown {g}: player {p}'s best hand has {len(cards)} cards")
        tiebreak = tiebreak_from_value(category, value)
        players.append(PlayerHand(hole, category, _display_order(cards, category, tiebreak), tiebreak))
    kinds = set(wins.values())
    if not wins or len(kinds) > 1 or (kinds == {"win"}) != (len(wins) == 1):
        raise RuleFileError(f"showdown {g}: inconsistent outcome {sorted(wins.items())}")
    return ShowdownResult(deal, tuple(players), tuple(sorted(wins)))


class Solver:
    """Solves showdowns with the ASP encodings under a variant's rules.

    ``rules`` is a shipped variant's name (``"short_deck"``), a rules file's
    path or a :class:`~pysolver.rules.Rules` (the standard game by default);
    ``add`` are ``.lp`` files added to it (rule experiments); ``chunk_size`` is
    how many showdowns :meth:`solve_batch` grounds in one program, ``workers`` in
    how many worker processes it solves them (a small batch with one worker: in
    this process).

    >>> solver = Solver()
    >>> solver.solve(Deal.parse(["Ah Kh", "2c 2d"], "Qh Jh Th 2s 3d")).players[0].category
    <Category.ROYAL_FLUSH: 9>
    >>> Solver("short_deck").solve(Deal.parse(["Ah 6c", "Qs Qd"], "7h 8d 9s Qc Ks")).winners
    (1,)
    """

    def __init__(self, rules: RulesLike = None, *, add: Sequence[RulePath] = (), chunk_size: int = 1000,
                 workers: int = 1):
        if chunk_size < 1:
            raise ValueError(f"chunk_size {chunk_size}: must be at least 1")
        check_workers(workers)
        self.rules = Rules.load(rules, add)
        self.program = AspProgram(self.rules)
        self.chunk_size = chunk_size
        self.workers = workers

    def solve(self, deal: Deal) -> ShowdownResult:
        """Solve one showdown (one grounding)."""
        self.rules.check_deal(deal)
        atoms, _ = self.program.run(_deal_input([deal]))
        return _decode([deal], atoms)[0]

    def solve_batch(self, deals: Iterable[Deal]) -> list[ShowdownResult]:
        """Solve many showdowns, ``chunk_size`` of them per grounding, in order.

        The chunks are solved in ``workers`` worker processes, each replaced after
        :data:`CHUNK_PLAYERS_PER_PROCESS` players' hands (:mod:`pysolver.processes`:
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
        per_process = max(1, CHUNK_PLAYERS_PER_PROCESS // (self.chunk_size * players))
        if len(chunks) == 1 or (self.workers == 1 and len(chunks) <= per_process):
            return [result for chunk in chunks
                    for result in _decode(chunk, self.program.run(_deal_input(chunk))[0])]
        answers = recycled_imap(self._solve_chunk, chunks, self.workers, per_process)
        return [result for chunk, answer in zip(chunks, answers) for result in _results(chunk, answer)]

    def _solve_chunk(self, chunk: list[Deal]) -> RawAnswer:
        """A worker process's task: one chunk solved, as plain data (the worker is forked,
        so it has this solver already)."""
        return _read(len(chunk), self.program.run(_deal_input(chunk))[0])

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
#: it is replaced: one chunk of 1,000 showdowns (``python benchmarks/bench_asp.py``).
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


@lru_cache(maxsize=8)
def _solver(rules: Rules) -> Solver:
    return Solver(rules)


def solve_showdown(holes: Sequence[CardsLike], board: CardsLike | None = "", rules: RulesLike = None,
                   add: Sequence[RulePath] = ()) -> ShowdownResult:
    """Solve the showdown of these hole cards on this board (0, 3, 4 or 5 cards).

    >>> solve_showdown(["Ah Ad", "Kh Kd"], "Ac Kc 7s 7d 2h").players[0].description
    'Full house, Aces full of Sevens'
    """
    return _solver(Rules.load(rules, add)).solve(Deal.parse(holes, board))


def solve_batch(deals: Iterable[Deal], rules: RulesLike = None, add: Sequence[RulePath] = (),
                chunk_size: int = 1000, workers: int = 1) -> list[ShowdownResult]:
    """Solve many showdowns, grounding ``chunk_size`` of them per program, in ``workers``
    processes (see :meth:`Solver.solve_batch`).

    >>> deals = [Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d")] * 3
    >>> [r.winners for r in solve_batch(deals, chunk_size=1, workers=2)]
    [(1,), (1,), (1,)]
    """
    return Solver(rules, add=add, chunk_size=chunk_size, workers=workers).solve_batch(deals)


def solve_streets(deal: Deal, rules: RulesLike = None, add: Sequence[RulePath] = ()) -> list[ShowdownResult]:
    """The standing at each street of ``deal`` (see :meth:`Solver.solve_streets`)."""
    return _solver(Rules.load(rules, add)).solve_streets(deal)


__all__ = ["PlayerHand", "ShowdownResult", "Solver", "solve_showdown", "solve_batch",
           "solve_streets", "tiebreak_from_value"]
