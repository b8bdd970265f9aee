"""A resume file: each finished task of a long cross-validation, written as it finishes.

A run given ``resume=FILE`` (``--resume FILE``) appends one JSON line per
finished task to the file, after a first line that describes the run (mode,
tasks, rules fingerprint, seed). Run again with the same file and the same
run, it counts the recorded tasks as done and runs only the others; the
report is the one an uninterrupted run gives. A last line cut short (the run
was killed while writing it) is dropped, and its task runs again.

    >>> import tempfile, os
    >>> path = os.path.join(tempfile.mkdtemp(), "run.jsonl")
    >>> with ResumeFile(path, {"mode": "demo", "tasks": 2}) as record:
    ...     record.add(1, Partial(hands=5))
    >>> sorted(ResumeFile(path, {"mode": "demo", "tasks": 2}).done)
    [1]
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..core import PokerInputError
from ._compare import Partial

#: The first line's format name and version.
FORMAT = "pysolver crossval resume file"
VERSION = 1


class ResumeFile:
    """The finished tasks of one run (``done``: task index -> partial), and where new ones go.

    ``run`` describes the run (plain JSON data); a file written for another run,
    or a file that is not a resume file, is refused with a
    :class:`~pysolver.PokerInputError` naming it, and left as it is.
    """

    def __init__(self, path: str | os.PathLike, run: dict):
        self.path = Path(path)
        self.run = json.loads(json.dumps(run))          # as it reads back from the file
        self.done: dict[int, Partial] = {}
        self._file = None
        self._good_bytes: int | None = None            # where a last line cut short begins
        if self.path.exists():
            self._read()

    def _refuse(self, why: str) -> PokerInputError:
        return PokerInputError(f"resume file '{self.path}': {why}")

    def _read(self) -> None:
        if not self.path.is_file():
            raise self._refuse("not a regular file")
        try:
            lines = self.path.read_text(encoding="utf-8").split("\n")
        except (OSError, UnicodeDecodeError) as error:
            raise self._refuse(f"cannot be read ({type(error).__name__})") from None
        try:
            head = json.loads(lines[0])
        except json.JSONDecodeError:
            head = None
        if not isinstance(head, dict) or head.get("format") != FORMAT:
            raise self._refuse("not a resume file of pysolver crossval")
        if head.get("version") != VERSION:
            raise self._refuse(f"version {head.get('version')} (this pysolver reads version {VERSION})")
        if head.get("run") != self.run:
            theirs = head.get("run") if isinstance(head.get("run"), dict) else {}
            differ = [k for k in sorted(set(theirs) | set(self.run)) if theirs.get(k) != self.run.get(k)]
            shown = ", ".join(f"{k} {theirs.get(k)!r} (now {self.run.get(k)!r})" for k in differ[:3])
            raise self._refuse(f"written for another run: {shown}")
        tasks = self.run.get("tasks")
        for number, line in enumerate(lines[1:], start=2):
            if not line.strip():
                continue
            try:
                entry = json.loads(line)
                index = entry["task"]
                partial = Partial.from_dict(entry["partial"])
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                if number == len(lines) or (number == len(lines) - 1 and not lines[-1]):
                    # the last line, cut short: dropped when the file is next written; its task runs again
                    self._good_bytes = len("\n".join(lines[:number - 1]).encode("utf-8")) + 1
                    break
                raise self._refuse(f"line {number} is not a finished task") from None
            if not isinstance(index, int) or (isinstance(tasks, int) and not 0 <= index < tasks):
                raise self._refuse(f"line {number}: task {index!r} is not one of this run's")
            self.done[index] = partial

    def add(self, index: int, partial: Partial) -> None:
        """Record task ``index`` as finished (written through to the disk at once)."""
        if self._file is None:
            self._open()
        self._file.write(json.dumps({"task": index, "partial": partial.to_dict()}) + "\n")
        self._file.flush()
        os.fsync(self._file.fileno())
        self.done[index] = partial

    def _open(self) -> None:
        fresh = not self.path.exists()
        try:
            self._file = open(self.path, "a", encoding="utf-8")
            if fresh:
                self._file.write(json.dumps({"format": FORMAT, "version": VERSION, "run": self.run}) + "\n")
            elif self._good_bytes is not None:
                self._file.truncate(self._good_bytes)
            elif not self.path.read_bytes().endswith(b"\n"):
                self._file.write("\n")                   # a whole last line, its newline not written
        except OSError as error:
            raise self._refuse(f"cannot be written ({error.strerror or type(error).__name__})") from None

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> "ResumeFile":
        self._open()
        return self

    def __exit__(self, *exc) -> None:
        self.close()


__all__ = ["FORMAT", "VERSION", "ResumeFile"]
