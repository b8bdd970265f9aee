"""Damaged resume files: what is read back is checked against what wrote it, every lie is
refused in one line naming the line, the file is left as it is, and one file serves one run
at a time."""

import json
import subprocess
import sys

import pytest

from pysolver import PokerInputError
from pysolver.crossval._modes import crossval_exhaustive
from pysolver.crossval._resume import ResumeFile, _digest

pytestmark = pytest.mark.heavy  # resumed runs

TASKS = 100_000  # about 1,340 hands a task
ONLY = [0, 1, 2]


@pytest.fixture(scope="module")
def written(tmp_path_factory):
    """A resume file of a whole run, and its report."""
    path = tmp_path_factory.mktemp("resume") / "run.jsonl"
    report = crossval_exhaustive(TASKS, ONLY, cards=7, resume=path)
    return path.read_text(), report


def _lines(text):
    return [json.loads(line) for line in text.splitlines()]


def _text(lines):
    return "".join(json.dumps(line) + "\n" for line in lines)


def _resign(line, run):
    """The line's digest made again, as someone who knows the format would."""
    line["digest"] = _digest(run, line["task"], line["key"], line["partial"])
    return line


def _edit_number(lines):
    lines[1]["partial"]["hands"] += 1
    return lines


def _edit_category(lines):
    counts = lines[2]["partial"]["categories"]
    name = sorted(counts)[0]
    counts[name] += 1
    return lines


def _copy_under_another_number(lines):
    copy = dict(lines[1], task=lines[3]["task"])
    return lines[:3] + [copy]


def _copy_resigned(lines):
    copy = _resign(dict(lines[1], task=lines[3]["task"]), lines[0]["run"])
    return lines[:3] + [copy]


def _edit_resigned(lines):
    lines[2]["partial"]["hands"] += 7
    lines[2]["partial"]["categories"][sorted(lines[2]["partial"]["categories"])[0]] += 7
    _resign(lines[2], lines[0]["run"])
    return lines


def _index_out_of_range(lines):
    lines[1]["task"] = 10**9
    return lines


def _index_negative(lines):
    lines[1]["task"] = -1
    return lines


def _index_bool(lines):
    lines[1]["task"] = True
    return lines


def _digest_removed_mid_file(lines):
    del lines[1]["digest"]
    return lines


def _mismatch_dropped(lines):
    lines[2]["partial"]["mismatches"] = []
    lines[2]["partial"]["showdowns"] -= 1
    return lines


def _run_edited(lines):
    lines[0]["run"]["tasks"] = 3
    return lines


def _old_version(lines):
    lines[0]["version"] = 1
    return lines


DAMAGE = {
    _edit_number: r"line 2 \(task \d\) is not what this run wrote",
    _edit_category: r"line 3 \(task \d\) is not what this run wrote",
    _copy_under_another_number: r"line 4 \(task \d\) is not what this run wrote",
    _copy_resigned: r"line 4: task \d is not this run's task \d \(its description differs\)",
    _edit_resigned: r"line 3: task \d counts [\d,]+ hands; the task has [\d,]+",
    _index_out_of_range: r"line 2: task 1000000000 is not one of this run's",
    _index_negative: r"line 2: task -1 is not one of this run's",
    _index_bool: r"line 2: task True is not one of this run's",
    _digest_removed_mid_file: r"line 2 is not a finished task",
    _mismatch_dropped: r"line 3 \(task \d\) is not what this run wrote",
    _run_edited: r"written for another run: tasks",
    _old_version: r"version 1 \(this pysolver reads version 2\)",
}


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__.strip("_"))
def test_a_damaged_resume_file_is_refused_and_kept(tmp_path, written, damage):
    path = tmp_path / "run.jsonl"
    path.write_text(_text(damage(_lines(written[0]))))
    before = path.read_bytes()
    with pytest.raises(PokerInputError, match=DAMAGE[damage]) as raised:
        crossval_exhaustive(TASKS, ONLY, cards=7, resume=path)
    assert "\n" not in str(raised.value) and path.read_bytes() == before


@pytest.mark.parametrize("content", [b"\xff\xfe junk\n", b"my notes\n"])
def test_a_file_that_is_not_a_resume_file_is_refused_and_kept(tmp_path, content):
    path = tmp_path / "run.jsonl"
    path.write_bytes(content)
    with pytest.raises(PokerInputError, match="run.jsonl"):
        crossval_exhaustive(TASKS, ONLY, cards=7, resume=path)
    assert path.read_bytes() == content


def test_a_folder_is_not_a_resume_file(tmp_path):
    with pytest.raises(PokerInputError, match="not a regular file"):
        crossval_exhaustive(TASKS, ONLY, cards=7, resume=tmp_path)


def test_an_untouched_file_a_cut_line_and_an_empty_file_resume(tmp_path, written):
    text, whole = written
    path = tmp_path / "run.jsonl"
    lines = text.splitlines(keepends=True)
    path.write_text("".join(lines[:3]) + lines[3][:40])  # the last line cut short
    resumed = crossval_exhaustive(TASKS, ONLY, cards=7, resume=path)
    assert resumed.resumed == 2 and (resumed.hands, resumed.categories) == (whole.hands, whole.categories)
    assert crossval_exhaustive(TASKS, ONLY, cards=7, resume=path).resumed == 3
    path.write_text("")  # a run that ended before writing
    assert crossval_exhaustive(TASKS, ONLY, cards=7, resume=path).resumed == 0


def test_a_second_run_on_one_file_is_refused_while_the_first_holds_it(tmp_path, written):
    path = tmp_path / "run.jsonl"
    path.write_text(written[0])
    holder = ResumeFile(path, _lines(written[0])[0]["run"])  # a run in progress
    with pytest.raises(PokerInputError, match="run.jsonl': another run is using it"):
        crossval_exhaustive(TASKS, ONLY, cards=7, resume=path)
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pysolver",
            "crossval",
            "--exhaustive",
            "7",
            "--chunks",
            str(TASKS),
            "--chunk",
            "1",
            "--resume",
            str(path),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "another run is using it" in done.stderr
    holder.close()
    assert crossval_exhaustive(TASKS, ONLY, cards=7, resume=path).resumed == 3


def test_a_run_refused_for_its_file_leaves_no_file_behind(tmp_path):
    path = tmp_path / "new.jsonl"
    with pytest.raises(PokerInputError):
        crossval_exhaustive(TASKS, [], cards=7, resume=path)
    assert not path.exists()
