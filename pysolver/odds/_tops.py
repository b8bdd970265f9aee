"""Known hands against random hands: the tally from where the random hands stand against the best known.

On a board the known hands' best value ``M`` is held by a set of them (a code
of bits, in the order of the known hands). Every random hand is then below,
equal to or above ``M``, and that is all the showdown depends on:

* none above: the known hands holding ``M`` split the pot with the ``k``
  random hands equal to it (a known hand alone with ``k = 0`` wins outright);
* some above: the known hands lose; the random hands above split it.

So the counting paths give, per code, the deals, ``tops[k]`` (ordered deals
of the random hands with exactly ``k`` of them equal to ``M`` and none above,
``k = 0 .. r``), the deals where random hands above ``M`` tie among themselves,
and the random hands in those ties, summed. The random hands are alike: each
has the ``r``-th part of their wins, ties and shares.

    >>> by_code = np.zeros((2, 5), dtype=np.int64)           # one known hand, one random hand
    >>> by_code[1] = [10, 6, 1, 0, 0]                         # 10 deals: 6 below, 1 equal, 3 above
    >>> t = tally_of_tops(by_code, (1,), 2)
    >>> t.wins.tolist(), t.ties.tolist(), t.shares.tolist(), t.deals
    ([3.0, 6.0], [1.0, 1.0], [3.5, 6.5], 10.0)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ._model import Report, Tally, each_part


def tops_row(deals: int, tops: Sequence[int], tied_above: int = 0, in_ties_above: int = 0) -> np.ndarray:
    """One row of :func:`tally_of_tops`: ``[deals, tops[0] .. tops[r], tied above, in ties above]``."""
    return np.array([deals, *tops, tied_above, in_ties_above], dtype=np.int64)


def tally_of_tops(by_code: np.ndarray, known: Sequence[int], players: int) -> Tally:
    """The tally of ``players`` seats, the known hands at the seats ``known`` (in the order of the
    codes' bits) and random hands in the others, from ``by_code`` ``(2 ** len(known), r + 4)``: per
    code of the known hands holding the best known value, a row of :func:`tops_row` (exact integers)."""
    randoms = [seat for seat in range(players) if seat not in known]
    r = len(randoms)
    tally = Tally.empty(players)
    random_wins = random_ties = 0
    random_shares = 0.0
    for code, row in enumerate(by_code.tolist()):
        deals, tops, tied_above, in_ties_above = row[0], row[1 : r + 2], row[r + 2], row[r + 3]
        if deals == 0:
            continue
        holders = [seat for bit, seat in enumerate(known) if code >> bit & 1]
        split = len(holders)
        each = sum(n / (split + k) for k, n in enumerate(tops))  # a holder's share
        for seat in holders:
            tally.wins[seat] += tops[0] if split == 1 else 0
            tally.ties[seat] += sum(tops) - (tops[0] if split == 1 else 0)
            tally.shares[seat] += each
        random_wins += deals - sum(tops) - tied_above
        random_ties += sum(k * n for k, n in enumerate(tops)) + in_ties_above
        random_shares += deals - split * each
        tally.deals += deals
    for seat in randoms:
        tally.wins[seat], tally.ties[seat], tally.shares[seat] = random_wins // r, random_ties // r, random_shares / r
    return tally


def known_seats(hero_seat: int | Sequence[int]) -> tuple[int, ...]:
    """The seats of the known hands: one seat, or one per hand."""
    return tuple(int(s) for s in hero_seat) if isinstance(hero_seat, Sequence | np.ndarray) else (int(hero_seat),)


def count_tops(
    chunks: Sequence[tuple],
    count: Callable[[tuple, Report], np.ndarray],
    known: Sequence[int],
    randoms: int,
    report: Report,
    threads: int,
) -> Tally:
    """The tally of chunks of classes of boards, each ending with its code (the known hands holding the
    best known value), each counted by ``count`` to a row of :func:`tops_row`: on up to ``threads``
    threads (:func:`~pysolver.odds._model.each_part`), summed in order per code."""
    by_code = np.zeros((1 << len(known), randoms + 4), dtype=np.int64)
    for chunk, row in zip(chunks, each_part(count, chunks, report, threads)):
        by_code[chunk[-1]] += row
    return tally_of_tops(by_code, known, len(known) + randoms)


__all__ = ["tops_row", "tally_of_tops", "known_seats", "count_tops"]
