"""numba, imported on first use, and the decorator of the package's compiled loops, cached on disk
under a stamp of every module whose text compiled code holds.

numba decides whether a cached function is current from the source of the one file that defines it;
but a loop inlines or calls helpers from other modules (and reads their constants), and their
compiled code is linked into the loop's. :func:`jit` therefore adds :func:`compiled_stamp` (a digest
of the package's version and of every module of :data:`COMPILED_SOURCES`) to the stamp numba keeps
in a function's cache index: a change to any of those modules makes every cached function stale,
and the next process compiles it again.

>>> backend() in ("numba", "numpy")
True
>>> len(compiled_stamp()) == 64
True
"""

from __future__ import annotations

import hashlib
import os
import sys
import warnings
from collections.abc import Callable
from functools import cache, lru_cache
from importlib.util import find_spec
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE = Path(__file__).resolve().parents[1]
"""The package's folder, which :data:`COMPILED_SOURCES` are relative to."""
COMPILED_SOURCES = (
    "core/_colex.py",
    "evaluator/_jit.py",
    "evaluator/_compiled.py",
    "evaluator/_game_loops.py",
    "evaluator/_shipped_tables.py",
    "odds/_count_kernels.py",
    "odds/_exact/three_random.py",
    "odds/_games/kernel.py",
    "odds/_kernels.py",
    "odds/_sampling/blocks.py",
    "odds/_sampling/costs.py",
    "odds/_sampling/draws.py",
    "odds/_sampling/kernel.py",
    "odds/_sampling/plan.py",
    "odds/_sampling/tallies.py",
)
"""The modules whose text the package's compiled code holds: those defining compiled functions
(with the helpers the loops inline or call), the module-level constants they read (frozen into the
compiled code), and this one (the compile options). A test derives the list from the compiled
functions themselves, so that a new module of compiled code cannot be left out."""


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


def compiled_stamp() -> str | None:
    """The stamp of the package's compiled code: a SHA-256 digest (hex) of the package's version and
    of the text of every module of :data:`COMPILED_SOURCES`; None when one cannot be read. It changes
    when one of those modules' text changes, not when a file is only touched or copied (the files
    are read again only when a size or modification time changes: a call costs some 25 µs).

    >>> compiled_stamp() == compiled_stamp()
    True
    """
    paths = tuple(os.path.join(PACKAGE, name) for name in COMPILED_SOURCES)
    try:
        status = tuple((s.st_mtime_ns, s.st_size) for s in map(os.stat, paths))
    except OSError:
        return None
    package = sys.modules.get(__name__.partition(".")[0])
    return _stamp(str(getattr(package, "__version__", "")), paths, status)


@lru_cache(maxsize=16)
def _stamp(version: str, paths: tuple[str, ...], status: tuple) -> str | None:
    """:func:`compiled_stamp` of files last seen with ``status`` (modification time, size)."""
    digest = hashlib.sha256(version.encode())
    for path in paths:
        try:
            with open(path, "rb") as file:
                digest.update(os.path.relpath(path, PACKAGE).encode() + hashlib.sha256(file.read()).digest())
        except OSError:
            return None
    return digest.hexdigest()


@cache
def _stamped_cache() -> type[Any] | None:
    """numba's on-disk cache of a function (``FunctionCache``) with :func:`compiled_stamp` beside
    the function's own source stamp in its index: an index written under another stamp is stale,
    and numba compiles the function again and writes over it. This reaches into numba's caching
    internals (numba has no way to name a function's dependencies), so it checks them: None, with
    a warning, when they are not the known ones (numba comparing the index's ``_source_stamp``
    when it loads it), and the loops then compile in each process rather than risk stale code."""
    try:
        from numba.core.caching import FunctionCache, IndexDataCacheFile, NullCache
    except ImportError:
        return _unknown_caching()
    load_index = getattr(IndexDataCacheFile, "_load_index", None)
    if "_source_stamp" not in getattr(getattr(load_index, "__code__", None), "co_names", ()):
        return _unknown_caching()

    class StampedCache(FunctionCache):
        """numba's cache of ``py_func``, its index stamped with ``stamp`` too."""

        replaces = NullCache  # what a dispatcher made without a cache holds as its ``_cache``

        def __init__(self, py_func: Callable, stamp: str) -> None:
            super().__init__(py_func)  # RuntimeError where no cache folder is writable
            index: Any = getattr(self, "_cache_file", None)
            if not hasattr(index, "_source_stamp"):
                raise LookupError("numba's cache index keeps no source stamp")
            index._source_stamp = (index._source_stamp, stamp)

    return StampedCache


@cache
def _unknown_caching() -> None:
    """Say once a process that numba's caching is not the known one (so nothing is cached)."""
    warnings.warn(
        f"numba {getattr(load_numba(), '__version__', '?')} caches compiled code in a way pysolver "
        "does not know: pysolver's compiled loops are compiled in each process, not cached on disk",
        RuntimeWarning,
        stacklevel=5,
    )


def _add_disk_cache(dispatcher: Any, function: Callable) -> None:
    """Give ``dispatcher`` (numba's, made without a cache) the stamped disk cache, except where no
    folder is writable, a module of :data:`COMPILED_SOURCES` is unreadable, or numba's caching is not
    the known one: the function is then compiled in each process."""
    stamp, cache_class = compiled_stamp(), _stamped_cache()
    if stamp is None or cache_class is None:
        return
    if not isinstance(getattr(dispatcher, "_cache", None), cache_class.replaces):
        if hasattr(dispatcher, "py_func"):  # a dispatcher (not the function, as NUMBA_DISABLE_JIT gives)
            _unknown_caching()
        return
    try:
        dispatcher._cache = cache_class(function, stamp)
    except RuntimeError:  # no writable cache folder
        pass
    except (LookupError, TypeError, AttributeError):  # numba's cache made another way
        _unknown_caching()


def _name_by_closure(function: Callable) -> None:
    """Give a function made by a factory (a closure: a loop compiled once per variant) a qualified name
    of its own, its name followed by a digest of the values it closes over.

    numba names a function's compiled code by its qualified name, its argument types and a number
    counted up within the process that compiled it. Two variants of one factory compiled in two
    processes (each question compiling its own loop) can get the same number, so the same symbol for
    different code; a later process that loads both from the disk cache links one variant's callers
    to the other's code, and computes wrong figures or crashes. A name per variant keeps the symbols
    apart. The digest reads plain values, and the module and name of anything else, so that every
    process gives a variant the same name (its cache file is found again).

    >>> def scaled(k):
    ...     def scale(x):
    ...         return k * x
    ...     return scale
    >>> one, two = scaled(1), scaled(2)
    >>> _name_by_closure(one); _name_by_closure(two)
    >>> one.__qualname__ != two.__qualname__, one.__qualname__.startswith("scaled.<locals>.scale_")
    (True, True)
    """
    cells = getattr(function, "__closure__", None)
    if not cells:
        return
    values = [(name, _described(cell.cell_contents)) for name, cell in zip(function.__code__.co_freevars, cells)]
    digest = hashlib.sha256(repr(values).encode()).hexdigest()[:16]
    function.__qualname__ = f"{function.__qualname__}_{digest}"


def _described(value: object) -> str:
    """A closure value as text alike in every process: a plain value's ``repr``, else its module and
    qualified name (a function's, a compiled function's, a class's) or its type's."""
    if value is None or isinstance(value, (bool, int, float, str, bytes)):
        return repr(value)
    if isinstance(value, tuple):
        return "(" + ",".join(map(_described, value)) + ")"
    named = getattr(value, "py_func", value)
    if not hasattr(named, "__qualname__"):
        named = type(value)
    return f"{getattr(named, '__module__', '')}.{named.__qualname__}"


def jit(function: Callable | None = None, *, inline: bool = False) -> Callable:
    """``function`` compiled by numba without the GIL; ``function`` itself when numba is missing.
    ``inline=True`` (as ``@jit(inline=True)``): a helper that compiled loops call per hand, inlined
    into them by numba, so that the arrays it is given are not reference-counted on every call (a
    call of a non-inlined helper taking the tables cost about 15 ns a hand).

    The compiled code is cached on disk where numba's ``cache=True`` would put it (``__pycache__``
    beside the module, else numba's user cache folder, or ``NUMBA_CACHE_DIR``): compiled on a
    machine's first use, loaded by later processes. A cached function is current only while its
    own module and every module of :data:`COMPILED_SOURCES` (the helpers it inlines or calls, the
    constants it reads) keep their text, and the package its version (:func:`compiled_stamp`); any
    change makes every cached function stale, compiled again by the next process. Where no folder
    is writable, the function is compiled in each process instead.

    >>> double = jit(lambda x: 2 * x)
    >>> double(21)
    42
    """
    if function is None:
        return lambda function: jit(function, inline=inline)
    numba = load_numba()
    if numba is None:
        return function
    _name_by_closure(function)
    options: dict = dict(nogil=True, boundscheck=False, **({"inline": "always"} if inline else {}))
    compiled = numba.njit(**options)(function)
    _add_disk_cache(compiled, function)
    return compiled


__all__ = ["PACKAGE", "COMPILED_SOURCES", "load_numba", "backend", "compiled_stamp", "jit"]
