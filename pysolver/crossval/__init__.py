"""Cross-validation: the ASP solver and the lookup-table evaluator must agree.

:mod:`~pysolver.crossval.runner` runs the modes (random showdowns, streets,
every five-card hand, equity) in worker processes;
:mod:`~pysolver.crossval.compare` compares the engines' answers;
:mod:`~pysolver.crossval.dealer` deals random showdowns that over-sample the
rare hands; :mod:`~pysolver.crossval.explanations` checks every claim of the ASP
explanations against the evaluator.
"""

from .explanations import crossval_explanations
from .runner import CrossvalReport, crossval_equity, crossval_exhaustive, crossval_random, crossval_streets

__all__ = ["CrossvalReport", "crossval_equity", "crossval_exhaustive", "crossval_explanations", "crossval_random",
           "crossval_streets"]
