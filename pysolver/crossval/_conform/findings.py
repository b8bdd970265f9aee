"""What a conformance check found: examples per hand class, pairs out of order, kinds, why.

A check keeps, for each class of hand under the rules (the evaluator's values
here, proven equal to the ASP rules by cross-validation), the least and the
greatest value the checked evaluator gave a hand of that class, each with the
simplest hand that got it (:func:`class_examples`, rows that merge over tasks).
The checked evaluator conforms when no class has two values and each class's
greatest value is below the next class's least. Every break of that is a pair
of hands (:func:`out_of_order`): the same class valued differently (*split*),
a better class valued equal (*tied*) or lower (*reversed*). Pairs are grouped
by kind -- the categories and the rule that orders them (the category, a lead,
a kicker, a flush's n-th card, the wheel, suits or cards beyond the best five)
-- and each kind keeps its simplest pair (the lowest ranks).

    >>> hands = np.array([[51, 46, 41, 36, 0], [51, 46, 41, 36, 4]])   # As Kh Qd Jc with 2c, with 3c
    >>> truth = evaluate_batch(hands)
    >>> rows = class_examples(hands, truth, np.array([5, 5]))
    >>> [(p["relation"], p["kind"]) for p in out_of_order(rows, STANDARD)]
    [('tied', 'high card: the fifth card')]
"""

from __future__ import annotations

import itertools
from collections import defaultdict

import numpy as np

from ...core import STANDARD, Card, Category, Explanation, Rules, format_cards  # noqa: F401 (STANDARD: the example above)
from ...evaluator import categories, describe_pot, evaluate_batch, tiebreak_ranks
from .kinds import hole_rule, kind_of, rule_rank
from .report import hand_text

#: The key of a hand answered None (no low): below every value, and negated without overflow.
NONE_KEY = -(2**63 - 1)


def simplicity(hands: np.ndarray) -> np.ndarray:
    """How simple each hand reads: the sum of its ranks (lower is simpler)."""
    return (np.asarray(hands) >> 2).sum(axis=1)


def class_examples(hands: np.ndarray, truth: np.ndarray, keys: np.ndarray) -> dict[str, list]:
    """Per class ``t`` of ``truth``: ``"<t"`` the least key with its simplest hand, ``">t"`` the greatest
    (its key negated), as rows ``[key, simplicity, *cards]`` whose least is kept when merging."""
    out: dict[str, list] = {}
    if not len(hands):
        return out
    score = simplicity(hands)
    for sign, mark in ((1, "<"), (-1, ">")):
        order = np.lexsort((score, sign * keys, truth))
        first = order[np.concatenate([[True], np.diff(truth[order]) != 0])]
        for i in first.tolist():
            out[f"{mark}{int(truth[i])}"] = [int(sign * keys[i]), int(score[i])] + hands[i].tolist()
    return out


def failure_examples(hands: np.ndarray, labels: list[str], messages: list[str]) -> dict[str, list]:
    """Per failure label: ``"!label"`` the simplest hand that failed so, ``[simplicity, cards, message]``."""
    out: dict[str, list] = {}
    score = simplicity(hands).tolist() if len(hands) else []
    for i, label in enumerate(labels):
        row = [score[i], hands[i].tolist(), messages[i]]
        key = f"!{label}"
        if key not in out or row < out[key]:
            out[key] = row
    return out


def _hole_explanation(item: dict, rules: Rules, pot: str, hole: int) -> str:
    """Why the limit on hole cards makes each hand what it is: its hand for the pot, and what any
    five of its cards would make where that differs."""
    from .pot_hands import best_of_any_five

    hands = np.array(item["cards"])
    free = best_of_any_five(hands, rules, pot).tolist()
    said = []
    for cards, truth, loose in zip(hands.tolist(), item["truth"], free):
        text = hand_text(cards, hole)
        hand = describe_pot(truth, pot, rules)
        said.append(
            f"{text}: {hand}" + (f" (any five of its cards: {describe_pot(loose, pot, rules)})" * (loose != truth))
        )
    return f"with {hole_rule(rules)} in the five, " + "; ".join(said)


def _pairs(rows: dict[str, list]) -> list[tuple[str, int, list, int, list]]:
    """(relation, better class, its row, worse class, its row) for every break of the order."""
    classes = sorted(int(k[1:]) for k in rows if k[0] == "<")
    out = []
    for t in classes:
        low, high = rows[f"<{t}"], rows[f">{t}"]
        if low[0] != -high[0]:
            out.append(("split", t, high, t, low))
    for t, u in itertools.pairwise(classes):
        high, low = rows[f">{t}"], rows[f"<{u}"]
        if -high[0] >= low[0]:
            out.append(("tied" if -high[0] == low[0] else "reversed", u, low, t, high))
    return out


def out_of_order(rows: dict[str, list], rules: Rules, sign: int = 1, pot: str = "high", hole: int = 0) -> list[dict]:
    """The kinds of pairs out of order, each with its simplest pair and how many pairs of
    neighbouring classes show it; the better hand first (a split: the higher value first), the
    most basic rule first (:data:`RULE_ORDER`), then the most frequent. ``sign`` turns keys back
    into the evaluator's values (-1: lower is better); ``pot``: the pot whose classes ``rows``
    holds; ``hole``: the hands' hole cards, first."""
    kinds: dict[tuple[str, str], list] = defaultdict(list)
    for relation, better, b_row, worse, w_row in _pairs(rows):
        b_key, w_key = (-b_row[0], w_row[0]) if relation == "split" else (b_row[0], -w_row[0])
        kind, rule = kind_of(better, worse, b_row[2:], w_row[2:], rules, pot, hole)
        kinds[(kind, relation)].append((b_row[1] + w_row[1], better, b_row[2:], b_key, worse, w_row[2:], w_key, rule))
    out = []
    for (kind, relation), found in kinds.items():
        _, better, b_hand, b_key, worse, w_hand, w_key, rule = min(found, key=lambda f: (f[0], f[1]))
        out.append(
            {
                "kind": kind,
                "relation": relation,
                "rule": rule,
                "count": len(found),
                "cards": [b_hand, w_hand],
                "values": [_value(b_key, sign), _value(w_key, sign)],
                "rules_order": "tie" if relation == "split" else "first",
                "classes": [describe_pot(better, pot, rules), describe_pot(worse, pot, rules)],
                "truth": [better, worse],
            }
        )
    out.sort(key=lambda f: (rule_rank(f["rule"]), -f["count"], f["kind"]))
    return out


def _value(key: int, sign: int) -> int | None:
    """The evaluator's value from its key (None: it answered None, keyed :data:`NONE_KEY`)."""
    return None if key == NONE_KEY else sign * key


def failures(rows: dict[str, list], counts: dict[str, int]) -> list[dict]:
    """The hands the evaluator could not evaluate, by kind: the simplest hand and the message."""
    out = []
    for key, row in rows.items():
        if key[0] == "!":
            _, hand, message = row
            out.append(
                {
                    "kind": key[1:],
                    "relation": "failure",
                    "rule": "an answer",
                    "count": counts.get(key[1:], 1),
                    "cards": [hand],
                    "values": [None],
                    "message": message,
                }
            )
    return sorted(out, key=lambda f: (-f["count"], f["kind"]))


# --- Why: a showdown that holds the two classes, explained by the ASP encodings -------------------


def witness(
    better: list[int], worse: list[int], classes: tuple[int, int], rules: Rules, tries: int = 3000
) -> tuple[list[int], list[int], list[int]] | None:
    """Two hole pairs and a five-card board on which the players make the two ``classes``, from
    the cards of the two hands (the second's suits permuted as needed) and a few low cards; failing
    that, two hands that the same rule decides the same way (:func:`verdict`); or None."""
    deck = [c.index for c in rules.deck]
    rng = np.random.default_rng(0)
    b = np.array(better)
    wanted, near = verdict(*classes, rules), None
    for perm in itertools.permutations(range(4)):
        w = 4 * (np.array(worse) >> 2) + np.array(perm)[np.array(worse) & 3]
        if not set(w.tolist()) <= set(deck):
            continue
        fill = np.array([c for c in deck if c not in set(b.tolist()) | set(w.tolist())][:6])
        pool = np.unique(np.concatenate([b, w]))
        own_a, own_b = np.concatenate([b, fill]), np.concatenate([w, fill])
        boards = pool[np.argsort(rng.random((tries, len(pool))), axis=1)[:, : min(5, len(pool))]]
        if boards.shape[1] < 5:
            continue
        hole_a = _draw_two(own_a, boards, rng)
        hole_b = _draw_two(own_b, np.concatenate([boards, hole_a], axis=1), rng)
        va = evaluate_batch(np.concatenate([hole_a, boards], axis=1), rules=rules)
        vb = evaluate_batch(np.concatenate([hole_b, boards], axis=1), rules=rules)
        hit = np.flatnonzero((va == classes[0]) & (vb == classes[1]))
        if len(hit):
            i = int(hit[0])
            return hole_a[i].tolist(), hole_b[i].tolist(), boards[i].tolist()
        if near is None and classes[0] != classes[1]:
            for i in np.flatnonzero(va > vb)[:50].tolist():
                if verdict(int(va[i]), int(vb[i]), rules) == wanted:
                    near = hole_a[i].tolist(), hole_b[i].tolist(), boards[i].tolist()
                    break
    return near


def verdict(better: int, worse: int, rules: Rules) -> tuple:
    """What decides between two classes: their categories, or the first tie-break rank where they
    differ (its place and both ranks)."""
    cat_b, cat_w = (int(c) for c in categories(np.array([better, worse]), rules))
    if cat_b != cat_w:
        return "category", cat_b, cat_w
    ranks_b, ranks_w = tiebreak_ranks(better, rules), tiebreak_ranks(worse, rules)
    index = next((i for i, (x, y) in enumerate(zip(ranks_b, ranks_w)) if x != y), -1)
    return "rank", cat_b, index, ranks_b[index] if index >= 0 else None, ranks_w[index] if index >= 0 else None


def _draw_two(cards: np.ndarray, used: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Two of ``cards`` not in each row of ``used``, at random (there are always six spare)."""
    free = ~(cards[None, :, None] == used[:, None, :]).any(axis=2)
    return cards[np.argsort(np.where(free, rng.random(free.shape), 2), axis=1)[:, :2]]


def explain(found: list[dict], rules: Rules, pot: str = "high", hole: int = 0, limit: int = 40) -> None:
    """Add to each pair (the first ``limit``) why the rules order it so: the ASP encodings'
    explanation (``asp/explain.lp``) of a hold'em showdown where the two classes meet
    (``witness``); in other games and pots, the two classes in the rules' order."""
    from ...asp import Solver
    from ...core import Deal

    solver = Solver(rules, explain=True)
    for item in found[:limit]:
        if item["relation"] == "failure":
            continue
        better, worse = item["cards"]
        holdem = pot == "high" and not hole and rules.game.holdem_shape
        deal = witness(better, worse, tuple(item["truth"]), rules) if holdem else None
        if hole and item["rule"] == hole_rule(rules):
            item["explanation"] = _hole_explanation(item, rules, pot, hole)
            continue
        if deal is None:
            item["explanation"] = f"{item['classes'][0]} and {item['classes'][1]}: " + (
                "one class" if item["relation"] == "split" else "the first is the better class"
            )
            continue
        text = [format_cards(Card(c) for c in cards) for cards in deal]
        result = solver.solve(Deal.parse(text[:2], text[2]))
        explanation = result.explanation
        assert isinstance(explanation, Explanation)  # the solver explains hold'em
        item["explanation"] = explanation.say(explanation.verdict(0, 1))
        item["showdown"] = f"{text[0]} | {text[1]} | board {text[2]}"


__all__ = [
    "NONE_KEY",
    "simplicity",
    "class_examples",
    "failure_examples",
    "out_of_order",
    "failures",
    "witness",
    "verdict",
    "explain",
]
