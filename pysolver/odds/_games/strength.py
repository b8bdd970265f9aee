"""Hand strength in any game: a hand against every holding of one opponent, pot by pot.

Hold'em's hand strength (:mod:`pysolver.odds._strength`) counts the opponent holdings a hand
is ahead of, tied with and behind. In a game with pots the hand may take all, part or none of
the pot, so here *ahead* is the holdings against which it takes the whole pot, *behind* those
against which it takes nothing, *tied* the rest (a split: a half, a quarter, three quarters),
and the strength ``hs`` is the hand's mean share of the pot (:class:`HandStrength` ``share``):
a tie is worth what it wins, not a half.

Where the board (or, without a board, the hand) already forms a five, the hands show down as
they are, against every holding the deck has left, counted; before that (Omaha preflop, a stud
hand of three cards), as hold'em does preflop: the all-in equity against one opponent, every
deal of the rest counted where :func:`~pysolver.odds.game_equity` counts, else sampled from
``seed``.

    >>> s = game_strength("Ah 3h Kd Qd", "2c 5d 8h Kc", rules="omaha_hi_lo")
    >>> s.ahead, s.tied, s.behind, round(s.hs, 4)   # every holding of the 44 cards left; the nut low
    (90317, 45434, 0, 0.8454)
"""

from __future__ import annotations

from ...core import CardsLike, PokerInputError, RulesLike, check_threads, format_cards, parse_cards
from ...rulebook import rules_of
from .._strength_counts import HandStrength
from .deals import SHARE_UNIT, Shape, count_exact
from .equity import EXACT_FIVES, game_equity
from .seats import RANDOM, read_table

NOW = "opponent holdings"
ALL_IN = "opponent holdings and deals of the rest (all-in)"


def game_strength(
    hole: CardsLike,
    board: CardsLike = (),
    *,
    rules: RulesLike,
    dead: CardsLike = (),
    opponent: str | None = None,
    threads: int | None = None,
    seed: int | None = None,
) -> HandStrength:
    """The strength of ``hole`` on ``board`` in the game of ``rules`` against one opponent:
    ``opponent`` every holding (None, ``random``) or a list of holdings with weights (see the
    module). ``threads`` count on that many threads; the figures do not depend on it."""
    rules = rules_of(rules)
    game = rules.game
    hand = format_cards(parse_cards(hole)) if not isinstance(hole, str) else hole
    other = RANDOM if opponent is None else opponent
    if not isinstance(other, str):
        raise PokerInputError(f"opponent {other!r}: 'random' or a list of holdings such as 'As Ah Kd 2c, Ks Kh Qd 3c'")
    table = read_table([hand, other], board, dead, rules)
    shape = Shape(table, rules, board_size=len(table.board))
    now = table.seats[0].to_come == 0 and (game.board_cards == 0 or bool(game.formations(len(table.board))))
    if now and shape.deals * shape.fives <= EXACT_FIVES:
        sums = count_exact(shape, check_threads(threads), None)
        ahead, behind = sums.scoops
        return HandStrength(
            ahead, sums.weight - ahead - behind, behind, over=NOW, share=sums.shares[0] / (SHARE_UNIT * sums.weight)
        )
    # before a five can be formed the all-in equity; a showdown now too large to count, sampled
    result = game_equity([hand, other], board, rules=rules, dead=dead, threads=threads, seed=seed)
    won, lost = (p.scoop * result.weight for p in result.players)
    over = NOW if now else ALL_IN
    over += "" if result.exact else f", {result.deals:,} sampled, seed {result.seed}"
    return HandStrength(won, result.weight - won - lost, lost, over=over, share=result.players[0].equity)


__all__ = ["game_strength"]
