"""Random runs in bounded memory (pysolver.crossval._blocks): each task deals its own block
from the block's seed, so the deals depend on the seed and the count alone (not on the
split into tasks, the workers or a resume file), and a run of a billion showdowns costs no
more memory to plan or to deal a task of than a run of a thousand."""

import itertools
import tracemalloc

import numpy as np
import pytest

from pysolver import PokerInputError
from pysolver.asp._processes import recycled_imap
from pysolver.core import STANDARD
from pysolver.crossval._blocks import Tasks, dealt_rows
from pysolver.crossval._conform.hands import random_hands, random_rows
from pysolver.crossval._dealer import deal_skewed, deal_streets
from pysolver.crossval._execution import _Todo
from pysolver.crossval._random_modes import (
    MOST_DEALS,
    SHOWDOWNS_PER_TASK,
    _random_tasks,
    crossval_random,
    crossval_streets,
    random_block,
)


def _peak(call) -> int:
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_run_of_one_block_deals_what_one_unchunked_call_deals():
    for count in (1, 17, SHOWDOWNS_PER_TASK):
        cards, case = random_block(11, 0, count, 3, 4)
        whole = deal_skewed(count, 3, 4, seed=11)
        assert (cards == whole.cards).all() and (case == whole.case).all()
    cards, case = random_block(11, 0, 40, 2, 0)
    assert all((a == b).all() for a, b in zip((cards, case), deal_streets(40, 2, seed=11)))


@pytest.mark.parametrize("cuts", [[0, 2500], [0, 1, 999, 1000, 1001, 2500], [0, 700, 1900, 2500]])
def test_rows_dealt_in_any_split_are_the_rows_dealt_at_once(cuts):
    def deal(n, seed):
        return deal_skewed(n, 2, 5, seed=seed).cards

    whole = np.concatenate([random_block(5, b, 2500, 2, 5)[0] for b in range(3)])
    assert len(whole) == 2500 and len(np.unique(whole, axis=0)) == 2500
    parts = [np.concatenate(dealt_rows(deal, 5, SHOWDOWNS_PER_TASK, 2500, a, b)) for a, b in itertools.pairwise(cuts)]
    assert (np.concatenate(parts) == whole).all()


def test_conform_s_random_hands_do_not_depend_on_the_tasks():
    whole = random_rows(0, 25_000, 25_000, seed=8, cards=7)
    assert (whole[:10_000] == random_hands(10_000, 8, 7, STANDARD)).all()  # block 0: the seed itself
    for tasks in (1, 3, 7):
        cuts = [25_000 * i // tasks for i in range(tasks + 1)]
        split = np.concatenate([random_rows(a, b, 25_000, 8, 7) for a, b in itertools.pairwise(cuts)])
        assert (split == whole).all()


def test_a_billion_showdowns_are_planned_and_dealt_in_the_memory_of_a_thousand():
    for count in (1000, MOST_DEALS):
        assert _peak(lambda count=count: len(_random_tasks(count, 3, 2, 5, STANDARD))) < 10_000
    tasks = _random_tasks(MOST_DEALS, 3, 2, 5, STANDARD)
    assert len(tasks) == MOST_DEALS // SHOWDOWNS_PER_TASK
    small = _peak(lambda: random_block(*tasks[0][:5]))
    last = _peak(lambda: random_block(*tasks[len(tasks) - 1][:5]))
    assert last < 2 * small < 4_000_000  # one block's arrays, whatever the run's size
    todo = _Todo(len(tasks), {0: None, 5: None, 999_999: None})
    assert _peak(lambda: (todo[0], todo[4], todo[len(todo) - 1])) < 10_000
    assert (todo[0], todo[4], todo[len(todo) - 1], len(todo)) == (1, 6, 999_998, 999_997)


def test_workers_take_their_tasks_from_a_lazy_list_one_at_a_time():
    made = []
    tasks = Tasks(10**12, 1, lambda i, start, stop: made.append(i) or i)
    results = recycled_imap(abs, tasks, workers=2, tasks_per_process=1)
    assert [next(results) for _ in range(3)] == [0, 1, 2]
    results.close()
    assert made == []  # made in the workers, from the list they inherited


@pytest.mark.parametrize("count", [MOST_DEALS + 1, 10**20])
def test_beyond_the_most_a_run_is_refused_naming_the_bound(count):
    for run in (crossval_random, crossval_streets):
        with pytest.raises(PokerInputError, match="at most 1,000,000,000 showdowns a run"):
            run(count)


def test_the_split_into_workers_and_a_resume_file_give_the_same_report(tmp_path):
    one = crossval_random(2100, seed=4)
    two = crossval_random(2100, seed=4, workers=2)
    path = tmp_path / "run.jsonl"
    crossval_random(2100, seed=4, resume=path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:2]) + "\n")  # the head and one task: two tasks to go
    resumed = crossval_random(2100, seed=4, resume=path)
    assert resumed.resumed == 1
    for report in (two, resumed):
        assert (report.showdowns, report.categories, report.cases) == (one.showdowns, one.categories, one.cases)
    assert one.ok and one.showdowns == 2100
