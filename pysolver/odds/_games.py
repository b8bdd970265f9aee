"""Equity in any game a rule book declares: each player's share of the whole pot, pot by pot.

A player is the game's hole cards (``"As Ks Qd 2c"`` in Omaha) or ``random``, and in a game
without a board (stud, razz) the cards the player holds so far (``"Ah 2d 3c"`` on third street):
the rest are dealt. The board is what has been dealt of it. Every way the rest can fall (the
board's missing cards, the hole cards still to come) is a deal; on each, the evaluator values
every player's hand for every pot (:func:`~pysolver.evaluator.game_values`) and the pots divide
the whole pot among their winners (:func:`~pysolver.evaluator.pot_shares`: the high scoops when
no low qualifies, a tied low is quartered). Exact: every deal of the missing board, counted; with
hole cards to come, or when the deals are too many, Monte Carlo: ``trials`` deals drawn from
``seed``, in blocks each drawn by its own generator (``(seed, block)``), so that the figures do
not depend on the number of threads.

Shares are summed as integers over a common denominator (:data:`SHARE_UNIT`), so exact figures
are exact fractions: ``shares[p] / (SHARE_UNIT * deals)``.

    >>> r = game_equity(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc", rules="omaha_hi_lo")
    >>> r.exact, r.deals, [p.equity for p in r.players]      # every river of 40
    (True, 40, [0.7, 0.3])
    >>> r.players[0].pots, r.no_low                          # the low always tied: a quarter each
    ({'high': 0.45, 'low': 0.25}, 0)
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from itertools import chain, combinations
from math import comb, sqrt

import numpy as np

from ..core import (
    Card,
    CardCountError,
    PokerInputError,
    Rules,
    RulesLike,
    check_count,
    check_distinct,
    check_seed,
    draw_seed,
    format_cards,
    parse_cards,
    table_html,
)
from ..evaluator import CPU_BACKENDS, NO_HAND, game_values, pot_parts, using
from ..rulebook import rules_of

SHARE_UNIT = 2 * 2520 * 2520
"""The common denominator of a deal's shares: two pots, each split among up to ten winners
(2520 = lcm(1..10)), every player's share a whole multiple of it."""
EXACT_DEALS = 2_000_000
"""The most deals an exact count walks (without ``exact=True``); more are sampled."""
DEFAULT_TRIALS = 200_000
"""Monte Carlo deals when neither ``trials`` nor an exact count is asked for."""
BLOCK = 1 << 14
"""Deals of one Monte Carlo block, each block drawn by its own generator."""
RANDOM = "random"


@dataclass(frozen=True)
class GamePlayer:
    """One player's figures: ``equity`` the expected share of the whole pot, ``pots`` the
    expected share of it won in each pot (they sum to ``equity``), ``scoop`` how often the
    player takes the whole pot; ``shares`` the integer sum behind ``equity`` and ``stderr``
    its standard error when sampled (0 when exact)."""

    player: int
    hand: str
    equity: float
    pots: dict[str, float]
    scoop: float
    shares: int
    stderr: float


@dataclass(frozen=True)
class GameEquity:
    """Each player's equity in a game, pot by pot: over ``deals`` deals, every one (``exact``)
    or drawn from ``seed``; ``no_low`` the deals where no low qualifies (None in a game
    without a low)."""

    rules: str
    players: tuple[GamePlayer, ...]
    board: tuple[Card, ...]
    dead: tuple[Card, ...]
    deals: int
    exact: bool
    seed: int | None
    no_low: int | None
    pots: tuple[str, ...]

    def to_dict(self) -> dict:
        """Plain data, as ``pysolver equity --rules GAME --json`` prints it."""
        return {
            "rules": self.rules,
            "board": [str(c) for c in self.board],
            "dead": [str(c) for c in self.dead],
            "pots": list(self.pots),
            "exact": self.exact,
            "deals": self.deals,
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
        summary = html.escape(str(self).splitlines()[-1])
        return table_html(header, rows, [p.player for p in self.players if p.equity == best]) + f"<p>{summary}</p>"

    def __str__(self) -> str:
        head = f"{'':10} {'hand':22} {'equity':>8}" + "".join(f" {pot:>8}" for pot in self.pots) + f" {'scoop':>8}"
        lines = [head]
        for p in self.players:
            pots = "".join(f" {100 * p.pots[pot]:7.2f}%" for pot in self.pots)
            lines.append(f"player {p.player:<3} {p.hand:22} {100 * p.equity:7.2f}%{pots} {100 * p.scoop:7.2f}%")
        how = f"exact, {self.deals:,} deals" if self.exact else f"Monte Carlo, {self.deals:,} deals, seed {self.seed}"
        if not self.exact:
            how += f", standard error up to {100 * max(p.stderr for p in self.players):.2f}%"
        if self.no_low is not None:
            how += f"; no low qualifies on {100 * self.no_low / self.deals:.2f}% of deals"
        board = f" on {format_cards(self.board)}" if self.board else ""
        return "\n".join(lines + [f"{how}{board}; {self.rules} rules"])


def game_equity(
    players: list[str] | tuple[str, ...],
    board: str = "",
    *,
    rules: RulesLike,
    dead: str = "",
    exact: bool | None = None,
    trials: int | None = None,
    seed: int | None = None,
    threads: int | None = None,
    backend: str | None = None,
) -> GameEquity:
    """Each player's equity in the game of ``rules``, pot by pot (see the module's docstring).

    ``exact=None`` counts every deal when there is no random player and the deals number at
    most :data:`EXACT_DEALS`, else samples ``trials`` deals (by default :data:`DEFAULT_TRIALS`);
    ``exact=True`` insists on counting. ``backend`` values the fives there (``"numpy"`` or
    ``"numba"``; None: the package chooses): the figures are the same on either.
    """
    rules = rules_of(rules)
    game = rules.game
    known, board_cards, dead_cards = _read(players, board, dead, rules)
    out = set(board_cards) | set(dead_cards) | {c for hole in known for c in hole}
    deck = [c for c in rules.deck if c not in out]
    missing = game.board_cards - len(board_cards)
    to_come = [game.hole_cards - len(hole) for hole in known]
    needed = missing + sum(to_come)
    if needed > len(deck):
        raise PokerInputError(f"{len(players)} players: the deck holds {len(deck)} cards to deal, {needed} needed")
    count = comb(len(deck), missing)
    if exact and any(to_come):
        raise PokerInputError(
            f"exact equity in {rules.label} counts the board's cards, not the hole cards still to come "
            "(random players, a stud hand being dealt): ask for Monte Carlo (trials=)"
        )
    if exact is None:
        exact = not any(to_come) and trials is None and count <= EXACT_DEALS
    with using(backend, CPU_BACKENDS):
        if exact:
            sums = _count_exact(known, board_cards, deck, missing, rules, threads)
            deals, used_seed = count, None
        else:
            trials = check_count("trials", DEFAULT_TRIALS if trials is None else trials, 1, 100_000_000)
            used_seed = draw_seed() if seed is None else check_seed(seed)
            sums = _sample(known, to_come, board_cards, deck, missing, rules, trials, used_seed, threads)
            deals = trials
    shares, squares, by_pot, scoops, no_low = sums
    result = []
    for p in range(len(players)):
        mean = float(shares[p] / (SHARE_UNIT * deals))
        spread = 0.0 if exact else sqrt(max(float(squares[p]) / deals - mean * mean, 0.0) / deals)
        result.append(
            GamePlayer(
                p,
                format_cards(known[p]) + " " * bool(known[p] and to_come[p]) + "?" * to_come[p] if known[p] else RANDOM,
                mean,
                {pot: float(by_pot[pot][p] / (SHARE_UNIT * deals)) for pot in game.pots},
                float(scoops[p] / deals),
                int(shares[p]),
                spread,
            )
        )
    return GameEquity(
        rules.label,
        tuple(result),
        tuple(board_cards),
        tuple(dead_cards),
        deals,
        exact,
        used_seed,
        int(no_low) if "low" in game.pots else None,
        tuple(game.pots),
    )


def _read(
    players: list[str] | tuple[str, ...], board: str, dead: str, rules: Rules
) -> tuple[list[tuple[Card, ...]], list[Card], list[Card]]:
    """Each player's cards so far (none for a random player), the board and the dead cards, checked:
    in a game without a board a player may hold fewer cards than the game deals, the rest to come."""
    game = rules.game
    if isinstance(players, str) or len(players) < 2:
        raise PokerInputError(f"players {players!r}: at least two, each hole cards or 'random'")
    board_cards = list(parse_cards(board or ""))
    dead_cards = list(parse_cards(dead or ""))
    if len(board_cards) > game.board_cards:
        raise CardCountError(f"board of {len(board_cards)} cards: {rules.label} deals {game.board_cards}")
    known = []
    for p, text in enumerate(players):
        cards = () if str(text).strip().lower() == RANDOM else tuple(parse_cards(text))
        if cards and not (game.board_cards == 0 and len(cards) < game.hole_cards):
            game.check_hole(len(cards), p, rules.label)  # a hand still being dealt: only without a board
        known.append(cards)
    every = [c for hole in known for c in hole] + board_cards + dead_cards
    check_distinct(every)
    rules.check_cards(every)
    rules.check_players(len(players), dead=len(dead_cards))
    return known, board_cards, dead_cards


def _tally(values: dict[str, np.ndarray]) -> tuple:
    """The integer sums of a batch of deals: each player's shares (in :data:`SHARE_UNIT`), their
    squares (as floats, for the standard error), shares by pot, scoops, deals without a low."""
    parts = pot_parts(values, SHARE_UNIT)
    total = np.stack(list(parts.values())).sum(axis=0)
    no_low = int((values["low"] == NO_HAND).all(axis=1).sum()) if "low" in values else 0
    by_pot = {pot: part.sum(axis=0) for pot, part in parts.items()}
    fraction = total / SHARE_UNIT
    return total.sum(axis=0), (fraction**2).sum(axis=0), by_pot, (total == SHARE_UNIT).sum(axis=0), no_low


def _add(into: list | None, part: tuple) -> list:
    if into is None:
        return [part[0].astype(object), part[1], dict(part[2]), part[3].astype(np.int64), part[4]]
    into[0] = into[0] + part[0].astype(object)
    into[1] = into[1] + part[1]
    into[2] = {pot: into[2][pot] + part[2][pot] for pot in into[2]}
    into[3] = into[3] + part[3]
    into[4] += part[4]
    return into


def _holes(known: list[tuple[Card, ...]], n: int, drawn: np.ndarray, hole: int) -> np.ndarray:
    """(n, P, hole) card indices: each player's cards so far, then as many of ``drawn`` (n, k) as
    the player is still to get, player after player."""
    out = np.empty((n, len(known), hole), dtype=np.int64)
    at = 0
    for p, cards in enumerate(known):
        out[:, p, : len(cards)] = [c.index for c in cards]
        out[:, p, len(cards) :] = drawn[:, at : at + hole - len(cards)]
        at += hole - len(cards)
    return out


def _count_exact(known, board_cards, deck, missing, rules, threads) -> list:
    rest = np.array([c.index for c in deck], dtype=np.int64)
    fixed = np.array([c.index for c in board_cards], dtype=np.int64)
    count = comb(len(rest), missing)  # one empty run when the board is complete
    runs = np.fromiter(chain.from_iterable(combinations(range(len(rest)), missing)), np.int64, count * missing)
    runs = runs.reshape(count, missing)
    sums = None
    for start in range(0, len(runs), 1 << 16):
        block = runs[start : start + (1 << 16)]
        boards = np.concatenate([np.broadcast_to(fixed, (len(block), len(fixed))), rest[block]], axis=1)
        holes = _holes(known, len(block), np.empty((len(block), 0), np.int64), rules.game.hole_cards)
        sums = _add(sums, _tally(game_values(holes, boards, rules, threads=threads)))
    assert sums is not None  # one run at least: the empty one when the board is complete
    return sums


def _sample(known, to_come, board_cards, deck, missing, rules, trials, seed, threads) -> list:
    rest = np.array([c.index for c in deck], dtype=np.int64)
    fixed = np.array([c.index for c in board_cards], dtype=np.int64)
    hole = rules.game.hole_cards
    width = missing + sum(to_come)
    sums = None
    for block, start in enumerate(range(0, trials, BLOCK)):
        n = min(BLOCK, trials - start)
        rng = np.random.default_rng([seed, block])
        drawn = rest[np.argsort(rng.random((n, len(rest))), axis=1)[:, :width]]
        boards = np.concatenate([np.broadcast_to(fixed, (n, len(fixed))), drawn[:, :missing]], axis=1)
        holes = _holes(known, n, drawn[:, missing:], hole)
        sums = _add(sums, _tally(game_values(holes, boards, rules, threads=threads)))
    assert sums is not None  # trials >= 1
    return sums


__all__ = ["SHARE_UNIT", "EXACT_DEALS", "DEFAULT_TRIALS", "GamePlayer", "GameEquity", "game_equity"]
