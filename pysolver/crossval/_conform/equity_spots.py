"""The spots an equity calculator is judged on, with their exact answers.

Each spot is a question an equity calculator answers (players, board, dead cards), with
the shape of mistake it catches (``tags``) and how basic that is (``level``: a hand against
a hand before the flop is the most basic; a weighted range or dead cards the least). Under
a hold'em rule book the spots are hold'em's (ties on the board, three and four hands, a
random hand, ranges with weights, dead cards); under a game's, the game's (a hand against a
hand before the flop, on the flop, and on the river where a split game's low is tied). Spots
whose cards the rule book's deck lacks are left out. Their answers are pysolver's exact
counts (:func:`pysolver.equity`, ``exact=True``).

    >>> [spot.name for spot in equity_spots()][:2]
    ['two hands before the flop', 'a set against a flush draw on the flop']
    >>> exact_answer(equity_spots()[0]).equities
    (0.4621..., 0.5378...)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...core import Rules, RulesLike, parse_cards
from ...odds import EquityResult, equity
from ...rulebook import rules_of


@dataclass(frozen=True)
class EquitySpot:
    """A question for an equity calculator: each player a hand, ``random`` or a range text."""

    name: str
    players: tuple[str, ...]
    board: str
    dead: str
    level: int
    tags: tuple[str, ...]
    rules: Rules

    def cards(self) -> dict:
        """The spot as a calculator receives it: lists of card texts (a range as its text)."""
        return {
            "players": [_player(p) for p in self.players],
            "board": [str(c) for c in parse_cards(self.board)],
            "dead": [str(c) for c in parse_cards(self.dead)],
        }


@dataclass(frozen=True)
class ExactAnswer:
    """A spot's exact answer: each player's equity (share of the pot, ties split), the deals
    counted (weighted with ranges) and, under hold'em's rules, each player's deals won alone,
    tied and lost (None in a game: its shares are by pot)."""

    equities: tuple[float, ...]
    deals: float
    counts: tuple[tuple[float, float, float], ...] | None


HOLDEM_SPOTS = (
    ("two hands before the flop", ("AhKh", "QsQd"), "", "", 1, ("preflop",)),
    ("a set against a flush draw on the flop", ("7h7d", "AsKs"), "7s 8s 2c", "", 2, ("flop",)),
    ("the board plays: every hand ties", ("2c3d", "4h5h"), "Ts Js Qs Ks As", "", 2, ("board_plays", "ties")),
    ("a chopped straight on the river", ("AhKd", "AcKs"), "Qh Jd Tc 4s 2h", "", 2, ("ties",)),
    ("three hands on the turn", ("AhKh", "QsQd", "JcTc"), "2h 7h 9c 3d", "", 3, ("multiway",)),
    ("four hands on the flop", ("AhAd", "KsKc", "QhJh", "9c8c"), "Tc 7d 2h", "", 3, ("multiway", "ties")),
    ("a hand against a random hand", ("AsAd", "random"), "", "", 4, ("random",)),
    ("a hand against a range", ("AhKh", "QQ+, AKs"), "Qs Js 2c", "", 4, ("range",)),
    ("weighted ranges", ("AhKh", "0.5(QQ), KK, 0.25(AKo)"), "7c 8d 2s", "", 4, ("range", "weights")),
    ("dead cards", ("AhKh", "QsQd"), "", "2h 3h 4h Qc", 5, ("dead",)),
)
"""Hold'em's spots: (name, players, board, dead, level, tags)."""

GAME_SPOTS = {
    (4, 5): (
        ("two hands before the flop", ("Ah As Kh Ks", "9c 8d 7c 6d"), "", "", 1, ("preflop",)),
        (
            "exactly two hole cards: a four-flush in the hand",
            ("Ah Kh Qh Jh", "7c 7d 3c 4d"),
            "2h 9s 7s",
            "",
            2,
            ("omaha_exactly_two",),
        ),
        (
            "a tied low on the river, quartered",
            ("Ah 3h Kd Qd", "As 3s 9c 9d"),
            "2c 5d 8h Kc Ks",
            "",
            2,
            ("ties", "low"),
        ),
        ("no low: the board has two low cards", ("Ah 2h Kd Qd", "As 3s 9c 9d"), "Kc Qh Jd 9h", "", 3, ("no_low",)),
        ("three hands on the flop", ("Ah 2h Kd Qd", "As 3s 9c 9d", "Jc Tc 8s 7s"), "2c 5d 8h", "", 3, ("multiway",)),
        ("a hand against a random hand on the river", ("Ah Kh Qd Jd", "random"), "Th 8d 2c 3s 5h", "", 4, ("random",)),
    ),
    (5, 5): (
        ("two hands before the flop", ("Ah As Kh Ks 2d", "9c 8d 7c 6d 5h"), "", "", 1, ("preflop",)),
        ("a tied low on the river", ("Ah 3h Kd Qd Js", "As 3s 9c 9d Jc"), "2c 5d 8h Kc Ks", "", 2, ("ties", "low")),
    ),
    (2, 5): (
        ("two hands before the flop", ("Ah 2h", "Ks Kd"), "", "", 1, ("preflop",)),
        ("a split pot on the river", ("Ah 2h", "Ks Kd"), "3c 4d 5h Kc 9s", "", 2, ("ties", "low")),
    ),
    (7, 0): (
        ("fifth street, two cards to come each", ("Ah 2d 3c 7s 8h", "Kh Kd 4c 5s 6h"), "", "", 1, ("stud",)),
        (
            "sixth street with dead cards",
            ("Ah 2d 3c 7s 8h 9c", "Kh Kd 4c 5s 6h Ts"),
            "",
            "4d 5d 6d",
            3,
            ("stud", "dead"),
        ),
    ),
    (5, 0): (
        ("a one-card draw against a pat hand", ("7c 5d 4s 3h", "8c 6d 4c 3d 2s"), "", "", 1, ("draw",)),
        ("two one-card draws", ("7c 5d 4s 3h", "8c 6d 4c 3d"), "", "", 2, ("draw",)),
    ),
}
"""A game's spots by its deal (hole cards, board cards)."""


def equity_spots(rules: RulesLike = None) -> tuple[EquitySpot, ...]:
    """The spots of the rule book ``rules`` whose cards its deck holds (see the module)."""
    rules = rules_of(rules)
    game = rules.game
    table = HOLDEM_SPOTS if game.holdem_shape else GAME_SPOTS.get((game.hole_cards, game.board_cards), ())
    spots = [
        EquitySpot(name, players, board, dead, level, tags, rules) for name, players, board, dead, level, tags in table
    ]
    return tuple(spot for spot in spots if _in_deck(spot))


@lru_cache(maxsize=64)
def exact_answer(spot: EquitySpot) -> ExactAnswer:
    """The spot's exact equities, as pysolver counts them."""
    result = equity(list(spot.players), spot.board, dead=spot.dead, rules=spot.rules, exact=True)
    counts = None
    if isinstance(result, EquityResult):
        counts = tuple((p.wins, p.ties, p.losses) for p in result.players)
    return ExactAnswer(tuple(p.equity for p in result.players), result.deals, counts)


def equity_rows(rules: RulesLike = None) -> list[dict]:
    """The spots of ``rules`` with their exact answers, as rows of ``equity.jsonl``
    (:func:`equity_schema`)."""
    rows = []
    for number, spot in enumerate(equity_spots(rules)):
        answer = exact_answer(spot)
        row = {"id": number, "spot": spot.name, **spot.cards(), "equity": list(answer.equities)}
        row |= {"deals": answer.deals, "level": spot.level, "tags": list(spot.tags)}
        if answer.counts is not None:
            row["wins_ties_losses"] = [list(c) for c in answer.counts]
        rows.append(row)
    return rows


def equity_schema() -> dict:
    """The JSON Schema (draft 2020-12) of a row of ``equity.jsonl``."""
    cards = {"type": "array", "items": {"type": "string", "pattern": "^[23456789TJQKA][cdhs]$"}}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://pysolver.invalid/conformance/v1/equity-row.json",
        "title": "An equity question and its exact answer",
        "type": "object",
        "required": ["id", "spot", "players", "board", "dead", "equity", "deals", "level", "tags"],
        "additionalProperties": False,
        "properties": {
            "id": {"type": "integer", "minimum": 0},
            "spot": {"type": "string", "description": "what the spot checks"},
            "players": {
                "type": "array",
                "minItems": 2,
                "items": {"oneOf": [cards, {"type": "string", "description": "'random' or a range"}]},
            },
            "board": cards,
            "dead": cards,
            "equity": {
                "type": "array",
                "items": {"type": "number", "minimum": 0, "maximum": 1},
                "description": "each player's share of the pot, ties split; they sum to 1",
            },
            "deals": {"type": "number", "exclusiveMinimum": 0, "description": "deals counted (weighted with ranges)"},
            "wins_ties_losses": {
                "type": "array",
                "items": {"type": "array", "items": {"type": "number", "minimum": 0}, "minItems": 3, "maxItems": 3},
                "description": "each player's deals won alone, tied and lost (weighted with ranges)",
            },
            "level": {"type": "integer", "minimum": 1, "description": "1: the most basic spot"},
            "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        },
    }


def _player(text: str) -> str | list[str]:
    """A hand as card texts; ``random`` and a range as their text."""
    try:
        return [str(c) for c in parse_cards(text)]
    except ValueError:
        return text


def _in_deck(spot: EquitySpot) -> bool:
    """The rule book's deck holds every card of the spot."""
    cards = spot.cards()
    held = [c for p in cards["players"] if isinstance(p, list) for c in p] + cards["board"] + cards["dead"]
    return all(parse_cards(c)[0].rank in spot.rules.faces for c in held)


__all__ = [
    "EquitySpot",
    "ExactAnswer",
    "HOLDEM_SPOTS",
    "GAME_SPOTS",
    "equity_spots",
    "exact_answer",
    "equity_rows",
    "equity_schema",
]
