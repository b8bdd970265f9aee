"""``pysolver showdown``: text, JSON, streets, rule files, bad input."""

import json
import subprocess
import sys

import pytest

from pysolver import VARIANTS
from pysolver.cli import main


def run(capsys, *argv):
    status = main(["showdown", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_text_output(capsys):
    status, out, err = run(capsys, "As Ks", "Qh Qd", "--board", "Js Ts 2c 7h 3d")
    assert status == 0 and err == ""
    assert out.splitlines() == [
        "board Js Ts 2c 7h 3d",
        "player 0: As Ks  best five As Ks Js Ts 7h  High card, Ace-King-Jack-Ten-Seven",
        "player 1: Qh Qd  best five Qh Qd Js Ts 7h  Pair of Queens, Jack-Ten-Seven kickers",
        "win: player 1",
    ]


def test_json_output(capsys):
    status, out, _ = run(capsys, "As Ks", "Qh Qd", "--board", "Js Ts 2c 7h 3d", "--json")
    assert status == 0
    data = json.loads(out)
    assert list(data) == ["rules", "street", "board", "players", "winners", "outcome", "pots"]
    assert data["board"] == ["Js", "Ts", "2c", "7h", "3d"] and data["street"] == "river"
    assert data["players"][0] == {
        "player": 0,
        "hole": ["As", "Ks"],
        "category": "high_card",
        "best_five": ["As", "Ks", "Js", "Ts", "7h"],
        "tiebreak": [12, 11, 9, 8, 5],
        "description": "High card, Ace-King-Jack-Ten-Seven",
        "share": 0.0,
    }
    assert data["players"][1]["category"] == "pair" and data["players"][1]["share"] == 1.0
    assert data["pots"] == [
        {
            "pot": "high",
            "winners": [1],
            "hands": [{k: p[k] for k in p if k not in ("player", "hole", "share")} for p in data["players"]],
        }
    ]
    assert data["winners"] == [1] and data["outcome"] == "win"


def test_three_players_on_the_flop_with_a_tie(capsys):
    # On Ac Kd Qh, Jc Td makes broadway; the others hold A-K-Q-5-4 and A-K-Q-5-3.
    status, out, _ = run(capsys, "Jc Td", "5h 4s", "5d 3c", "--board", "Ac Kd Qh", "--json")
    data = json.loads(out)
    assert status == 0
    assert [p["category"] for p in data["players"]] == ["straight", "high_card", "high_card"]
    assert data["winners"] == [0] and data["outcome"] == "win"
    # On Ac Kd Qh 9s, 2c 3d and 2h 3s both hold A-K-Q-9-3: a tie.
    status, out, _ = run(capsys, "2c 3d", "2h 3s", "--board", "Ac Kd Qh 9s", "--json")
    data = json.loads(out)
    assert data["winners"] == [0, 1] and data["outcome"] == "tie"


def test_tie_text(capsys):
    _, out, _ = run(capsys, "2c 3d", "4h 5s", "--board", "Ac Kd Qh Js Tc")
    assert out.splitlines()[-1] == "tie: players 0, 1 split the pot"


def test_streets(capsys):
    status, out, _ = run(capsys, "Ah Kh", "Qc Qd", "--board", "Qh 7h 2c Jh Th", "--streets", "--json")
    data = json.loads(out)
    assert [s["street"] for s in data["streets"]] == ["flop", "turn", "river"]
    assert [s["winners"] for s in data["streets"]] == [[1], [0], [0]]
    assert [s["players"][0]["category"] for s in data["streets"]] == ["high_card", "flush", "royal_flush"]
    status, out, _ = run(capsys, "Ah Kh", "Qc Qd", "--board", "Qh 7h 2c Jh Th", "--streets")
    assert status == 0 and out.startswith("flop\nboard Qh 7h 2c\n") and "\nriver\n" in out


def test_add_option(tmp_path, capsys):
    wrap = tmp_path / "wrap.lp"
    wrap.write_text("straight(four, 1, king; four, 2, ace; four, 3, two; four, 4, three; four, 5, four).\n")
    status, out, _ = run(capsys, "Kc Ad", "9d 9s", "--board", "2h 3s 4d 9c 8h", "--add", str(wrap), "--json")
    assert status == 0 and json.loads(out)["winners"] == [0]
    broken = tmp_path / "broken.lp"
    broken.write_text("oops(.\n")
    status, out, err = run(capsys, "Kc Ad", "9d 9s", "--board", "2h 3s 4d 9c 8h", "--add", str(broken))
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and f"{broken}:1:" in err and "syntax error" in err


@pytest.mark.parametrize(
    "argv, message",
    [
        (["As Kx", "Qh Qd"], "pysolver: error: invalid card 'Kx': suit must be one of c, d, h, s"),
        (
            ["As Ks", "Qh Qd", "--board", "Js Ts 2c 7h As"],
            "pysolver: error: duplicate card 'As': each card can be dealt only once",
        ),
        (["As Ks Qs", "Qh Qd"], "pysolver: error: hole cards 'As Ks Qs': a hand has 2 cards, got 3"),
        (
            ["As Ks", "Qh Qd", "--board", "Js Ts"],
            "pysolver: error: board 'Js Ts': a board has 0, 3, 4 or 5 cards, got 2",
        ),
        (["As Ks"], "pysolver: error: 1 player: this needs at least 2"),
        (
            ["As Ks", "Qh Qd", "--add", "/nonexistent/rules.lp"],
            "pysolver: error: rule file '/nonexistent/rules.lp': no such file (shipped rule books: "
            + ", ".join(VARIANTS)
            + ")",
        ),
        (
            ["As Ks", "Qh Qd", "--rules", "shortdeck"],
            "pysolver: error: rules file 'shortdeck': no such file (shipped rule books: " + ", ".join(VARIANTS) + ")",
        ),
        (
            ["As Ks", "Qh 2d", "--board", "Js Ts 6c 7h 8d", "--rules", "short_deck"],
            "pysolver: error: card '2d' is not in the short_deck deck (six through ace)",
        ),
    ],
)
def test_bad_input(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err == message + "\n"


def test_too_many_players(capsys):
    from pysolver.core._cards import deck

    cards = [str(c) for c in deck()]
    holes = [f"{cards[2 * i]} {cards[2 * i + 1]}" for i in range(24)]
    status, _, err = run(capsys, *holes)
    assert (
        status == 2 and err == "pysolver: error: 24 players: the 52-card deck deals at most 23 beside a 5-card board\n"
    )


def test_python_dash_m():
    done = subprocess.run(
        [sys.executable, "-m", "pysolver", "showdown", "As Ks", "Qh Qd", "--board", "Js Ts 2c 7h 3d", "--json"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert json.loads(done.stdout)["winners"] == [1]


def test_a_games_json_has_its_pots_and_shares(capsys):
    status, out, _ = run(
        capsys, "Ah 3h Kd Qd", "As 3s 9c 9d", "--board", "2c 5d 8h Kc Ks", "--rules", "omaha_hi_lo", "--json"
    )
    data = json.loads(out)
    assert status == 0 and [pot["pot"] for pot in data["pots"]] == ["high", "low"]
    assert [pot["winners"] for pot in data["pots"]] == [[0], [0, 1]]  # a tied low: quartered
    assert [p["share"] for p in data["players"]] == [0.75, 0.25] and data["outcome"] == "split"
    assert data["pots"][1]["hands"][0]["description"] == "8-5-3-2-A low"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["As Ks", "7h 7d 3c 4d", "--board", "5c 6s 8h Jd 2d", "--rules", "omaha"],
            "omaha deals 4 hole cards; player 0 has 2",
        ),
        (
            ["2c 3c 4c 5c 6c", "7d 8d 9d Td Jd", "--board", "Ah Kh Qh", "--rules", "deuce_to_seven"],
            "deuce_to_seven has no board",
        ),
    ],
)
def test_a_game_refuses_a_deal_of_another_shape(capsys, argv, message):
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == "" and err.count("\n") == 1 and message in err
