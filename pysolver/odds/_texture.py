"""What a range makes on a board: every combo classified by its made hand and its draws.

:func:`texture` takes a range and a flop, turn or river, removes the combos
that hold a known card (the board, dead cards, cards outside a short deck),
and classifies every combo left, all combos at once in numpy:

- **Made hand**: the category the evaluator gives the hole cards and the
  board (so a rule variant's order counts), with a pair split by where it
  stands against the board's distinct ranks (*overpair*: a pocket pair above
  every board card; *top pair*, *middle pair*, *bottom pair*: a hole card
  pairing the highest, a middle, the lowest board rank, a pocket pair between
  the highest and the lowest board card counting as a middle pair;
  *underpair*: a pocket pair below every board card; *board pair*: the pair
  is on the board only) and three of a kind split into *set* (a pocket pair
  and one board card), *trips* (one hole card and a board pair) and *board
  trips* (all three on the board).
- **Draws**, on the flop and the turn, counted from the cards that would
  complete them (a draw needs at least one such card still unseen): a *flush
  draw* is four cards of a suit, at least one of them a hole card (the
  next card of the suit makes a flush with it); a *backdoor flush draw*
  (flop only) three such cards; an *open-ended straight draw* has two or more
  ranks that make a straight using a hole card (8 outs; a double gutshot
  counts here too); a *gutshot* exactly one such rank (4 outs); *two
  overcards* are two hole cards above every board card with no pair made; a
  *combo draw* is a flush draw with a straight draw (open-ended or gutshot).
  No draw is counted for a hand already made of that kind or better (a
  straight draw for a straight or better, a flush draw for a flush or
  better, in the order of the rules).

Counts are weighted combos (a combo of weight 0.5 counts half), with shares
of the range after card removal, in total and per class of the 13x13 grid
(:class:`~pysolver.odds._texture_report.TextureReport`).

    >>> report = texture("QQ+, AK, JTs, 76s", "Ks 7h 2d")
    >>> report.combos, report.count("top_pair"), report.count("set"), report.count("overpair")
    (34.0, 12.0, 3.0, 6.0)
    >>> report.count("backdoor_flush_draw"), report.by_class("middle_pair")
    (7.0, {'QQ': 6.0, '76s': 3.0})
"""

from __future__ import annotations

import numpy as np

from ..core import (
    COMBO_CLASS,
    COMBOS,
    Card,
    CardsLike,
    Category,
    PlayerLike,
    Range,
    RangeError,
    Rules,
    RulesLike,
    Situation,
    check_threads,
    combo_index,
    combo_mask,
    quoted,
)
from ..evaluator import categories, evaluate_batch
from ..rulebook import rules_of
from ._texture_report import DRAWS, PAIRS, THREES, TextureReport


def made_kinds(rules: Rules) -> tuple[str, ...]:
    """The made-hand kinds, strongest first in the rules' order: each category, with three of
    a kind and a pair replaced by their kinds.

    >>> made_kinds(rules_of(None))[:7]
    ('royal_flush', 'straight_flush', 'four_of_a_kind', 'full_house', 'flush', 'straight', 'set')
    """
    kinds: list[str] = []
    for category in reversed(rules.order):
        kinds += (
            THREES
            if category == Category.THREE_OF_A_KIND
            else PAIRS
            if category == Category.PAIR
            else (category.snake,)
        )
    return tuple(kinds)


def _ranks_bits(cards: np.ndarray) -> np.ndarray:
    """Bit ``r`` set for each rank ``r`` among the cards of each row."""
    return np.bitwise_or.reduce(np.left_shift(1, cards >> 2), axis=-1)


def classify(
    combos: np.ndarray, board: np.ndarray, unseen: np.ndarray, rules: Rules, threads: int = 1
) -> tuple[np.ndarray, np.ndarray]:
    """The made kind (index into :func:`made_kinds`) and the draws ((n, 6) bool) of each combo.

    ``combos`` (n, 2) and ``board`` (3 to 5) are card indices; ``unseen`` the cards that may
    still come (52,) bool, before the combo's own cards are taken out.
    """
    n = len(combos)
    kinds = made_kinds(rules)
    cats = categories(
        evaluate_batch(np.hstack([combos, np.broadcast_to(board, (n, len(board)))]), rules=rules, threads=threads),
        rules,
    ).astype(np.int64)
    place = np.zeros(len(Category), dtype=np.int64)
    place[[int(c) for c in rules.order]] = np.arange(len(rules.order))
    strength = place[cats]  # the rules' order
    made = np.array(
        [kinds.index(Category(c).snake) if Category(c).snake in kinds else 0 for c in range(10)], dtype=np.int64
    )[cats]
    low, high = np.sort(combos >> 2, axis=1).T
    board_count = np.bincount(board >> 2, minlength=13)
    on_board = board_count > 0
    top, bottom = np.flatnonzero(on_board)[[-1, 0]]
    pocket = low == high
    # a pair: which rank is paired, and how it stands against the board
    paired = np.where(pocket, high, np.where(on_board[high], high, np.where(on_board[low], low, -1)))
    pair_kind = np.select(
        [paired < 0, pocket & (paired > top), pocket & (paired < bottom), paired == top, paired == bottom],
        [
            PAIRS.index("board_pair"),
            PAIRS.index("overpair"),
            PAIRS.index("underpair"),
            PAIRS.index("top_pair"),
            PAIRS.index("bottom_pair"),
        ],
        PAIRS.index("middle_pair"),
    )
    is_pair = cats == Category.PAIR
    made[is_pair] = kinds.index(PAIRS[0]) + pair_kind[is_pair]
    three_kind = np.select([pocket & on_board[high], on_board[high] | on_board[low]], [0, 1], 2)
    is_three = cats == Category.THREE_OF_A_KIND
    made[is_three] = kinds.index(THREES[0]) + three_kind[is_three]
    draws = np.zeros((n, len(DRAWS)), dtype=bool)
    if len(board) == 5:
        return made, draws
    live = np.broadcast_to(unseen, (n, 52)).copy()
    live[np.arange(n)[:, None], combos] = False
    # flushes: cards of each suit among the hole cards and the board, and live cards of each suit
    hole_suits = (combos[:, :, None] & 3) == np.arange(4)
    in_hole = hole_suits.sum(axis=1)  # (n, 4)
    suits = in_hole + np.bincount(board & 3, minlength=4)
    live_suits = live.reshape(n, 13, 4).sum(axis=1)
    below_flush = strength < place[Category.FLUSH]
    flush_draw = ((suits == 4) & (in_hole > 0) & (live_suits > 0)).any(axis=1) & below_flush
    backdoor = ((suits == 3) & (in_hole > 0) & (live_suits > 1)).any(axis=1) & below_flush & ~flush_draw
    # straights: the ranks whose next card makes a straight that uses a hole card
    straights = np.array([sum(1 << r for r in s) for s in rules.straights], dtype=np.int64)
    board_bits = int(_ranks_bits(board))
    hole_bits = _ranks_bits(combos)
    rank_bit = np.left_shift(1, np.arange(13))
    with_card = (hole_bits[:, None] | board_bits | rank_bit)[:, :, None]  # (n, 13, 1)
    board_with = ((board_bits | rank_bit)[:, None] & straights) == straights  # (13, s)
    completes = (((with_card & straights) == straights) & ~board_with).any(axis=2)
    completes &= live.reshape(n, 13, 4).any(axis=2)
    ranks = completes.sum(axis=1)
    below_straight = strength < place[Category.STRAIGHT]
    open_ended, gutshot = (ranks >= 2) & below_straight, (ranks == 1) & below_straight
    draws[:, 0], draws[:, 1] = flush_draw, backdoor & (len(board) == 3)
    draws[:, 2], draws[:, 3] = open_ended, gutshot
    draws[:, 4] = (cats == Category.HIGH_CARD) & (low > top)
    draws[:, 5] = flush_draw & (open_ended | gutshot)
    return made, draws


def texture(
    hands: PlayerLike | Range,
    board: CardsLike,
    *,
    dead: CardsLike = (),
    rules: RulesLike = None,
    threads: int | None = None,
) -> TextureReport:
    """Classify every combo of ``hands`` (a range, ``'random'`` or two hole cards) left on a
    flop, turn or river, after removing the board, ``dead`` and the cards outside the rules' deck,
    on ``threads`` threads (None: every core; the report does not depend on it).

    >>> r = texture("JTs, 98s", "Qh 9h 2c")
    >>> r.by_class("open_ended"), r.count("combo_draw"), r.count("flush_draw")
    ({'JTs': 4.0}, 1.0, 1.0)
    """
    rules, count = rules_of(rules), check_threads(threads)
    situation = Situation.of([hands], board, dead=dead, rules=rules, ranges=True, boards=(3, 4, 5), least=1)
    seat = situation.players[0]
    rng = seat if isinstance(seat, Range) else Range(situation.seat_name(0), _one_combo(seat))
    known = list(situation.board + situation.dead) + [Card(int(i)) for i in rules.removed]
    indices = np.flatnonzero((rng.weights > 0) & combo_mask(known))
    if not len(indices):
        raise RangeError(f"range {quoted(str(rng))}: no combo is left once the board and dead cards are removed")
    unseen = np.zeros(52, dtype=bool)
    unseen[[c.index for c in situation.unseen]] = True
    board_index = np.array([c.index for c in situation.board], dtype=np.int64)
    made, draws = classify(COMBOS[indices], board_index, unseen, rules, count)
    return TextureReport(
        str(rng),
        situation.board,
        situation.dead,
        made_kinds(rules),
        indices,
        rng.weights[indices],
        made,
        draws,
        rules.label,
    )


def _one_combo(hole: tuple[Card, Card]) -> np.ndarray:
    weights = np.zeros(len(COMBO_CLASS))
    weights[combo_index(*hole)] = 1.0
    return weights


__all__ = ["made_kinds", "classify", "texture"]
