"""pysolver: Texas Hold'em showdowns solved with Answer Set Programming (clingo),
beside a fast numpy lookup-table evaluator and an odds engine.

    >>> from pysolver import parse_cards, Deal
    >>> parse_cards("As Kd")
    (Card('As'), Card('Kd'))
"""

from .core.cards import Card, deck, format_cards, parse_board, parse_cards, parse_hole
from .core.categories import Category, describe
from .core.deal import MAX_PLAYERS, Deal
from .core.errors import (CardCountError, DuplicateCardError, InvalidCardError, PlayerCountError,
                     PokerInputError, RangeError, RuleFileError, TooManyPlayersError)
from .core.rules import VARIANTS, Rules
from .asp.solver import (PlayerHand, ShowdownResult, Solver, solve_batch, solve_showdown,
                     solve_streets)
from .odds.chen import chen_normalized, chen_score
from .odds.calculator import EquityResult, PlayerEquity  # the function: from pysolver.equity import equity
from .core.ranges import HAND_CLASSES, Range, parse_range
from .evaluator.lookup import (best_five, card_keys, categories, category, describe_value, evaluate,
                        evaluate_batch, evaluate_keys, n_values, tiebreak_ranks)
from .odds.strength import HandStrength, hand_strength
from .odds.potential import HandPotential, HandReport, hand_potential, hand_report
from .odds.draws import CardOutcome, OutsReport  # the function: from pysolver.outs import outs

__version__ = "0.1.0"

__all__ = [
    "Card", "deck", "format_cards", "parse_board", "parse_cards", "parse_hole",
    "Category", "describe", "MAX_PLAYERS", "Deal",
    "PokerInputError", "InvalidCardError", "DuplicateCardError", "CardCountError",
    "PlayerCountError", "TooManyPlayersError", "RangeError", "RuleFileError",
    "Rules", "VARIANTS",
    "PlayerHand", "ShowdownResult", "Solver", "solve_batch", "solve_showdown", "solve_streets",
    "chen_score", "chen_normalized", "EquityResult", "PlayerEquity",
    "HAND_CLASSES", "Range", "parse_range",
    "evaluate", "evaluate_batch", "card_keys", "evaluate_keys", "category", "categories",
    "tiebreak_ranks", "describe_value", "best_five", "n_values",
    "HandStrength", "hand_strength", "HandPotential", "HandReport", "hand_potential", "hand_report",
    "CardOutcome", "OutsReport",
]
