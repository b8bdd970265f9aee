"""Conformance of a showdown function: ``f(hands, board)`` names the winners of a pot.

Some evaluators are written as a showdown rather than a value per hand: given
each player's hole cards and the board, the indices of the players who win (a
tie: several; a low pot nobody qualifies for: none). :func:`check_winners`
deals showdowns of the rules' game to such a function and compares its winners
with the rules' for the pot.

The quick check makes each hand of the value check (every class and the hard
shapes, :class:`~pysolver.crossval._conform.pot_hands.PotHands`) a player's hand
against 1 to 5 random opponents on the same board; the random check deals
whole showdowns. A showdown whose winners differ is a finding, reduced to the
pair of players that shows it -- a better hand not named (*reversed*), a better
hand named beside a worse one (*tied*), a tie broken (*split*) -- and grouped
by the rule that orders the pair, as the value check groups pairs of hands.

    >>> from pysolver import evaluate
    >>> def holdem_winners(hands, board):
    ...     values = [evaluate(hand + board) for hand in hands]
    ...     return [p for p, v in enumerate(values) if v == max(values)]
    >>> report = check_winners(Evaluator(holdem_winners), PotHands.of(STANDARD), mode="random", count=2000, seed=1)
    >>> report.ok, report.hands
    (True, 2000)
"""

from __future__ import annotations

import numbers
import time
from collections import Counter

import numpy as np

from ...core import STANDARD, Explanation, PokerInputError  # noqa: F401 (STANDARD: the example above)
from ...evaluator import NO_HAND
from .._evaluator_answers import CARD_TEXT, OK, failure_label
from .._evaluators import Evaluator, run_items
from .._execution import rules_label, run_seed
from .kinds import kind_of, rule_rank
from .pot_hands import PotHands
from .report import ConformReport

#: The most players a showdown deals (fewer where the deck runs out).
MOST_PLAYERS = 6
#: Showdowns explained by the ASP rules in a report (hold'em).
EXPLAINED = 40


class WinnerMask:
    """The reader of a showdown function's answers: the winners (player indices) as a bit mask;
    ValueError when the answer names no players of the showdown."""

    def __init__(self, players: np.ndarray) -> None:
        self.players = players.tolist()

    def __call__(self, value: object, j: int) -> int:
        text = repr(value)[:60]
        try:
            named = list(value)  # type: ignore[call-overload]
        except TypeError:
            raise ValueError(f"returned {text}, not a list of player indices") from None
        bad = [p for p in named if not isinstance(p, numbers.Integral) or isinstance(p, bool)]
        if bad or len(set(named)) != len(named) or not all(0 <= p < self.players[j] for p in named):
            raise ValueError(f"returned {text}: the players are 0 to {self.players[j] - 1}, each named once")
        return sum(1 << int(p) for p in named)


def deal_showdowns(
    judged: PotHands, first: np.ndarray | None, count: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Showdowns at the end of the game's deal: (hole cards (n, P, h), boards (n, b), players (n,)),
    absent players' cards -1. With ``first`` (hands of the whole deal), each is player 0's cards and
    the board; the others, and every card without it, are dealt at random."""
    game, deck = judged.rules.game, np.array([c.index for c in judged.rules.deck], dtype=np.int64)
    h, b = game.hole_cards, game.board_cards
    most = max(2, min(MOST_PLAYERS, (len(deck) - b) // h))
    n = count if first is None else len(first)
    players = 2 + np.arange(n) % (most - 1)
    if first is None:
        first = deck[np.argpartition(rng.random((n, len(deck))), h + b, axis=1)[:, : h + b]]
    elif not judged.hole:  # one hand of the whole deal: which of its cards are the hole cards is dealt
        first = rng.permuted(first, axis=1)
    keys = rng.random((n, len(deck)))
    keys[(deck[None, None, :] == first[:, :, None]).any(axis=1)] = 2.0
    others = deck[np.argsort(keys, axis=1)[:, : (most - 1) * h]].reshape(n, most - 1, h)
    holes = np.concatenate([first[:, None, :h], others], axis=1)
    holes[np.arange(most)[None, :] >= players[:, None]] = -1
    return holes, np.ascontiguousarray(first[:, h:]), players


def showdown_values(judged: PotHands, holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """Each player's value for the pot (n, P); :data:`NO_HAND` for an absent player or no hand."""
    out = np.full(holes.shape[:2], NO_HAND, dtype=np.int64)
    for p in range(holes.shape[1]):
        present = holes[:, p, 0] >= 0
        out[present, p] = judged.truth(np.concatenate([holes[present, p], boards[present]], axis=1))
    return out


def _pair(values: list[int], expected: int, got: int) -> tuple[str, int | None, int | None]:
    """(relation, better player, worse player) of a showdown whose winners ``got`` (a mask) are not
    the rules' ``expected``."""
    rules_say = [p for p in range(len(values)) if expected >> p & 1]
    wrong = [p for p in range(len(values)) if got >> p & 1 and not expected >> p & 1]
    left_out = [p for p in rules_say if not got >> p & 1]
    named = [p for p in range(len(values)) if got >> p & 1]
    if wrong:
        if not rules_say:
            return "no winner", None, wrong[0]
        i = left_out[0] if left_out else rules_say[0]
        return ("reversed" if left_out else "tied"), i, wrong[0]
    if named:
        return "split", left_out[0], named[0]
    return "none named", rules_say[0], None


def _kind(i: int | None, j: int | None, rows: list[list[int]], values: list[int], judged: PotHands):
    """(kind, rule) of the pair of players a wrong showdown comes to."""
    if i is None:
        return f"no {judged.pot} qualifies: a winner named", "the qualifier"
    if j is None:
        return "no winner named", "an answer"
    return kind_of(values[i], values[j], rows[i], rows[j], judged.rules, judged.pot, judged.hole)


def check_winners(
    evaluator: Evaluator, judged: PotHands, *, mode: str = "quick", count: int = 20_000, seed: int | None = None
) -> ConformReport:
    """Judge the showdown function ``evaluator`` (``f(hands, board)`` returning the winners'
    indices) on showdowns of ``judged``'s game and pot: the quick showdowns, or ``count`` random
    ones from ``seed`` (drawn when None, and reported)."""
    game = judged.rules.game
    if judged.cards != game.hole_cards + game.board_cards:
        raise PokerInputError(
            f"cards {judged.cards}: a showdown deals the whole deal, {game.hole_cards + game.board_cards} cards"
        )
    start = time.perf_counter()
    used_seed = run_seed(seed) if mode == "random" else None
    rng = np.random.default_rng(used_seed if used_seed is not None else 0)
    holes, boards, players = deal_showdowns(judged, judged.quick()[0] if mode == "quick" else None, count, rng)
    values = showdown_values(judged, holes, boards)
    plays = values != NO_HAND
    best = np.where(plays, values, np.iinfo(np.int64).min).max(axis=1)
    expected = ((values == best[:, None]) & plays) @ (1 << np.arange(holes.shape[1]))
    items = [_showdown(holes[k, : players[k]], boards[k], evaluator.cards) for k in range(len(holes))]
    call = evaluator.function()
    asked = time.perf_counter()
    answers = run_items(evaluator, lambda item: call(item[0], item[1]), items, WinnerMask(players))
    asked = time.perf_counter() - asked
    found: dict[tuple[str, str], list] = {}
    failed: Counter[str] = Counter()
    for k in np.flatnonzero((answers.status != OK) | (answers.values != expected)).tolist():
        cards = [holes[k, p].tolist() for p in range(players[k])]
        rows = [hand + boards[k].tolist() for hand in cards]
        simple = int(sum(c >> 2 for c in holes[k, : players[k]].ravel().tolist() + boards[k].tolist()))
        status = int(answers.status[k])
        if status != OK:
            label = failure_label(status, answers.messages.get(k, ""), "not winners")
            failed[label] += 1
            item: dict = {"kind": label, "relation": "failure", "rule": "an answer"}
            item["message"] = answers.messages.get(k, "")
        else:
            relation, i, j = _pair(values[k].tolist(), int(expected[k]), int(answers.values[k]))
            kind, rule = _kind(i, j, rows, values[k].tolist(), judged)
            item = {"kind": kind, "relation": relation, "rule": rule, "players": [i, j]}
            item["classes"] = [judged.describe(v) for v in values[k, : players[k]].tolist()]
        item |= {"cards": cards, "board": boards[k].tolist(), "truth": values[k, : players[k]].tolist()}
        item |= {"winners": {"rules": _bits(int(expected[k])), "got": _bits(int(answers.values[k]))}}
        key = (item["kind"], item["relation"])
        if key not in found or simple < found[key][0]:
            found[key] = [simple, item, found.get(key, [0, None, 0])[2]]
        found[key][2] += 1
    out = []
    for _, item, times in found.values():
        item["count"] = times
        out.append(item)
    out.sort(key=lambda f: (f["relation"] != "failure", rule_rank(f["rule"]), -f["count"], f["kind"]))
    _explain(out, judged)
    return ConformReport(
        evaluator.name,
        mode,
        judged.cards,
        rules_label(judged.rules),
        "higher",
        "the players it names win the pot",
        len(holes),
        len(np.unique(values[plays])),
        [_public(f) for f in out],
        time.perf_counter() - start,
        asked,
        used_seed,
        {"showdowns": len(holes), **{f"{p} players": int((players == p).sum()) for p in np.unique(players).tolist()}},
        judged.category_counts(values[holes[:, :, 0] >= 0]),
        dict(failed),
        0,
        judged.pot,
        judged.hole,
        f"{judged.pot} pot winners, showdowns of 2 to {int(players.max())} players",
        "winners",
    )


def _showdown(holes: np.ndarray, board: np.ndarray, cards: str) -> list:
    """A showdown as the function takes it: [each player's cards, the board] as texts or indices."""
    if cards == "index":
        return [holes.tolist(), board.tolist()]
    return [[[CARD_TEXT[c] for c in hand] for hand in holes.tolist()], [CARD_TEXT[c] for c in board.tolist()]]


def _bits(mask: int) -> list[int]:
    return [p for p in range(mask.bit_length()) if mask >> p & 1]


def _explain(found: list[dict], judged: PotHands) -> None:
    """Why the rules name their winners: the ASP explanation of the showdown (hold'em), or the
    two players' hands for the pot."""
    from ...asp import Solver
    from ...core import Deal

    rules = judged.rules
    holdem = judged.pot == "high" and rules.game.holdem_shape
    solver = Solver(rules, explain=True) if holdem else None
    for item in found[:EXPLAINED]:
        i, j = item.get("players", [None, None])
        if item["relation"] == "failure" or i is None or j is None:
            continue
        if solver is not None:
            text = [" ".join(CARD_TEXT[c] for c in hand) for hand in item["cards"]]
            explanation = solver.solve(Deal.parse(text, " ".join(CARD_TEXT[c] for c in item["board"]))).explanation
            assert isinstance(explanation, Explanation)  # the solver explains hold'em
            item["explanation"] = explanation.say(explanation.verdict(i, j))
        else:
            said = [f"player {p}: {judged.describe(item['truth'][p])}" for p in (i, j)]
            item["explanation"] = "; ".join(said)


def _public(item: dict) -> dict:
    """A finding as the report gives it: each player's hand and the board as card texts."""
    out = {k: v for k, v in item.items() if k not in ("cards", "board", "truth")}
    out["hands"] = [[CARD_TEXT[c] for c in hand] for hand in item["cards"]]
    out["board"] = [CARD_TEXT[c] for c in item["board"]]
    out["values"] = None
    return out


__all__ = ["MOST_PLAYERS", "WinnerMask", "deal_showdowns", "showdown_values", "check_winners"]
