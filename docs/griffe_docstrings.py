"""A griffe extension for the API pages: the package's docstrings, written for
``help()`` and doctest, shown as Markdown.

* doctest examples (``>>>`` lines and their output) become ``pycon`` code blocks;
* reST roles (``:func:`~pysolver.equity```) become inline code (``equity``);
* a paragraph ending in ``::`` ends in ``:`` (the indented block after it is
  code in Markdown as well);
* reST simple tables (``====  ====`` borders) become Markdown tables;
* ``x[a][b]`` in prose stays text (Markdown would read a reference link).

Only the rendered text changes; the docstrings in the package stay as they are.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?[a-z]+:`(~?)([^`<]+?)(?:\s*<[^`]+>)?`")
_BORDER = re.compile(r"^( *)(=+)( +=+)+ *$")


def _role(match: re.Match) -> str:
    short, name = match.groups()
    if short:
        name = name.rsplit(".", 1)[-1]
    return f"`{name}`"


def _doctests(lines: list[str]) -> list[str]:
    """Fence each run of non-blank lines that starts with a ``>>>`` prompt."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        stripped = lines[i].lstrip()
        if not stripped.startswith(">>>"):
            out.append(lines[i])
            i += 1
            continue
        indent = len(lines[i]) - len(stripped)
        block = []
        while i < len(lines) and lines[i].strip():
            block.append(lines[i][indent:] if lines[i][:indent].isspace() else lines[i].lstrip())
            i += 1
        if out and out[-1].strip():
            out.append("")
        out += ["```pycon", *block, "```", ""]
    return out


def _rows(lines: list[str], spans: list[tuple[int, int]]) -> list[list[str]]:
    """The cells of a simple table's lines, continuation lines (first cell blank) joined up."""
    rows: list[list[str]] = []
    for line in lines:
        cells = [
            line[start : (spans[k + 1][0] if k + 1 < len(spans) else None)].strip()
            for k, (start, _) in enumerate(spans)
        ]
        if rows and not cells[0]:
            rows[-1] = [f"{a} {b}".strip() for a, b in zip(rows[-1], cells)]
        elif any(cells):
            rows.append(cells)
    return rows


def _tables(lines: list[str]) -> list[str]:
    """Rewrite reST simple tables (two columns or more, with or without a header) as Markdown."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        if not _BORDER.match(lines[i]):
            out.append(lines[i])
            i += 1
            continue
        spans = [(m.start(), m.end()) for m in re.finditer(r"=+", lines[i])]
        borders = [i]
        j = i + 1
        while j < len(lines) and len(borders) < 3:
            if _BORDER.match(lines[j]):
                borders.append(j)
            elif not lines[j].strip() and len(borders) == 2:
                break  # a blank line after the second border: a table without a header
            j += 1
        if len(borders) == 3:
            header = _rows(lines[borders[0] + 1 : borders[1]], spans)
            body = _rows(lines[borders[1] + 1 : borders[2]], spans)
            i = borders[2] + 1
        elif len(borders) == 2:
            header, body = [], _rows(lines[borders[0] + 1 : borders[1]], spans)
            i = borders[1] + 1
        else:
            out.append(lines[i])
            i += 1
            continue
        head = header[0] if header else [" "] * len(spans)
        out.append("| " + " | ".join(head) + " |")
        out.append("|" + "|".join("---" for _ in spans) + "|")
        out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in body]
        out.append("")
    return out


def _prose(line: str) -> str:
    """A line of prose: ``::`` at its end made ``:``, ``][`` outside inline code escaped."""
    line = re.sub(r"(\S)::$", r"\1:", line)
    parts = line.split("`")
    parts[::2] = [part.replace("][", "]\\[") for part in parts[::2]]
    return "`".join(parts)


def markdown(text: str) -> str:
    """The docstring ``text`` as Markdown."""
    text = _ROLE.sub(_role, text)
    lines = _tables(_doctests(text.splitlines()))
    fenced = False
    for i, line in enumerate(lines):
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and not line.startswith("    "):
            lines[i] = _prose(line)
    return "\n".join(lines)


class DocstringsAsMarkdown(griffe.Extension):
    """Rewrite each loaded object's docstring with :func:`markdown`."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
