"""Whether the players' ranges fit together: some deal gives every player a hand at once.

Each range may keep combos once the board and the dead cards are out, yet no deal
give every player one at the same time (three players on ``AA``: six aces; ``AsAh``
against ``AsAd,AhAd``). Such a question has no deal to count, so its equity would be
0/0; :func:`check_fit` refuses it up front, naming the players that cannot all be
dealt (a smallest such group), by a search for one deal that fits: the players
with the fewest combos first, a combo's cards as bits, a state that failed never
tried twice, within :data:`MOST_STEPS` steps (beyond, the engines decide).

    >>> fits([[0b0011, 0b1100], [0b0011]], free=0, randoms=0)
    True
    >>> fits([[0b0011], [0b0011]], free=0, randoms=0)
    False
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..core import RangeError

#: Steps of the search before it stops and lets the engines decide (well under a second).
MOST_STEPS = 200_000


def fits(masks: Sequence[Sequence[int]], free: int, randoms: int, steps: list[int] | None = None) -> bool | None:
    """Whether one combo of each player's ``masks`` (cards as bits) can be dealt at once, with two
    of the ``free`` cards left (a bit mask, the cards no one holds yet) for each of ``randoms``
    random players; None when the search ran out of steps."""
    order = sorted(masks, key=len)
    steps = [MOST_STEPS] if steps is None else steps
    failed: set[tuple[int, int]] = set()

    def search(depth: int, used: int) -> bool:
        if depth == len(order):
            return (free & ~used).bit_count() >= 2 * randoms
        if (depth, used) in failed:
            return False
        for mask in order[depth]:
            steps[0] -= 1
            if steps[0] < 0:
                raise _OutOfSteps
            if not mask & used and search(depth + 1, used | mask):
                return True
        failed.add((depth, used))
        return False

    try:
        return search(0, 0)
    except _OutOfSteps:
        return None


class _OutOfSteps(Exception):
    pass


def check_fit(players, free: int) -> None:
    """Refuse players (:class:`~pysolver.odds._model.Player`) that no deal can satisfy together:
    a :class:`~pysolver.RangeError` naming a smallest group of them. ``free``: the cards no
    known hand, board or dead card holds, as bits."""
    ranged = [i for i, p in enumerate(players) if not p.is_hand]
    if not ranged:
        return
    masks = {  # a random player fits while cards are left: no combos to search (1,000+ each)
        i: np.left_shift(1, players[i].combos).sum(axis=1).tolist()  # two cards, two bits
        for i in ranged
        if not players[i].is_random
    }
    steps = [MOST_STEPS]

    def deal_fits(group: list[int]) -> bool | None:
        chosen = [masks[i] for i in group if not players[i].is_random]
        return fits(chosen, free, sum(players[i].is_random for i in group), steps)

    if deal_fits(ranged) is not False:
        return
    group = list(ranged)
    for i in ranged:  # the smallest group that still cannot be dealt
        if len(group) > 1 and deal_fits([j for j in group if j != i]) is False:
            group.remove(i)
    raise no_deal(players, group)


def no_deal(players, group: Sequence[int]) -> RangeError:
    """The error for players ``group`` (seat numbers) that no deal satisfies together."""
    names = ", ".join(f"{i} ({players[i].name})" for i in group)
    return RangeError(
        f"player{'s' if len(group) > 1 else ''} {names}: no deal gives each of them a hand of their range at once "
        "(their combos share cards, with each other, the board or the dead cards)"
    )


__all__ = ["MOST_STEPS", "fits", "check_fit", "no_deal"]
