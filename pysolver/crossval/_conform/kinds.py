"""The kind of a pair of hands out of order: the rule of the game that orders them.

:func:`kind_of` names what decides between two classes of a pot -- the category,
a lead, a kicker, a flush's n-th card, the wheel; in a low, the qualifier and the
scale's own rules (deuce-to-seven's A-5-4-3-2 is no straight; ace-to-five counts
no straight and no flush); in a game that limits the hole cards in the five,
that limit where it changes either hand -- and :data:`RULE_ORDER` ranks the rules,
the most basic first, so that a report leads with the cause.

    >>> from pysolver import evaluate
    >>> nine, eight = evaluate("As Kd Qh Jc 9s".split()), evaluate("As Kd Qh Jc 8s".split())
    >>> kind_of(nine, eight, [], [], STANDARD)
    ('high card: the fifth card', 'the fifth card')
"""

from __future__ import annotations

import numpy as np

from ...core import FIVE, STANDARD, Category, Rules  # noqa: F401 (STANDARD: the example above)
from ...evaluator import categories, pot_hand, tiebreak_ranks

_LEADS = {
    Category.PAIR: ("the pair",),
    Category.TWO_PAIR: ("the high pair", "the low pair"),
    Category.THREE_OF_A_KIND: ("the trips",),
    Category.FULL_HOUSE: ("the trips", "the pair"),
    Category.FOUR_OF_A_KIND: ("the quads",),
}
_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def is_wheel(value: int, rules: Rules) -> bool:
    category = Category(int(categories(np.array([value]), rules)[0]))
    return (
        category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
        and tiebreak_ranks(value, rules)[0] == rules.straights[0][-1]
        and rules.straights[0][0] == 12
    )


def _decider(category: Category, index: int) -> str:
    """The rule that decides between two hands of ``category`` first differing at tie-break ``index``."""
    if category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH):
        return "the top of the run"
    if category in (Category.FLUSH, Category.HIGH_CARD):
        return f"the {_ORDINALS[index]} card"
    leads = _LEADS.get(category, ())
    if index < len(leads):
        return leads[index]
    return "the kicker" if category in (Category.TWO_PAIR, Category.FOUR_OF_A_KIND) else "the kickers"


def kind_of(
    better: int,
    worse: int,
    better_hand: list[int],
    worse_hand: list[int],
    rules: Rules,
    pot: str = "high",
    hole: int = 0,
) -> tuple[str, str]:
    """(kind, rule) of a pair of classes of ``pot`` under ``rules`` (equal classes: a split class);
    ``hole``: the hands' first ``hole`` cards are hole cards, and where the game's limit on them
    changes either hand, that limit is the rule."""
    if hole and _limited(rules, pot, [better_hand, worse_hand], [better, worse]):
        rule = hole_rule(rules)
        return f"{pot} hand: {rule} in the five", rule
    if pot != "high":
        return _low_kind(better, worse, better_hand, worse_hand, rules)
    cat_b, cat_w = (Category(int(c)) for c in categories(np.array([better, worse]), rules))
    wheel = is_wheel(better, rules) or is_wheel(worse, rules)
    if better == worse:
        same_ranks = sorted(c >> 2 for c in better_hand) == sorted(c >> 2 for c in worse_hand)
        rule = "the wheel" if wheel else "suits" if same_ranks else "cards beyond the best five"
        return f"{cat_b.label.lower()}: {rule}", rule
    if cat_b != cat_w:
        rule = "the wheel" if wheel else "the category"
        return f"{cat_b.label.lower()} over {cat_w.label.lower()}" + (" (the wheel)" if wheel else ""), rule
    ranks_b, ranks_w = tiebreak_ranks(better, rules), tiebreak_ranks(worse, rules)
    index = next(i for i, (x, y) in enumerate(zip(ranks_b, ranks_w)) if x != y)
    rule = "the wheel" if wheel else _decider(cat_b, index)
    return f"{cat_b.label.lower()}: {rule}", rule


def hole_rule(rules: Rules) -> str:
    """The game's limit on hole cards in the five, as a rule of :func:`kind_of` says it."""
    game = rules.game
    if game.hole_min != game.hole_max:
        return f"{game.hole_min} to {game.hole_max} hole cards"
    return f"exactly {game.hole_min} hole card{'s' * (game.hole_min != 1)}"


def _limited(rules: Rules, pot: str, hands: list[list[int]], values: list[int]) -> bool:
    """Whether any five of a hand's cards would value it otherwise for ``pot`` than the game does."""
    from .pot_hands import best_of_any_five

    return bool((best_of_any_five(np.array(hands), rules, pot) != np.array(values)).any())


#: The rules that order hands, the most basic first: a report leads with them.
RULE_ORDER = (
    "an answer",
    "the qualifier",
    "hole cards",
    "the wheel",
    "the deuce-to-seven wheel",
    "straights do not count",
    "flushes do not count",
    "the category",
    "the top of the run",
    "the quads",
    "the trips",
    "the pair",
    "the high pair",
    "the low pair",
    "the first card",
    "the second card",
    "the third card",
    "the fourth card",
    "the fifth card",
    "the kicker",
    "the kickers",
    "suits",
    "cards beyond the best five",
)


def rule_rank(rule: str) -> int:
    """A rule's place in :data:`RULE_ORDER` (a limit on hole cards as ``hole cards``).

    >>> rule_rank("the wheel") < rule_rank("the kickers") and rule_rank("exactly 2 hole cards") == 2
    True
    """
    if rule.endswith("hole cards") or rule.endswith("hole card"):
        return RULE_ORDER.index("hole cards")
    return RULE_ORDER.index(rule) if rule in RULE_ORDER else len(RULE_ORDER)


def _low_name(category: Category) -> str:
    return "low" if category == Category.HIGH_CARD else category.label.lower()


def _low_kind(better: int, worse: int, better_hand: list[int], worse_hand: list[int], rules: Rules) -> tuple[str, str]:
    """:func:`kind_of` for a low pot: the qualifier, the scale's own rule (deuce-to-seven's
    A-5-4-3-2 is no straight; ace-to-five counts no straight and no flush), the category, a card."""
    hand_b, hand_w = pot_hand(better, "low", rules), pot_hand(worse, "low", rules)
    if hand_w is None:
        return ("no low: one class" if hand_b is None else "a low over no low"), "the qualifier"
    assert hand_b is not None  # the better of two classes has a low when the worse has
    rule = scale_rule(rules, (hand_b[1], better_hand), (hand_w[1], worse_hand))
    if better == worse:
        same_ranks = sorted(c >> 2 for c in better_hand) == sorted(c >> 2 for c in worse_hand)
        rule = rule or ("suits" if same_ranks else "cards beyond the best five")
        return f"{_low_name(hand_b[0])}: {rule}", rule
    if hand_b[0] != hand_w[0]:
        rule = rule or "the category"
        return f"{_low_name(hand_b[0])} over {_low_name(hand_w[0])}", rule
    index = next(i for i, (x, y) in enumerate(zip(hand_b[1], hand_w[1])) if x != y)
    rule = rule or _decider(hand_b[0], index)
    return f"{_low_name(hand_b[0])}: {rule}", rule


def scale_rule(rules: Rules, *hands: tuple[tuple[int, ...], list[int]]) -> str:
    """The low scale's own rule where one of the lows (ranks, the hand's cards) meets it, else ''."""
    scale = rules.game.low_scale
    for ranks, cards in hands:
        if len(set(ranks)) < FIVE:
            continue
        if scale == "deuce_to_seven" and set(ranks) == {12, 0, 1, 2, 3}:
            return "the deuce-to-seven wheel"
        if scale == "ace_to_five":
            places = sorted((r + 1) % 13 for r in ranks)  # the ace below the two
            if places[-1] - places[0] == 4 or set(ranks) == {8, 9, 10, 11, 12}:
                return "straights do not count"
            if any(all(4 * r + suit in cards for r in ranks) for suit in range(4)):
                return "flushes do not count"
    return ""


__all__ = ["RULE_ORDER", "rule_rank", "is_wheel", "kind_of", "hole_rule", "scale_rule"]
