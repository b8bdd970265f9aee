"""The examples in README.md and docs/ run as written.

Every ```python block of README.md and of the pages under docs/ is a doctest
(``>>>`` lines and the output they print). A page's blocks run in order in one
namespace, as a reader would type them, from the repository's root, so relative
paths such as ``examples/wraparound.lp`` resolve. Every ``pysolver`` command in a ```sh block must be accepted by the
command line's parser (the commands themselves are not run). README.md keeps
the shape the benchmark report and CI rely on.
"""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

from pysolver.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = [README, *sorted((ROOT / "docs").rglob("*.md"))]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.M | re.S)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def blocks(language: str, pages: list[Path] = PAGES) -> list:
    """``pytest.param(text, name, line)`` for each fenced block of ``language``, named by file and line."""
    found = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for match in FENCE.finditer(text):
            if match.group(1) == language:
                line = text.count("\n", 0, match.start(2)) + 1
                name = f"{page.relative_to(ROOT)}:{line}"
                found.append(pytest.param(match.group(2), name, line, id=name))
    return found


def pages_with_examples() -> list:
    return [
        pytest.param(page, id=str(page.relative_to(ROOT)))
        for page in PAGES
        if any(match.group(1) == "python" for match in FENCE.finditer(page.read_text(encoding="utf-8")))
    ]


@pytest.mark.heavy
@pytest.mark.parametrize("page", pages_with_examples())
def test_python_examples(page: Path, monkeypatch) -> None:
    """A page's python blocks in order, sharing one namespace, as a reader runs them."""
    monkeypatch.chdir(ROOT)
    namespace: dict = {}
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    output: list[str] = []
    for source, name, line in (param.values for param in blocks("python", [page])):
        assert ">>> " in source, f"{name}: a python example is a doctest (>>> lines and their output)"
        test = doctest.DocTestParser().get_doctest(source, namespace, name, name, line)
        runner.run(test, out=output.append, clear_globs=False)
        namespace = test.globs  # DocTest works on a copy: carry it to the next block
    assert runner.failures == 0, "".join(output)


REPOSITORY_FILE = re.compile(r"""["'\s](?:examples|asp|benchmarks|tests)/[\w./*-]+""")


@pytest.mark.parametrize("language", ["python", "sh"])
def test_an_example_that_needs_a_checkout_says_so(language: str) -> None:
    """An installed package has no examples/, asp/ (its encodings are pysolver.encodings), benchmarks/
    or tests/: a line of an example that reads one of them says that it runs in a checkout."""
    unsaid = [
        f"{name}: {line.strip()}"
        for source, name, _ in (param.values for param in blocks(language))
        for line in source.splitlines()
        if REPOSITORY_FILE.search(line) and "in a checkout" not in line and "benchmarks" not in name
    ]
    assert not unsaid, "\n".join(unsaid)


def test_an_example_that_needs_a_package_the_extras_lack_says_so() -> None:
    """``starlette.testclient`` needs httpx, which the web extra does not install."""
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        if "starlette.testclient" in text:
            assert "pip install httpx" in text, page


def commands(source: str) -> list[list[str]]:
    """The ``pysolver`` command lines of a shell block, as argument lists (comments dropped)."""
    found = []
    for line in source.splitlines():
        line = line.strip().removeprefix("$ ")
        if line.startswith("pysolver "):
            found.append(shlex.split(line, comments=True)[1:])
    return found


@pytest.mark.parametrize("source, name, line", blocks("sh"))
def test_shell_commands_parse(source: str, name: str, line: int) -> None:
    parser = build_parser()
    for argv in commands(source):
        try:
            parser.parse_args(argv)
        except SystemExit as exit:
            assert exit.code == 0, f"{name}: pysolver {shlex.join(argv)} is not a valid command"


def test_readme_shape() -> None:
    text = README.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert len(lines) < 250
    assert text.count("<!-- performance:start -->") == 1 and text.count("<!-- performance:end -->") == 1
    assert text.index("<!-- performance:start -->") < text.index("<!-- performance:end -->")
    first_commands = [line for line in lines if line.startswith("python3 -m venv")][:2]
    assert first_commands[1].endswith("pip install -e '.[test]' && pytest --full")
    assert "\npytest --full\n" in (ROOT / ".ci" / "run").read_text()  # CI runs the README's test command
