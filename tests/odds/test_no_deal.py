"""Players that no deal can satisfy together get a RangeError naming them, never ``nan%``:
from equity (exact, sampled, broken down), the command line and the web API. The search
for a deal that fits (pysolver.odds._fit) is checked against brute force."""

import itertools
import random
import subprocess
import sys

import pytest

from pysolver import PokerInputError, RangeError, equity
from pysolver.odds import _fit
from pysolver.odds._fit import fits

NO_DEAL = "no deal gives each of them a hand of their range at once"


@pytest.mark.parametrize(
    "players, board, dead, named",
    [
        (["AA", "AA", "AA"], "", "", "players 0 (AA), 1 (AA), 2 (AA)"),  # six aces
        (["KK", "AA", "AA", "AA"], "", "", "players 1 (AA), 2 (AA), 3 (AA):"),  # KK is not to blame
        (["AsAh,AsAd", "AsAd,AhAd", "AhAd,AsAh"], "", "", "players 1 (AsAd,AhAd), 2 (AhAd,AsAh):"),
        (["AA,KK"] * 5, "", "", "players 0 (AA,KK), 1 (AA,KK), 2 (AA,KK), 3 (AA,KK), 4 (AA,KK):"),
        (["QQ", "AA", "AA"], "Ac 7d 2s", "", "players 1 (AA), 2 (AA):"),  # three aces left
        (["QQ", "AA", "AA"], "7c 7d 2s", "Ac", "players 1 (AA), 2 (AA):"),  # a dead ace
        (["JhTh", "AA", "AA", "random"], "Ac 7d 2s", "", "players 1 (AA), 2 (AA):"),
    ],
)
@pytest.mark.parametrize("how", [{"exact": True}, {"trials": 2000, "seed": 1}, {"breakdown": True}])
def test_players_no_deal_satisfies_are_named(players, board, dead, named, how):
    with pytest.raises(RangeError) as raised:
        equity(players, board, dead=dead, **how)
    assert named in str(raised.value) and NO_DEAL in str(raised.value)


@pytest.mark.parametrize(
    "players, board, dead, words",
    [
        (["QQ", "KK"], "Kc Kd 2s", "Ks Kh", "range 'KK': no combo is left"),
        (["AsAh", "AsAd,AhAd"], "", "", "range 'AsAd,AhAd': no combo is left"),
        (["AsAh", "AsAh"], "", "", "duplicate card 'As'"),
    ],
)
def test_a_single_range_killed_is_named_as_before(players, board, dead, words):
    for how in ({"exact": True}, {"trials": 1000, "seed": 2}):
        with pytest.raises(PokerInputError, match=words):
            equity(players, board, dead=dead, **how)


def test_neighbours_that_fit_still_answer():
    two = equity(["AA", "AA"], exact=True)  # AsAh against AdAc: mostly split pots
    assert two.deals > 0 and sum(p.equity for p in two.players) == pytest.approx(1.0)
    three = equity(["AsAh,AdAc", "AsAd,AhAc,KhKc", "KK"], exact=True)  # AdAc and KhKc only
    assert three.deals > 0 and all(0 <= p.equity <= 1 for p in three.players)


def test_past_the_search_s_steps_the_count_of_no_deal_still_refuses(monkeypatch):
    monkeypatch.setattr(_fit, "MOST_STEPS", 0)  # the search gives up at once
    with pytest.raises(RangeError, match=NO_DEAL):
        equity(["AA", "AA", "AA"], exact=True)
    with pytest.raises(RangeError, match=r"players 0 \(AA\), 1 \(AA\), 2 \(AA\): their ranges almost never fit"):
        equity(["AA", "AA", "AA"], trials=1000, seed=3)


def _brute(masks, free, randoms):
    for pick in itertools.product(*masks):
        used = 0
        for m in pick:
            if m & used:
                break
            used |= m
        else:
            if (free & ~used).bit_count() >= 2 * randoms:
                return True
    return False


def test_the_fit_search_agrees_with_brute_force():
    rng = random.Random(27)
    pairs = [(1 << a) | (1 << b) for a, b in itertools.combinations(range(8), 2)]
    answers = set()
    for _ in range(400):
        masks = [rng.sample(pairs, rng.randint(1, 4)) for _ in range(rng.randint(1, 4))]
        free = rng.getrandbits(8)
        randoms = rng.randint(0, 2)
        answer = fits(masks, free, randoms)
        assert answer == _brute(masks, free, randoms)
        answers.add(answer)
    assert answers == {True, False}


def test_the_command_line_says_it_in_one_line():
    done = subprocess.run(
        [sys.executable, "-m", "pysolver", "equity", "AA", "AA", "AA"], capture_output=True, text=True
    )
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and NO_DEAL in done.stderr
    assert "nan" not in done.stdout + done.stderr


@pytest.mark.heavy
def test_the_web_api_answers_400_naming_the_players():
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from pysolver.web import create_app

    with TestClient(create_app(workers=1, seconds=20, memory_mb=256), base_url="http://127.0.0.1") as client:
        for extra in ({}, {"trials": "1000"}):
            answer = client.get("/api/equity", params={"p": ["AA", "AA", "AA"], **extra})
            assert answer.status_code == 400 and NO_DEAL in answer.json()["error"]
        answer = client.get("/api/range", params={"range": "KK", "dead": "KcKdKh"})
        assert answer.status_code == 400 and "no combo of it is left" in answer.json()["error"]
