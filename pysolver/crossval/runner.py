"""Cross-validation: the ASP solver and the lookup-table evaluator must agree.

Every mode deals showdowns to both engines and compares each hand's category,
tie-break ranks and best five cards, each showdown's winners, and over every
hand seen that the evaluator's values sort exactly as the ASP ``hand_value``
does (see :mod:`pysolver.crossval.compare`):

    >>> report = crossval_random(300, players=3, seed=1)
    >>> report.ok, report.showdowns, report.hands
    (True, 300, 900)

* :func:`crossval_random` -- random showdowns from the skewed dealer
  (:mod:`pysolver.crossval.dealer`), which over-samples straight flushes, quads, full
  houses from two trips, six- and seven-card flushes, three pairs, wheels and
  board-plays ties;
* :func:`crossval_streets` -- heads-up deals at the flop, the turn and the river;
* :func:`crossval_exhaustive` -- all 2,598,960 five-card hands, in numbered
  chunks (:func:`exhaustive_chunk` runs one on its own);
* :func:`crossval_equity` -- win, tie and loss counts over every runout from ASP
  what-if (:func:`pysolver.runouts`) against the evaluator's exact counts
  (:func:`pysolver.equity`).

The chunks (tasks) run in ``workers`` forked local processes, each replaced by
a fresh one after :data:`TASKS_PER_PROCESS` chunks, since clingo frees none of
the symbols it makes (:mod:`pysolver.asp.processes`); a run of a few chunks
with one worker stays in this process.
"""

from __future__ import annotations

import itertools
import sys
import time
from dataclasses import dataclass
from math import comb
from typing import Callable, Iterator, Sequence

import numpy as np

from ..core.cards import Card, format_cards
from .compare import Partial, asp_answers, compare_hands, compare_showdowns, order_mismatches
from .dealer import STREET_CASES, deal_skewed, deal_streets
from ..evaluator.lookup import n_values
from ..asp.runtime import rules_of
from ..core.rules import Rules, RulesLike
from ..evaluator.tables import load_tables
from ..core.errors import PokerInputError
from ..core.numbers import check_count, check_seed, draw_seed
from ..asp.processes import check_workers, recycled_imap

#: Default number of chunks of the exhaustive 5-card run.
EXHAUSTIVE_CHUNKS = 40
#: Most chunks the exhaustive run splits into (there are 22,100 three-card tops).
MAX_CHUNKS = 10000
#: Boards (three highest cards) per clingo program in the exhaustive run: about 50,000 hands.
BOARDS_PER_PROGRAM = 400
#: Showdowns per clingo program (and per task) in the random modes.
SHOWDOWNS_PER_TASK = 1000
#: Tasks (chunks) a worker process runs before a fresh one replaces it. clingo keeps every
#: symbol it ever made for the life of the process (potassco/clingo#203), about 1.5 KB per
#: hand here, and grounding slows as that table grows: a fresh process per task is fastest.
TASKS_PER_PROCESS = 1


@dataclass
class CrossvalReport:
    """What a cross-validation checked, what disagreed, and how fast each engine was.

    ``asp_seconds`` and ``evaluator_seconds`` are CPU seconds summed over the
    worker processes, so the rates are per process.
    """

    mode: str
    hands: int
    showdowns: int
    categories: dict[str, int]
    cases: dict[str, int]
    classes: int
    mismatches: list[dict]
    asp_seconds: float
    evaluator_seconds: float
    wall_seconds: float
    chunks: list[int]
    seed: int | None = None

    @property
    def ok(self) -> bool:
        return not self.mismatches

    @property
    def asp_rate(self) -> float:
        """Showdowns per CPU second of the ASP solver (ground, solve, read the atoms)."""
        return self.showdowns / self.asp_seconds if self.asp_seconds else 0.0

    @property
    def evaluator_rate(self) -> float:
        """Hands per CPU second of the evaluator."""
        return self.hands / self.evaluator_seconds if self.evaluator_seconds else 0.0

    def to_dict(self) -> dict:
        return {"mode": self.mode, "ok": self.ok, "hands": self.hands, "showdowns": self.showdowns,
                "categories": self.categories, "cases": self.cases, "classes": self.classes,
                "mismatches": self.mismatches, "chunks": self.chunks, "seed": self.seed,
                "asp": {"cpu_seconds": round(self.asp_seconds, 3), "showdowns_per_second": round(self.asp_rate)},
                "evaluator": {"cpu_seconds": round(self.evaluator_seconds, 3),
                              "hands_per_second": round(self.evaluator_rate)},
                "wall_seconds": round(self.wall_seconds, 3)}

    def __str__(self) -> str:
        lines = [f"cross-validation ({self.mode}): {self.showdowns:,} showdowns, {self.hands:,} hands"
                 + (f", {self.classes:,} distinct hand classes" if self.classes else "")
                 + ("" if self.seed is None else f", seed {self.seed}")]
        lines += [f"  {name:<16} {n:>10,}" for name, n in self.categories.items()]
        if self.cases:
            lines.append("cases: " + ", ".join(f"{k} {v:,}" for k, v in self.cases.items()))
        lines.append(f"ASP solver: {self.asp_rate:,.0f} showdowns/s per process ({self.asp_seconds:.1f} s CPU); "
                     f"evaluator: {self.evaluator_rate:,.0f} hands/s ({self.evaluator_seconds:.2f} s CPU); "
                     f"wall {self.wall_seconds:.1f} s")
        for m in self.mismatches:
            who = "" if m["player"] is None else f" player {m['player']}"
            lines.append(f"MISMATCH {m['kind']}: {m['cards']}{who}\n  asp:       {m['asp']}\n"
                         f"  evaluator: {m['evaluator']}")
        lines.append("agree" if self.ok else f"{len(self.mismatches)} mismatches")
        return "\n".join(lines)


def _run(mode: str, task: Callable[..., Partial], args: Sequence[tuple], workers: int,
         progress: bool, rules: Rules | None = None, check_order: bool = True) -> CrossvalReport:
    """Run ``task(*a)`` for each ``a`` (in ``workers`` processes), merge and finish the report."""
    start = time.perf_counter()
    total = Partial()
    bar = _progress_bar(len(args), mode, progress)
    if workers <= 1 and len(args) <= TASKS_PER_PROCESS:
        results: Iterator[Partial] = (task(*a) for a in args)
    else:
        # the evaluator's tables are loaded before the tasks, out of their timed evaluator seconds
        results = recycled_imap(_call, [(task, a) for a in args], workers, TASKS_PER_PROCESS, load_tables)
    try:
        for part in results:
            total.merge(part)
            bar.update(1)
    finally:
        bar.close()
        results.close()  # stops the worker processes
    mismatches = total.mismatches + (order_mismatches(total.pairs, rules) if check_order else [])
    cases = sorted(total.cases.items(), key=lambda kv: _case_order(kv[0]))
    order = [c for c in ("high_card", "pair", "two_pair", "three_of_a_kind", "straight", "flush",
                         "full_house", "four_of_a_kind", "straight_flush", "royal_flush")
             if c in total.categories]
    return CrossvalReport(mode, total.hands, total.showdowns, {c: total.categories[c] for c in order},
                          dict(cases), len(total.pairs), mismatches, total.asp_seconds,
                          total.evaluator_seconds, time.perf_counter() - start, sorted(total.chunks))


def _case_order(name: str) -> tuple:
    """Report order of the case counts: by street, then the dealer's cases in order, ties last."""
    street, _, case = name.rpartition(":")
    names = STREET_CASES + ("tie",)
    return (("", "flop", "turn", "river").index(street) if street in ("", "flop", "turn", "river") else 4,
            names.index(case) if case in names else len(names), name)


def _call(task_args: tuple) -> Partial:
    task, args = task_args
    return task(*args)


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress_bar(total: int, mode: str, progress: bool):
    """A rich bar on stderr when asked and stderr is a terminal (``update(n)``, ``close()``)."""
    if not (progress and sys.stderr.isatty()):
        return _NoBar()
    from types import SimpleNamespace
    from rich.console import Console
    from rich.progress import Progress
    bar = Progress(*Progress.get_default_columns(), console=Console(stderr=True))
    task = bar.add_task(f"crossval {mode}", total=total)
    bar.start()
    return SimpleNamespace(update=lambda n: bar.advance(task, n), close=bar.stop)


def _seed(seed: int | None) -> int:
    """The seed to deal with: ``seed``, or a fresh random one that the report then shows."""
    return draw_seed() if seed is None else check_seed(seed)


# --- Random showdowns and streets -----------------------------------------------------------

def _random_task(cards: np.ndarray, cases: np.ndarray, players: int, board_size: int, label: str,
                 rules: Rules) -> Partial:
    holes = cards[:, :2 * players].reshape(len(cards), players, 2)
    part = compare_showdowns(holes, cards[:, 2 * players:], cases, [f"{label}{c}" for c in STREET_CASES], rules)
    if label:
        part.cases[f"{label}tie"] = part.cases.pop("tie", 0)
    return part


def _tasks(cards: np.ndarray, cases: np.ndarray, players: int, board_size: int, rules: Rules,
           label: str = "") -> list[tuple]:
    return [(cards[s:s + SHOWDOWNS_PER_TASK], cases[s:s + SHOWDOWNS_PER_TASK], players, board_size, label, rules)
            for s in range(0, len(cards), SHOWDOWNS_PER_TASK)]


def crossval_random(count: int, players: int = 2, cards: int = 7, seed: int | None = None,
                    workers: int = 1, progress: bool = False, rules: RulesLike = None) -> CrossvalReport:
    """``count`` skewed random showdowns of ``players`` players, each seeing ``cards`` (5, 6, 7) cards.

    ``rules`` is a variant (:mod:`pysolver.core.rules`): both engines play by it, dealt from its deck.
    """
    check_workers(workers)
    rules = rules_of(rules)
    if cards not in (5, 6, 7):
        raise PokerInputError(f"cards {cards}: a player sees 5 (flop), 6 (turn) or 7 (river) cards")
    check_count("random", count)
    seed = _seed(seed)
    deals = deal_skewed(count, players, cards - 2, seed, rules=rules)
    report = _run("random", _random_task, _tasks(deals.cards, deals.case, players, cards - 2, rules), workers,
                  progress, rules)
    report.seed = seed
    return report


def crossval_streets(count: int, seed: int | None = None, workers: int = 1,
                     progress: bool = False, rules: RulesLike = None) -> CrossvalReport:
    """``count`` skewed heads-up deals, each checked at the flop, the turn and the river.

    A third of the deals hold their rare pattern from the flop on, a third from the turn, a
    third at the river (:func:`pysolver.crossval.dealer.deal_streets`); a street counts a deal under
    its case only once the pattern is complete, before that under ``later``.
    """
    check_workers(workers)
    rules = rules_of(rules)
    check_count("streets", count)
    seed = _seed(seed)
    cards, case = deal_streets(count, 2, seed, rules)
    args = []
    for j, (size, street) in enumerate(((3, "flop"), (4, "turn"), (5, "river"))):
        args += _tasks(cards[:, :4 + size], case[:, j], 2, size, rules, f"{street}:")
    report = _run("streets", _random_task, args, workers, progress, rules)
    report.cases = {k: v for k, v in report.cases.items() if ":" in k}
    report.seed = seed
    return report


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
    return boards[cuts[chunk]:cuts[chunk + 1]]


_LOWER_PAIRS = [np.array(list(itertools.combinations(range(a), 2)), dtype=np.int64).reshape(-1, 2)
                for a in range(52)]


def exhaustive_chunk(chunk: int, chunks: int = EXHAUSTIVE_CHUNKS, rules: RulesLike = None) -> Partial:
    """Cross-validate the 5-card hands of one chunk: each 3-card top is a showdown whose
    players hold every pair of lower cards (hands.lp counts the shared cards once)."""
    rules = rules_of(rules)
    deck = np.array([c.index for c in rules.deck], dtype=np.int64)
    boards = chunk_boards(chunk, chunks, len(deck))
    total = Partial(chunks=[chunk])
    for s in range(0, len(boards), BOARDS_PER_PROGRAM):
        top = boards[s:s + BOARDS_PER_PROGRAM]
        holes = [deck[_LOWER_PAIRS[a]] for a in top[:, 0].tolist()]
        group = deck[top]
        start = time.process_time()
        asp = asp_answers(holes, list(group), rules)
        asp_seconds = time.process_time() - start
        sizes = [len(h) for h in holes]
        hands = np.concatenate([np.concatenate(holes), np.repeat(group, sizes, axis=0)], axis=1)
        seat = np.concatenate([np.arange(n) for n in sizes])
        part, _ = compare_hands(hands, asp, seat, lambda i: format_cards(Card(c) for c in hands[i]), rules)
        part.asp_seconds, part.showdowns = asp_seconds, len(hands)
        total.merge(part)
    return total


def crossval_exhaustive(chunks: int = EXHAUSTIVE_CHUNKS, only: Sequence[int] | None = None,
                        workers: int = 1, progress: bool = False, rules: RulesLike = None) -> CrossvalReport:
    """Every 5-card hand through both engines (``only``: just these chunks, 0-based).

    ``showdowns`` counts hands here: each hand is solved as one player's showdown.
    The order check runs over the hands of the chunks run; over all of them it
    proves a monotone bijection between the 7,462 ASP classes and the values
    (the variant's number of classes under ``rules``).
    """
    check_workers(workers)
    rules = rules_of(rules)
    _check_chunks(chunks)
    ids = list(range(chunks)) if only is None else sorted(set(only))
    for i in ids:
        chunk_boards(i, chunks)                                # checks the numbers
    report = _run("exhaustive", exhaustive_chunk, [(i, chunks, rules) for i in ids], workers, progress, rules)
    classes = n_values(rules)
    if ids == list(range(chunks)) and report.ok and report.classes != classes:
        report.mismatches.append({"kind": "classes", "cards": "all 5-card hands", "player": None,
                                  "asp": {"classes": report.classes}, "evaluator": {"classes": classes}})
    return report


# --- Equity: ASP what-if counts against the evaluator's exact counts ------------------------

def _equity_task(holes: np.ndarray, board: np.ndarray, rules: Rules) -> Partial:
    from ..odds.calculator import equity
    from ..asp.whatif import runouts
    texts = [format_cards(Card(c) for c in h) for h in holes.tolist()]
    board_text = format_cards(Card(c) for c in board.tolist())
    start = time.process_time()
    report = runouts(texts, board_text, rules=rules)
    asp_seconds = time.process_time() - start
    start = time.process_time()
    result = equity(texts, board=board_text, exact=True, rules=rules)
    evaluator_seconds = time.process_time() - start
    asp_counts = [list(x) for x in zip(report.wins, report.ties, report.losses)]
    eval_counts = [[p.wins, p.ties, p.losses] for p in result.players]
    street = "flop" if len(board) == 3 else "turn"
    part = Partial(hands=len(report.runouts) * len(holes), showdowns=len(report.runouts),
                   asp_seconds=asp_seconds, evaluator_seconds=evaluator_seconds)
    part.cases[f"{len(holes)}-way {street}"] += 1
    if asp_counts != eval_counts:
        part.mismatches.append({"kind": "equity", "cards": f"{' | '.join(texts)} | board {board_text}",
                                "player": None, "asp": {"win_tie_loss": asp_counts},
                                "evaluator": {"win_tie_loss": eval_counts}})
    return part


def crossval_equity(count: int, seed: int | None = None, workers: int = 1,
                    progress: bool = False, rules: RulesLike = None) -> CrossvalReport:
    """``count`` deals each of heads-up and three-way at the flop and at the turn (skewed dealer)."""
    check_workers(workers)
    rules = rules_of(rules)
    check_count("equity", count)
    seed = _seed(seed)
    rng = np.random.default_rng(seed)
    args = []
    for players in (2, 3):
        for board_size in (3, 4):
            deals = deal_skewed(count, players, board_size, int(rng.integers(1 << 62)), rules=rules)
            args += [(h, b, rules) for h, b in zip(deals.holes, deals.board)]
    report = _run("equity", _equity_task, args, workers, progress, rules, check_order=False)
    report.seed = seed
    return report


def exhaustive_hands(rules: RulesLike = None) -> int:
    """How many 5-card hands the exhaustive run covers: C(52, 5), or C(deck, 5) under ``rules``."""
    return comb(len(rules_of(rules).deck), 5)


__all__ = ["EXHAUSTIVE_CHUNKS", "MAX_CHUNKS", "BOARDS_PER_PROGRAM", "SHOWDOWNS_PER_TASK", "TASKS_PER_PROCESS",
           "CrossvalReport", "crossval_random", "crossval_streets", "chunk_boards", "exhaustive_chunk",
           "crossval_exhaustive", "crossval_equity", "exhaustive_hands"]
