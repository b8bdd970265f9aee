"""Cross-validation: the ASP solver and the lookup-table evaluator must agree.

Every mode deals showdowns to both engines and compares each hand's category,
tie-break ranks and best five cards, each showdown's winners, and over every
hand seen that the evaluator's values sort exactly as the ASP ``hand_value``
does (see :mod:`pysolver.crossval._compare`):

    >>> report = crossval_random(300, players=3, seed=1)
    >>> report.ok, report.showdowns, report.hands
    (True, 300, 900)

* :func:`crossval_random` -- random showdowns from the skewed dealer
  (:mod:`pysolver.crossval._dealer`), which over-samples straight flushes, quads, full
  houses from two trips, six- and seven-card flushes, three pairs, wheels and
  board-plays ties; and :func:`crossval_streets` -- heads-up deals at the flop, the
  turn and the river (both in :mod:`pysolver.crossval._random_modes`);
* :func:`crossval_exhaustive` -- all 2,598,960 five-card hands, in numbered
  chunks (:func:`exhaustive_chunk` runs one on its own);
* :func:`crossval_equity` -- win, tie and loss counts over every runout from ASP
  what-if (:func:`pysolver.runouts`) against the evaluator's exact counts
  (:func:`pysolver.equity`).

The chunks (tasks) run in ``workers`` forked local processes, each replaced by
a fresh one after :data:`TASKS_PER_PROCESS` chunks, since clingo frees none of
the symbols it makes (:mod:`pysolver.asp._processes`); a run of a few chunks
with one worker stays in this process.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Sequence
from math import comb

import numpy as np

from ..core import Card, PokerInputError, Rules, RulesLike, check_choice, check_count, format_cards
from ..evaluator import n_values
from ..rulebook import rules_of
from ._compare import Partial, mismatch
from ._crossval_report import CrossvalReport
from ._dealer import deal_skewed
from ._execution import TASKS_PER_PROCESS, check_where, holdem_only, resume_file, run_checks, run_seed, task_ids
from ._game_five import crossval_five_card_game
from ._random_modes import MOST_DEALS, SHOWDOWNS_PER_TASK, crossval_random, crossval_streets, random_block
from ._seven_card import (
    CANONICAL_TASKS,
    SAMPLE_HANDS,
    SEVEN_TASKS,
    check_groups,
    crossval_seven,
    crossval_seven_canonical,
)
from ._showdown_groups import ShowdownGroups

#: The most deals of each kind an equity run checks (each one every runout through ASP what-if).
MOST_EQUITY_DEALS = 100_000
EXHAUSTIVE_CHUNKS = 40
"""Default number of chunks of the exhaustive 5-card run."""
#: Most chunks the exhaustive run splits into (there are 22,100 three-card tops).
MAX_CHUNKS = 10000


# --- The exhaustive 5-card run --------------------------------------------------------------


def _boards(deck_size: int = 52) -> np.ndarray:
    """The three highest cards of every 5-card hand (a, b, c), a >= 2, in lexicographic order
    (positions in the deck)."""
    return np.array([b for b in itertools.combinations(range(deck_size), 3) if b[0] >= 2])


def _check_chunks(chunks: int) -> None:
    if not 1 <= chunks <= MAX_CHUNKS:
        raise PokerInputError(f"chunks {chunks}: the exhaustive run splits into 1 to {MAX_CHUNKS:,} chunks")


def chunk_boards(chunk: int, chunks: int, deck_size: int = 52) -> np.ndarray:
    """The boards of chunk ``chunk`` (0-based) of ``chunks``, split so each holds about as many hands.

    >>> sum(sum(comb(int(b[0]), 2) for b in chunk_boards(i, 7)) for i in range(7))
    2598960
    """
    _check_chunks(chunks)
    if not 0 <= chunk < chunks:
        raise PokerInputError(f"chunk {chunk} of {chunks}: chunks are numbered 0..{chunks - 1}")
    boards = _boards(deck_size)
    weight = np.cumsum(boards[:, 0] * (boards[:, 0] - 1) // 2)
    cuts = np.searchsorted(weight, weight[-1] * np.arange(chunks + 1) / chunks, side="right")
    cuts[0], cuts[-1] = 0, len(boards)
    return boards[cuts[chunk] : cuts[chunk + 1]]


def _hands_of(boards: np.ndarray) -> int:
    """The 5-card hands whose three highest cards are ``boards``: C(a, 2) pairs below each top a."""
    return int((boards[:, 0] * (boards[:, 0] - 1) // 2).sum())


_LOWER_PAIRS = [np.array(list(itertools.combinations(range(a), 2)), dtype=np.int64).reshape(-1, 2) for a in range(52)]


def exhaustive_chunk(chunk: int, chunks: int = EXHAUSTIVE_CHUNKS, rules: RulesLike = None) -> Partial:
    """Cross-validate the 5-card hands of one chunk: each 3-card top is a showdown whose
    players hold every pair of lower cards (hands.lp counts the shared cards once)."""
    rules = rules_of(rules)
    deck = np.array([c.index for c in rules.deck], dtype=np.int64)
    boards = chunk_boards(chunk, chunks, len(deck))
    holes = [_LOWER_PAIRS[a] for a in boards[:, 0].tolist()]
    sizes = [len(h) for h in holes]
    hands = deck[np.concatenate([np.concatenate(holes), np.repeat(boards, sizes, axis=0)], axis=1)]
    offsets = np.concatenate([[0], np.cumsum(sizes)])
    part = check_groups(ShowdownGroups(hands.astype(np.int8), offsets), rules)
    part.chunks = [chunk]
    return part


def crossval_exhaustive(
    chunks: int | None = None,
    only: Sequence[int] | None = None,
    workers: int = 1,
    progress: bool = False,
    rules: RulesLike = None,
    *,
    cards: int = 5,
    canonical: bool = False,
    sample: int | None = None,
    seed: int | None = None,
    scheduler: str | None = None,
    resume: str | os.PathLike | None = None,
) -> CrossvalReport:
    """Every 5-card hand through both engines, or (``cards=7``) every 7-card hand.

    The hands are split into ``chunks`` tasks (by default :data:`EXHAUSTIVE_CHUNKS`,
    :data:`~pysolver.crossval._seven_card.SEVEN_TASKS` or, with ``canonical``,
    :data:`~pysolver.crossval._seven_card.CANONICAL_TASKS`); ``only`` runs just these
    (0-based). ``showdowns`` counts hands here: each hand is one player's showdown.
    The order check runs over the hands of the chunks run; over all 5-card hands it
    proves a monotone bijection between the 7,462 ASP classes and the values
    (the variant's number of classes under ``rules``). Seven cards: see
    :mod:`pysolver.crossval._seven_card`; ``canonical`` checks the classes of hands up to
    the suits, weighted, and ``sample`` random hands with relabelled suits (seeded).

    The tasks run in ``workers`` local processes, or on the Dask cluster at
    ``scheduler`` ("local": a local one of ``workers`` processes; see
    :mod:`pysolver.asp._cluster`). ``resume`` is a file recording each finished
    task: run again with it, only the missing tasks run
    (:mod:`pysolver.crossval._resume`).
    """
    cards = check_choice("cards", cards, (5, 7), "the exhaustive run covers every 5-card or every 7-card hand")
    rules = rules_of(rules)
    if cards == 5 and not rules.game.holdem_shape:
        return crossval_five_card_game(rules, progress)
    holdem_only(rules, "--exhaustive")
    if cards == 5 and (canonical or sample is not None or seed is not None):
        raise PokerInputError("suit classes and their random sample are a 7-card run (cards=7)")
    if cards == 7:
        if not canonical:
            if sample is not None or seed is not None:
                raise PokerInputError("a sample of relabelled hands goes with the suit classes (canonical)")
            return crossval_seven(
                SEVEN_TASKS if chunks is None else chunks,
                only,
                workers,
                progress,
                rules,
                scheduler=scheduler,
                resume=resume,
            )
        return crossval_seven_canonical(
            CANONICAL_TASKS if chunks is None else chunks,
            SAMPLE_HANDS if sample is None else sample,
            seed,
            only,
            workers,
            progress,
            rules,
            scheduler=scheduler,
            resume=resume,
        )
    chunks = EXHAUSTIVE_CHUNKS if chunks is None else chunks
    check_where(workers, scheduler)
    _check_chunks(chunks)
    ids = task_ids(only, chunks, "chunk")
    record = resume_file(
        resume, "exhaustive 5", rules, chunks=chunks, only=None if only is None else ids, tasks=len(ids)
    )
    sizes = [_hands_of(chunk_boards(i, chunks, len(rules.deck))) for i in ids]
    report = run_checks(
        "exhaustive",
        exhaustive_chunk,
        [(i, chunks, rules) for i in ids],
        workers,
        progress,
        rules,
        scheduler=scheduler,
        resume=record,
        sizes=sizes,
    )
    classes = n_values(rules)
    if ids == list(range(chunks)) and report.ok and report.classes != classes:
        report.mismatches.append(
            mismatch("classes", "all 5-card hands", None, {"classes": report.classes}, {"classes": classes})
        )
    return report


# --- Equity: ASP what-if counts against the evaluator's exact counts ------------------------


def _equity_task(holes: np.ndarray, board: np.ndarray, rules: Rules) -> Partial:
    from ..asp import RunoutReport, runouts
    from ..odds import EquityResult, equity

    texts = [format_cards(Card(c) for c in h) for h in holes.tolist()]
    board_text = format_cards(Card(c) for c in board.tolist())
    start = time.process_time()
    report = runouts(texts, board_text, rules=rules)
    assert isinstance(report, RunoutReport)  # hold'em's deal: the what-if program
    asp_seconds = time.process_time() - start
    start = time.process_time()
    result = equity(texts, board=board_text, exact=True, rules=rules)
    assert isinstance(result, EquityResult)  # runouts above take hold'em's deal
    evaluator_seconds = time.process_time() - start
    asp_counts = [list(x) for x in zip(report.wins, report.ties, report.losses)]
    eval_counts = [[p.wins, p.ties, p.losses] for p in result.players]
    street = "flop" if len(board) == 3 else "turn"
    part = Partial(
        hands=len(report.runouts) * len(holes),
        showdowns=len(report.runouts),
        asp_seconds=asp_seconds,
        evaluator_seconds=evaluator_seconds,
    )
    part.cases[f"{len(holes)}-way {street}"] += 1
    if asp_counts != eval_counts:
        cards = f"{' | '.join(texts)} | board {board_text}"
        part.mismatches.append(
            mismatch("equity", cards, None, {"win_tie_loss": asp_counts}, {"win_tie_loss": eval_counts})
        )
    return part


def crossval_equity(
    count: int,
    seed: int | None = None,
    workers: int = 1,
    progress: bool = False,
    rules: RulesLike = None,
    *,
    scheduler: str | None = None,
    resume: str | os.PathLike | None = None,
) -> CrossvalReport:
    """``count`` deals each of heads-up and three-way at the flop and at the turn (skewed dealer).

    Where the tasks run (``workers``, ``scheduler``) and ``resume`` are as in
    :func:`crossval_exhaustive`.
    """
    check_where(workers, scheduler)
    rules = holdem_only(rules_of(rules), "--equity")
    check_count("equity", count, 1, MOST_EQUITY_DEALS)
    seed = run_seed(seed)
    rng = np.random.default_rng(seed)
    args = []
    for players in (2, 3):
        for board_size in (3, 4):
            deals = deal_skewed(count, players, board_size, int(rng.integers(1 << 62)), rules=rules)
            args += [(h, b, rules) for h, b in zip(deals.holes, deals.board)]
    record = resume_file(resume, "equity", rules, count=count, seed=seed, tasks=len(args))
    report = run_checks(
        "equity", _equity_task, args, workers, progress, rules, check_order=False, scheduler=scheduler, resume=record
    )
    report.seed = seed
    return report


def exhaustive_hands(rules: RulesLike = None) -> int:
    """How many 5-card hands the exhaustive run covers: C(52, 5), or C(deck, 5) under ``rules``."""
    return comb(len(rules_of(rules).deck), 5)


__all__ = [
    "EXHAUSTIVE_CHUNKS",
    "MAX_CHUNKS",
    "MOST_EQUITY_DEALS",
    "SHOWDOWNS_PER_TASK",
    "TASKS_PER_PROCESS",
    "CrossvalReport",
    "MOST_DEALS",
    "random_block",
    "crossval_random",
    "crossval_streets",
    "chunk_boards",
    "exhaustive_chunk",
    "crossval_exhaustive",
    "crossval_equity",
    "exhaustive_hands",
]
