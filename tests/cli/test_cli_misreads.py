"""Commands that crashed or misread their options: each input now gets one line on stderr and
exit status 2 (or does what it says), never a traceback."""

import pytest

from pysolver.cli import main


@pytest.fixture
def folder(tmp_path):
    return tmp_path


@pytest.mark.parametrize(
    "command",
    [["range", "AA,KK"], ["texture", "QQ+,AK", "--board", "Ks 7h 2d"], ["equity", "AA,KK", "QsQd", "--breakdown"]],
)
@pytest.mark.parametrize(
    "option, path, words",
    [
        ("--svg", "{tmp}/missing/grid.svg", "no folder"),
        ("--html", "{tmp}/missing/grid.html", "no folder"),
        ("--png", "{tmp}/missing/grid.png", "no folder"),
        ("--svg", "{tmp}", "is a folder"),
        ("--png", "{tmp}", "is a folder"),
        ("--svg", "", "an empty path"),
        ("--png", "", "an empty path"),
        ("--png", "{tmp}/grid.jpg", "a PNG picture's name ends in .png"),
        ("--png", "{tmp}/grid", "a PNG picture's name ends in .png"),
    ],
)
def test_a_picture_path_that_cannot_be_written_is_one_line(capsys, folder, command, option, path, words):
    with pytest.raises(SystemExit) as exited:
        main(command + [option, path.format(tmp=folder)])
    err = capsys.readouterr().err
    assert exited.value.code == 2 and err.count("\n") == 1 and words in err


def test_a_png_is_written_where_asked_as_png(capsys, folder):
    pytest.importorskip("matplotlib")
    target = folder / "grid.PNG"
    assert main(["range", "AA,KK", "--png", str(target)]) == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and [p.name for p in folder.iterdir()] == ["grid.PNG"]


@pytest.mark.parametrize(
    "option, value, words",
    [
        ("--time-limit", "inf", "time limit inf"),
        ("--time-limit", "1e12", "at most 604,800"),
        ("--time-limit", "nan", "time limit nan"),
        ("--time-limit", "-1", "above 0"),
        ("--memory-limit", str(10**30), "64 to 1,048,576"),
        ("--memory-limit", "10", "64 to 1,048,576"),
    ],
)
def test_limits_out_of_bounds_are_one_line(capsys, option, value, words):
    assert main(["showdown", "As Ks", "Qh Qd", option, value]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


@pytest.mark.parametrize("mode", ["--random", "--streets"])
@pytest.mark.parametrize("count", ["1" + "0" * 20, "1000000001"])
def test_a_huge_random_count_is_one_line(capsys, mode, count):
    assert main(["crossval", mode, count]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "at most 1,000,000,000 showdowns a run" in err


@pytest.mark.parametrize(
    "argv, words",
    [
        (["crossval", "--equity"], "equity 100000000000000000000: must be 1 to 100,000"),
        (["crossval", "--explain"], "explain 100000000000000000000: must be 1 to 1,000,000"),
        (["rules", "diff", "standard", "--showdowns"], "showdowns 100000000000000000000: must be 0 to 1,000,000"),
        (["equity", "AsKs", "QhQd", "--trials"], "trials 100000000000000000000: must be 1 to 100,000,000"),
        (["crossval", "--exhaustive", "7", "--canonical", "--sample"], "sample 100000000000000000000"),
    ],
)
def test_every_huge_count_is_one_line(capsys, argv, words):
    assert main([*argv, "1" + "0" * 20]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_a_standard_error_finer_than_any_run_takes_the_most_trials():
    from pysolver.odds._sampling.sampler import MAX_TRIALS, trial_limit

    assert trial_limit(None, 1e-300) == trial_limit(None, 1e-9) == MAX_TRIALS  # 1e-300 squared is 0
    assert trial_limit(None, 0.001) == 250_000  # a coin's spread: 0.25 / 0.001**2


def test_a_huge_conform_count_is_one_line(capsys):
    assert main(["conform", "pysolver.evaluator:evaluate", "--random", "1" + "0" * 20]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "count 100000000000000000000: must be 1 to 1,000,000,000,000" in err


def test_force_without_exact_is_refused(capsys):
    assert main(["equity", "AhKh", "QsQd", "--force"]) == 2
    assert "add --exact" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["range", "AA", "--dead", "Ac Ad Ah"], ["range", "22", "--rules", "short_deck"]])
def test_a_range_with_no_combo_in_the_deck_is_refused(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no combo of it is left" in err


def test_options_before_rules_diff_are_kept_or_refused(capsys, tmp_path):
    wrap = str(__import__("pathlib").Path(__file__).parents[2] / "examples" / "wraparound.lp")
    assert (
        main(["rules", "--add", wrap, "--json", "diff", "standard", "--showdowns", "0", "--no-named", "--seed", "1"])
        == 0
    )
    before = __import__("json").loads(capsys.readouterr().out)
    assert (
        main(["rules", "diff", "standard", "--add", wrap, "--json", "--showdowns", "0", "--no-named", "--seed", "1"])
        == 0
    )
    after = __import__("json").loads(capsys.readouterr().out)
    assert before == after and "wraparound.lp" in str(before)
    assert main(["rules", "--rules", "short_deck", "diff", "standard"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--rules short_deck: rules diff compares the rule books named after it" in err


@pytest.mark.parametrize("count", ["1" + "0" * 20, "24", "22"])
def test_more_opponents_than_the_deck_deals_is_one_line(capsys, count):
    dead = ["--dead", "2c 3c"] if count == "22" else []  # 22 opponents and two dead cards: 51 cards
    assert main(["strength", "AdQc", "--opponents", count, *dead]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{count} opponents: {int(count) + 1} players" in err
    assert "deals at most" in err and "Traceback" not in err
