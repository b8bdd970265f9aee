"""``rule_diff`` and ``pysolver rules diff``: what a change of rules does, checked by counts
known independently (published five-card counts, counting by hand, and the standard
evaluator with the change applied by hand)."""

import json

import numpy as np
import pytest

from pysolver import Category, PokerInputError, equity, evaluate_batch, parse_cards
from pysolver.cli import main
from pysolver.crossval._dealer import deal_skewed
from pysolver.crossval._rulediff.diff import combinations_array, rule_diff
from pysolver.crossval._rulediff.matchups import parse_matchup
from pysolver.evaluator._lookup import categories

# Five-card poker hands of a 52-card deck, (hands, classes) by category, as published
# (e.g. Wikipedia, "Poker probability"; 7,462 classes in all).
STANDARD = {
    "royal_flush": (4, 1),
    "straight_flush": (36, 9),
    "four_of_a_kind": (624, 156),
    "full_house": (3744, 156),
    "flush": (5108, 1277),
    "straight": (10200, 10),
    "three_of_a_kind": (54912, 858),
    "two_pair": (123552, 858),
    "pair": (1098240, 2860),
    "high_card": (1302540, 1277),
}


@pytest.fixture(scope="module")
def flipped():
    return rule_diff("standard", "flush_beats_full_house", showdowns=20_000, seed=11, examples=3)


def fbfh_key(values: np.ndarray) -> np.ndarray:
    """Five-card values of the standard evaluator re-ordered by hand: flushes above full houses."""
    cats = categories(values)
    out = values.astype(np.int64).copy()
    out[cats == Category.FLUSH] += 156  # above the 156 full-house classes
    out[cats == Category.FULL_HOUSE] -= 1277  # below the 1,277 flush classes
    return out


def fbfh_best(hands: np.ndarray) -> np.ndarray:
    """The best of the 21 five-card subsets of each 7-card hand, flushes above full houses
    (a hand holding both plays its flush)."""
    subsets = hands[:, combinations_array(7, 5)]  # (N, 21, 5)
    return fbfh_key(evaluate_batch(subsets.reshape(-1, 5))).reshape(len(hands), 21).max(axis=1)


def test_a_flush_above_a_full_house_moves_every_flush_and_full_house_and_nothing_else(flipped):
    assert dict(flipped.counts[0]) == dict(flipped.counts[1]) == STANDARD
    classes = flipped.classes
    assert classes.hands == 2_598_960 and classes.classes == 7462
    assert classes.by_category == {"full_house": 156, "flush": 1277}
    assert classes.moved == 156 + 1277 and classes.hands_moved == 3744 + 5108
    assert classes.swapped_pairs == 156 * 1277  # every flush with every full house
    assert (classes.splits, classes.merges, classes.recategorised) == (0, 0, {})
    assert all(
        ex["lower"]["a"].startswith("Flush") and ex["higher"]["a"].startswith("Full house") for ex in classes.examples
    )
    assert flipped.orders[1][3:5] == ("flush", "full_house")


def test_the_showdowns_that_change_are_counted_by_hand(flipped):
    dealt = deal_skewed(20_000, 2, 5, 11)
    values = evaluate_batch(dealt.hands().reshape(40_000, 7)).reshape(20_000, 2)
    keys = fbfh_best(dealt.hands().reshape(40_000, 7)).reshape(20_000, 2)
    before = values == values.max(axis=1, keepdims=True)
    after = keys == keys.max(axis=1, keepdims=True)
    changed = int((before != after).any(axis=1).sum())
    shown = flipped.showdowns
    assert changed > 0 and shown.changed == changed and shown.seed == 11
    assert sum(shown.kinds.values()) == changed
    for under_a, under_b in shown.examples:  # explained under both: full house against flush
        assert under_a.winners != under_b.winners
        verdict_a = under_a.explanation.verdicts[0]
        verdict_b = under_b.explanation.verdicts[0]
        assert verdict_a.decided_by == verdict_b.decided_by == "category"
        assert verdict_a.values == (Category.FULL_HOUSE, Category.FLUSH)
        assert verdict_b.values == (Category.FLUSH, Category.FULL_HOUSE)


def test_the_equity_of_a_flush_draw_against_a_set_is_counted_by_hand(flipped):
    # AhKh against 7c7d on 7h 9h Ts: every turn and river, valued with flushes above full houses.
    board = np.array([c.index for c in parse_cards("7h 9h Ts")])
    holes = np.array([[c.index for c in parse_cards(h)] for h in ("AhKh", "7c7d")])
    rest = np.setdiff1d(np.arange(52), np.r_[board, holes.ravel()])
    runouts = rest[combinations_array(len(rest), 2)]
    hands = [
        np.concatenate(
            [np.broadcast_to(h, (len(runouts), 2)), np.broadcast_to(board, (len(runouts), 3)), runouts], axis=1
        )
        for h in holes
    ]
    keys = np.stack([fbfh_best(h) for h in hands], axis=1)
    best = keys == keys.max(axis=1, keepdims=True)
    share = (best / best.sum(axis=1, keepdims=True)).mean(axis=0)
    [matchup] = [m for m in flipped.matchups if m.players == ("AhKh", "7c7d")]
    assert matchup.equities[1] == pytest.approx(tuple(share), abs=1e-12)
    assert matchup.equities[0] == pytest.approx(tuple(p.equity for p in equity(["AhKh", "7c7d"], "7h 9h Ts").players))


@pytest.mark.heavy
def test_wrap_around_straights_counted_by_hand():
    # K-A-2-3-4 and Q-K-A-2-3 become straights: 4^5 = 1,024 suitings each, 4 of them flushes.
    diff = rule_diff("standard", add=["examples/wraparound.lp"], showdowns=0, named=False)
    b = diff.counts[1]
    assert b["straight"] == (10200 + 2 * 1020, 12) and b["straight_flush"] == (36 + 2 * 4, 11)
    assert b["high_card"] == (1302540 - 2 * 1020, 1275) and b["flush"] == (5108 - 2 * 4, 1275)
    assert diff.classes.recategorised == {"high_card -> straight": 2, "flush -> straight_flush": 2}
    assert diff.b == "standard + examples/wraparound.lp" and diff.showdowns.showdowns == 0


def test_the_two_short_deck_conventions():
    # 36 cards: 6 straights of 4^5 - 4 = 1,020 hands; trips 9 ranks * 4 suits * C(8, 2) * 16 = 16,128.
    diff = rule_diff(
        "short_deck",
        "short_deck_straight_beats_trips",
        showdowns=3000,
        players=3,
        seed=2,
        named=False,
        matchups=["AhKh vs QsQd"],
    )
    assert diff.counts[0]["straight"] == diff.counts[1]["straight"] == (6120, 6)
    assert diff.counts[0]["three_of_a_kind"] == (16128, 252)
    assert diff.classes.hands == 376_992
    assert diff.classes.by_category == {"three_of_a_kind": 252, "straight": 6}
    assert diff.classes.swapped_pairs == 252 * 6 and diff.classes.hands_moved == 16128 + 6120
    assert diff.showdowns.changed > 0
    [matchup] = diff.matchups
    assert matchup.equities[0][0] == pytest.approx(equity(["AhKh", "QsQd"], rules="short_deck").players[0].equity)


def test_the_short_deck_is_dealt_against_the_full_deck():
    diff = rule_diff("standard", "short_deck", showdowns=500, seed=3, examples=1, named=False)
    assert diff.classes.hands == 376_992  # the hands both decks hold
    assert diff.counts[0]["flush"] == (5108, 1277) and diff.counts[1]["flush"] == (480, 120)
    ((under_a, _),) = diff.showdowns.examples
    assert all(c.rank >= 4 for c in under_a.deal.cards)  # dealt from six through ace


def test_bad_input():
    with pytest.raises(PokerInputError, match="' vs '"):
        parse_matchup("AhKh QsQd")
    with pytest.raises(PokerInputError, match="showdowns -1"):
        rule_diff("standard", "flush_beats_full_house", showdowns=-1)


@pytest.mark.heavy
def test_the_command(capsys):
    argv = [
        "rules",
        "diff",
        "standard",
        "flush_beats_full_house",
        "--showdowns",
        "2000",
        "--seed",
        "5",
        "--examples",
        "1",
        "--no-named",
        "--matchup",
        "AhKh vs 7c7d on 7h 9h Ts",
    ]
    assert main(argv + ["--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["rules", "category_order", "categories", "classes", "showdowns", "equity"]
    assert data["rules"] == ["standard", "flush_beats_full_house"] and data["showdowns"]["seed"] == 5
    assert data["classes"]["moved_by_category"] == {"full_house": 156, "flush": 1277}
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.startswith("rules diff: standard -> flush_beats_full_house\n")
    assert "1,433 of 7,462 classes change places, holding 8,852 hands" in out
    assert main(["rules", "diff", "standard", "nowhere.lp"]) == 2
    assert main(["rules", "--rules", "short_deck"]) == 0 and "hand classes: 1,404" in capsys.readouterr().out


def test_a_rule_diff_reports_its_parts_and_stops_when_told():
    seen = []
    rule_diff("standard", "short_deck", showdowns=200, seed=1, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, seen[0][1]) and seen[-1] == (seen[0][1], seen[0][1])
    assert [done for done, _ in seen] == list(range(seen[0][1] + 1))

    def stop(done, total):
        if done:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        rule_diff("standard", "short_deck", showdowns=200, seed=1, progress=stop)
