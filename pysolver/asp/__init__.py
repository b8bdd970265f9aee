"""The declarative engine: the clingo runtime, the codec, the solver, what-if, worker processes.

:mod:`~pysolver.asp._runtime` loads the encodings and grounds programs under a rule
book (which :mod:`pysolver.rulebook` loads); :mod:`~pysolver.asp._codec` writes facts and reads answers (the one
place that knows the encodings' names and bit layouts);
:mod:`~pysolver.asp._solver` solves showdowns (into the results of
:mod:`~pysolver.asp._showdown_result`), :mod:`~pysolver.asp._whatif`
every runout of a flop or turn, :mod:`~pysolver.asp._processes` runs long
batches in recycled worker processes.
"""

from ._cluster import cluster_available, run_tasks, scheduler_address
from ._codec import (
    LEAD_SHIFTS,
    LEADS,
    ORDER_SHIFT,
    RULES_FACTS,
    DealInput,
    best_mask_slots,
    read_atoms,
    read_driver,
    read_game_driver,
    tiebreak_from_value,
    value_place,
)
from ._game_results import scale_tiebreak
from ._game_runouts import GameRunouts, game_runouts
from ._limited import call_limited
from ._processes import check_workers, recycled_imap
from ._rulefiles import RuleText, read_rule_book, read_rule_files, rule_statements
from ._runtime import ENCODING_FILES, GAME_FILES, OUTCOME_FILES, AspProgram, encoding_statements, encoding_text
from ._showdown_result import PlayerHand, ShowdownResult
from ._solver import Solver, solve_batch, solve_showdown
from ._whatif import Out, Runout, RunoutReport, runouts, solve_whatif, whatif_situation

__all__ = [
    "AspProgram",
    "PlayerHand",
    "ShowdownResult",
    "Solver",
    "solve_batch",
    "solve_showdown",
    "Out",
    "Runout",
    "RunoutReport",
    "runouts",
    # for the evaluator's variant tables, the odds engine and the cross-validation: the
    # encodings, the codec, worker processes and Dask clusters
    "ENCODING_FILES",
    "GAME_FILES",
    "read_game_driver",
    "scale_tiebreak",
    "encoding_text",
    "LEADS",
    "LEAD_SHIFTS",
    "ORDER_SHIFT",
    "DealInput",
    "read_driver",
    "tiebreak_from_value",
    "value_place",
    "best_mask_slots",
    "check_workers",
    "recycled_imap",
    "cluster_available",
    "run_tasks",
    "solve_whatif",
    "GameRunouts",
    "game_runouts",
    "whatif_situation",
    "read_rule_files",
    # for the rule books' loading (pysolver.rulebook): reading untrusted files, grounding them under limits
    "RuleText",
    "read_rule_book",
    "rule_statements",
    "call_limited",
    "OUTCOME_FILES",
    "encoding_statements",
    "RULES_FACTS",
    "read_atoms",
    "scheduler_address",
]
