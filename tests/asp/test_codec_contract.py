"""The codec's declarations are the encodings' own: what each file shows, and the widths
of the packed numbers; and every predicate of an encoding is documented. Read from the
files with clingo's parser."""

import re
from pathlib import Path

import pytest
from clingo import ast

from pysolver.asp import _codec
from pysolver.asp._runtime import encoding_path

ASP = encoding_path("cards.lp").parent
ENCODINGS = sorted(str(p.relative_to(ASP)) for p in ASP.rglob("*.lp"))


def _statements(name: str) -> list[ast.AST]:
    found: list[ast.AST] = []
    ast.parse_string(Path(ASP, name).read_text(), found.append)
    return found


def shown(name: str) -> set[tuple[str, int]]:
    """The (name, arity) of every ``#show`` of an encoding (``#show.`` hides, showing nothing)."""
    out = set()
    for s in _statements(name):
        if s.ast_type == ast.ASTType.ShowSignature and s.name:
            out.add((s.name, s.arity))
        elif s.ast_type == ast.ASTType.ShowTerm:
            out.add((s.term.name, len(s.term.arguments)))
    return out


def constants(name: str) -> dict[str, int]:
    return {s.name: s.value.symbol.number for s in _statements(name) if s.ast_type == ast.ASTType.Definition}


def test_the_parser_reads_show_lines_and_constants():
    assert shown("driver.lp") >= {("player_result", 5), ("game_outcome", 3)}  # a #show with a body, a signature
    assert constants("tiebreak.lp") and shown("hands.lp") == set()
    assert {"driver.lp", "explain.lp", "show.lp", "runouts.lp", "variants/standard.lp"} <= set(ENCODINGS)


@pytest.mark.parametrize("name", ENCODINGS)
def test_the_codec_declares_what_each_encoding_shows(name):
    assert shown(name) == set(_codec.SHOWN.get(name, ()))


def test_every_declaration_names_an_encoding():
    assert set(_codec.SHOWN) <= set(ENCODINGS)


def test_the_codec_reads_the_packed_numbers_with_the_encodings_widths():
    tiebreak, driver = constants("tiebreak.lp"), constants("driver.lp")
    assert (tiebreak["rank_bits"], tiebreak["lead_bits"]) == (_codec.RANK_BITS, _codec.LEAD_BITS)
    assert driver["board_slots"] == _codec.BOARD_SLOTS
    # 13 ranks fit the kickers' bits, a rank 0..12 a lead's; the board's five cards the slots
    assert (_codec.RANK_BITS, 1 << _codec.LEAD_BITS > 12, _codec.BOARD_SLOTS) == (13, True, 5)


def defined(name: str) -> set[str]:
    """The predicates an encoding derives (the heads of its rules and facts)."""
    heads = set()
    for s in _statements(name):
        if (
            s.ast_type == ast.ASTType.Rule
            and s.head.ast_type == ast.ASTType.Literal
            and s.head.atom.ast_type == ast.ASTType.SymbolicAtom
        ):
            symbol = s.head.atom.symbol
            heads |= {t.name for t in (symbol.arguments if symbol.ast_type == ast.ASTType.Pool else [symbol])}
    return heads


@pytest.mark.parametrize("name", ENCODINGS)
def test_every_predicate_an_encoding_derives_is_documented(name):
    """A ``%*! name(Args) ... *%`` block (mkdoclingo's) for every predicate the file defines."""
    documented = set(re.findall(r"^%\*!\s*([a-z_]\w*)", Path(ASP, name).read_text(), re.M))
    assert defined(name) - documented == set()
    assert name not in ("hands.lp", "tiebreak.lp") or len(defined(name)) > 10  # the check reads the rules
