"""Cross-checking the explanations: every claim of ``asp/explain.lp`` against the evaluator.

The ASP solver explains each showdown (:class:`~pysolver.core._explanation.Explanation`);
the lookup-table evaluator, which knows nothing of the encodings, values the
same hands. For every two players the claim must hold there:

* **category** -- the categories named are the evaluator's categories of the two
  hands, different, and the first player's value is the higher;
* **lead / kicker** -- both hands are of one category, and the evaluator's
  tie-break ranks first differ at that lead (or at that kicker, after the leads),
  with the ranks named, the first player's the higher;
* **tie** -- the values are equal; ``board_plays`` exactly when the board is five
  cards and the evaluator values the board alone as high as each hand.

And for each player: the cards playing a lead (the quads, the trips, a pair) are of
the evaluator's lead ranks, the kickers are the evaluator's kickers, and the five
cards played are worth the whole hand's value.

    >>> report = crossval_explanations(200, players=3, seed=1)
    >>> report.ok, report.showdowns, report.mode
    (True, 200, 'explain')
"""

from __future__ import annotations

import os
import time
from collections import Counter

import numpy as np

from ..asp import LEADS, ShowdownResult, Solver
from ..core import (
    Card,
    Category,
    Deal,
    Explanation,
    PokerInputError,
    Rules,
    RulesLike,
    check_choice,
    check_count,
    check_seed,
    draw_seed,
)
from ..evaluator import categories, evaluate_batch, tiebreak_ranks
from ..rulebook import rules_of
from ._compare import deal_text, mismatch
from ._crossval_report import CrossvalReport
from ._dealer import CASES, deal_skewed
from ._execution import holdem_only, rules_label
from ._modes import SHOWDOWNS_PER_TASK

#: The lead each role plays, by category: the role's cards are of the evaluator's tie-break rank there.
ROLE_LEAD = {
    ("quads", Category.FOUR_OF_A_KIND): 0,
    ("trips", Category.FULL_HOUSE): 0,
    ("pair", Category.FULL_HOUSE): 1,
    ("trips", Category.THREE_OF_A_KIND): 0,
    ("high_pair", Category.TWO_PAIR): 0,
    ("low_pair", Category.TWO_PAIR): 1,
    ("pair", Category.PAIR): 0,
}


class _Text:
    """A deal's text, written only when a mismatch needs it."""

    def __init__(self, deal: Deal):
        self.deal = deal

    def __str__(self) -> str:
        return deal_text(
            np.array([[c.index for c in h] for h in self.deal.players]), np.array([c.index for c in self.deal.board])
        )


def check_explanation(
    result: ShowdownResult,
    values: np.ndarray,
    board_value: int,
    rules: Rules | None = None,
    played: np.ndarray | None = None,
) -> list[dict]:
    """Every claim of ``result.explanation`` against the evaluator's ``values`` of the
    players' hands (and of the board alone, ``board_value``, 0 for a board of fewer than
    five cards); the claims that fail, as cross-validation mismatches. ``played`` are the
    evaluator's values of the cards each player plays (computed here if not given).

    >>> from pysolver import solve_showdown, evaluate
    >>> result = solve_showdown(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d", explain=True)
    >>> check_explanation(result, np.array([evaluate("As Ks Js Ts 2c 7h 3d"), evaluate("Qh Qd Js Ts 2c 7h 3d")]), 0)
    []
    """
    rules = rules_of(rules)
    explanation = result.explanation
    if not isinstance(explanation, Explanation):
        raise PokerInputError("the showdown was solved without a hold'em explanation (explain=True)")
    text = _Text(result.deal)
    cats = [Category(int(c)) for c in categories(values, rules)]
    ranks = [tiebreak_ranks(int(v), rules) for v in values]
    out = []
    for verdict in explanation.verdicts:
        p, q = verdict.players
        claim = dict(verdict.to_dict(), sentence=explanation.say(verdict))
        seen = {
            "values": [int(values[p]), int(values[q])],
            "categories": [cats[p].snake, cats[q].snake],
            "tiebreaks": [list(ranks[p]), list(ranks[q])],
        }
        if verdict.is_tie:
            board = bool(board_value) and values[p] == board_value
            holds = values[p] == values[q] and (verdict.why == "board_plays") == board
            seen["board_value"] = int(board_value)
        elif verdict.decided_by == "category":
            holds = values[p] > values[q] and cats[p] != cats[q] and verdict.values == (cats[p], cats[q])
        else:
            differ = [i for i, (a, b) in enumerate(zip(ranks[p], ranks[q])) if a != b]
            leads = LEADS[cats[p]]
            position = verdict.index + (leads if verdict.decided_by == "kicker" else 0)
            holds = (
                values[p] > values[q]
                and cats[p] == cats[q] == result.players[p].category
                and bool(differ)
                and differ[0] == position
                and (position < leads) == (verdict.decided_by == "lead")
                and verdict.values == (ranks[p][position], ranks[q][position])
            )
        if not holds:
            out.append(mismatch("explanation", text, None, claim, seen))
    for p, roles in enumerate(explanation.roles):
        lead_ranks = {
            (ROLE_LEAD[(role, cats[p])], card.rank) for card, role in roles.plays if (role, cats[p]) in ROLE_LEAD
        }
        kickers = sorted((card.rank for card, role in roles.plays if role in ("kicker", "high_card")), reverse=True)
        kicked = cats[p] in (
            Category.HIGH_CARD,
            Category.PAIR,
            Category.TWO_PAIR,
            Category.THREE_OF_A_KIND,
            Category.FOUR_OF_A_KIND,
        )
        worth = int(
            values[p]
            if len(roles.plays) < 5
            else played[p]
            if played is not None
            else evaluate_batch(np.array([[card.index for card, _ in roles.plays]]), rules=rules)[0]
        )
        if (
            any(ranks[p][i] != r for i, r in lead_ranks)
            or (kicked and kickers != list(ranks[p][LEADS[cats[p]] :]))
            or worth != values[p]
        ):
            out.append(
                mismatch(
                    "roles",
                    text,
                    p,
                    {"plays": roles.to_dict()["plays"]},
                    {
                        "category": cats[p].snake,
                        "tiebreak": list(ranks[p]),
                        "value": int(values[p]),
                        "value_of_the_cards_played": worth,
                    },
                )
            )
    return out


def _deals(holes: np.ndarray, board: np.ndarray) -> list[Deal]:
    cards = [Card(i) for i in range(52)]
    return [
        Deal(tuple((cards[a], cards[b]) for a, b in h), tuple(cards[c] for c in bd))
        for h, bd in zip(holes.tolist(), board.tolist())
    ]


def _cpu() -> float:
    """CPU seconds of this process and of its finished worker processes."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


#: The most showdowns one run explains: they are dealt, explained and checked at once.
MOST_EXPLAINED = 1_000_000


def crossval_explanations(
    count: int, players: int = 2, cards: int = 7, seed: int | None = None, workers: int = 1, rules: RulesLike = None
) -> CrossvalReport:
    """``count`` skewed random showdowns of ``players`` players each seeing ``cards`` (5, 6, 7)
    cards, explained by the ASP solver (one program per 1,000 showdowns, in ``workers``
    processes), every claim checked against the evaluator (:func:`check_explanation`)."""
    rules = holdem_only(rules_of(rules), "--explain")
    cards = check_choice("cards", cards, (5, 6, 7), "a player sees 5 (flop), 6 (turn) or 7 (river) cards")
    check_count("explain", count, 1, MOST_EXPLAINED)
    seed = draw_seed() if seed is None else check_seed(seed)
    start, cpu = time.perf_counter(), _cpu()
    dealt = deal_skewed(count, players, cards - 2, seed, rules=rules)
    results = Solver(rules, chunk_size=SHOWDOWNS_PER_TASK, workers=workers, explain=True).solve_batch(
        _deals(dealt.holes, dealt.board)
    )
    asp_seconds = _cpu() - cpu
    explained = [r.explanation for r in results if isinstance(r.explanation, Explanation)]  # all: explain=True
    five = np.array([[card.index for e in explained for roles in e.roles for card, _ in roles.plays]])
    cpu = time.process_time()
    values = evaluate_batch(dealt.hands().reshape(count * players, -1), rules=rules).reshape(count, players)
    boards = evaluate_batch(dealt.board, rules=rules) if cards == 7 else np.zeros(count, np.int64)
    played = evaluate_batch(five.reshape(-1, 5), rules=rules).reshape(count, players)
    evaluator_seconds = time.process_time() - cpu
    mismatches = [
        m
        for result, v, b, w in zip(results, values, boards.tolist(), played)
        for m in check_explanation(result, v, b, rules, w)
    ]
    found = Counter(Category(int(c)).snake for c in categories(values.reshape(-1), rules))
    cases = Counter(CASES[c] for c in dealt.case.tolist())
    cases["tie"] = sum(r.is_tie for r in results)
    decided = Counter(v.why if v.is_tie else v.decided_by for e in explained for v in e.verdicts)
    cases.update({f"decided by {k}": n for k, n in sorted(decided.items())})
    order = [c.snake for c in rules.order if c.snake in found]  # the rules' own order
    return CrossvalReport(
        "explain",
        count * players,
        count,
        {c: found[c] for c in order},
        dict(cases),
        0,
        mismatches,
        asp_seconds,
        evaluator_seconds,
        time.perf_counter() - start,
        [],
        seed,
        rules=rules_label(rules),
    )


__all__ = ["ROLE_LEAD", "MOST_EXPLAINED", "check_explanation", "crossval_explanations"]
