"""Cross-validation of the ASP solver against the evaluator (pysolver.crossval._modes).

The engines must agree on >= 20,000 skewed random showdowns (heads-up and
multiway, river, turn and flop), on the streets of heads-up deals and on the
equity counts of a few deals; a deliberately wrong evaluator must be caught;
the skewed dealer must really deal each rare case (checked here by counting
ranks and suits, independently of both engines). The exhaustive 5-card run is
opt-in (``pytest --runslow``).
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter

import numpy as np
import pytest

from pysolver.cli import main
from pysolver.crossval import _compare as crossval_compare
from pysolver.crossval._compare import Partial, order_mismatches
from pysolver.crossval._dealer import CASES, STREET_CASES, deal_skewed, deal_streets
from pysolver.crossval._modes import (
    TASKS_PER_PROCESS,
    _boards,
    chunk_boards,
    crossval_equity,
    crossval_exhaustive,
    crossval_random,
    crossval_streets,
    exhaustive_chunk,
)
from pysolver.crossval._modes import run_checks as _run
from pysolver.evaluator._lookup import categories, evaluate_batch
from tests.helpers.variant_brute import CATEGORIES

ALL_CATEGORIES = set(CATEGORIES)


@pytest.mark.heavy
@pytest.mark.parametrize("count, players, cards", [(12000, 2, 7), (3000, 6, 7), (2500, 3, 6), (2500, 4, 5)])
def test_random_showdowns_agree(count, players, cards):
    report = crossval_random(count, players=players, cards=cards, seed=count + players)
    assert report.mismatches == []
    assert report.showdowns == count and report.hands == count * players
    assert sum(report.categories.values()) == report.hands
    assert report.cases["tie"] > 0
    if cards == 7:
        assert set(report.categories) == ALL_CATEGORIES
        assert all(report.cases[c] > 0 for c in CASES)


@pytest.mark.heavy
def test_streets_agree():
    report = crossval_streets(600, seed=11)
    assert report.ok, report.mismatches
    assert report.showdowns == 3 * 600
    for street in ("flop", "turn", "river"):
        assert sum(n for k, n in report.cases.items() if k.startswith(street) and k != f"{street}:tie") == 600
    assert report.cases["flop:straight_flush"] > 0 and report.cases["turn:two_trips"] > 0


def test_equity_counts_agree():
    report = crossval_equity(1, seed=5)
    assert report.ok, report.mismatches
    assert report.cases == {"2-way flop": 1, "2-way turn": 1, "3-way flop": 1, "3-way turn": 1}
    # runouts: C(45, 2) + 44 heads-up, C(43, 2) + 42 three-way
    assert report.showdowns == 990 + 44 + 903 + 42


def test_exhaustive_chunks_partition_every_hand():
    boards = _boards()
    pieces = [chunk_boards(i, 13) for i in range(13)]
    assert np.array_equal(np.concatenate(pieces), boards)
    sizes = [int((b[:, 0] * (b[:, 0] - 1) // 2).sum()) for b in pieces]
    assert sum(sizes) == 2598960 and max(sizes) - min(sizes) < 2 * 1225


def test_one_exhaustive_chunk_agrees():
    part = exhaustive_chunk(0, 800)
    assert part.mismatches == [] and part.hands > 3000
    assert order_mismatches(part.pairs) == []


def test_order_check_finds_a_non_monotone_mapping():
    assert order_mismatches(np.array([[10, 1], [20, 5], [30, 7]])) == []
    assert [m["kind"] for m in order_mismatches(np.array([[10, 1], [20, 7], [30, 5]]))] == ["order"]
    assert len(order_mismatches(np.array([[10, 1], [10, 2]]))) == 1  # one ASP class, two values


def _patched(monkeypatch, permutation: np.ndarray) -> None:
    """Make the cross-validation's evaluator answer permutation[value]."""

    def wrong(hands, **kwargs):
        return permutation[evaluate_batch(hands, **kwargs)].astype(np.int16)

    monkeypatch.setattr(crossval_compare, "evaluate_batch", wrong)


def test_wrong_evaluator_swapping_two_categories_exits_1(monkeypatch, capsys):
    values = np.arange(7463)
    cats = categories(values[1:])
    trips, straight = np.flatnonzero(cats == 3) + 1, np.flatnonzero(cats == 4) + 1
    assert len(trips) == 858 and len(straight) == 10
    # the straights take the lowest trips' values and the trips shift up: both categories swap places
    permutation = values.copy()
    permutation[straight] = trips[:10]
    permutation[trips] = np.concatenate([trips[10:], straight])
    _patched(monkeypatch, permutation)
    assert main(["crossval", "--random", "400", "--players", "3", "--seed", "3", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    kinds = Counter(m["kind"] for m in report["mismatches"])
    assert report["ok"] is False and kinds["category"] > 0
    wrong = next(m for m in report["mismatches"] if m["kind"] == "category")
    assert {wrong["asp"]["category"], wrong["evaluator"]["category"]} <= {"straight", "three_of_a_kind"}


def test_wrong_evaluator_swapping_two_classes_in_a_category_is_caught(monkeypatch):
    deals = deal_skewed(300, players=2, seed=4)
    seen = Counter(evaluate_batch(deals.hands().reshape(-1, 7)).tolist())
    value = next(
        v
        for v, _ in seen.most_common()
        if categories(np.array([v, v + 1])).tolist()[0] == categories(np.array([v + 1])).tolist()[0]
    )
    permutation = np.arange(7463)
    permutation[[value, value + 1]] = value + 1, value
    _patched(monkeypatch, permutation)
    report = crossval_random(300, players=2, seed=4)
    kinds = Counter(m["kind"] for m in report.mismatches)
    assert not report.ok and kinds["tiebreak"] >= seen[value]


# --- The skewed dealer, checked by counting ranks and suits -------------------------------


def _features(cards: list[int]) -> set[str]:
    """The rare patterns in one player's cards, by plain counting."""
    ranks = Counter(c >> 2 for c in cards)
    suits = Counter(c & 3 for c in cards)
    by_suit = {s: {c >> 2 for c in cards if c & 3 == s} for s in range(4)}
    runs = [{(t - i) % 13 for i in range(5)} for t in range(3, 13)]  # the wheel holds the ace
    out = set()
    if any(run <= held for run in runs for held in by_suit.values()):
        out.add("straight_flush")
    if 4 in ranks.values():
        out.add("quads")
    if sum(n >= 3 for n in ranks.values()) >= 2:
        out.add("two_trips")
    if max(suits.values()) >= 6:
        out.add("big_flush")
    if sum(n >= 2 for n in ranks.values()) >= 3:
        out.add("three_pairs")
    if {12, 0, 1, 2, 3} <= set(ranks):
        out.add("wheel")
    return out


def _board_plays(board: list[int]) -> bool:
    ranks = sorted(c >> 2 for c in board)
    return ranks == list(range(ranks[0], ranks[0] + 5)) and max(Counter(c & 3 for c in board).values()) <= 2


def test_skewed_dealer_deals_each_rare_case():
    deals = deal_skewed(8000, players=4, seed=21)
    assert all(len(set(row)) == len(row) for row in deals.cards.tolist())
    hands = deals.hands().tolist()
    found = Counter()
    for case, seats, board in zip(deals.case_names(), hands, deals.board.tolist()):
        if case == "board_plays":
            assert _board_plays(board)
            found[case] += 1
        elif case != "uniform":
            assert any(case in _features(h) for h in seats), (case, seats)
            found[case] += 1
    assert set(found) == set(CASES) - {"uniform"}
    assert min(found.values()) > 800
    # a uniform dealer gives these almost never: straight flushes in about 0.03 % of hands
    uniform = [h for case, seats in zip(deals.case_names(), hands) if case == "uniform" for h in seats]
    assert sum("straight_flush" in _features(h) for h in uniform) < 20
    assert (
        sum(
            max(Counter(c & 3 for c in h).values()) == 7
            for h, case in zip((s[0] for s in hands), deals.case_names())
            if case == "big_flush"
        )
        > 0
    )


def test_streets_dealer_labels_a_case_only_once_its_pattern_is_complete():
    cards, case = deal_streets(3000, players=2, seed=13)
    assert all(len(set(row)) == len(row) for row in cards.tolist())
    found = Counter()
    for row, labels in zip(cards.tolist(), case.tolist()):
        for street, size in enumerate((3, 4, 5)):
            name = STREET_CASES[labels[street]]
            seen = [row[:2] + row[4 : 4 + size], row[2:4] + row[4 : 4 + size]]
            if name == "board_plays":
                assert _board_plays(row[4:])
            elif name not in ("uniform", "later"):
                assert any(name in _features(h) for h in seen), (name, street, row)
            found[street, name] += 1
    assert found[2, "later"] == 0 and found[0, "later"] == found[1, "later"] + 750
    for street, names in enumerate(
        (("straight_flush", "quads", "wheel"), ("two_trips", "big_flush", "three_pairs"), ("board_plays",))
    ):
        assert all(found[street, name] > 50 for name in names)
        assert all(found[earlier, name] == 0 for name in names for earlier in range(street))


def test_skewed_dealer_is_seeded_and_fits_the_street():
    a, b = deal_skewed(500, 3, 4, seed=9), deal_skewed(500, 3, 4, seed=9)
    assert np.array_equal(a.cards, b.cards)
    flop = deal_skewed(500, 2, 3, seed=9)
    assert "two_trips" not in flop.case_names() and "board_plays" not in flop.case_names()


def test_cli_reports_and_bad_input(capsys):
    assert main(["crossval", "--streets", "50", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "agree" in out and "showdowns/s" in out
    assert main(["crossval", "--random", "10", "--players", "1"]) == 2
    assert main(["crossval", "--exhaustive", "5", "--chunk", "40", "--chunks", "40"]) == 2
    assert "chunk 40 of 40" in capsys.readouterr().err


def test_a_run_without_a_seed_reports_the_seed_that_reproduces_it():
    first = crossval_random(300, players=3, seed=None)
    assert isinstance(first.seed, int)
    again = crossval_random(300, players=3, seed=first.seed)
    assert (again.categories, again.cases, again.classes) == (first.categories, first.cases, first.classes)
    streets = crossval_streets(40)
    assert crossval_streets(40, seed=streets.seed).cases == streets.cases


def test_cli_prints_the_seed_it_drew(capsys):
    assert main(["crossval", "--random", "200", "--players", "4", "--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(["crossval", "--random", "200", "--players", "4", "--seed", str(first["seed"]), "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["seed"] == first["seed"]
    assert (again["categories"], again["cases"]) == (first["categories"], first["cases"])
    assert main(["crossval", "--streets", "20"]) == 0
    assert ", seed " in capsys.readouterr().out.splitlines()[0]


@pytest.mark.heavy
def test_workers_split_the_same_deals():
    one = crossval_random(2500, players=3, cards=6, seed=8)
    two = crossval_random(2500, players=3, cards=6, seed=8, workers=2)
    assert two.ok and (two.categories, two.cases, two.classes) == (one.categories, one.cases, one.classes)


def _pid_task() -> Partial:
    return Partial(chunks=[os.getpid()])


def test_worker_processes_are_replaced_after_a_few_tasks():
    # clingo never frees a symbol, so long runs go through fresh worker processes
    pids = _run("pids", _pid_task, [()] * (2 * TASKS_PER_PROCESS + 1), 1, False).chunks
    assert len(set(pids)) == 3 and os.getpid() not in pids
    assert set(_run("pids", _pid_task, [()] * TASKS_PER_PROCESS, 1, False).chunks) == {os.getpid()}


def test_a_chunk_named_twice_runs_once():
    once, twice = crossval_exhaustive(800, only=[0]), crossval_exhaustive(800, only=[0, 0])
    assert twice.chunks == [0] and twice.hands == once.hands


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--random", "10", "--players", "30"], "30 players"),
        (["--exhaustive", "5", "--chunk", "999"], "chunk 999 of 40"),
        (["--exhaustive", "5", "--chunks", "0"], "chunks 0"),
        (["--exhaustive", "5", "--chunks", "20000"], "chunks 20000"),
        (["--streets", "10", "--players", "3"], "--players does not apply to --streets"),
        (["--random", "10", "--chunk", "3"], "--chunk does not apply to --random"),
        (["--exhaustive", "5", "--seed", "1"], "--seed does not apply to --exhaustive"),
        (["--equity", "1", "--cards", "6"], "--cards does not apply to --equity"),
        (["--random", "10", "--seed", "-1"], "seed -1"),
        (["--random", "10", "--workers", "0"], "workers 0"),
        (["--random", "0"], "random 0"),
    ],
)
def test_cli_bad_input_is_one_line_and_status_2(capsys, argv, message):
    assert main(["crossval", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and message in captured.err
    assert "Traceback" not in captured.err


@pytest.mark.parametrize("argv", [["--random", "10", "--cards", "4"], ["--exhaustive", "6"], []])
def test_cli_argument_errors_are_one_line_and_status_2(capsys, argv):
    with pytest.raises(SystemExit) as exit_:
        main(["crossval", *argv])
    err = capsys.readouterr().err
    assert exit_.value.code == 2 and err.count("\n") == 1 and "error" in err


@pytest.mark.slow
def test_exhaustive_five_card_hands():
    start = time.perf_counter()
    report = crossval_exhaustive(workers=2)
    elapsed = time.perf_counter() - start
    print(f"\nexhaustive 5-card cross-validation: {elapsed:.0f} s wall, ASP {report.asp_rate:,.0f} hands/s per process")
    assert report.ok, report.mismatches[:5]
    assert report.hands == 2598960 and report.classes == 7462
    # the published counts of the 5-card hands
    assert report.categories == {
        "high_card": 1302540,
        "pair": 1098240,
        "two_pair": 123552,
        "three_of_a_kind": 54912,
        "straight": 10200,
        "flush": 5108,
        "full_house": 3744,
        "four_of_a_kind": 624,
        "straight_flush": 36,
        "royal_flush": 4,
    }
