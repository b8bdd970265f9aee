"""Equity per combo and per class: what a range player's equity is made of.

``equity(players, ..., breakdown=True)`` breaks every range player (``random``
included, as the range of every combo) down into the combos it holds after
card removal, and those into their classes (``AKs``, ``QQ``, ...). A combo's
or a class's row counts the deals in which the player holds it, as the total
counts them (weighted by every player's combo weights; the trials of a Monte
Carlo run), with the player's wins, ties and losses, its equity and every
other player's equity on those deals: a hand against a range reads there what
it does against each class of the range. The rows add up to the total: the
deals, wins and ties of a player's combos sum to the player's totals, exactly
(in integers) when the run is exact and the weights are 1. A class's equity
weighs its combos by how often each is dealt (card removal included), and its
``combos`` are its weighted combos left once the known cards are removed.

    >>> from pysolver.odds._equity import equity
    >>> result = equity(["AhKh", "QQ+, AKs"], breakdown=True)
    >>> range_player = result.breakdown.players[0]
    >>> range_player.player, [c.hand_class for c in range_player.classes]
    (1, ['AA', 'KK', 'QQ', 'AKs'])
    >>> aces = range_player.get("AA")
    >>> aces.combos, round(aces.equity, 4), round(aces.equities[0], 4)    # AhKh against AA
    (3.0, 0.8786, 0.1214)
    >>> sum(c.wins for c in range_player.combos) == result.players[1].wins
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..core import (
    CLASS_SIZES,
    COMBO_CLASS,
    COMBOS,
    HAND_CLASSES,
    Card,
    PokerInputError,
    RangeError,
    class_grid,
    combo_index,
    equity_picture,
    parse_cards,
    table_html,
)


def as_count(value: float) -> int | float:
    """A count as an integer when it is one (counts of an exact run with weights 1).

    >>> as_count(3.0), as_count(2.5)
    (3, 2.5)
    """
    return round(value) if abs(value - round(value)) < 1e-6 else float(value)


def combo_name(index: int) -> str:
    """A combo of :data:`~pysolver.core.COMBOS` as players write it, the higher card first.

    >>> combo_name(0), combo_name(1325)
    ('2d2c', 'AsAh')
    """
    low, high = COMBOS[index]
    return f"{Card(int(high))}{Card(int(low))}"


@dataclass(frozen=True)
class Slice:
    """The deals in which a range player holds one combo (``name`` ``'AhKh'``) or one class
    (``'AKs'``): ``combos`` its weighted combos after card removal (a combo's weight), the
    ``deals`` (trials when sampled) and their ``share`` of all deals, the player's ``wins``,
    ``ties``, ``losses`` and ``equity`` (None when never dealt), and ``equities``, every
    player's equity on those deals (the player's own among them); ``stderr`` and ``stderrs``
    when sampled."""

    name: str
    hand_class: str
    combos: float
    deals: int | float
    share: float
    wins: int | float
    ties: int | float
    losses: int | float
    equity: float | None
    equities: tuple[float | None, ...]
    stderr: float | None = None
    stderrs: tuple[float | None, ...] | None = None

    def to_dict(self, key: str) -> dict:
        """The row as JSON: ``key`` names it (``"combo"`` or ``"class"``)."""
        named = {key: self.name} | ({"class": self.hand_class} if key != "class" else {})
        return named | {
            "combos": self.combos,
            "deals": as_count(self.deals),
            "share": self.share,
            "wins": as_count(self.wins),
            "ties": as_count(self.ties),
            "losses": as_count(self.losses),
            "equity": self.equity,
            "stderr": self.stderr,
            "equities": list(self.equities),
            "stderrs": None if self.stderrs is None else list(self.stderrs),
        }


def _slice(name: str, hand_class: str, combos: float, rows: dict, total: float, player: int) -> Slice:
    """A row from the summed counts of its combos (``rows``: deals, wins, ties, shares and, sampled,
    squares and draws: a draw's trials share the range players' combos, and the squares are of
    each draw's summed shares over its trials, divided by them, so that the spread of the draws'
    means makes the standard error)."""
    deals = float(rows["deals"])
    shares = rows["shares"]
    equities = tuple(float(s / deals) if deals > 0 else None for s in shares)
    stderrs = None
    if rows["squares"] is not None:
        draws = float(rows["draws"])
        stderrs = tuple(
            float(np.sqrt(max(q / deals - (s / deals) ** 2, 0.0) / max(draws - 1, 1))) if deals > 0 else None
            for s, q in zip(shares, rows["squares"])
        )
    wins, ties = float(rows["wins"][player]), float(rows["ties"][player])
    return Slice(
        name,
        hand_class,
        float(combos),
        as_count(deals),
        deals / total if total else 0.0,
        as_count(wins),
        as_count(ties),
        as_count(deals - wins - ties),
        equities[player],
        equities,
        None if stderrs is None else stderrs[player],
        stderrs,
    )


@dataclass(frozen=True)
class RangeBreakdown:
    """One range player's breakdown: its ``classes`` (in the order of
    :data:`~pysolver.core.HAND_CLASSES`) and ``combos`` (in the order of
    :data:`~pysolver.core.COMBOS`), and the ``deals`` they add up to."""

    player: int
    range: str
    deals: float
    classes: tuple[Slice, ...]
    combos: tuple[Slice, ...]

    @classmethod
    def of(cls, player: int, text: str, combos: np.ndarray, weights: np.ndarray, counts: dict) -> RangeBreakdown:
        """From per combo counts (``counts``: ``deals`` (n,), ``wins``, ``ties``, ``shares`` and,
        when sampled, ``squares`` (n, players) and ``draws`` (n,)) of the combos ``combos`` (indices into COMBOS)."""
        order = np.argsort(combos, kind="stable")
        combos, weights = combos[order], weights[order]
        counts = {k: None if v is None else v[order] for k, v in counts.items()}
        total = float(counts["deals"].sum())
        rows = [
            _slice(
                combo_name(c),
                HAND_CLASSES[COMBO_CLASS[c]],
                weights[i],
                {k: None if v is None else v[i] for k, v in counts.items()},
                total,
                player,
            )
            for i, c in enumerate(combos.tolist())
        ]
        kind = COMBO_CLASS[combos]
        classes = []
        for k in np.unique(kind).tolist():
            mine = kind == k
            summed = {key: None if v is None else v[mine].sum(axis=0) for key, v in counts.items()}
            classes.append(_slice(HAND_CLASSES[k], HAND_CLASSES[k], weights[mine].sum(), summed, total, player))
        return cls(player, text, total, tuple(classes), tuple(rows))

    def get(self, name: str) -> Slice:
        """The row of a class (``'AKs'``) or a combo (``'AhKh'``, its cards in either order)."""
        for row in self.classes + self.combos:
            if row.name == name:
                return row
        try:
            cards = parse_cards(name)
        except PokerInputError:
            cards = ()
        if len(cards) == 2 and cards[0] != cards[1] and combo_name(combo_index(*cards)) != name:
            return self.get(combo_name(combo_index(*cards)))
        raise RangeError(
            f"{name!r}: no class or combo of player {self.player}'s range {self.range!r} is dealt under that name"
        )

    def grid(self) -> tuple[np.ndarray, np.ndarray]:
        """(13, 13) the equity of each class on the grid (NaN where none), and how full each cell
        is: the class's weighted combos after card removal over its 6, 4 or 12."""
        equity = np.full(len(HAND_CLASSES), np.nan)
        held = np.zeros(len(HAND_CLASSES))
        for row in self.classes:
            index = HAND_CLASSES.index(row.name)
            equity[index] = np.nan if row.equity is None else row.equity
            held[index] = row.combos
        return class_grid(equity), class_grid(held / CLASS_SIZES, fill=0.0)

    def to_dict(self) -> dict:
        return {
            "player": self.player,
            "range": self.range,
            "deals": as_count(self.deals),
            "classes": [c.to_dict("class") for c in self.classes],
            "combos": [c.to_dict("combo") for c in self.combos],
        }

    def table(self, names: Sequence[str]) -> str:
        """The classes as text, with every other player's equity on their deals."""
        others = [i for i in range(len(names)) if i != self.player]
        rows = [["class", "combos", "share", "equity"] + [_header(i, names[i]) for i in others]]
        for row in self.classes:
            stderrs = row.stderrs or (None,) * len(names)
            rows.append(
                [row.name, f"{row.combos:g}", f"{100 * row.share:.2f}%", _percent(row.equity, row.stderr)]
                + [_percent(row.equities[i], stderrs[i]) for i in others]
            )
        widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
        lines = [
            f"player {self.player}: {self.range} by class (combos after card removal; pN: player N's equity "
            "against the class)"
        ]
        lines += ["  ".join([r[0].ljust(widths[0])] + [r[c].rjust(widths[c]) for c in range(1, len(r))]) for r in rows]
        return "\n".join(lines)


def _header(player: int, name: str) -> str:
    text = f"p{player} {name}"
    return text if len(text) <= 16 else text[:15] + "~"


def _percent(value: float | None, stderr: float | None) -> str:
    if value is None:
        return "-"
    return f"{100 * value:.2f}%" + ("" if stderr is None else f" ±{100 * stderr:.2f}")


@dataclass(frozen=True)
class Breakdown:
    """Every range player's :class:`RangeBreakdown`; ``names`` are every player's, ``exact``
    whether the counts are exact (else sampled, with standard errors)."""

    players: tuple[RangeBreakdown, ...]
    names: tuple[str, ...]
    exact: bool

    def player(self, index: int) -> RangeBreakdown:
        """The breakdown of player ``index`` (numbered from 0 among all players)."""
        for part in self.players:
            if part.player == index:
                return part
        raise RangeError(
            f"player {index}: not a range player; the breakdown has players "
            f"{', '.join(str(p.player) for p in self.players)}"
        )

    def to_dict(self) -> dict:
        return {"exact": self.exact, "players": [p.to_dict() for p in self.players]}

    def __str__(self) -> str:
        return "\n\n".join(p.table(self.names) for p in self.players)

    def _repr_html_(self) -> str:
        """In a notebook: each range player's grid coloured by equity (PokerStove's scale) and
        its classes' combos, share and equity, as the web app shows them."""
        out = ""
        for part in self.players:
            values, held = part.grid()
            title = f"player {part.player}: {part.range}, equity by class"
            out += equity_picture(values, len(self.names), title, held).to_html()
            rows = [
                [r.name, f"{r.combos:g}", f"{100 * r.share:.2f}%", _percent(r.equity, r.stderr)] for r in part.classes
            ]
            out += table_html(["class", "combos", "share", "equity"], rows)
        return out


__all__ = ["as_count", "combo_name", "Slice", "RangeBreakdown", "Breakdown"]
