"""A solved showdown: each player's best hand and the winners, read from the solver's answer.

:class:`ShowdownResult` and :class:`PlayerHand` are what :mod:`pysolver.asp._solver`
returns; :func:`showdown_results` turns a chunk's decoded answers into them, checking the
contract between the encodings and Python on the way (a rule file may break it): a hand
for every player, a best five of the player's cards, one outcome, and with ``explain``
a verdict for every two players and a role for every card.

    >>> hand = PlayerHand((Card.parse("As"), Card.parse("Ks")), Category.PAIR, (), (10, 12, 11, 9))
    >>> hand.description, hand.key
    ('Pair of Queens, Ace-King-Jack kickers', (1, 10, 12, 11, 9))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from operator import attrgetter

from ..core import (
    Card,
    Category,
    Deal,
    Explanation,
    GameExplanation,
    HandRoles,
    RuleFileError,
    Rules,
    cards_html,
    describe,
    describe_low,
    format_cards,
    table_html,
)
from ._codec import ExplainAnswer, ShowdownAnswer, best_cards, tiebreak_from_value, winners_of

_STRAIGHTS = (Category.STRAIGHT, Category.STRAIGHT_FLUSH)
_DISTINCT_RANKS = frozenset(
    (Category.HIGH_CARD, Category.STRAIGHT, Category.FLUSH, Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH)
)
_INDEX = attrgetter("index")


@dataclass(frozen=True, slots=True)
class PlayerHand:
    """One player's best hand for a pot: category, five cards (two preflop in hold'em),
    tie-break ranks (0 a two .. 12 an ace), and the ``scale`` it is ranked on: ``'high'``,
    or a low's ``'ace_to_five'`` or ``'deuce_to_seven'`` (lower wins; the ranks are listed
    from the worst card down, an ace last where it plays low)."""

    hole: tuple[Card, ...]
    category: Category
    best_five: tuple[Card, ...]
    tiebreak: tuple[int, ...]
    scale: str = "high"

    @property
    def description(self) -> str:
        """The hand as a player says it: ``'Full house, Kings full of Sevens'``, ``'8-6-4-3-A low'``."""
        if self.scale == "high":
            return describe(self.category, self.tiebreak)
        return describe_low(self.category, self.tiebreak)

    @property
    def key(self) -> tuple[int, ...]:
        """Compares high hands: higher is better, equal keys tie."""
        return (int(self.category),) + self.tiebreak


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot of a showdown: each player's best hand for it (None where no hand of the player's
    plays for it: no low qualifies) and its winners, an empty tuple when nobody plays for it."""

    pot: str
    hands: tuple[PlayerHand | None, ...]
    winners: tuple[int, ...]

    @property
    def played(self) -> bool:
        """Some hand plays for the pot (a low pot is not played when no low qualifies)."""
        return bool(self.winners)

    def to_dict(self) -> dict:
        """``{"pot": "low", "winners": [...], "hands": [...]}``, a hand ``null`` where none plays."""
        return {
            "pot": self.pot,
            "winners": list(self.winners),
            "hands": [None if h is None else _hand_dict(h) for h in self.hands],
        }


def _hand_dict(hand: PlayerHand) -> dict:
    return {
        "category": hand.category.snake,
        "best_five": [str(c) for c in hand.best_five],
        "tiebreak": list(hand.tiebreak),
        "description": hand.description,
    }


@dataclass(frozen=True, slots=True)
class ShowdownResult:
    """The solved showdown: each player's hand and the winners (numbered from 0, as the
    players are given); two or more winners tie and split the pot. ``explanation`` says
    why, when it was asked for (``explain=True``).

    ``pots`` are the game's pots (hold'em: one high pot; a split game: high, then low),
    each with every player's best hand for it and its winners; ``players`` are the hands
    of the first pot; ``shares`` each player's fraction of the whole pot (they sum to 1),
    and ``winners`` the players with a share."""

    deal: Deal
    players: tuple[PlayerHand, ...]
    winners: tuple[int, ...]
    rules: str = "standard"
    explanation: Explanation | GameExplanation | None = None
    pots: tuple[PotResult, ...] = ()
    shares: tuple[Fraction, ...] = ()

    @property
    def board(self) -> tuple[Card, ...]:
        return self.deal.board

    @property
    def is_tie(self) -> bool:
        """True when two or more players share the pot."""
        return len(self.winners) > 1

    @property
    def outcome(self) -> str:
        """``'win'`` (one player takes the whole pot), ``'tie'`` (one pot, split) or ``'split'``
        (the pots of a split game go to different players)."""
        if not self.is_tie:
            return "win"
        return "tie" if sum(p.played for p in self.pots) <= 1 else "split"

    @property
    def has_low(self) -> bool:
        """The game has a low pot: results show each pot apart, with the shares."""
        return any(pot.pot == "low" for pot in self.pots)

    @property
    def street(self) -> str:
        return self.deal.street

    def to_dict(self) -> dict:
        """What ``pysolver showdown --json`` prints (``--explain``: with ``"explanation"``)."""
        out: dict[str, object] = {
            "rules": self.rules,
            "street": self.street,
            "board": [str(c) for c in self.board],
            "players": [
                {"player": i, "hole": [str(c) for c in p.hole], **_hand_dict(p), "share": float(share)}
                for i, (p, share) in enumerate(zip(self.players, self.shares))
            ],
            "winners": list(self.winners),
            "outcome": self.outcome,
            "pots": [pot.to_dict() for pot in self.pots],
        }
        if self.explanation is not None:
            out["explanation"] = self.explanation.to_dict()
        return out

    def __str__(self) -> str:
        if self.has_low:
            return self._pots_text()
        lines = [f"board {format_cards(self.board) or '(preflop)'}"]
        for i, p in enumerate(self.players):
            lines.append(f"player {i}: {format_cards(p.hole)}  best five {format_cards(p.best_five)}  {p.description}")
        if self.is_tie:
            lines.append(f"tie: players {', '.join(map(str, self.winners))} split the pot")
        else:
            lines.append(f"win: player {self.winners[0]}")
        if self.explanation is not None:
            lines += self.explanation.lines()
        return "\n".join(lines)

    def _pots_text(self) -> str:
        """The showdown of a game with a low pot: each pot's hands and winners, then the shares."""
        lines = [f"board {format_cards(self.board)}" if self.board else f"{self.rules}: no board"]
        lines += [f"player {i}: {format_cards(hole)}" for i, hole in enumerate(self.deal.players)]
        for pot in self.pots:
            lines.append(f"{pot.pot}:")
            for i, hand in enumerate(pot.hands):
                text = "no low" if hand is None else f"{format_cards(hand.best_five)}  {hand.description}"
                lines.append(f"  player {i}: {text}")
            if pot.played:
                who = " and ".join(f"player {w}" for w in pot.winners)
                lines.append(f"  {who} {'split' if len(pot.winners) > 1 else 'wins'} the {pot.pot}")
            else:
                lines.append("  no low qualifies: the high takes the whole pot")
        if not self.is_tie:
            lines.append(f"player {self.winners[0]} takes the whole pot")
        else:
            lines.append("shares: " + ", ".join(f"player {i} {s}" for i, s in enumerate(self.shares) if s))
        if self.explanation is not None:
            lines += self.explanation.lines()
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """In a notebook: each player's cards with the best five highlighted, the hand's name, the
        winners in bold, and why (with ``explain=True``), as the web app shows them; a game with a
        low pot shows each pot's hands, and each player's share."""
        if self.has_low:
            return self._pots_html()
        rows = [
            [f"player {i}", cards_html(p.hole + self.board, p.best_five), p.description]
            for i, p in enumerate(self.players)
        ]
        out = f"<p>{cards_html(self.board) or '(preflop)'}</p>" + table_html(["", "cards", "hand"], rows, self.winners)
        who = " and ".join(f"player {w}" for w in self.winners)
        out += f"<p><strong>{who} {'split the pot' if self.is_tie else 'wins'}</strong></p>"
        if self.explanation is not None:
            out += self.explanation._repr_html_()
        return out

    def _pots_html(self) -> str:
        out = f"<p>{cards_html(self.board)}</p>" if self.board else ""
        for pot in self.pots:
            rows = [
                [
                    f"player {i}",
                    cards_html(self.deal.players[i] + self.board, () if hand is None else hand.best_five),
                    "no low" if hand is None else hand.description,
                ]
                for i, hand in enumerate(pot.hands)
            ]
            out += f"<p>{pot.pot}</p>" + table_html(["", "cards", "hand"], rows, pot.winners)
        shares = ", ".join(f"player {i} {share}" for i, share in enumerate(self.shares) if share)
        out += f"<p><strong>shares: {shares}</strong></p>"
        if self.explanation is not None:
            out += self.explanation._repr_html_()
        return out


def display_order(cards: list[Card], category: Category, tiebreak: tuple[int, ...]) -> tuple[Card, ...]:
    """Best five in reading order: biggest groups first, high to low; a wheel's ace last."""
    # index = 4 * rank + suit, so ordering by index orders by rank, then suit
    if category in _DISTINCT_RANKS:
        ordered = sorted(cards, key=_INDEX, reverse=True)
    else:
        ranks = [c.index >> 2 for c in cards]
        ordered = sorted(cards, key=lambda c: (ranks.count(c.index >> 2), c.index), reverse=True)
    if category in _STRAIGHTS and ordered[0].index >> 2 == 12 and tiebreak[0] != 12:
        ordered = ordered[1:] + ordered[:1]
    return tuple(ordered)


#: A chunk's answers: each showdown's, and the reasons when they were asked for.
ChunkAnswer = tuple[list[ShowdownAnswer], list[ExplainAnswer] | None]


def showdown_results(deals: Sequence[Deal], chunk: ChunkAnswer, rules: Rules) -> list[ShowdownResult]:
    answers, whys = chunk
    return [
        _result(g, deal, *answer, rules, whys[g] if whys else None)
        for g, (deal, answer) in enumerate(zip(deals, answers))
    ]


def _result(
    g: int, deal: Deal, hands: dict, wins: dict[int, str], rules: Rules, why: ExplainAnswer | None = None
) -> ShowdownResult:
    """One showdown's answer as a result, checking the contract (a rule file may break it)."""
    size = min(5, 2 + len(deal.board))
    players = []
    for p, hole in enumerate(deal.players):
        if p not in hands:
            raise RuleFileError(f"showdown {g}: no hand derived for player {p} ({format_cards(hole)})")
        hand = hands[p]
        cards = best_cards(hand.mask, hole, deal.board)
        if cards is None or len(cards) != size:
            raise RuleFileError(f"showdown {g}: player {p}'s best hand is not {size} of the player's cards")
        tiebreak = tiebreak_from_value(hand.category, hand.value)
        players.append(PlayerHand(hole, hand.category, display_order(cards, hand.category, tiebreak), tiebreak))
    winners = winners_of(wins)
    if winners is None:
        raise RuleFileError(f"showdown {g}: inconsistent outcome {sorted(wins.items())}")
    explanation = None if why is None else _explanation(g, deal, players, winners, why, rules)
    pots = (PotResult("high", tuple(players), winners),)
    shares = tuple(Fraction(p in winners, len(winners)) for p in range(len(players)))
    return ShowdownResult(deal, tuple(players), winners, rules.label, explanation, pots, shares)


def _explanation(
    g: int, deal: Deal, players: list[PlayerHand], winners: tuple[int, ...], why: ExplainAnswer, rules: Rules
) -> Explanation:
    """The reasons of one showdown, checked: one verdict for every two players, a role for
    each card of the best five, and every other card of the player's idle."""
    verdicts = why.verdict_values()
    pairs = sorted(tuple(sorted(v.players)) for v in verdicts)
    if pairs != [(p, q) for p in range(len(players)) for q in range(p + 1, len(players))]:
        raise RuleFileError(
            f"showdown {g}: the explanation does not compare every two players once "
            "(a rule file changes the hands' order without its reasons)"
        )
    roles = []
    for p, hand in enumerate(players):
        played, idle = why.roles.get(p, {}), why.idle.get(p, [])
        cards = {c.index for c in deal.players[p] + deal.board}
        if set(played) != {c.index for c in hand.best_five} or set(idle) != cards - set(played):
            raise RuleFileError(f"showdown {g}: player {p}'s explanation does not match the best five cards")
        roles.append(
            HandRoles(
                tuple((c, played[c.index]) for c in hand.best_five),
                tuple(Card(i) for i in sorted(idle, reverse=True)),
                p in why.board_players,
            )
        )
    return Explanation(
        tuple((p.category, p.tiebreak) for p in players), winners, tuple(verdicts), tuple(roles), rules.straights
    )


__all__ = ["PlayerHand", "PotResult", "ShowdownResult", "ChunkAnswer", "showdown_results", "display_order"]
