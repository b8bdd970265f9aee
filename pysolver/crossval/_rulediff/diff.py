"""What a change of rules does, measured: two rule books side by side.

:func:`rule_diff` compares rule book ``a`` with rule book ``b`` (each a shipped
variant, a rules file, or either with files added) three ways:

* **five-card hands** -- every five-card hand of each deck through the evaluator
  under each book: the hands and classes of each category, and, over the hands
  both decks hold, which classes change places (:func:`class_changes`);
* **showdowns** -- ``showdowns`` skewed random deals (the rare hands
  over-sampled, :mod:`pysolver.crossval._dealer`) valued under both books by the
  evaluator: how many change winners, with examples solved and explained by the
  ASP solver under each book;
* **equity** -- a few named matchups, and your own, under both books.

    >>> diff = rule_diff("standard", "flush_beats_full_house", showdowns=2000, seed=1, matchups=())
    >>> diff.classes.moved, diff.classes.hands_moved, diff.classes.swapped_pairs
    (1433, 8852, 199212)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace

import numpy as np

from ...asp import ShowdownResult, Solver
from ...core import (
    FACES,
    RANKS,
    Card,
    Category,
    Deal,
    PokerInputError,
    Rules,
    RulesLike,
    check_count,
    check_seed,
    draw_seed,
)
from ...evaluator import best_five, categories, describe_value, evaluate_batch, every_hand_categories, n_values
from ...rulebook import load_rules, rules_of
from .._dealer import deal_skewed
from .games import GameDiff, game_diff
from .matchups import NAMED_GAME_MATCHUPS, NAMED_MATCHUPS, in_both, matchup_diff, parse_matchup
from .report import ClassChanges, RuleDiff, ShowdownChanges

#: How a showdown's winners change, in the order reported.
KINDS = ("another player wins", "a win becomes a tie", "a tie becomes a win", "another tie")


def combinations_array(n: int, k: int) -> np.ndarray:
    """Every k-subset of ``range(n)`` as rows, each ascending, in lexicographic order.

    >>> combinations_array(4, 2).tolist()
    [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
    """
    rows = np.arange(n, dtype=np.int64)[:, None]
    for _ in range(k - 1):
        last = rows[:, -1]
        grow = n - 1 - last
        starts = np.repeat(last + 1, grow)
        offsets = np.arange(int(grow.sum())) - np.repeat(np.cumsum(grow) - grow, grow)
        rows = np.concatenate([np.repeat(rows, grow, axis=0), (starts + offsets)[:, None]], axis=1)
    return rows


def category_counts(rules: Rules) -> dict[str, tuple[int, int]]:
    """(hands, classes) of each category among the five-card hands of the rules' deck,
    in the rules' order, best first.

    >>> category_counts(load_rules())["full_house"], category_counts(load_rules())["flush"]
    ((3744, 156), (5108, 1277))
    """
    hands = every_hand_categories(5, rules)
    classes = categories(np.arange(1, n_values(rules) + 1), rules)
    return {c.snake: (hands[c.snake], int((classes == c).sum())) for c in reversed(rules.order)}


def _inversions(x: np.ndarray) -> int:
    """Pairs i < j with x[i] > x[j] (a Fenwick tree over the ranks of x)."""
    ranks = np.unique(x, return_inverse=True)[1] + 1
    tree = [0] * (int(ranks.max(initial=0)) + 1)
    count = 0
    for seen, r in enumerate(ranks.tolist()):
        i, below = r, 0
        while i > 0:
            below += tree[i]
            i -= i & -i
        count += seen - below
        i = r
        while i < len(tree):
            tree[i] += 1
            i += i & -i
    return count


def class_changes(a: Rules, b: Rules, examples: int = 3) -> ClassChanges:
    """Over the five-card hands both decks hold: which classes of ``a`` change places
    under ``b`` (a class moves when some other class is above it under one book and
    below it under the other), how many hands they hold, which classes split or merge,
    and how many pairs of classes swap.
    """
    common = tuple(r for r in a.faces if r in b.faces)
    deck = np.array([4 * r + s for r in common for s in range(4)], dtype=np.int64)
    hands = deck[combinations_array(len(deck), 5)]
    va, vb = evaluate_batch(hands, rules=a).astype(np.int64), evaluate_batch(hands, rules=b).astype(np.int64)
    span = int(vb.max()) + 1
    keys, first, counts = np.unique(va * span + vb, return_index=True, return_counts=True)  # by A, then B
    group, x = keys // span, keys % span
    starts = np.flatnonzero(np.r_[True, group[1:] != group[:-1]])
    sizes = np.diff(np.r_[starts, len(group)])
    group_max = np.maximum.reduceat(x, starts)
    group_min = np.minimum.reduceat(x, starts)
    above_before = np.repeat(np.r_[-1, np.maximum.accumulate(group_max)[:-1]], sizes)  # max B of lower A-classes
    below_after = np.repeat(np.r_[np.minimum.accumulate(group_min[::-1])[::-1][1:], np.iinfo(np.int64).max], sizes)
    moved = (above_before > x) | (below_after < x)
    moved_classes = np.unique(group[moved])
    by_category = Counter(Category(int(c)).snake for c in categories(moved_classes, a))
    splits = int((np.bincount(group) > 1).sum())
    merges = int((np.bincount(x) > 1).sum())
    recategorised = Counter(
        f"{Category(int(ca)).snake} -> {Category(int(cb)).snake}"
        for ca, cb in zip(categories(group, a), categories(x, b))
        if ca != cb
    )
    return ClassChanges(
        len(hands),
        len(np.unique(group)),
        len(moved_classes),
        int(counts[moved].sum()),
        {c.snake: by_category[c.snake] for c in reversed(a.order) if by_category[c.snake]},
        _inversions(x),
        splits,
        merges,
        dict(recategorised),
        _examples(hands[first], group, x, below_after, examples, a, b),
    )


def _examples(
    hands: np.ndarray, group: np.ndarray, x: np.ndarray, below_after: np.ndarray, examples: int, a: Rules, b: Rules
) -> tuple[dict, ...]:
    """Swaps spread over the classes that move up: the k-th of them, evenly spaced, with the
    class at the same fraction among those above it under ``a`` and below it under ``b``."""
    rising = np.flatnonzero(below_after < x)
    if examples <= 0 or not len(rising):
        return ()
    found = []
    for k in sorted(set(np.linspace(0, len(rising) - 1, min(examples, len(rising))).round().astype(int).tolist())):
        i = int(rising[k])
        partners = np.flatnonzero((group > group[i]) & (x < x[i]))
        j = int(partners[round(k / max(len(rising) - 1, 1) * (len(partners) - 1))])
        found.append(
            {
                "lower": _class(hands[i], int(group[i]), int(x[i]), a, b),
                "higher": _class(hands[j], int(group[j]), int(x[j]), a, b),
            }
        )
    return tuple(found)


def _class(hand: np.ndarray, va: int, vb: int, a: Rules, b: Rules) -> dict:
    return {
        "cards": [str(c) for c in best_five([Card(int(c)) for c in hand.tolist()], a)],
        "a": describe_value(va, a),
        "b": describe_value(vb, b),
    }


def _dealer_rules(a: Rules, b: Rules) -> Rules:
    """The book whose deck deals for both: the smaller deck, if the other holds it."""
    small, large = sorted((a, b), key=lambda r: len(r.faces))
    if not set(small.faces) <= set(large.faces):
        raise PokerInputError(
            f"the decks of {a.label} ({a.describe_deck()}) and {b.label} ({b.describe_deck()}) "
            "differ: showdowns need one deck to hold the other"
        )
    return small


def _winners(values: np.ndarray) -> np.ndarray:
    return values == values.max(axis=1, keepdims=True)


def showdown_changes(a: Rules, b: Rules, count: int, players: int, seed: int, examples: int) -> ShowdownChanges:
    """``count`` skewed river deals valued under both books; the winners that change, and the
    first ``examples`` such deals solved and explained by the ASP solver under each book."""
    dealt = deal_skewed(count, players, 5, seed, rules=_dealer_rules(a, b))
    hands = dealt.hands().reshape(count * players, -1)
    wins_a = _winners(evaluate_batch(hands, rules=a).reshape(count, players))
    wins_b = _winners(evaluate_batch(hands, rules=b).reshape(count, players))
    changed = np.flatnonzero((wins_a != wins_b).any(axis=1))
    kinds: Counter = Counter()
    for g in changed.tolist():
        na, nb = int(wins_a[g].sum()), int(wins_b[g].sum())
        kinds[KINDS[0] if na == nb == 1 else KINDS[1] if na == 1 else KINDS[2] if nb == 1 else KINDS[3]] += 1
    cards = [Card(i) for i in range(52)]
    deals = [
        Deal(
            tuple((cards[x], cards[y]) for x, y in dealt.holes[g].tolist()),
            tuple(cards[c] for c in dealt.board[g].tolist()),
        )
        for g in changed[: max(examples, 0)].tolist()
    ]
    solved: list[tuple[ShowdownResult, ShowdownResult]] = []
    if deals:
        solved = list(zip(Solver(a, explain=True).solve_batch(deals), Solver(b, explain=True).solve_batch(deals)))
    return ShowdownChanges(count, players, seed, len(changed), {k: kinds[k] for k in KINDS if kinds[k]}, tuple(solved))


def describe_rules(rules: Rules) -> dict:
    """The facts of a rule book, as ``pysolver rules --json`` prints them: its game (the deal,
    how the five is formed, the pots), deck, faces, straights, category order (best first) and
    number of hand classes.

    >>> describe_rules(load_rules("short_deck"))["faces"], describe_rules(load_rules())["hand_classes"]
    ('6789TJQKA', 7462)
    """
    return {
        "rules": rules.label,
        "file": rules.path,
        "added": list(rules.added),
        "deck": len(rules.deck),
        "faces": "".join(RANKS[r] for r in rules.faces),
        "straights": ["".join(RANKS[r] for r in run) for run in rules.straights],
        "category_order": [c.snake for c in reversed(rules.order)],
        "hand_classes": n_values(rules),
        "game": game_facts(rules),
    }


def game_facts(rules: Rules) -> dict:
    """What a rule book's game declares, as plain data.

    >>> game_facts(load_rules("omaha_hi_lo"))["hole_cards_used"], game_facts(load_rules("razz"))["pots"]
    ([2, 2], ['low'])
    """
    game = rules.game
    return {
        "description": game.describe(),
        "hole_cards": game.hole_cards,
        "board_cards": game.board_cards,
        "hole_cards_used": [game.hole_min, game.hole_max],
        "pots": list(game.pots),
        "low_scale": game.low_scale,
        "low_qualifier": None if game.qualifier is None else FACES[game.qualifier],
    }


#: The most showdowns a rule diff deals (at once).
MOST_DIFF_SHOWDOWNS = 1_000_000


def rule_diff(
    a: RulesLike,
    b: RulesLike = None,
    *,
    add: Sequence[str] = (),
    showdowns: int = 10_000,
    players: int = 2,
    seed: int | None = None,
    examples: int = 3,
    matchups: Sequence[str] = (),
    named: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> RuleDiff | GameDiff:
    """Rule book ``a`` against ``b`` (by default ``a`` itself) with the files ``add`` added to ``b``.

    ``showdowns`` skewed river deals of ``players`` players (seeded: without ``seed`` one is
    drawn and reported), ``examples`` changed showdowns explained under both books, and the
    equity of the named matchups (``named``) and of ``matchups`` (``"AhKh vs QsQd on 7h 9h Ts"``).
    Where either book's game is not hold'em's, the diff is the game's, pot by pot, on
    ``showdowns`` random deals (:func:`~pysolver.crossval._rulediff.games.game_diff`), with the
    equity of the game's named matchups (:data:`NAMED_GAME_MATCHUPS`) and of ``matchups`` under both.
    ``progress(done, total)`` is called as each part is done (a callback that raises stops the
    diff there: a web client that went away).
    """
    step = progress or (lambda done, total: None)
    rules_a = rules_of(a)
    rules_b = load_rules(rules_a if b is None else b, add)
    if not (rules_a.game.holdem_shape and rules_b.game.holdem_shape):
        deals = check_count("showdowns", showdowns, 1, MOST_DIFF_SHOWDOWNS)
        seed = draw_seed() if seed is None else check_seed(seed)
        asked = [("", *parse_matchup(m)) for m in matchups]
        shape = (rules_a.game.hole_cards, rules_a.game.board_cards)
        named_ones = [
            (n, p, bd) for n, p, bd in NAMED_GAME_MATCHUPS.get(shape, ()) if named and in_both(p, bd, rules_a, rules_b)
        ]
        parts = 1 + len(named_ones) + len(asked)
        step(0, parts)
        diff = game_diff(rules_a, rules_b, deals=deals, players=players, seed=seed, examples=examples)
        step(1, parts)
        equities = []
        for done, (n, p, bd) in enumerate(named_ones + asked, 2):
            equities.append(matchup_diff(n, p, bd, rules_a, rules_b, seed))
            step(done, parts)
        return replace(diff, matchups=tuple(equities))
    check_count("showdowns", showdowns, 0, MOST_DIFF_SHOWDOWNS)
    check_count("players", players, least=2)
    check_count("examples", examples, least=0)
    seed = draw_seed() if seed is None else check_seed(seed)
    asked = [("", *parse_matchup(m)) for m in matchups]
    named_ones = [(n, p, bd) for n, p, bd in NAMED_MATCHUPS if named and in_both(p, bd, rules_a, rules_b)]
    parts = 3 + len(named_ones) + len(asked)
    step(0, parts)
    counts = (category_counts(rules_a), category_counts(rules_b))
    step(1, parts)
    classes = class_changes(rules_a, rules_b, examples)
    step(2, parts)
    shown = (
        showdown_changes(rules_a, rules_b, showdowns, players, seed, examples)
        if showdowns
        else ShowdownChanges(0, players, seed, 0, {}, ())
    )
    step(3, parts)
    equities = []
    for done, (n, p, bd) in enumerate(named_ones + asked, 4):
        equities.append(matchup_diff(n, p, bd, rules_a, rules_b, seed))
        step(done, parts)
    return RuleDiff(
        rules_a.label,
        rules_b.label,
        counts,
        classes,
        shown,
        tuple(equities),
        (tuple(c.snake for c in reversed(rules_a.order)), tuple(c.snake for c in reversed(rules_b.order))),
    )


__all__ = [
    "game_facts",
    "MOST_DIFF_SHOWDOWNS",
    "KINDS",
    "describe_rules",
    "combinations_array",
    "category_counts",
    "class_changes",
    "showdown_changes",
    "matchup_diff",
    "rule_diff",
]
