"""The declarative engine: the clingo runtime, the codec, the solver, what-if, worker processes.

:mod:`~pysolver.asp.runtime` loads the encodings and rule books and grounds
programs; :mod:`~pysolver.asp.codec` writes facts and reads answers (the one
place that knows the encodings' names and bit layouts);
:mod:`~pysolver.asp.solver` solves showdowns, :mod:`~pysolver.asp.whatif`
every runout of a flop or turn, :mod:`~pysolver.asp.processes` runs long
batches in recycled worker processes.
"""

from .runtime import AspProgram, load_rules, rules_of
from .solver import PlayerHand, ShowdownResult, Solver, solve_batch, solve_showdown
from .whatif import Out, Runout, RunoutReport, runouts

__all__ = ["AspProgram", "load_rules", "rules_of", "PlayerHand", "ShowdownResult", "Solver", "solve_batch",
           "solve_showdown", "Out", "Runout", "RunoutReport", "runouts"]
