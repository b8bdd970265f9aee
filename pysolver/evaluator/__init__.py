"""The lookup-table evaluator: 5, 6 and 7 cards, one hand or numpy batches.

:mod:`~pysolver.evaluator._lookup` evaluates, :mod:`~pysolver.evaluator._shipped_tables`
builds and loads the shipped tables from :mod:`~pysolver.evaluator._reference`
(a small, obviously correct ranking), and :mod:`~pysolver.evaluator._variants`
ranks a rule variant's tables with clingo.
"""

from ._lookup import (best_five, card_keys, categories, category, describe_value, evaluate, evaluate_batch,
                     evaluate_keys, n_values, tiebreak_ranks)
from ._shipped_tables import deck_multisets, load_shipped_tables, rank_multisets
from ._variants import CACHE_KEEP, CachedTables, cache_root, cached_tables, clear_cache

__all__ = ["best_five", "card_keys", "categories", "category", "describe_value", "evaluate", "evaluate_batch",
           "evaluate_keys", "n_values", "tiebreak_ranks",
           # the tables, for the odds engine and the cross-validation; the variants' cache
           "load_shipped_tables", "rank_multisets", "deck_multisets", "CACHE_KEEP", "CachedTables", "cache_root",
           "cached_tables", "clear_cache"]
