"""The one exception family of pysolver.

Every error caused by what a caller passed in is a :class:`PokerInputError`,
which subclasses :class:`ValueError`; the subclasses say what kind of input was
wrong, and every message names the offending value::

    >>> from pysolver import parse_cards
    >>> parse_cards("Ax")
    Traceback (most recent call last):
    ...
    pysolver.InvalidCardError: invalid card 'Ax': suit must be one of c, d, h, s

The command line prints the message as one line on stderr and exits with 2.
"""

from __future__ import annotations


class PokerInputError(ValueError):
    """Base class: the input does not describe a valid poker situation."""


class InvalidCardError(PokerInputError):
    """Card text that is not a card (``'Ax'``, ``'1s'``, ``'Kz'``)."""


class DuplicateCardError(PokerInputError):
    """The same card appears twice among hole cards, board and dead cards."""


class CardCountError(PokerInputError):
    """A wrong number of cards: a hand without two cards, a board of 1, 2 or 6 cards."""


class PlayerCountError(PokerInputError):
    """Too few players, or more players than the deck can deal."""


#: Another name for :class:`PlayerCountError`.
TooManyPlayersError = PlayerCountError


class RangeError(PokerInputError):
    """Range text that cannot be read (``'AKx'``, ``'top 120%'``)."""


class RuleFileError(PokerInputError):
    """An ASP rule file that does not parse, does not ground, or breaks the rules' contract."""


class WorkerError(RuntimeError):
    """A worker process was lost (killed, or out of memory) before it finished its task.

    Not the caller's fault, so not a :class:`PokerInputError`; the message names
    the task, and nothing of it was counted.
    """


# The family is public as ``pysolver.PokerInputError`` and so on, and prints so in tracebacks.
for _error in (
    PokerInputError,
    InvalidCardError,
    DuplicateCardError,
    CardCountError,
    PlayerCountError,
    RangeError,
    RuleFileError,
    WorkerError,
):
    _error.__module__ = "pysolver"

__all__ = [
    "PokerInputError",
    "InvalidCardError",
    "DuplicateCardError",
    "CardCountError",
    "PlayerCountError",
    "TooManyPlayersError",
    "RangeError",
    "RuleFileError",
    "WorkerError",
]
