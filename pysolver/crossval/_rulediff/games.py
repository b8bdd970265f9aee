"""What a change of a game's rules does, pot by pot: ``pysolver rules diff`` for games.

Two rule books that deal alike (the same hole cards and board) are compared on
the same random deals, valued by the evaluator under each
(:func:`pysolver.evaluator.game_values`): per pot, how often each category is a
player's best hand and how often no hand plays for it (no qualifying low); how
often the low is played; and the deals whose shares of the pot change, the first
ones shown under both books.

    >>> from pysolver import load_rules
    >>> diff = game_diff(load_rules("omaha_hi_lo"), load_rules("omaha"), deals=2000, seed=1)
    >>> diff.pots["low"][0]["none"] > 0, "low" in diff.pots, diff.changed > 0
    (True, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...core import Card, Category, PokerInputError, Rules, check_count, draw_seed, format_cards
from ...evaluator import NO_HAND, describe_pot, game_values, pot_categories, pot_shares
from .._games import deal_game
from .report import MatchupDiff

#: The most deals a game diff values (at once).
MOST_GAME_DIFF_DEALS = 1_000_000


@dataclass(frozen=True)
class GameDiff:
    """Rule books ``a`` and ``b`` on ``deals`` random deals of ``players`` players (``seed``):
    for each pot, the share of players' best hands in each category under each book
    (``"none"``: no hand plays for the pot), the share of deals where a low is played,
    how many deals change ``changed`` shares of the pot, ``examples`` of them, and ``matchups``:
    a few matchups' equity under both."""

    a: str
    b: str
    deals: int
    players: int
    seed: int
    pots: dict[str, tuple[dict[str, float], dict[str, float]]]
    low_played: tuple[float | None, float | None]
    changed: int
    examples: tuple[dict, ...]
    matchups: tuple[MatchupDiff, ...] = ()

    def to_dict(self) -> dict:
        """What ``pysolver rules diff --json`` prints for games."""
        return {
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            "players": self.players,
            "seed": self.seed,
            "pots": {pot: {"a": a, "b": b} for pot, (a, b) in self.pots.items()},
            "low_played": {"a": self.low_played[0], "b": self.low_played[1]},
            "changed": self.changed,
            "examples": list(self.examples),
            "equity": [m.to_dict() for m in self.matchups],
        }

    def __str__(self) -> str:
        lines = [f"{self.a} against {self.b}: {self.deals:,} deals of {self.players} players, seed {self.seed}"]
        for pot, (a, b) in self.pots.items():
            lines.append(f"{pot} pot: best hands by category ({self.a} / {self.b})")
            for name in sorted(set(a) | set(b), key=_category_key):
                x, y = a.get(name), b.get(name)
                lines.append(f"  {name:16} {_percent(x):>8} / {_percent(y):<8}")
        if any(v is not None for v in self.low_played):
            lines.append(f"a low is played: {_percent(self.low_played[0])} / {_percent(self.low_played[1])}")
        lines.append(f"shares of the pot change on {self.changed:,} of {self.deals:,} deals")
        for example in self.examples:
            lines.append(f"  {example['deal']}")
            for side in ("a", "b"):
                lines.append(f"    {self.a if side == 'a' else self.b}: {example[side]}")
        if self.matchups:
            lines.append("equity under both (each player's share of the whole pot):")
            lines += ["  " + line for m in self.matchups for line in m.lines(self.a, self.b)]
        return "\n".join(lines)


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.2f}%"


def _category_key(name: str) -> int:
    return -1 if name == "none" else int(Category.parse(name))


def game_diff(
    a: Rules, b: Rules, *, deals: int = 10_000, players: int = 2, seed: int | None = None, examples: int = 3
) -> GameDiff:
    """Rule book ``a`` against ``b`` on ``deals`` random deals of the game (both must deal alike:
    the same hole cards, the same board, the same deck)."""
    for name, other in (("hole_cards", "hole_cards"), ("board_cards", "board_cards")):
        if getattr(a.game, name) != getattr(b.game, other):
            raise PokerInputError(
                f"rules diff {a.label} {b.label}: they deal differently ({name} {getattr(a.game, name)} and "
                f"{getattr(b.game, other)}), so no deal is played under both"
            )
    if a.faces != b.faces:
        raise PokerInputError(
            f"rules diff {a.label} {b.label}: their decks differ ({a.describe_deck()}; {b.describe_deck()})"
        )
    deals = check_count("deals", deals, 1, MOST_GAME_DIFF_DEALS)
    seed = draw_seed() if seed is None else seed
    holes, boards = deal_game(deals, players, seed, a)
    values = [game_values(holes, boards, rules) for rules in (a, b)]
    shares = [pot_shares(v) for v in values]
    pots: dict[str, tuple[dict[str, float], dict[str, float]]] = {}
    for pot in dict.fromkeys(a.game.pots + b.game.pots):
        pots[pot] = tuple(  # type: ignore[assignment]
            _frequencies(v[pot], pot, rules) if pot in v else {} for v, rules in zip(values, (a, b))
        )
    low = tuple(float((v["low"] != NO_HAND).any(axis=1).mean()) if "low" in v else None for v in values)
    fraction = [num / den for num, den in shares]
    changed = np.flatnonzero(~np.isclose(fraction[0], fraction[1]).all(axis=1))
    shown = tuple(
        _example(holes[g], boards[g], values, (a, b), g, [f[g] for f in fraction]) for g in changed[:examples].tolist()
    )
    return GameDiff(a.label, b.label, deals, players, seed, pots, low, len(changed), shown)  # type: ignore[arg-type]


def _frequencies(values: np.ndarray, pot: str, rules: Rules) -> dict[str, float]:
    """The share of players' best hands for a pot in each category (``none``: no hand)."""
    found, number = np.unique(pot_categories(values.reshape(-1), pot, rules), return_counts=True)
    share = {Category(c).snake if c >= 0 else "none": n / values.size for c, n in zip(found.tolist(), number.tolist())}
    return dict(sorted(share.items(), key=lambda item: _category_key(item[0])))


def _example(hole: np.ndarray, board: np.ndarray, values: list, books: tuple, g: int, fractions: list) -> dict:
    text = " | ".join(format_cards(Card(int(c)) for c in h) for h in hole.tolist())
    if len(board):
        text += f" | board {format_cards(Card(int(c)) for c in board.tolist())}"
    out = {"deal": text}
    for side, v, rules, share in zip(("a", "b"), values, books, fractions):
        parts = []
        for pot, table in v.items():
            hands = " | ".join(f"player {p} {describe_pot(int(x), pot, rules)}" for p, x in enumerate(table[g]))
            parts.append(f"{pot}: {hands}")
        out[side] = "; ".join(parts) + "; shares " + ", ".join(f"{s:.3g}" for s in share)
    return out


__all__ = ["GameDiff", "game_diff", "MOST_GAME_DIFF_DEALS"]
