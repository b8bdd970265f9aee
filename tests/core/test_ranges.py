"""Range notation, the 169 classes and the 1,326 combos, checked against counts worked by hand."""

from itertools import combinations

import numpy as np
import pytest

from pysolver.core._cards import Card, parse_cards
from pysolver.core._errors import PokerInputError, RangeError
from pysolver.core._ranges import (
    COMBO_CLASS,
    COMBOS,
    HAND_CLASSES,
    RANDOM,
    Range,
    class_combos,
    combo_index,
    parse_range,
    preflop_order,
)


def names(text):
    return set(parse_range(text).class_weights())


def test_classes_and_combos():
    assert len(HAND_CLASSES) == len(set(HAND_CLASSES)) == 169
    assert sum(n[-1] == "s" for n in HAND_CLASSES) == 78 == sum(n[-1] == "o" for n in HAND_CLASSES)
    assert len(COMBOS) == 1326 == 52 * 51 // 2
    assert {tuple(c) for c in COMBOS.tolist()} == set(combinations(range(52), 2))
    sizes = np.bincount(COMBO_CLASS, minlength=169)
    for name, size in zip(HAND_CLASSES, sizes):
        assert size == (6 if len(name) == 2 else 4 if name.endswith("s") else 12), name


def test_combo_index_either_order():
    a, k = Card.parse("As"), Card.parse("Kd")
    i = combo_index(a, k)
    assert combo_index(k, a) == i and COMBOS[i].tolist() == [k.index, a.index]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("AA", {"AA"}),
        ("AKs", {"AKs"}),
        ("AKo", {"AKo"}),
        ("AK", {"AKs", "AKo"}),
        ("KA", {"AKs", "AKo"}),
        ("TT+", {"TT", "JJ", "QQ", "KK", "AA"}),
        ("A2s+", {f"A{r}s" for r in "23456789TJQK"}),
        ("K9o+", {"K9o", "KTo", "KJo", "KQo"}),
        ("77-KK", {"77", "88", "99", "TT", "JJ", "QQ", "KK"}),
        ("KK-77", {"77", "88", "99", "TT", "JJ", "QQ", "KK"}),
        ("A5s-A2s", {"A5s", "A4s", "A3s", "A2s"}),
        ("T9s-QJs", {"T9s", "JTs", "QJs"}),
        ("86o-T8o", {"86o", "97o", "T8o"}),
        ("AQ+", {"AQs", "AQo", "AKs", "AKo"}),
        ("aks, qq", {"AKs", "QQ"}),
    ],
)
def test_notation(text, expected):
    assert names(text) == expected


def test_sizes_worked_by_hand():
    assert parse_range("TT+, AKs, AKo").size == 5 * 6 + 4 + 12
    assert parse_range("random").size == RANDOM.size == 1326
    assert parse_range("any").is_random and not parse_range("AA").is_random
    assert parse_range("22+, A2+, K2+").size == 13 * 6 + 12 * 16 + 11 * 16


def test_specific_combo():
    r = parse_range("AsKd")
    assert r.size == 1 and r.combos().tolist() == [[Card.parse("Kd").index, Card.parse("As").index]]
    assert parse_range("Kd As") == r


def test_weights_both_spellings_and_later_item_wins():
    r = parse_range("AA:0.5, 0.25(AKs), KK")
    assert r.class_weights() == {"AA": 3.0, "AKs": 1.0, "KK": 6.0}
    assert parse_range("AA, AA:0.5").size == 3.0
    assert parse_range("AA:0.5, AA").size == 6.0
    combos, weights = r.weighted_combos()
    assert len(combos) == 6 + 4 + 6 and sorted(set(weights.tolist())) == [0.25, 0.5, 1.0]


def test_card_removal():
    dead = parse_cards("As Kh")
    assert len(parse_range("AA").combos(dead)) == 3  # C(3, 2)
    assert len(parse_range("AKs").combos(dead)) == 2  # clubs and diamonds
    assert len(parse_range("random").combos(dead)) == 50 * 49 // 2
    combos = parse_range("random").combos(dead)
    assert not np.isin(combos, [c.index for c in dead]).any()


def test_card_removal_offsuit_count():
    # AKo without As and Kh: aces c d h, kings c d s; offsuit pairs 3*3 - 2 same-suit (c, d) = 7
    assert len(parse_range("AKo").combos(parse_cards("As Kh"))) == 7


def test_preflop_order_follows_published_equities_against_a_random_hand():
    # PokerStove heads-up against one random hand: AA 85.20, KK 82.40, QQ 79.93, JJ 77.47,
    # TT 75.01, 99 72.06, 88 69.16, AKs 67.04, then 77 66.24 / AQs 66.21; 32o is last at 32.3
    assert preflop_order()[:8] == ("AA", "KK", "QQ", "JJ", "TT", "99", "88", "AKs")
    assert preflop_order()[-1] == "32o" and len(set(preflop_order())) == 169


def test_top_percent_is_the_shortest_prefix_holding_enough_combos():
    assert parse_range("top 100%").is_random and parse_range("100%") == RANDOM
    assert parse_range("top 0%").size == 0
    assert set(parse_range("top 0.5%").class_weights()) == {"AA", "KK"}  # 6.63 combos: AA is 6
    assert set(parse_range("top 2%").class_weights()) == {"AA", "KK", "QQ", "JJ", "TT"}  # 26.5: JJ ends at 24
    top10 = parse_range("top 10%")
    assert 132.6 <= top10.size < 132.6 + 12  # at least 10%, overshooting by less than one class
    assert "72o" not in top10.class_weights()
    assert set(parse_range("top 5%").class_weights()) <= set(top10.class_weights())
    with pytest.raises(RangeError, match="120"):
        parse_range("top 120%")


@pytest.mark.parametrize(
    "text, bad",
    [
        ("AKx", "AKx"),
        ("AA, QQ, ZZ", "ZZ"),
        ("TT+, AK:1.5", "AK:1.5"),
        ("T9s-QJo", "T9s-QJo"),
        ("AsAs", "AsAs"),
        ("A5s-K2s", "A5s-K2s"),
        ("AAs", "AAs"),
        ("top 120%", "120"),
        ("AA,,KK", "AA,,KK"),
        ("", "''"),
        ("AK+-QQ", "AK+-QQ"),
    ],
)
def test_bad_token_is_named(text, bad):
    with pytest.raises(RangeError) as error:
        parse_range(text)
    assert bad in str(error.value)
    assert isinstance(error.value, PokerInputError)


def test_class_combos_and_unknown_class():
    assert len(class_combos("AKs")) == 4
    with pytest.raises(RangeError, match="AKx"):
        class_combos("AKx")


def test_range_value_semantics():
    r = Range.parse("AKs")
    assert r == parse_range("AKs") and hash(r) == hash(parse_range("AKs"))
    with pytest.raises(ValueError):
        r.weights[0] = 1.0


def test_weighted_combos_function():
    from pysolver.core._ranges import weighted_combos

    cards, weights = weighted_combos("KK, 0.5(AKs)", dead=parse_cards("As"))
    assert len(cards) == 6 + 3 and weights.sum() == 6 + 1.5
    assert weighted_combos(parse_range("KK"))[0].shape == (6, 2)
