"""The evaluator's tables for a rule variant, ranked by clingo from the variant's own files.

The evaluator of the standard game ships tables built from a Python reference
ranking (:mod:`pysolver.evaluator._shipped_tables`). A variant is defined by ASP facts and
rules (:mod:`pysolver.core._rules`), so its tables are ranked by the ASP encodings
themselves, and whatever a rules file says flows through to the evaluator and
the odds engine:

1. every class of five-card hand in the variant's deck gets one representative
   hand -- each rank multiset offsuit (at most four of a rank) and each set of
   five distinct ranks suited: 7,462 hands for the full deck, 1,404 for the
   36-card short deck;
2. clingo solves them all under the variant's rules, one showdown per class in
   one program per 1,000 classes; the ASP ``hand_value`` orders the classes,
   and a class's value is 1 + its position (equal ``hand_value``, equal value);
3. a 6- or 7-card rank multiset or flush mask gets the best value of its
   five-card subsets (:func:`pysolver.evaluator._shipped_tables.rank_value_items`), on the
   standard tables' perfect hash (the variant's multisets are some of its keys).

Ranking the 7,462 classes of a full deck takes a few seconds, so the tables are
cached on disk per variant: ``$PYSOLVER_CACHE``, else ``$XDG_CACHE_HOME/pysolver``,
else ``~/.cache/pysolver``, one file per fingerprint of the rules files and the
encodings, with a digest of its tables and of the rule book they were ranked for:
a file cut short, with a flipped bit, or another rule book's tables copied over it,
is ranked again and written anew. Reading a file marks
it used; writing one keeps the :data:`CACHE_KEEP` most recently used and
deletes the rest (:func:`cached_tables` lists them, :func:`clear_cache` deletes
them; ``pysolver cache`` does both). (The standard game ranked this way gives
exactly the shipped tables: a test checks it.)

    >>> t = variant_tables(load_rules("short_deck"))
    >>> len(t["classes"]), int(t["flush_values"].max())      # 1,404 classes, the royal flush on top
    (1404, 1404)
"""

from __future__ import annotations

import hashlib
import logging
import os
import tempfile
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from pathlib import Path

import numpy as np

from ..asp._codec import DealInput, read_driver, tiebreak_from_value
from ..asp._runtime import ENCODING_FILES, AspProgram, encoding_text
from ..core import Category, Rules
from ..rulebook import load_rules  # noqa: F401 (the example above)
from ._shipped_tables import (
    RANK_MULTIPLIERS,
    RANK_SHIFT,
    deck_multisets,
    flush_value_table,
    load_shipped_tables,
    multiset_ranks,
    rank_value_items,
)

log = logging.getLogger("pysolver.evaluator")

#: How many class hands one clingo program ranks, each a showdown of its own.
SHOWDOWNS_PER_PROGRAM = 1000
CACHE_VERSION = "3"  # 3: the shipped perfect hash, which variants reuse, starts every row at an even slot
CACHE_KEEP = 32
"""How many variants' tables the disk cache keeps: the most recently used."""


def class_hands(faces) -> tuple[np.ndarray, np.ndarray]:
    """One five-card hand per class of a deck with these ranks: (offsuit (n, 5), suited (m, 5)).

    Offsuit hands give each copy of a rank its own suit and break a would-be
    flush of five distinct ranks with a diamond; suited hands are spades.

    >>> offsuit, suited = class_hands(range(13))
    >>> len(offsuit), len(suited)
    (6175, 1287)
    """
    ranks = multiset_ranks(deck_multisets(5, faces))
    copies = (ranks[:, :, None] == ranks[:, None, :]) & np.tri(5, k=-1, dtype=bool)  # earlier equal ranks
    suits = copies.sum(axis=2)
    suits[(suits == 0).all(axis=1), 4] = 1
    suited = np.array(list(combinations(faces, 5)), dtype=np.int64)
    return 4 * ranks + suits, 4 * suited + 3


def rank_classes(rules: Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Solve every class hand with clingo: (hands (n, 5), category (n,), hand_value (n,))."""
    hands = np.concatenate(class_hands(rules.faces))
    program = AspProgram(rules)
    category = np.full(len(hands), -1, dtype=np.int64)
    value = np.zeros(len(hands), dtype=np.int64)
    for start in range(0, len(hands), SHOWDOWNS_PER_PROGRAM):
        chunk = hands[start : start + SHOWDOWNS_PER_PROGRAM]  # each hand a showdown of its own: two hole cards, a flop
        atoms, _ = program.run(DealInput.from_indices(list(chunk[:, None, :2]), list(chunk[:, 2:])))
        for g, (players, _) in enumerate(read_driver(atoms, len(chunk)), start):
            category[g], value[g] = players[0].category, players[0].value
    return hands, category, value


def build_variant_tables(rules: Rules) -> dict[str, np.ndarray]:
    """The evaluator's tables for ``rules`` (see the module docstring)."""
    hands, category, hand_value = rank_classes(rules)
    distinct, index = np.unique(hand_value, return_inverse=True)
    values = index + 1
    ranks = hands >> 2
    n_offsuit = len(hands) - len(list(combinations(rules.faces, 5)))
    offsuit = dict(zip(RANK_MULTIPLIERS[ranks[:n_offsuit]].sum(axis=1).tolist(), values[:n_offsuit].tolist()))
    suited = dict(zip((1 << ranks[n_offsuit:]).sum(axis=1).tolist(), values[n_offsuit:].tolist()))
    classes = np.full((len(distinct), 6), -1, dtype=np.int8)
    for row, cat, v in zip(index, category, hand_value):
        tiebreak = tiebreak_from_value(Category(cat), int(v))
        classes[row, : 1 + len(tiebreak)] = (cat,) + tiebreak
    shipped = load_shipped_tables()
    offsets = shipped["rank_offsets"].astype(np.int64)
    keys, key_values = rank_value_items(offsuit, rules.faces)
    rank_values = np.zeros_like(shipped["rank_values"])
    rank_values[keys + offsets[keys >> RANK_SHIFT]] = key_values
    return {
        "rank_offsets": shipped["rank_offsets"],
        "rank_values": rank_values,
        "flush_values": flush_value_table(suited, rules.faces),
        "classes": classes,
    }


def cache_root() -> Path:
    """The cache folder: ``$PYSOLVER_CACHE``, else ``$XDG_CACHE_HOME/pysolver``, else
    ``~/.cache/pysolver`` (an empty or relative ``XDG_CACHE_HOME`` is ignored, as the XDG
    specification says)."""
    if os.environ.get("PYSOLVER_CACHE"):
        return Path(os.environ["PYSOLVER_CACHE"])
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    return (Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache") / "pysolver"


def _cache_key(rules: Rules) -> str:
    """What identifies the tables of ``rules``: the rule book's and the encodings' texts."""
    encodings = "\0".join(encoding_text(name) for name in ENCODING_FILES)
    return hashlib.sha256(f"{CACHE_VERSION}\0{rules.fingerprint}\0{encodings}".encode()).hexdigest()


def cache_path(rules: Rules) -> Path:
    """Where the tables of ``rules`` are cached: one file per rules and encodings text."""
    return cache_root() / f"tables-{Path(rules.name).stem}-{_cache_key(rules)[:20]}.npz"


def _tables_digest(key: str, tables: dict[str, np.ndarray]) -> str:
    """A digest of the tables and of the rule book they were ranked for (its cache key)."""
    digest = hashlib.sha256(key.encode())
    for name in sorted(tables):
        table = np.ascontiguousarray(tables[name])
        digest.update(f"\0{name}\0{table.dtype.str}\0{table.shape}\0".encode())
        digest.update(table.tobytes())
    return digest.hexdigest()


def _read_cached(path: Path, key: str) -> dict[str, np.ndarray] | None:
    """The tables cached at ``path`` for the rule book ``key``, or None when the file is missing,
    damaged (cut short, a flipped bit) or holds other tables (another rule book's, copied over)."""
    try:
        with np.load(path, allow_pickle=False) as data:
            tables = {name: data[name] for name in data.files}
    except FileNotFoundError:
        return None
    except Exception as error:  # a damaged zip or array: zipfile, zlib, numpy, OS errors
        log.warning("cached tables %s unreadable (%s): ranked again", path, type(error).__name__)
        return None
    digest = tables.pop("digest", np.array("")).item()
    if digest != _tables_digest(key, tables):
        log.warning("cached tables %s are not the ones ranked for these rules: ranked again", path)
        return None
    return tables


@dataclass(frozen=True)
class CachedTables:
    """One cached file: its path, its size in bytes, the name of its rules, when it was last used."""

    path: Path
    size: int
    rules: str
    last_used: float


def cached_tables(root: Path | None = None) -> list[CachedTables]:
    """The cached tables in ``root`` (default :func:`cache_root`), most recently used first.

    >>> import tempfile; cached_tables(Path(tempfile.mkdtemp()))
    []
    """
    entries = []
    for path in (cache_root() if root is None else root).glob("tables-*.npz"):
        try:
            stat = path.stat()
        except OSError:
            continue  # deleted meanwhile by another process
        rules = path.name[len("tables-") : -len(".npz")].rpartition("-")[0]
        entries.append(CachedTables(path, stat.st_size, rules, stat.st_mtime))
    return sorted(entries, key=lambda entry: (-entry.last_used, entry.path.name))


def clear_cache(root: Path | None = None) -> list[CachedTables]:
    """Delete the cached tables (and unfinished writes) in ``root``; return the tables deleted."""
    root = cache_root() if root is None else root
    removed = []
    for entry in cached_tables(root):
        try:
            entry.path.unlink()
            removed.append(entry)
        except OSError:
            pass
    for part in root.glob(".tables-*.part"):
        try:
            part.unlink()
        except OSError:
            pass
    return removed


def _evict(root: Path, keep: int = CACHE_KEEP) -> None:
    """Delete all but the ``keep`` most recently used tables in ``root``."""
    for entry in cached_tables(root)[keep:]:
        try:
            entry.path.unlink()
        except OSError:
            pass


@lru_cache(maxsize=8)
def variant_tables(rules: Rules) -> dict[str, np.ndarray]:
    """The tables of ``rules``, from the disk cache (marking the file used) or built (and cached) now."""
    path, key = cache_path(rules), _cache_key(rules)
    tables = _read_cached(path, key)
    if tables is not None:
        try:
            os.utime(path)  # used now: the last to be evicted
        except OSError:
            pass
        return tables
    tables = build_variant_tables(rules)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, prefix=".tables-", suffix=".part", delete=False) as tmp:
            np.savez(tmp, digest=np.array(_tables_digest(key, tables)), **tables)  # type: ignore[arg-type]
        os.replace(tmp.name, path)
        _evict(path.parent)
    except OSError:
        pass  # a read-only home: rank again next time
    return tables


__all__ = [
    "SHOWDOWNS_PER_PROGRAM",
    "CACHE_VERSION",
    "CACHE_KEEP",
    "class_hands",
    "rank_classes",
    "build_variant_tables",
    "cache_root",
    "cache_path",
    "CachedTables",
    "cached_tables",
    "clear_cache",
    "variant_tables",
]
