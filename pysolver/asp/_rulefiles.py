"""Rule files from users: untrusted input, read by clingo's own parser before clingo loads them.

Rule files are shared between people, so a file may be a mistake or hostile.
:func:`read_rule_files` reads every file a rule book names, and every file
those ``#include``, and checks each one:

* a regular file of at most :data:`MAX_FILE_BYTES` (not a folder, not a device
  such as ``/dev/zero``), UTF-8 text that clingo parses;
* its directives found by clingo's parser (:func:`clingo.ast.parse_string`), in a
  forked child that can open no file (so a quoted ``%`` or ``*%`` fools nothing):
  no ``#script`` (a script would run its code), ``@``-calls only to the functions
  the encodings define (:data:`pysolver.asp._codec.CONTEXT_FUNCTIONS`), no
  ``#include`` of standard input or of a library (``<name>``);
* each ``#include "name"`` resolved as clingo resolves it -- first from the current
  folder, then beside the including file -- and refused when both hold a file and
  they differ, or neither does.

What clingo then reads is exactly the text checked: each file's ``program`` is its
text with its ``#include`` directives blanked, and the included files follow it
in reading order (:func:`rule_statements` parses them for a
:class:`clingo.ast.ProgramBuilder`). The fingerprint of a rule book covers the
text of every file read, includes too, so a cache keyed by it never answers
from an old version of an included file.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "mine.lp").write_text('royal("%").\\n#script (python)\\nimport os\\n#end.\\n')
    >>> read_rule_files([str(folder / "mine.lp")])
    Traceback (most recent call last):
    ...
    pysolver.RuleFileError: rule file '.../mine.lp', line 2: #script is refused: a rule file may not run code
"""

from __future__ import annotations

import os
import re
import resource
import stat
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from clingo import MessageCode, ast

from ..core import VARIANTS, Limits, RuleFileError, read_rule_text
from ._codec import CONTEXT_FUNCTIONS
from ._limited import call_limited

MAX_FILE_BYTES = 1 << 20
"""The largest rule file read (1 MiB): a rule book is a few hundred lines."""
MAX_INCLUDE_DEPTH = 16

_UNOPENED = re.compile(r"^<string>:(\d+):(\d+)-(?:(\d+):)?(\d+): error: file could not be opened:\n  (.*?)\n?\Z", re.S)
_LIBRARY = re.compile(r"#include\s*(<)[^>\n]*(>)")
_NOT_ASCII = re.compile(r'%\*.*?\*%|%[^\n]*|"(?:[^"\\\n]|\\.)*"|([^\x00-\x7f])', re.S)
"""A comment, a string, or (group 1) a character clingo's lexer does not read: not ASCII."""
_TYPOGRAPHIC = (
    dict.fromkeys(map(chr, (0x2010, 0x2011, 0x2012, 0x2013, 0x2014, 0x2212)), "-")
    | dict.fromkeys(map(chr, (0x201C, 0x201D, 0x201E)), '"')
    | dict.fromkeys(map(chr, (0x2018, 0x2019)), "'")
)
"""What a word processor puts for ASCII, beside what NFKC maps back (full-width forms)."""
_STDIN_MARK = b"pysolver_standard_input.\n"


class RuleText(NamedTuple):
    """One file a rule book reads: its ``path``, its ``text`` as read (what the fingerprint
    covers) and its ``program``, what clingo reads of it (the text, ``#include`` blanked)."""

    path: str
    text: str
    program: str


@dataclass(frozen=True)
class _Scan:
    """What clingo's parser finds in one text (positions are 1-based lines and byte columns)."""

    includes: tuple[tuple[int, int, int, int, str], ...]  # line, column, end line, end column, name
    scripts: tuple[int, ...]
    calls: tuple[tuple[int, str], ...]
    stdin: bool
    errors: tuple[str, ...]


def _nodes(node: ast.AST):
    """``node`` and every node below it."""
    yield node
    for key in node.child_keys:
        child = getattr(node, key)
        if isinstance(child, ast.AST):
            yield from _nodes(child)
        elif child is not None:
            for item in child:
                yield from _nodes(item)


def _parse_sealed(text: str) -> _Scan:
    """Parse ``text`` with clingo where no file can be opened (run in a forked child): an
    ``#include`` then shows as clingo's "could not be opened" message, with its place."""
    read_end, write_end = os.pipe()  # standard input: a mark, seen if "-" is included
    os.write(write_end, _STDIN_MARK)
    os.close(write_end)
    os.dup2(read_end, 0)
    os.close(read_end)
    lowest = os.open(os.devnull, os.O_RDONLY)
    os.close(lowest)
    resource.setrlimit(resource.RLIMIT_NOFILE, (lowest, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))
    statements: list[ast.AST] = []
    messages: list[str] = []
    try:
        ast.parse_string(
            text,
            statements.append,
            logger=lambda code, message: messages.append(message) if code == MessageCode.RuntimeError else None,
            message_limit=1000,
        )
    except RuntimeError:
        pass  # the messages say why
    includes, errors = [], []
    for message in messages:
        found = _UNOPENED.match(message)
        if found:
            line, column, end_line, end_column, name = found.groups()
            includes.append((int(line), int(column), int(end_line or line), int(end_column), name))
        else:
            errors.append(message.strip())
    includes += _hidden_includes(text)
    scripts = tuple(s.location.begin.line for s in statements if s.ast_type == ast.ASTType.Script)
    calls = tuple(
        (n.location.begin.line, n.name)
        for s in statements
        for n in _nodes(s)
        if n.ast_type == ast.ASTType.Function and n.external
    )
    stdin = any(s.location.begin.filename != "<string>" for s in statements)
    return _Scan(tuple(includes), scripts, calls, stdin, tuple(errors))


def _hidden_includes(text: str) -> list[tuple[int, int, int, int, str]]:
    """``#include <incmode>.``, which clingo reads without a file (so without a message): each
    candidate is parsed again with its brackets as quotes, and is one if clingo then cannot open it."""
    found = []
    for match in _LIBRARY.finditer(text):
        start, end = match.span(1), match.span(2)
        quoted = text[: start[0]] + '"' + text[start[1] : end[0]] + '"' + text[end[1] :]
        messages: list[str] = []
        try:
            ast.parse_string(quoted, lambda statement: None, logger=lambda code, message: messages.append(message))  # noqa: B023
        except RuntimeError:
            pass
        line = text.count("\n", 0, match.start()) + 1
        column = len(text[text.rfind("\n", 0, match.start()) + 1 : match.start()].encode("utf-8")) + 1
        for message in messages:
            opened = _UNOPENED.match(message)
            if opened and (int(opened.group(1)), int(opened.group(2))) == (line, column):
                found.append(
                    (line, column, int(opened.group(3) or line), int(opened.group(4)), f"<{text[start[1] : end[0]]}>")
                )
    return found


@lru_cache(maxsize=64)
def _scan(text: str) -> _Scan:
    return call_limited(lambda: _parse_sealed(text), Limits(), "a rule file's parse")


def _blank(text: str, spans: Sequence[tuple[int, int, int, int, str]]) -> str:
    """``text`` with the byte spans (line, column, end line, end column) blanked, line breaks kept."""
    lines = [bytearray(line) for line in text.encode("utf-8").split(b"\n")]
    for line, column, end_line, end_column, _ in spans:
        for number in range(line, end_line + 1):
            row = lines[number - 1]
            first = column - 1 if number == line else 0
            last = end_column - 1 if number == end_line else len(row)
            row[first:last] = b" " * (last - first)
    return b"\n".join(lines).decode("utf-8")


def _read(path: Path, what: str) -> str:
    """The text of one rule file; ``what`` names it in a message (``rules file 'x'``)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        hint = "" if what.startswith("file") else f" (shipped rule books: {', '.join(VARIANTS)})"
        raise RuleFileError(f"{what}: no such file{hint}") from None
    except OSError as error:
        raise RuleFileError(f"{what}: cannot be read ({error.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a device or special file"
        raise RuleFileError(f"{what}: is {kind}, not a rule file")
    if info.st_size > MAX_FILE_BYTES:
        raise RuleFileError(f"{what}: {info.st_size:,} bytes, more than a rule file's {MAX_FILE_BYTES:,}")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RuleFileError(f"{what}: not UTF-8 text") from None
    except OSError as error:
        raise RuleFileError(f"{what}: cannot be read ({error.strerror})") from None


def _resolve(name: str, source: Path, line: int) -> Path:
    """The file ``#include "name"`` in ``source`` reads, as clingo finds it: the path from the
    current folder, else beside ``source``; refused when that is not one file for certain."""
    where = f"rule file '{source}', line {line}"
    if name.startswith("<") and name.endswith(">"):
        raise RuleFileError(f"{where}: #include {name} is refused: a rule file includes files by path")
    if not name or name == "-":
        raise RuleFileError(
            f'{where}: #include "{name}" is refused: it names no file' + (' ("-" is standard input)' if name else "")
        )
    here = Path(name)
    beside = source.parent / name if os.path.dirname(str(source)) and not here.is_absolute() else None
    if beside is not None and here.exists() and beside.exists() and not os.path.samefile(here, beside):
        raise RuleFileError(
            f"{where}: #include \"{name}\" is ambiguous: clingo reads '{here}' in the current "
            f"folder, not '{beside}' beside the file; name the file you mean by its path"
        )
    return beside if beside is not None and beside.exists() and not here.exists() else here


def _check_ascii(path: Path, text: str) -> None:
    r"""Refuse a character outside ASCII anywhere but in a comment or a string: clingo's lexer
    reads ASCII only, and its message about such a character can cut the character in two.

    >>> _check_ascii(Path("x.lp"), '% \uff03 in a comment\nface("\uff03").\n\uff03include "y.lp".')
    Traceback (most recent call last):
    ...
    pysolver.RuleFileError: rule file 'x.lp', line 3, column 1: ... (U+FF03 FULLWIDTH NUMBER SIGN) is not ASCII: ...
    """
    for found in _NOT_ASCII.finditer(text):
        if found.group(1) is None:
            continue
        char, at = found.group(1), found.start(1)
        line, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        plain = _TYPOGRAPHIC.get(char, unicodedata.normalize("NFKC", char))
        hint = f" (did you mean '{plain}'?)" if plain.isascii() and plain.strip() else ""
        raise RuleFileError(
            f"rule file '{path}', line {line}, column {column}: '{char}' (U+{ord(char):04X} "
            f"{unicodedata.name(char, 'unnamed')}) is not ASCII: clingo reads only ASCII outside comments "
            f"and strings{hint}"
        )


def _check(path: Path, text: str, includes: bool) -> tuple[str, list[tuple[Path, int]]]:
    """Refuse what ``text`` may not do; return its program and the files it includes (with lines)."""
    if text.startswith("asp "):
        raise RuleFileError(f"rule file '{path}': clingo's aspif format (a ground program), not rule text")
    _check_ascii(path, text)
    scan = _scan(text)
    for line in scan.scripts:
        raise RuleFileError(f"rule file '{path}', line {line}: #script is refused: a rule file may not run code")
    for line, name in scan.calls:
        if name not in CONTEXT_FUNCTIONS:
            raise RuleFileError(
                f"rule file '{path}', line {line}: @{name} is not a function of pysolver's "
                f"(a rule file may call {', '.join('@' + f for f in CONTEXT_FUNCTIONS)})"
            )
    if scan.stdin:
        raise RuleFileError(f"rule file '{path}': #include \"-\" (standard input) is refused")
    if scan.errors:
        raise RuleFileError(
            f"clingo: parsing failed (rule file '{path}'): "
            + "; ".join(" ".join(m.replace("<string>", str(path)).split()) for m in scan.errors)
        )
    if scan.includes and not includes:
        raise RuleFileError(
            f"rule file '{path}', line {scan.includes[0][0]}: #include is refused: "
            "this rule text may not read other files"
        )
    targets = [(_resolve(name, path, line), line) for line, _, _, _, name in scan.includes]
    return _blank(text, scan.includes), targets


def read_rule_files(paths: Sequence[str], first: str = "rules file", *, includes: bool = True) -> list[RuleText]:
    """Every file a rule book reads, in reading order: the files named, each followed by what
    it includes. Raises :class:`~pysolver.RuleFileError` naming the file (and line) at
    fault; ``first`` is what the first file is called in a message. ``includes=False``
    refuses any ``#include`` (rule text typed into a web page may not name the server's files)."""
    read: list[RuleText] = []
    seen: set[Path] = set()

    def visit(path: Path, what: str, depth: int) -> None:
        if depth > MAX_INCLUDE_DEPTH:
            raise RuleFileError(f"rule file '{path}': includes nested more than {MAX_INCLUDE_DEPTH} deep")
        text = _read(path, what)
        key = path.resolve()
        if key in seen:
            return
        seen.add(key)
        program, targets = _check(path, text, includes)
        read.append(RuleText(str(path), text, program))
        for target, line in targets:
            visit(target, f"file '{target}' (included by '{path}', line {line})", depth + 1)

    for i, name in enumerate(paths):
        visit(Path(name), f"{first if i == 0 else 'rule file'} '{name}'", 0)
    return read


def read_rule_book(name: str, files: Sequence[str]) -> list[RuleText]:
    """Every file a rule book named ``name`` reads (checked: :func:`read_rule_files`), in reading
    order; a shipped variant's own file is the package's, read as it is."""
    if name in VARIANTS:
        text = read_rule_text(files[0], "rules file")
        return [RuleText(files[0], text, text), *read_rule_files(files[1:], first="rule file")]
    return read_rule_files(files)


@lru_cache(maxsize=64)
def rule_statements(rule: RuleText) -> tuple[ast.AST, ...]:
    """The statements of one checked file's ``program``, placed in its file (for clingo's
    messages). Anything not from the text itself is refused, as is a script."""
    statements: list[ast.AST] = []
    messages: list[str] = []
    try:
        ast.parse_string(rule.program, statements.append, logger=lambda code, message: messages.append(message))
    except RuntimeError:
        raise RuleFileError(
            f"clingo: parsing failed (rule file '{rule.path}'): "
            + "; ".join(" ".join(m.replace("<string>", rule.path).split()) for m in messages)
        ) from None
    if any(s.location.begin.filename != "<string>" or s.ast_type == ast.ASTType.Script for s in statements):
        raise RuleFileError(f"rule file '{rule.path}': reads more than its own text")
    return tuple(_placed(s, rule.path) for s in statements if s.ast_type != ast.ASTType.Comment)


def _placed(node: ast.AST, path: str) -> ast.AST:
    """``node`` with every location in it naming the file ``path``."""
    changes: dict[str, object] = {}
    for key in node.child_keys:
        child = getattr(node, key)
        if isinstance(child, ast.AST):
            changes[key] = _placed(child, path)
        elif child is not None:
            changes[key] = [_placed(item, path) for item in child]
    if "location" in node.keys():  # noqa: SIM118 (a clingo AST, not a dict)
        begin, end = node.location.begin, node.location.end
        changes["location"] = ast.Location(
            ast.Position(path, begin.line, begin.column), ast.Position(path, end.line, end.column)
        )
    return node.update(**changes)  # type: ignore[arg-type]


__all__ = ["MAX_FILE_BYTES", "MAX_INCLUDE_DEPTH", "RuleText", "read_rule_book", "read_rule_files", "rule_statements"]
