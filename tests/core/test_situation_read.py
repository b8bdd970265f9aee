"""Situation.of reads "no cards" alike in every spelling, and text and card lists alike."""

import pytest

from pysolver import Card, PokerInputError, Situation


@pytest.mark.parametrize("none", [None, (), [], ""])
def test_no_cards_in_every_spelling_reads_as_none(none):
    situation = Situation.of(["AhKh", "QQ+"], "Ks 7h 2d", dead=none, ranges=True)
    assert situation.dead == ()
    assert situation.board == tuple(Card.parse(c) for c in ("Ks", "7h", "2d"))
    assert Situation.of(["AhKh", "QsQd"], none).board == ()


def test_text_and_lists_read_alike():
    as_text = Situation.of(["AhKh", "QsQd"], "Ks 7h 2d", dead="2c")
    as_lists = Situation.of([["Ah", "Kh"], ["Qs", "Qd"]], ["Ks", "7h", "2d"], dead=[Card.parse("2c")])
    assert as_text == as_lists


@pytest.mark.parametrize("dead", ["Ks", ["Ks"], ("Zz",)])
def test_bad_dead_cards_raise_in_every_spelling(dead):
    with pytest.raises(PokerInputError):
        Situation.of(["AhKh", "QsQd"], "Ks 7h 2d", dead=dead)
