"""Hand potential: how the cards to come change who is ahead (Billings et al.).

For every opponent holding and every runout of the next one or two board cards
(exact enumeration), the hand's state against the holding *before* (on the
current board) and *after* (with the runout) is one of ahead, tied, behind.
The 3x3 table ``HP[before][after]`` counts them, and::

    PPot = (HP[behind][ahead] + HP[behind][tied]/2 + HP[tied][ahead]/2)
           / (HPTotal[behind] + HPTotal[tied]/2)
    NPot = (HP[ahead][behind] + HP[tied][behind]/2 + HP[ahead][tied]/2)
           / (HPTotal[ahead] + HPTotal[tied]/2)

    EHS     = HS + (1 - HS) * PPot
    Pr(win) = HS * (1 - NPot) + (1 - HS) * PPot

where ``HPTotal[s]`` is row ``s`` summed. From the flop both one-card (the turn)
and two-card (turn and river) lookahead exist; from the turn, one card.

    >>> report = hand_report("AdQc", "3h 4c Jh")
    >>> round(report.strength.hs, 3), round(report.two_cards.ppot, 3), round(report.two_cards.npot, 3)
    (0.585, 0.208, 0.274)

The work is shared: each runout board's evaluator key is computed once and
every opponent's hole key added to it, all in numpy (~1,081 holdings x 990
runouts on a flop).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import cast

import numpy as np

from ..core import (
    CardCountError,
    CardsLike,
    PlayerCountError,
    PlayerLike,
    Rules,
    RulesLike,
    Situation,
    check_count,
    parse_hole,
    run_parts,
    threads_for,
    whole_number,
)
from ..evaluator import card_keys, evaluate_keys
from ..rulebook import rules_of
from ._potential_report import HandPotential, HandReport
from ._preflop import is_preflop
from ._strength import (
    Field,
    HandStrength,
    compare_states,
    count_states,
    current_states,
    hand_strength,
)

PAIR_CHUNK = 1 << 15
PAIRS_PER_THREAD = 1 << 17
"""Pairs of holdings per thread below which the two-card lookahead takes fewer threads."""


@lru_cache(maxsize=4)
def _disjoint_pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs ``(p, q)``, ``p < q``, of the 2-card subsets of ``n`` cards that share no card.

    Subsets are numbered as ``np.triu_indices(n, 1)``; for the 47 unseen cards of
    a flop these are the 535,095 (holding, turn-and-river) pairs up to symmetry.
    """
    first, second = np.triu_indices(n, k=1)
    bits = (np.int64(1) << first) | (np.int64(1) << second)
    p, q = np.nonzero(np.triu((bits[:, None] & bits[None, :]) == 0))
    p, q = p.astype(np.intp), q.astype(np.intp)
    p.setflags(write=False)
    q.setflags(write=False)
    return p, q


def _symmetric_codes(
    first_keys: np.ndarray,
    second_keys: np.ndarray,
    before3: np.ndarray,
    mine_after: np.ndarray,
    p: np.ndarray,
    q: np.ndarray,
    rules: Rules,
    threads: int = 1,
) -> np.ndarray:
    """Counts (81,) of ``9 * cell(p holds, q runs out) + cell(q holds, p runs out)`` over pairs.

    A cell is ``3 * before + after``. The opponent's final hand is keyed by
    ``first_keys[p] + second_keys[q]`` (board included in ``first_keys``).
    Worked in chunks so the temporaries stay in cache, on up to ``threads`` threads (one per
    :data:`PAIRS_PER_THREAD` pairs); each key word is added separately and handed to the evaluator
    as a column-major (n, 2) array.
    """
    first_words, second_words = np.ascontiguousarray(first_keys.T), np.ascontiguousarray(second_keys.T)

    def chunk(start: int) -> np.ndarray:
        pc, qc = p[start : start + PAIR_CHUNK], q[start : start + PAIR_CHUNK]
        words = np.empty((2, len(pc)), dtype=np.int64)
        for w in range(2):
            np.add(first_words[w].take(pc), second_words[w].take(qc), out=words[w])
        theirs = evaluate_keys(words.T, rules)
        codes = 9 * (before3.take(pc) + compare_states(mine_after.take(qc), theirs))
        codes += before3.take(qc) + compare_states(mine_after.take(pc), theirs)
        return np.bincount(codes, minlength=81)

    parts = run_parts(chunk, range(0, len(p), PAIR_CHUNK), threads_for(threads, len(p), PAIRS_PER_THREAD))
    return np.add.reduce(parts, dtype=np.int64) if parts else np.zeros(81, dtype=np.int64)


def transition_counts(field: Field, cards_to_come: int, before: np.ndarray | None = None) -> HandPotential:
    """HP[before][after] for every opponent holding of ``field`` and every runout.

    Each runout's board key is computed once and every holding's key added to
    it. Against every holding with two cards to come, holdings and runouts are
    the same 2-card subsets of the unseen cards and the opponent's final hand
    is symmetric in the two, so each unordered pair is evaluated once.
    ``before`` (the states on the current board) is computed when not given.
    """
    board, hole = field.board_index, field.hole_index
    if whole_number(cards_to_come) is None or not 1 <= cards_to_come <= 5 - len(board):
        raise CardCountError(
            f"{cards_to_come} cards to come on a board of {len(board)} cards: {5 - len(board)} at most"
        )
    if before is None:
        before = current_states(field)
    holdings = field.holdings
    holding_keys = card_keys(holdings)  # (M, 2) key words
    board_key = card_keys(board)
    hole_key = card_keys(hole)
    if cards_to_come == 2 and field.weights is None:
        # holdings == runouts (both numbered by np.triu_indices over the unseen cards)
        mine_after = evaluate_keys(board_key + hole_key + holding_keys, field.rules)  # (M,) per runout
        both = _symmetric_codes(
            board_key + holding_keys,
            holding_keys,
            3 * before,
            mine_after,
            *_disjoint_pairs(len(field.unseen)),
            field.rules,
            field.threads,
        ).reshape(9, 9)
        flat = tuple(int(n) for n in both.sum(axis=1) + both.sum(axis=0))
    else:
        runouts = np.array(list(combinations(field.unseen.tolist(), cards_to_come)), dtype=np.int64)
        board_keys = board_key + card_keys(runouts)  # (T, 2)
        mine_after = evaluate_keys(board_keys + hole_key, field.rules)  # (T,)
        one = np.int64(1)
        holding_bits = (one << holdings[:, 0]) | (one << holdings[:, 1])
        runout_bits = np.bitwise_or.reduce(one << runouts, axis=1)
        o, t = np.nonzero((holding_bits[:, None] & runout_bits[None, :]) == 0)
        words = np.empty((2, len(o)), dtype=np.int64)
        board_words, holding_words = np.ascontiguousarray(board_keys.T), np.ascontiguousarray(holding_keys.T)
        for w in range(2):
            np.add(board_words[w].take(t), holding_words[w].take(o), out=words[w])
        theirs = evaluate_keys(words.T, field.rules)
        cells = 3 * before.take(o) + compare_states(mine_after.take(t), theirs)
        flat = count_states(cells, None if field.weights is None else field.weights[o], size=9)
    rows = tuple((flat[3 * b], flat[3 * b + 1], flat[3 * b + 2]) for b in range(3))
    return HandPotential(cards_to_come, rows)


def hand_potential(
    hole: CardsLike,
    board: CardsLike,
    cards_to_come: int = 1,
    *,
    dead: CardsLike = (),
    opponent_range=None,
    rules: RulesLike = None,
    threads: int | None = None,
) -> HandPotential:
    """PPot and NPot of ``hole`` on a flop (1 or 2 cards to come) or a turn (1 card).

    ``rules`` is a variant (:mod:`pysolver.core._rules`), whose deck deals the runouts;
    ``threads`` is how many threads count (None: every core), the counts the same for any number.

    >>> p = hand_potential("AdQc", "3h 4c Jh", 1, threads=2)
    >>> p.counts[1]  # tied now: 396 runouts stay tied, 9 fall behind
    (0, 396, 9)
    """
    field = Field.of(hole, board, dead, opponent_range, streets=(3, 4), rules=rules, threads=threads)
    return transition_counts(field, cards_to_come)


def _check_seats(hole: CardsLike, board: CardsLike, dead: CardsLike, opponents: int, rules: Rules) -> None:
    """The hand and ``opponents`` random hands as a :class:`~pysolver.core.Situation`: the cards are
    cards, none twice, and the rules' deck deals every seat beside a full board and the dead cards."""
    situation = Situation.of([cast(PlayerLike, hole)], board, dead=dead, rules=rules, least=1)  # two hole cards
    try:
        rules.check_players(opponents + 1, dead=len(situation.dead))  # before a list of that many seats
        Situation.of(
            [situation.holes[0]] + ["random"] * opponents,
            situation.board,
            dead=situation.dead,
            rules=rules,
            ranges=True,
        )
    except PlayerCountError as error:
        raise PlayerCountError(f"{opponents} opponents: {error}") from None


def hand_report(
    hole: CardsLike,
    board: CardsLike = (),
    *,
    opponents: int = 1,
    dead: CardsLike = (),
    opponent_range=None,
    rules: RulesLike = None,
    threads: int | None = None,
) -> HandReport:
    """HS, HS^n, PPot/NPot for each lookahead, EHS and Pr(win) of hole cards on a board, counted
    on ``threads`` threads (None: every core; the counts do not depend on it).

    >>> r = hand_report("As Ks", "Qs Js Ts 2c 3d")  # the royal flush on the river
    >>> r.hs, r.ehs, r.one_card
    (1.0, 1.0, None)
    >>> round(hand_report("As Ks", opponents=3).hs, 4)  # preflop: HS^3 from the exact table
    0.3014
    >>> hand_report("As Ks", opponents=15, rules="short_deck")      # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    pysolver.PlayerCountError: 15 opponents: 16 players: the 36-card short_deck deck deals at most 15 ...
    """
    check_count("opponents", opponents, error=PlayerCountError)
    _check_seats(hole, board, dead, opponents, rules_of(rules))
    if is_preflop(board):
        strength = hand_strength(hole, (), dead=dead, opponent_range=opponent_range, rules=rules, threads=threads)
        return HandReport(parse_hole(hole), (), opponents, strength, None, None)
    field = Field.of(hole, board, dead, opponent_range, rules=rules, threads=threads)
    before = current_states(field)
    strength = HandStrength(*count_states(before, field.weights))
    street = len(field.board)
    one = transition_counts(field, 1, before) if street < 5 else None
    two = transition_counts(field, 2, before) if street == 3 else None
    return HandReport(field.hole, field.board, opponents, strength, one, two)


__all__ = ["HandPotential", "HandReport", "transition_counts", "hand_potential", "hand_report"]
