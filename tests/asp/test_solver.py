"""Known showdowns, each worked out by hand, solved by the ASP encodings.

Tie-break ranks use the project convention (0 = two .. 12 = ace, see
pysolver/categories.py): A=12 K=11 Q=10 J=9 T=8 9=7 8=6 7=5 6=4 5=3 4=2 3=1 2=0.
"""

import pytest

from pysolver import Category, Deal, format_cards, solve_showdown
from pysolver.asp._codec import tiebreak_from_value
from pysolver.asp._solver import Solver

A, K, Q, J, T, N9, N8, N7, N6, N5, N4, N3, N2 = range(12, -1, -1)


def hand(result, player):
    h = result.players[player]
    return h.category, h.tiebreak, format_cards(h.best_five)


# (holes, board, player, category, tie-break, best five in reading order, description)
CASES = [
    # royal flush: A K of hearts with Q J T of hearts on the board
    (["Ah Kh", "2c 2d"], "Qh Jh Th 3s 4d", 0, Category.ROYAL_FLUSH, (A,), "Ah Kh Qh Jh Th", "Royal flush"),
    # straight flush 5-9 of hearts
    (
        ["9h 8h", "Ac Ad"],
        "7h 6h 5h Kc 2d",
        0,
        Category.STRAIGHT_FLUSH,
        (N9,),
        "9h 8h 7h 6h 5h",
        "Straight flush, Nine high",
    ),
    # steel wheel: A-2-3-4-5 of diamonds is a five-high straight flush, the ace plays low
    (
        ["Ad 2d", "Kh Kc"],
        "3d 4d 5d Ks Qs",
        0,
        Category.STRAIGHT_FLUSH,
        (N5,),
        "5d 4d 3d 2d Ad",
        "Straight flush, Five high",
    ),
    # quads, king kicker from the board
    (
        ["Ac Ad", "Kc Qc"],
        "Ah As Kd 7c 2s",
        0,
        Category.FOUR_OF_A_KIND,
        (A, K),
        "As Ah Ad Ac Kd",
        "Four of a kind, Aces, King kicker",
    ),
    # full house, kings full of sevens
    (
        ["Kh Ks", "7h 2h"],
        "Kd 7c 7d 2s 3h",
        0,
        Category.FULL_HOUSE,
        (K, N7),
        "Ks Kh Kd 7d 7c",
        "Full house, Kings full of Sevens",
    ),
    # ... and the other player: sevens full of twos (7h 7d 7c 2s 2h)
    (
        ["Kh Ks", "7h 2h"],
        "Kd 7c 7d 2s 3h",
        1,
        Category.FULL_HOUSE,
        (N7, N2),
        "7h 7d 7c 2s 2h",
        "Full house, Sevens full of Twos",
    ),
    # two trips make a full house: eights full of fives, the pair taken from the trips
    (
        ["8c 8d", "Ac Kd"],
        "8h 5c 5d 5h Kc",
        0,
        Category.FULL_HOUSE,
        (N8, N5),
        "8h 8d 8c 5h 5d",
        "Full house, Eights full of Fives",
    ),
    # flush, ace high
    (
        ["Ah 2h", "Kc Kd"],
        "Kh 9h 4h 3c Jd",
        0,
        Category.FLUSH,
        (A, K, N9, N4, N2),
        "Ah Kh 9h 4h 2h",
        "Flush, Ace-King-Nine-Four-Two",
    ),
    # seven hearts: the best five of them
    (
        ["Ah 2h", "Qh 5c"],
        "Kh 9h 4h 3h 7h",
        0,
        Category.FLUSH,
        (A, K, N9, N7, N4),
        "Ah Kh 9h 7h 4h",
        "Flush, Ace-King-Nine-Seven-Four",
    ),
    # six hearts for the second player: K Q 9 7 4 of hearts (3h does not play)
    (
        ["Ah 2h", "Qh 5c"],
        "Kh 9h 4h 3h 7h",
        1,
        Category.FLUSH,
        (K, Q, N9, N7, N4),
        "Kh Qh 9h 7h 4h",
        "Flush, King-Queen-Nine-Seven-Four",
    ),
    # broadway straight
    (["As Ks", "2h 2d"], "Qd Jc Th 2s 3d", 0, Category.STRAIGHT, (A,), "As Ks Qd Jc Th", "Straight, Ace high"),
    # the wheel: five high, ace low
    (["As 2c", "Kh Kd"], "3d 4h 5s Kc 9d", 0, Category.STRAIGHT, (N5,), "5s 4h 3d 2c As", "Straight, Five high"),
    # six connected faces 3-8: the eight-high straight
    (["9d Th", "4d 3c"], "5c 6d 7h 8s Kc", 1, Category.STRAIGHT, (N8,), "8s 7h 6d 5c 4d", "Straight, Eight high"),
    # seven connected faces 5-T... with 9 T: ten high
    (["9d Th", "4d 3c"], "5c 6d 7h 8s Kc", 0, Category.STRAIGHT, (T,), "Th 9d 8s 7h 6d", "Straight, Ten high"),
    # three of a kind
    (
        ["Qc Qd", "Ac Kd"],
        "Qh 9c 5d 3s 2h",
        0,
        Category.THREE_OF_A_KIND,
        (Q, N9, N5),
        "Qh Qd Qc 9c 5d",
        "Three of a kind, Queens, Nine-Five kickers",
    ),
    # two pair
    (
        ["Ac Kd", "Qc Qd"],
        "As Kh 7c 4d 2s",
        0,
        Category.TWO_PAIR,
        (A, K, N7),
        "As Ac Kh Kd 7c",
        "Two pair, Aces and Kings, Seven kicker",
    ),
    # AA KK QQ 3: the third pair counterfeits the kicker, a queen plays
    (
        ["Ah Ad", "Jc Jd"],
        "Kc Kd Qh Qs 3c",
        0,
        Category.TWO_PAIR,
        (A, K, Q),
        "Ah Ad Kd Kc Qs",
        "Two pair, Aces and Kings, Queen kicker",
    ),
    # one pair
    (
        ["Ac 8d", "Kc Qd"],
        "As Kh 7c 4d 2s",
        0,
        Category.PAIR,
        (A, K, N8, N7),
        "As Ac Kh 8d 7c",
        "Pair of Aces, King-Eight-Seven kickers",
    ),
    # high card
    (
        ["Ac 8d", "6c 5d"],
        "Kh Jc 7d 4s 2h",
        0,
        Category.HIGH_CARD,
        (A, K, J, N8, N7),
        "Ac Kh Jc 8d 7d",
        "High card, Ace-King-Jack-Eight-Seven",
    ),
    # before the flop: the best hand of two cards
    (["As Ks", "Qh Qd"], "", 1, Category.PAIR, (Q,), "Qh Qd", "Pair of Queens"),
    (["As Ks", "Qh Qd"], "", 0, Category.HIGH_CARD, (A, K), "As Ks", "High card, Ace-King"),
    # on the flop: best of five cards
    (
        ["As Ks", "Qh Qd"],
        "Js Ts 2c",
        1,
        Category.PAIR,
        (Q, J, T, N2),
        "Qh Qd Js Ts 2c",
        "Pair of Queens, Jack-Ten-Two kickers",
    ),
]


@pytest.mark.parametrize("holes, board, player, category, tiebreak, best, description", CASES)
def test_known_hand(holes, board, player, category, tiebreak, best, description):
    result = solve_showdown(holes, board)
    assert hand(result, player) == (category, tiebreak, best)
    assert result.players[player].description == description


# (holes, board, winners) worked by hand
OUTCOMES = [
    (["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d", (1,)),  # a pair beats ace high
    (["As 2c", "6c 7d"], "3d 4h 5s Kc 9d", (1,)),  # the wheel is the lowest straight
    (["Ah Kh", "2c 2d"], "Qh Jh Th 3s 4d", (0,)),  # royal flush
    (["9d Th", "4d 3c"], "5c 6d 7h 8s Kc", (0,)),  # ten-high beats eight-high straight
    (["Ah 2h", "Qh 5c"], "Kh 9h 4h 3h 7h", (0,)),  # ace-high flush beats king-high
    (["Ah Ad", "Jc Jd"], "Kc Kd Qh Qs 3c", (0,)),  # AAKK-Q beats KKQQ-J
    (["2c 3d", "4h 5s"], "Ac Kd Qh Js Tc", (0, 1)),  # the board plays: a tie
    (["2c 3d", "4h 5s"], "9c 9d 9h 9s Ac", (0, 1)),  # quads on board, ace kicker from board
    (["7c 7d", "Kd Qd"], "7h 7s Ac 3d 2c", (0,)),  # quads, kicker from the board
    (["Ac 9d", "Ad 8c"], "Ah Kc Qd 7s 3h", (0,)),  # decided on the fifth card: 9 over 8
    (["Ac 6d", "As 5c"], "Kh Jc 7d 4s 2h", (0,)),  # high card, fifth card 6 over 5
    (["Ac 4d", "As 3c"], "Kh Jc 7d 6s 5h", (0, 1)),  # sixth and seventh cards do not play
    (["8c 8d", "5s Kh"], "8h 5c 5d 5h Kc", (1,)),  # fives full of kings... vs quads fives
    (["As Ks", "Qh Qd"], "", (1,)),  # preflop: the pair wins
]


@pytest.mark.parametrize("holes, board, winners", OUTCOMES)
def test_known_outcome(holes, board, winners):
    result = solve_showdown(holes, board)
    assert result.winners == winners
    assert result.outcome == ("tie" if len(winners) > 1 else "win")


def test_quads_on_board_beat_the_full_house_of_the_other_player():
    # 8c 8d on 8h 5c 5d 5h Kc: eights full of fives; 5s Kh: four fives, king kicker
    result = solve_showdown(["8c 8d", "5s Kh"], "8h 5c 5d 5h Kc")
    assert hand(result, 1)[:2] == (Category.FOUR_OF_A_KIND, (N5, K))
    assert hand(result, 0)[:2] == (Category.FULL_HOUSE, (N8, N5))


def test_nine_handed_three_way_tie():
    # Board A K Q 7 2 (two spades). Players 0, 2 and 4 each hold a jack and a
    # card below seven: A-K-Q-J-7 for all three. Everybody else is lower:
    # A-K-Q-T-9, A-K-Q-8-7, A-K-Q-T-8, A-K-Q-9-7, A-K-Q-7-5, A-K-Q-7-6.
    holes = ["Jc 3d", "Th 9h", "Jd 4c", "8c 6c", "Jh 5d", "Ts 8s", "9d 6d", "5h 4h", "6h 3c"]
    result = solve_showdown(holes, "As Ks Qd 7h 2c")
    assert result.winners == (0, 2, 4)
    assert result.is_tie and result.outcome == "tie"
    for p in (0, 2, 4):
        assert hand(result, p)[:2] == (Category.HIGH_CARD, (A, K, Q, J, N7))
        assert result.players[p].description == "High card, Ace-King-Queen-Jack-Seven"
    assert hand(result, 1)[:2] == (Category.HIGH_CARD, (A, K, Q, T, N9))
    assert hand(result, 7)[:2] == (Category.HIGH_CARD, (A, K, Q, N7, N5))


def test_many_players_and_every_board_size():
    holes = ["Ah Kh", "Qc Qd", "7s 7c", "2d 3d"]
    assert [h.category for h in solve_showdown(holes, "Qh 7h 2c").players] == [
        Category.HIGH_CARD,
        Category.THREE_OF_A_KIND,
        Category.THREE_OF_A_KIND,
        Category.PAIR,
    ]
    assert solve_showdown(holes, "Qh 7h 2c 9d").winners == (1,)  # trips queens
    assert solve_showdown(holes, "Qh 7h 2c Jh").winners == (0,)  # five hearts: A-K-Q-J-7 flush
    assert solve_showdown(holes, "Qh 7h 2c Jh 7d").winners == (2,)  # four sevens
    royal = solve_showdown(holes, "Qh 7h 2c Jh Th")
    assert royal.winners == (0,) and royal.players[0].category is Category.ROYAL_FLUSH


def test_batch_equals_one_by_one():
    deals = [Deal.parse(h, b) for h, b, *_ in CASES]
    solver = Solver(chunk_size=5)
    batch = solver.solve_batch(deals)
    assert [solver.solve(d) for d in deals] == batch
    assert [r.deal for r in batch] == deals


def test_tiebreak_from_value_reads_the_packed_value():
    # asp/tiebreak.lp: Order << 21 | lead0 << 17 | lead1 << 13 | kicker bits
    value = (6 << 21) | (K << 17) | (N7 << 13)
    assert tiebreak_from_value(Category.FULL_HOUSE, value) == (K, N7)
    value = (1 << 21) | (A << 17) | (1 << K) | (1 << N8) | (1 << N7)
    assert tiebreak_from_value(Category.PAIR, value) == (A, K, N8, N7)
    assert tiebreak_from_value(Category.STRAIGHT, (4 << 21) | (N5 << 17)) == (N5,)


def test_json_shape():
    data = solve_showdown(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d").to_dict()
    assert data == {
        "rules": "standard",
        "street": "river",
        "board": ["Js", "Ts", "2c", "7h", "3d"],
        "players": [
            {
                "player": 0,
                "hole": ["As", "Ks"],
                "category": "high_card",
                "best_five": ["As", "Ks", "Js", "Ts", "7h"],
                "tiebreak": [A, K, J, T, N7],
                "description": "High card, Ace-King-Jack-Ten-Seven",
                "share": 0.0,
            },
            {
                "player": 1,
                "hole": ["Qh", "Qd"],
                "category": "pair",
                "best_five": ["Qh", "Qd", "Js", "Ts", "7h"],
                "tiebreak": [Q, J, T, N7],
                "description": "Pair of Queens, Jack-Ten-Seven kickers",
                "share": 1.0,
            },
        ],
        "winners": [1],
        "outcome": "win",
        "pots": [
            {
                "pot": "high",
                "winners": [1],
                "hands": [
                    {
                        "category": "high_card",
                        "best_five": ["As", "Ks", "Js", "Ts", "7h"],
                        "tiebreak": [A, K, J, T, N7],
                        "description": "High card, Ace-King-Jack-Ten-Seven",
                    },
                    {
                        "category": "pair",
                        "best_five": ["Qh", "Qd", "Js", "Ts", "7h"],
                        "tiebreak": [Q, J, T, N7],
                        "description": "Pair of Queens, Jack-Ten-Seven kickers",
                    },
                ],
            }
        ],
    }
