"""Cross-validation: the ASP solver and the lookup-table evaluator must agree.

:mod:`~pysolver.crossval._modes` runs the modes (random showdowns, streets,
every five-card hand, equity) in worker processes;
:mod:`~pysolver.crossval._compare` compares the engines' answers;
:mod:`~pysolver.crossval._dealer` deals random showdowns that over-sample the
rare hands; :mod:`~pysolver.crossval._explanations` checks every claim of the ASP
explanations against the evaluator. :mod:`~pysolver.crossval._conform.check` turns the
check outward: it judges anyone's hand evaluator against the rule book, and
:mod:`~pysolver.crossval._conform.vectors` writes its hands with the rules' answers as data.
"""

from ._conform.check import check_evaluator
from ._conform.equity_check import EquityReport, check_equity
from ._conform.equity_spots import EquitySpot, equity_spots
from ._conform.report import ConformReport
from ._conform.vectors import VECTORS_VERSION, VectorExport, export_vectors
from ._evaluators import Evaluator
from ._explanations import crossval_explanations
from ._modes import (
    EXHAUSTIVE_CHUNKS,
    CrossvalReport,
    crossval_equity,
    crossval_exhaustive,
    crossval_random,
    crossval_streets,
)
from ._rulediff.diff import category_counts, describe_rules, rule_diff
from ._seven_card import CANONICAL_TASKS, SAMPLE_HANDS, SEVEN_TASKS

__all__ = [
    "CrossvalReport",
    "crossval_equity",
    "crossval_exhaustive",
    "crossval_explanations",
    "crossval_random",
    "crossval_streets",
    "category_counts",
    "describe_rules",
    "rule_diff",
    "EXHAUSTIVE_CHUNKS",
    "SEVEN_TASKS",
    "CANONICAL_TASKS",
    "SAMPLE_HANDS",
    "check_evaluator",
    "check_equity",
    "EquityReport",
    "EquitySpot",
    "equity_spots",
    "ConformReport",
    "Evaluator",
    "export_vectors",
    "VectorExport",
    "VECTORS_VERSION",
]
