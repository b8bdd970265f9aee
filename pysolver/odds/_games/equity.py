"""Equity in any game a rule book declares: each player's share of the whole pot, pot by pot.

A player is the game's hole cards (``"As Ks Qd 2c"`` in Omaha), ``random``, a list of holdings
with weights (``"As Ah Kd 2c, 0.5(Ks Kh Qd 3c)"``), and in a game without a board (stud, razz)
the cards the player holds so far (``"Ah 2d 3c"`` on third street): the rest are dealt
(:mod:`.seats`). The board is what has been dealt of it. Every way the rest can fall (the
board's missing cards, the hole cards still to come, a listed player's holding) is a deal; on
each, the evaluator values every player's hand for every pot
(:func:`~pysolver.evaluator.game_values`) and the pots divide the whole pot among their winners
(:func:`~pysolver.evaluator.pot_shares`: the high scoops when no low qualifies, a tied low is
quartered). Exact: every deal counted, when the fives to value are within :data:`EXACT_FIVES`;
else Monte Carlo: ``trials`` deals drawn from ``seed``, in blocks each drawn by its own
generator (``(seed, block)``), so that the figures do not depend on the number of threads
(:mod:`.deals`).

Shares are summed as integers over a common denominator (:data:`SHARE_UNIT`), so exact figures
are exact fractions: ``shares[p] / (SHARE_UNIT * weight)``.

    >>> r = game_equity(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc", rules="omaha_hi_lo")
    >>> r.exact, r.deals, [p.equity for p in r.players]      # every river of 40
    (True, 40, [0.7, 0.3])
    >>> r.players[0].pots, r.no_low                          # the low always tied: a quarter each
    ({'high': 0.45, 'low': 0.25}, 0)
    >>> game_equity(["Ah 2d 3c 4s 5h", "Kh Qd Jc Ts 9h"], rules="razz").deals   # fifth street: 2 cards each to come
    671580
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import ceil

from ...core import (
    Card,
    CardsLike,
    PlayerLike,
    PokerInputError,
    RulesLike,
    check_count,
    check_positive,
    check_seed,
    check_threads,
    draw_seed,
    format_cards,
    table_html,
)
from ...evaluator import CPU_BACKENDS, using
from ...rulebook import rules_of
from .._planner import EXACT_TIME_LIMIT, _duration
from .deals import BLOCK, MAX_COMBOS, SHARE_UNIT, Progress, Shape, Sums, count_exact, sample, stderr
from .live import LiveCards, live_cards
from .seats import read_table

EXACT_FIVES = 400_000_000
"""The most fives (deals times players times the fives of a hand) that ``exact=None`` counts:
a few seconds on two cores; more are sampled."""
FIVES_PER_SECOND = 80_000_000
"""Fives one thread values in a second, for the time estimate (the compiled kernel)."""
DEFAULT_TRIALS = 200_000
"""Monte Carlo deals when neither ``trials`` nor an exact count is asked for."""
MAX_TRIALS = 100_000_000
"""The most Monte Carlo deals one question may ask for."""
Announce = Callable[[float, str], None]


@dataclass(frozen=True)
class GamePlayer:
    """One player's figures: ``equity`` the expected share of the whole pot, ``pots`` the
    expected share of it won in each pot (they sum to ``equity``), ``scoop`` how often the
    player takes the whole pot; ``shares`` the integer sum behind ``equity`` and ``stderr``
    its standard error when sampled (0 when exact); ``live`` the cards of the player's ranks and
    suits still to be dealt (:mod:`.live`; None for a random player or a list of holdings)."""

    player: int
    hand: str
    equity: float
    pots: dict[str, float]
    scoop: float
    shares: int
    stderr: float
    live: LiveCards | None = None


@dataclass(frozen=True)
class GameEquity:
    """Each player's equity in a game, pot by pot: over ``deals`` deals, every one (``exact``)
    or drawn from ``seed``; ``weight`` their total weight, the deals when no player is a
    weighted list (a deal weighs the product of its listed holdings' weights: a player's
    ``shares`` are over ``SHARE_UNIT * weight``); ``no_low`` the weight of the deals where no
    low qualifies (None in a game whose low needs no qualifier, or without a low)."""

    rules: str
    players: tuple[GamePlayer, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    deals: int
    exact: bool
    seed: int | None
    no_low: int | None
    pots: tuple[str, ...]
    weight: int

    def to_dict(self) -> dict:
        """Plain data, as ``pysolver equity --rules GAME --json`` prints it."""
        return {
            "rules": self.rules,
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
            "pots": list(self.pots),
            "exact": self.exact,
            "deals": self.deals,
            "weight": self.weight,
            "seed": self.seed,
            "no_low": self.no_low,
            "share_unit": SHARE_UNIT,
            "players": [
                {
                    "player": p.player,
                    "hand": p.hand,
                    "equity": p.equity,
                    "pots": p.pots,
                    "scoop": p.scoop,
                    "shares": p.shares,
                    "stderr": p.stderr,
                    "live": None if p.live is None else p.live.to_dict(),
                }
                for p in self.players
            ],
        }

    def _repr_html_(self) -> str:
        """The table in a notebook: each player's equity, its share of each pot and scoops."""
        best = max(p.equity for p in self.players)
        rows = [
            [f"player {p.player}", p.hand, f"{100 * p.equity:.2f}%"]
            + [f"{100 * p.pots[pot]:.2f}%" for pot in self.pots]
            + [f"{100 * p.scoop:.2f}%"]
            for p in self.players
        ]
        header = ["", "hand", "equity", *self.pots, "scoop"]
        summary = "<br>".join(html.escape(line) for line in str(self).splitlines()[len(self.players) + 1 :])
        return table_html(header, rows, [p.player for p in self.players if p.equity == best]) + f"<p>{summary}</p>"

    def __str__(self) -> str:
        width = max(22, *(len(p.hand) for p in self.players))
        head = f"{'':10} {'hand':{width}} {'equity':>8}" + "".join(f" {pot:>8}" for pot in self.pots) + f" {'scoop':>8}"
        lines = [head]
        for p in self.players:
            pots = "".join(f" {100 * p.pots[pot]:7.2f}%" for pot in self.pots)
            lines.append(f"player {p.player:<3} {p.hand:{width}} {100 * p.equity:7.2f}%{pots} {100 * p.scoop:7.2f}%")
        how = f"exact, {self.deals:,} deals" if self.exact else f"Monte Carlo, {self.deals:,} deals, seed {self.seed}"
        if not self.exact:
            how += f", standard error up to {100 * max(p.stderr for p in self.players):.2f}%"
        how += f" on {format_cards(self.board)}" if self.board else ""
        if self.no_low is not None:
            how += f"; no low qualifies on {100 * self.no_low / self.weight:.2f}% of them"
        live = [f"player {p.player} {p.live}" for p in self.players if p.live is not None and not self.board]
        return "\n".join(lines + [f"{how}; {self.rules} rules"] + (["live cards: " + " | ".join(live)] if live else []))


def game_equity(
    players: Sequence[PlayerLike],
    board: CardsLike = (),
    *,
    rules: RulesLike,
    dead: CardsLike = (),
    exact: bool | None = None,
    trials: int | None = None,
    target_stderr: float | None = None,
    seed: int | None = None,
    threads: int | None = None,
    backend: str | None = None,
    force: bool = False,
    progress: Progress | None = None,
    announce: Announce | None = None,
) -> GameEquity:
    """Each player's equity in the game of ``rules``, pot by pot (see the module's docstring).

    ``exact=None`` counts every deal when the fives to value number at most
    :data:`EXACT_FIVES`, else samples ``trials`` deals (by default :data:`DEFAULT_TRIALS`), or
    with ``target_stderr`` blocks of deals until every player's standard error is within it
    (at most ``trials``, by default as many as a coin's spread needs);
    ``exact=True`` counts, unless the count would take longer than
    :data:`~pysolver.odds._planner.EXACT_TIME_LIMIT` seconds without ``force=True``. ``backend``
    values the fives there (``"numpy"`` or ``"numba"``; None: the package chooses): the
    figures are the same on either. ``progress(done, total)`` is called as the deals are
    counted or drawn; ``announce(seconds, line)`` before the run starts, with about how long
    it takes.
    """
    rules = rules_of(rules)
    shape = Shape(read_table(players, board, dead, rules), rules)
    if trials is not None:
        check_count("trials", trials, 1, MAX_TRIALS)
    if target_stderr is not None:
        check_positive("target standard error", target_stderr)
        trials = trials or min(MAX_TRIALS, max(BLOCK, ceil(0.25 / target_stderr**2)))
    if exact and trials is not None:
        raise PokerInputError("exact=True with trials or target_stderr: an exact count takes no trial count")
    deals = shape.deals if shape.combinations <= MAX_COMBOS else None
    fives = None if deals is None else deals * shape.fives
    threads = check_threads(threads)
    if exact is None:
        exact = trials is None and fives is not None and fives <= EXACT_FIVES
    if exact:
        if fives is None:
            raise PokerInputError(
                f"{shape.combinations:,} combinations of the players' holdings: an exact count crosses at most "
                f"{MAX_COMBOS:,}; ask for Monte Carlo (trials=)"
            )
        seconds = fives / (FIVES_PER_SECOND * threads)
        if seconds > EXACT_TIME_LIMIT and not force:
            raise PokerInputError(
                f"an exact count of {deals:,} deals in {rules.label} would take {_duration(seconds)} on "
                f"{threads} thread{'s' * (threads > 1)}: ask for Monte Carlo (trials=), or force=True"
            )
        line = f"exact: {deals:,} deals on {threads} thread{'s' * (threads > 1)}, {_duration(seconds)}"
    else:
        trials = DEFAULT_TRIALS if trials is None else trials
        seed = draw_seed() if seed is None else check_seed(seed)
        seconds = trials * shape.fives / (FIVES_PER_SECOND * threads)
        line = f"Monte Carlo: {trials:,} deals on {threads} thread{'s' * (threads > 1)}, {_duration(seconds)}"
    if announce is not None:
        announce(seconds, line)
    with using(backend, CPU_BACKENDS):
        if exact:
            sums = count_exact(shape, threads, progress)
            seed = None
        else:
            assert trials is not None and seed is not None
            sums = sample(shape, trials, seed, threads, progress, target_stderr)
    return _result(shape, sums, bool(exact), seed)


def _result(shape: Shape, sums: Sums, exact: bool, seed: int | None) -> GameEquity:
    game, table, whole = shape.rules.game, shape.table, SHARE_UNIT * sums.weight
    result = []
    spreads = [0.0] * len(table.seats) if exact else stderr(sums)
    live = live_cards(table, shape.rules)
    for p, seat in enumerate(table.seats):
        mean, spread = sums.shares[p] / whole, spreads[p]
        hand = seat.text + (" " + "?" * seat.to_come if seat.to_come and seat.holdings else "")
        pots = {pot: sums.pots[pot][p] / whole for pot in game.pots}
        result.append(GamePlayer(p, hand, mean, pots, sums.scoops[p] / sums.weight, sums.shares[p], spread, live[p]))
    return GameEquity(
        shape.rules.label,
        tuple(result),
        table.board,
        table.dead,
        sums.deals,
        exact,
        seed,
        sums.no_low if game.qualifier is not None else None,
        tuple(game.pots),
        sums.weight,
    )


__all__ = ["SHARE_UNIT", "EXACT_FIVES", "DEFAULT_TRIALS", "GamePlayer", "GameEquity", "game_equity"]
