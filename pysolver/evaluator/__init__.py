"""The lookup-table evaluator: 5, 6 and 7 cards, one hand or batches, numpy or a compiled kernel.

:mod:`~pysolver.evaluator._lookup` evaluates (from a game's tables, :mod:`~pysolver.evaluator._game_tables`),
:mod:`~pysolver.evaluator._shipped_tables`
builds and loads the shipped tables from :mod:`~pysolver.evaluator._reference`
(a small, obviously correct ranking), and :mod:`~pysolver.evaluator._variants`
ranks a rule variant's tables with clingo. With numba installed (the ``fast``
extra) batches run in a compiled kernel on every core; :func:`backend` says
which path runs, and both give the same values.

For engines built on the evaluator (the odds engine's enumerations and
sampler), the kernel-level API:

- :func:`evaluate_batch` ``(hands, *, check_distinct=False, rules=None, threads=None)``:
  values of (N, k) card indices, k = 5, 6, 7;
- :func:`evaluate_boards` ``(boards, holes, *, rules=None, threads=None)``: values (N, P)
  of P players' hole cards, fixed (P, h) or per board (N, P, h), with each of N boards;
- :func:`card_keys` and :func:`evaluate_keys`: additive keys (a board's key plus a
  player's), valued with numpy;
- :func:`kernel_tables` ``(rules=None)`` -> :class:`KernelTables` and
  :func:`compiled_key_value` ``()`` -> ``key_value(word0, word1, tables)``, a numba
  function that values one key inside another numba-compiled loop, and
  :func:`compiled_showdown` ``()``: every player's value on one board, one call per board;
- :func:`backend`, :func:`load_kernel`, :func:`kernel_loaded`, :func:`cpu_threads`,
  :func:`thread_count` ``(threads, rows)``: which path runs batches, loading the kernel now
  rather than after the first 4,194,304 hands, whether it is loaded, and how many threads a
  batch of ``rows`` hands gets;
- :func:`using`, :func:`runs_on`, :func:`ready`, :class:`Loops`, :func:`compile_loops`: the
  backends (:data:`BACKENDS`: numpy, numba) and which one runs a piece of work
  (:mod:`~pysolver.evaluator._backends`);
- :func:`jit`: the decorator of the kernel's loops (numba, without the GIL, cached on disk),
  for an engine's own compiled loops.

    >>> tables = kernel_tables()
    >>> cards = [51, 47, 43, 39, 35, 0, 1]                # As Ks Qs Js Ts 2c 2d
    >>> word0, word1 = tables.card_word0[cards].sum(), tables.card_word1[cards].sum()
    >>> backend() == "numpy" or int(compiled_key_value()(word0, word1, tables)) == 7462
    True
"""

from ._backends import (
    BACKENDS,
    CPU_BACKENDS,
    Loops,
    backends_present,
    check_backend,
    compile_in_background,
    compile_loops,
    compile_mode,
    ready,
    requested,
    runs_on,
    set_compile_mode,
    using,
)
from ._cuda import (
    THREADS_PER_BLOCK,
    block_threads,
    cuda_device,
    cuda_module,
    cuda_present,
    cuda_showdown,
    cuda_tables,
    simulated,
)
from ._engines import compiled_key_value, compiled_showdown, evaluate_boards, kernel_tables
from ._every_hand import every_hand, every_hand_categories
from ._game_tables import n_values
from ._games import (
    across_players,
    describe_pot,
    five_parts,
    five_slots,
    game_values,
    pot_categories,
    pot_hand,
    pot_parts,
    pot_shares,
    pot_winners,
)
from ._hand_tables import HandTables
from ._jit import backend, jit
from ._kernel import (
    GAME_LOOPS,
    GPU_ROWS,
    ROW_LOOPS,
    KernelTables,
    cpu_threads,
    kernel_loaded,
    load_kernel,
    thread_count,
    uses_kernel,
)
from ._key_values import card_keys, evaluate_keys
from ._lookup import best_five, categories, category, describe_value, evaluate, evaluate_batch, tiebreak_ranks
from ._runouts import RunoutSums, game_runouts
from ._scales import NO_HAND, pot_tables, scale_values
from ._shipped_tables import deck_multisets, load_shipped_tables, rank_multisets
from ._variants import CACHE_KEEP, CachedTables, cache_root, cached_tables, class_hands, clear_cache

__all__ = [
    "BACKENDS",
    "CPU_BACKENDS",
    "cuda_present",
    "every_hand",
    "every_hand_categories",
    "cuda_device",
    "cuda_module",
    "cuda_showdown",
    "cuda_tables",
    "simulated",
    "block_threads",
    "THREADS_PER_BLOCK",
    "GPU_ROWS",
    "Loops",
    "backends_present",
    "check_backend",
    "compile_in_background",
    "compile_loops",
    "compile_mode",
    "ready",
    "requested",
    "runs_on",
    "set_compile_mode",
    "using",
    "ROW_LOOPS",
    "GAME_LOOPS",
    "uses_kernel",
    "best_five",
    "card_keys",
    "categories",
    "category",
    "describe_value",
    "evaluate",
    "evaluate_batch",
    "evaluate_keys",
    "n_values",
    "tiebreak_ranks",
    # any game a rule book declares: values per pot
    "NO_HAND",
    "game_values",
    "game_runouts",
    "RunoutSums",
    "HandTables",
    "scale_values",
    "pot_tables",
    "five_parts",
    "five_slots",
    "pot_winners",
    "across_players",
    "pot_parts",
    "pot_shares",
    "describe_pot",
    "pot_hand",
    "pot_categories",
    # the tables, for the odds engine and the cross-validation; the variants' cache
    "load_shipped_tables",
    "rank_multisets",
    "deck_multisets",
    "class_hands",
    "CACHE_KEEP",
    "CachedTables",
    "cache_root",
    "cached_tables",
    "clear_cache",
    # the compiled kernel and the API for engines on it (docs/design/kernel.md)
    "evaluate_boards",
    "backend",
    "load_kernel",
    "kernel_loaded",
    "jit",
    "cpu_threads",
    "thread_count",
    "KernelTables",
    "kernel_tables",
    "compiled_key_value",
    "compiled_showdown",
]
