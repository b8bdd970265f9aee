"""A corpus of hostile rule files: every one refused in one line, before clingo loads it; the
harmless texts beside them (the same characters in strings and comments) accepted.

Directives are found by clingo's own parser, so quoting tricks fool nothing; ``#include`` is
resolved as clingo resolves it (the current folder first, then beside the including file)."""

import os
from pathlib import Path

import pytest

from pysolver import Deal, RuleFileError, Solver, load_rules
from pysolver.asp import read_rule_files
from pysolver.cli import main

RIVER = Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d")
SCRIPT = "#script (python)\nimport os\nos.system('touch {mark}')\n#end.\n"

HOSTILE = {
    # quoting tricks: a '%' or '%*' in a string is not a comment
    "percent_in_string_then_script": ('a("%").\n' + SCRIPT, r"line 2: #script is refused"),
    "percent_star_in_string": ('a("%*"). ' + SCRIPT, r"line 1: #script is refused"),
    "escaped_quote_then_percent": ('a("\\"%"). ' + SCRIPT, r"line 1: #script is refused"),
    "comment_closer_in_string": ('%* a comment *% a("*%"). ' + SCRIPT, r"line 1: #script is refused"),
    "comment_with_quote": ('%* " *%\n' + SCRIPT, r"line 2: #script is refused"),
    "two_strings": ('a("%", "%*").\nb("\\\\").\n' + SCRIPT, r"line 3: #script is refused"),
    "script_lua": ("#script (lua)\nos.execute('true')\n#end.\n", r"line 1: #script is refused"),
    "script_no_space": ("#script(python)\nimport os\n#end.\n", r"line 1: #script is refused"),
    "percent_then_include_device": ('a("%"). #include "/dev/zero".\n', r"'/dev/zero' \(included by .*\): is a device"),
    "percent_then_include_stdin": ('a("%"). #include "-".\n', r'line 1: #include "-" is refused'),
    "include_over_lines": ('#include\n  "/dev/zero"\n.\n', r"'/dev/zero' \(included by .*line 1\): is a device"),
    "include_folder": ('#include "/tmp".\n', r"'/tmp' \(included by .*\): is a folder"),
    "include_missing": ('#include "nowhere.lp".\n', r"nowhere.lp' \(included by .*\): no such file"),
    "include_empty": ('#include "".\n', r"line 1: #include \"\" is refused"),
    "include_library": ("#include <foo>.\n", r"line 1: #include <foo> is refused"),
    "include_builtin_library": ('a("%").\n#include <incmode>.\n', r"line 2: #include <incmode> is refused"),
    "include_other_text": ('#include "{folder}/passwd".\n', r"parsing failed \(rule file '.*/passwd'\)"),
    "call_unknown": ('q(@system("ls")).\n', r"line 1: @system is not a function of pysolver's"),
    "call_spaced": ('a("%"). q(@ __import__("os")).\n', r"line 1: @__import__ is not a function"),
    "call_in_body": ("q :- X = @exec(1).\n", r"line 1: @exec is not a function"),
    "aspif": ("asp 1 0 0\n1 0 1 1 0 0\n0\n", r"aspif format"),
    "syntax": ('a("%")\n', r"parsing failed.*hostile.lp:2:1.*syntax error"),
    "not_utf8": (b"a(\xff).\n", r"not UTF-8 text"),
    "too_big": ("% " + "x" * (1 << 20) + "\n", r"more than a rule file's"),
}


def write(path: Path, text) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return str(path)


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_rule_files_are_refused_before_clingo_loads_them(tmp_path, name):
    text, message = HOSTILE[name]
    mark = tmp_path / "ran"
    write(tmp_path / "passwd", "root:x:0:0:root:/root:/bin/bash\n")
    text = text.replace("{mark}", str(mark)).replace("{folder}", str(tmp_path)) if isinstance(text, str) else text
    path = write(tmp_path / "hostile.lp", text)
    with pytest.raises(RuleFileError, match=message) as raised:
        Solver(add=[path])
    assert "\n" not in str(raised.value) and not mark.exists()


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_rule_files_in_an_included_file_are_refused_too(tmp_path, name):
    text, message = HOSTILE[name]
    mark = tmp_path / "ran"
    write(tmp_path / "passwd", "root:x:0:0:root:/root:/bin/bash\n")
    text = text.replace("{mark}", str(mark)).replace("{folder}", str(tmp_path)) if isinstance(text, str) else text
    write(tmp_path / "inner" / "hostile.lp", text)
    outer = write(tmp_path / "outer.lp", 'a("%").\n#include "inner/hostile.lp".\n')
    with pytest.raises(RuleFileError, match=message.replace("line 1: #include", "line .: #include")):
        load_rules("standard", [outer])
    assert not mark.exists()


@pytest.mark.parametrize(
    "text",
    [
        'note("#script (python)").\n',
        '% #script (python)\nnote("%").\n',
        '%* #include "/dev/zero". *%\nnote("*%").\n',
        'note("#include \\"/dev/zero\\".").\n',
        'note("@system").\n',
        'note("#include <incmode>.").\n',
        "% #include <incmode>.\n",
    ],
)
def test_the_same_characters_in_strings_and_comments_are_only_text(tmp_path, text):
    path = write(tmp_path / "quiet.lp", text)
    assert Solver(add=[path]).solve(RIVER).winners == (1,)


def test_a_relative_include_is_read_from_where_clingo_reads_it(tmp_path, monkeypatch):
    """clingo reads ``#include "x.lp"`` from the current folder first, then beside the file."""
    monkeypatch.chdir(tmp_path)
    rules = write(tmp_path / "book" / "mine.lp", '#include "extra.lp".\n')
    beside = write(tmp_path / "book" / "extra.lp", "note(beside).\n")
    read = read_rule_files([rules])
    assert [r.path for r in read] == [rules, beside]
    write(tmp_path / "extra.lp", "note(here).\n")  # now the current folder holds one too
    with pytest.raises(RuleFileError, match=r"line 1: #include \"extra.lp\" is ambiguous: clingo reads"):
        read_rule_files([rules])
    os.remove(beside)  # only the current folder's: that one
    assert [(r.path, r.text) for r in read_rule_files([rules])] == [
        (rules, '#include "extra.lp".\n'),
        ("extra.lp", "note(here).\n"),
    ]


def test_a_script_in_the_current_folder_cannot_hide_behind_a_harmless_file_beside(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = write(tmp_path / "book" / "mine.lp", '#include "extra.lp".\n')
    write(tmp_path / "extra.lp", SCRIPT.replace("{mark}", str(tmp_path / "ran")))
    with pytest.raises(RuleFileError, match=r"rule file 'extra.lp', line 1: #script is refused"):
        load_rules("standard", [rules])
    assert not (tmp_path / "ran").exists()


def test_the_fingerprint_covers_the_file_clingo_reads(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    rules = write(tmp_path / "book" / "mine.lp", '#include "extra.lp".\n')
    write(tmp_path / "extra.lp", "note(one).\n")
    first = load_rules("standard", [rules]).fingerprint
    write(tmp_path / "extra.lp", "note(two).\n")
    assert load_rules("standard", [rules]).fingerprint != first


def test_clingo_reads_the_text_checked_with_its_includes_blanked(tmp_path):
    rules = write(tmp_path / "mine.lp", 'a("é"). #include "more.lp".\nb.\n')
    write(tmp_path / "more.lp", "c.\n")
    first, more = read_rule_files([rules])
    assert first.program == 'a("é").' + " " * (len('#include "more.lp".') + 1) + "\nb.\n"
    assert more.program == "c.\n"


def test_rule_text_from_a_page_may_include_nothing(tmp_path):
    path = write(tmp_path / "rules.lp", 'a("%"). #include "x.lp".\n')
    with pytest.raises(RuleFileError, match=r"line 1: #include is refused: this rule text may not read"):
        read_rule_files([path], includes=False)


def test_the_command_line_refuses_in_one_line(tmp_path, capsys):
    path = write(tmp_path / "hostile.lp", 'a("%"). #script (python)\nimport os\n#end.\n')
    assert main(["showdown", "As Ks", "Qh Qd", "--add", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "#script is refused" in err
