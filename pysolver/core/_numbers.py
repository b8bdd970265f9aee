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

from ._cards import quoted
from ._errors import PokerInputError

SEED_LIMIT = 1 << 63
"""Seeds are whole numbers 0 <= seed < 2**63."""


def check_count(
    name: str, value: object, least: int = 1, most: int | None = None, error: type[PokerInputError] = PokerInputError
) -> int:
    """``value`` as an int, if it is a whole number in ``least .. most`` (else ``error``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise error(f"{name} {quoted(value)}: must be a whole number, at least {least}")
    if value < least or (most is not None and value > most):
        bound = f"{least} to {most:,}" if most is not None else f"at least {least}"
        raise error(f"{name} {quoted(value)}: must be {bound}")
    return int(value)


def check_seed(seed: object) -> int:
    """A seed: a whole number 0 <= seed < 2**63."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise PokerInputError(f"seed {quoted(seed)}: must be a whole number from 0 to 2**63 - 1")
    return int(seed)


def draw_seed() -> int:
    """A fresh random seed, for a run that was given none (the run reports it)."""
    return secrets.randbelow(1 << 32)


def check_positive(name: str, value: object) -> float:
    """``value`` as a float, if it is a number above 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
        raise PokerInputError(f"{name} {quoted(value)}: must be a number above 0")
    return float(value)


__all__ = ["SEED_LIMIT", "check_count", "check_seed", "draw_seed", "check_positive"]
