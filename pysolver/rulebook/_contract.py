"""What a rule book may define, so that every engine reads it the same way.

The ASP solver reads a showdown's outcome (``game_outcome/3``); the evaluator, the
odds engine and the cross-validator rank hands by their values (``hand_value/3``)
and take the best. Both agree as long as the outcome follows the values, as
``outcome.lp`` derives it; so a rule file may change the cards, the hands and
their values, but defines nothing ``outcome.lp`` or ``driver.lp`` derive
(:func:`check_rule_book`). And the rules' data of a variant (``face/1``,
``straight/3``, ``royal/1``, ``category_order/2``) are facts, as the contract in
``asp/variants/standard.lp`` says: a rule for one is refused too.

    >>> from clingo import ast
    >>> statements = []
    >>> ast.parse_string("winner(G, P) :- showdown(G), hand_value(G, P, _).", statements.append)
    >>> sorted(defined(statements))
    [('winner', 2)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from clingo import ast

from ..asp._codec import RULES_FACTS
from ..asp._rulefiles import RuleText, rule_statements
from ..core import RuleFileError

_RULES_FACTS = frozenset(RULES_FACTS)
_NOT_RULES = frozenset(
    getattr(ast.ASTType, name) for name in ("Program", "Comment", "Definition") if hasattr(ast.ASTType, name)
)
"""What a rules file may hold beside facts: its ``#program base.``, comments, ``#const``."""


def _atoms(node: ast.AST) -> Iterable[ast.AST]:
    """The functions of the symbolic atoms in ``node`` (a pool's alternatives each)."""
    if node.ast_type == ast.ASTType.SymbolicAtom:
        symbol = node.symbol
        while symbol.ast_type == ast.ASTType.UnaryOperation:  # classical negation
            symbol = symbol.argument
        yield from (symbol.arguments if symbol.ast_type == ast.ASTType.Pool else (symbol,))
        return
    for key in node.child_keys:
        child = getattr(node, key)
        if isinstance(child, ast.AST):
            yield from _atoms(child)
        elif child is not None:
            for item in child:
                yield from _atoms(item)


def _heads(statement: ast.AST) -> list[tuple[str, int]]:
    """The predicates a statement defines (its head's atoms, an ``#external``'s atom) or shows."""
    if statement.ast_type == ast.ASTType.ShowSignature:
        return [(statement.name, statement.arity)]
    if statement.ast_type == ast.ASTType.ShowTerm:
        term = statement.term
        return [(term.name, len(term.arguments))] if term.ast_type == ast.ASTType.Function else []
    if statement.ast_type == ast.ASTType.Rule:
        head = statement.head
    elif statement.ast_type == ast.ASTType.External:
        head = statement.atom
    else:
        return []
    return [(f.name, len(f.arguments)) for f in _atoms(head) if f.ast_type == ast.ASTType.Function]


def defined(statements: Iterable[ast.AST]) -> set[tuple[str, int]]:
    """Every predicate ``statements`` define or show (name, arity)."""
    return {head for statement in statements for head in _heads(statement)}


def _is_fact(statement: ast.AST) -> bool:
    """A plain fact: no body, one atom (or a pool) with no variable."""
    if statement.ast_type != ast.ASTType.Rule or len(statement.body) or statement.head.ast_type != ast.ASTType.Literal:
        return False
    stack = [statement.head]
    while stack:
        node = stack.pop()
        if node.ast_type == ast.ASTType.Variable:
            return False
        for key in node.child_keys:
            child = getattr(node, key)
            stack.extend([child] if isinstance(child, ast.AST) else list(child or ()))
    return True


def check_rule_book(rules: Sequence[RuleText], derived: set[tuple[str, int]], facts_only: Iterable[str] = ()) -> None:
    """Refuse a rule book whose files define a predicate in ``derived`` (what the encodings
    derive from the hand values) or define the rules' data other than by facts, or whose rules
    file (``facts_only``: its path and the paths it includes) holds anything but facts; one line
    naming the file, the line and the predicate."""
    facts_only = frozenset(facts_only)
    for rule in rules:
        for statement in rule_statements(rule):
            line = statement.location.begin.line
            heads = _heads(statement)
            for name, arity in heads:
                if (name, arity) in derived:
                    raise RuleFileError(
                        f"rule file '{rule.path}', line {line}: defines {name}/{arity}, which the encodings derive "
                        "from hand_value/3: a rule book changes the hands and their values, and every engine "
                        "takes the outcome from them"
                    )
                if (name, arity) in _RULES_FACTS and not _is_fact(statement):
                    raise RuleFileError(
                        f"rule file '{rule.path}', line {line}: {name}/{arity} is defined by a rule: the rules' "
                        "data are facts (the contract in asp/variants/standard.lp)"
                    )
            if rule.path in facts_only and statement.ast_type not in _NOT_RULES and not _is_fact(statement):
                what = f"defines {heads[0][0]}/{heads[0][1]} by a rule" if heads else "holds a rule"
                raise RuleFileError(
                    f"rules file '{rule.path}', line {line}: {what}, and a rules file holds facts only (the "
                    "contract in asp/variants/standard.lp): put rules in a file of their own and add it "
                    "(--add FILE; load_rules(rules, add=[FILE]))"
                )


__all__ = ["check_rule_book", "defined"]
