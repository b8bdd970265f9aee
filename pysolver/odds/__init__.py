"""The odds engine on the evaluator: equity (exact and Monte Carlo), hand strength and
potential (preflop too), outs, what a range makes on a board, and the Chen formula.

:func:`equity` checks its question, plans it and runs the plan: the planner
(``_planner``) asks every path of its registry whether it applies and what it
costs, the shipped preflop tables and the exact enumerations alike, and runs the
cheapest, or samples (``_sampling``) when exact counting is out of reach. What
every path shares -- the tally, the player, the suit symmetries -- is written once
in ``_model``. The modules are private; this package exports the public API.

    >>> equity(["AcAd", "KsKh"]).players[0].wins
    1388072
"""

from ._chen import chen_normalized, chen_score
from ._compile import compile_kernels, compile_soon, kernel_status
from ._equity import Announce, EquityResult, PlayerEquity, Progress, equity
from ._games.equity import SHARE_UNIT, GameEquity, GamePlayer, game_equity
from ._heads_up_table import HeadsUpTable, heads_up_table
from ._outs import ENGINES, CardOutcome, OutsReport, outs
from ._potential import hand_potential, hand_report
from ._potential_report import HandPotential, HandReport
from ._strength import HandStrength, hand_strength
from ._texture import texture
from ._texture_report import DRAWS, TextureReport
from ._three_way_table import ThreeWayTable, three_way_table

__all__ = [
    "compile_kernels",
    "compile_soon",
    "kernel_status",
    "EquityResult",
    "PlayerEquity",
    "Progress",
    "Announce",
    "equity",
    "GameEquity",
    "GamePlayer",
    "SHARE_UNIT",
    "game_equity",
    "HeadsUpTable",
    "heads_up_table",
    "ThreeWayTable",
    "three_way_table",
    "chen_normalized",
    "chen_score",
    "ENGINES",
    "CardOutcome",
    "OutsReport",
    "outs",
    "HandPotential",
    "HandReport",
    "hand_potential",
    "hand_report",
    "DRAWS",
    "TextureReport",
    "texture",
    "HandStrength",
    "hand_strength",
]
