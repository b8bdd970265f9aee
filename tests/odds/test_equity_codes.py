"""The tables the grouped path reads per combo (pysolver.odds._combo_codes), the grouped path and the
counting of one random opponent against the brute force (tests/helpers/equity_brute.py) on seeded random
questions with many suited cards, and the readings of text that are kept from call to call."""

from itertools import combinations

import numpy as np
import pytest

from pysolver.core import COMBOS, combo_mask
from pysolver.core._cards import parse_cards
from pysolver.core._errors import PokerInputError
from pysolver.core._situation import Situation
from pysolver.odds._combo_codes import (
    CODE_HELD,
    CODE_KEY,
    CODE_OFF,
    CODE_RANKS,
    COMBO_BITS,
    COMBO_CODE,
    COMBO_GROUP,
    GROUP_COUNTS,
    GROUP_KEY,
)
from pysolver.odds._equity import equity
from pysolver.odds._exact.counting import hero_against_one
from pysolver.odds._exact.grouped import exact_grouped
from pysolver.odds._hand_tables import RANK_WEIGHTS
from pysolver.odds._model import Player
from tests.helpers.equity_brute import brute_equity


def test_the_code_tables_say_what_each_combo_holds():
    for index, (low, high) in enumerate(COMBOS.tolist()):
        ranks = [low >> 2, high >> 2]
        assert COMBO_BITS[index] == (1 << low) | (1 << high)
        assert GROUP_KEY[COMBO_GROUP[index]] == RANK_WEIGHTS[ranks].sum()
        assert GROUP_COUNTS[COMBO_GROUP[index]].tolist() == np.bincount(ranks, minlength=13).tolist()
        for suit in range(4):
            code = COMBO_CODE[suit, index]
            on = [card >> 2 for card in (low, high) if card & 3 == suit]
            off = [card >> 2 for card in (low, high) if card & 3 != suit]
            assert CODE_HELD[code] == len(on)
            assert CODE_RANKS[code] == sum(1 << rank for rank in on)
            assert CODE_OFF[code].tolist() == np.bincount(off, minlength=13).tolist()
            assert CODE_KEY[code] == RANK_WEIGHTS[ranks].sum()


def _suited_deck(rng):
    """A shuffled deck whose first eight cards are six of one suit and two others, so that boards
    make flushes."""
    deck = rng.permutation(52)
    suit = int(rng.integers(4))
    suited, others = [c for c in deck if c & 3 == suit], [c for c in deck if c & 3 != suit]
    return np.array(rng.permutation(suited[:6] + others[:2]).tolist() + suited[6:] + others[2:])


@pytest.mark.parametrize("seed", range(8))
def test_grouped_matches_the_brute_force_on_suited_boards(seed):
    rng = np.random.default_rng(700 + seed)
    deck = _suited_deck(rng)
    board_size = 5 if seed % 2 else 4
    board, dead = np.sort(deck[:board_size]), np.sort(deck[board_size : board_size + seed % 3])
    known = set(board.tolist()) | set(dead.tolist())
    live = np.flatnonzero([not (set(c) & known) for c in COMBOS.tolist()])
    suited = [i for i in live if COMBOS[i, 0] & 3 == COMBOS[i, 1] & 3]
    seats = []
    for _ in range(2 + seed % 2):
        picked = rng.choice(suited, 2, replace=False).tolist() + rng.choice(live, 2, replace=False).tolist()
        seats.append((COMBOS[picked], rng.choice([0.5, 1.0], len(picked))))
    tally = exact_grouped([Player("", *seat) for seat in seats], board, dead)
    wins, ties, deals = np.zeros(len(seats)), np.zeros(len(seats)), 0.0
    for choice in np.ndindex(*[len(combos) for combos, _ in seats]):
        holes = [tuple(seats[p][0][i].tolist()) for p, i in enumerate(choice)]
        if len({c for hole in holes for c in hole}) < 2 * len(holes):
            continue
        weight = np.prod([seats[p][1][i] for p, i in enumerate(choice)])
        found, _, n = brute_equity(holes, board.tolist(), dead.tolist())
        wins += weight * np.array([f[0] for f in found])
        ties += weight * np.array([f[1] for f in found])
        deals += weight * n
    assert tally.deals == deals
    assert tally.wins.tolist() == wins.tolist() and tally.ties.tolist() == ties.tolist()


def _brute_one_random(hero, board, dead):
    """[wins, ties] per seat (the hero first) and the deals, every holding of the cards left."""
    left = [c for c in range(52) if c not in set(hero) | set(board) | set(dead)]
    wins, ties, deals = np.zeros(2), np.zeros(2), 0
    for holding in combinations(left, 2):
        found, _, n = brute_equity([tuple(hero), holding], board, dead)
        wins += [f[0] for f in found]
        ties += [f[1] for f in found]
        deals += n
    return wins, ties, deals


@pytest.mark.parametrize("seed", range(6))
def test_one_random_opponent_counted_matches_the_brute_force(seed):
    """Small decks (the rest dead), a suit over-represented, before the flop and after it."""
    rng = np.random.default_rng(800 + seed)
    deck = _suited_deck(rng)
    board_size = [0, 3, 4][seed % 3]
    hero, board = deck[:2].tolist(), sorted(deck[2 : 2 + board_size].tolist())
    alive = deck[2 + board_size : 2 + board_size + (9 if board_size == 0 else 11)].tolist()
    dead = sorted(set(range(52)) - set(hero) - set(board) - set(alive))
    seat = seed % 2
    tally = hero_against_one(np.array(hero), np.array(board, dtype=np.int64), np.array(dead), seat)
    wins, ties, deals = _brute_one_random(hero, board, dead)
    order = [0, 1] if seat == 0 else [1, 0]
    assert tally.deals == deals
    assert tally.wins.tolist() == wins[order].tolist() and tally.ties.tolist() == ties[order].tolist()


def test_text_read_once_gives_the_same_answers_and_faults():
    first = Situation.of(["QQ+, AKs", "AhKh"], "Ks 7h 2d", ranges=True)
    again = Situation.of(["QQ+, AKs", "AhKh"], "Ks 7h 2d", ranges=True)
    assert first == again and first.players[0] is again.players[0]
    assert not first.players[0].weights.flags.writeable
    assert parse_cards("Ks 7h 2d") == parse_cards(["Ks", "7h", "2d"])
    for _ in range(2):  # a fault is raised every time, never kept
        with pytest.raises(PokerInputError):
            equity(["QQ+, AKx", "random"], "Ks 7h 2d")
        with pytest.raises(PokerInputError):
            parse_cards("Ks Ks")
    mask = combo_mask(parse_cards("Ks 7h"))
    assert not mask.flags.writeable and mask.sum() == 1326 - 101


@pytest.mark.parametrize(
    "players, board, dead",
    [
        (["QQ+, AKs", "JJ, TT, 99, AQs"], "Ks 7h 2d", ""),  # a rainbow flop
        (["AhKh, 0.5(QhJh), 9c9d", "AsQs, Th9h, 0.5(7c7d)"], "Ah 7h 2h", "3c"),  # a monotone flop
        (["AK", "QQ", "JTs"], "", ""),  # three players before the flop
    ],
)
def test_grouped_counts_alike_in_blocks_of_any_size(players, board, dead, monkeypatch):
    """The showdowns valued and counted in small blocks, and the flush corrections filtered to the
    boards where a flush counts, give the same counts as all at once."""
    import pysolver.odds._exact.grouped as grouped

    situation = Situation.of(players, board, dead=dead, ranges=True)
    known = list(situation.fixed_cards)
    seats = [seat.weighted_combos(known) for seat in situation.players]
    cards = np.array([c.index for c in situation.board], dtype=np.int64)
    gone = np.array([c.index for c in situation.dead], dtype=np.int64)
    seats = [Player("", *seat) for seat in seats]
    whole = exact_grouped(seats, cards, gone)
    steps = []
    monkeypatch.setattr(grouped, "BLOCK", 64)
    monkeypatch.setattr(grouped, "_DENSE", 16)
    blocks = exact_grouped(seats, cards, gone, report=steps.append)
    assert (blocks.wins.tolist(), blocks.ties.tolist(), blocks.deals) == (
        whole.wins.tolist(),
        whole.ties.tolist(),
        whole.deals,
    )
    assert blocks.shares.tolist() == pytest.approx(whole.shares.tolist())
    assert len(steps) >= 16 and steps[-1] == 1.0 and steps == sorted(steps)
