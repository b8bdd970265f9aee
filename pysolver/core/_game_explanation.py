"""Why a game's pots end as they do: the reasons ``asp/game_explain.lp`` derives, in words.

Two kinds of reason, beside the pots' winners: why a player has no low (the
board, the hand or the cards together hold too few different low ranks for the
five the game forms, or the low cards pair each other), and which better high
hand a player's cards hold that the game does not let the five take.

    >>> from pysolver import load_rules
    >>> why = GameExplanation(((1, "board", 2),), ((0, Category.FLUSH, 1),), load_rules("omaha_hi_lo").game)
    >>> print(why)
    no low for player 1: the board holds two different ranks eight or lower, and a five takes three of its cards
    player 0's cards hold a flush only as a five of one hole card; the five takes exactly two
"""

from __future__ import annotations

from dataclasses import dataclass

from ._categories import Category
from ._game import FIVE, Game
from ._hand_facts import FACES
from ._picture import lines_html

NO_LOW_REASONS = ("board", "hand", "cards", "duplicates")
"""Why a player has no low (``no_low/3`` of ``game_explain.lp``)."""
_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")
_A = {
    Category.HIGH_CARD: "high card",
    Category.PAIR: "a pair",
    Category.TWO_PAIR: "two pair",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.STRAIGHT: "a straight",
    Category.FLUSH: "a flush",
    Category.FULL_HOUSE: "a full house",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.STRAIGHT_FLUSH: "a straight flush",
    Category.ROYAL_FLUSH: "a royal flush",
}


def _word(n: int) -> str:
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


@dataclass(frozen=True)
class GameExplanation:
    """The reasons of a game's showdown: ``no_low`` (player, reason of :data:`NO_LOW_REASONS`,
    how many different low ranks) and ``unformed`` (player, a better high category the
    cards hold, the hole cards a five of it takes), said in the ``game``'s terms."""

    no_low: tuple[tuple[int, str, int], ...]
    unformed: tuple[tuple[int, Category, int], ...]
    game: Game

    def lines(self) -> list[str]:
        """One line per reason."""
        face = FACES[self.game.qualifier] if self.game.qualifier is not None else ""
        out = []
        board = [p for p, why, _ in self.no_low if why == "board"]
        for player, why, count in self.no_low:
            ranks = f"{_word(count)} different rank{'s' * (count != 1)} {face} or lower"
            if why == "board":
                reason = f"the board holds {ranks}, and a five takes {_word(FIVE - self.game.hole_max)} of its cards"
            elif why == "hand":
                reason = f"the hand holds {ranks}, and a five takes {_word(self.game.hole_min)} of its cards"
            elif why == "cards":
                reason = f"hand and board hold {ranks} in all, and a low takes five"
            else:
                reason = "the low cards pair each other: no five the game forms holds five different low ranks"
            if why != "board" or len(board) == 1:
                out.append(f"no low for player {player}: {reason}")
            elif player == board[0]:  # the same board for every player
                out.append(f"no low for players {', '.join(map(str, board[:-1]))} and {board[-1]}: {reason}")
        low, high = self.game.hole_min, self.game.hole_max
        takes = f"exactly {_word(low)}" if low == high else f"{_word(low)} to {_word(high)}"
        for player, category, hole in self.unformed:
            out.append(
                f"player {player}'s cards hold {_A[category]} only as a five of {_word(hole)} hole "
                f"card{'s' * (hole != 1)}; the five takes {takes}"
            )
        return out

    def to_dict(self) -> dict:
        return {
            "reasons": self.lines(),
            "no_low": [{"player": p, "why": why, "low_ranks": n} for p, why, n in self.no_low],
            "unformed": [{"player": p, "category": c.snake, "hole_cards": k} for p, c, k in self.unformed],
        }

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        """In a notebook: the lines, one item each."""
        return lines_html(self.lines())


__all__ = ["GameExplanation", "NO_LOW_REASONS"]
