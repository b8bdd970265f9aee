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

from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import NamedTuple

from ..core import CardsLike, Deal, PlayerLike, PokerInputError, Rules, RulesLike, Situation
from ..rulebook import load_rules
from ._cluster import run_tasks
from ._codec import (
    DealInput,
    GameAnswer,
    GameReasons,
    batch_facts,
    read_driver,
    read_explanations,
    read_game_driver,
    read_game_explanations,
)
from ._game_results import game_results
from ._processes import check_workers, recycled_imap
from ._runtime import (
    ENCODING_FILES,
    EXPLAIN_FILES,
    GAME_EXPLAIN_FILES,
    GAME_FILES,
    AspProgram,
    GroundSize,
    RulePath,
)
from ._showdown_result import ChunkAnswer, ShowdownResult, showdown_results


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

    def __init__(
        self,
        rules: RulesLike = None,
        *,
        add: Sequence[RulePath] = (),
        chunk_size: int = 1000,
        workers: int = 1,
        explain: bool = False,
        scheduler: str | None = None,
    ):
        if isinstance(chunk_size, bool) or not isinstance(chunk_size, int) or chunk_size < 1:
            raise PokerInputError(f"chunk_size {chunk_size!r}: must be a whole number, at least 1")
        if scheduler is None or scheduler == "local":
            check_workers(workers)
        self.rules = load_rules(rules, add)
        self.scheduler = scheduler
        self.explain = bool(explain)
        self.holdem = self.rules.game.holdem_shape
        files: tuple[str, ...]
        if self.holdem:
            files = EXPLAIN_FILES if explain else ENCODING_FILES
        else:
            files = GAME_EXPLAIN_FILES if explain else GAME_FILES
        self.program = AspProgram(self.rules, files)
        self.chunk_size = chunk_size
        self.workers = workers

    def solve(self, deal: Deal) -> ShowdownResult:
        """Solve one showdown (one grounding)."""
        self.rules.check_deal(deal)
        return self._results([deal], self._solve_chunk([deal]))[0]

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
        answers: Iterable[ChunkAnswer | GameChunk]
        per_process = max(1, CHUNK_PLAYERS_PER_PROCESS // (self.chunk_size * players))
        if self.scheduler is not None:
            with run_tasks(
                _solve_chunk,
                [(self.rules, self.explain, chunk) for chunk in chunks],
                workers=self.workers,
                scheduler=self.scheduler,
                tasks_per_process=per_process,
            ) as run:
                answers = [answer for _, answer in sorted(run, key=lambda pair: pair[0])]  # type: ignore[misc]
        elif len(chunks) == 1 or (self.workers == 1 and len(chunks) <= per_process):
            return [result for chunk in chunks for result in self._results(chunk, self._solve_chunk(chunk))]
        else:
            answers = recycled_imap(self._solve_chunk, chunks, self.workers, per_process)
        return [result for chunk, answer in zip(chunks, answers) for result in self._results(chunk, answer)]

    def _solve_chunk(self, chunk: list[Deal]) -> ChunkAnswer | GameChunk:
        """One chunk solved, as plain data (a worker process's task: the worker is forked,
        so it has this solver already)."""
        atoms = self.program.run(_deal_input(chunk))[0]
        if not self.holdem:
            why = read_game_explanations(atoms, len(chunk)) if self.explain else None
            return GameChunk(read_game_driver(atoms, len(chunk)), why)
        return read_driver(atoms, len(chunk)), read_explanations(atoms, len(chunk)) if self.explain else None

    def _results(self, chunk: list[Deal], answer: ChunkAnswer | GameChunk) -> list[ShowdownResult]:
        """A chunk's answer as results: hold'em's driver, or the generic showdown's pots."""
        if isinstance(answer, GameChunk):
            return game_results(chunk, answer.answers, self.rules, answer.reasons)
        return showdown_results(chunk, answer, self.rules)

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


class GameChunk(NamedTuple):
    """A chunk of a game's showdowns solved: the pots of each, and the reasons when asked for."""

    answers: list[GameAnswer]
    reasons: list[GameReasons] | None


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


def _solve_chunk(task: tuple[Rules, bool, list[Deal]]) -> ChunkAnswer | GameChunk:
    """A chunk solved in a process of a Dask worker (by that process's own solver)."""
    rules, explain, chunk = task
    return _solver(rules, explain)._solve_chunk(chunk)


@lru_cache(maxsize=8)
def _solver(rules: Rules, explain: bool = False) -> Solver:
    return Solver(rules, explain=explain)


def solve_showdown(
    players: Sequence[PlayerLike],
    board: CardsLike | None = "",
    *,
    dead: CardsLike = (),
    rules: RulesLike = None,
    explain: bool = False,
) -> ShowdownResult:
    """Solve the showdown of these players' hole cards on this board (0, 3, 4 or 5 cards).

    ``dead`` cards are only checked (a dead card cannot be dealt to a player or the
    board); ``rules`` is a variant's name, a rules file or a :class:`~pysolver.Rules`;
    ``explain`` says why (``result.explanation``).

    >>> solve_showdown(["Ah Ad", "Kh Kd"], "Ac Kc 7s 7d 2h").players[0].description
    'Full house, Aces full of Sevens'
    """
    rules = load_rules(rules)
    situation = Situation.of(players, board, dead=dead, rules=rules, games=True)
    return _solver(rules, bool(explain)).solve(situation.deal)


def solve_batch(
    deals: Iterable[Deal],
    *,
    rules: RulesLike = None,
    chunk_size: int = 1000,
    workers: int = 1,
    scheduler: str | None = None,
) -> list[ShowdownResult]:
    """Solve many showdowns, grounding ``chunk_size`` of them per program, in ``workers``
    processes or on the Dask cluster at ``scheduler`` (see :meth:`Solver.solve_batch`).

    >>> deals = [Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d")] * 3
    >>> [r.winners for r in solve_batch(deals, chunk_size=1, workers=2)]
    [(1,), (1,), (1,)]
    """
    return Solver(rules, chunk_size=chunk_size, workers=workers, scheduler=scheduler).solve_batch(deals)


__all__ = ["Solver", "solve_showdown", "solve_batch", "CHUNK_PLAYERS_PER_PROCESS"]
