"""A resume file: each finished task of a long cross-validation, written as it finishes.

A run given ``resume=FILE`` (``--resume FILE``) appends one JSON line per
finished task to the file, after a first line that describes the run (mode,
tasks, rules fingerprint, seed). Run again with the same file and the same
run, it counts the recorded tasks as done and runs only the others; the
report is the one an uninterrupted run gives. A last line cut short (the run
was killed while writing it) is dropped, and its task runs again.

What is read back is checked against what wrote it: each line carries a digest
of the run, the task's number, a key of the task's own description
(:func:`task_key`) and its partial, so a number edited, or a line copied under
another task's number, is refused naming the line; and :meth:`ResumeFile.check`
compares each task's key and size with the ones the run derives again. A run
holds a lock on its file (``flock``) from reading it to its end: a second run on
the same file is refused in one line while the first one runs.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "run.jsonl")
    >>> with ResumeFile(path, {"mode": "demo", "tasks": 2}) as record:
    ...     record.add(1, Partial(hands=5), task_key(("task", 1)))
    >>> with ResumeFile(path, {"mode": "demo", "tasks": 2}) as record:
    ...     sorted(record.check([task_key(("task", 0)), task_key(("task", 1))], [5, 5]))
    [1]
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

import numpy as np

from ..core import PokerInputError
from ._compare import Partial

#: The first line's format name and version.
FORMAT = "pysolver crossval resume file"
VERSION = 2


def task_key(description: object) -> str:
    """A short digest of a task's description (its arguments): arrays by their bytes, rule books
    by their fingerprint, functions by their name, so that it is the same in every process."""

    def plain(x: object) -> object:
        if isinstance(x, np.ndarray):
            return ["array", str(x.dtype), list(x.shape), hashlib.sha256(np.ascontiguousarray(x).tobytes()).hexdigest()]
        if isinstance(x, (tuple, list)):
            return [plain(item) for item in x]
        if isinstance(x, dict):
            return [[str(k), plain(v)] for k, v in sorted(x.items(), key=lambda kv: str(kv[0]))]
        if x is None or isinstance(x, (bool, int, float, str)):
            return x
        if isinstance(x, (np.integer, np.floating)):
            return x.item()
        if hasattr(x, "fingerprint"):
            return ["rules", str(x.fingerprint)]
        if callable(x) and hasattr(x, "__qualname__"):
            return ["function", f"{getattr(x, '__module__', '')}.{x.__qualname__}"]
        return ["object", type(x).__qualname__, str(getattr(x, "name", ""))]

    return hashlib.sha256(json.dumps(plain(description)).encode()).hexdigest()[:16]


def _digest(run: dict, index: int, key: str, partial: dict) -> str:
    return hashlib.sha256(json.dumps([run, index, key, partial], sort_keys=True).encode()).hexdigest()[:32]


class ResumeFile:
    """The finished tasks of one run (``done``: task index -> partial), and where new ones go.

    ``run`` describes the run (plain JSON data); a file written for another run,
    a file that is not a resume file, a line that is not what was written, or a
    file another run holds, is refused with a :class:`~pysolver.PokerInputError`
    naming it, and left as it is.
    """

    def __init__(self, path: str | os.PathLike, run: dict):
        self.path = Path(path)
        self.run = json.loads(json.dumps(run))  # as it reads back from the file
        self.done: dict[int, Partial] = {}
        self._keys: dict[int, tuple[int, str]] = {}  # task index -> (line number, key)
        self._file: TextIO | None = None
        self._good_bytes: int | None = None  # where a last line cut short begins
        self._lock: int | None = None
        self._made = not self.path.exists()  # made empty here: removed if nothing is written
        if not self._made and not self.path.is_file():
            raise self._refuse("not a regular file")
        self._hold()
        self._read()

    def _refuse(self, why: str) -> PokerInputError:
        return PokerInputError(f"resume file '{self.path}': {why}")

    def _hold(self) -> None:
        """Take the file's lock, or refuse: another run is writing it."""
        if self._lock is not None:
            return
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as error:
            raise self._refuse(f"cannot be opened ({error.strerror or type(error).__name__})") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise self._refuse("another run is using it (wait for it to end, or give another file)") from None
        self._lock = fd

    def _read(self) -> None:
        try:
            lines = self.path.read_text(encoding="utf-8").split("\n")
        except (OSError, UnicodeDecodeError) as error:
            raise self._refuse(f"cannot be read ({type(error).__name__})") from None
        if lines == [""]:
            return  # made empty by a run that ended before writing
        try:
            head = json.loads(lines[0])
        except json.JSONDecodeError:
            head = None
        if not isinstance(head, dict) or head.get("format") != FORMAT:
            raise self._refuse("not a resume file of pysolver crossval")
        if head.get("version") != VERSION:
            raise self._refuse(f"version {head.get('version')} (this pysolver reads version {VERSION})")
        if head.get("run") != self.run:
            theirs: dict = head["run"] if isinstance(head.get("run"), dict) else {}
            differ = [k for k in sorted(set(theirs) | set(self.run)) if theirs.get(k) != self.run.get(k)]
            shown = ", ".join(f"{k} {theirs.get(k)!r} (now {self.run.get(k)!r})" for k in differ[:3])
            raise self._refuse(f"written for another run: {shown}")
        tasks = self.run.get("tasks")
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                index, key, data, digest = entry["task"], entry["key"], entry["partial"], entry["digest"]
            except (json.JSONDecodeError, KeyError, TypeError):
                if number == len(lines) or (number == len(lines) - 1 and not lines[-1]):
                    # the last line, cut short: dropped when the file is next written; its task runs again
                    self._good_bytes = len("\n".join(lines[: number - 1]).encode("utf-8")) + 1
                    break
                raise self._refuse(f"line {number} is not a finished task") from None
            if (
                not isinstance(index, int)
                or isinstance(index, bool)
                or (isinstance(tasks, int) and not 0 <= index < tasks)
            ):
                raise self._refuse(f"line {number}: task {index!r} is not one of this run's")
            if digest != _digest(self.run, index, key, data):
                raise self._refuse(
                    f"line {number} (task {index}) is not what this run wrote: its digest does not "
                    "match (edited, or copied from another line)"
                )
            try:
                partial = Partial.from_dict(data)
            except (KeyError, TypeError, ValueError):
                raise self._refuse(f"line {number} (task {index}) is not a finished task") from None
            self.done[index] = partial
            self._keys[index] = (number, key)

    def check(self, keys: Sequence[str], sizes: Sequence[int] | None = None) -> dict[int, Partial]:
        """The tasks on file, once each one's key matches ``keys`` (the run's tasks, derived
        again) and, given ``sizes``, its hands match its task's size; else refused."""
        for index, (number, key) in self._keys.items():
            if index >= len(keys) or key != keys[index]:
                raise self._refuse(
                    f"line {number}: task {index} is not this run's task {index} (its description differs)"
                )
            if sizes is not None and self.done[index].hands != sizes[index]:
                raise self._refuse(
                    f"line {number}: task {index} counts {self.done[index].hands:,} hands; the task "
                    f"has {sizes[index]:,}"
                )
        return dict(self.done)

    def add(self, index: int, partial: Partial, key: str) -> None:
        """Record task ``index`` (described by ``key``) as finished (written through to the disk at once)."""
        file = self._open()
        data = partial.to_dict()
        file.write(
            json.dumps({"task": index, "key": key, "partial": data, "digest": _digest(self.run, index, key, data)})
            + "\n"
        )
        file.flush()
        os.fsync(file.fileno())
        self.done[index] = partial
        self._keys[index] = (0, key)

    def _open(self) -> TextIO:
        if self._file is not None:
            return self._file
        fresh = not self.path.exists() or self.path.stat().st_size == 0
        self._hold()
        try:
            self._file = file = open(self.path, "a", encoding="utf-8")  # noqa: SIM115 (open while the run lasts)
            if fresh:
                file.write(json.dumps({"format": FORMAT, "version": VERSION, "run": self.run}) + "\n")
            elif self._good_bytes is not None:
                file.truncate(self._good_bytes)
            elif not self.path.read_bytes().endswith(b"\n"):
                file.write("\n")  # a whole last line, its newline not written
        except OSError as error:
            raise self._refuse(f"cannot be written ({error.strerror or type(error).__name__})") from None
        return file

    def close(self) -> None:
        """Close the file and let go of its lock."""
        if self._file is not None:
            self._file.close()
            self._file = None
        if self._lock is not None:
            if self._made and not self.done:
                try:
                    if self.path.stat().st_size == 0:
                        self.path.unlink()
                except OSError:
                    pass
            os.close(self._lock)
            self._lock = None

    def __enter__(self) -> ResumeFile:
        self._open()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()


__all__ = ["FORMAT", "VERSION", "ResumeFile", "task_key"]
