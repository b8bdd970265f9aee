"""The matchups a rule diff measures under both books: named ones, and a user's own.

A matchup is players and a board (``"AhKh vs QsQd on 7h 9h Ts"``); its equity under each book
comes from :func:`pysolver.equity`, exact where the enumeration is small, else seeded. The
named matchups are hold'em's, and a game's by its deal (hole cards, board cards).

    >>> parse_matchup("As Ks Qd 2d vs 7h 7d 3c 4d on 2c 5d 8h")
    (('As Ks Qd 2d', '7h 7d 3c 4d'), '2c 5d 8h')
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core import PokerInputError, Rules, parse_cards
from ...odds import equity
from .report import MatchupDiff

#: The matchups every diff measures: (name, players, board), each kept when both decks hold its cards.
NAMED_MATCHUPS = (
    ("suited ace-king against queens", ("AhKh", "QsQd"), ""),
    ("a flush draw against a set", ("AhKh", "7c7d"), "7h 9h Ts"),
    ("a straight-flush draw against aces", ("Th9h", "AcAd"), "8h 7h Kc"),
)

#: The matchups a game's diff measures, by the game's deal (hole cards, board cards): (name, players, board).
NAMED_GAME_MATCHUPS = {
    (4, 5): (
        ("double-suited aces against a rundown", ("Ah As Kh Ks", "9c 8d 7c 6d"), ""),
        ("a wrap against a set", ("Jh Th 9c 8c", "7s 7d Ac Kd"), "7h 6h 2c"),
    ),
    (5, 5): (("double-suited aces against a rundown", ("Ah As Kh Ks 2d", "9c 8d 7c 6d 5h"), ""),),
    (2, 5): (("suited ace-deuce against kings", ("Ah 2h", "Ks Kd"), ""),),
    (7, 0): (("a low draw against a pair of kings, fifth street", ("Ah 2d 3c 7s 8h", "Kh Kd 4c 5s 6h"), ""),),
    (5, 0): (("a one-card draw against a pat eight", ("7c 5d 4s 3h", "8c 6d 4c 3d 2s"), ""),),
}


def parse_matchup(text: str) -> tuple[tuple[str, ...], str]:
    """``"AhKh vs QsQd on 7h 9h Ts"`` as (players, board); players are hands, ranges or ``random``.

    >>> parse_matchup("AhKh vs QQ+, AKs on 7h 9h Ts")
    (('AhKh', 'QQ+, AKs'), '7h 9h Ts')
    """
    if not isinstance(text, str):
        raise PokerInputError(f"matchup {text!r}: expected text such as 'AhKh vs QsQd on 7h 9h Ts'")
    players, _, board = text.partition(" on ")
    seats = tuple(p.strip() for p in players.split(" vs "))
    if len(seats) < 2 or not all(seats):
        raise PokerInputError(
            f"matchup '{text}': players are separated by ' vs ', the board follows ' on ' "
            "(e.g. 'AhKh vs QsQd on 7h 9h Ts')"
        )
    return seats, board.strip()


def matchup_diff(name: str, players: Sequence[str], board: str, a: Rules, b: Rules, seed: int) -> MatchupDiff:
    """One matchup's equity under both books (exact where the enumeration is small, else seeded)."""
    under_a, under_b = (equity(list(players), board, rules=r, seed=seed) for r in (a, b))
    return MatchupDiff(
        name,
        tuple(players),
        board,
        (tuple(p.equity for p in under_a.players), tuple(p.equity for p in under_b.players)),
        (under_a.exact, under_b.exact),
    )


def in_both(players: Sequence[str], board: str, a: Rules, b: Rules) -> bool:
    """Both decks hold every card of a named matchup."""
    cards = [c for p in players for c in parse_cards(p)] + list(parse_cards(board))
    return all(c.rank in a.faces and c.rank in b.faces for c in cards)


__all__ = ["NAMED_MATCHUPS", "NAMED_GAME_MATCHUPS", "parse_matchup", "matchup_diff", "in_both"]
