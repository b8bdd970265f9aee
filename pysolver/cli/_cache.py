"""``pysolver cache [--clear] [--json]``: the rule variants' tables cached on disk.

A rule variant's evaluator tables are ranked by clingo on first use and kept in
``$PYSOLVER_CACHE``, ``$XDG_CACHE_HOME/pysolver`` or ``~/.cache/pysolver`` (the most recently used
:data:`~pysolver.evaluator._variants.CACHE_KEEP`). This lists them: file, size,
rules and when each was last used; ``--clear`` deletes them (they are ranked
again when next needed).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

from ..evaluator import CACHE_KEEP, CachedTables, cache_root, cached_tables, clear_cache
from ._options import add_json_option, emit


@dataclass(frozen=True)
class CacheReport:
    """The cache folder and its tables (or, after ``--clear``, the tables deleted).

    >>> print(CacheReport("/tmp/none", (), now=0.0))
    /tmp/none: no cached tables
    """

    folder: str
    files: tuple[CachedTables, ...]
    cleared: bool = False
    now: float = field(default_factory=time.time)

    @property
    def total(self) -> int:
        """The files' size in bytes."""
        return sum(entry.size for entry in self.files)

    def to_dict(self) -> dict:
        """What ``pysolver cache --json`` prints."""
        return {
            "folder": self.folder,
            "keeps": CACHE_KEEP,
            "cleared": self.cleared,
            "bytes": self.total,
            "files": [
                {
                    "file": entry.path.name,
                    "bytes": entry.size,
                    "rules": entry.rules,
                    "age_seconds": round(max(self.now - entry.last_used, 0.0), 1),
                }
                for entry in self.files
            ],
        }

    def __str__(self) -> str:
        if not self.files:
            return f"{self.folder}: no cached tables" + (" to clear" if self.cleared else "")
        count = f"{len(self.files)} file{'s' if len(self.files) != 1 else ''}, {_size(self.total)}"
        if self.cleared:
            return f"{self.folder}: cleared {count}"
        name = max(len(entry.path.name) for entry in self.files)
        rules = max(len(entry.rules) for entry in self.files)
        rows = [
            f"{entry.path.name:<{name}}  {_size(entry.size):>7}  {entry.rules:<{rules}}  "
            f"used {_age(self.now - entry.last_used)}"
            for entry in self.files
        ]
        return "\n".join([f"{self.folder}: {count} (keeps the {CACHE_KEEP} most recently used)"] + rows)


def _size(count: int) -> str:
    """``'612 KB'``, ``'1.2 MB'``: bytes in decimal units.

    >>> _size(999), _size(612_345), _size(1_234_567)
    ('999 B', '612 KB', '1.2 MB')
    """
    for unit, scale in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if count >= scale:
            amount = count / scale
            return f"{amount:.1f} {unit}" if amount < 10 else f"{amount:.0f} {unit}"
    return f"{count} B"


def _age(seconds: float) -> str:
    """``'just now'``, ``'5 minutes ago'``, ``'3 days ago'``.

    >>> _age(3), _age(330), _age(3 * 86400 + 5)
    ('just now', '5 minutes ago', '3 days ago')
    """
    for unit, scale in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= scale:
            amount = int(seconds // scale)
            return f"{amount} {unit}{'s' if amount != 1 else ''} ago"
    return "just now"


def add_parser(subparsers) -> None:
    parser = subparsers.add_parser(
        "cache",
        help="list or clear the rule variants' tables cached on disk",
        description="List the evaluator tables of rule variants cached in $PYSOLVER_CACHE, "
        f"$XDG_CACHE_HOME/pysolver or ~/.cache/pysolver (the {CACHE_KEEP} most recently used are kept), "
        "or delete them.",
    )
    parser.add_argument("--clear", action="store_true", help="delete the cached tables")
    add_json_option(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    folder = cache_root()
    files = clear_cache(folder) if args.clear else cached_tables(folder)
    emit(CacheReport(str(folder), tuple(files), args.clear), args.json)
    return 0


__all__ = ["CacheReport", "add_parser", "run"]
