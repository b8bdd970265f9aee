"""pysolver: Texas Hold'em showdowns solved with Answer Set Programming (clingo),
beside a fast numpy lookup-table evaluator and an odds engine.

Everything a player or a rule experimenter reaches for is here; specialist API
lives in the engines' subpackages, each with its ``__all__``:
:mod:`pysolver.core` (cards, deals, categories, ranges, rules, errors),
:mod:`pysolver.asp` (the clingo runtime, the codec, the solver, what-if),
:mod:`pysolver.evaluator` (lookup tables), :mod:`pysolver.odds` (equity,
strength, potential, outs, board texture, Chen) and :mod:`pysolver.crossval`.

    >>> from pysolver import solve_showdown, equity
    >>> solve_showdown(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d").winners
    (1,)
    >>> round(equity(["AcAd", "KsKh"]).players[0].equity, 4)
    0.8126
"""

__version__ = "0.2.0"

from .asp import Solver, runouts, solve_showdown
from .core import (
    VARIANTS,
    Card,
    CardCountError,
    Category,
    Deal,
    DuplicateCardError,
    InvalidCardError,
    PlayerCountError,
    PokerInputError,
    Range,
    RangeError,
    RuleFileError,
    Rules,
    Situation,
    describe,
    format_cards,
    parse_cards,
    parse_range,
)
from .crossval import check_evaluator, crossval_equity, crossval_exhaustive, crossval_random, crossval_streets
from .evaluator import best_five, describe_value, evaluate, evaluate_batch
from .odds import chen_score, equity, game_equity, hand_potential, hand_report, hand_strength, outs, texture
from .rulebook import load_rules

__all__ = [
    "__version__",
    "Card",
    "parse_cards",
    "format_cards",
    "Deal",
    "Category",
    "describe",
    "Range",
    "parse_range",
    "Situation",
    "Rules",
    "load_rules",
    "VARIANTS",
    "PokerInputError",
    "InvalidCardError",
    "DuplicateCardError",
    "CardCountError",
    "PlayerCountError",
    "RangeError",
    "RuleFileError",
    "Solver",
    "solve_showdown",
    "runouts",
    "evaluate",
    "evaluate_batch",
    "describe_value",
    "best_five",
    "equity",
    "game_equity",
    "hand_strength",
    "hand_potential",
    "hand_report",
    "outs",
    "texture",
    "chen_score",
    "crossval_random",
    "crossval_streets",
    "crossval_exhaustive",
    "crossval_equity",
    "check_evaluator",
]
