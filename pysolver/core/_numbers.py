"""Checks of the numbers a caller passes: counts, seeds, fractions.

Every public entry point checks its numbers here, so a bad one is a
:class:`~pysolver.PokerInputError` naming the value, never a numpy error or a
hang:

    >>> check_count("trials", 2.5)
    Traceback (most recent call last):
    ...
    pysolver.PokerInputError: trials 2.5: must be a whole number, at least 1
"""

from __future__ import annotations

import secrets

from ._cards import quoted, whole_number
from ._errors import PlayerCountError, PokerInputError

SEED_LIMIT = 1 << 63
"""Seeds are whole numbers 0 <= seed < 2**63."""


def check_count(
    name: str, value: object, least: int = 1, most: int | None = None, error: type[PokerInputError] = PokerInputError
) -> int:
    """``value`` as an int, if it is a whole number in ``least .. most`` (else ``error``)."""
    whole = whole_number(value)
    if whole is None:
        raise error(f"{name} {quoted(value)}: must be a whole number, at least {least}")
    if whole < least or (most is not None and whole > most):
        bound = f"{least} to {most:,}" if most is not None else f"at least {least}"
        raise error(f"{name} {quoted(value)}: must be {bound}")
    return whole


def check_choice(name: str, value: object, choices: tuple[int, ...], why: str) -> int:
    """``value`` as an int, if it is a whole number among ``choices`` (``7.0`` and ``True`` are
    not), else a :class:`~pysolver.PokerInputError` naming it and saying ``why``.

    >>> check_choice("cards", 7.0, (5, 6, 7), "a hand has 5, 6 or 7 cards")
    Traceback (most recent call last):
    ...
    pysolver.PokerInputError: cards 7.0: a hand has 5, 6 or 7 cards
    """
    whole = whole_number(value)
    if whole is None or whole not in choices:
        raise PokerInputError(f"{name} {quoted(value)}: {why}")
    return whole


def check_seed(seed: object) -> int:
    """A seed: a whole number 0 <= seed < 2**63."""
    whole = whole_number(seed)
    if whole is None or not 0 <= whole < SEED_LIMIT:
        raise PokerInputError(f"seed {quoted(seed)}: must be a whole number from 0 to 2**63 - 1")
    return whole


def draw_seed() -> int:
    """A fresh random seed, for a run that was given none (the run reports it)."""
    return secrets.randbelow(1 << 32)


def check_positive(name: str, value: object) -> float:
    """``value`` as a float, if it is a number above 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise PokerInputError(f"{name} {quoted(value)}: must be a number above 0")
    return float(value)


def check_player(player: object, players: int) -> int:
    """A player's number in a deal of ``players``, or :class:`PlayerCountError` naming it.

    >>> check_player(1, 2)
    1
    """
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < players:
        raise PlayerCountError(f"player {player!r}: this deal has players 0 to {players - 1}")
    return player


__all__ = ["SEED_LIMIT", "check_count", "check_choice", "check_seed", "draw_seed", "check_positive", "check_player"]
