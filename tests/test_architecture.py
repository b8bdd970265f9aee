"""The shape of the package: layering, module size, __all__, the public API, and the
standard game needing no clingo."""

import ast
import importlib
import importlib.metadata
import subprocess
import sys
from pathlib import Path

import clingo
import numpy as np
import pytest

import pysolver
from pysolver import load_rules
from pysolver.core._rules import STANDARD, variant_path
from tests.helpers.pyproject import pyproject

PACKAGE = Path(pysolver.__file__).parent
MODULES = sorted(PACKAGE.rglob("*.py"))


def test_layering_contracts_are_kept():
    """The contracts in pyproject.toml: vocabulary, clingo runtime, engines, cross-validation,
    command line; the vocabulary imports no clingo; the evaluator never uses the ASP solver."""
    # In a process of its own: import-linter reconfigures logging.
    code = (
        "import sys; from importlinter.cli import lint_imports; "
        f"sys.exit(lint_imports(config_filename={str(PACKAGE.parent / 'pyproject.toml')!r}))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_every_module_is_small_and_says_what_it_exports(path):
    text = path.read_text()
    assert len(text.splitlines()) <= 400
    if path.name != "__main__.py":
        names = {
            t.id
            for node in ast.parse(text).body
            if isinstance(node, ast.Assign)
            for t in node.targets
            if isinstance(t, ast.Name)
        }
        assert "__all__" in names
        module = importlib.import_module(
            ".".join(("pysolver", *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")
        )
        assert [name for name in module.__all__ if not hasattr(module, name)] == []


def test_public_api():
    assert 30 <= len(pysolver.__all__) <= 40
    for name in pysolver.__all__:
        assert getattr(pysolver, name) is not None
    assert pysolver.__version__ == importlib.metadata.version("pysolver-holdem")
    for package in ("core", "asp", "evaluator", "odds", "crossval"):
        module = importlib.import_module(f"pysolver.{package}")
        assert all(hasattr(module, name) for name in module.__all__)


def test_subpackage_modules_are_not_shadowed_by_functions():
    """``import pysolver.X.Y as m`` gives the module Y, never a function of the same name."""
    for path in MODULES:
        if path.name.startswith("__"):
            continue
        name = ".".join(("pysolver",) + path.relative_to(PACKAGE).with_suffix("").parts)
        parent, _, leaf = name.rpartition(".")
        module = importlib.import_module(name)
        assert getattr(importlib.import_module(parent), leaf) is module


def test_standard_rules_without_clingo_are_what_clingo_reads_from_the_file():
    read = load_rules(str(variant_path("standard")))
    assert (read.faces, read.order, read.places, read.straights) == (
        STANDARD.faces,
        STANDARD.order,
        STANDARD.places,
        STANDARD.straights,
    )
    assert read.fingerprint == STANDARD.fingerprint


def test_the_numpy_engines_start_no_clingo_for_the_standard_game(monkeypatch):
    def no_clingo(*args, **kwargs):
        raise AssertionError("clingo was started for the standard game")

    monkeypatch.setattr(clingo, "Control", no_clingo)
    assert pysolver.evaluate("As Ks Qs Js Ts") == 7462
    assert pysolver.evaluate_batch(np.array([[51, 47, 43, 39, 35]]), rules="standard").tolist() == [7462]
    assert pysolver.equity(["AhKh", "QsQd"], "Qh Jh 2c", rules=None).exact
    assert pysolver.hand_strength("AdQc", "3h 4c Jh", rules="standard").ahead == 628
    assert len(pysolver.outs(["AsKs", "QhQd"], "Js Ts 2c").outs(0)) == 16
    assert pysolver.chen_score("AKs") == 12


def test_speed_figures_come_from_the_results_files():
    """README's speed table and docs/performance.md are what benchmarks/report.py generates
    from benchmarks/results/*.json: no figure typed by hand."""
    root = PACKAGE.parent
    done = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "report.py"), "--check"], capture_output=True, text=True, cwd=root
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_project_urls_name_files_of_the_tree():
    root = Path(pysolver.__file__).parent.parent
    urls = pyproject()["project"]["urls"]
    assert set(urls) == {"Homepage", "Documentation", "Changelog", "Issues"}
    assert all((root / path).is_file() for path in urls.values()), urls


def test_every_package_of_the_tree_is_listed_for_the_wheel():
    """pyproject.toml lists the packages by hand (asp/ ships as pysolver.encodings): a new
    subpackage missing there would be left out of the wheel."""
    root = PACKAGE.parent
    listed = set(pyproject()["tool"]["setuptools"]["packages"])
    found = {".".join(init.parent.relative_to(root).parts) for init in PACKAGE.rglob("__init__.py")}
    assert listed == found | {"pysolver.encodings"}
