"""The home of rule books: a game's rules, loaded and checked once, for every engine.

:func:`load_rules` reads a shipped rule book by its name or your own file by its
path (plus files added to it), checks it against the contract and returns a
:class:`~pysolver.Rules`; :func:`rules_of` takes what every ``rules=`` takes. The
rule books themselves stay in the top-level ``asp/variants/``; reading a user's
files as untrusted input and grounding them is the clingo runtime's
(:mod:`pysolver.asp._rulefiles`, :mod:`pysolver.asp._runtime`), and what a rule book
may define is :mod:`~pysolver.rulebook._contract`'s.

    >>> load_rules("omaha_hi_lo").game.describe()
    '4 hole cards, a 5-card board; exactly 2 hole cards in the five; high-low split (ace-to-five, eight or better)'
"""

from ._contract import check_rule_book, defined
from ._loading import load_rules, read_fingerprint, rules_of

__all__ = ["load_rules", "rules_of", "read_fingerprint", "check_rule_book", "defined"]
