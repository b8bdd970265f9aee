"""Conformance vectors of a game: each pot's quick hands with the rules' answer, as rows.

A game's vectors are one file per pot (``omaha_hi_lo-high.jsonl``,
``omaha_hi_lo-low.jsonl``): the quick check's hands of the whole deal
(:class:`~pysolver.crossval._conform.pot_hands.PotHands`), each with its class
for the pot (equal classes tie, the higher wins; 0: no hand, a low that does not
qualify), its category on the pot's scale and tags naming its shape:

==========================  ==============================================================
``class_five``              a class of five, split as the game forms it (hole-card games)
``hole_rule_deal``          a random deal where the hole-card rule changes one of the
                            game's pots (hole-card games)
``hole_card_rule``          any five of the cards would value it otherwise for this pot (a
                            fifth card from the hand, a counterfeited low)
``random_deal``             a random deal (hole-card games)
``no_low``                  no qualifying low
``wheel``                   a high hand that is the wheel (A-2-3-4-5)
``deuce_seven_wheel``       a deuce-to-seven low of A-5-4-3-2: ace high, no straight
``straight_ignored``        an ace-to-five low whose five ranks run: no straight
``flush_ignored``           an ace-to-five low whose five are suited: no flush
==========================  ==============================================================

and, in a game whose five takes any of the cards, the tags of the hold'em
vectors' shapes. Where the hole cards come apart, ``cards`` reads ``hole | board``.

    >>> from pysolver import load_rules
    >>> hands, rows = game_rows(load_rules("omaha_hi_lo"), "low")
    >>> rows[0]["cards"].count("|"), max(row["class"] for row in rows)     # hole | board; 56 lows
    (1, 56)
    >>> sum("no_low" in row["tags"] for row in rows) == sum(row["class"] == 0 for row in rows)
    True
"""

from __future__ import annotations

import numpy as np

from ...core import Card, Category, Rules, format_cards
from ...evaluator import NO_HAND, pot_categories, pot_hand
from .kinds import is_wheel, scale_rule
from .pot_hands import PotHands, best_of_any_five

PART_TAGS = {
    "ranks": "rank_multiset",
    "flushes": "five_card_flush",
    "six-card flushes": "six_card_flush",
    "seven-card flushes": "seven_card_flush",
    "steel wheels": "steel_wheel",
    "boards that play": "board_plays",
    "classes": "class_five",
    "hole-card rule": "hole_rule_deal",
    "random deals": "random_deal",
}
"""The tag of each part of the quick hands (:func:`~pysolver.crossval._conform.hands.quick_hands`,
:func:`~pysolver.crossval._conform.pot_hands.hole_board_hands`)."""
GAME_TAGS = ("no_low", "hole_card_rule", "wheel", "deuce_seven_wheel", "straight_ignored", "flush_ignored")
"""The tags of a game's rows beyond the parts'."""
_SCALE_TAGS = {
    "the deuce-to-seven wheel": "deuce_seven_wheel",
    "straights do not count": "straight_ignored",
    "flushes do not count": "flush_ignored",
}


def game_rows(rules: Rules, pot: str) -> tuple[np.ndarray, list[dict]]:
    """The quick hands of the whole deal of ``rules``' game for ``pot``, and their rows."""
    judged = PotHands.of(rules, pot)
    hands, shapes = judged.quick()
    truth = judged.truth(hands)
    classes = np.searchsorted(np.unique(truth[truth != NO_HAND]), truth) + 1
    classes[truth == NO_HAND] = 0
    cats = pot_categories(truth, pot, rules)
    loose = best_of_any_five(hands, rules, pot) if judged.hole else truth
    parts = np.repeat(np.arange(len(shapes)), list(shapes.values()))
    names = list(shapes)
    rows = []
    for i, hand in enumerate(hands.tolist()):
        value = int(truth[i])
        tags = [PART_TAGS[names[parts[i]]]]
        if value == NO_HAND:
            tags.append(f"no_{pot}")
        if loose[i] != value:
            tags.append("hole_card_rule")
        if pot == "high" and is_wheel(value, rules):
            tags.append("wheel")
        low = pot_hand(value, pot, rules) if pot == "low" else None
        if low is not None and (rule := scale_rule(rules, (low[1], hand))):
            tags.append(_SCALE_TAGS[rule])
        cards = [format_cards(Card(c) for c in part) for part in (hand[: judged.hole], hand[judged.hole :]) if part]
        category = Category(int(cats[i])).snake if cats[i] >= 0 else f"no_{pot}"
        rows.append({"id": i, "cards": " | ".join(cards), "class": int(classes[i]), "category": category, "tags": tags})
    return hands, rows


__all__ = ["PART_TAGS", "GAME_TAGS", "game_rows"]
