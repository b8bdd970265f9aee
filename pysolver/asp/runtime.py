"""Loading the ASP encodings, writing showdowns as facts, running clingo.

The encodings live in ``asp/`` (installed as the package ``pysolver.asp``):

=================  ==========================================================
``cards.lp``       suits and the rank of every face (the same in every variant)
``variants/*.lp``  the rules' data of a variant: its deck's faces, straights,
                   category order (:mod:`pysolver.rules`; ``standard.lp`` by default)
``hands.lp``       counts per face and suit, the hands each player makes, category
``tiebreak.lp``    best five cards, tie-break ranks, one comparable hand value
``outcome.lp``     winners and ``game_outcome`` (win or chop)
``driver.lp``      what this driver reads: one packed atom per player
``compare.lp``     ``beats/3`` and ``ties/3`` between two players (readable view)
``show.lp``        the readable view for a person running clingo on the files
=================  ==========================================================

A showdown is written as facts carrying its id, so many showdowns ground in
one program::

    >>> from pysolver import Deal
    >>> showdown_facts(7, Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c"))
    'hole(7,0,ace,spades).hole(7,0,king,spades).hole(7,1,queen,hearts).hole(7,1,queen,diamonds).board(7,jack,spades).board(7,ten,spades).board(7,two,clubs).'

For a batch the solver (and cross-validation, and the variant tables) hand the
same ``hole/4`` and ``board/3`` to clingo through :class:`DealInput` instead (three rules with ``@`` functions, no text to
parse: about 10% fewer instructions per showdown).

:class:`AspProgram` holds the encodings (under a variant's rules, see
:mod:`pysolver.rules`), and :meth:`AspProgram.run` grounds and solves facts (a
text or a :class:`DealInput`), turning every clingo error into a
:class:`~pysolver.RuleFileError` with clingo's message, file and line.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, Sequence

import clingo
import numpy as np
from clingo import Function, Number, ast

from ..core.cards import Card
from ..core.deal import Deal
from ..core.errors import RuleFileError

if TYPE_CHECKING:
    from ..core.rules import RulesLike

log = logging.getLogger("pysolver.asp")

#: The encodings the driver loads, besides the rules file of the variant (``variants/*.lp``).
ENCODING_FILES = ("cards.lp", "hands.lp", "tiebreak.lp", "outcome.lp", "driver.lp")
#: The same logic with the readable output (``category/3``, ``best_five/4``, ``tiebreak/4``, ...).
READABLE_FILES = ("cards.lp", "hands.lp", "tiebreak.lp", "outcome.lp", "compare.lp", "show.lp")

#: ASP names of the faces (by rank 0..12) and suits (by suit 0..3).
FACE_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine",
              "ten", "jack", "queen", "king", "ace")
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")

# ",ace,spades)." for each card index: the tail of a hole or board fact.
_CARD_TAIL = tuple(f",{FACE_NAMES[i >> 2]},{SUIT_NAMES[i & 3]})." for i in range(52))
#: The card named by an ASP face and suit: ``CARD_OF[("ace", "spades")]``.
CARD_OF = {(FACE_NAMES[i >> 2], SUIT_NAMES[i & 3]): Card(i) for i in range(52)}

RulePath = str | os.PathLike


def encoding_path(name: str) -> Path:
    """The installed path of one of the encodings, e.g. ``encoding_path('hands.lp')``."""
    return Path(str(resources.files("pysolver.encodings").joinpath(name)))


@lru_cache(maxsize=None)
def encoding_text(name: str) -> str:
    """The text of one of the encodings (read once)."""
    return resources.files("pysolver.encodings").joinpath(name).read_text(encoding="utf-8")


@lru_cache(maxsize=None)
def encoding_statements(names: tuple[str, ...]) -> tuple[ast.AST, ...]:
    """The encodings ``names`` parsed once into clingo AST statements."""
    statements: list[ast.AST] = []
    ast.parse_string("\n".join(encoding_text(n) for n in names), statements.append)
    return tuple(statements)


def showdown_facts(showdown_id: int, deal: Deal) -> str:
    """The facts of one showdown: ``hole(Id,Player,Face,Suit).`` and ``board(Id,Face,Suit).``"""
    head = f"hole({showdown_id},"
    parts = [f"{head}{p}{_CARD_TAIL[c.index]}" for p, hole in enumerate(deal.players) for c in hole]
    board_head = f"board({showdown_id}"
    parts += [board_head + _CARD_TAIL[c.index] for c in deal.board]
    return "".join(parts)


def batch_facts(deals: Iterable[Deal], first_id: int = 0) -> str:
    """The facts of many showdowns as one text, ids counting from ``first_id``."""
    return "".join(showdown_facts(i, d) for i, d in enumerate(deals, first_id))


#: How :class:`DealInput` hands the deals to the grounder: the same ``hole/4`` and
#: ``board/3`` as the facts, without clingo parsing a text of facts. Each showdown id
#: asks for its cards once; the (Player, Face, Suit) and (Face, Suit) terms are made once
#: per process, so a batch creates no clingo symbols per card.
DEAL_INPUT_RULES = ("showdown_id(0..N - 1) :- N = @showdowns().\n"
                    "hole(G, P, F, S) :- showdown_id(G), (P, F, S) = @holes(G).\n"
                    "board(G, F, S) :- showdown_id(G), (F, S) = @board(G).\n")
_FACE_SUIT = tuple((Function(FACE_NAMES[i >> 2]), Function(SUIT_NAMES[i & 3])) for i in range(52))
_CARD_TERM = tuple(Function("", pair) for pair in _FACE_SUIT)


@lru_cache(maxsize=None)
def _hole_term(player: int, card: int) -> clingo.Symbol:
    return Function("", (Number(player),) + _FACE_SUIT[card])


@lru_cache(maxsize=None)
def _deal_input_statements() -> tuple[ast.AST, ...]:
    statements: list[ast.AST] = []
    ast.parse_string(DEAL_INPUT_RULES, statements.append)
    return tuple(statements)


class DealInput:
    """Showdowns for the grounder: ``@showdowns()``, ``@holes(G)`` and ``@board(G)`` of
    :data:`DEAL_INPUT_RULES`, showdown ids 0, 1, ... (the same atoms as :func:`batch_facts`).

    >>> [str(s) for s in DealInput([Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c")]).board(Number(0))]
    ['(jack,spades)', '(ten,spades)', '(two,clubs)']
    """

    def __init__(self, deals: Iterable[Deal]):
        self._holes = [[c.index for hole in deal.players for c in hole] for deal in deals]
        self._boards = [[c.index for c in deal.board] for deal in deals]

    @classmethod
    def from_indices(cls, holes: Sequence[np.ndarray], boards: Sequence[np.ndarray]) -> "DealInput":
        """Showdowns as card-index arrays: ``holes[g]`` (players, 2), ``boards[g]`` (cards,).

        >>> [str(s) for s in DealInput.from_indices([np.array([[51, 47]])], [np.array([0])]).holes(Number(0))]
        ['(0,ace,spades)', '(0,king,spades)']
        """
        deal_input = cls(())
        deal_input._holes = [hole.reshape(-1).tolist() for hole in holes]
        deal_input._boards = [board.tolist() for board in boards]
        return deal_input

    def showdowns(self) -> clingo.Symbol:
        return Number(len(self._holes))

    def holes(self, showdown: clingo.Symbol) -> list[clingo.Symbol]:
        return [_hole_term(i >> 1, card) for i, card in enumerate(self._holes[showdown.number])]

    def board(self, showdown: clingo.Symbol) -> list[clingo.Symbol]:
        return [_CARD_TERM[card] for card in self._boards[showdown.number]]


@dataclass(frozen=True)
class GroundSize:
    """The size of a ground program, from clingo's statistics (``problem.lp``)."""

    atoms: int
    rules: int


class AspProgram:
    """The showdown encodings under a variant's rules, ready to solve facts.

    ``rules`` is a :class:`~pysolver.rules.Rules` (or a shipped variant's name
    or a rules file's path; the standard game by default): its rules file and
    any files added to it are loaded after ``encodings``.

    >>> program = AspProgram()
    >>> atoms, _ = program.run(showdown_facts(0, Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c")))
    >>> sorted(str(a) for a in atoms if a.name == "game_outcome")
    ['game_outcome(0,win,1)']
    """

    def __init__(self, rules: "RulesLike" = None, encodings: Sequence[str] = ENCODING_FILES):
        from ..core.rules import VARIANTS, rules_of

        self.rules = rules_of(rules)
        shipped = self.rules.name in VARIANTS
        own = tuple(encodings) + ((f"variants/{self.rules.name}.lp",) if shipped else ())
        self._encodings = encoding_statements(own)
        self._loaded = (() if shipped else (self.rules.path,)) + self.rules.added

    @staticmethod
    def rules_facts(files: Sequence[str]) -> dict[str, list[tuple]]:
        """The rules' data that ``files`` (a rules file and files added to it) derive.

        Returns ``{"face": [("ace",), ...], "straight": [...], "royal": [...],
        "category_order": [("flush", 5), ...]}``: names as text, numbers as int.
        Raises :class:`RuleFileError` if a file does not parse or ground.
        """
        program = AspProgram.__new__(AspProgram)
        program._encodings, program._loaded = encoding_statements(("cards.lp",)), tuple(files)
        ctl = program.ground("", warn=False)  # warnings come again when the rules are solved
        wanted = {("face", 1), ("straight", 3), ("royal", 1), ("category_order", 2)}
        found: dict[str, list[tuple]] = {name: [] for name, _ in wanted}
        for atom in ctl.symbolic_atoms:
            symbol = atom.symbol
            if (symbol.name, len(symbol.arguments)) in wanted:
                found[symbol.name].append(tuple(
                    a.number if a.type == clingo.SymbolType.Number else str(a) for a in symbol.arguments))
        return found

    def run(self, facts: str | DealInput, *,
            statistics: bool = False) -> tuple[list[clingo.Symbol], GroundSize | None]:
        """Ground and solve the encodings with ``facts`` (a text or a :class:`DealInput`);
        return the shown atoms.

        Raises :class:`RuleFileError` with clingo's message (file and line) if a
        rule file does not parse or ground, or if the program has no answer or
        more than one. Clingo's warnings about a rule file are logged to the
        ``pysolver.asp`` logger.
        """
        ctl = self.ground(facts, ["--models=2"] + (["--stats"] if statistics else []))
        answers: list[list[clingo.Symbol]] = []
        result = ctl.solve(on_model=lambda m: answers.append(m.symbols(shown=True)))
        if not result.satisfiable:
            raise RuleFileError(f"the rules have no answer for these showdowns{self._blame()}: "
                                "a rule file's constraint removes every answer")
        if len(answers) > 1:
            raise RuleFileError(f"the rules have more than one answer{self._blame()}: "
                                "a rule file makes a choice, but a showdown has one outcome")
        size = None
        if statistics:
            lp = ctl.statistics["problem"]["lp"]
            size = GroundSize(atoms=int(lp["atoms"]), rules=int(lp["rules"]))
        return list(answers[0]), size

    def ground(self, facts: str | DealInput, args: Sequence[str] = (), *, warn: bool = True) -> clingo.Control:
        """A control with the encodings, the rules' files and ``facts``, grounded (clingo
        arguments ``args``); a file that does not parse or ground raises :class:`RuleFileError`."""
        messages: list[str] = []

        def logger(code: clingo.MessageCode, message: str) -> None:
            if code == clingo.MessageCode.RuntimeError:
                messages.append(message.strip())
            elif warn and any(path in message for path in self._files()):
                log.warning("clingo: %s", message.strip())  # e.g. a predicate no rule defines
            else:
                log.debug("clingo: %s", message.strip())

        ctl = clingo.Control(list(args), logger=logger, message_limit=20)
        try:
            with ast.ProgramBuilder(ctl) as builder:  # parsed once: saves ~1 ms per run
                for statement in self._encodings:
                    builder.add(statement)
                if isinstance(facts, DealInput):
                    for statement in _deal_input_statements():
                        builder.add(statement)
            for path in self._loaded:
                ctl.load(path)
            if isinstance(facts, DealInput):
                ctl.ground([("base", [])], context=facts)
            else:
                ctl.add("base", [], facts)
                ctl.ground([("base", [])])
        except RuntimeError as error:
            raise RuleFileError(self._error_text(messages, error)) from None
        return ctl

    def _files(self) -> list[str]:
        return list(self._loaded)

    def _blame(self) -> str:
        return f" (rule files: {', '.join(self._files())})" if self._files() else ""

    def _error_text(self, messages: list[str], error: RuntimeError) -> str:
        text = "; ".join(" ".join(m.split()) for m in messages) or str(error)
        return f"clingo: {error}{self._blame()}: {text}"
