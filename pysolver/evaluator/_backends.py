"""The backends that run the package's loops, and which one runs a piece of work.

Two backends run on the CPU: ``numpy``, always there, and ``numba`` (the ``fast``
extra), the same loops compiled; a third, ``cuda`` (the ``gpu`` extra), values batches of hands
on an NVIDIA GPU (:mod:`pysolver.evaluator._cuda`). Compiled code is cached on disk, but the first
time a machine meets a family of loops (:class:`Loops`) it compiles them, for
seconds of CPU: about 5 s for a Monte Carlo loop on a 2-core machine, longer than
most questions take with numpy. So a piece of work asks :func:`runs_on` where to
run, given what it would cost on each backend:

- a backend the caller named (``backend="numpy"``, :func:`using`) runs it;
- a family this process has loaded, or that is compiled on this machine
  (:func:`ready`: numba's disk cache holds it, for this machine and this
  version of the loops), runs compiled;
- a family not compiled yet runs compiled only when the work is long enough to
  pay for the compile; otherwise numpy runs it, and (``PYSOLVER_COMPILE``,
  :func:`compile_mode`: ``background``, the default) another process, started
  once a machine and at low priority, compiles every family for the questions
  after it (:func:`compile_in_background`). ``now`` compiles in the process, on
  first use; ``elsewhere``, never in the process (a server); ``pysolver compile``
  compiles every family at once.

Exact answers do not depend on the backend. A Monte Carlo run's figures depend on
its seed and its backend (numpy and numba draw from different generators): both
are in the result, and ``backend=`` with the seed repeats a run.

    >>> BACKENDS, CPU_BACKENDS
    (('numpy', 'numba', 'cuda'), ('numpy', 'numba'))
    >>> check_backend("NumPy"), check_backend(None)
    ('numpy', None)
"""

from __future__ import annotations

import contextvars
import hashlib
import importlib
import os
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ..core import PokerInputError, quoted
from ._cuda import cuda_present
from ._jit import backend, compiled_stamp
from ._variants import cache_root

BACKENDS = ("numpy", "numba", "cuda")
"""The backends: ``numpy`` is always there, ``numba`` with the ``fast`` extra, ``cuda`` with the
``gpu`` extra and an NVIDIA GPU (batches of hands: :func:`~pysolver.evaluator.evaluate_batch`)."""
CPU_BACKENDS = ("numpy", "numba")
"""The backends of the odds engine's loops."""

COMPILE_MODES = ("background", "now", "elsewhere")
"""``PYSOLVER_COMPILE``: a family not compiled yet compiles in a background process while numpy
answers, or in the process when the work pays for its compile (``background``); in the process
that first needs it (``now``); or never in the process, numpy answering until the background
process has compiled it (``elsewhere``: a server, whose answers must not wait on a compile)."""

RECHECK_SECONDS = 10.0
"""How long a process trusts that a family is not compiled before it looks at the disk again
(another process may be compiling it)."""

STALE_LOCK_SECONDS = 900.0
"""Age past which a background compile's lock is taken for a crashed one's."""

LOAD_SECONDS = 0.6
"""CPU seconds to load numba and a family's cached code, once a process."""

_requested: contextvars.ContextVar[str | None] = contextvars.ContextVar("pysolver_backend", default=None)


@dataclass(frozen=True)
class Loops:
    """A family of compiled loops, compiled together on a machine's first use.

    ``where`` names their numba functions as ``"module:attribute"`` (an attribute may be a dict
    of them, or ``"module:function()"``, a function that gives one), imported only when asked
    about; ``compile_seconds``: the CPU seconds a first compile takes (measured by
    ``benchmarks/bench_first_use.py`` on a 2-core machine).

    >>> Loops("rows", 1.5, ("pysolver.evaluator._compiled:ROWS",)).name
    'rows'
    """

    name: str
    compile_seconds: float
    where: tuple[str, ...]

    def functions(self) -> list[Any]:
        """The family's numba functions (imports them, and numba)."""
        found: list[Any] = []
        for place in self.where:
            module, _, attribute = place.partition(":")
            value = getattr(importlib.import_module(module), attribute.removesuffix("()"))
            value = value() if attribute.endswith("()") else value
            found.extend(value.values() if isinstance(value, dict) else [value])
        return found


def check_backend(name: object) -> str | None:
    """The backend a call named (``None``: the package chooses), checked: one of :data:`BACKENDS`,
    in any case, and installed."""
    if name is None:
        return None
    chosen = name.strip().lower() if isinstance(name, str) else None
    if chosen not in BACKENDS:
        raise PokerInputError(f"backend {quoted(name)}: must be one of {', '.join(BACKENDS)}")
    if chosen == "numba" and backend() != "numba":
        why = "PYSOLVER_KERNEL=numpy is set" if load_numba_disabled() else "numba is not installed"
        raise PokerInputError(f"backend 'numba': {why} (pip install 'pysolver-holdem[fast]')")
    if chosen == "cuda" and not cuda_present():
        raise PokerInputError(
            "backend 'cuda': no CUDA GPU answers (pip install 'pysolver-holdem[gpu]', an NVIDIA GPU and its driver)"
        )
    return chosen


def backends_present() -> tuple[str, ...]:
    """The backends this process can run work on: numpy, and numba where it is installed (and not
    kept out by ``PYSOLVER_KERNEL=numpy``).

    >>> backends_present()[0]
    'numpy'
    """
    return tuple(
        name for name in BACKENDS if name == "numpy" or backend() == name or (name == "cuda" and cuda_present())
    )


def load_numba_disabled() -> bool:
    """Whether ``PYSOLVER_KERNEL=numpy`` keeps numba out."""
    return os.environ.get("PYSOLVER_KERNEL", "").lower() == "numpy"


@contextmanager
def using(name: str | None, runs_on: tuple[str, ...] = BACKENDS) -> Iterator[None]:
    """Run the work inside on backend ``name`` (checked, and one of ``runs_on``, the backends the
    work has; ``None``: as the work around it, or the package chooses), in this thread and the
    threads its parts run on.

    >>> with using("numpy"):
    ...     requested()
    'numpy'
    """
    chosen = check_backend(name)
    if chosen is not None and chosen not in runs_on:
        raise PokerInputError(f"backend {quoted(chosen)}: this runs on {', '.join(runs_on)}")
    token = _requested.set(chosen if chosen is not None else _requested.get())
    try:
        yield
    finally:
        _requested.reset(token)


def requested() -> str | None:
    """The backend the running work was given (:func:`using`), or None."""
    return _requested.get()


def compile_mode() -> str:
    """How a family not compiled yet gets compiled: ``PYSOLVER_COMPILE``, ``background`` unless set.

    >>> compile_mode() in COMPILE_MODES
    True
    """
    mode = _mode[0] or os.environ.get("PYSOLVER_COMPILE", "").strip().lower()
    return mode if mode in COMPILE_MODES else "background"


_mode: list[str | None] = [None]


def set_compile_mode(mode: str | None) -> None:
    """Set this process's :func:`compile_mode` (None: ``PYSOLVER_COMPILE`` again), as a server
    does (``elsewhere``)."""
    if mode is not None and mode not in COMPILE_MODES:
        raise PokerInputError(f"compile mode {quoted(mode)}: must be one of {', '.join(COMPILE_MODES)}")
    _mode[0] = mode


def loaded(loops: Loops) -> bool:
    """Whether this process runs ``loops`` compiled: has one of them compiled or loaded (imports
    nothing: a function in a module not imported yet, or given by a function, is not looked at).
    A process that has started on a family's compiled loops stays on them."""
    if "numba" not in sys.modules:
        return False
    imported = Loops(loops.name, loops.compile_seconds, tuple(p for p in loops.where if _imported(p)))
    return any(function.overloads for function in imported.functions())


def _imported(place: str) -> bool:
    """Whether the function at ``place`` can be looked at without importing or calling anything."""
    return place.partition(":")[0] in sys.modules and not place.endswith("()")


_not_ready_since: dict[str, float] = {}


def ready(loops: Loops) -> bool:
    """Whether ``loops`` run compiled without a compile: loaded by this process, or compiled on this
    machine for this version of the loops (:func:`mark_compiled` left its mark, and numba's disk
    cache, where numba is imported already, holds it). Costs a file lookup; a family found not
    compiled is looked for again after :data:`RECHECK_SECONDS`."""
    if backend() != "numba":
        return False
    if loaded(loops) and all(function.overloads for function in loops.functions()):
        return True
    since = _not_ready_since.get(loops.name)
    if since is not None and time.monotonic() - since < RECHECK_SECONDS:
        return False
    mark = _mark(loops)
    found = mark is not None and mark.exists()
    if found and "numba" in sys.modules:  # numba's cache at hand: check the mark against it
        found = all(map(_on_disk, loops.functions()))
    if found:
        _not_ready_since.pop(loops.name, None)
        return True
    _not_ready_since[loops.name] = time.monotonic()
    return False


def mark_compiled(loops: Loops) -> None:
    """Leave the mark that ``loops`` are compiled on this machine (:func:`ready`), once numba's disk
    cache holds every one of them."""
    mark = _mark(loops)
    if mark is not None and all(map(_on_disk, loops.functions())):
        try:
            mark.parent.mkdir(parents=True, exist_ok=True)
            mark.touch()
        except OSError:  # no writable cache folder: the family is looked for in numba's cache alone
            pass
    _not_ready_since.pop(loops.name, None)


def _mark(loops: Loops) -> Path | None:
    """Where the mark of ``loops`` compiled lies: in the cache folder, named for the family, the
    loops' version, Python, the machine and numba's cache folder; None when a module is unreadable."""
    stamp = compiled_stamp()
    if stamp is None:
        return None
    where = "\0".join((stamp, sys.implementation.cache_tag, platform.machine(), os.environ.get("NUMBA_CACHE_DIR", "")))
    return cache_root() / "compiled" / f"{loops.name}-{hashlib.sha256(where.encode()).hexdigest()[:16]}"


def _on_disk(function: Any) -> bool:
    """Whether numba's disk cache of ``function`` holds code for this machine and this version of
    its source (the function's own and :func:`~pysolver.evaluator._jit.compiled_stamp`)."""
    disk: Any = getattr(function, "_cache", None)
    index: Any = getattr(disk, "_cache_file", None)
    try:
        mine = disk._index_key(None, function.targetctx.codegen())[1:]
        return any(key[1:] == mine for key in index._load_index())
    except Exception:  # no cache (no writable folder), or numba's cache made another way
        return False


def runs_on(loops: Loops, numpy_seconds: float, compiled_seconds: float) -> str:
    """Where work of ``loops`` (CPU loops) runs, given its seconds on numpy and compiled (loaded):
    the CPU backend the caller named; numba where installed and the family ready (:func:`ready`), or the work
    longer on numpy than the compile and the compiled run together; else numpy, and the family
    compiled in the background (:func:`compile_mode`)."""
    named = requested()
    if named in CPU_BACKENDS:
        return named
    if backend() != "numba":
        return "numpy"
    mode = compile_mode()
    if ready(loops) or mode == "now":
        return "numba"
    if mode == "background" and numpy_seconds > compiled_seconds + loops.compile_seconds + LOAD_SECONDS:
        return "numba"
    compile_in_background()
    return "numpy"


@cache
def compile_in_background() -> bool:
    """Start, once a process, a low-priority process compiling every family (``pysolver compile
    --background LOCK``: it removes the lock when done), unless another one is at it for this version of the loops (a
    lock file in the temporary folder, taken for a crashed one's after :data:`STALE_LOCK_SECONDS`).
    Whether one was started."""
    stamp = compiled_stamp()
    if stamp is None:
        return False
    user = getattr(os, "getuid", lambda: 0)()  # (Windows has no user ids: one lock a machine)
    lock = os.path.join(tempfile.gettempdir(), f"pysolver-compile-{stamp[:16]}-{user}.lock")
    try:
        if time.time() - os.stat(lock).st_mtime > STALE_LOCK_SECONDS:
            os.unlink(lock)
    except OSError:
        pass
    try:
        os.close(os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))
    except OSError:  # taken: another process compiles, or has
        return False
    command = [sys.executable, "-m", "pysolver", "compile", "--quiet", "--background", lock]
    try:
        subprocess.Popen(
            command,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
    except OSError:
        os.unlink(lock)
        return False
    return True


def compile_loops(
    families: list[tuple[Loops, Callable[[], object]]], report: Callable[[str], None] | None = None
) -> dict[str, float]:
    """Compile every family now (``warm``: a small piece of work that runs its loops compiled);
    the CPU seconds each took, by name (0 where it was compiled already)."""
    took = {}
    for loops, warm in families:
        start = time.process_time()
        was_ready = ready(loops)
        with using("numba"):
            warm()
        mark_compiled(loops)
        took[loops.name] = 0.0 if was_ready else time.process_time() - start
        if report is not None:
            report(f"{loops.name}: {'compiled already' if was_ready else f'{took[loops.name]:.1f} s'}")
    return took


__all__ = [
    "BACKENDS",
    "CPU_BACKENDS",
    "COMPILE_MODES",
    "LOAD_SECONDS",
    "Loops",
    "backends_present",
    "check_backend",
    "using",
    "requested",
    "compile_mode",
    "set_compile_mode",
    "loaded",
    "ready",
    "runs_on",
    "compile_in_background",
    "mark_compiled",
    "compile_loops",
]
