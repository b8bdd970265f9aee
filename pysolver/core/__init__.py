"""The vocabulary: cards, deals, situations, hand categories, ranges (their grid and
orderings), rules, errors.

No clingo is imported here, and none is needed for the standard game.
"""

from ._cards import Card, format_cards, parse_board, parse_cards, parse_hole
from ._categories import Category, HandValue, describe
from ._deal import Deal
from ._errors import (CardCountError, DuplicateCardError, InvalidCardError, PlayerCountError, PokerInputError,
                     RangeError, RuleFileError)
from ._grid import GRID_CLASSES, RangeGrid, grid_cell, range_grid
from ._orderings import ORDERINGS, Ordering, ordering
from ._ranges import HAND_CLASSES, Range, parse_range
from ._rules import STANDARD, VARIANTS, Limits, Rules
from ._situation import Situation

__all__ = ["Card", "format_cards", "parse_board", "parse_cards", "parse_hole", "Category", "HandValue", "describe",
           "Deal", "CardCountError", "DuplicateCardError", "InvalidCardError", "PlayerCountError", "PokerInputError",
           "RangeError", "RuleFileError", "HAND_CLASSES", "Range", "parse_range", "GRID_CLASSES", "RangeGrid",
           "grid_cell", "range_grid", "ORDERINGS", "Ordering", "ordering", "STANDARD", "VARIANTS", "Limits", "Rules", "Situation"]
