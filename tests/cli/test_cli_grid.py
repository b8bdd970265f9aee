"""``pysolver range`` and ``pysolver texture``: text, JSON, orderings, colours, exports."""

import builtins
import json

import pytest

from pysolver.cli import main
from pysolver.cli._ranges import order_picture, picture
from pysolver.cli._render import to_rich
from pysolver.core._grid import range_grid
from pysolver.core._orderings import ordering
from pysolver.core._ranges import parse_range


def run(capsys, *argv):
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_range_text_and_json(capsys):
    status, out, _ = run(capsys, "range", "QQ+,AKs,0.5(KQs)")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "QQ+,AKs,0.5(KQs): 24 combos, 1.81% of 1,326"
    assert lines[2].startswith(".    KK   KQs* .") and lines[-1] == "* partly held: KQs 50%"
    status, out, _ = run(capsys, "range", "QQ+,AKs,0.5(KQs)", "--json")
    data = json.loads(out)
    assert data["combos"] == 24 and data["total"] == 1326 and data["classes"]["KQs"] == {"combos": 2.0, "fraction": 0.5}
    assert data["orderings"] == []


def test_range_names_its_ordering(capsys):
    status, out, _ = run(capsys, "range", "top 10% chen, 0.5(22)")
    assert status == 0 and out.splitlines()[-1].startswith("top x% by chen: the Chen formula (pysolver/data/")
    status, out, _ = run(capsys, "range", "top 10%", "--order", "vs3", "--json")
    data = json.loads(out)
    assert set(data["classes"]) == set(parse_range("77+, A9s+, KTs+, QTs+, AJo+, KQo").class_weights())
    assert [o["name"] for o in data["orderings"]] == ["vs3"]


def test_card_removal_and_short_deck(capsys):
    _, out, _ = run(capsys, "range", "AA", "--dead", "As")
    assert out.splitlines()[0] == "AA: 3 combos, 0.24% of 1,275" and "AA*" in out
    _, out, _ = run(capsys, "range", "random", "--rules", "short_deck")
    lines = out.splitlines()
    assert lines[0] == "random: 630 combos, 100.00% of 630"
    assert lines[9].endswith("66") and lines[10:14] == ["", "", "", ""]  # the cells of 5..2 stay blank


def test_bad_input_is_one_line(capsys):
    for argv in (
        ["range", "AKx"],
        ["range", "top 10% nope"],
        ["range", "AA", "--dead", "As As"],
        ["range", "AA", "--color", "equity", "--order", "chen"],
        ["texture", "AA", "--board", "Ks 7h"],
        ["texture", "AA", "--board", "As Ah Ad"],
    ):
        status, out, err = run(capsys, *argv)
        assert status == 2 and out == "" and err.count("\n") == 1 and err.startswith("pysolver: error:"), argv


def test_exports(capsys, tmp_path):
    svg, html = tmp_path / "r.svg", tmp_path / "r.html"
    status, _, _ = run(capsys, "range", "QQ+,AKs,0.5(KQs)", "--svg", str(svg), "--html", str(html))
    assert status == 0
    assert svg.read_text().startswith("<svg") and "#f2c12e" in svg.read_text()
    assert "KQs" in html.read_text() and "held by the range" in html.read_text()
    status, _, _ = run(capsys, "range", "random", "--order", "vs3", "--color", "equity", "--svg", str(svg))
    text = svg.read_text().replace("&#160;", " ")
    assert status == 0 and "#1a9641" in text and "#d7191c" in text and "fair share 1/4 = 25%" in text


def test_png_needs_matplotlib(capsys, tmp_path, monkeypatch):
    real_import = builtins.__import__

    def no_matplotlib(name, *args, **kwargs):
        if name.startswith("matplotlib"):
            raise ImportError(name)
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_matplotlib)
    status, out, err = run(capsys, "range", "AA", "--png", str(tmp_path / "r.png"))
    assert status == 2 and out == "" and err.count("\n") == 1 and "pip install 'pysolver-holdem[plot]'" in err


def test_png(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    png = tmp_path / "t.png"
    status, out, _ = run(capsys, "texture", "QQ+,AK,JTs,76s", "--board", "Ks 7h 2d", "--png", str(png))
    assert status == 0 and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and "top pair" in out


def test_texture_text_and_json(capsys):
    status, out, _ = run(capsys, "texture", "QQ+,AK,JTs,76s", "--board", "Ks 7h 2d")
    assert status == 0 and out.startswith("QQ+,AK,JTs,76s on Ks 7h 2d: 34 combos after card removal")
    assert "  top pair                        12    35.3%" in out
    status, out, _ = run(capsys, "texture", "QQ+,AK,JTs,76s", "--board", "Ks 7h 2d", "--json")
    data = json.loads(out)
    assert data["made"]["top_pair"] == 12 and data["classes"]["KK"]["made"] == {"set": 3.0}
    assert len(data["hands"]) == 34


def test_texture_picture_groups(tmp_path):
    from pysolver.odds import texture

    drawn = texture("QQ+,AK,JTs,76s", "Ks 7h 2d").picture()
    # KK: 3 of its 6 combos left, all sets: half the cell in the first group's colour
    assert drawn.cells[1][1].segments == (("#7b3294", 0.5),)
    # AKo: 9 of 12 top pair; JTs: 4 of 4 nothing made and no (frontdoor) draw
    assert drawn.cells[1][0].segments == (("#1a9641", 0.75),)
    assert drawn.cells[3][4].segments == (("#9e9e9e", 1.0),)


def test_order_and_equity_pictures():
    grid = range_grid("random")
    ranked = order_picture(grid, ordering("chen"), "t", [])
    assert to_rich(ranked).plain.splitlines()[1].split()[:3] == ["1", "5", "6"]  # AA, AKs, AQs
    equity = picture(grid, "equity", ordering("vs3"), [])
    assert equity.cells[0][0].segments[0][0] == "#1a9641"  # AA: 64% of the pot, fair 25%
    heads_up = picture(grid, "equity", ordering("vs1"), [])
    assert heads_up.cells[0][0].segments[0][0] == "#49a867"  # AA: 85%, fair 50%: not yet full green


def test_equity_progress_bar_waits_a_second(monkeypatch, capsys):
    import pysolver.cli._equity as command

    ticks = [0.0, 0.5, 2.0]
    monkeypatch.setattr(command.time, "monotonic", lambda: ticks.pop(0) if len(ticks) > 1 else ticks[0])
    with command.progress_bar(True) as update:
        update(10, 1000)  # half a second: no bar yet
        update(500, 1000)  # two seconds: the bar starts on stderr
        update(1000, 1000)
    assert capsys.readouterr().out == ""
    with command.progress_bar(False) as update:
        assert update is None
