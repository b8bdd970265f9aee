"""All-in equity: who wins how often, exactly where feasible, by Monte Carlo otherwise.

Each player is a specific hand (``"AhKh"``), a range (``"TT+, AKs"``, see
:mod:`pysolver.core._ranges`) or ``"random"``. With a board of 0, 3, 4 or 5 cards
and dead cards, :func:`equity` returns each player's probabilities of winning
outright, tying and losing, and the equity (a tie among k players pays 1/k).

Exact enumeration, by the cheapest of its paths (:mod:`pysolver.odds._planner`), is used
when :func:`work_estimate` is within :data:`EXACT_BUDGET`: always for specific hands,
for one range or random player, and for ranges whose deals fit; otherwise Monte Carlo
(:mod:`pysolver.odds._sampling`). ``exact=True`` forces enumeration, unless
:func:`exact_seconds` says it would take longer than :data:`EXACT_TIME_LIMIT`
(then ``force=True`` is needed too); ``exact=False`` forces sampling.

A hand or a range against one random hand preflop, with no board and no dead
cards, is read from the shipped exact table (``pysolver/data/preflop_equity.json``):
each combo meets every opponent holding and every board, the same number of
deals for every combo, so the weighted sum of its classes' rows is exact. Any
other two hands or ranges heads-up preflop, with no dead cards, are read from
the shipped matchup table (:mod:`pysolver.odds._table_matchups`): each pair of
disjoint combos is one of 47,008 matchups up to suit permutations and the seat
order, whose counts are summed.

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
import json
from dataclasses import dataclass, replace
from functools import lru_cache
from importlib import resources
from typing import Callable, Optional, Sequence, Union

import numpy as np

from ..asp._runtime import rules_of
from ..core._cards import Card, CardsLike, quoted
from ..core._errors import PokerInputError, RangeError
from ..core._numbers import check_count, check_positive, check_seed, draw_seed
from ..core._ranges import COMBO_CLASS, HAND_CLASSES, Range, combo_index
from ..core._rules import Rules, RulesLike
from ..core._situation import PlayerLike, Situation
from ..core import equity_picture, table_html
from ._breakdown import Breakdown
from ._breakdown_plan import BreakdownPlan
from ._exact_fixed import Tally
from ._table_matchups import heads_up
from ._planner import CALL_COST, VALUES_PER_SECOND, cheapest_path, exact_tally, work_estimate
from ._sampling import MAX_TRIALS, Open, monte_carlo

EXACT_BUDGET = 100_000_000
"""Largest :func:`work_estimate` (hand values looked up) that ``exact=None`` enumerates: about 10 s."""

EXACT_TIME_LIMIT = 60.0
"""Longest :func:`exact_seconds` that ``exact=True`` starts without ``force=True``."""

PROGRESS_STEPS = 1000
"""An exact run reports ``progress(done, PROGRESS_STEPS)``: the thousandths of its deals counted."""

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class PlayerEquity:
    """One player's result: fractions of the deals won alone, tied and lost, the equity (a
    tie among k pays 1/k), and the deal counts behind them (weighted with ranges)."""

    range: str
    win: float
    tie: float
    loss: float
    equity: float
    wins: Union[int, float]
    ties: Union[int, float]
    losses: Union[int, float]
    stderr: Optional[float] = None


@dataclass(frozen=True)
class EquityResult:
    """Every player's result, whether it is exact, the number of deals (or trials) behind it,
    and for Monte Carlo the seed that reproduces it."""

    players: tuple[PlayerEquity, ...]
    exact: bool
    deals: Union[int, float]
    board: tuple[Card, ...] = ()
    dead: tuple[Card, ...] = ()
    rules: str = "standard"
    seed: Optional[int] = None
    breakdown: Optional[Breakdown] = None

    @property
    def stderr(self) -> Optional[float]:
        """The largest standard error of the players' equities (None when exact)."""
        return None if self.exact else max(p.stderr for p in self.players)

    def to_dict(self) -> dict:
        """What ``pysolver equity --json`` prints."""
        return {"rules": self.rules, "board": [str(c) for c in self.board], "dead": [str(c) for c in self.dead],
                "players": [{"player": i, "hand": p.range, "equity": p.equity, "win": p.win, "tie": p.tie,
                             "loss": p.loss, "wins": p.wins, "ties": p.ties, "losses": p.losses,
                             "stderr": p.stderr} for i, p in enumerate(self.players)],
                "exact": self.exact, "deals": self.deals, "stderr": self.stderr, "seed": self.seed} \
            | ({} if self.breakdown is None else {"breakdown": self.breakdown.to_dict()})

    def __str__(self) -> str:
        lines = [f"player {i}: {p.range:<22} equity {100 * p.equity:6.2f}%  win {100 * p.win:6.2f}%  "
                 f"tie {100 * p.tie:5.2f}%" + ("" if p.stderr is None else f"  (± {100 * p.stderr:.2f}%)")
                 for i, p in enumerate(self.players)]
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        how += "" if self.rules == "standard" else f", {self.rules}"
        lines.append(f"{how}, {_number(self.deals):,} {'deals' if self.exact else 'trials'}")
        return "\n".join(lines + ([] if self.breakdown is None else ["", str(self.breakdown)]))

    def _repr_html_(self) -> str:
        """In a notebook: each player's equity, win and tie, and each range player's grid coloured
        by equity (PokerStove's scale), as the web app shows them."""
        best = max(p.equity for p in self.players)
        rows = [[f"player {i}", p.range, f"{100 * p.equity:.2f}%", f"{100 * p.win:.2f}%", f"{100 * p.tie:.2f}%"]
                for i, p in enumerate(self.players)]
        out = table_html(["", "hand", "equity", "win", "tie"], rows,
                         [i for i, p in enumerate(self.players) if p.equity == best])
        out += f"<p>{html.escape(str(self).splitlines()[len(self.players)])}</p>"           # exact or sampled
        for part in () if self.breakdown is None else self.breakdown.players:
            values, held = part.grid()
            out += equity_picture(values, len(self.players), f"player {part.player}: {part.range}, equity by class",
                                  held).to_html()
        return out


def _number(value: float) -> Union[int, float]:
    return int(round(value)) if abs(value - round(value)) < 1e-6 else float(value)


def exact_seconds(players: Sequence[Union[tuple, Range]], board_size: int, dead: int = 0) -> float:
    """Roughly how long an exact enumeration takes on one core: :func:`work_estimate` over
    :data:`VALUES_PER_SECOND`.

    >>> from pysolver.core._ranges import RANDOM
    >>> round(exact_seconds([("Ah", "Kh"), RANDOM, RANDOM], 0))               # counted: seconds
    6
    >>> round(exact_seconds([("Ah", "Kh"), RANDOM, RANDOM, RANDOM], 0) / 86400)   # days
    5
    """
    return work_estimate(players, board_size, dead) / VALUES_PER_SECOND


def _duration(seconds: float) -> str:
    """``'about 40 seconds'``, ``'about 2.4 hours'``, ``'about 135 days'``, ``'about 4e+50 years'``."""
    for unit, size in (("years", 365.25 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60),
                       ("seconds", 1)):
        amount = seconds / size
        if amount >= 1.5:
            break
    text = f"{amount:.2g}" if amount < 100 else f"{amount:,.0f}" if amount < 1e6 else f"{amount:.0e}"
    return f"about {text} {unit}"


@lru_cache(maxsize=1)
def preflop_table() -> dict:
    """The shipped exact table: per class, wins/ties/losses against one random hand."""
    text = resources.files("pysolver").joinpath("data/preflop_equity.json").read_text()
    return json.loads(text)["classes"]


def equity(players: Sequence[PlayerLike], board: CardsLike = (), *, dead: CardsLike = (),
           rules: RulesLike = None, exact: Optional[bool] = None, trials: Optional[int] = None,
           target_stderr: Optional[float] = None, seed: Optional[int] = None,
           progress: Optional[Progress] = None, table: bool = True, force: bool = False,
           breakdown: bool = False) -> EquityResult:
    """Equity of each player: a specific hand, a range or ``'random'``.

    ``exact=None`` enumerates when :func:`work_estimate` allows, else samples;
    ``trials`` or ``target_stderr`` ask for Monte Carlo and bound it (by default
    1,000,000 trials);
    ``seed`` makes sampling reproducible (without one, a fresh seed is drawn and
    reported in the result); ``progress(done, total)`` is called during long
    runs (trials for Monte Carlo, thousandths of the deals for enumeration);
    ``table=False`` computes a hand or range against random preflop instead of
    reading the shipped table. ``exact=True`` refuses a run estimated to take
    longer than :data:`EXACT_TIME_LIMIT` seconds unless ``force=True``.
    ``rules`` is a variant: its deck deals the cards and its order ranks the hands.
    ``breakdown=True`` also breaks every range player down by combo and by class
    (:mod:`pysolver.odds._breakdown`): exact or sampled as the whole result, the work being
    the breakdown's.

    >>> r = equity(["TcJd", "random"], board="4h 5h 6d 2h Kh")
    >>> r.players[0].wins, r.players[0].ties, r.players[0].losses, r.deals
    (54, 4, 932, 990)
    >>> equity(["AhAs", "KcQc"], board="Kh Qd 7c", rules="short_deck").deals   # C(29, 2) runouts
    406
    """
    rules = rules_of(rules)
    situation = Situation.of(players, board, dead=dead, rules=rules, ranges=True)
    seats, board_cards, dead_cards = list(situation.players), situation.board, situation.dead
    if trials is not None:
        check_count("trials", trials, most=MAX_TRIALS)
    if target_stderr is not None:
        check_positive("target standard error", target_stderr)
    if seed is not None:
        check_seed(seed)
    sampled = trials is not None or target_stderr is not None
    if exact and sampled:
        raise PokerInputError("exact=True with trials or target_stderr: an exact run takes no trial count")
    if exact is None and sampled:
        exact = False
    known = list(situation.fixed_cards) + [Card(int(i)) for i in rules.removed]
    specs: list = []
    for seat in seats:
        if isinstance(seat, Range):
            combos, weights = seat.weighted_combos(known)
            if not len(combos):
                raise RangeError(f"range {quoted(str(seat))}: no combo is left once the known cards are removed")
            specs.append(Open(combos, weights))
        else:
            specs.append(np.array([c.index for c in seat], dtype=np.int64))
    board_index = np.array([c.index for c in board_cards], dtype=np.int64)
    dead_index = np.concatenate([[c.index for c in dead_cards], rules.removed]).astype(np.int64)
    names = [situation.seat_name(i) for i in range(len(seats))]

    plan = BreakdownPlan(seats, specs, board_index, dead_index, rules, table, names) if breakdown else None
    tabled = _tabled(seats, specs, board_cards, dead_cards) if table and rules.is_standard and plan is None else None
    if plan is not None:
        path, work = None, plan.work if exact is not False else 0.0
    else:
        path, work = cheapest_path(seats, len(board_cards), len(dead_index)) \
            if tabled is None and exact is not False else (None, 0.0)
    if exact is None:
        exact = tabled is not None or work <= EXACT_BUDGET
    if exact:
        if tabled is None:
            seconds = work / VALUES_PER_SECOND         # exact_seconds(seats, ...), estimated once
            if seconds > EXACT_TIME_LIMIT and not force:
                raise PokerInputError(
                    f"exact equity of {' vs '.join(quoted(n, 30) for n in names)} would take "
                    f"{_duration(seconds)}: force=True (--force) runs it anyway; without exact it is sampled")
        report = None if progress is None else (lambda f: progress(int(f * PROGRESS_STEPS), PROGRESS_STEPS))
        if plan is not None:
            tally, parts = plan.run(report)
            return replace(_result(names, tally, None, board_cards, dead_cards, rules), breakdown=parts)
        tally = tabled or exact_tally(specs, board_index, dead_index, report, rules, path)
        return _result(names, tally, None, board_cards, dead_cards, rules)
    open_specs = [Open(None, None) if isinstance(s, Range) and s.is_random else spec
                  for s, spec in zip(seats, specs)]
    seed = draw_seed() if seed is None else seed
    collector = None if plan is None else plan.collector()
    tally, stderr = monte_carlo(open_specs, board_index, dead_index, trials, target_stderr, seed, progress,
                                rules, None if collector is None else collector.observe)
    result = _result(names, tally, stderr, board_cards, dead_cards, rules, seed)
    return result if collector is None else replace(result, breakdown=collector.breakdown())


@lru_cache(maxsize=1)
def _table_rows() -> np.ndarray:
    """(169, 4) the shipped table's wins, ties, losses and deals per class, in the order of HAND_CLASSES."""
    table = preflop_table()
    return np.array([[table[n][k] for k in ("wins", "ties", "losses", "deals")] for n in HAND_CLASSES],
                    dtype=np.float64)


def _tabled(seats: list, specs: list, board: tuple, dead: tuple) -> Optional[Tally]:
    """The shipped tables' counts for two hands or ranges heads-up preflop without dead cards, if that
    is the question: against one random hand from the class table, else from the matchup table."""
    if board or dead or len(seats) != 2:
        return None
    randoms = [isinstance(s, Range) and s.is_random for s in seats]
    if not any(randoms):
        pairs = [(s.combos, s.weights) if isinstance(s, Open) else (s.reshape(1, 2), np.ones(1)) for s in specs]
        return heads_up(*pairs[0], *pairs[1])
    hero = seats[0 if randoms[1] else 1]
    per_class = np.zeros(len(HAND_CLASSES))
    if isinstance(hero, Range):
        per_class += np.bincount(COMBO_CLASS, weights=hero.weights, minlength=len(HAND_CLASSES))
    else:
        per_class[COMBO_CLASS[combo_index(*hero)]] = 1.0
    try:
        wins, ties, losses, deals = (per_class[:, None] * _table_rows()).sum(axis=0)
    except FileNotFoundError:
        return None
    won = np.array([wins, losses] if randoms[1] else [losses, wins])
    return Tally(won, np.array([ties, ties]), won + ties / 2, float(deals))


def _result(names: list[str], tally: Tally, stderr: Optional[np.ndarray], board, dead,
            rules: Rules, seed: Optional[int] = None) -> EquityResult:
    deals = tally.deals
    players = tuple(
        PlayerEquity(range=name, win=float(tally.wins[i] / deals), tie=float(tally.ties[i] / deals),
                     loss=float(1 - (tally.wins[i] + tally.ties[i]) / deals),
                     equity=float(tally.shares[i] / deals), wins=_number(tally.wins[i]),
                     ties=_number(tally.ties[i]), losses=_number(deals - tally.wins[i] - tally.ties[i]),
                     stderr=None if stderr is None else float(stderr[i]))
        for i, name in enumerate(names))
    return EquityResult(players, stderr is None, _number(deals), tuple(board), tuple(dead), rules.label, seed)


__all__ = ["EXACT_BUDGET", "VALUES_PER_SECOND", "EXACT_TIME_LIMIT", "CALL_COST", "PROGRESS_STEPS", "Progress",
           "PlayerEquity", "EquityResult", "work_estimate", "exact_seconds", "preflop_table", "equity"]
