"""All-in equity: who wins how often, exactly where feasible, by Monte Carlo otherwise.

Each player is a specific hand (``"AhKh"``), a range (``"TT+, AKs"``, see
:mod:`pysolver.core.ranges`) or ``"random"``. With a board of 0, 3, 4 or 5 cards
and dead cards, :func:`equity` returns each player's probabilities of winning
outright, tying and losing, and the equity (a tie among k players pays 1/k).

Exact enumeration (:mod:`pysolver.odds.enumeration`) is used when :func:`work_estimate`
is within :data:`EXACT_BUDGET`: always for specific hands, and for one range
or random player postflop or preflop; otherwise Monte Carlo
(:mod:`pysolver.odds.sampling`). ``exact=True`` forces enumeration,
``exact=False`` forces sampling. A hand against one random hand preflop, with
no board and no dead cards, is read from the shipped exact table
(``pysolver/data/preflop_equity.json``).

With weighted ranges, a deal counts with the product of the players'
combo weights; counts are then weighted sums rather than integers.

    >>> r = equity(["AcAd", "KsKh"])
    >>> r.exact, r.deals, r.players[0].wins, r.players[0].ties, r.players[0].losses
    (True, 1712304, 1388072, 6538, 317694)
    >>> round(r.players[0].equity, 4)
    0.8126
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from math import comb, prod
from typing import Callable, Optional, Sequence, Union

import numpy as np

from ..asp.runtime import rules_of
from ..core.cards import Card, CardsLike, format_cards
from ..core.errors import PokerInputError, RangeError
from ..core.numbers import check_count, check_positive, check_seed, draw_seed
from ..core.ranges import COMBO_CLASS, HAND_CLASSES, Range, combo_index
from ..core.rules import Rules, RulesLike
from ..core.situation import PlayerLike, Situation
from .enumeration import Tally, exact_fixed, exact_one_open, exact_open_preflop
from .sampling import Open, monte_carlo

EXACT_BUDGET = 100_000_000
"""Largest :func:`work_estimate` (hand values looked up) that ``exact=None`` enumerates."""

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
                "exact": self.exact, "deals": self.deals, "stderr": self.stderr, "seed": self.seed}

    def __str__(self) -> str:
        lines = [f"player {i}: {p.range:<22} equity {100 * p.equity:6.2f}%  win {100 * p.win:6.2f}%  "
                 f"tie {100 * p.tie:5.2f}%" + ("" if p.stderr is None else f"  (± {100 * p.stderr:.2f}%)")
                 for i, p in enumerate(self.players)]
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        how += "" if self.rules == "standard" else f", {self.rules}"
        return "\n".join(lines + [f"{how}, {_number(self.deals):,} {'deals' if self.exact else 'trials'}"])


def _number(value: float) -> Union[int, float]:
    return int(round(value)) if abs(value - round(value)) < 1e-6 else float(value)


def work_estimate(players: Sequence[Union[tuple, Range]], board_size: int, dead: int = 0) -> float:
    """Roughly how many hand values an exact enumeration looks up (compare :data:`EXACT_BUDGET`)."""
    open_sizes = sorted(int((p.weights > 0).sum()) for p in players if isinstance(p, Range))
    per_fixed_deal = len(players) * (50_000 if board_size == 0 else 1_000)
    if not open_sizes:
        return per_fixed_deal
    last = open_sizes.pop()
    if board_size >= 3:
        unseen = 52 - 2 * (len(players) - 1 - len(open_sizes)) - board_size - dead
        per_open = comb(unseen, 5 - board_size) * (91 + 3 * len(players)) + last
    else:
        per_open = per_fixed_deal * max(last / 3, 1)      # suit symmetry leaves about a third
    return per_open * float(prod(open_sizes))          # Python ints: no overflow


@lru_cache(maxsize=1)
def preflop_table() -> dict:
    """The shipped exact table: per class, wins/ties/losses against one random hand."""
    text = resources.files("pysolver").joinpath("data/preflop_equity.json").read_text()
    return json.loads(text)["classes"]


def equity(players: Sequence[PlayerLike], board: CardsLike = (), *, dead: CardsLike = (),
           rules: RulesLike = None, exact: Optional[bool] = None, trials: Optional[int] = None,
           target_stderr: Optional[float] = None, seed: Optional[int] = None,
           progress: Optional[Progress] = None, table: bool = True) -> EquityResult:
    """Equity of each player: a specific hand, a range or ``'random'``.

    ``exact=None`` enumerates when :func:`work_estimate` allows, else samples;
    ``trials`` or ``target_stderr`` ask for Monte Carlo and bound it (by default
    1,000,000 trials);
    ``seed`` makes sampling reproducible (without one, a fresh seed is drawn and
    reported in the result); ``progress(done, total)`` is called during long
    runs; ``table=False`` computes a hand against random preflop instead of
    reading the shipped table. ``rules`` is a variant: its deck deals the cards
    and its order ranks the hands.

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
        check_count("trials", trials)
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
                raise RangeError(f"range '{seat}': no combo is left once the known cards are removed")
            specs.append(Open(combos, weights))
        else:
            specs.append(np.array([c.index for c in seat], dtype=np.int64))
    board_index = np.array([c.index for c in board_cards], dtype=np.int64)
    dead_index = np.concatenate([[c.index for c in dead_cards], rules.removed]).astype(np.int64)
    names = [situation.seat_name(i) for i in range(len(seats))]

    tabled = _tabled(seats, board_cards, dead_cards) if table and rules.is_standard else None
    if exact is None:
        exact = tabled is not None or work_estimate(seats, len(board_cards), len(dead_index)) <= EXACT_BUDGET
    if exact:
        tally = tabled or _exact(specs, board_index, dead_index, progress, rules)
        return _result(names, tally, None, board_cards, dead_cards, rules)
    open_specs = [Open(None, None) if isinstance(s, Range) and s.is_random else spec
                  for s, spec in zip(seats, specs)]
    seed = draw_seed() if seed is None else seed
    tally, stderr = monte_carlo(open_specs, board_index, dead_index, trials, target_stderr, seed, progress,
                                rules)
    return _result(names, tally, stderr, board_cards, dead_cards, rules, seed)


def _exact(specs: list, board: np.ndarray, dead: np.ndarray, progress: Optional[Progress],
           rules: Rules) -> Tally:
    """Enumerate: fix open players one combo at a time until one is left open."""
    opens = [i for i, s in enumerate(specs) if isinstance(s, Open)]
    if not opens:
        return exact_fixed(np.array(specs), board, dead, rules)
    fixed = np.array([s for s in specs if not isinstance(s, Open)], dtype=np.int64).reshape(-1, 2)
    if len(opens) == 1:
        position = opens[0]
        spec = specs[position]
        if len(board) >= 3:
            return exact_one_open(fixed, spec.combos, spec.weights, board, dead, position, rules)
        return exact_open_preflop(fixed, spec.combos, spec.weights, dead, position, progress, rules)
    first = opens[0]
    tally = Tally.empty(len(specs))
    spec = specs[first]
    for done, (combo, weight) in enumerate(zip(spec.combos, spec.weights)):
        taken = set(combo.tolist())
        rest = []
        for s in specs:
            if isinstance(s, Open) and s is not spec:
                keep = ~np.isin(s.combos, list(taken)).any(axis=1)
                if not keep.any():
                    break
                rest.append(Open(s.combos[keep], s.weights[keep]))
            else:
                rest.append(combo if s is spec else s)
        else:
            tally.merge(_exact(rest, board, dead, None, rules), weight=float(weight))
        if progress is not None:
            progress(done + 1, len(spec.combos))
    return tally


def _tabled(seats: list, board: tuple, dead: tuple) -> Optional[Tally]:
    """The shipped table's counts for a hand against one random hand preflop, if that is the question."""
    if board or dead or len(seats) != 2 or sum(isinstance(s, Range) for s in seats) != 1:
        return None
    hero_seat = 0 if not isinstance(seats[0], Range) else 1
    if not seats[1 - hero_seat].is_random:
        return None
    try:
        row = preflop_table()[HAND_CLASSES[COMBO_CLASS[combo_index(*seats[hero_seat])]]]
    except FileNotFoundError:
        return None
    wins = np.array([row["wins"], row["losses"]], dtype=np.float64)
    ties = np.array([row["ties"], row["ties"]], dtype=np.float64)
    shares = wins + ties / 2
    if hero_seat == 1:
        wins, shares = wins[::-1].copy(), shares[::-1].copy()
    return Tally(wins, ties, shares, float(row["deals"]))


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


__all__ = ["EXACT_BUDGET", "Progress", "PlayerEquity", "EquityResult", "work_estimate", "preflop_table",
           "equity"]
