"""The hands' facts of a rule book, read and checked: the deck's faces, the category order, the straights.

What ``face/1``, ``category_order/2`` and ``straight/3`` say (arguments as
:func:`pysolver.asp._codec.read_atoms` gives them), turned into ranks and
categories, each fault a :class:`~pysolver.RuleFileError` naming ``where`` it is:

    >>> read_straights({"straight": [("five", p, f) for p, f in enumerate(["ace", "two", "three", "four", "five"], 1)]},
    ...                tuple(range(13)), "mine.lp")
    ((12, 0, 1, 2, 3),)
"""

from __future__ import annotations

from ._cards import RANK_NAMES
from ._categories import Category
from ._errors import RuleFileError

FACES = tuple(name.lower() for name in RANK_NAMES)
"""ASP face names by rank: ``two`` .. ``ace``."""


def read_faces(atoms: dict, where: str) -> tuple[int, ...]:
    names = [args[0] for args in atoms.get("face", [])]
    if not names:
        raise RuleFileError(
            f"{where}: no face/1 facts: a rules file lists its deck, its straights "
            "and the category order (copy asp/variants/standard.lp); to add rules "
            "to a variant, add the file instead (--add, add=)"
        )
    unknown = sorted(set(names) - set(FACES))
    if unknown:
        raise RuleFileError(f"{where}: face '{unknown[0]}' is not a card face (two .. ace)")
    if len(names) < 3:
        raise RuleFileError(f"{where}: a deck of {len(names)} face{'s' * (len(names) > 1)} is too small to deal a hand")
    return tuple(sorted(FACES.index(n) for n in names))


def read_order(atoms: dict, where: str) -> tuple[tuple[Category, ...], tuple[int, ...]]:
    orders: dict[str, list[int]] = {}
    for name, number in atoms.get("category_order", []):
        orders.setdefault(name, []).append(number)
    unknown = sorted(set(orders) - {c.snake for c in Category})
    if unknown:
        raise RuleFileError(
            f"{where}: category_order names '{unknown[0]}', not a hand category "
            f"({', '.join(c.snake for c in Category)})"
        )
    missing = [c.snake for c in Category if c.snake not in orders]
    if missing:
        raise RuleFileError(f"{where}: the category order is incomplete: no category_order for {', '.join(missing)}")
    for name, numbers in orders.items():
        if len(numbers) > 1 or not isinstance(numbers[0], int):
            raise RuleFileError(
                f"{where}: {name} has {len(numbers)} places in the category order "
                f"({', '.join(map(str, numbers))}): it needs one number"
            )
        if not 0 <= numbers[0] <= 999:
            raise RuleFileError(
                f"{where}: {name} has place {numbers[0]} in the category order: "
                "places are numbers 0..999 (the ASP hand_value packs them)"
            )
    by_number: dict[int, str] = {}
    for name, (number,) in orders.items():
        if number in by_number:
            raise RuleFileError(
                f"{where}: the category order is not strict: {by_number[number]} and "
                f"{name} share place {number} (a tie or a cycle)"
            )
        by_number[number] = name
    order = tuple(Category.parse(by_number[n]) for n in sorted(by_number))
    place = {c: i for i, c in enumerate(order)}
    for low, high in ((Category.HIGH_CARD, Category.FLUSH), (Category.STRAIGHT, Category.STRAIGHT_FLUSH)):
        if place[high] < place[low]:
            raise RuleFileError(
                f"{where}: {high.snake} is ordered below {low.snake}: five suited "
                "cards would be worth less than the same ranks offsuit"
            )
    return order, tuple(sorted(by_number))


def read_straights(atoms: dict, faces: tuple[int, ...], where: str) -> tuple[tuple[int, ...], ...]:
    runs: dict[str, dict[int, list[str]]] = {}
    for top, position, face in atoms.get("straight", []):
        runs.setdefault(top, {}).setdefault(position, []).append(face)
    deck = {FACES[r] for r in faces}
    out = []
    for top, cards in sorted(runs.items(), key=lambda item: str(item[0])):
        if sorted(cards) != [1, 2, 3, 4, 5] or any(len(f) != 1 for f in cards.values()):
            raise RuleFileError(
                f"{where}: the straight with top {top} needs exactly one face at each "
                f"position 1..5, has {dict(sorted(cards.items()))}"
            )
        ranks = [cards[i][0] for i in range(1, 6)]
        outside = [f for f in ranks if f not in deck]
        if outside or ranks[4] != top or len(set(ranks)) != 5:
            problem = (
                f"face {outside[0]} is not in the deck"
                if outside
                else f"its top card is {ranks[4]}"
                if ranks[4] != top
                else "a face is repeated"
            )
            raise RuleFileError(f"{where}: the straight with top {top} ({'-'.join(ranks)}): {problem}")
        out.append(tuple(FACES.index(f) for f in ranks))
    return tuple(sorted(out, key=lambda run: run[-1]))


__all__ = ["FACES", "read_faces", "read_order", "read_straights"]
