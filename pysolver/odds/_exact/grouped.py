"""Exact equity with ranges by groups: combos grouped by their ranks, run-outs by their rank multisets.

Every player holds a set of weighted combos (a known hand is one combo). A
*deal* is one combo per player, no card twice, and a run-out of the board;
it counts with the product of the combos' weights. Without a flush, the value
of seven cards depends on their ranks alone, so the deals are counted as in
:func:`pysolver.odds._exact.fixed.exact_fixed`, one level up:

1. **Ranks.** The deals of combos are grouped by the players' rank pairs; a
   group's weight is the summed weight of its deals. Every combo of a group
   removes the same ranks from the deck, so a run-out's rank multiset is dealt
   ``prod C(unseen of rank r, m_r)`` ways for all of them: each group is valued
   once per rank multiset (91 on a flop, 6,175 before the flop).
2. **Flushes.** A flush needs three suited cards on the final board, so at most
   one suit can make one. Per suit, the deals are grouped again by the players'
   rank pairs and which of their cards have the suit; the boards with three or
   more cards of the suit are dealt as the suit's ranks one by one and the
   other cards by rank multiset, and where some player makes a flush the count
   of step 1 is replaced by the actual one. Suits that a permutation of the
   suits fixing every player's weighted combos, the board and the dead cards
   maps onto each other correct alike: one of them is computed, times their
   number.

What a combo contributes (its group, its code for a suit, their rank keys and
cards per rank) is read from the tables of :mod:`pysolver.odds._combo_codes`,
what the board leaves from :mod:`pysolver.odds._boards` (kept per board, with
the rank-only values of the board with every rank group and run-out after the
flop); the run-outs that give a suit three or more cards (the suit's ranks
one by one, at most two other cards by rank multiset) are listed once per
number of cards to come. The deals are listed by :mod:`~pysolver.odds._exact.deals`
(heads-up, every pair of combos that share no card, found at once); many of
them are listed and counted in pieces, a run of one player's rank groups each
(:func:`~pysolver.odds._exact.deals.pieces`), on the question's threads, and
the flush corrections in chunks of classes, each a part. A block of classes'
showdowns (about :data:`BLOCK`) goes to one :meth:`~pysolver.odds._model.Tally.add`;
a chunk of corrections replaces the rank-only showdowns with the actual ones
(:meth:`~pysolver.odds._model.Tally.replace`; with numba, a compiled loop moves
each weight between the sets of winners, :func:`pysolver.odds._kernels.flush_codes`).

    >>> aces, kings = Player.hand([48, 49]), Player.hand([47, 46])                     # AcAd, KsKh
    >>> t = exact_grouped([aces, kings], np.zeros(0, dtype=np.int64))
    >>> t.wins.tolist(), t.ties.tolist(), t.deals
    ([1388072.0, 317694.0], [6538.0, 6538.0], 1712304.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from itertools import pairwise
from math import comb, prod

import numpy as np

from ...core import Rules
from .._boards import BoardFacts, board_facts, compact_multisets, mask_blocks, rank_values, suited_runouts
from .._combo_codes import (
    CODE_HELD,
    CODE_OFF,
    CODE_RANKS,
    COMBO_CODE,
    COMBO_GROUP,
    COMBO_HELD,
    GROUP_COUNTS,
)
from .._cost import CALL_COST, MULTISETS, Cheapest, Shape, Solve
from .._hand_tables import hand_tables
from .._model import CODED_PLAYERS, Player, Question, Report, Tally, each_part, keeping, suit_orbits
from .deals import by_class, deal_combos, pieces
from .fixed import compiled_loops, exact_backend

BLOCK = 1 << 16
"""About how many showdowns are valued and counted at once."""
_DENSE = 1 << 14  # up to this many pairs of a class and a run-out are all valued, without a filter
_NONE = np.zeros(0, dtype=np.int64)
_CHOOSE = np.array([comb(n, m) for n in range(5) for m in range(5)], dtype=np.int64)  # C(n, m) at 5 n + m
_GROUP_COUNTS_5 = 5 * GROUP_COUNTS


def _ways(
    left: np.ndarray, ranks: np.ndarray | Sequence[np.ndarray], multiplicity: np.ndarray | Sequence[np.ndarray]
) -> np.ndarray:
    """``(n, m)`` ways to deal each of ``m`` rank multisets (per place, ranks and multiplicities
    ``(m,)``) from each row of ``5 * left`` ``(n, 13)`` cards per rank: ``prod C(left[rank], m)``."""
    ways = _CHOOSE.take(left.take(ranks[0], axis=1) + multiplicity[0])
    for column in range(1, len(ranks)):
        ways *= _CHOOSE.take(left.take(ranks[column], axis=1) + multiplicity[column])
    return ways


def exact_grouped(
    players: Sequence[Player],
    board: np.ndarray,
    dead: np.ndarray = _NONE,
    rules: Rules | None = None,
    report: Report = None,
    threads: int = 1,
) -> Tally:
    """Exact counts for players given as weighted combos (avoiding the board and the dead cards),
    a board of 0, 3, 4 or 5 cards. Under a variant's ``rules`` the cards outside its deck must be
    among ``dead``. ``report(fraction)`` follows the work (in 16 steps or more). Where the deals are
    many (:func:`~pysolver.odds._exact.deals.pieces`), they are listed and counted in pieces, each a
    part on up to ``threads`` threads; else the blocks of classes of deals and the flush corrections
    are the parts."""
    table = hand_tables(rules)
    board, dead = np.asarray(board, dtype=np.int64), np.asarray(dead, dtype=np.int64)
    facts = board_facts(board, dead)
    values_of = rank_values(board, rules)
    orbits = suit_orbits(keeping(facts.fixing, players))  # of the whole question: each piece keeps them
    count = partial(_count_deals, table=table, facts=facts, values_of=values_of, orbits=orbits)
    split = pieces(players)
    if len(split) == 1:
        return count(players, report=report, threads=threads)
    tally = Tally.empty(len(players))
    for part in each_part(lambda piece, inner: count(piece, report=inner, threads=1), split, report, threads):
        tally.merge(part)  # in the order of the pieces, whatever the threads
    return tally


def _count_deals(
    players: Sequence[Player],
    table,
    facts: BoardFacts,
    values_of: np.ndarray,
    orbits: list[tuple[int, int]],
    report: Report,
    threads: int,
) -> Tally:
    """:func:`exact_grouped` of ``players``, the board's ``facts`` and rank values (``values_of``)
    and the suits' ``orbits`` given: the blocks of classes of deals and the flush corrections
    counted as parts on up to ``threads`` threads."""
    combos, weight = deal_combos(players)  # (players, deals) combo indices
    groups, group_weight = by_class(COMBO_GROUP.take(combos), weight, 91)
    ranks, multiplicity, multiset_keys = compact_multisets(facts.to_come)
    step = max(1, BLOCK // len(multiset_keys))
    bounds = list(range(0, len(group_weight), step)) + [len(group_weight)]
    if report is not None:  # 16 steps or more to report, some maybe empty
        bounds = sorted(set(bounds) | set(np.linspace(0, len(group_weight), 17).astype(int).tolist()))
        bounds += [len(group_weight)] * (17 - len(bounds))

    def block(start: int, stop: int, tally: Tally) -> None:
        """Count the showdowns of the classes of deals ``start:stop`` valued by ranks, every rank
        multiset to come."""
        chosen = groups[:, start:stop]
        left = 5 * facts.per_rank - np.add.reduce(_GROUP_COUNTS_5.take(chosen, axis=0))  # (classes, 13), times 5
        ways = _ways(left, ranks, multiplicity)  # (classes, multisets)
        values = values_of.take(chosen, axis=0)
        tally.add(values.reshape(len(values), -1), (group_weight[start:stop, None] * ways).ravel())

    def count(part: Callable[[Tally], None], _: Report) -> Tally:
        counted = Tally.empty(len(players))
        part(counted)
        return counted

    tally = Tally.empty(len(players))
    chunks = _flush_corrections(table, values_of, combos, weight, facts, orbits) if len(weight) else []
    parts = [partial(block, start, stop) for start, stop in pairwise(bounds)] + chunks
    for part in each_part(count, parts, report, threads):  # the blocks and the corrections, summed in order
        tally.merge(part)
    return tally


def _flush_corrections(
    table,
    values_of: np.ndarray,
    combos: np.ndarray,
    weight: np.ndarray,
    facts: BoardFacts,
    orbits: list[tuple[int, int]],
) -> list[Callable[[Tally], None]]:
    """The showdowns on the boards with three or more cards of a suit where some player makes a
    flush, whose rank-only values were counted, in chunks: each chunk gives those values, the actual
    ones and the weights; for one suit of each orbit, times its size. Every run-out of the suit's
    ranks and the others' rank multiset is taken for every class (weight 0 where it cannot be dealt
    or no player can make a flush). The chunks are worked out when called, each on its own (a part
    on a thread of its own: the corrections are most of a count before the flop)."""
    to_come = facts.to_come
    orbits = [(suit, times) for suit, times in orbits if facts.most[suit] >= 3 - facts.on_board[suit]]
    if not orbits:  # no suit can have three cards on the board
        return []
    suits, times, need = np.array(
        [(suit, times, 5 - facts.on_board[suit] - facts.most[suit]) for suit, times in orbits]
    ).T
    held = COMBO_HELD.take(suits, axis=0).take(combos, axis=1)  # (suits, players, deals)
    most = np.maximum(held[:, 0], held[:, 1]) if len(combos) == 2 else np.maximum.reduce(held, axis=1)
    maybe = (most >= need[:, None]).ravel().nonzero()[0]
    if not len(maybe):
        return []
    which, deal = maybe // combos.shape[1], maybe % combos.shape[1]
    codes = COMBO_CODE.ravel().take(suits.take(which) * len(COMBO_GROUP) + combos.take(deal, axis=1))
    classes, class_weight = by_class(np.array([*codes, which]), weight.take(deal), 364)
    codes, which = classes[:-1], classes[-1]  # (players, classes)
    suit = suits.take(which)
    class_weight *= times.take(which)
    on_board, ranks = facts.on_board.take(suit), CODE_RANKS.take(codes)
    lowest = np.maximum(3 - on_board, 5 - on_board - np.maximum.reduce(CODE_HELD.take(codes), axis=0))
    taken = np.bitwise_or.reduce(ranks, axis=0) | facts.taken.take(suit)
    hand_key = (codes >> 2) * values_of.shape[1]  # each player's row of the rank values, flattened
    flush_bits = facts.bits.take(suit) | ranks
    others = (suit, codes)  # the cards per rank off the suit, worked out if needed
    compiled = compiled_loops() if len(codes) <= CODED_PLAYERS else None
    runouts, starts = suited_runouts(to_come)
    pairs = len(class_weight) * len(runouts[0])
    tops = None if compiled is None or pairs < TOPS_FROM else compiled.plain_tops(values_of, hand_key)
    last = starts[max(facts.most[suit] for suit, _ in orbits) + 1]
    levels = sorted(set(lowest.tolist()))
    chunks = []
    for level in levels:  # the classes that need as many cards of the suit
        members = None if len(levels) == 1 else (lowest == level).nonzero()[0]
        first = starts[min(max(level, 0), to_come + 1)]
        if first < last:
            chunks += _corrections(
                table,
                values_of,
                facts,
                members,
                [column[first:last] for column in runouts],
                mask_blocks(to_come, first, last),
                class_weight,
                others,
                taken,
                hand_key,
                flush_bits,
                compiled,
                tops,
            )
    return chunks


def _corrections(
    table,
    values_of: np.ndarray,
    facts: BoardFacts,
    members: np.ndarray | None,
    runouts: list,
    blocks: np.ndarray,
    class_weight: np.ndarray,
    others: tuple,
    taken: np.ndarray,
    hand_key: np.ndarray,
    flush_bits: np.ndarray,
    compiled,
    tops: tuple[np.ndarray, np.ndarray] | None,
) -> list[Callable[[Tally], None]]:
    """:func:`_flush_corrections`' chunks for the classes ``members`` (None: all) and the suited ``runouts``
    (the runs of one suited mask among them: ``blocks``);
    ``hand_key`` is each player's row in the rank values ``values_of`` (:func:`~pysolver.odds._boards.rank_values`,
    flattened); ``others`` the suit and the codes of each class, to count the cards off the suit left per rank;
    ``compiled`` the compiled loops (None: numpy counts) and ``tops`` their table of rank-only winners
    (:func:`~pysolver.odds._kernels.plain_tops`, None where it is too large)."""
    drawn, masks, rest, multiplicity, keys = runouts[0], runouts[1], runouts[3:5], runouts[5:7], runouts[7]
    off_suit = None  # the cards per rank off the suit, when some run-out deals them
    if multiplicity[0][0]:  # the first run-out draws the fewest cards of the suit
        suit, codes = others
        off_suit = (facts.per_rank - facts.suit_unseen).take(suit, axis=0) - np.add.reduce(CODE_OFF.take(codes, axis=0))
    plain_of = values_of.ravel()  # a run-out's key: its rank multiset's column
    step = max(1, 4 * BLOCK // len(drawn))
    size = len(class_weight) if members is None else len(members)

    dealt_off = np.array(rest), np.array(multiplicity)  # (2, run-outs) each, as the compiled loop reads them

    def chunk(start: int, tally: Tally) -> None:
        """Count the corrections of the classes ``start`` .. ``start + step - 1`` of the members: each
        board's actual showdown counted, its rank-only one taken back (compiled, the weight moved
        between their sets of winners where they differ)."""
        part = slice(start, start + step) if members is None else members[start : start + step]
        if compiled is not None:  # the counts of the pairs too, in the loop
            off = None if off_suit is None else off_suit[part]
            dealt = (class_weight[part], taken[part], masks, blocks, off, *dealt_off, _CHOOSE)
            valued = (plain_of, hand_key[:, part], keys, table.flush_value, flush_bits[:, part])
            read = None if tops is None else (tops[0][part], tops[1])
            tally.add_codes(compiled.flush_codes(*dealt, *valued, read))
            return
        counted = class_weight[part][:, None] * ((masks & taken[part][:, None]) == 0)  # (classes, run-outs)
        if off_suit is not None:  # some of the run-out off the suit
            counted *= _ways(5 * off_suit[part], rest, multiplicity)
        if counted.size <= _DENSE:  # every pair, weight 0 where it cannot be dealt
            plain = plain_of.take(hand_key[:, part, None] + keys, mode="clip")
            actual = np.maximum(plain, table.flush_value.take(flush_bits[:, part, None] | masks, mode="clip"))
            tally.replace(plain.reshape(len(plain), -1), actual.reshape(len(plain), -1), counted.ravel())
            return
        pick = (counted > 0).ravel().nonzero()[0]  # the pairs that can be dealt, then those with a flush
        c, q = pick // len(drawn), pick % len(drawn)
        c = c + start if members is None else np.asarray(part).take(c)
        plain = plain_of.take(hand_key.take(c, axis=1) + keys.take(q), mode="clip")
        actual = np.maximum(plain, table.flush_value.take(flush_bits.take(c, axis=1) | masks.take(q), mode="clip"))
        changed = (actual != plain).any(axis=0).nonzero()[0]
        weights = counted.ravel().take(pick.take(changed))
        tally.replace(plain.take(changed, axis=1), actual.take(changed, axis=1), weights)

    return [partial(chunk, start) for start in range(0, size, step)]


TOPS_FROM = 1 << 16
"""Pairs of classes and suited run-outs from which the flush corrections first work out the rank-only
winners (:func:`~pysolver.odds._kernels.plain_tops`, about 0.1 ms however small): a flop's few pairs
are valued one by one sooner."""
DEALS_LIMIT = 2_000_000
"""Most deals of combos (one combo per player, no card twice) the grouped path holds at once."""
#: Boards counted again per class of deals and suit by the flush corrections, by cards to come: the
#: boards with three or more cards of the suit on which some player makes a flush (measured).
_FLUSH_BOARDS = (1, 2, 10, 10, 10, 6_000)
FLUSH_WORK = (0.42, 1.7)
"""Work per board the flush corrections count again, per suit and player, times the product of the
players' classes to the power :data:`FLUSH_CLASSES`, without a random player and with one: the
product overstates the classes met, the more so the larger it is, less so with a random player
(whose classes are all met). Measured before the flop: AhKh vs Qs9d vs JJ,TT vs AK estimated 38 ms,
took 43 ms; QQ+ vs JJ+,AK vs TT+,AQs+ vs 99+,AJs+ 4.0 s, took 3.7 to 3.9 s; QQ+,AK vs JJ+,AQ vs
TT+,AJs+ vs 99+,KQs 5.0 s, took 5.3 to 7.1 s; AhKh vs JhJs vs QQ+,AK vs random 4.8 s, took 3.9 to
5.0 s; AhKh vs QQ+ vs random 2.8 s, took 1.8 to 2.1 s."""
FLUSH_CLASSES = 0.65
"""The power of the product of the players' classes in the flush corrections' work."""
COMPILED_FLUSH = 0.15
"""The flush corrections' work in their compiled loop (with numba), as a share of :data:`FLUSH_WORK`.
Measured before the flop, one thread (the whole count's estimate in brackets): QQ+,AK vs JJ+,AQ vs
TT+,AJs vs 99+,KQs 3.7 s with the corrections in numpy, 1.55 to 1.65 s compiled (2.9 s); QQ+ vs JJ+,AK
vs TT+,AQs+ vs 99+,AJs+ 1.4 s compiled (3.1 s); AKs vs QQ vs 72o 3 ms (4 ms); QQ+,AK,0.5(JJ) vs TT-77,AQ
vs random on Qs Js 2c 0.14 s (0.33 s): the rest of the estimate, the rank-only counts, reads high."""


class GroupedPath:
    """Players as weighted combos: :func:`exact_grouped`, when its deals of combos fit in memory
    (:data:`DEALS_LIMIT`). Its cost per player: 0.6 per deal of combos to build them, one value per
    class of rank groups and rank multiset to come, and per suit (one if every permutation of the
    suits leaves the players alike) the boards the flush corrections count again (1, 2, 10, 10, 10
    and 6,000 by cards to come 0 .. 5, measured), each :data:`FLUSH_WORK` times the classes of deals
    to the power :data:`FLUSH_CLASSES`."""

    name = "grouped"
    compiled = True  # its flush corrections count in a compiled loop (with numba)

    def applies(self, shape: Shape) -> bool:
        return shape.deals <= DEALS_LIMIT

    def cost(self, shape: Shape, cheapest: Cheapest) -> float:
        sizes, to_come = shape.sizes, 5 - shape.board
        deals = shape.deals
        groups = min(deals, float(prod(s.groups for s in sizes)))
        classes = min(deals, float(prod(s.classes for s in sizes))) ** FLUSH_CLASSES
        suits = 1 if shape.symmetric else 4
        flush_work = FLUSH_WORK[any(s.is_random for s in sizes)]
        if exact_backend() == "numba":  # the corrections' compiled loop
            flush_work *= COMPILED_FLUSH
        return (
            len(sizes)
            * (0.6 * deals + groups * MULTISETS[to_come] + suits * classes * _FLUSH_BOARDS[to_come] * flush_work)
            + CALL_COST
        )

    def run(self, question: Question, report: Report, solve: Solve) -> Tally:
        return exact_grouped(question.players, question.board, question.dead, question.rules, report, question.threads)


__all__ = [
    "BLOCK",
    "DEALS_LIMIT",
    "FLUSH_WORK",
    "FLUSH_CLASSES",
    "COMPILED_FLUSH",
    "exact_grouped",
    "GroupedPath",
]
