"""The lookup-table evaluator: 5, 6 and 7 cards, one hand or numpy batches.

:mod:`~pysolver.evaluator.lookup` evaluates, :mod:`~pysolver.evaluator.tables`
builds and loads the shipped tables from :mod:`~pysolver.evaluator.reference`
(a small, obviously correct ranking), and :mod:`~pysolver.evaluator.variants`
ranks a rule variant's tables with clingo.
"""

from .lookup import (best_five, card_keys, categories, category, describe_value, evaluate, evaluate_batch,
                     evaluate_keys, n_values, tiebreak_ranks)

__all__ = ["best_five", "card_keys", "categories", "category", "describe_value", "evaluate", "evaluate_batch",
           "evaluate_keys", "n_values", "tiebreak_ranks"]
