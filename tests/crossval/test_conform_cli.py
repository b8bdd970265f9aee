"""``pysolver conform`` on the command line: exit status 0, 1 and 2, JSON, rules, every hand, resuming."""

import json
import shutil
import sys

import numpy as np
import pytest

from pysolver import check_evaluator, evaluate_batch
from pysolver.cli import main
from tests.helpers import textbook as textbook_module

pytestmark = pytest.mark.heavy  # whole conformance runs

TEXTBOOK = f"{sys.executable} {textbook_module.__file__}"
SHORT_DECK_EVAL = """
from pysolver import evaluate, evaluate_batch

def evaluate_short(cards):
    return evaluate(cards, rules="short_deck")

def evaluate_many(hands):
    return evaluate_batch(hands, rules="short_deck")
"""


@pytest.fixture
def folder(tmp_path, monkeypatch):
    """A folder holding evaluators as a user keeps them, the current folder."""
    shutil.copy(textbook_module.__file__, tmp_path / "conform_textbook.py")
    (tmp_path / "conform_short.py").write_text(SHORT_DECK_EVAL)
    (tmp_path / "conform_broken.py").write_text("import no_such_module_anywhere\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_conformant_function_exits_0(folder, capsys):
    assert main(["conform", "conform_textbook:evaluate", "--cards", "5"]) == 0
    out = capsys.readouterr().out
    assert "conforms" in out and "7,462 classes" in out


def test_a_command_with_a_bug_exits_1_and_prints_the_counterexamples_as_json(capsys):
    assert main(["conform", "--command", f"{TEXTBOOK} wheel", "--cards", "5", "--json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] is False and data["evaluator"].endswith("textbook.py wheel")
    wheel = next(c for c in data["counterexamples"] if c["kind"] == "straight over three of a kind (the wheel)")
    assert sorted(t[0] for t in wheel["hands"][0]) == sorted("A5432")
    assert wheel["values"][0] < wheel["values"][1] and "Five-high straight" in wheel["explanation"]


def test_a_short_deck_evaluator_is_judged_by_the_short_deck_rules(folder, capsys):
    assert main(["conform", "conform_short:evaluate_short", "--rules", "short_deck", "--cards", "6"]) == 0
    assert main(["conform", "conform_textbook:evaluate", "--rules", "short_deck", "--cards", "5"]) == 1
    assert "flush over full house" in capsys.readouterr().out


def test_random_and_every_hand_from_the_command_line(folder, capsys):
    argv = ["conform", "conform_short:evaluate_many", "--index", "--batch", "--rules", "short_deck", "--json"]
    assert main([*argv, "--random", "5000", "--seed", "9", "--cards", "7"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and data["mode"] == "random" and data["seed"] == 9 and data["hands"] == 5000
    resume = folder / "every5.jsonl"
    for resumed in (0, 3):
        assert (
            main([*argv, "--exhaustive", "--cards", "5", "--tasks", "3", "--workers", "1", "--resume", str(resume)])
            == 0
        )
        data = json.loads(capsys.readouterr().out)
        assert data["hands"] == 376_992 and data["classes"] == 1404 and data["resumed"] == resumed


@pytest.mark.parametrize(
    "argv, message",
    [
        (["conform_broken:evaluate"], "module 'conform_broken' does not import: ModuleNotFoundError"),
        (["conform_textbook:no_such_function"], "module 'conform_textbook' has no 'no_such_function'"),
        (["--command", "no-such-command-anywhere --flag"], "command 'no-such-command-anywhere --flag' does not start"),
        (
            ["--command", f"{sys.executable} -c 'import sys; sys.exit(3)'"],
            "exited with status 3 before its first answer",
        ),
        ([], "name the evaluator"),
        (["conform_textbook:evaluate", "--seed", "3"], "--seed goes with --random"),
        (["conform_textbook:evaluate", "--timeout", "0"], "timeout 0.0"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(folder, capsys, argv, message):
    assert main(["conform", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def _one_hand_off(hands):
    """The short deck's evaluator, off by one on a single hand of the 376,992: Ah Kh Qh Jh 9s."""
    values = evaluate_batch(hands, rules="short_deck").astype(np.int64)
    values[(np.sort(hands, axis=1) == [31, 38, 42, 46, 50]).all(axis=1)] += 1
    return values


def test_every_hand_finds_a_bug_on_one_hand_and_resumes(tmp_path):
    options = dict(cards=5, rules="short_deck", mode="exhaustive", takes="index", batch=True, tasks=6)
    report = check_evaluator(_one_hand_off, resume=tmp_path / "run.jsonl", **options)
    assert report.hands == 376_992 and report.classes == 1404 and not report.ok
    bad = {"Ah", "Kh", "Qh", "Jh", "9s"}  # its class split, and its value that of the next class
    assert {c["relation"] for c in report.counterexamples} == {"split", "tied"}
    assert all(bad in [set(h) for h in c["hands"]] for c in report.counterexamples)
    # a run cut short after two tasks: run again, only the other four run, the report is the same
    lines = (tmp_path / "run.jsonl").read_text().splitlines()
    (tmp_path / "run.jsonl").write_text("\n".join(lines[:3]) + "\n")
    again = check_evaluator(_one_hand_off, resume=tmp_path / "run.jsonl", **options)
    assert again.resumed == 2 and again.hands == report.hands
    assert again.counterexamples == report.counterexamples
    done = check_evaluator(_one_hand_off, resume=tmp_path / "run.jsonl", **options)
    assert done.resumed == 6 and done.counterexamples == report.counterexamples


def test_every_hand_in_local_worker_processes(tmp_path):
    report = check_evaluator(
        lambda hands: evaluate_batch(hands, rules="short_deck"),
        cards=5,
        rules="short_deck",
        mode="exhaustive",
        takes="index",
        batch=True,
        tasks=4,
        workers=2,
    )
    assert report.ok and report.hands == 376_992 and report.classes == 1404


def test_a_resume_file_of_another_run_is_refused(tmp_path):
    path = tmp_path / "run.jsonl"
    check_evaluator(
        _one_hand_off, cards=5, rules="short_deck", mode="exhaustive", takes="index", batch=True, tasks=3, resume=path
    )
    with pytest.raises(Exception, match="another run"):
        check_evaluator(
            _one_hand_off,
            cards=5,
            rules="short_deck",
            mode="exhaustive",
            takes="index",
            batch=True,
            tasks=4,
            resume=path,
        )


@pytest.mark.slow
def test_every_seven_card_hand_of_the_short_deck():
    report = check_evaluator(
        lambda hands: evaluate_batch(hands, rules="short_deck"),
        cards=7,
        rules="short_deck",
        mode="exhaustive",
        takes="index",
        batch=True,
        workers=2,
    )
    assert report.ok and report.hands == 8_347_680
