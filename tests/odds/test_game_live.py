"""Live cards in a game's equity: of each rank and suit a known player holds, the cards still to come.

Worked by hand: the deck less every known hand, the board and the dead cards, counted by rank and
by suit.
"""

import json

from pysolver import equity


def test_a_stud_players_live_cards_leave_out_every_card_shown_and_dead():
    # Kh Kd 7h against Ks 2h 3c 9h, 7c and 2s dead: one king left, two sevens; of the hearts,
    # 13 less Kh 7h 2h 9h; of the diamonds, 13 less Kd
    r = equity(["Kh Kd 7h", "Ks 2h 3c 9h"], dead="7c 2s", rules="stud", trials=2000, seed=1)
    first, second = (p.live for p in r.players)
    assert first.ranks == {"K": 1, "7": 2} and first.suits == {"h": 9, "d": 12}
    # nines: 9h is the player's own; twos: 2h own, 2s dead; threes: 3c own
    assert second.ranks == {"K": 1, "9": 3, "3": 3, "2": 2}
    assert second.suits == {"h": 9, "c": 11, "s": 11}  # clubs less 3c 7c; spades less Ks 2s
    assert str(r).splitlines()[-1] == (
        "live cards: player 0 K 1, 7 2; h 9, d 12 | player 1 K 1, 9 3, 3 3, 2 2; h 9, c 11, s 11"
    )
    assert json.loads(json.dumps(r.to_dict()))["players"][0]["live"] == {
        "ranks": {"K": 1, "7": 2},
        "suits": {"h": 9, "d": 12},
    }
    assert "live cards: player 0" in r._repr_html_()


def test_a_random_player_or_a_list_has_no_live_cards_and_a_board_game_prints_none():
    r = equity(["Ah 2d 3c", "random"], rules="razz", trials=2000, seed=1)
    assert r.players[0].live.ranks == {"A": 3, "3": 3, "2": 3} and r.players[1].live is None
    board = equity(["Ah 3h Kd Qd", "As 2s 9c 9d"], "2c 5d 8h Kc", rules="omaha_hi_lo")
    assert board.players[0].live.ranks["K"] == 2  # Kd its own, Kc on the board: Kh and Ks to come
    assert "live cards" not in str(board)
