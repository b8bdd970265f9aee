"""A user's rule files are untrusted input: no stale answer, no runaway grounding, no code,
one line for every fault."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pysolver import Deal, RuleFileError, Solver, evaluate, load_rules
from pysolver.cli import main
from pysolver.core._rules import Limits, variant_path
from tests.helpers.process_table import children

RIVER = Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d")
RUNAWAY = "p(0). p(X+1) :- p(X).\n"
FLUSH = "Ah Kh Qh Jh 9h"  # a flush (no straight flush)
FULL_HOUSE = "2c 2d 2h 3c 3d"  # the lowest full house


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


def included_order(folder: Path, flush: int, full_house: int) -> str:
    """A rules file whose category order lives in an included file."""
    lines = [
        line for line in variant_path("standard").read_text().splitlines() if not line.startswith("category_order(")
    ]
    write(
        folder,
        "order.lp",
        "".join(
            f"category_order({c}, {i}).\n"
            for c, i in (
                ("high_card", 0),
                ("pair", 1),
                ("two_pair", 2),
                ("three_of_a_kind", 3),
                ("straight", 4),
                ("flush", flush),
                ("full_house", full_house),
                ("four_of_a_kind", 7),
                ("straight_flush", 8),
                ("royal_flush", 9),
            )
        ),
    )
    return write(folder, "mine.lp", "\n".join(lines) + '\n#include "order.lp".\n')


@pytest.mark.heavy
def test_an_edited_included_file_is_never_answered_from_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PYSOLVER_CACHE", str(tmp_path / "cache"))
    path = included_order(tmp_path, flush=5, full_house=6)
    standard = load_rules(path)
    assert evaluate(FULL_HOUSE, standard) > evaluate(FLUSH, standard)
    included_order(tmp_path, flush=6, full_house=5)  # swap them in the included file only
    swapped = load_rules(path)
    assert swapped.fingerprint != standard.fingerprint
    assert evaluate(FLUSH, swapped) > evaluate(FULL_HOUSE, swapped)
    deal = Deal.parse(["Ah Kh", "2c 2d"], "Qh Jh 9h 2h 3d")  # a flush against a full house
    assert Solver(swapped).solve(deal).winners == (0,)


def test_rules_whose_files_changed_after_loading_are_refused(tmp_path):
    path = included_order(tmp_path, flush=5, full_house=6)
    rules = load_rules(path)
    included_order(tmp_path, flush=6, full_house=5)  # the included file edited since
    with pytest.raises(RuleFileError, match="rules '.*mine.lp': .*mine.lp .*not the files the rules were loaded"):
        Solver(rules)
    assert Solver(load_rules(path)).solve(Deal.parse(["Ah Kh", "2c 2d"], "Qh Jh 9h 2h 3d")).winners == (0,)


def test_runaway_grounding_stops_at_the_time_limit(tmp_path):
    path = write(tmp_path, "runaway.lp", RUNAWAY)
    start = time.monotonic()
    with pytest.raises(RuleFileError, match=r"runaway.lp'.*time limit of 1 s"):
        load_rules("standard", [path], limits=Limits(seconds=1))
    assert time.monotonic() - start < 10


@pytest.mark.heavy
def test_runaway_grounding_stops_at_the_memory_limit(tmp_path):
    path = write(tmp_path, "runaway.lp", RUNAWAY)
    with pytest.raises(RuleFileError, match=r"runaway.lp'.*memory limit of 128 MiB"):
        load_rules("standard", [path], limits=Limits(seconds=120, memory_mb=128))


def test_a_rule_that_runs_away_only_with_showdowns_stops_too(tmp_path):
    path = write(tmp_path, "grows.lp", "q(G, 0) :- showdown(G). q(G, X + 1) :- q(G, X).\n")
    solver = Solver(load_rules("standard", [path], limits=Limits(seconds=1)))
    with pytest.raises(RuleFileError, match="time limit of 1 s"):
        solver.solve(RIVER)


@pytest.mark.parametrize(
    "text, message",
    [
        ("royal(ace).\n#script (python)\nimport os\n#end.\n", r"line 2: #script is refused"),
        ("% a comment\nq(@__class__(1)).\n", r"line 2: @__class__ is not a function of pysolver's"),
        ('#include "/dev/zero".\n', r"'/dev/zero' \(included by .*\): is a device"),
        ('#include "/tmp".\n', r"'/tmp' \(included by .*\): is a folder"),
        ('#include "nowhere.lp".\n', r"nowhere.lp' \(included by .*\): no such file"),
    ],
)
def test_hostile_rule_files_are_refused(tmp_path, text, message):
    path = write(tmp_path, "hostile.lp", text)
    with pytest.raises(RuleFileError, match=message):
        Solver(add=[path])


def test_a_script_in_a_comment_or_a_string_is_only_text(tmp_path):
    path = write(tmp_path, "quiet.lp", '% #script (python)\nnote("#script").\n')
    assert Solver(add=[path]).solve(RIVER).winners == (1,)


@pytest.mark.parametrize("name", ["/dev/zero", "/tmp"])
def test_devices_and_folders_are_not_rule_files(name):
    with pytest.raises(RuleFileError, match="not a rule file"):
        load_rules("standard", [name])


@pytest.mark.parametrize(
    "argv, message",
    [
        (["rules", "--add", "{runaway}", "--time-limit", "1"], "time limit of 1 s"),
        (["rules", "--rules", "{runaway}"], "a rules file holds facts only"),
        (["showdown", "As Ks", "Qh Qd", "--add", "{runaway}", "--time-limit", "1"], "time limit of 1 s"),
        (["equity", "AhKh", "QsQd", "--add", "/dev/zero"], "is a device or special file"),
        (["showdown", "As Ks", "Qh Qd", "--time-limit", "0"], "time limit 0"),
    ],
)
def test_command_line_is_one_line_exit_2(tmp_path, capsys, argv, message):
    runaway = write(tmp_path, "runaway.lp", RUNAWAY)
    assert main([a.format(runaway=runaway) for a in argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and message in captured.err


def grown(pid, mib=64):
    """Whether a process holds more than ``mib`` MiB (False once it has ended)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return any(line.startswith("VmRSS:") and int(line.split()[1]) > mib * 1024 for line in status.splitlines())


def test_ctrl_c_while_grounding_is_one_line_and_leaves_no_process(tmp_path):
    runaway = write(tmp_path, "runaway.lp", RUNAWAY)
    command = [sys.executable, "-m", "pysolver", "showdown", "As Ks", "Qh Qd", "--add", runaway, "--time-limit", "100"]
    process = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal starts it, even
    )  # under a runner started in the background, whose children inherit Ctrl-C ignored
    deadline = time.monotonic() + 60  # until the grounding child runs: a child that grows (others parse)
    while not any(grown(child) for child in children(process.pid)) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole group
    out, err = process.communicate(timeout=30)
    assert process.returncode == 2 and out == ""
    assert err.count("\n") == 1 and "interrupted while grounding" in err and "runaway.lp" in err
    with pytest.raises(ProcessLookupError):  # nothing of the group is left
        os.killpg(process.pid, 0)


@pytest.mark.parametrize(
    ("text", "place", "words"),
    [
        ('\uff03include "other.lp".\n', "line 1, column 1", "FULLWIDTH NUMBER SIGN) is not ASCII"),
        ("royal(ace).\nface(two) :\u2010 royal(ace).\n", "line 2, column 12", "(did you mean '-'?)"),
        ("royal(ace).\u00a0\n", "line 1, column 12", "NO-BREAK SPACE"),
    ],
)
def test_a_character_clingo_cannot_read_is_named_in_one_line(tmp_path, capsys, text, place, words):
    path = write(tmp_path, "wide.lp", text)
    assert main(["showdown", "As Ks", "Qh Qd", "--board", "Js Ts 2c 7h 3d", "--add", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and place in err and words in err and "memory" not in err


def test_other_characters_in_comments_and_strings_are_only_text(tmp_path):
    path = write(tmp_path, "notes.lp", '% Straße, \uff03include, \u00e9\nnote("\u00e9t\u00e9 \uff03").\n')
    assert Solver(add=[path]).solve(RIVER).winners == (1,)


def test_a_rules_file_with_a_rule_is_refused_at_its_line(tmp_path):
    text = Path(load_rules().path).read_text() + "\nhelper(X) :- face(X).\n"
    path = write(tmp_path, "mine.lp", text)
    with pytest.raises(RuleFileError, match=r"mine.lp', line \d+: defines helper/1 by a rule, .*facts only"):
        load_rules(path)
    assert load_rules("standard", [path]).faces == load_rules().faces  # added, a rule file may hold rules
