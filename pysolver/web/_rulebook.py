"""Rule text typed into a page: untrusted, checked as rule files are, never a server path.

A page sends the text of a rule book; :class:`RuleTexts` writes it to a
private folder of the server's own (mode 0700, one subfolder per text, named by
its digest), refuses ``#include`` and ``#script`` with the library's checker
(:func:`pysolver.asp.read_rule_files`), and loads it with
:func:`pysolver.load_rules` under the server's time and memory limits, as the
command line loads ``--rules FILE``. Messages name the text as ``rules.lp``,
never the folder, and say the line when they know it (:func:`error_line`).

    >>> texts = RuleTexts()
    >>> texts.rules('royal(ace).\\n#include "/etc/passwd".\\n')
    Traceback (most recent call last):
    ...
    pysolver.RuleFileError: rule file 'rules.lp', line 2: #include is refused: this rule text may not read other files
    >>> texts.close()
"""

from __future__ import annotations

import hashlib
import re
import shutil
import tempfile
import threading
from collections import OrderedDict
from dataclasses import replace
from pathlib import Path

from ..asp import read_rule_files
from ..core import VARIANTS, Limits, RuleFileError, Rules
from ..rulebook import load_rules

FILE_NAME = "rules.lp"
"""What a page's rule text is called in messages."""
AGAINST_FILE = "against.lp"
"""What the second rule text of a diff (rule book A, ``against_text``) is called in messages."""
KEPT = 32
"""Rule texts kept loaded (each in its folder) before the oldest is forgotten."""

_LINE = re.compile(r"(?:line (\d+)|(?:rules|against)\.lp:(\d+):\d+)")


def error_line(message: str) -> int | None:
    """The line of the rule text a message is about, if it says one.

    >>> error_line("rule file 'rules.lp', line 4: #script is refused"), error_line("rules.lp:7:3-4: error")
    (4, 7)
    >>> error_line("the category order is incomplete") is None
    True
    """
    found = _LINE.search(message)
    return int(found.group(1) or found.group(2)) if found else None


class RuleTexts:
    """Rule books from text, each loaded once and kept while recently used."""

    def __init__(self, limits: Limits = Limits()) -> None:
        self.limits = limits
        self._root = Path(tempfile.mkdtemp(prefix="pysolver-web-"))
        self._loaded: OrderedDict[str, Rules] = OrderedDict()
        self._lock = threading.Lock()

    def rules(self, text: str, name: str | None = None, file_name: str = FILE_NAME) -> Rules:
        """The rule book ``text`` defines, checked against the contract, called ``file_name``
        in messages and results. ``name`` (a shipped variant) with empty text is that variant."""
        if not text.strip():
            return load_rules(variant(name or "standard"))
        digest = hashlib.sha256(f"{file_name}\n{text}".encode("utf-8", "surrogatepass")).hexdigest()[:32]
        with self._lock:
            if digest in self._loaded:
                self._loaded.move_to_end(digest)
                return self._loaded[digest]
        folder = self._root / digest
        folder.mkdir(mode=0o700, exist_ok=True)
        path = folder / file_name
        try:
            path.write_text(text, encoding="utf-8", errors="strict")
            read_rule_files([str(path)], includes=False)
            rules = replace(load_rules(str(path), limits=self.limits), name=file_name)
        except UnicodeEncodeError:
            raise RuleFileError(f"rule file '{file_name}': not UTF-8 text") from None
        except RuleFileError as error:
            shutil.rmtree(folder, ignore_errors=True)
            raise RuleFileError(str(error).replace(f"{folder}/", "")) from None
        with self._lock:
            self._loaded[digest] = rules
            while len(self._loaded) > KEPT:
                old, _ = self._loaded.popitem(last=False)
                shutil.rmtree(self._root / old, ignore_errors=True)
        return rules

    def close(self) -> None:
        """Forget every text and remove the folder."""
        with self._lock:
            self._loaded.clear()
        shutil.rmtree(self._root, ignore_errors=True)


def variant(name: str) -> str:
    """A shipped variant's name, checked: a page names rules, never a path on the server.

    >>> variant("/etc/passwd")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pysolver.RuleFileError: rules '/etc/passwd': not a shipped variant (standard, short_deck, ...)
    """
    if name not in VARIANTS:
        raise RuleFileError(f"rules {name[:60]!r}: not a shipped variant ({', '.join(VARIANTS)})")
    return name


__all__ = ["FILE_NAME", "AGAINST_FILE", "KEPT", "RuleTexts", "error_line", "variant"]
