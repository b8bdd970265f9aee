"""Rule files from users: untrusted input, read with care and grounded under limits.

Rule files are shared between people, so a file may be a mistake or hostile.
Before clingo sees one, :func:`read_rule_files` checks every file it names and
every file those ``#include``: a regular file of at most :data:`MAX_FILE_BYTES`
(not a folder, not a device such as ``/dev/zero``), UTF-8 text, no ``#script``
(a script would run its code in this process), and ``@``-calls only to the
functions the encodings define (:data:`pysolver.asp._codec.CONTEXT_FUNCTIONS`).
The fingerprint of a rule book covers the text of every file read, includes
too, so a cache keyed by it never answers from an old version of an included
file.

    >>> import pathlib, tempfile
    >>> folder = pathlib.Path(tempfile.mkdtemp())
    >>> _ = (folder / "mine.lp").write_text('royal(ace).\\n#script (python)\\nimport os\\n#end.\\n')
    >>> read_rule_files([str(folder / "mine.lp")])
    Traceback (most recent call last):
    ...
    pysolver.RuleFileError: rule file '.../mine.lp', line 2: #script is refused: a rule file may not run code

Grounding a program with such files (:func:`call_limited`) happens in a forked
child process under a memory limit and a time limit (:class:`~pysolver.core._rules.Limits`); running
past either, or Ctrl-C, ends it with a :class:`~pysolver.RuleFileError` naming
the files and the limit, and this process unharmed.
"""

from __future__ import annotations

import os
import pickle
import re
import resource
import select
import signal
import stat
import time
from pathlib import Path
from typing import Callable, Sequence, TypeVar

from ..core import VARIANTS, Limits, RuleFileError
from ._codec import CONTEXT_FUNCTIONS

MAX_FILE_BYTES = 1 << 20
"""The largest rule file read (1 MiB): a rule book is a few hundred lines."""
MAX_INCLUDE_DEPTH = 16

T = TypeVar("T")


_COMMENT = re.compile(r"%\*.*?\*%|%[^\n]*", re.S)
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_INCLUDE = re.compile(r'#include\s*(?:"((?:[^"\\]|\\.)*)"|<([^>]*)>)\s*\.')
_SCRIPT = re.compile(r"#script\b")
_INCLUDE_WORD = re.compile(r"#include\b")
_CALL = re.compile(r"@\s*([A-Za-z_][A-Za-z0-9_']*)")


def _blank(match: re.Match) -> str:
    """A comment or string replaced by spaces, its line breaks kept (line numbers stay right)."""
    return re.sub(r"[^\n]", " ", match.group(0))


def _line(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def _read(path: Path, what: str) -> str:
    """The text of one rule file; ``what`` names it in a message (``rules file 'x'``)."""
    if what.startswith("file included by"):
        what, path_text = f"file '{path}' ({what[5:]})", ""
    else:
        what, path_text = what, f" '{path}'"
    what = what + path_text
    try:
        info = path.stat()
    except FileNotFoundError:
        hint = "" if what.startswith("file included") else f" (shipped variants: {', '.join(VARIANTS)})"
        raise RuleFileError(f"{what}: no such file{hint}") from None
    except OSError as error:
        raise RuleFileError(f"{what}: cannot be read ({error.strerror})") from None
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "a device or special file"
        raise RuleFileError(f"{what}: is {kind}, not a rule file")
    if info.st_size > MAX_FILE_BYTES:
        raise RuleFileError(f"{what}: {info.st_size:,} bytes, more than a rule file's "
                            f"{MAX_FILE_BYTES:,}")
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RuleFileError(f"{what}: not UTF-8 text") from None
    except OSError as error:
        raise RuleFileError(f"{what}: cannot be read ({error.strerror})") from None


def _check(path: Path, text: str, includes: bool = True) -> list[Path]:
    """Refuse scripts and unknown @-calls (and, unless ``includes``, any ``#include``); return
    the files ``text`` includes."""
    code = _COMMENT.sub(_blank, text)
    if not includes:
        for match in _INCLUDE_WORD.finditer(_STRING.sub(_blank, code)):
            raise RuleFileError(f"rule file '{path}', line {_line(code, match.start())}: #include is refused: "
                                "this rule text may not read other files")
    for match in _SCRIPT.finditer(_STRING.sub(_blank, code)):
        raise RuleFileError(f"rule file '{path}', line {_line(code, match.start())}: #script is refused: "
                            "a rule file may not run code")
    for match in _CALL.finditer(_STRING.sub(_blank, code)):
        if match.group(1) not in CONTEXT_FUNCTIONS:
            raise RuleFileError(f"rule file '{path}', line {_line(code, match.start())}: @{match.group(1)} is "
                                f"not a function of pysolver's (a rule file may call "
                                f"{', '.join('@' + f for f in CONTEXT_FUNCTIONS)})")
    included = []
    for match in _INCLUDE.finditer(code):
        name = match.group(1) if match.group(1) is not None else match.group(2)
        target = Path(name)
        if not target.is_absolute():
            beside = path.parent / target
            target = beside if beside.exists() or not target.exists() else target
        included.append(target)
    return included


def read_rule_files(paths: Sequence[str], first: str = "rules file", *,
                    includes: bool = True) -> list[tuple[str, str]]:
    """Every file a rule book reads, ``(path, text)`` in reading order: the files named, each
    followed by what it includes. Raises :class:`~pysolver.RuleFileError` naming the
    file (and line) at fault; ``first`` is what the first file is called in a message.
    ``includes=False`` refuses any ``#include`` (rule text typed into a web page may not
    name the server's files)."""
    read: list[tuple[str, str]] = []
    seen: set[Path] = set()

    def visit(path: Path, what: str, depth: int) -> None:
        if depth > MAX_INCLUDE_DEPTH:
            raise RuleFileError(f"rule file '{path}': includes nested more than {MAX_INCLUDE_DEPTH} deep")
        text = _read(path, what)
        key = path.resolve()
        if key in seen:
            return
        seen.add(key)
        read.append((str(path), text))
        for target in _check(path, text, includes):
            visit(target, f"file included by '{path}'", depth + 1)

    for i, name in enumerate(paths):
        visit(Path(name), first if i == 0 else "rule file", 0)
    return read


def call_limited(function: Callable[[], T], limits: Limits, label: str) -> T:
    """``function()`` in a forked child process under ``limits``: its result, or the exception
    it raised. Running past the time limit, past the memory limit, or Ctrl-C here, is a
    :class:`~pysolver.RuleFileError` naming ``label`` (the rule files) and the limit.

    The child is forked directly (``os.fork``), so a worker process may call this too.
    """
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:                                   # the child: never returns
        status = 1
        try:
            signal.signal(signal.SIGINT, signal.SIG_IGN)     # Ctrl-C is the parent's to handle
            os.close(read_end)
            _limit_memory(limits.memory_mb)
            _send(write_end, _outcome(function))
            status = 0
        finally:
            os._exit(status)
    os.close(write_end)
    deadline = time.monotonic() + limits.seconds
    chunks: list[bytes] = []
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([read_end], [], [], left)[0]:
                raise RuleFileError(f"{label}: grounding ran past the time limit of {limits.seconds:g} s "
                                    "(--time-limit)")
            chunk = os.read(read_end, 1 << 20)
            if not chunk:
                break
            chunks.append(chunk)
    except KeyboardInterrupt:
        raise RuleFileError(f"{label}: interrupted while grounding") from None
    finally:
        os.close(read_end)
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)
    status, value = pickle.loads(b"".join(chunks)) if chunks else ("lost", None)
    if status == "ok":
        return value
    if status == "error":
        raise value
    why = "ran past" if status == "memory" else "was stopped (killed, or past"
    raise RuleFileError(f"{label}: grounding {why} the memory limit of {limits.memory_mb:,} MiB"
                        f"{'' if status == 'memory' else ')'} (--memory-limit)")


def _limit_memory(memory_mb: int) -> None:
    """Cap this process's address space at what it holds now plus ``memory_mb`` MiB."""
    with open("/proc/self/statm") as statm:
        held = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    budget = held + memory_mb * (1 << 20)
    resource.setrlimit(resource.RLIMIT_AS, (budget, budget))


def _outcome(function: Callable[[], T]) -> tuple[str, object]:
    try:
        return "ok", function()
    except MemoryError:
        return "memory", None
    except Exception as error:          # raised again in the caller
        return ("memory", None) if "bad_alloc" in str(error) else ("error", error)


def _send(fd: int, outcome: tuple[str, object]) -> None:
    try:
        data = pickle.dumps(outcome)
    except Exception as error:          # an unpicklable result or exception
        data = pickle.dumps(("error", RuleFileError(f"an answer could not be returned: {error}")))
    with os.fdopen(fd, "wb") as pipe:
        pipe.write(data)


__all__ = ["MAX_FILE_BYTES", "read_rule_files", "call_limited"]
