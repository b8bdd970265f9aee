"""The declarative engine: the clingo runtime, the codec, the solver, what-if, worker processes.

:mod:`~pysolver.asp._runtime` loads the encodings and rule books and grounds
programs; :mod:`~pysolver.asp._codec` writes facts and reads answers (the one
place that knows the encodings' names and bit layouts);
:mod:`~pysolver.asp._solver` solves showdowns, :mod:`~pysolver.asp._whatif`
every runout of a flop or turn, :mod:`~pysolver.asp._processes` runs long
batches in recycled worker processes.
"""

from ._rulefiles import read_rule_files
from ._runtime import AspProgram, load_rules, rules_of
from ._solver import PlayerHand, ShowdownResult, Solver, solve_batch, solve_showdown
from ._whatif import Out, Runout, RunoutReport, runouts

__all__ = ["AspProgram", "load_rules", "rules_of", "PlayerHand", "ShowdownResult", "Solver", "solve_batch",
           "solve_showdown", "Out", "Runout", "RunoutReport", "runouts", "read_rule_files"]
