"""Compiled code cached on disk is never stale: a change to any module whose text compiled code
holds (a helper a loop inlines or calls, a constant it reads) makes every cached function compile
again, in the next process; an unchanged package loads its cached code; the list of those modules
is what the compiled functions read; numba's caching, when not the known one, means no cache."""

import ast
import gc
import importlib
import os
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import pysolver
from pysolver.evaluator import _jit
from pysolver.evaluator._jit import COMPILED_SOURCES, compiled_stamp

numba = pytest.importorskip("numba", reason="the disk cache is numba's")

HELPERS = """
from pysolver.evaluator import jit

STEP = 1


@jit(inline=True)
def step(total):
    return total + STEP


@jit
def scale(total):
    return 10 * total
"""
LOOP = """
from pysolver.evaluator import jit
from .helpers import scale, step


@jit
def run(n):
    total = 0
    for _ in range(n):
        total = step(total)
    return scale(total)
"""
RUN = """
import sys
from pathlib import Path
from pysolver.evaluator import _jit
_jit.PACKAGE, _jit.COMPILED_SOURCES = Path(sys.argv[1]), ("loops/helpers.py", "loops/loop.py")
sys.path.insert(0, sys.argv[1])
from loops.loop import run
print(run(3), sum(run.stats.cache_hits.values()))
"""


def test_a_changed_helper_in_another_module_is_compiled_again(tmp_path):
    """A loop inlining a helper and calling another, both from a second module: compiled and cached
    by a first process, loaded by the next; after each helper changes, the next process computes
    with the new helper (numba alone loads the loop it cached before), and caches it again."""
    package = tmp_path / "loops"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "helpers.py").write_text(HELPERS)
    (package / "loop.py").write_text(LOOP)
    environment = {name: value for name, value in os.environ.items() if name != "NUMBA_CACHE_DIR"}

    def run() -> list[int]:
        done = subprocess.run(
            [sys.executable, "-c", RUN, str(tmp_path)], capture_output=True, text=True, env=environment, check=True
        )
        return [int(word) for word in done.stdout.split()]

    assert run() == [30, 0]  # 3 steps of 1, times 10: compiled
    assert run() == [30, 1]  # loaded from the cache
    (package / "helpers.py").write_text(HELPERS.replace("STEP = 1", "STEP = 2"))  # the inlined helper's constant
    assert run() == [60, 0]
    (package / "helpers.py").write_text(HELPERS.replace("STEP = 1", "STEP = 2").replace("10 *", "100 *"))
    assert run() == [600, 0]  # the called helper
    assert list(package.glob("__pycache__/loop.run-*.nbi"))  # beside the module, as numba puts it


VARIANTS = """
from pysolver.evaluator import jit


def hashed(k):
    def mix(x):
        total = x
{steps}
        return total

    return jit(mix)


mix_one, mix_two = hashed(1), hashed(2)


@jit
def run_one(x):
    return mix_one(x)


@jit
def run_two(x):
    return mix_two(x)
"""
STEPS = 300
"""Steps of the factory's function: too many for LLVM to inline it into its callers."""
RUN_VARIANTS = """
import sys
from pathlib import Path
from pysolver.evaluator import _jit
_jit.PACKAGE, _jit.COMPILED_SOURCES = Path(sys.argv[1]), ("loops/variants.py",)
sys.path.insert(0, sys.argv[1])
from loops import variants
print(*[getattr(variants, "run_" + name)(3) for name in sys.argv[2:]])
"""


def _mixed(k: int, x: int) -> int:
    """What the factory's function computes, in Python."""
    total = x
    for step in range(STEPS):
        total = (total * (31 + step) + x + k) % 1_000_003
    return total


def test_variants_of_one_factory_compiled_in_two_processes_load_together(tmp_path):
    """Two variants of one factory's function (a closure, as the loops compiled per variant), each
    compiled with its caller by a process of its own: both get the same per-process number from
    numba, and a third process loading both from the disk cache ran the first variant's code for
    both, unless each variant is named for the values it closes over."""
    package = tmp_path / "loops"
    package.mkdir()
    (package / "__init__.py").write_text("")
    steps = "\n".join(f"        total = (total * {31 + i} + x + k) % 1_000_003" for i in range(STEPS))
    (package / "variants.py").write_text(VARIANTS.format(steps=steps))
    environment = {name: value for name, value in os.environ.items() if name != "NUMBA_CACHE_DIR"}

    def run(*names: str) -> list[int]:
        done = subprocess.run(
            [sys.executable, "-c", RUN_VARIANTS, str(tmp_path), *names],
            capture_output=True,
            text=True,
            env=environment,
            check=True,
        )
        return [int(word) for word in done.stdout.split()]

    expected = [_mixed(1, 3), _mixed(2, 3)]
    assert run("one") == expected[:1] and run("two") == expected[1:]  # each compiled alone, then cached
    assert run("one", "two") == expected  # both loaded from the cache
    assert len(list(package.glob("__pycache__/variants.hashed.*mix_*.nbi"))) == 2  # an index a variant


def copy_sources(folder: Path, names) -> None:
    for name in names:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(_jit.PACKAGE / name, folder / name)


def test_the_stamp_changes_with_the_text_of_each_compiled_module_and_the_version(tmp_path, monkeypatch):
    copy_sources(tmp_path, [*COMPILED_SOURCES, "odds/_model.py"])
    monkeypatch.setattr(_jit, "PACKAGE", tmp_path)
    first = compiled_stamp()
    assert len(first) == 64 and first == compiled_stamp()

    for path in tmp_path.rglob("*.py"):
        os.utime(path, (1e9, 1e9))  # touched, or copied elsewhere: the same text
    (tmp_path / "odds/_model.py").write_text("# not read by compiled code\n")
    assert compiled_stamp() == first

    stamps = {first}
    for name in COMPILED_SOURCES:
        text = (tmp_path / name).read_text()
        (tmp_path / name).write_text(text.replace("\n", "\n\n", 1))  # one line more
        stamps.add(compiled_stamp())
        (tmp_path / name).write_text(text)
        assert compiled_stamp() == first
    assert len(stamps) == 1 + len(COMPILED_SOURCES)

    monkeypatch.setattr(pysolver, "__version__", pysolver.__version__ + ".post1")
    assert compiled_stamp() not in stamps
    (tmp_path / COMPILED_SOURCES[-1]).unlink()
    assert compiled_stamp() is None  # and no cache: see below


def defining_module(module, name: str):
    """The package's module that defines ``name`` as ``module`` sees it (following ``from . import``)."""
    for node in ast.parse(Path(module.__file__).read_text()).body:
        if isinstance(node, ast.ImportFrom) and any((alias.asname or alias.name) == name for alias in node.names):
            origin = importlib.import_module("." * node.level + (node.module or ""), module.__package__)
            original = next(alias.name for alias in node.names if (alias.asname or alias.name) == name)
            return defining_module(origin, original) if origin.__name__.startswith("pysolver") else None
    return module


def code_names(code) -> set[str]:
    """The global and attribute names a function's code and the functions inside it read."""
    names = set(code.co_names)
    for constant in code.co_consts:
        if hasattr(constant, "co_names"):
            names |= code_names(constant)
    return names


def test_the_compiled_sources_are_the_modules_compiled_code_reads():
    """Every compiled function of the package (those made on first use too): its own module, the
    modules of the compiled functions it reaches by a global, an attribute of a module or a closure,
    and the modules defining the constants it reads; with the decorator's own module."""
    for path in sorted(_jit.PACKAGE.rglob("*.py")):
        if path.name != "__main__.py":
            importlib.import_module(".".join(("pysolver", *path.relative_to(_jit.PACKAGE).with_suffix("").parts)))
    importlib.import_module("pysolver.odds._exact.three_random").compiled_loop()
    dispatchers = [
        item
        for item in gc.get_objects()
        # type(), not isinstance(): a weak proxy among the objects raises when its referent is gone
        if type(item) is numba.core.registry.CPUDispatcher and item.py_func.__module__.startswith("pysolver.")
    ]
    assert len(dispatchers) >= 20
    read = {"pysolver.evaluator._jit"}
    for dispatcher in dispatchers:
        function = dispatcher.py_func
        module = sys.modules[function.__module__]
        read.add(module.__name__)
        cells = [cell.cell_contents for cell in function.__closure__ or ()]
        for name in code_names(function.__code__):
            if name not in function.__globals__:
                continue
            value = function.__globals__[name]
            if isinstance(value, type(sys)):
                read.add(value.__name__)
            elif isinstance(value, numba.core.registry.CPUDispatcher):
                read.add(value.py_func.__module__)
            elif not callable(value):
                read.add(getattr(defining_module(module, name), "__name__", module.__name__))
        read |= {cell.py_func.__module__ for cell in cells if isinstance(cell, numba.core.registry.CPUDispatcher)}
    listed = {"pysolver." + name.removesuffix(".py").replace("/", ".") for name in COMPILED_SOURCES}
    read = {name for name in read if name.startswith("pysolver.")}
    assert read == listed, f"COMPILED_SOURCES in pysolver/evaluator/_jit.py: add {read - listed}, drop {listed - read}"


def test_without_a_writable_cache_folder_functions_compile_in_each_process(monkeypatch):
    caching = numba.core.caching
    monkeypatch.setattr(getattr(caching, "CacheImpl", None) or caching._CacheImpl, "_locator_classes", [])
    triple = _jit.jit(_triple)
    assert triple(5) == 15 and triple.stats.cache_path is None


def test_unknown_caching_internals_mean_no_disk_cache(monkeypatch):
    """numba no longer comparing the index's source stamp (as if renamed): no cache, and a warning."""
    _jit._stamped_cache.cache_clear()
    _jit._unknown_caching.cache_clear()
    load_index = numba.core.caching.IndexDataCacheFile._load_index
    monkeypatch.setattr(numba.core.caching.IndexDataCacheFile, "_load_index", lambda self: load_index(self))
    with pytest.warns(RuntimeWarning, match="compiled in each process"):
        triple = _jit.jit(_triple)
    assert triple(5) == 15 and triple.stats.cache_path is None
    monkeypatch.undo()
    _jit._stamped_cache.cache_clear()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _jit.jit(_triple).stats.cache_path is not None  # the known internals: cached


def _triple(x):
    return 3 * x
