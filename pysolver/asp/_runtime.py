"""The clingo runtime: the encodings, rule books, and grounding a program.

The encodings live in ``asp/`` (installed as the package ``pysolver.encodings``):

=====================  ==========================================================
``cards.lp``           suits and the rank of every face (the same in every variant)
``variants/*.lp``      the rules' data of a variant: its deck's faces, straights,
                       category order (:mod:`pysolver.core._rules`; ``standard.lp`` by default)
``hands.lp``           counts per face and suit, the hands each player makes, category
``tiebreak.lp``        best five cards, tie-break ranks, one comparable hand value
``tiebreak_ranks.lp``  the tie-break ranks by position (readable view, explanations)
``outcome.lp``         winners and ``game_outcome`` (win or tie)
``driver.lp``          what the solver reads: one packed atom per player
``compare.lp``         ``beats/3`` and ``ties/3`` between two players (readable view)
``show.lp``            the readable view for a person running clingo on the files
``runouts.lp``         what-if: every runout of a flop or turn as its own showdown
``explain.lp``         why: what decides between every two players, each card's role
``game.lp``            any game: the fives each player may form (hole and board parts)
``five_value.lp``      any game: a five's category and value on each scale the pots use
``pots.lp``            any game: each pot's best hands, winners, every player's share
``game_driver.lp``     any game: what the solver reads, one atom per player and pot
``game_explain.lp``    any game: why a player has no low, a better hand the five may not take
=====================  ==========================================================

A rule book whose game is hold'em's (:attr:`~pysolver.core.Game.holdem_shape`) is
solved by the specialised encodings (``hands.lp`` ...), any other by the generic
showdown (``game.lp`` ...), :data:`GAME_FILES`.

:func:`pysolver.load_rules` (:mod:`pysolver.rulebook`) reads a rule book and
checks it against the contract; :class:`AspProgram` holds the encodings under a
rule book and grounds and solves facts, turning every clingo error into a :class:`~pysolver.RuleFileError` with clingo's
message, file and line. What goes in and comes out is written by
:mod:`pysolver.asp._codec`.

    >>> from pysolver.asp._codec import showdown_facts
    >>> from pysolver import Deal
    >>> atoms, _ = AspProgram().run(showdown_facts(0, Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c")))
    >>> sorted(str(a) for a in atoms if a.name == "game_outcome")
    ['game_outcome(0,win,1)']
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TypeVar

import clingo
from clingo import ast

from ..core import (
    STANDARD,
    VARIANTS,
    RuleFileError,
    Rules,
    rules_fingerprint,
)
from ._codec import DEAL_INPUT_RULES, DealInput
from ._limited import call_limited
from ._rulefiles import RuleText, read_rule_book, rule_statements
from ._static import Solve, StaticPart, fact_names, predicate_names

log = logging.getLogger("pysolver.asp")
T = TypeVar("T")

ENCODING_FILES = ("cards.lp", "hands.lp", "tiebreak.lp", "outcome.lp", "driver.lp")
"""The encodings the driver loads, besides the rules file of the variant (``variants/*.lp``)."""
#: The same logic with the readable output (``category/3``, ``best_five/4``, ``tiebreak/4``, ...).
READABLE_FILES = ("cards.lp", "hands.lp", "tiebreak.lp", "tiebreak_ranks.lp", "outcome.lp", "compare.lp", "show.lp")
#: The driver's program with the reasons (``explain.lp``), loaded only when they are asked for.
EXPLAIN_FILES = ENCODING_FILES + ("tiebreak_ranks.lp", "explain.lp")
#: The what-if program (every runout of a flop or turn as its own showdown).
WHATIF_FILES = ("cards.lp", "hands.lp", "tiebreak.lp", "outcome.lp", "runouts.lp")

#: The generic showdown of any game: the fives each player may form, their values, the pots.
GAME_FILES = ("cards.lp", "game.lp", "five_value.lp", "pots.lp", "game_driver.lp")
#: The generic showdown with its reasons (``game_explain.lp``), loaded only when they are asked for.
GAME_EXPLAIN_FILES = GAME_FILES + ("game_explain.lp",)

#: What the encodings derive from the hand values: a rule file may define none of it.
OUTCOME_FILES = ("outcome.lp", "driver.lp", "pots.lp", "game_driver.lp")

RulePath = str | os.PathLike


def encoding_path(name: str) -> Path:
    """The installed path of one of the encodings, e.g. ``encoding_path('hands.lp')``."""
    return Path(str(resources.files("pysolver.encodings").joinpath(name)))


@cache
def encoding_text(name: str) -> str:
    """The text of one of the encodings (read once)."""
    return resources.files("pysolver.encodings").joinpath(name).read_text(encoding="utf-8")


@cache
def encoding_statements(names: tuple[str, ...]) -> tuple[ast.AST, ...]:
    """The encodings ``names`` parsed once into clingo AST statements (their comments left out:
    a control takes each statement it is given, and the documentation is half of them)."""
    statements: list[ast.AST] = []
    ast.parse_string("\n".join(encoding_text(n) for n in names), statements.append)
    return tuple(s for s in statements if s.ast_type != ast.ASTType.Comment)


@cache
def _deal_input_statements() -> tuple[ast.AST, ...]:
    statements: list[ast.AST] = []
    ast.parse_string(DEAL_INPUT_RULES, statements.append)
    return tuple(statements)


_DEAL_INPUT_NAMES = predicate_names(_deal_input_statements())
"""The predicates :class:`DealInput` defines (and the ones its rules read)."""


@dataclass(frozen=True)
class GroundSize:
    """The size of a ground program, from clingo's statistics (``problem.lp``)."""

    atoms: int
    rules: int


class AspProgram:
    """The showdown encodings under a variant's rules, ready to solve facts.

    ``rules`` is a :class:`~pysolver.Rules` (:func:`pysolver.load_rules` reads one;
    the standard game by default): its rules file and any files added to it are
    loaded after ``encodings``.
    """

    def __init__(self, rules: Rules | None = None, encodings: Sequence[str] = ENCODING_FILES):
        if rules is not None and not isinstance(rules, Rules):
            raise TypeError(f"rules {rules!r}: expected a Rules (pysolver.load_rules reads a name or a path)")
        self.rules = STANDARD if rules is None else rules
        files = (self.rules.path,) + self.rules.added
        read = read_rule_book(self.rules.name, files)
        if rules_fingerprint(rule.text for rule in read) != self.rules.fingerprint:  # e.g. on a cluster's worker
            raise RuleFileError(
                f"rules '{self.rules.name}': {', '.join(files)} (with what they include) are not "
                "the files the rules were loaded from; every process, and every worker of a "
                "cluster, needs the same files at the same path"
            )
        shipped = self.rules.name in VARIANTS
        own = tuple(encodings) + ((f"variants/{self.rules.name}.lp",) if shipped else ())
        self._encodings = encoding_statements(own)
        self._loaded: tuple[RuleText, ...] = tuple(read[1:] if shipped else read)  # what clingo reads
        self._parsed: tuple[ast.AST, ...] | None = None
        self._predicates: frozenset[str] | None = None
        self._static: dict[frozenset[str], StaticPart | None] = {}

    def run(self, facts: str | DealInput, *, statistics: bool = False) -> tuple[list[clingo.Symbol], GroundSize | None]:
        """Ground and solve the encodings with ``facts`` (a text or a :class:`DealInput`);
        return the shown atoms.

        Raises :class:`RuleFileError` with clingo's message (file and line) if a
        rule file does not parse or ground, or if the program has no answer or
        more than one. With your own rule files, the program is grounded and
        solved in a child process under the rules' limits. Clingo's warnings
        about a rule file are logged to the ``pysolver.asp`` logger.
        """
        if self.rules.trusted:
            atoms, size, warnings = self._run(facts, statistics)
        else:  # a symbol is a handle into its own process's table: across processes, its text
            # solved once, in a child, every later child inheriting it (the files are split here: they
            # parsed and grounded within the limits when the rules were loaded)
            self._static_part(facts, self._limited)
            texts, size, warnings = call_limited(
                lambda: self._run_text(facts, statistics), self.rules.limits, self.label
            )
            atoms = [clingo.parse_term(text) for text in texts]
        for warning in warnings:
            log.warning("clingo: %s", warning)  # e.g. a predicate no rule defines
        return atoms, size

    def _run_text(self, facts: str | DealInput, statistics: bool) -> tuple[list[str], GroundSize | None, list[str]]:
        atoms, size, warnings = self._run(facts, statistics)
        return [str(atom) for atom in atoms], size, warnings

    def _run(
        self, facts: str | DealInput, statistics: bool
    ) -> tuple[list[clingo.Symbol], GroundSize | None, list[str]]:
        warnings: list[str] = []
        ctl = self.ground(facts, ["--models=2"] + (["--stats"] if statistics else []), warnings=warnings)
        answers: list[list[clingo.Symbol]] = []
        result = ctl.solve(on_model=lambda m: answers.append(list(m.symbols(shown=True))))
        if not result.satisfiable:
            raise RuleFileError(
                f"the rules have no answer for these showdowns{self._blame()}: "
                "a rule file's constraint removes every answer"
            )
        if len(answers) > 1:
            raise RuleFileError(
                f"the rules have more than one answer{self._blame()}: "
                "a rule file makes a choice, but a showdown has one outcome"
            )
        size = None
        if statistics:
            lp = ctl.statistics["problem"]["lp"]
            size = GroundSize(atoms=int(lp["atoms"]), rules=int(lp["rules"]))
        return list(answers[0]), size, warnings

    def ground(
        self, facts: str | DealInput, args: Sequence[str] = (), *, warnings: list[str] | None = None
    ) -> clingo.Control:
        """A control with the encodings, the rules' files and ``facts``, grounded (clingo
        arguments ``args``); a file that does not parse or ground raises :class:`RuleFileError`.
        Clingo's warnings about a rule file go to ``warnings`` (others are logged as debug)."""
        messages: list[str] = []

        def logger(code: clingo.MessageCode, message: str) -> None:
            if code == clingo.MessageCode.RuntimeError:
                messages.append(message.strip())
            elif warnings is not None and any(path in message for path in self._files()):
                warnings.append(message.strip())
            else:
                log.debug("clingo: %s", message.strip())

        static = self._static_part(facts)
        ctl = clingo.Control(list(args), logger=logger, message_limit=20)
        try:
            with ast.ProgramBuilder(ctl) as builder:  # parsed once: saves ~1 ms per run
                for statement in self._statements() if static is None else static.facts + static.rest:
                    builder.add(statement)
                if isinstance(facts, DealInput):
                    for statement in _deal_input_statements():
                        builder.add(statement)
            for message in () if static is None else static.messages:
                logger(clingo.MessageCode.Other, message)
            if isinstance(facts, DealInput):
                ctl.ground([("base", [])], context=facts)
            else:
                ctl.add("base", [], facts)
                ctl.ground([("base", [])])
        except RuntimeError as error:
            raise RuleFileError(self._error_text(messages, error)) from None
        return ctl

    def _statements(self) -> tuple[ast.AST, ...]:
        """The encodings' statements, then the rule files' (parsed once)."""
        if self._parsed is None:
            self._parsed = self._encodings + tuple(s for rule in self._loaded for s in rule_statements(rule))
        return self._parsed

    def _static_part(self, facts: str | DealInput, solve: Solve | None = None) -> StaticPart | None:
        """The program split for ``facts`` (:mod:`pysolver.asp._static`): what no deal changes, solved
        once per set of input predicates, by ``solve`` (here by default; :meth:`run` solves your own
        rule files' in a child process under their limits, before the children that ground deals)."""
        statements = self._statements()
        if self._predicates is None:
            self._predicates = predicate_names(statements)
        inputs = self._predicates & (_DEAL_INPUT_NAMES if isinstance(facts, DealInput) else fact_names(facts))
        if not inputs:  # no deal: nothing to share with a later program (and every atom is wanted)
            return None
        if inputs not in self._static:
            self._static[inputs] = StaticPart.of(statements, inputs, solve)
        return self._static[inputs]

    def _limited(self, work: Callable[[], T]) -> T:
        """``work()`` in a child process under the rules' limits (:func:`call_limited`)."""
        return call_limited(work, self.rules.limits, self.label)

    @property
    def rule_texts(self) -> tuple[RuleText, ...]:
        """Your rule files as clingo reads them (checked, includes in reading order)."""
        return self._loaded

    def _files(self) -> list[str]:
        return [rule.path for rule in self._loaded]

    @property
    def label(self) -> str:
        """Your rule files, as an error names them."""
        rules = self.rules
        files = (() if rules.name in VARIANTS else (rules.path,)) + rules.added
        return f"rule file{'s' if len(files) > 1 else ''} " + ", ".join(f"'{f}'" for f in files)

    def _blame(self) -> str:
        return f" (rule files: {', '.join(self._files())})" if self._files() else ""

    def _error_text(self, messages: list[str], error: RuntimeError) -> str:
        text = "; ".join(" ".join(m.split()) for m in messages) or str(error)
        return f"clingo: {error}{self._blame()}: {text}"


__all__ = [
    "ENCODING_FILES",
    "OUTCOME_FILES",
    "encoding_statements",
    "GAME_FILES",
    "GAME_EXPLAIN_FILES",
    "EXPLAIN_FILES",
    "READABLE_FILES",
    "WHATIF_FILES",
    "AspProgram",
    "GroundSize",
    "encoding_path",
    "encoding_text",
]
