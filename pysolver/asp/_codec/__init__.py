"""The contract between the encodings and Python: names, facts in, answers out.

Everything that crosses between ``asp/*.lp`` and Python goes through this
package, in both directions (names and facts in :mod:`~pysolver.asp._codec._facts`,
the packed numbers in :mod:`~pysolver.asp._codec._values`, what the encodings show
in :mod:`~pysolver.asp._codec._answers`):

* **names** -- faces ``two`` .. ``ace`` by rank 0..12, suits ``clubs`` ..
  ``spades`` by suit 0..3 (``suit_index/2`` of ``cards.lp``), the categories'
  snake names (:attr:`pysolver.Category.snake`), the outcomes ``win`` and ``tie``;
* **facts** -- ``hole/4`` and ``board/3`` as text (:func:`showdown_facts`) or
  through ``@``-functions (:class:`DealInput`), and the what-if input of
  ``runouts.lp`` (:func:`whatif_facts`);
* **values** -- the bit layout of ``hand_value/3`` (:func:`unpack_value`,
  :func:`tiebreak_from_value`, :func:`value_place`) and of ``best_mask/3``
  (:func:`best_cards`, :func:`best_mask_slots`), with the widths the encodings
  declare (``#const`` of ``tiebreak.lp`` and ``driver.lp``);
* **answers** -- one decoder per shown predicate: :func:`read_driver` for
  ``driver.lp``, :func:`read_explanations` for ``explain.lp``, :func:`read_atoms`
  for ``runouts.lp`` (:data:`RUNOUTS_ATOMS`) and for a rule book's ``face/1``,
  ``straight/3``, ``royal/1``, ``category_order/2`` (:data:`RULES_FACTS`); the
  winners of ``game_outcome/3`` (:func:`winners_of`) and the counts of
  ``tally/3`` (:func:`tally_counts`). :data:`SHOWN` lists what each encoding
  shows.

    >>> from pysolver import Category, Deal
    >>> showdown_facts(7, Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c"))
    'hole(7,0,ace,spades).hole(7,0,king,spades).hole(7,1,queen,hearts).hole(7,1,queen,diamonds).board(7,jack,spades).board(7,ten,spades).board(7,two,clubs).'
    >>> tiebreak_from_value(Category.TWO_PAIR, (2 << ORDER_SHIFT) | (12 << LEAD_SHIFTS[0]) | (10 << LEAD_SHIFTS[1])
    ...                                          | (1 << 11))
    (12, 10, 11)
"""

from . import _answers, _facts, _values
from ._answers import *  # noqa: F403 (the package holds the names of its three modules)
from ._facts import *  # noqa: F403
from ._values import *  # noqa: F403

# The names of the three modules, in their order: facts in, the packed values, answers out.
__all__ = _facts.__all__ + _values.__all__ + _answers.__all__
