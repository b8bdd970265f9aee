"""What a range makes on a board: worked boards counted by hand, and every combo of random
boards against a per-combo brute force (the separate oracle's ranking, and the draws
counted card by card)."""

import numpy as np
import pytest

from pysolver import evaluate
from pysolver.core._cards import parse_cards
from pysolver.core._errors import CardCountError, DuplicateCardError, RangeError
from pysolver.core._ranges import COMBOS
from pysolver.evaluator._lookup import category
from pysolver.odds._texture import texture
from pysolver.odds._texture_report import DRAWS
from tests.helpers.strength_oracle import rank_hand
from tests.helpers.variant_brute import CATEGORIES

STRAIGHTS = [set(range(low, low + 5)) for low in range(9)] + [{12, 0, 1, 2, 3}]
THREES = {2: "set", 1: "trips", 0: "board_trips"}


def idx(text):
    return [c.index for c in parse_cards(text)]


def test_a_dry_king_high_flop_counted_by_hand():
    # QQ+, AK, JTs, 76s on Ks 7h 2d. Card removal: the Ks takes 1 of the 4 AKs (AsKs) and 3 of
    # the 12 AKo (AcKs AdKs AhKs), and 3 of the 6 KK; the 7h takes 7h6h of the 76s.
    # - AK: 3 + 9 = 12 combos, each a pair of kings with an ace: top pair.
    # - KK: 3 combos, the third king with the Ks: a set.  AA: 6 combos above the king: overpair.
    # - QQ: 6 combos, between the king and the seven: middle pair (a pocket pair between the
    #   top and the bottom board card).  76s: 3 combos pairing the seven: middle pair.
    # - JTs: 4 combos of jack high: high card (no straight draw: J T with K 7 2 needs two cards).
    # Backdoor flushes (three of a suit with a hole card, flop only): AhKh and JhTh with the 7h,
    # AdKd, JdTd and 7d6d with the 2d, JsTs and 7s6s with the Ks: 7 combos (AcKc, JcTc, 7c6c
    # have one club). Nothing else draws: no four of a suit, no two-card gap to a straight,
    # and no combo is two overcards (only AK would be, and it paired).
    r = texture("QQ+, AK, JTs, 76s", "Ks 7h 2d")
    assert r.combos == 34
    made = {k: r.count(k) for k in r.kinds if r.count(k)}
    assert made == {"set": 3, "overpair": 6, "top_pair": 12, "middle_pair": 9, "high_card": 4}
    assert r.by_class("top_pair") == {"AKs": 3, "AKo": 9}
    assert r.by_class("set") == {"KK": 3}
    assert r.by_class("middle_pair") == {"QQ": 6, "76s": 3}
    assert {k: r.count(k) for k in DRAWS if r.count(k)} == {"backdoor_flush_draw": 7}
    assert r.by_class("backdoor_flush_draw") == {"AKs": 2, "JTs": 3, "76s": 2}
    assert r.share("top_pair") == pytest.approx(12 / 34)


def test_a_wet_turn_counted_by_hand():
    # 9h 8h 2c 3d. JTs: J T 9 8 wants a 7 or a queen (8 outs): open-ended, 4 combos; JhTh also
    # holds four hearts: a flush draw and so a combo draw. T7s: 7 8 9 T wants a 6 or a jack.
    # QJs: Q J 9 8 wants only a ten: a gutshot. A5s: A 5 with 2 3 wants a four (the wheel).
    # 54s: 5 4 with 3 2 wants an ace or a six: open-ended. AKo, QJs, JTs: both cards above the
    # nine and no pair: two overcards. Nothing is a backdoor draw on the turn.
    r = texture("JTs, T7s, QJs, A5s, 54s, AKo", "9h 8h 2c 3d")
    assert r.by_class("open_ended") == {"JTs": 4, "T7s": 4, "54s": 4}
    assert r.by_class("gutshot") == {"QJs": 4, "A5s": 4}
    assert r.by_class("flush_draw") == {"JTs": 1, "T7s": 1, "QJs": 1, "A5s": 1, "54s": 1}
    assert r.count("combo_draw") == 5 and r.count("backdoor_flush_draw") == 0
    assert r.by_class("two_overcards") == {"QJs": 4, "JTs": 4, "AKo": 12}
    assert r.count("high_card") == r.combos == 32


def test_made_hands_beat_their_own_draws():
    # 6h7h on 8h 9h Tc: a straight made (no straight draw counted) with a flush draw (four
    # hearts); Ah2h on Kh 7h 3h: a flush made, so no flush draw.
    made = texture("6h7h", "8h 9h Tc")
    assert made.count("straight") == 1 and made.count("open_ended") == made.count("gutshot") == 0
    assert made.count("flush_draw") == 1
    flush = texture("Ah2h", "Kh 7h 3h")
    assert flush.count("flush") == 1 and flush.count("flush_draw") == 0
    # the board's straight needs no hole card: no draw (6 7 8 9 on board, A K in hand)
    assert texture("AcKd", "6h 7s 8c 9d").count("open_ended") == 0


def test_weights_and_dead_cards():
    r = texture("0.5(AK), KK", "Ks 7h 2d", dead="Ad")
    # AK: 12 left after the Ks, 3 more gone with the Ad (AdKc AdKd AdKh): 9 at weight 0.5
    assert r.count("top_pair") == 4.5 and r.count("set") == 3 and r.combos == 7.5


def test_short_deck_straights():
    # In the short deck A-6-7-8-9 is a straight: A K on 7 8 9 wants a six (a gutshot); in the
    # standard game it has no straight draw.
    assert texture("AsKd", "7c 8d 9h", rules="short_deck").count("gutshot") == 1
    assert texture("AsKd", "7c 8d 9h").count("gutshot") == 0
    r = texture("random", "7c 8d 9h", rules="short_deck")
    assert r.combos == 528  # C(33, 2): 36 cards less the board
    assert r.kinds.index("flush") < r.kinds.index("full_house")  # a flush beats a full house there


def _brute(hole, board, unseen):
    """(made kind, set of draws) of one combo, by the oracle's ranking and card by card."""
    cards = hole + board
    rank = rank_hand(cards)
    cat = rank[0] + (rank[0] == 8 and rank[1] == 12)  # a royal flush on its own
    hole_ranks, board_ranks = [c >> 2 for c in hole], sorted({c >> 2 for c in board})
    if cat == 1:
        paired = rank[1]
        if paired not in hole_ranks:
            kind = "board_pair"
        elif hole_ranks[0] == hole_ranks[1]:
            kind = "overpair" if paired > board_ranks[-1] else "underpair" if paired < board_ranks[0] else "middle_pair"
        else:
            kind = (
                "top_pair"
                if paired == board_ranks[-1]
                else "bottom_pair"
                if paired == board_ranks[0]
                else "middle_pair"
            )
    elif cat == 3:
        kind = THREES[hole_ranks.count(rank[1])]
    else:
        kind = CATEGORIES[cat]
    draws = set()
    if len(board) == 5:
        return kind, draws
    rest = [c for c in unseen if c not in hole]

    def flush_with(extra):
        together = cards + extra
        return any(sum(c & 3 == s for c in together) >= 5 and any(c & 3 == s for c in hole) for s in range(4))

    if cat < 5 and any(flush_with([c]) for c in rest):
        draws.add("flush_draw")
    # two more cards of one suit: any two of that suit do the same, so the first two of each suit
    pairs = [same[:2] for same in ([c for c in rest if c & 3 == s] for s in range(4)) if len(same) > 1]
    if cat < 5 and len(board) == 3 and "flush_draw" not in draws and any(flush_with(p) for p in pairs):
        draws.add("backdoor_flush_draw")
    completing = {
        c >> 2
        for c in rest
        if any(run <= {x >> 2 for x in cards + [c]} and not run <= {x >> 2 for x in board + [c]} for run in STRAIGHTS)
    }
    if cat < 4 and len(completing) >= 2:
        draws.add("open_ended")
    if cat < 4 and len(completing) == 1:
        draws.add("gutshot")
    if cat == 0 and min(hole_ranks) > board_ranks[-1]:
        draws.add("two_overcards")
    if "flush_draw" in draws and draws & {"open_ended", "gutshot"}:
        draws.add("combo_draw")
    return kind, draws


@pytest.mark.parametrize("seed, size", [(1, 3), (2, 3), (3, 4), (4, 4), (5, 5)])
def test_every_combo_against_brute_force(seed, size):
    rng = np.random.default_rng(900 + seed)
    board = rng.choice(52, size=size, replace=False).tolist()
    dead = [c for c in rng.choice(52, size=2, replace=False).tolist() if c not in board][:1]
    report = texture("random", board, dead=dead)
    unseen = [c for c in range(52) if c not in board + dead]
    assert report.combos == len(unseen) * (len(unseen) - 1) // 2
    counts: dict = {}
    for (a, b), made, row in zip(report.hands.tolist(), report.made, report.draws):
        kind, draws = _brute([a, b], board, unseen)
        assert report.kinds[made] == kind, (a, b)
        assert {d for d, on in zip(DRAWS, row) if on} == draws, (a, b)
        # the evaluator, one hand at a time, names the same category
        assert category(evaluate([a, b] + board)).snake in (kind, "pair", "three_of_a_kind")
        for name in [kind, *draws]:
            counts[name] = counts.get(name, 0) + 1
    assert {k: report.count(k) for k in report.kinds + DRAWS if report.count(k)} == counts


def test_per_class_counts_add_up():
    r = texture("top 25%, 0.5(76s-54s)", "Jd Th 4d 9c")
    table = r.class_table()
    assert table[: len(r.kinds)].sum(axis=0) == pytest.approx(r.class_counts())
    d = r.to_dict()
    assert sum(c["combos"] for c in d["classes"].values()) == pytest.approx(r.combos)
    assert len(d["hands"]) == len(r.indices) and d["board"] == ["Jd", "Th", "4d", "9c"]
    assert sum(d["made"].values()) == pytest.approx(r.combos)
    assert np.array_equal(COMBOS[r.indices], r.hands)


@pytest.mark.parametrize(
    "call, error, text",
    [
        (lambda: texture("AA", "Ks 7h"), CardCountError, "Ks 7h"),
        (lambda: texture("AA", ""), CardCountError, "board ''"),
        (lambda: texture("AsKs", "As 7h 2d"), DuplicateCardError, "As"),
        (lambda: texture("AA", "As Ah Ad"), RangeError, "no combo is left"),
        (lambda: texture("AKx", "As Ah Ad"), RangeError, "AKx"),
        (lambda: texture("AA", "Ks 7h 2d").count("nuts"), RangeError, "nuts"),
    ],
)
def test_bad_input(call, error, text):
    with pytest.raises(error, match=text):
        call()
