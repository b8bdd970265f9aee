"""Why a showdown ends as it does, in the words a player would use.

The ASP encodings derive the reasons (``asp/explain.lp``): for every two
players, what puts one hand above the other -- the category, or the first
tie-break rank where they differ (which lead or which kicker) -- or why they
tie (the board plays for both, or the same ranks); and for each player, what
each card of the best five plays as and which cards do not play. This module
holds those reasons as values and says them:

    >>> queens, ace_king = (Category.PAIR, (10, 9, 8, 5)), (Category.HIGH_CARD, (12, 11, 9, 8, 5))
    >>> say(Verdict((1, 0), "category", values=(Category.PAIR, Category.HIGH_CARD)), [ace_king, queens])
    'Queens beat Ace-King high: pair over high card'
    >>> two_pair = Category.TWO_PAIR
    >>> say(Verdict((0, 1), "kicker", 0, (10, 9)), [(two_pair, (12, 11, 10)), (two_pair, (12, 11, 9))])
    'both have two pair, Aces and Kings: the kicker decides, Queen over Jack'

The words follow the rules' own data: a straight is named by its run in the
rules (``Ace to Five``, or ``Ace to Nine`` in a short deck), and which
category is above which is the rules' order, decided by the encodings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ._cards import RANK_NAMES, RANK_PLURALS, Card, format_cards
from ._categories import Category
from ._picture import lines_html

ROLES = (
    "quads",
    "trips",
    "high_pair",
    "low_pair",
    "pair",
    "royal_flush",
    "straight_flush",
    "run",
    "flush",
    "high_card",
    "kicker",
)
"""What a card of the best five plays as (``plays_as/5`` of ``explain.lp``), in reading order."""
#: What decides between two hands: the category, a lead, a kicker; or nothing, a tie.
DECIDERS = ("category", "lead", "kicker", "tie")
TIE_REASONS = ("board_plays", "same_ranks")
"""Why two hands tie: the board is the best hand of both, or both make the same ranks."""

Hand = tuple[Category, tuple[int, ...]]
"""A player's hand as the words need it: its category and tie-break ranks."""

_C = Category
_PLURAL_NAMES = frozenset((_C.PAIR, _C.TWO_PAIR, _C.THREE_OF_A_KIND, _C.FULL_HOUSE, _C.FOUR_OF_A_KIND))
_A_CATEGORY = {
    _C.HIGH_CARD: "high card",
    _C.PAIR: "a pair",
    _C.TWO_PAIR: "two pair",
    _C.THREE_OF_A_KIND: "three of a kind",
    _C.STRAIGHT: "a straight",
    _C.FLUSH: "a flush",
    _C.FULL_HOUSE: "a full house",
    _C.FOUR_OF_A_KIND: "four of a kind",
    _C.STRAIGHT_FLUSH: "a straight flush",
    _C.ROYAL_FLUSH: "a royal flush",
}
_LEAD_WORDS = {
    (_C.PAIR, 0): "the pair decides",
    (_C.TWO_PAIR, 0): "the high pair decides",
    (_C.TWO_PAIR, 1): "the low pair decides",
    (_C.THREE_OF_A_KIND, 0): "the trips decide",
    (_C.FULL_HOUSE, 0): "the trips decide",
    (_C.FULL_HOUSE, 1): "the pair decides",
    (_C.FOUR_OF_A_KIND, 0): "the quads decide",
}
_ROLE_WORDS = {
    "high_pair": "high pair",
    "low_pair": "low pair",
    "straight_flush": "straight flush",
    "royal_flush": "royal flush",
    "run": "straight",
    "high_card": "high card",
}
_ORDINALS = ("first", "second", "third", "fourth", "fifth")
_STANDARD_RUNS = ((12, 0, 1, 2, 3),) + tuple(tuple(range(top - 4, top + 1)) for top in range(4, 13))


@dataclass(frozen=True, slots=True)
class Verdict:
    """How two players' hands compare (``beats_on/6`` or ``ties_on/4`` of ``explain.lp``).

    ``players`` is the better hand's player first (a tie: the lower number first);
    ``decided_by`` is ``'category'``, ``'lead'``, ``'kicker'`` or ``'tie'``;
    ``index`` which lead or kicker (0 first); ``values`` the better and the worse
    hand's categories (``'category'``) or ranks (a lead or a kicker); ``why`` a
    tie's reason, ``'board_plays'`` or ``'same_ranks'``.
    """

    players: tuple[int, int]
    decided_by: str
    index: int = 0
    values: tuple = ()
    why: str = ""

    @property
    def is_tie(self) -> bool:
        return self.decided_by == "tie"

    def to_dict(self) -> dict:
        out: dict = {"players": list(self.players), "outcome": "tie" if self.is_tie else "win"}
        if self.is_tie:
            out["why"] = self.why
        else:
            out["decided_by"] = self.decided_by
            if self.decided_by == "category":
                out["categories"] = [c.snake for c in self.values]
            else:
                out["index"], out["ranks"] = self.index, list(self.values)
        return out


@dataclass(frozen=True, slots=True)
class HandRoles:
    """What each card of a player's best five plays as, the cards that do not play, and
    whether the player plays the board (the board is the player's best hand)."""

    plays: tuple[tuple[Card, str], ...]
    idle: tuple[Card, ...]
    plays_the_board: bool = False

    def to_dict(self) -> dict:
        return {
            "plays": [{"card": str(card), "role": role} for card, role in self.plays],
            "does_not_play": [str(card) for card in self.idle],
            "plays_the_board": self.plays_the_board,
        }

    def __str__(self) -> str:
        groups: dict[str, list[Card]] = {}
        for card, role in self.plays:
            groups.setdefault(role, []).append(card)
        parts = [
            f"{_ROLE_WORDS.get(role, role)}{'s' * (role == 'kicker' and len(cards) > 1)} {format_cards(cards)}"
            for role, cards in groups.items()
        ]
        text = ("the board, " if self.plays_the_board else "") + ", ".join(parts)
        return text + (f"; {format_cards(self.idle)} do{'es' * (len(self.idle) == 1)} not play" if self.idle else "")


def _a(word: str) -> str:
    return f"{'an' if word[0] in 'AEIOU' else 'a'} {word}"


def _joined(ranks: Sequence[int]) -> str:
    return "-".join(RANK_NAMES[r] for r in ranks)


def run_name(top: int, straights: Sequence[Sequence[int]] = _STANDARD_RUNS) -> str:
    """A straight by its run in the rules: ``'Ten to Ace'``, the wheel ``'Ace to Five'``.

    >>> run_name(3)
    'Ace to Five'
    """
    low = next((run[0] for run in straights if run[-1] == top), None)
    return f"{RANK_NAMES[low]} to {RANK_NAMES[top]}" if low is not None else f"{RANK_NAMES[top]} high"


def short_name(hand: Hand) -> str:
    """A hand as a player names it when the category decides: ``'Queens'``, ``'Ace-King high'``.

    >>> short_name((Category.FULL_HOUSE, (11, 5))), short_name((Category.FLUSH, (12, 9, 7, 4, 2)))
    ('Kings full of Sevens', 'an Ace-high flush')
    """
    category, r = hand
    plural = [RANK_PLURALS[x] for x in r[:2]]
    if category is _C.HIGH_CARD:
        return f"{_joined(r[:2])} high"
    if category in (_C.STRAIGHT, _C.FLUSH, _C.STRAIGHT_FLUSH):
        return _a(f"{RANK_NAMES[r[0]]}-high {category.label.lower()}")
    if category is _C.PAIR:
        return plural[0]
    if category is _C.TWO_PAIR:
        return f"{plural[0]} and {plural[1]}"
    if category is _C.FULL_HOUSE:
        return f"{plural[0]} full of {plural[1]}"
    if category in (_C.THREE_OF_A_KIND, _C.FOUR_OF_A_KIND):
        return f"{'three' if category is _C.THREE_OF_A_KIND else 'four'} {plural[0]}"
    return "a royal flush"


def long_name(hand: Hand, straights: Sequence[Sequence[int]] = _STANDARD_RUNS) -> str:
    """A whole hand in words, every rank of it: ``'a straight, Ten to Ace'``,
    ``'a pair of Queens, Jack-Ten-Seven kickers'``."""
    category, r = hand
    kickers = {_C.PAIR: r[1:], _C.TWO_PAIR: r[2:], _C.THREE_OF_A_KIND: r[1:], _C.FOUR_OF_A_KIND: r[1:]}.get(
        category, ()
    )
    tail = f", {_joined(kickers)} kicker{'s' * (len(kickers) > 1)}" if kickers else ""
    if category in (_C.STRAIGHT, _C.STRAIGHT_FLUSH):
        return f"{_A_CATEGORY[category]}, {run_name(r[0], straights)}"
    if category is _C.FLUSH:
        return f"a flush, {_joined(r)}"
    if category is _C.HIGH_CARD:
        return f"{_joined(r)} high"
    if category is _C.PAIR:
        return f"a pair of {RANK_PLURALS[r[0]]}{tail}"
    if category is _C.TWO_PAIR:
        return f"two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}{tail}"
    if category is _C.FULL_HOUSE:
        return f"a full house, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    if category in (_C.THREE_OF_A_KIND, _C.FOUR_OF_A_KIND):
        return f"{'three' if category is _C.THREE_OF_A_KIND else 'four'} {RANK_PLURALS[r[0]]}{tail}"
    return "a royal flush"


def _shared(category: Category, decided_by: str, index: int, ranks: Sequence[int]) -> str:
    """What both hands have, up to the element that decides."""
    plural = [RANK_PLURALS[x] for x in ranks]
    if (decided_by == "lead" and index == 0) or (
        decided_by == "kicker" and index == 0 and category in (_C.FLUSH, _C.HIGH_CARD)
    ):
        return _A_CATEGORY[category]
    if decided_by == "lead":
        return {_C.TWO_PAIR: f"two pair, {plural[0]} up", _C.FULL_HOUSE: f"a full house, {plural[0]} full"}.get(
            category, _A_CATEGORY[category]
        )
    if category is _C.FLUSH:
        return f"a flush, {_joined(ranks[:index])} high"
    if category is _C.HIGH_CARD:
        return f"{_joined(ranks[:index])} high"
    return {
        _C.PAIR: f"a pair of {plural[0]}",
        _C.TWO_PAIR: f"two pair, {plural[0]} and {plural[1]}",
        _C.THREE_OF_A_KIND: f"three {plural[0]}",
        _C.FOUR_OF_A_KIND: f"four {plural[0]}",
    }.get(category, _A_CATEGORY[category])


def _element(category: Category, decided_by: str, index: int, kickers: int) -> str:
    """The element that decides, as a player says it: ``'the kicker decides'``."""
    if decided_by == "lead":
        if category in (_C.STRAIGHT, _C.STRAIGHT_FLUSH):
            return "the higher run decides"
        return _LEAD_WORDS.get((category, index), f"lead {index + 1} decides")
    if category is _C.FLUSH:
        return "the top card decides" if index == 0 else f"the {_ORDINALS[index]} card decides"
    if category is _C.HIGH_CARD:
        return "the high card decides" if index == 0 else f"the {_ORDINALS[index - 1]} kicker decides"
    return "the kicker decides" if kickers == 1 else f"the {_ORDINALS[min(index, 4)]} kicker decides"


def say(
    verdict: Verdict,
    hands: Sequence[Hand],
    straights: Sequence[Sequence[int]] = _STANDARD_RUNS,
    tied: int = 2,
    cards: int = 5,
) -> str:
    """A verdict in a player's words; ``hands[p]`` is player ``p``'s hand, ``tied`` how many
    players share a tie, ``cards`` how many cards a hand plays (two before the flop)."""
    better, worse = (hands[p] for p in verdict.players)
    if verdict.is_tie:
        who = "both" if tied == 2 else f"all {('three', 'four', 'five')[tied - 3] if tied <= 5 else tied}"
        if verdict.why == "board_plays":
            return f"the board plays: {long_name(better, straights)}, for {who}"
        return f"{who} have {long_name(better, straights)}: the same {'two' if cards == 2 else 'five'} ranks"
    if verdict.decided_by == "category":
        name = short_name(better)
        verb = "beat" if better[0] in _PLURAL_NAMES else "beats"
        over = f"{better[0].label.lower()} over {worse[0].label.lower()}"
        return f"{name[0].upper()}{name[1:]} {verb} {short_name(worse)}: {over}"
    category, ranks = better
    kickers = {_C.TWO_PAIR: 1, _C.FOUR_OF_A_KIND: 1}.get(category, 0)
    high, low = verdict.values
    if verdict.decided_by == "lead" and category in (_C.STRAIGHT, _C.STRAIGHT_FLUSH):
        values = f"{run_name(high, straights)} over {run_name(low, straights)}"
    elif verdict.decided_by == "lead":
        values = f"{RANK_PLURALS[high]} over {RANK_PLURALS[low]}"
    else:
        values = f"{RANK_NAMES[high]} over {RANK_NAMES[low]}"
    shared = _shared(category, verdict.decided_by, verdict.index, ranks)
    return f"both have {shared}: {_element(category, verdict.decided_by, verdict.index, kickers)}, {values}"


@dataclass(frozen=True)
class Explanation:
    """Why a showdown ends as it does: a :class:`Verdict` for every two players, and each
    player's :class:`HandRoles`. ``hands`` are the players' (category, tie-break ranks),
    ``straights`` the rules' runs (to name a straight)."""

    hands: tuple[Hand, ...]
    winners: tuple[int, ...]
    verdicts: tuple[Verdict, ...]
    roles: tuple[HandRoles, ...]
    straights: tuple[tuple[int, ...], ...] = field(default=_STANDARD_RUNS, repr=False)

    def verdict(self, p: int, q: int) -> Verdict:
        """The verdict between players ``p`` and ``q``, whichever is better."""
        return next(v for v in self.verdicts if set(v.players) == {p, q})

    def say(self, verdict: Verdict, tied: int = 2) -> str:
        """A verdict in a player's words (a tie shared by ``tied`` players)."""
        return say(verdict, self.hands, self.straights, tied, len(self.roles[verdict.players[0]].plays))

    def reasons(self) -> list[tuple[Verdict, str]]:
        """What the text says: the first winner against every other player, then the tie
        among the winners (one verdict for all of them)."""
        first = self.winners[0]
        out = [
            (v, self.say(v)) for v in (self.verdict(first, q) for q in range(len(self.hands)) if q not in self.winners)
        ]
        if len(self.winners) > 1:
            tie = self.verdict(first, self.winners[1])
            out.insert(0, (tie, self.say(tie, len(self.winners))))
        return out

    def lines(self) -> list[str]:
        """The explanation as printed: one line per reason, then one per player's cards."""
        return self.verdict_lines() + [f"player {p} plays {roles}" for p, roles in enumerate(self.roles)]

    def verdict_lines(self) -> list[str]:
        """One line per reason, saying who beats whom (or who ties)."""
        out = []
        for verdict, sentence in self.reasons():
            if verdict.is_tie:
                names = [str(p) for p in self.winners]
                who = f"players {', '.join(names[:-1])} and {names[-1]}"
                out.append(f"{who} tie: {sentence}")
            else:
                out.append(f"player {verdict.players[0]} beats player {verdict.players[1]}: {sentence}")
        return out

    def to_dict(self) -> dict:
        return {
            "reasons": [s for _, s in self.reasons()],
            "pairs": [dict(v.to_dict(), sentence=self.say(v)) for v in self.verdicts],
            "players": [dict(player=p, **roles.to_dict()) for p, roles in enumerate(self.roles)],
        }

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        """In a notebook: the lines, one item each."""
        return lines_html(self.lines())


__all__ = [
    "ROLES",
    "DECIDERS",
    "TIE_REASONS",
    "Hand",
    "Verdict",
    "HandRoles",
    "Explanation",
    "run_name",
    "short_name",
    "long_name",
    "say",
]
