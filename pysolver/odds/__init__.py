"""The odds engine on the evaluator: equity (exact and Monte Carlo), hand strength and
potential (preflop too), outs, what a range makes on a board, and the Chen formula.

:mod:`~pysolver.odds.calculator` chooses the path: the shipped preflop table,
exact enumeration (:mod:`~pysolver.odds.enumeration`) or sampling
(:mod:`~pysolver.odds.sampling`), all on the 7-card tables of
:mod:`~pysolver.odds.hand_tables`.
"""

from .calculator import EquityResult, PlayerEquity, equity
from .chen import chen_normalized, chen_score
from .draws import CardOutcome, OutsReport, outs
from .potential import HandPotential, HandReport, hand_potential, hand_report
from .range_texture import TextureReport, texture
from .strength import HandStrength, hand_strength

__all__ = ["EquityResult", "PlayerEquity", "equity", "chen_normalized", "chen_score", "CardOutcome", "OutsReport",
           "outs", "HandPotential", "HandReport", "hand_potential", "hand_report", "TextureReport", "texture",
           "HandStrength", "hand_strength"]
