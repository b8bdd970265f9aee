"""What a caller is told: one line naming the fault (a weight, a range where hole cards belong,
a run too long to enumerate), user text quoted cut short, no traceback on the command line;
and a long exact run reports its progress."""

import re
import sys
import time

import pytest

from pysolver import (
    Card,
    CardCountError,
    InvalidCardError,
    PokerInputError,
    RangeError,
    equity,
    parse_cards,
    parse_range,
    solve_showdown,
)
from pysolver.cli import ERROR_LIMIT, main
from pysolver.core._cards import QUOTE_LIMIT, parse_hole
from pysolver.core._errors import WorkerError
from pysolver.core._numbers import check_seed
from pysolver.core._situation import Situation
from pysolver.odds._cost import VALUES_PER_SECOND, Shape
from pysolver.odds._model import Question
from pysolver.odds._planner import EXACT_TIME_LIMIT, PROGRESS_STEPS, exact_seconds
from pysolver.odds._registry import least_cost

UNITS = {"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400, "years": 365.25 * 86400}


def run(capsys, *argv):
    try:
        status = main(list(argv))
    except SystemExit as exit_:  # argument errors exit as argparse does
        status = exit_.code
    out, err = capsys.readouterr()
    return status, out, err


# --- Weights ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, weight", [("AA:abc", "'abc'"), ("abc(AA)", "'abc'"), ("KK, AA:50%", "'50%'"), ("AKs:", "''")]
)
def test_a_weight_that_is_not_a_number_is_the_fault(text, weight):
    with pytest.raises(RangeError) as error:
        parse_range(text)
    message = str(error.value)
    assert f"the weight {weight} is not a number" in message and "not a hand" not in message


@pytest.mark.parametrize("text", ["-1(AA)", "AA:-0.5", "1.5(KK)", "AA:nan", "QQ:inf"])
def test_a_weight_outside_zero_to_one(text):
    with pytest.raises(RangeError) as error:
        parse_range(text)
    assert str(error.value) == f"range item '{text}': a weight must be between 0 and 1"


def test_a_negative_weight_on_the_command_line(capsys):
    # argparse takes "-1(AA)" for an option; the message is the range's.
    status, out, err = run(capsys, "equity", "AhKh", "-1(AA)")
    assert (status, out) == (2, "")
    assert err == "pysolver: error: range item '-1(AA)': a weight must be between 0 and 1\n"
    status, _, err = run(capsys, "equity", "AhKh", "QsQd", "--bogus")
    assert status == 2 and err == "pysolver: error: unrecognized arguments: --bogus\n"


# --- Hole cards, not ranges ------------------------------------------------------------------


def test_a_showdown_of_random_hands(capsys):
    status, out, err = run(capsys, "showdown", "random", "random")
    assert (status, out) == (2, "")
    assert err == (
        "pysolver: error: player 'random': this takes two hole cards per player, such as 'As Ks' "
        "(ranges and 'random' are for equity)\n"
    )


@pytest.mark.parametrize("player", ["AA", "AKs, QQ", "top 10%", parse_range("KK")])
def test_a_range_where_hole_cards_belong(player):
    with pytest.raises(CardCountError) as error:
        solve_showdown([player, "Qh Qd"], "2c 3d 4h 5s 7c")
    assert str(error.value).startswith(f"player '{player}': this takes two hole cards per player")


def test_bad_hole_cards_still_name_the_card():
    with pytest.raises(InvalidCardError, match="invalid card 'Ax'"):
        solve_showdown(["Ax Kd", "Qh Qd"])
    with pytest.raises(CardCountError, match="a hand has 2 cards, got 3"):
        Situation.of(["As Ks Qs", "Qh Qd"])


# --- Long text, huge numbers -----------------------------------------------------------------


@pytest.mark.parametrize(
    "call, text",
    [
        (parse_range, "A" * 100_000),
        (Card.parse, "Z" * 100_000),
        (lambda t: parse_cards(["Ah", t]), "Q" * 100_000),
        (lambda t: equity(["AhKh", t]), "x" * 100_000),
        (lambda t: Situation.of(t), "AhKh" * 25_000),
    ],
)
def test_long_text_is_quoted_cut_short(call, text):
    with pytest.raises(PokerInputError) as error:
        call(text)
    message = str(error.value)
    assert len(message) <= QUOTE_LIMIT + 150 and "characters)" in message


def test_many_cards_are_quoted_cut_short():
    cards = " ".join(str(Card(i)) for i in range(50))  # 149 characters of cards
    with pytest.raises(CardCountError) as error:
        parse_hole(cards)
    assert str(error.value) == (
        "hole cards '2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h...' "
        "(149 characters): a hand has 2 cards, got 50"
    )


def test_the_command_line_never_echoes_a_long_argument(capsys):
    for argv in (
        ["equity", "AhKh", "A" * 100_000],
        ["equity", "AhKh", "QsQd", "--trials", "9" * 100_000],
        ["showdown", "As Ks", "Qh Qd", "--board", "2c " * 30_000],
    ):
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and err.count("\n") == 1 and len(err) <= ERROR_LIMIT + 1


def test_long_range_text_is_read_in_linear_time():
    # The weight and percent patterns once backtracked: 100,000 digits took minutes.
    start = time.monotonic()
    for text in ("1" * 100_000, "A" + " " * 100_000 + "B(", "0" * 100_000 + ":"):
        with pytest.raises(RangeError):
            parse_range(text)
    assert time.monotonic() - start < 5


def test_huge_numbers_are_described_not_printed():
    # 10 ** 5000 has 5,001 digits; Python refuses to print an int of more than 4,300.
    with pytest.raises(InvalidCardError, match="about 5,001 digits: must be 0..51"):
        Card(10**5000)
    with pytest.raises(PokerInputError, match="^seed a whole number of about 5,001 digits"):
        check_seed(10**5000)
    with pytest.raises(PokerInputError, match="^trials a whole number of about 5,001 digits"):
        equity(["AhKh", "QsQd"], trials=10**5000)
    with pytest.raises(PokerInputError, match="trials 100000001: must be 1 to 100,000,000"):
        equity(["AhKh", "QsQd"], trials=100_000_001)


def test_a_lost_worker_is_one_line(monkeypatch, capsys):
    import pysolver.cli._equity as command

    def lost(*args, **kwargs):
        raise WorkerError("worker process of chunk 3 was lost (killed, or out of memory)\nnothing of it was counted")

    monkeypatch.setattr(command, "equity", lost)
    status, out, err = run(capsys, "equity", "AhKh", "QsQd")
    assert (status, out) == (3, "")  # not bad input: a status of its own
    assert err == (
        "pysolver: error: worker process of chunk 3 was lost (killed, or out of memory) nothing of it was counted\n"
    )


# --- Honest exact runs -----------------------------------------------------------------------


def stated_seconds(message: str) -> float:
    amount, unit = re.search(r"would take about ([0-9.,e+]+) (\w+)", message).groups()
    return float(amount.replace(",", "")) * UNITS[unit]


@pytest.mark.parametrize(
    "players, at_least",
    [
        (["random", "random", "random", "random"], 600),  # one fixed class by class, three counted each
        (["AhKh"] + ["random"] * 4, 600),  # a random hand fixed class by class, three counted each
        (["AhKh"] + ["random"] * 5, 86400),
    ],
)
def test_a_hopeless_exact_run_is_refused_saying_how_long(players, at_least):
    with pytest.raises(PokerInputError) as error:
        equity(players, exact=True)
    message = str(error.value)
    assert message.startswith(f"exact equity of {' vs '.join(repr(p) for p in players)} would take about")
    assert "force=True (--force)" in message
    seconds = stated_seconds(message)
    assert seconds >= at_least > EXACT_TIME_LIMIT
    situation = Situation.of(players, ranges=True)
    assert least_cost(Shape.of(Question.of(situation))) / VALUES_PER_SECOND == pytest.approx(seconds, rel=0.05)
    assert exact_seconds(list(situation.players), 0) >= 0.95 * seconds  # before card removal: no less


@pytest.mark.parametrize("installed", [True, False])
def test_a_refusal_without_numba_names_the_extra_that_brings_it(monkeypatch, installed):
    if not installed:
        monkeypatch.setitem(sys.modules, "numba", None)  # as if absent: find_spec says None
    with pytest.raises(PokerInputError) as error:
        equity(["random"] * 4, exact=True)
    assert ("pip install 'pysolver-holdem[fast]'" in str(error.value)) is not installed


def test_the_command_line_refuses_without_force(capsys):
    status, out, err = run(capsys, "equity", "AhKh", "random", "random", "random", "random", "--exact")
    assert status == 2 and out == "" and err.count("\n") == 1 and "--force" in err


def test_forced_runs_report_progress_at_once():
    calls = []

    class Enough(Exception):
        pass

    def progress(done, total):
        calls.append((done, total))
        if len(calls) == 3:
            raise Enough

    with pytest.raises(Enough):  # the callback's exception stops the run, on every thread
        equity(["random", "random", "random"], exact=True, force=True, progress=progress)
    assert all(total == PROGRESS_STEPS and 0 <= done <= total for done, total in calls)
    assert calls[-1][0] <= PROGRESS_STEPS // 100  # reported from within the parts: three reports by 1%


def test_progress_of_an_exact_run_climbs_to_the_end():
    calls = []
    r = equity(["AKs", "random", "random"], "Qs Js 2c 3d 4h", exact=True, progress=lambda d, t: calls.append(d))
    assert r.exact and r.deals == 4 * 990 * 903  # 4 combos x C(45, 2) x C(43, 2) holdings, one board
    # every thread's parts report, summed: never lower than before, once at least per combo of AKs
    assert calls == sorted(calls) and calls[-1] == PROGRESS_STEPS and len(calls) >= 4
