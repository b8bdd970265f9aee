"""What a maintainer may touch: no module uses another package's private names.

The public names of a package are its ``__init__``'s ``__all__``. A module of one
subpackage (``core``, ``asp``, ``evaluator``, ``odds``, ``crossval``, ``cli``,
``web``, ...) imports from another only names in that subpackage's ``__all__``,
and imports them from the subpackage (``from ..core import Card``). Only where
the subpackage's ``__init__`` imports a module of the importer's layer or one
above it (``pysolver.asp``'s ``__init__`` imports the solver, which sits beside
the evaluator) does the importer take the exported name from the private module
that defines it (``from ..asp._runtime import rules_of`` in the evaluator). The
layers are those of the import-linter contract in ``pyproject.toml``. DEVELOPMENT.md
states the rule.
"""

from __future__ import annotations

import ast
import importlib
from dataclasses import dataclass
from pathlib import Path

import grimp
import pytest

import pysolver
from tests.helpers.pyproject import pyproject

PACKAGE = Path(pysolver.__file__).parent
SUBPACKAGES = sorted(p.parent.name for p in PACKAGE.glob("*/__init__.py") if p.parent.name != "data")
LAYERS = [
    [name.strip() for name in layer.split("|")]
    for layer in next(
        contract["layers"]
        for contract in pyproject()["tool"]["importlinter"]["contracts"]
        if contract["type"] == "layers"
    )
]


@dataclass(frozen=True)
class Use:
    """One name a module imports from a pysolver module (``name`` None: the module itself)."""

    importer: str
    line: int
    source: str
    name: str | None

    def __str__(self) -> str:
        return f"{self.importer}:{self.line} imports {self.name or '(module)'} from {self.source}"


def _module_name(path: Path) -> str:
    parts = ("pysolver", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _uses(path: Path) -> list[Use]:
    """Every import of a pysolver module in ``path``, at the top or inside a function."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                source = ".".join(base + ([node.module] if node.module else []))
            else:
                source = node.module or ""
            found += [
                Use(name, node.lineno, source, alias.name) for alias in node.names if source.split(".")[0] == "pysolver"
            ]
        elif isinstance(node, ast.Import):
            found += [
                Use(name, node.lineno, alias.name, None)
                for alias in node.names
                if alias.name.split(".")[0] == "pysolver"
            ]
    return found


def _subpackage(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 and parts[1] in SUBPACKAGES else None


def _layer(module: str) -> int | None:
    """The import-linter layer of a module, 0 the top; None if in none."""
    for index, layer in enumerate(LAYERS):
        if any(module == name or module.startswith(name + ".") for name in layer):
            return index
    return None


def _init_pulls_in_layer_of(subpackage: str, importer: str) -> bool:
    """Whether ``pysolver.<subpackage>``'s ``__init__`` imports a module of ``importer``'s
    layer or a layer above it: then importing the subpackage would break the layers."""
    mine = _layer(importer)
    pulled = [_layer(use.source) for use in _uses(PACKAGE / subpackage / "__init__.py")]
    return mine is not None and any(layer is not None and layer <= mine for layer in pulled)


def _violation(use: Use) -> str | None:
    """Why a use breaks the rule, or None."""
    mine, theirs = _subpackage(use.importer), _subpackage(use.source)
    if theirs is None or theirs == mine:
        return None  # the top-level package, or its own subpackage
    package = f"pysolver.{theirs}"
    if use.name is None:
        return None if use.source == package else "imports a private module of another package"
    if use.name.startswith("_") and not use.name.startswith("__"):
        return "imports a private name of another package"
    exported = importlib.import_module(package)
    if use.name not in exported.__all__:
        return f"imports a name {package}.__all__ does not list"
    if use.source == package:
        return None
    if getattr(importlib.import_module(use.source), use.name, None) is not getattr(exported, use.name):
        return f"imports a name that is not what {package} exports"
    if not _init_pulls_in_layer_of(theirs, use.importer):
        return f"imports from a private module where `from {package} import` keeps the layers"
    return None


MODULES = sorted(PACKAGE.rglob("*.py"))
USES = [use for path in MODULES for use in _uses(path)]


def test_the_rule_sees_the_imports_it_judges():
    """The check reads relative and absolute imports, at the top and inside functions, and
    knows the layers (a check that read nothing would pass whatever the code did)."""
    assert {"core", "asp", "evaluator", "odds", "crossval", "cli"} <= set(SUBPACKAGES)
    assert _layer("pysolver.cli._equity") < _layer("pysolver.crossval._modes") < _layer("pysolver.core._cards")
    assert _layer("pysolver.core._cards") == len(LAYERS) - 1
    assert any(u.importer == "pysolver.asp._solver" and u.source.startswith("pysolver.core") for u in USES)
    assert _init_pulls_in_layer_of("asp", "pysolver.evaluator._lookup")  # the solver sits beside it
    assert not _init_pulls_in_layer_of("asp", "pysolver.crossval._compare")
    assert not _init_pulls_in_layer_of("core", "pysolver.asp._codec")


@pytest.mark.parametrize(
    "use, why",
    [
        (Use("pysolver.cli._x", 1, "pysolver.core._cards", "_CARD_TEXT"), "private name"),
        (Use("pysolver.cli._x", 1, "pysolver.core._cards", "Card"), "keeps the layers"),
        (Use("pysolver.cli._x", 1, "pysolver.core", "SUIT_NAMES"), "does not list"),
        (Use("pysolver.crossval._x", 1, "pysolver.asp._codec", "read_driver"), "keeps the layers"),
        (Use("pysolver.cli._x", 1, "pysolver.core._cards", None), "private module"),
    ],
)
def test_the_rule_catches_each_kind_of_use(use, why):
    assert why in (_violation(use) or "")


@pytest.mark.parametrize(
    "use",
    [
        Use("pysolver.cli._x", 1, "pysolver.core", "Card"),
        Use("pysolver.rulebook._x", 1, "pysolver.asp._runtime", "AspProgram"),
        Use("pysolver.cli", 1, "pysolver", "__version__"),
        Use("pysolver.asp._x", 1, "pysolver.asp._codec", "_CARD_TAIL"),
    ],
)
def test_the_rule_lets_each_allowed_use_pass(use):
    assert _violation(use) is None


def test_no_module_uses_another_packages_private_names():
    bad = [f"{use}: {why}" for use in USES if (why := _violation(use))]
    assert bad == []


def test_no_import_cycles():
    """No module imports, however indirectly and wherever in it, a module that imports it back."""
    graph = grimp.build_graph("pysolver", cache_dir=None)
    cycles = {
        tuple(chain)
        for importer in graph.modules
        for imported in graph.find_modules_directly_imported_by(importer)
        if (chain := graph.find_shortest_chain(importer=imported, imported=importer))
    }
    assert sorted(cycles) == []
