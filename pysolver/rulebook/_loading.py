"""Loading a rule book: a shipped name or your own files, read, ground and checked once.

A rule book is vocabulary (:class:`~pysolver.Rules`, :class:`~pysolver.core.Game`), not
part of the clingo runtime: every engine takes one from :func:`load_rules` (or
:func:`rules_of`, which passes a :class:`~pysolver.Rules` through). Loading reads the
files (:func:`pysolver.asp._rulefiles.read_rule_book`: untrusted input, checked
before clingo sees it), refuses what the contract forbids
(:func:`~pysolver.rulebook._contract.check_rule_book`), grounds the facts under the
rules' limits and reads them into a checked :class:`~pysolver.Rules`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache

from ..asp._codec import RULES_FACTS, read_atoms
from ..asp._limited import call_limited
from ..asp._rulefiles import read_rule_book
from ..asp._runtime import OUTCOME_FILES, AspProgram, encoding_statements
from ..core import STANDARD, VARIANTS, Limits, RuleFileError, Rules, RulesLike, rules_fingerprint, variant_path
from ._contract import check_rule_book, defined


def load_rules(
    rules: RulesLike = None, add: Iterable[str | os.PathLike] = (), *, limits: Limits | None = None
) -> Rules:
    """The rule book named (a shipped variant) or at a path, with files added, checked.

    ``load_rules()`` is the standard game (no clingo is started for it); a
    :class:`Rules` passed in is returned as it is when nothing is added. Your
    own files are untrusted input (:mod:`pysolver.asp._rulefiles`): grounded under
    ``limits`` (by default :class:`~pysolver.core._rules.Limits`). A file that does
    not parse, does not ground or breaks the contract raises
    :class:`~pysolver.RuleFileError` naming it.

    >>> rules = load_rules("short_deck")
    >>> len(rules.deck), rules.describe_deck()
    (36, 'six through ace')
    >>> [c.snake for c in rules.order[-5:]]
    ['full_house', 'flush', 'four_of_a_kind', 'straight_flush', 'royal_flush']
    """
    if isinstance(add, (str, os.PathLike)):
        add = [add]
    elif isinstance(add, bytes) or not hasattr(add, "__iter__"):
        raise TypeError(f"add {str(add)[:40]!r}: expected the paths of rule files, not {type(add).__name__}")
    added = tuple(os.fspath(f) if isinstance(f, (str, os.PathLike)) else f for f in add)
    for file in added:
        if not isinstance(file, str):
            raise RuleFileError(f"rule file {file!r}: expected the path of an .lp file")
    if isinstance(rules, Rules):
        if not added and limits is None:
            return rules
        return load_rules(
            rules.name if rules.name in VARIANTS else rules.path, rules.added + added, limits=limits or rules.limits
        )
    if rules is not None and not isinstance(rules, (str, os.PathLike)):
        raise RuleFileError(
            f"rules {rules!r}: expected a variant's name ({', '.join(VARIANTS)}) or the path of a rules file"
        )
    spec = "standard" if rules is None else os.fspath(rules)
    if spec == "standard" and not added:
        return STANDARD if limits is None else replace(STANDARD, limits=limits)
    files = (str(variant_path(spec)) if spec in VARIANTS else spec,) + added
    return _load(spec, files, read_fingerprint(spec, files), limits or Limits())


def read_fingerprint(name: str, files: Sequence[str]) -> str:
    """The digest of the texts a rule book named ``name`` reads from ``files`` (its rules file,
    then the files added), each file followed by what it includes, as they are now. The files are
    read again only when one of those last read (includes too) changed its size or modification
    time, or is gone: naming a game on every call costs a few file lookups, not a read.

    >>> read_fingerprint("standard", [STANDARD.path]) == STANDARD.fingerprint
    True
    """
    key = (name, tuple(files))
    seen = _last_read.get(key)
    if seen is not None and _status(seen[0]) == seen[1]:
        return seen[2]
    read = read_rule_book(name, files)
    paths = tuple(rule.path for rule in read)
    status = _status(paths)
    fingerprint = rules_fingerprint(rule.text for rule in read)
    if status is not None:
        _last_read[key] = (paths, status, fingerprint)
    return fingerprint


_last_read: dict[tuple[str, tuple[str, ...]], tuple[tuple[str, ...], tuple, str]] = {}
"""The files each rule book last read, their status then and their fingerprint."""


def _status(paths: tuple[str, ...]) -> tuple | None:
    """Each file's modification time and size (None when one cannot be read)."""
    try:
        return tuple((s.st_mtime_ns, s.st_size) for s in map(os.stat, paths))
    except OSError:
        return None


def rules_of(rules: RulesLike) -> Rules:
    """A :class:`Rules` from a name, a path, a Rules or None (the standard game)."""
    return rules if isinstance(rules, Rules) else load_rules(rules)


@lru_cache(maxsize=32)
def _load(name: str, files: tuple[str, ...], digest: str, limits: Limits) -> Rules:
    """The rules' data the files derive (``digest`` identifies the texts read), checked."""
    unread = replace(
        STANDARD,
        name=name,
        path=files[0],
        added=files[1:],
        fingerprint=digest,  # files to read
        limits=limits,
    )
    program = AspProgram(unread, encodings=("cards.lp",))
    own = () if name in VARIANTS else [rule.path for rule in read_rule_book(name, files[:1])]  # with its includes
    check_rule_book(program.rule_texts, defined(encoding_statements(OUTCOME_FILES)), facts_only=own)

    def facts() -> dict[str, list[tuple]]:
        ctl = program.ground("")  # a rule file's warnings come when the rules are solved
        return read_atoms((a.symbol for a in ctl.symbolic_atoms), RULES_FACTS)

    found = facts() if program.rules.trusted else call_limited(facts, limits, program.label)
    return replace(Rules.from_facts(name, files, found, digest), limits=limits)


__all__ = ["load_rules", "read_fingerprint", "rules_of"]
