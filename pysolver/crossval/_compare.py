"""Cross-validation's comparison: the ASP solver's and the evaluator's answers, side by side.

Two independent engines, one declarative (clingo, ``asp/*.lp``) and one
imperative (numpy tables, :mod:`pysolver.evaluator`), answer the same
showdowns; every hand is compared on

* **category** -- the ASP ``category/3`` against the evaluator's ``categories``;
* **tie-break** -- the ranks in the ASP ``hand_value`` against the evaluator's
  ``tiebreak_ranks`` of its value;
* **order** -- over every hand seen, sorting by the ASP ``hand_value`` must sort
  the evaluator's values too: one evaluator value per ASP value and back,
  strictly increasing (a monotone bijection between the classes);
* **winners** -- the ASP ``game_outcome`` against the players holding the
  evaluator's best value;
* **best five** -- the evaluator's value of the five cards the ASP picked equals
  its value of the whole hand.

    >>> part = compare_showdowns(np.array([[[51, 47], [42, 38]]]), np.array([[43, 39, 35, 0, 5]]))
    >>> part.hands, part.mismatches, dict(part.categories)   # As Ks, Qh Jh on Qs Js Ts 2c 3d
    (2, [], {'two_pair': 1, 'royal_flush': 1})

The modes (random showdowns from the skewed dealer, streets, the exhaustive
5-card run, equity) and the report are in :mod:`pysolver.crossval`.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ..asp import AspProgram, DealInput, best_mask_slots, read_driver, tiebreak_from_value, value_place
from ..core import Card, Category, Rules, describe, format_cards
from ..evaluator import categories, evaluate_batch, n_values, tiebreak_ranks
from ..rulebook import rules_of


@lru_cache(maxsize=8)
def _value_of_key(rules: Rules) -> dict[tuple[int, tuple[int, ...]], int]:
    """The evaluator's value of each (category, tie-break ranks): 7,462 entries in the standard game."""
    values = np.arange(1, n_values(rules) + 1)
    return {(int(c), tiebreak_ranks(int(v), rules)): int(v) for v, c in zip(values, categories(values, rules))}


@lru_cache(maxsize=8)
def _program(rules: Rules) -> AspProgram:
    return AspProgram(rules)


@dataclass
class Partial:
    """What one chunk found; partials add up with :meth:`merge`."""

    hands: int = 0
    showdowns: int = 0
    categories: Counter = field(default_factory=Counter)
    cases: Counter = field(default_factory=Counter)
    mismatches: list = field(default_factory=list)
    pairs: np.ndarray = field(default_factory=lambda: np.empty((0, 2), np.int64))
    asp_seconds: float = 0.0
    evaluator_seconds: float = 0.0
    chunks: list = field(default_factory=list)
    represented: int = 0  # hands that classes of hands stand for (weighted runs)
    examples: dict = field(default_factory=dict)  # key -> a row (a list); merging keeps the least row

    def merge(self, other: Partial) -> None:
        self.hands += other.hands
        self.showdowns += other.showdowns
        self.categories.update(other.categories)
        self.cases.update(other.cases)
        self.mismatches += other.mismatches
        self.pairs = np.unique(np.concatenate([self.pairs, other.pairs]), axis=0)
        self.asp_seconds += other.asp_seconds
        self.evaluator_seconds += other.evaluator_seconds
        self.chunks += other.chunks
        self.represented += other.represented
        for key, row in other.examples.items():
            if key not in self.examples or row < self.examples[key]:
                self.examples[key] = row

    def to_dict(self) -> dict:
        """Plain data (JSON) that :meth:`from_dict` reads back to an equal partial."""
        return {
            "hands": self.hands,
            "showdowns": self.showdowns,
            "categories": dict(self.categories),
            "cases": dict(self.cases),
            "mismatches": self.mismatches,
            "pairs": self.pairs.tolist(),
            "asp_seconds": self.asp_seconds,
            "evaluator_seconds": self.evaluator_seconds,
            "chunks": self.chunks,
            "represented": self.represented,
            "examples": self.examples,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Partial:
        return cls(
            data["hands"],
            data["showdowns"],
            Counter(data["categories"]),
            Counter(data["cases"]),
            list(data["mismatches"]),
            np.array(data["pairs"], np.int64).reshape(-1, 2),
            data["asp_seconds"],
            data["evaluator_seconds"],
            list(data["chunks"]),
            data["represented"],
            dict(data.get("examples", {})),
        )


@dataclass
class AspAnswers:
    """The ASP answers, flat over (showdown, player): category, hand_value, best-five mask, winner."""

    category: np.ndarray
    value: np.ndarray
    mask: np.ndarray
    winner: np.ndarray


def asp_answers(holes: Sequence[np.ndarray], boards: Sequence[np.ndarray], rules: Rules) -> AspAnswers:
    """Solve the showdowns in one clingo program (asp/driver.lp's atoms), flat by (showdown, player).

    A player with no answer keeps category -1.
    """
    offsets = np.concatenate([[0], np.cumsum([len(h) for h in holes])])
    n = int(offsets[-1])
    out = AspAnswers(np.full(n, -1, np.int8), np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros(n, bool))
    atoms, _ = _program(rules).run(DealInput.from_indices(holes, boards))
    for first, (hands, outcomes) in zip(offsets.tolist(), read_driver(atoms, len(holes))):
        for player, hand in hands.items():
            out.category[first + player] = hand.category
            out.value[first + player] = hand.value
            out.mask[first + player] = hand.mask
        for player in outcomes:
            out.winner[first + player] = True
    return out


def _asp_key(value: int, rules: Rules) -> tuple[int, tuple[int, ...]]:
    """(category, tie-break ranks) held in an ASP hand_value; category -1 for an unknown place."""
    place = value_place(value)
    if place not in rules.places:
        return -1, ()
    category = rules.category_at(place)
    return int(category), tiebreak_from_value(category, value)


def _describe_asp(category: int, value: int, rules: Rules) -> dict:
    if category < 0:
        return {"category": None, "tiebreak": None, "description": "no answer"}
    cat, ranks = _asp_key(value, rules)
    return {
        "category": Category(category).snake,
        "tiebreak": list(ranks),
        "description": describe(Category(category), ranks) if cat == category else f"value {value}",
    }


def _describe_eval(value: int, rules: Rules) -> dict:
    cat = Category(int(categories(np.array([value]), rules)[0]))
    ranks = tiebreak_ranks(int(value), rules)
    return {"value": int(value), "category": cat.snake, "tiebreak": list(ranks), "description": describe(cat, ranks)}


def mismatch(kind: str, cards: object, player: int | None, asp: dict, evaluator: dict) -> dict:
    """One disagreement of a report: its kind, the cards (their text), the player (None: the
    whole deal or run) and what each side says.

    >>> mismatch("hands", "every rank", None, {"hands": 1}, {"hands": 2})["evaluator"]
    {'hands': 2}
    """
    return {"kind": kind, "cards": str(cards), "player": player, "asp": asp, "evaluator": evaluator}


def compare_hands(
    hands: np.ndarray, asp: AspAnswers, player: np.ndarray, deal_text, rules: Rules
) -> tuple[Partial, np.ndarray]:
    """Compare each hand (flat (M, k) cards, ASP answers aligned) on category, tie-break, best five.

    ``player[i]`` is hand i's seat, ``deal_text(i)`` the deal's text for a mismatch report.
    Returns the partial report and the evaluator's values.
    """
    part = Partial(hands=len(hands))
    start = time.process_time()
    values = evaluate_batch(hands, rules=rules)
    part.evaluator_seconds = time.process_time() - start
    cats = categories(values, rules)
    part.categories.update({Category(c).snake: int(n) for c, n in zip(*np.unique(cats, return_counts=True))})
    uniq, inverse = np.unique(asp.value, return_inverse=True)
    lookup = _value_of_key(rules)
    expected = np.array([lookup.get(_asp_key(int(v), rules), 0) for v in uniq.tolist()])
    bad_category = asp.category != cats
    bad_tiebreak = ~bad_category & (expected[inverse] != values)
    bad_five = ~bad_category & ~bad_tiebreak & (_best_five_values(hands, asp.mask, rules) != values)
    for kind, bad in (("category", bad_category), ("tiebreak", bad_tiebreak), ("best_five", bad_five)):
        for i in np.flatnonzero(bad).tolist():
            asp_side = _describe_asp(int(asp.category[i]), int(asp.value[i]), rules)
            if kind == "best_five":
                asp_side["best_five"] = _five_text(hands[i], int(asp.mask[i]))
            part.mismatches.append(
                mismatch(kind, deal_text(i), int(player[i]), asp_side, _describe_eval(int(values[i]), rules))
            )
    good = asp.category >= 0
    part.pairs = np.unique(np.stack([asp.value[good], values[good].astype(np.int64)], axis=1), axis=0)
    return part, values


def _best_five_values(hands: np.ndarray, mask: np.ndarray, rules: Rules) -> np.ndarray:
    """The evaluator's value of the five cards of each ASP mask (0 where the mask is not five cards)."""
    slots, taken, well_formed = best_mask_slots(hands, mask)
    ok = well_formed & (taken.sum(axis=1) == 5)
    out = np.zeros(len(hands), np.int16)
    if ok.any():
        out[ok] = evaluate_batch(slots[ok][taken[ok]].reshape(-1, 5), rules=rules)
    return out


def _five_text(hand: np.ndarray, mask: int) -> str:
    slots, taken, _ = best_mask_slots(hand[None, :], np.array([mask]))
    return format_cards(Card(card) for card in slots[taken & (slots >= 0)].tolist())


def order_mismatches(pairs: np.ndarray, rules: Rules | None = None) -> list[dict]:
    """Where sorting by the ASP hand_value does not sort the evaluator's values strictly.

    ``pairs`` are the distinct (ASP value, evaluator value) rows seen, sorted.
    """
    rules = rules_of(rules)
    out = []
    for j in np.flatnonzero((np.diff(pairs[:, 0]) == 0) | (np.diff(pairs[:, 1]) <= 0)).tolist():
        (a, x), (b, y) = pairs[j].tolist(), pairs[j + 1].tolist()
        why = "one ASP class, two evaluator values" if a == b else "evaluator order differs"
        out.append(
            mismatch(
                "order",
                why,
                None,
                {
                    "hand_values": [a, b],
                    "classes": [_describe_asp(_asp_key(v, rules)[0], v, rules)["description"] for v in (a, b)],
                },
                {"values": [x, y]},
            )
        )
    return out


def deal_text(holes: np.ndarray, board: np.ndarray) -> str:
    """``'As Ks | Qh Qd | board Js Ts 2c'`` from index arrays."""
    text = " | ".join(format_cards(Card(c) for c in h) for h in holes.tolist())
    return f"{text} | board {format_cards(Card(c) for c in board.tolist())}"


def compare_showdowns(
    holes: np.ndarray,
    board: np.ndarray,
    cases: np.ndarray | None = None,
    case_names: Sequence[str] = (),
    rules: Rules | None = None,
) -> Partial:
    """Cross-validate N showdowns of P players: ``holes`` (N, P, 2), ``board`` (N, B)."""
    n, players, _ = holes.shape
    rules = rules_of(rules)
    start = time.process_time()
    asp = asp_answers(list(holes), list(board), rules)
    asp_seconds = time.process_time() - start
    hands = np.concatenate([holes, np.broadcast_to(board[:, None, :], (n, players, board.shape[1]))], axis=2).reshape(
        n * players, -1
    )
    seat = np.tile(np.arange(players), n)
    part, values = compare_hands(hands, asp, seat, lambda i: deal_text(holes[i // players], board[i // players]), rules)
    part.asp_seconds, part.showdowns = asp_seconds, n
    values = values.reshape(n, players)
    eval_winner = values == values.max(axis=1, keepdims=True)
    asp_winner = asp.winner.reshape(n, players)
    for g in np.flatnonzero((eval_winner != asp_winner).any(axis=1)).tolist():
        part.mismatches.append(
            mismatch(
                "winners",
                deal_text(holes[g], board[g]),
                None,
                {"winners": np.flatnonzero(asp_winner[g]).tolist()},
                {"winners": np.flatnonzero(eval_winner[g]).tolist(), "values": values[g].tolist()},
            )
        )
    ties = int((eval_winner.sum(axis=1) > 1).sum())
    part.cases["tie"] += ties
    if cases is not None:
        part.cases.update(case_names[c] for c in cases.tolist())
    return part


__all__ = [
    "Partial",
    "AspAnswers",
    "asp_answers",
    "compare_hands",
    "order_mismatches",
    "mismatch",
    "deal_text",
    "compare_showdowns",
]
