"""numba, imported on first use, and the decorator of the kernel's compiled loops.

>>> backend() in ("numba", "numpy")
True
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import cache, lru_cache
from importlib.util import find_spec
from types import ModuleType


@lru_cache(maxsize=1)
def load_numba() -> ModuleType | None:
    """numba, imported on first use; None when it is missing or ``PYSOLVER_KERNEL=numpy``."""
    if os.environ.get("PYSOLVER_KERNEL", "").lower() == "numpy":
        return None
    try:
        import numba
    except ImportError:
        return None
    return numba


def backend() -> str:
    """Which evaluator runs batches: ``"numba"`` (the compiled kernel, with the ``fast`` extra
    installed) or ``"numpy"`` (without it, or with ``PYSOLVER_KERNEL=numpy``).

    >>> backend() in ("numba", "numpy")
    True
    """
    if os.environ.get("PYSOLVER_KERNEL", "").lower() == "numpy":
        return "numpy"
    if load_numba.cache_info().currsize:  # tried already: what the import gave
        return "numpy" if load_numba() is None else "numba"
    return "numba" if "numba" in sys.modules or _installed("numba") else "numpy"


@cache
def _installed(name: str) -> bool:
    """Whether a package can be imported, looked up once a process (``find_spec`` searches the path:
    some 50 µs, on every equity call that asks which kernel counts)."""
    return find_spec(name) is not None


def jit(function: Callable | None = None, *, inline: bool = False) -> Callable:
    """``function`` compiled by numba without the GIL (cached on disk where a folder is writable);
    ``function`` itself when numba is missing. ``inline=True`` (as ``@jit(inline=True)``): a helper
    that compiled loops call per hand, inlined into them by numba, so that the arrays it is given
    are not reference-counted on every call (a call of a non-inlined helper taking the tables
    cost about 15 ns a hand)."""
    if function is None:
        return lambda function: jit(function, inline=inline)
    numba = load_numba()
    if numba is None:
        return function
    options: dict = dict(nogil=True, boundscheck=False, **({"inline": "always"} if inline else {}))
    try:
        return numba.njit(cache=True, **options)(function)
    except RuntimeError:  # no writable cache folder: compile in each process
        return numba.njit(**options)(function)


__all__ = ["load_numba", "backend", "jit"]
