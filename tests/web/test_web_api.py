"""The web app's JSON API without a browser: each answer is the library's own result
(``to_dict()``, as ``--json`` prints it), bad input is 400 with one line, hostile rule
text is refused, and many clients at once all get their answers."""

import json
import os
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pysolver import equity, game_equity, outs, parse_cards, runouts, solve_showdown, texture
from pysolver.cli import main
from pysolver.core import range_grid
from pysolver.crossval import rule_diff
from pysolver.web import create_app
from tests.helpers.web_server import rss_mib, running_server

pytestmark = pytest.mark.heavy  # real servers and their worker processes


def variant_path(name):
    return Path(str(resources.files("pysolver.encodings").joinpath("variants", f"{name}.lp")))


STANDARD_TEXT = variant_path("standard").read_text()
FLUSH_OVER_BOAT = STANDARD_TEXT.replace("category_order(flush, 5)", "category_order(flush, 6)").replace(
    "category_order(full_house, 6)", "category_order(full_house, 5)"
)
# ... and three of a kind over the straight too: a rule book no variant ships.
TRIPS_OVER_STRAIGHT = FLUSH_OVER_BOAT.replace(
    "category_order(three_of_a_kind, 3)", "category_order(three_of_a_kind, 4)"
)
TRIPS_OVER_STRAIGHT = TRIPS_OVER_STRAIGHT.replace("category_order(straight, 4)", "category_order(straight, 3)")


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(workers=2, seconds=20, memory_mb=256), base_url="http://127.0.0.1") as test_client:
        yield test_client


def test_equity_is_the_librarys_result(client):
    answer = client.get("/api/equity", params={"p": ["AhKh", "QQ+"], "board": "Ks7h2d"})
    assert answer.status_code == 200
    assert answer.json() == json.loads(json.dumps(equity(["AhKh", "QQ+"], "Ks 7h 2d").to_dict()))
    assert answer.headers["server-timing"].startswith("compute;dur=")


def test_equity_sampled_reports_its_seed_and_repeats(client):
    params = {"p": ["AhKh", "random", "random"], "trials": "20000", "seed": "7"}
    first, second = (client.get("/api/equity", params=params).json() for _ in range(2))
    assert first == second and first["seed"] == 7 and not first["exact"]
    expected = equity(["AhKh", "random", "random"], trials=20_000, seed=7)
    assert first["players"][0]["equity"] == pytest.approx(expected.players[0].equity)


def test_equity_streams_progress_then_the_result(client):
    with client.stream("GET", "/api/equity", params={"p": ["AhKh", "QsQd"], "stream": "1"}) as answer:
        lines = [json.loads(line) for line in answer.iter_lines() if line]
    assert lines[-1]["result"]["players"][0]["wins"] == equity(["AhKh", "QsQd"]).players[0].wins


def test_equity_breakdown_and_texture(client):
    answer = client.get("/api/equity", params={"p": ["AsKs", "QQ+,AKs"], "board": "QsJs2c", "breakdown": "1"}).json()
    classes = {c["class"]: c for c in answer["breakdown"]["players"][0]["classes"]}
    expected = equity(["AsKs", "QQ+,AKs"], "Qs Js 2c", breakdown=True).breakdown.player(1)
    assert {c.name: c.equity for c in expected.classes} == pytest.approx({k: v["equity"] for k, v in classes.items()})
    made = client.get("/api/texture", params={"range": "QQ+, AK, JTs, 76s", "board": "Ks7h2d"}).json()
    assert made == json.loads(json.dumps(texture("QQ+, AK, JTs, 76s", "Ks 7h 2d").to_dict()))


def test_range_grid_and_its_combos(client):
    answer = client.get("/api/range", params={"range": "QQ+, AhKh, 0.5(KQs)", "dead": "Ah"}).json()
    grid = range_grid("QQ+, AhKh, 0.5(KQs)", parse_cards("Ah"))
    assert answer["combos"] == grid.combos == 3 + 6 + 6 + 0.5 * 4
    assert "AhKh" not in answer["held"] and answer["held"]["KsQs"] == 0.5 and len(answer["held"]) == 19


def test_showdown_streets_explanation_outs_runouts(client):
    deal = {"p": ["AsKs", "QhQd"], "board": "JsTs2c7h3d", "explain": "1"}
    answer = client.get("/api/showdown", params=deal).json()
    expected = solve_showdown(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d", explain=True)
    assert answer == json.loads(json.dumps(expected.to_dict()))
    streets = client.get("/api/showdown", params=deal | {"streets": "1"}).json()["streets"]
    assert [s["street"] for s in streets] == ["flop", "turn", "river"] and streets[-1]["winners"] == [1]
    flop = {"p": ["AsKs", "QhQd"], "board": "JsTs2c"}
    assert client.get("/api/outs", params=flop).json() == outs(["AsKs", "QhQd"], "Js Ts 2c").to_dict()
    assert (
        client.get("/api/runouts", params=flop).json()["players"][0]["wins"]
        == runouts(["AsKs", "QhQd"], "Js Ts 2c").wins[0]
    )


def test_rule_text_checked_counted_and_diffed(client):
    checked = client.post("/api/rules", json={"text": FLUSH_OVER_BOAT})
    assert checked.status_code == 200
    facts = checked.json()
    assert facts["file"] == "rules.lp" and "/" not in json.dumps(facts["rules"])
    assert facts["category_order"][3:5] == ["flush", "full_house"]
    assert facts["counts"]["flush"] == {"hands": 5108, "classes": 1277}  # the published count
    diff = client.post(
        "/api/rules/diff",
        json={
            "text": FLUSH_OVER_BOAT,
            "against": "standard",
            "showdowns": 500,
            "seed": 3,
            "matchup": ["AhKh vs QsQd on 7h 9h Ts"],
        },
    ).json()
    expected = rule_diff(
        "standard", "flush_beats_full_house", showdowns=500, seed=3, matchups=["AhKh vs QsQd on 7h 9h Ts"]
    ).to_dict()
    assert diff["classes"] == expected["classes"] and diff["showdowns"]["changed"] == expected["showdowns"]["changed"]
    assert [m["a"] for m in diff["equity"]] == [m["a"] for m in expected["equity"]]
    # A showdown under the edited rules: a flush beats a full house.
    deal = {"p": ["AhKh", "7c7d"], "board": "7h9hTh9c2h", "text": FLUSH_OVER_BOAT}
    assert (
        client.post("/api/showdown", json=deal).json()["winners"]
        == list(solve_showdown(["AhKh", "7c7d"], "7h 9h Th 9c 2h", rules="flush_beats_full_house").winners)
        == [0]
    )


def test_two_rule_texts_diffed_against_each_other(client, tmp_path):
    """Rule book A from a second text (``against_text``): the library's diff of the two files."""
    params = {"text": TRIPS_OVER_STRAIGHT, "against_text": FLUSH_OVER_BOAT, "showdowns": 500, "seed": 3}
    diff = client.post("/api/rules/diff", json=params | {"matchup": ["AhKh vs QsQd on 7h 9h Ts"]}).json()
    (tmp_path / "a.lp").write_text(FLUSH_OVER_BOAT)
    (tmp_path / "b.lp").write_text(TRIPS_OVER_STRAIGHT)
    expected = rule_diff(
        str(tmp_path / "a.lp"), str(tmp_path / "b.lp"), showdowns=500, seed=3, matchups=["AhKh vs QsQd on 7h 9h Ts"]
    ).to_dict()
    assert diff["rules"] == ["against.lp", "rules.lp"]
    assert diff["classes"] == expected["classes"] and diff["showdowns"] == expected["showdowns"]
    assert diff["equity"] == expected["equity"]
    assert diff["classes"]["moved_by_category"].keys() == {"three_of_a_kind", "straight"}  # only they trade places
    # The second text wins over a variant named beside it; a text against itself moves nothing.
    same = client.post("/api/rules/diff", json=params | {"against_text": TRIPS_OVER_STRAIGHT, "against": "short_deck"})
    assert same.json()["classes"]["moved"] == 0 and same.json()["showdowns"]["changed"] == 0
    # Its faults are its own field's, at its line.
    bad = client.post("/api/rules/diff", json=params | {"against_text": 'royal(ace).\n#include "/etc/passwd".\n'})
    assert bad.status_code == 400
    assert bad.json() == {
        "error": "rule file 'against.lp', line 2: #include is refused: this rule text may not read other files",
        "field": "against_text",
        "line": 2,
    }


@pytest.mark.parametrize(
    "params, field, words",
    [
        ({"p": ["AhKh", "QQ++"]}, "p1", "QQ++"),
        ({"p": ["AhKh", "QsQd"], "board": "Ks7hXx"}, "board", "Xx"),
        ({"p": ["AhKh", "QsQd"], "board": "Ks7hAh"}, "p0", "Ah"),
        ({"p": ["AhKh", "QsQd"], "trials": "many"}, "trials", "trials"),
        ({"p": ["AhKh"] + ["random"] * 10}, "", "11 players"),
    ],
)
def test_bad_input_is_400_with_one_line(client, params, field, words):
    answer = client.get("/api/equity", params=params)
    assert answer.status_code == 400
    body = answer.json()
    assert words in body["error"] and "\n" not in body["error"] and "Traceback" not in body["error"]
    assert body["field"] == field
    # The command line says the same.
    if field.startswith("p") or field == "board":
        done = subprocess.run(
            [sys.executable, "-m", "pysolver", "equity", *params["p"], "--board", params.get("board", "")],
            capture_output=True,
            text=True,
        )
        assert done.returncode == 2 and body["error"] in done.stderr


@pytest.mark.parametrize(
    "text, words, line",
    [
        ("face(two; three.\n", "syntax error", 1),
        ("royal(ace).\n\n#script (python)\nimport os\n#end.\n", "#script is refused", 3),
        ('royal(ace).\n#include "/etc/passwd".\n', "#include is refused", 2),
        ("royal(ace).\n#include <incmode>.\n", "#include is refused", 2),
        ('x :- y(@system("ls")).\n', "@system is not a function", 1),
        (STANDARD_TEXT.replace("category_order(flush, 5).", ""), "no category_order for flush", None),
        ("n(1..1000000000).\n", "limit", None),  # a rules text is facts: a billion of them
        ("n(1..3).\nbig(X, Y) :- n(X), n(Y).\n", "holds facts only", 2),
    ],
)
def test_hostile_rule_text_is_refused_at_its_line(client, text, words, line):
    answer = client.post("/api/rules", json={"text": text})
    assert answer.status_code == 400
    body = answer.json()
    assert words in body["error"] and body["field"] == "text" and body["line"] == line
    assert "/tmp" not in body["error"] and "pysolver-web" not in body["error"]


def test_rules_name_variants_never_paths(client):
    for name in ("/etc/passwd", "../asp/variants/standard.lp", str(variant_path("standard"))):
        answer = client.get("/api/rules", params={"rules": name})
        assert answer.status_code == 400 and "not a shipped variant" in answer.json()["error"]
    shipped = client.get("/api/rules", params={"rules": "short_deck"}).json()
    assert shipped["text"] == variant_path("short_deck").read_text() and shipped["deck"] == 36


def test_unknown_paths_and_bodies(client):
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/nothing").status_code == 404
    as_json = {"Content-Type": "application/json"}
    assert client.post("/api/showdown", content=b"[1, 2", headers=as_json).status_code == 400
    assert client.post("/api/showdown", content=b"x" * (3 << 20), headers=as_json).status_code == 413
    for page in ("equity", "showdown", "rules"):
        answer = client.get(f"/{page}")
        assert answer.status_code == 200 and "script-src" not in answer.text
        assert answer.headers["content-security-policy"].startswith("default-src 'self'")


def test_time_bound_answers_400_and_the_server_stays_up():
    with TestClient(create_app(workers=1, seconds=0.5), base_url="http://127.0.0.1") as client:
        # some 14 s of exact counting on one core: past the limit on any machine
        slow = client.get("/api/equity", params={"p": ["QQ+", "JJ,TT", "AK", "random"], "mode": "exact"})
        assert slow.status_code == 400 and "time limit of 0.5 s" in slow.json()["error"]
        assert client.get("/api/showdown", params={"p": ["AsKs", "QhQd"], "board": "JsTs2c7h3d"}).status_code == 200


def test_many_clients_at_once_all_get_their_answers():
    """Ten clients of a real server at once, each its own spot; the server's memory stays small."""
    hands = ["AhKh", "QsQd", "JcTc", "9d9h", "AsKd", "7c6c", "KhQh", "5s5d", "AdJd", "Tc9c"]
    with running_server("--workers", "2") as (url, process):

        def ask(hand):
            query = urllib.parse.urlencode({"p": [hand, "QQ+,AK"], "board": "2c3d8h"}, doseq=True)
            with urllib.request.urlopen(f"{url}api/equity?{query}", timeout=60) as answer:
                return json.load(answer)["players"][0]["equity"]

        with ThreadPoolExecutor(len(hands)) as pool:
            got = list(pool.map(ask, hands))
        assert got == pytest.approx([equity([h, "QQ+,AK"], "2c 3d 8h").players[0].equity for h in hands])
        assert rss_mib(process.pid) < 1024


def test_a_client_that_leaves_stops_its_computation():
    """A long streamed run whose client closes the connection stops: the server's CPU falls to nothing."""
    with running_server("--workers", "1") as (url, process):
        query = urllib.parse.urlencode(
            {"p": ["AhKh", "random", "random", "random"], "trials": 100_000_000, "stream": 1}, doseq=True
        )
        with urllib.request.urlopen(f"{url}api/equity?{query}", timeout=30) as answer:
            lines = [json.loads(answer.readline()) for _ in range(4)]
        assert lines[-1]["total"] == 100_000_000 and 0 < lines[-1]["progress"] < 100_000_000

        def cpu_seconds():
            fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

        time.sleep(1.0)
        before = cpu_seconds()
        time.sleep(2.0)
        assert cpu_seconds() - before < 0.5
        with urllib.request.urlopen(f"{url}api/showdown?p=AsKs&p=QhQd&board=JsTs2c7h3d", timeout=30) as answer:
            assert json.load(answer)["winners"] == [1]  # the one worker is free again


def test_serve_needs_the_extra_and_a_sane_port(capsys, monkeypatch):
    assert main(["serve", "--port", "70000"]) == 2
    assert "port 70000" in capsys.readouterr().err
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "starlette" else real(name, *a))
    assert main(["serve"]) == 2
    assert "pip install 'pysolver-holdem[web]'" in capsys.readouterr().err


def test_another_host_than_this_machine_is_warned_about(capsys, monkeypatch):
    import pysolver.web._serve as serving

    class Server:  # uvicorn, stopped at once
        started, should_exit = False, True

        def __init__(self, config):
            pass

        def run(self, sockets):
            sockets[0].close()

    monkeypatch.setattr(serving.uvicorn, "Server", Server)
    serving.serve("127.0.0.1", 0)
    assert "warning" not in capsys.readouterr().err
    serving.serve("0.0.0.0", 0)
    assert "anyone who can reach this address can run computations" in capsys.readouterr().err


def test_a_games_equity_pot_by_pot(client):
    params = {"p": ["Ah3hKdQd", "As3s9c9d"], "board": "2c5d8hKc", "rules": "omaha_hi_lo"}
    answer = client.get("/api/equity", params=params).json()
    expected = game_equity(["Ah 3h Kd Qd", "As 3s 9c 9d"], "2c 5d 8h Kc", rules="omaha_hi_lo")
    assert answer == expected.to_dict() and answer["pots"] == ["high", "low"]
    streamed = client.get("/api/equity", params=params | {"stream": 1}).text.strip().splitlines()
    assert json.loads(streamed[-1])["result"] == expected.to_dict()
    bad = client.get("/api/equity", params=params | {"p": ["AhKh", "As3s9c9d"]})
    assert bad.status_code == 400 and "omaha_hi_lo deals 4 hole cards; player 0 has 2" in bad.json()["error"]
    assert bad.json()["field"] == "p0"
