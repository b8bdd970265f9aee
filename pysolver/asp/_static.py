"""The part of a program that no deal changes, solved once: its atoms become facts.

A showdown's program is mostly about the deal, but a good part of it is not: the
cards' numbers, the subsets of a hand's places, the scales, the straights' rank
masks, the values of rank patterns. Grounding that part costs as much as
grounding a deal, on every call. :func:`split_static` finds the rules that
depend on no input (the predicates the deal's facts define, and anything
derived from them, through positive or negative literals, aggregates or
conditions), :class:`StaticPart` solves them once in a control of their own,
and every later program takes their atoms as facts in their place (the ones
the other rules read), with the rest of the rules as written. The answer is
the same: a predicate all of whose rules are static has, as facts, exactly the
atoms its rules derive.

Only normal rules are moved, and only from the ``base`` part: a choice, a
disjunction, an ``#external`` makes its predicates depend on the solve; a
constraint, a ``#show`` or any other directive stays where it is. Where the
static part has no single answer, or leaves an atom undecided, nothing is
moved.

    >>> from clingo import ast
    >>> rules = []
    >>> ast.parse_string("n(1..3). big(X) :- n(X), X > 1. hit(X) :- big(X), card(X).", rules.append)
    >>> part = StaticPart.of(tuple(rules), frozenset({"card"}))
    >>> sorted(str(s) for s in part.facts), len(part.rest)
    (['big(2).', 'big(3).'], 2)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

import clingo
from clingo import ast

T = TypeVar("T")
_SEQUENCES = (list, tuple, ast.ASTSequence)
_NAME = re.compile(r"[a-z_][A-Za-z0-9_']*")


def fact_names(text: str) -> frozenset[str]:
    """Every name in a text of facts (its predicates among them): the inputs it may define.

    >>> sorted(fact_names("hole(0,1,ace,spades). board(0,two,clubs)."))
    ['ace', 'board', 'clubs', 'hole', 'spades', 'two']
    """
    return frozenset(_NAME.findall(text))


def _names(node: object, found: set[str]) -> None:
    """The names of the atoms in ``node`` (an AST or a list of them), added to ``found``."""
    if isinstance(node, ast.AST):
        if node.ast_type == ast.ASTType.SymbolicAtom:
            symbol = node.symbol
            terms = symbol.arguments if symbol.ast_type == ast.ASTType.Pool else [symbol]
            for term in terms:
                if term.ast_type == ast.ASTType.UnaryOperation:  # -p(X), classical negation: read as p
                    term = term.argument
                if term.ast_type == ast.ASTType.Function:
                    found.add(term.name)
            return
        for key in node.child_keys:
            _names(getattr(node, key), found)
    elif isinstance(node, _SEQUENCES):
        for child in node:
            _names(child, found)


def _calls(node: object) -> bool:
    """Whether ``node`` calls a Python function (``@f(...)``: a context's, as the deal's input does)."""
    if isinstance(node, ast.AST):
        if node.ast_type == ast.ASTType.Function and node.external:
            return True
        return any(_calls(getattr(node, key)) for key in node.child_keys)
    if isinstance(node, _SEQUENCES):
        return any(_calls(child) for child in node)
    return False


def _head_names(head: ast.AST, defined: set[str], read: set[str]) -> None:
    """The names a rule's head defines (an atom, the atoms a choice or a disjunction may make true)
    into ``defined``, the ones its conditions read into ``read``."""
    if head.ast_type in (ast.ASTType.Aggregate, ast.ASTType.Disjunction):
        for element in head.elements:
            _names(element.literal, defined)
            _names(element.condition, read)
    elif head.ast_type == ast.ASTType.HeadAggregate:
        for element in head.elements:
            _names(element.condition.literal, defined)
            _names(element.condition.condition, read)
    else:
        _names(head, defined)


def _plain_head(rule: ast.AST) -> bool:
    """A rule whose head is one atom (not a choice, a disjunction or a constraint's ``#false``)."""
    head = rule.head
    return (
        head.ast_type == ast.ASTType.Literal
        and head.sign == ast.Sign.NoSign
        and head.atom.ast_type == ast.ASTType.SymbolicAtom
    )


def predicate_names(statements: Iterable[ast.AST]) -> frozenset[str]:
    """The names of the atoms in ``statements``."""
    found: set[str] = set()
    _names(list(statements), found)
    return frozenset(found)


def split_static(statements: Iterable[ast.AST], inputs: frozenset[str]) -> tuple[list[ast.AST], list[ast.AST]]:
    """The normal rules of ``base`` that no predicate named in ``inputs`` reaches and that call no
    Python function, and the rest of ``statements`` (every directive; ``#const`` in both), in their
    order."""
    statements = list(statements)
    in_base, part = [], "base"
    for statement in statements:
        if statement.ast_type == ast.ASTType.Program:
            part = statement.name
        in_base.append(part == "base")
    heads: list[set[str]] = []
    bodies: list[set[str]] = []
    dynamic = set(inputs)
    for statement, base in zip(statements, in_base):
        head: set[str] = set()
        body: set[str] = set()
        if statement.ast_type == ast.ASTType.Rule:
            _head_names(statement.head, head, body)
            _names(statement.body, body)
            if not (base and _plain_head(statement)) or _calls(statement):
                dynamic |= head
        elif statement.ast_type == ast.ASTType.External:
            _names(statement.atom, head)
            dynamic |= head
        heads.append(head)
        bodies.append(body)
    changed = True
    while changed:  # anything derived from a dynamic predicate is dynamic
        changed = False
        for head, body in zip(heads, bodies):
            if body & dynamic and not head <= dynamic:
                dynamic |= head
                changed = True
    static, rest = [], []
    for statement, base, head in zip(statements, in_base, heads):
        if statement.ast_type == ast.ASTType.Definition:
            static.append(statement)
            rest.append(statement)
        elif statement.ast_type == ast.ASTType.Rule and base and _plain_head(statement) and not head & dynamic:
            static.append(statement)
        else:
            rest.append(statement)
    return static, rest


def _fact(where: ast.Location, symbol: clingo.Symbol) -> ast.AST:
    """``symbol`` as a fact statement (one a statement: a pool of them costs more to ground)."""
    return ast.Rule(where, ast.Literal(where, ast.Sign.NoSign, ast.SymbolicAtom(ast.SymbolicTerm(where, symbol))), [])


def solve_static(static: Sequence[ast.AST]) -> tuple[list[str], list[str]] | None:
    """The atoms of ``static`` rules, as texts, and what clingo said grounding them; None when
    they do not ground or leave an atom undecided (texts: the answer may come from a child process)."""
    messages: list[str] = []
    ctl = clingo.Control(["--models=2"], logger=lambda _, message: messages.append(message.strip()))
    try:
        with ast.ProgramBuilder(ctl) as builder:
            for statement in static:
                builder.add(statement)
        ctl.ground([("base", [])])
    except RuntimeError:
        return None  # the whole program then says what is wrong
    atoms = list(ctl.symbolic_atoms)
    if not all(atom.is_fact for atom in atoms):
        return None
    return [str(atom.symbol) for atom in atoms], messages


Solve = Callable[[Callable[[], T]], T]
"""How the static rules are solved: ``lambda work: work()`` here, or in a child process under limits."""


@dataclass(frozen=True)
class StaticPart:
    """A program split in two: ``facts``, the atoms of its static rules that the other statements
    read, as fact statements, and ``rest``, every other statement; ``messages``, what clingo said
    grounding the static rules."""

    facts: tuple[ast.AST, ...]
    rest: tuple[ast.AST, ...]
    messages: tuple[str, ...] = ()

    @classmethod
    def of(
        cls, statements: tuple[ast.AST, ...], inputs: frozenset[str], solve: Solve | None = None
    ) -> StaticPart | None:
        """``statements`` split for facts that name ``inputs``, the static rules solved by ``solve``
        (here by default); None when no rule is static, or the static rules do not ground, or do not
        decide every atom of theirs as a fact."""
        try:
            static, rest = split_static(statements, inputs)
        except RecursionError:  # a term nested past Python's stack: the whole program as it is
            return None
        if not any(s.ast_type == ast.ASTType.Rule for s in static):
            return None
        solved = solve_static(static) if solve is None else solve(lambda: solve_static(static))
        if solved is None:
            return None
        atoms, messages = solved
        read = predicate_names(rest) | {s.name for s in rest if s.ast_type == ast.ASTType.ShowSignature}
        where = static[0].location
        symbols = (clingo.parse_term(atom) for atom in atoms)
        facts = tuple(_fact(where, symbol) for symbol in symbols if symbol.name in read)  # what the rest reads
        return cls(facts, tuple(rest), tuple(messages))


__all__ = ["StaticPart", "fact_names", "predicate_names", "solve_static", "split_static"]
