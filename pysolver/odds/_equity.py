"""All-in equity: who wins how often, exactly where feasible, by Monte Carlo otherwise.

Each player is a specific hand (``"AhKh"``), a range (``"TT+, AKs"``, see
:mod:`pysolver.core._ranges`) or ``"random"``. With a board of 0, 3, 4 or 5 cards
and dead cards, :func:`equity` returns each player's probabilities of winning
outright, tying and losing, and the equity (a tie among k players pays 1/k).

:func:`equity` checks its input (a :class:`~pysolver.core.Situation` read into a
:class:`~pysolver.odds._model.Question`), plans it (:func:`pysolver.odds._planner.plan`:
the cheapest exact path of the registry, the shipped preflop tables among them,
when its work is within :data:`~pysolver.odds._planner.EXACT_BUDGET`, else Monte
Carlo) and runs the plan. ``exact=True`` forces an exact count, unless it would
take longer than :data:`~pysolver.odds._planner.EXACT_TIME_LIMIT` (then
``force=True`` is needed too); ``exact=False`` forces sampling.

With weighted ranges, a deal counts with the product of the players'
combo weights; counts are then weighted sums rather than integers.

    >>> r = equity(["AcAd", "KsKh"])
    >>> r.exact, r.deals, r.players[0].wins, r.players[0].ties, r.players[0].losses
    (True, 1712304, 1388072, 6538, 317694)
    >>> round(r.players[0].equity, 4)
    0.8126
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ..core import (
    Card,
    CardsLike,
    PlayerLike,
    PokerInputError,
    RulesLike,
    Situation,
    check_count,
    check_positive,
    check_seed,
    check_threads,
    table_html,
)
from ..evaluator import CPU_BACKENDS, check_backend, using
from ..rulebook import rules_of
from ._breakdown import Breakdown, as_count
from ._exact.gpu import gpu_exact
from ._fit import no_deal
from ._games.equity import GameEquity, game_equity
from ._model import Question
from ._planner import Announce, Outcome, Progress, plan
from ._sampling.gpu import check_gpu_question
from ._sampling.sampler import MAX_TRIALS


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result: fractions of the deals won alone, tied and lost, the equity (a
    tie among k pays 1/k), and the deal counts behind them (weighted with ranges)."""

    range: str
    win: float
    tie: float
    loss: float
    equity: float
    wins: int | float
    ties: int | float
    losses: int | float
    stderr: float | None = None


def _finite(value: float | None) -> float | None:
    """``value``, or None where it is infinite (a standard error no trial can tell yet)."""
    return value if value is None or math.isfinite(value) else None


@dataclass(frozen=True)
class EquityResult:
    """Every player's result, whether it is exact, the number of deals (or trials) behind it,
    for Monte Carlo the seed that reproduces it, and how it was found: ``method`` (the exact
    path, as ``"matchup table"`` or ``"counting (three)"``, or ``"Monte Carlo"``), ``kernel``
    (``"numba"``: the compiled loops of the ``fast`` extra, or ``"numpy"``: without them, or a
    path that has none, as a table) and ``threads``.

    >>> from pysolver import equity
    >>> result = equity(["AhKh", "QsQd"])
    >>> result.method, result.kernel in ("numba", "numpy"), result.threads
    ('matchup table', True, 1)
    """

    players: tuple[PlayerEquity, ...]
    exact: bool
    deals: int | float
    board: tuple[Card, ...] = ()
    dead: tuple[Card, ...] = ()
    rules: str = "standard"
    seed: int | None = None
    breakdown: Breakdown | None = None
    method: str = field(default="", compare=False)  # how it was found, not what: not compared
    kernel: str = field(default="", compare=False)
    threads: int = field(default=1, compare=False)

    @property
    def stderr(self) -> float | None:
        """The largest standard error of the players' equities (None when exact)."""
        return None if self.exact else max(p.stderr or 0.0 for p in self.players)

    def to_dict(self) -> dict:
        """What ``pysolver equity --json`` prints (a standard error too short a run to tell, of
        fewer than two draws, as null: JSON has no infinity)."""
        return {
            "rules": self.rules,
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
            "players": [
                {
                    "player": i,
                    "hand": p.range,
                    "equity": p.equity,
                    "win": p.win,
                    "tie": p.tie,
                    "loss": p.loss,
                    "wins": p.wins,
                    "ties": p.ties,
                    "losses": p.losses,
                    "stderr": _finite(p.stderr),
                }
                for i, p in enumerate(self.players)
            ],
            "exact": self.exact,
            "deals": self.deals,
            "stderr": _finite(self.stderr),
            "seed": self.seed,
            "method": self.method,
            "kernel": self.kernel,
            "threads": self.threads,
        } | ({} if self.breakdown is None else {"breakdown": self.breakdown.to_dict()})

    def __str__(self) -> str:
        lines = [
            f"player {i}: {p.range:<22} equity {100 * p.equity:6.2f}%  win {100 * p.win:6.2f}%  "
            f"tie {100 * p.tie:5.2f}%" + ("" if p.stderr is None else f"  (± {100 * p.stderr:.2f}%)")
            for i, p in enumerate(self.players)
        ]
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        how += "" if self.rules == "standard" else f", {self.rules}"
        lines.append(f"{how}, {as_count(self.deals):,} {'deals' if self.exact else 'trials'}")
        return "\n".join(lines + ([] if self.breakdown is None else ["", str(self.breakdown)]))

    def _repr_html_(self) -> str:
        """In a notebook: each player's equity, win and tie, and each range player's grid coloured
        by equity (PokerStove's scale), as the web app shows them."""
        best = max(p.equity for p in self.players)
        rows = [
            [f"player {i}", p.range, f"{100 * p.equity:.2f}%", f"{100 * p.win:.2f}%", f"{100 * p.tie:.2f}%"]
            for i, p in enumerate(self.players)
        ]
        out = table_html(
            ["", "hand", "equity", "win", "tie"], rows, [i for i, p in enumerate(self.players) if p.equity == best]
        )
        out += f"<p>{html.escape(str(self).splitlines()[len(self.players)])}</p>"  # exact or sampled
        return out + ("" if self.breakdown is None else self.breakdown._repr_html_())


def equity(
    players: Sequence[PlayerLike],
    board: CardsLike = (),
    *,
    dead: CardsLike = (),
    rules: RulesLike = None,
    exact: bool | None = None,
    trials: int | None = None,
    target_stderr: float | None = None,
    seed: int | None = None,
    progress: Progress | None = None,
    table: bool = True,
    force: bool = False,
    breakdown: bool = False,
    threads: int | None = None,
    announce: Announce | None = None,
    backend: str | None = None,
) -> EquityResult | GameEquity:
    """Equity of each player: a specific hand, a range or ``'random'``.

    Under the rule book of a game other than hold'em (``rules="omaha_hi_lo"``, a file of your
    own), the game's equity pot by pot: :func:`~pysolver.odds.game_equity` answers, with its
    players (hole cards, ``random``, lists of holdings with weights, a stud hand so far) and a
    :class:`~pysolver.odds.GameEquity`; ``breakdown`` is hold'em's alone.

    ``exact=None`` counts exactly when the work of the cheapest exact path is within
    :data:`~pysolver.odds._planner.EXACT_BUDGET`, else samples;
    ``trials`` or ``target_stderr`` ask for Monte Carlo and bound it (by default
    1,000,000 trials);
    ``seed`` makes sampling reproducible (without one, a fresh seed is drawn and
    reported in the result); ``progress(done, total)`` is called during long
    runs (trials for Monte Carlo, thousandths of the deals for enumeration);
    ``table=False`` computes a hand or range against random preflop instead of
    reading the shipped table. ``exact=True`` refuses a run estimated to take
    longer than :data:`~pysolver.odds._planner.EXACT_TIME_LIMIT` seconds unless ``force=True``.
    ``rules`` is a variant: its deck deals the cards and its order ranks the hands.
    ``breakdown=True`` also breaks every range player down by combo and by class
    (:mod:`pysolver.odds._breakdown`): exact or sampled as the whole result, the work being
    the breakdown's.
    ``threads`` is how many threads count (None: every core; an exact question of less than
    :data:`~pysolver.odds._planner.THREAD_WORK` hand values a thread takes fewer): the counts
    are the same for any number: a sampled run's trials come in blocks, each drawn by its own
    generator from the seed, one block a thread, summed in block order.
    ``announce(seconds, line)`` is called before the run starts with about how long it takes
    on those threads and a line saying so (``Monte Carlo: 1,000,000 trials on 2 threads, about 0.1
    seconds``); the command line shows the line on stderr for a run of a second or more.
    ``backend`` (``"numpy"`` or ``"numba"``; None: the package chooses,
    :mod:`~pysolver.evaluator._backends`) runs it there. Exact counts are the same on any;
    a sampled run's figures depend on the seed and the backend, both in the result
    (``seed``, ``kernel``): the two repeat it. ``"cuda"`` samples known and random hands on an
    NVIDIA GPU (:mod:`~pysolver.odds._sampling.gpu`: the same integers for a seed on any GPU).

    >>> r = equity(["TcJd", "random"], board="4h 5h 6d 2h Kh")
    >>> r.players[0].wins, r.players[0].ties, r.players[0].losses, r.deals
    (54, 4, 932, 990)
    >>> equity(["AhAs", "KcQc"], board="Kh Qd 7c", rules="short_deck").deals   # C(29, 2) runouts
    406
    >>> equity(["AhKh", "random", "random"], "Qs Js 2c", threads=2).players[0].wins   # one thread or two
    388765454
    """
    read = rules_of(rules)
    if not read.game.holdem_shape:
        if breakdown:
            raise PokerInputError(f"rules {read.label}: breakdown=True breaks hold'em ranges down by combo and class")
        return game_equity(
            players,
            board,
            rules=read,
            dead=dead,
            exact=exact,
            trials=trials,
            target_stderr=target_stderr,
            seed=seed,
            threads=threads,
            backend=backend,
            force=force,
            progress=progress,
            announce=announce,
        )
    situation = Situation.of(players, board, dead=dead, rules=read, ranges=True)
    exact = _check_sampling(exact, trials, target_stderr, seed)
    question = Question.of(situation, table, check_threads(threads))
    if check_backend(backend) == "cuda":
        if exact:
            return _result(situation, question, _exact_on_the_gpu(question, breakdown, progress))
        check_gpu_question(question.players, breakdown)
        exact = False
    with using(backend, CPU_BACKENDS + ("cuda",)):
        chosen = plan(question, exact, force, breakdown)
        if announce is not None:
            announce(*chosen.announcement(trials, target_stderr))
        outcome = chosen.run(progress, trials, target_stderr, seed)
    return _result(situation, question, outcome)


def _exact_on_the_gpu(question: Question, breakdown: bool, progress: Progress | None) -> Outcome:
    """An exact question of known hands and ranges counted on the GPU (:func:`~pysolver.odds._exact.gpu.gpu_exact`)."""
    if breakdown:
        raise PokerInputError("backend 'cuda': a breakdown is counted on numpy or numba")
    tally = gpu_exact(question.players, question.board, question.dead, question.rules, progress)
    return Outcome(tally, method="gpu", kernel="cuda")


def _check_sampling(
    exact: bool | None, trials: int | None, target_stderr: float | None, seed: int | None
) -> bool | None:
    """Check the Monte Carlo options; ``exact`` is False when they ask for sampling."""
    if trials is not None:
        check_count("trials", trials, most=MAX_TRIALS)
    if target_stderr is not None:
        check_positive("target standard error", target_stderr)
    if seed is not None:
        check_seed(seed)
    sampled = trials is not None or target_stderr is not None
    if exact and sampled:
        raise PokerInputError("exact=True with trials or target_stderr: an exact run takes no trial count")
    return False if sampled else exact


def _result(situation: Situation, question: Question, outcome: Outcome) -> EquityResult:
    tally, stderr = outcome.tally, outcome.stderr
    deals = float(tally.deals)
    if not deals > 0:  # a deal the fit search could not rule out in its steps, and none counted
        raise no_deal(question.players, [i for i, p in enumerate(question.players) if not p.is_hand])
    errors = [None] * len(question.players) if stderr is None else np.asarray(stderr, dtype=np.float64).tolist()
    players = tuple(
        PlayerEquity(
            range=player.name,
            win=wins / deals,
            tie=ties / deals,
            loss=1 - (wins + ties) / deals,
            equity=shares / deals,
            wins=as_count(wins),
            ties=as_count(ties),
            losses=as_count(deals - wins - ties),
            stderr=error,
        )
        for player, wins, ties, shares, error in zip(
            question.players, tally.wins.tolist(), tally.ties.tolist(), tally.shares.tolist(), errors
        )
    )
    return EquityResult(
        players,
        stderr is None,
        as_count(deals),
        situation.board,
        situation.dead,
        situation.rules.label,
        outcome.seed,
        outcome.breakdown,
        outcome.method,
        outcome.kernel,
        outcome.threads,
    )


__all__ = ["PlayerEquity", "EquityResult", "Progress", "Announce", "equity"]
