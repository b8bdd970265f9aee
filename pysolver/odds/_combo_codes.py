"""What the grouped enumeration needs of a combo, as tables over all 1,326 combos.

A combo (:data:`pysolver.core.COMBOS`) falls in one of 91 *rank groups*
(its two ranks: ``AK``, ``QQ``, ...) and, seen from one suit, in one of 364
*codes*: ``4 * group + pattern``, the pattern saying which of its cards have the
suit (bit 0 the lower rank, bit 1 the higher; for a pair, 1 if one card has
it). Everything :mod:`pysolver.odds._exact.grouped` asks of a combo depends only on its
group or its code, so it is read from these tables instead of being worked out
per call:

* per combo: :data:`COMBO_GROUP`, per suit :data:`COMBO_PATTERN`,
  :data:`COMBO_CODE` and :data:`COMBO_HELD`, and its two cards as bits
  (:data:`COMBO_BITS`);
* per group: its rank key (:data:`GROUP_KEY`) and cards per rank
  (:data:`GROUP_COUNTS`);
* per code: the cards of the suit (:data:`CODE_HELD`), their ranks as 13 bits
  (:data:`CODE_RANKS`), the cards per rank off the suit (:data:`CODE_OFF`) and
  the rank key (:data:`CODE_KEY`).

    >>> from pysolver.odds._model import combo_indices
    >>> ace_king = int(combo_indices([[51, 46]])[0])                  # AsKh
    >>> int(COMBO_GROUP[ace_king]) == 89, [int(CODE_HELD[COMBO_CODE[s, ace_king]]) for s in range(4)]
    (True, [0, 0, 1, 1])
"""

from __future__ import annotations

import numpy as np

from ..core import COMBOS
from ._hand_tables import RANK_WEIGHTS

_GROUPS = [(high, low) for high in range(13) for low in range(high + 1)]
GROUP_HIGH, GROUP_LOW = (np.array(side) for side in zip(*_GROUPS))
"""(91,) the higher and the lower rank of each rank group (0..90)."""
GROUP_OF = np.zeros((13, 13), dtype=np.int64)
"""(13, 13) the rank group of two ranks, in either order."""
GROUP_OF[GROUP_HIGH, GROUP_LOW] = GROUP_OF[GROUP_LOW, GROUP_HIGH] = np.arange(91)

_LOW, _HIGH = COMBOS[:, 0] >> 2, COMBOS[:, 1] >> 2  # the lower card first: low <= high
_SUITS = np.arange(4)[:, None]

COMBO_GROUP = GROUP_OF[_HIGH, _LOW]
"""(1326,) the rank group (0..90) of each combo."""
COMBO_BITS = (np.int64(1) << COMBOS[:, 0]) | (np.int64(1) << COMBOS[:, 1])
"""(1326,) each combo's two cards as bits of a 52-bit mask."""
_SUITED_LOW, _SUITED_HIGH = (COMBOS[:, 0] & 3) == _SUITS, (COMBOS[:, 1] & 3) == _SUITS
COMBO_PATTERN = np.where(_HIGH == _LOW, _SUITED_LOW | _SUITED_HIGH, 2 * _SUITED_HIGH + _SUITED_LOW)
"""(4, 1326) per suit, which cards of each combo have the suit: its code less 4 times its group."""
COMBO_CODE = 4 * COMBO_GROUP + COMBO_PATTERN
"""(4, 1326) per suit, the code (0..363) of each combo."""

GROUP_KEY = RANK_WEIGHTS[GROUP_HIGH] + RANK_WEIGHTS[GROUP_LOW]
"""(91,) the rank key of each group's two ranks."""
GROUP_COUNTS = (np.arange(13) == GROUP_HIGH[:, None]).astype(np.int64) + (np.arange(13) == GROUP_LOW[:, None])
"""(91, 13) the cards per rank of each group."""

_CODE_GROUP, _PATTERN = np.arange(364) >> 2, np.arange(364) & 3
_PAIR = GROUP_HIGH[_CODE_GROUP] == GROUP_LOW[_CODE_GROUP]
_ON_LOW = np.where(_PAIR, _PATTERN == 1, _PATTERN & 1).astype(np.int64)  # the cards of the suit, by rank
_ON_HIGH = np.where(_PAIR, 0, _PATTERN >> 1)
CODE_HELD = _ON_LOW + _ON_HIGH
"""(364,) how many cards of the suit a combo of each code holds (codes that no combo has: 0)."""
CODE_RANKS = (_ON_LOW << GROUP_LOW[_CODE_GROUP]) | (_ON_HIGH << GROUP_HIGH[_CODE_GROUP])
"""(364,) the ranks of those cards, as 13 bits."""
CODE_OFF = (
    GROUP_COUNTS[_CODE_GROUP]
    - _ON_LOW[:, None] * (np.arange(13) == GROUP_LOW[_CODE_GROUP][:, None])
    - _ON_HIGH[:, None] * (np.arange(13) == GROUP_HIGH[_CODE_GROUP][:, None])
)
"""(364, 13) the cards per rank not of the suit."""
CODE_KEY = GROUP_KEY[_CODE_GROUP]
"""(364,) the rank key of a combo of each code."""
COMBO_HELD = CODE_HELD[COMBO_CODE]
"""(4, 1326) per suit, how many cards of the suit each combo holds."""

for _table in (
    GROUP_HIGH,
    GROUP_LOW,
    GROUP_OF,
    COMBO_GROUP,
    COMBO_BITS,
    COMBO_PATTERN,
    COMBO_CODE,
    GROUP_KEY,
    GROUP_COUNTS,
    CODE_HELD,
    CODE_RANKS,
    CODE_OFF,
    CODE_KEY,
    COMBO_HELD,
):
    _table.setflags(write=False)

__all__ = [
    "GROUP_HIGH",
    "GROUP_LOW",
    "GROUP_OF",
    "COMBO_GROUP",
    "COMBO_BITS",
    "COMBO_PATTERN",
    "COMBO_CODE",
    "GROUP_KEY",
    "GROUP_COUNTS",
    "CODE_HELD",
    "CODE_RANKS",
    "CODE_OFF",
    "CODE_KEY",
    "COMBO_HELD",
]
