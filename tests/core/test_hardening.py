"""Every input gets an answer or a clear error: seat counts, numbers, seeds."""

import os

import pytest

from pysolver import PlayerCountError, PokerInputError, Solver, crossval_random, equity
from pysolver.cli import main
from pysolver.core._ranges import parse_range
from pysolver.odds._planner import EXACT_BUDGET, work_estimate


@pytest.mark.parametrize("seats", range(2, 24))
def test_every_seat_count_returns(seats):
    result = equity(["AhKh"] + ["random"] * (seats - 1), trials=1000, seed=seats)
    assert len(result.players) == seats and result.deals == 1000 and result.seed == seats
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
    # The work of enumerating every deal grows past any budget: never negative (no overflow).
    open_seats = [parse_range("random")] * (seats - 1)
    estimate = work_estimate([(None, None)] + open_seats, board_size=0)
    assert estimate >= 1326 ** (seats - 2)
    assert seats < 5 or estimate > EXACT_BUDGET  # a hand against three random hands is counted exactly


def test_too_many_players_for_the_deck():
    with pytest.raises(PlayerCountError, match="24 players"):
        equity(["random"] * 24, trials=100)


@pytest.mark.parametrize(
    "kwargs, named",
    [
        (dict(trials=2.5), "trials 2.5"),
        (dict(trials="100"), "trials '100'"),
        (dict(trials=0), "trials 0"),
        (dict(trials=True), "trials True"),
        (dict(target_stderr="x"), "'x'"),
        (dict(target_stderr=-0.1), "-0.1"),
        (dict(seed=1.5), "seed 1.5"),
        (dict(seed=-1), "seed -1"),
        (dict(seed=2**63), "seed"),
    ],
)
def test_equity_numbers_are_checked(kwargs, named):
    with pytest.raises(PokerInputError) as error:
        equity(["AhKh", "random"], **kwargs)
    assert named in str(error.value)


@pytest.mark.parametrize(
    "kwargs, named",
    [
        (dict(chunk_size=0), "chunk_size 0"),
        (dict(chunk_size=2.5), "chunk_size 2.5"),
        (dict(workers="2"), "workers '2'"),
        (dict(workers=0), "workers 0"),
        (dict(workers=(os.cpu_count() or 1) + 1), "workers"),
    ],
)
def test_solver_numbers_are_checked(kwargs, named):
    with pytest.raises(PokerInputError) as error:
        Solver(**kwargs)
    assert named in str(error.value)


@pytest.mark.parametrize(
    "args, kwargs", [((10.5,), {}), ((0,), {}), ((10,), dict(seed=-1)), ((10,), dict(workers=1000))]
)
def test_crossval_numbers_are_checked(args, kwargs):
    with pytest.raises(PokerInputError):
        crossval_random(*args, **kwargs)


@pytest.mark.parametrize(
    "argv",
    [
        ["equity", "AhKh", "random", "--seed", "-1"],
        ["equity", "AhKh", "random", "--trials", "0"],
        ["crossval", "--random", "10", "--workers", "1000"],
        ["crossval", "--random", "10", "--seed", "-1"],
    ],
)
def test_command_line_numbers_are_one_line_exit_2(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("pysolver: error:")


def test_monte_carlo_reports_its_seed(capsys):
    first = equity(["AhKh", "random", "random"], trials=2000)
    again = equity(["AhKh", "random", "random"], trials=2000, seed=first.seed)
    assert first.seed is not None and again.players[0].wins == first.players[0].wins
    assert main(["equity", "AhKh", "random", "random", "--trials", "2000"]) == 0
    assert "seed" in capsys.readouterr().out


@pytest.mark.parametrize(
    "first, second", [("AsKs, 0.000001(AhKh)", "AsKs, 0.000001(AdKd)"), ("QQ+, 0.001(AKs)", "AKs, 0.001(KK)")]
)
def test_skewed_weights_sample_quickly_and_agree_with_enumeration(first, second):
    exact = equity([first, second], board="2c 7d 9h", exact=True)
    sampled = equity([first, second], board="2c 7d 9h", trials=200_000, seed=3)
    for mine, truth in zip(sampled.players, exact.players):
        assert abs(mine.equity - truth.equity) < 4 * mine.stderr + 1e-9
