"""The grouped exact path lists and counts many deals in pieces: each piece holds one run of a
player's rank groups, so the pieces together count exactly what the whole question counts at once,
on any number of threads."""

import numpy as np
import pytest

from pysolver.core import Situation
from pysolver.odds._exact import deals, grouped
from pysolver.odds._model import Question

SPOTS = [
    (["TT+,AQs+,AKo", "88,77,66,KQs,JTs", "random"], "Kh 9d 4c 2s"),  # a random seat split
    (["QQ+,AK,0.5(JJ)", "TT-77,AQ", "random"], "Qs Js 2c"),  # weighted, flushes to correct
    (["AK,AQ,AJ,KQ", "KJ,QJ,JT,T9s", "0.25(22+),0.5(A9s+)"], "Ts 7h 2h"),  # no random seat
]


@pytest.mark.parametrize("names, board", SPOTS)
def test_the_pieces_count_what_the_whole_counts(names, board, monkeypatch):
    q = Question.of(Situation.of(names, board, ranges=True))
    split = deals.pieces(q.players)
    assert len(split) > 1  # the deals are many enough to be cut
    for piece in split:  # one player cut, the others whole
        assert sum(a is not b for a, b in zip(piece, q.players)) == 1

    def count(threads: int):
        return grouped.exact_grouped(q.players, q.board, q.dead, q.rules, None, threads)

    in_pieces = [count(threads) for threads in (1, 2, 3)]
    monkeypatch.setattr(deals, "SPLIT_DEALS", 1 << 62)
    assert len(deals.pieces(q.players)) == 1
    whole = count(2)
    for tally in in_pieces:
        assert tally.deals == whole.deals
        for field in ("wins", "ties", "shares"):
            assert np.allclose(getattr(tally, field), getattr(whole, field), rtol=1e-12, atol=0)
    for field in ("wins", "ties", "shares"):  # the same sums in the same order on any threads
        assert all((getattr(t, field) == getattr(in_pieces[0], field)).all() for t in in_pieces)
