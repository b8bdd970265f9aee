"""Ranges: a weight for each of the 1,326 combos, and range notation.

The combos and the 169 starting-hand classes are those of
:mod:`pysolver.core._combos` (``AA``, ``AKs``, ``AKo``).

A :class:`Range` gives every combo a weight in [0, 1]. Its notation is a comma
separated list of items:

===============  =====================================================
``AA``           a pair; ``AKs`` suited, ``AKo`` offsuit, ``AK`` both
``TT+``          TT, JJ, QQ, KK, AA; ``A2s+`` A2s..AKs; ``K9o+`` K9o..KQo
``77-KK``        77 to KK; ``A5s-A2s`` A5s..A2s; ``T9s-QJs`` T9s, JTs, QJs
``AsKd``         one specific combo
``random``       every combo (also ``any``, ``100%``)
``top 10%``      the best classes by :func:`preflop_order` (also ``10%``);
                 ``top 10% chen`` by a named ordering (``vs1``, ``vs2``,
                 ``vs3``, ``chen``, see :mod:`pysolver.core._orderings`)
``AA:0.5``       any item with a weight, also written ``0.5(AA)``
===============  =====================================================

When items overlap, the later item's weight wins. A token that cannot be read
raises :class:`RangeError` naming it; nothing is silently dropped.

    >>> r = parse_range("TT+, AKs, 0.5(AQo)")
    >>> r.size, len(r.combos())
    (40.0, 46)
    >>> parse_range("AsKd").combos()[0].tolist()
    [45, 51]
    >>> len(parse_range("AA").combos(dead=parse_cards("As")))
    3
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np

from ._cards import RANKS, Card, parse_cards, quoted
from ._combos import COMBO_CLASS, COMBOS, HAND_CLASSES, _card_key, _combo_mask, class_combos, combo_index
from ._errors import RangeError
from ._orderings import check_ordering, ordering


def preflop_order(order: str = "vs1") -> tuple[str, ...]:
    """The 169 classes best first by an ordering of :mod:`pysolver.core._orderings`: ``vs1``
    (exact equity against one random hand, the default), ``vs2``, ``vs3`` (against two, three
    random hands) or ``chen`` (the Chen formula).

    >>> preflop_order()[:3], preflop_order("chen")[:3]
    (('AA', 'KK', 'QQ'), ('AA', 'KK', 'QQ'))
    """
    return ordering(order).classes


def top_classes(percent: float, order: str = "vs1") -> tuple[str, ...]:
    """The shortest prefix of :func:`preflop_order` holding at least ``percent`` % of the 1,326 combos.

    >>> top_classes(2)
    ('AA', 'KK', 'QQ', 'JJ', 'TT')
    """
    return ordering(order).top(percent)


_PERCENT = re.compile(
    r"^(?:top\s*)?(?P<p>[0-9]+(?:\.[0-9]*)?|\.[0-9]+)\s*%(?:\s*(?P<order>[a-z0-9]+))?$", re.IGNORECASE
)
_HAND = re.compile(r"^(?P<a>[2-9TJQKA])(?P<b>[2-9TJQKA])(?P<s>[so]?)$")


def _ranks_of(token: str, original: str) -> tuple[int, int, str]:
    match = _HAND.match(token)
    if not match:
        raise RangeError(f"range item {quoted(original)}: not a hand such as 'AKs', 'TT' or 'AsKd'")
    a, b = RANKS.index(match["a"]), RANKS.index(match["b"])
    high, low, suit = max(a, b), min(a, b), match["s"]
    if high == low and suit:
        raise RangeError(f"range item {quoted(original)}: a pair cannot be suited or offsuit")
    return high, low, suit


def _names(high: int, low: int, suit: str) -> list[str]:
    if high == low:
        return [RANKS[high] * 2]
    return [RANKS[high] + RANKS[low] + s for s in (suit or "so")]


def _expand(token: str, original: str) -> list[str]:
    """Class names of one weightless item: ``AKs``, ``TT+``, ``A5s-A2s``, ``T9s-QJs``."""
    token = token[0:2].upper() + token[2:].lower()
    if token.endswith("+"):
        high, low, suit = _ranks_of(token[:-1], original)
        if high == low:
            return [n for r in range(low, 13) for n in _names(r, r, "")]
        return [n for r in range(low, high) for n in _names(high, r, suit)]
    if "-" in token:
        left, _, right = token.partition("-")
        right = right.strip()
        right = right[0:2].upper() + right[2:].lower()
        h1, l1, s1 = _ranks_of(left.strip(), original)
        h2, l2, s2 = _ranks_of(right, original)
        if s1 != s2 or (h1 == l1) != (h2 == l2) or (h1 != h2 and h1 - l1 != h2 - l2):
            raise RangeError(
                f"range item {quoted(original)}: both ends must be pairs, share the high card, "
                f"or share the gap, with the same suitedness"
            )
        if h1 == l1:
            return [_names(r, r, "")[0] for r in range(min(l1, l2), max(l1, l2) + 1)]
        if h1 == h2:
            return [n for r in range(min(l1, l2), max(l1, l2) + 1) for n in _names(h1, r, s1)]
        gap = h1 - l1
        return [n for h in range(min(h1, h2), max(h1, h2) + 1) for n in _names(h, h - gap, s1)]
    high, low, suit = _ranks_of(token, original)
    return _names(high, low, suit)


def _item_combos(item: str, original: str, order: str) -> np.ndarray:
    """Indices into :data:`COMBOS` of one weightless item (``order``: of ``top x%`` naming none)."""
    lowered = item.lower()
    if lowered in ("random", "any", "all"):
        return np.arange(len(COMBOS))
    percent = _PERCENT.match(item)
    if percent:
        try:
            names = top_classes(float(percent["p"]), percent["order"] or order)
        except RangeError as error:
            raise RangeError(f"range item {quoted(original)}: {error}") from None
        return np.concatenate([class_combos(n) for n in names]) if names else np.zeros(0, np.int64)
    compact = item.replace(" ", "")
    if (len(compact) >= 4 and compact[1].lower() in "cdhs♣♦♥♠♧♢♡♤") or compact.startswith("10"):
        try:
            a, b = parse_cards(compact)
        except ValueError:
            raise RangeError(f"range item {quoted(original)}: not two distinct cards such as 'AsKd'") from None
        return np.array([combo_index(a, b)])
    return np.concatenate([class_combos(n) for n in _expand(compact, original)])


def split_weight(original: str) -> tuple[str, float]:
    """An item and its weight: ``'AA:0.5'`` and ``'0.5(AA)'`` give ``('AA', 0.5)``, ``'AA'`` gives ``('AA', 1.0)``;
    a weight is between 0 and 1, else a :class:`RangeError`.

    >>> split_weight("0.25(As Ah Kd 2c)"), split_weight("AKs")
    (('As Ah Kd 2c', 0.25), ('AKs', 1.0))
    """
    if original.endswith(")") and "(" in original:
        text, _, item = original[:-1].partition("(")
    elif ":" in original:
        item, _, text = original.partition(":")
    else:
        return original, 1.0
    try:
        weight = float(text)
    except ValueError:
        raise RangeError(
            f"range item {quoted(original)}: the weight {quoted(text.strip())} is not a number; "
            "a weight is between 0 and 1, as in 'AA:0.5' or '0.5(AA)'"
        ) from None
    if not 0 <= weight <= 1:
        raise RangeError(f"range item {quoted(original)}: a weight must be between 0 and 1")
    return item.strip(), weight


@dataclass(frozen=True, eq=False)
class Range:
    """A weight in [0, 1] for each of the 1,326 combos (read-only ``weights`` array).

    >>> Range.parse("AKs").size
    4.0
    >>> str(Range.parse("random"))
    'random'
    """

    text: str
    weights: np.ndarray

    def __post_init__(self) -> None:
        try:
            weights = np.array(self.weights, dtype=np.float64)
        except (TypeError, ValueError):
            raise RangeError(f"range {quoted(self.text)}: weights must be numbers between 0 and 1") from None
        if weights.shape != (len(COMBOS),):
            raise RangeError(f"range {quoted(self.text)}: needs one weight per combo (1326)")
        if not ((weights >= 0) & (weights <= 1)).all():
            raise RangeError(f"range {quoted(self.text)}: every weight must be between 0 and 1")
        weights.setflags(write=False)
        object.__setattr__(self, "weights", weights)

    @classmethod
    def parse(cls, text: str) -> Range:
        """Read range notation (see the module docstring)."""
        return parse_range(text)

    @property
    def size(self) -> float:
        """The weighted number of combos (1326.0 for ``random``)."""
        return float(self.weights.sum())

    @cached_property
    def is_random(self) -> bool:
        """True when every combo has weight 1 (the weights never change: worked out once)."""
        return bool((self.weights == 1).all())

    def combos(self, dead: Iterable[Card | int] = ()) -> np.ndarray:
        """(n, 2) card indices of the combos with weight > 0 that avoid ``dead``."""
        return COMBOS[self._live(dead)]

    def weighted_combos(self, dead: Iterable[Card | int] = ()) -> tuple[np.ndarray, np.ndarray]:
        """(combos (n, 2), weights (n,)) after removing combos that hold a dead card.

        >>> cards, weights = parse_range("AA:0.5").weighted_combos(dead=parse_cards("Ah"))
        >>> len(cards), weights.tolist()
        (3, [0.5, 0.5, 0.5])
        """
        live = self._live(dead)
        return COMBOS[live], self.weights[live]

    def class_weights(self) -> dict[str, float]:
        """Weighted combo count per class present: ``{'AA': 6.0, 'AKs': 4.0}``."""
        sums = np.bincount(COMBO_CLASS, weights=self.weights, minlength=len(HAND_CLASSES))
        return {HAND_CLASSES[i]: float(sums[i]) for i in np.flatnonzero(sums)}

    def _live(self, dead: Iterable[Card | int]) -> np.ndarray:
        return _live(self, _card_key(dead))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Range) and bool(np.array_equal(self.weights, other.weights))

    def __hash__(self) -> int:
        found = self.__dict__.get("_hash")  # the weights never change: hashed once per process
        if found is None:
            found = hash(self.weights.tobytes())
            object.__setattr__(self, "_hash", found)
        return found

    def __getstate__(self) -> dict:
        return {"text": self.text, "weights": self.weights}  # not the hash: another process has its own

    def __setstate__(self, state: dict) -> None:
        weights = np.array(state["weights"], dtype=np.float64)
        weights.setflags(write=False)
        object.__setattr__(self, "text", state["text"])
        object.__setattr__(self, "weights", weights)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Range({self.text!r})"


def parse_range(text: str, order: str = "vs1") -> Range:
    """Read range notation into a :class:`Range`; a bad item raises :class:`RangeError` naming it.

    ``order`` is the ordering of the ``top x%`` items that name none.

    >>> parse_range("77-KK").class_weights()
    {'KK': 6.0, 'QQ': 6.0, 'JJ': 6.0, 'TT': 6.0, '99': 6.0, '88': 6.0, '77': 6.0}
    >>> parse_range("AKx")
    Traceback (most recent call last):
    ...
    pysolver.RangeError: range item 'AKx': not a hand such as 'AKs', 'TT' or 'AsKd'
    """
    if not isinstance(order, str):
        raise TypeError(f"order {str(order)[:40]!r}: expected the name of an ordering, not {type(order).__name__}")
    if order != "vs1":
        order = check_ordering(order)
    if not isinstance(text, str):
        raise RangeError(f"range {quoted(text)}: expected text such as 'AKs, TT+' or 'random'")
    if not text.strip():
        raise RangeError(f"range {quoted(text)}: empty; write hands such as 'AKs, TT+' or 'random'")
    weights = np.zeros(len(COMBOS))
    for raw in text.split(","):
        original = raw.strip()
        if not original:
            raise RangeError(f"range {quoted(text)}: an empty item between commas")
        item, weight = split_weight(original)
        weights[_item_combos(item, original, order)] = weight
    return Range(text.strip(), weights)


def orderings_named(text: str, order: str = "vs1") -> tuple[str, ...]:
    """The orderings the ``top x%`` items of range text use, in order of first use
    (``order`` for the items that name none).

    >>> orderings_named("AA, top 10%, 0.5(top 20% chen)")
    ('vs1', 'chen')
    """
    found: list[str] = []
    for raw in text.split(","):
        match = _PERCENT.match(split_weight(raw.strip())[0]) if raw.strip() else None
        name = (match["order"] or order).lower() if match else None
        if name and name not in found:
            found.append(name)
    return tuple(found)


@lru_cache(maxsize=256)
def _live(rng: Range, dead: tuple[int, ...]) -> np.ndarray:
    """The indices of the combos of ``rng`` with weight > 0 that hold none of ``dead`` (read-only)."""
    live = np.flatnonzero((rng.weights > 0) & _combo_mask(dead))
    live.setflags(write=False)
    return live


RANDOM = Range("random", np.ones(len(COMBOS)))
"""Every combo with weight 1."""


def as_range(value: str | Range) -> Range:
    """A :class:`Range` as is, or range text parsed."""
    return value if isinstance(value, Range) else parse_range(value)


def weighted_combos(value: str | Range, dead: Iterable[Card | int] = ()) -> tuple[np.ndarray, np.ndarray]:
    """(combos (n, 2) card indices, weights (n,)) of range text or a :class:`Range`, less ``dead``.

    >>> cards, weights = weighted_combos("KK, 0.5(AKs)", dead=[51])
    >>> len(cards), float(weights.sum())
    (9, 7.5)
    """
    return as_range(value).weighted_combos(dead)


__all__ = [
    "preflop_order",
    "split_weight",
    "top_classes",
    "Range",
    "parse_range",
    "orderings_named",
    "RANDOM",
    "as_range",
    "weighted_combos",
]
