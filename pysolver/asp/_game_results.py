"""A solved showdown of any game: the answers of ``game_driver.lp`` as results.

:func:`game_results` turns a chunk's decoded answers (:func:`~pysolver.asp._codec.read_game_driver`)
into :class:`~pysolver.asp._showdown_result.ShowdownResult` values with their pots, checking the
contract on the way: a hand for every player in every pot it must have one for, five of the
player's cards formed as the game says, winners that hold the pot's best value, shares
that follow from the winners and sum to 1.

    >>> from pysolver import load_rules
    >>> from pysolver.asp._codec import GameAnswer, PotAnswer
    >>> deal = Deal.parse(["As 2s 3d 4c 5h", "7h 5d 4h 3c 2h"], hole_cards=5)
    >>> hands = {("low", 0): PotAnswer(Category.HIGH_CARD, -4111, 31, 0),
    ...          ("low", 1): PotAnswer(Category.HIGH_CARD, -47, 31, 0)}
    >>> answer = GameAnswer(hands, {"low": [1]}, {0: (0, 1), 1: (1, 1)})
    >>> [result] = game_results([deal], [answer], load_rules("deuce_to_seven"))
    >>> [hand.description for hand in result.players], result.winners
    (['A-5-4-3-2 low', '7-5-4-3-2 low'], (1,))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from ..core import Card, Category, Deal, GameExplanation, RuleFileError, Rules, format_cards, place_rank, scale_place
from ._codec import GameAnswer, GameReasons, PotAnswer, tiebreak_from_value
from ._showdown_result import PlayerHand, PotResult, ShowdownResult, display_order


def game_results(
    deals: Sequence[Deal], answers: Sequence[GameAnswer], rules: Rules, reasons: Sequence[GameReasons] | None = None
) -> list[ShowdownResult]:
    """The results of a chunk of showdowns solved with ``game_driver.lp`` (and, with ``reasons``,
    ``game_explain.lp``: each result's ``explanation``)."""
    results = [_result(g, deal, answer, rules) for g, (deal, answer) in enumerate(zip(deals, answers))]
    if reasons is None:
        return results
    return [
        replace(result, explanation=_explanation(g, result, why, rules))
        for g, (result, why) in enumerate(zip(results, reasons))
    ]


def _explanation(g: int, result: ShowdownResult, why: GameReasons, rules: Rules) -> GameExplanation:
    """The reasons of one showdown, checked: a reason for each player without a low, none for another."""
    lows = next((pot for pot in result.pots if pot.pot == "low"), None)
    lacking = [] if lows is None or rules.game.qualifier is None else [p for p, h in enumerate(lows.hands) if h is None]
    if [p for p, _, _ in why.no_low] != lacking:
        raise RuleFileError(f"showdown {g}: the reasons for no low do not name the players without one")
    return GameExplanation(tuple(why.no_low), tuple(why.unformed), rules.game)


def scale_tiebreak(category: Category, value: int, scale: str) -> tuple[int, ...]:
    """The tie-break ranks (0 a two .. 12 an ace) that a ``five_value`` for a pot on ``scale``
    holds: a low's value is negated, and under ace-to-five its places are one up, the ace at 0.

    >>> scale_tiebreak(Category.HIGH_CARD, -55, "ace_to_five")       # 6-5-3-2-A
    (4, 3, 1, 0, 12)
    """
    places = tiebreak_from_value(category, value if scale == "high" else -value)
    return tuple(place_rank(q, scale) for q in places)


def _result(g: int, deal: Deal, answer: GameAnswer, rules: Rules) -> ShowdownResult:
    game = rules.game
    pots = []
    for pot in game.pots:
        scale = "high" if pot == "high" else str(game.low_scale)
        hands: list[PlayerHand | None] = []
        values: dict[int, int] = {}
        for p, hole in enumerate(deal.players):
            found = answer.hands.get((pot, p))
            if found is None:
                if pot == "high" or game.qualifier is None:
                    raise RuleFileError(f"showdown {g}: no {pot} hand derived for player {p} ({format_cards(hole)})")
                hands.append(None)
                continue
            values[p] = found.value
            hands.append(_hand(g, p, found, hole, deal.board, rules, scale))
        winners = tuple(sorted(answer.winners.get(pot, [])))
        best = max(values.values(), default=None)
        if winners != tuple(p for p, v in values.items() if v == best):
            raise RuleFileError(f"showdown {g}: the {pot} pot's winners {list(winners)} do not hold its best hand")
        pots.append(PotResult(pot, tuple(hands), winners))
    shares = _shares(g, answer, len(deal.players))
    played = [pot for pot in pots if pot.played]
    expected = [
        sum((Fraction(1, len(played) * len(pot.winners)) for pot in played if p in pot.winners), Fraction(0))
        for p in range(len(deal.players))
    ]
    if list(shares) != expected:
        raise RuleFileError(f"showdown {g}: the shares {[str(s) for s in shares]} do not follow from the pots' winners")
    first = pots[0].hands
    players = tuple(h for h in first if h is not None)
    if len(players) != len(first):
        raise RuleFileError(f"showdown {g}: the {pots[0].pot} pot lacks a player's hand")
    winners = tuple(p for p, share in enumerate(shares) if share)
    return ShowdownResult(deal, players, winners, rules.label, None, tuple(pots), shares)


def _shares(g: int, answer: GameAnswer, players: int) -> tuple[Fraction, ...]:
    if sorted(answer.shares) != list(range(players)) or any(d <= 0 for _, d in answer.shares.values()):
        raise RuleFileError(f"showdown {g}: no share derived for every player")
    shares = tuple(Fraction(*answer.shares[p]) for p in range(players))
    if sum(shares) != 1:
        raise RuleFileError(f"showdown {g}: the shares sum to {sum(shares)}, not 1")
    return shares


def five_cards(
    hole_mask: int, board_mask: int, hole: Sequence[Card], board: Sequence[Card]
) -> tuple[tuple[Card, ...], tuple[Card, ...]] | None:
    """The hole cards and board cards two masks of places name (each side in card order);
    None for a place past the cards.

    >>> deal = Deal.parse(["As Ks Qd 2c", "7h 7d 3c 4d"], "5c 6s 8h Jd 2d", hole_cards=4)
    >>> five_cards(0b1001, 0b00111, deal.players[0], deal.board)
    ((Card('2c'), Card('As')), (Card('2d'), Card('5c'), Card('6s')))
    """
    holes, boards = sorted(hole), sorted(board)
    if hole_mask >> len(holes) or board_mask >> len(boards):
        return None
    return (
        tuple(c for i, c in enumerate(holes) if hole_mask >> i & 1),
        tuple(c for j, c in enumerate(boards) if board_mask >> j & 1),
    )


def _hand(
    g: int, p: int, found: PotAnswer, hole: tuple[Card, ...], board: tuple[Card, ...], rules: Rules, scale: str
) -> PlayerHand:
    parts = five_cards(found.hole_mask, found.board_mask, hole, board)
    game = rules.game
    if parts is None or len(parts[0]) + len(parts[1]) != 5 or not game.hole_min <= len(parts[0]) <= game.hole_max:
        raise RuleFileError(f"showdown {g}: player {p}'s best five is not formed as the game says")
    tiebreak = scale_tiebreak(found.category, found.value, scale)
    five = parts[0] + parts[1]
    ordered = _low_order(five) if scale == "ace_to_five" else display_order(list(five), found.category, tiebreak)
    return PlayerHand(hole, found.category, ordered, tiebreak, scale)


def _low_order(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """An ace-to-five low in reading order: the biggest groups first, then high to low, an ace last."""
    ranks = [c.rank for c in cards]
    return tuple(sorted(cards, key=lambda c: (ranks.count(c.rank), scale_place(c.rank, "ace_to_five")), reverse=True))


__all__ = ["game_results", "five_cards", "scale_tiebreak"]
