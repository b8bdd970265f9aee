"""Every result renders itself in a notebook (``_repr_html_``), and what it shows are the
figures of its ``to_dict()`` (what ``--json`` prints), formatted as the command line prints them."""

import html

from pysolver import (
    check_evaluator,
    crossval_random,
    equity,
    evaluate,
    hand_report,
    hand_strength,
    outs,
    runouts,
    solve_showdown,
    texture,
)
from pysolver.core import figures_html, lines_html, range_grid
from pysolver.crossval import rule_diff


def page(result) -> str:
    """The HTML a notebook shows, its entities read back (``&gt;`` as ``>``)."""
    return html.unescape(result._repr_html_())


def percent(x: float, digits: int = 2) -> str:
    return f"{100 * x:.{digits}f}%"


def test_equity_and_its_breakdown():
    result = equity(["AhKh", "QQ+"], board="Ks 7h 2d", breakdown=True)
    shown, data = page(result), result.to_dict()
    assert all(percent(p["equity"]) in shown for p in data["players"])
    classes = data["breakdown"]["players"][0]["classes"]
    assert {c["class"] for c in classes} == {"AA", "KK", "QQ"}
    part = page(result.breakdown)
    assert part in shown  # the result shows its breakdown as the breakdown shows itself
    for row in classes:
        assert f"<td>{row['class']}</td><td>{row['combos']:g}</td>" in part and percent(row["equity"]) in part


def test_strength_potential_and_the_hand_report():
    report = hand_report("AdQc", "3h 4c Jh")
    shown, data = page(report), report.to_dict()
    for key in ("ahead", "tied", "behind"):
        assert f"<th style='text-align:left'>{key}</th><td>{data[key]:g}</td>" in shown
    for key in ("hs", "ehs", "win_probability"):
        assert f"{data[key]:.4f}" in shown
    for pot in ("one_card", "two_cards"):
        assert f"PPot {data[pot]['ppot']:.4f}" in shown and f"NPot {data[pot]['npot']:.4f}" in shown
        counts = data[pot]["counts"]
        assert all(f"<td>{counts[b][a]:g}</td>" in shown for b in counts for a in counts[b])
    strength = hand_strength("AdQc", "3h 4c Jh")
    assert page(strength) in shown and "0.5851" in page(strength) and "1081" in page(strength)


def test_outs_and_runouts():
    report = outs(["As Ks", "Qh Qd"], "Js Ts 2c")
    shown, data = page(report), report.to_dict()
    for player in data["players"]:
        assert f"<td>{player['now']}</td><td>{len(player['outs'])}</td>" in shown
        assert all(f">{card}</span>" in shown for card in player["outs"])
    what_if = runouts(["As Ks", "Qh Qd"], "Js Ts 2c")
    shown, data = page(what_if), what_if.to_dict()
    assert f"{data['runouts']} runouts" in shown
    for p in data["players"]:
        assert f"<td>{p['wins']}</td><td>{p['ties']}</td><td>{p['losses']}</td><td>{p['now']}</td>" in shown
        assert len(p["runner_runner"]) == 0 or f"<td>{len(p['runner_runner'])}</td>" in shown


def test_texture_shows_its_grid_and_its_counts():
    report = texture("QQ+, AK, JTs, 76s", "Ks 7h 2d")
    shown, data = page(report), report.to_dict()
    assert report.picture().to_html() in report._repr_html_()
    for group, shares in (("made", "made_shares"), ("draws", "draw_shares")):
        for kind, count in data[group].items():
            if count:
                assert f"<td>{count:g}</td><td>{percent(data[shares][kind], 1)}</td>" in shown
    assert f"{data['combos']:g} combos" in shown


def test_a_showdown_and_its_explanation():
    result = solve_showdown(["Ah Qd", "Ac Jh"], "As Kd Kc 9s 9h", explain=True)
    shown, data = page(result), result.to_dict()
    assert all(player["description"] in shown for player in data["players"])
    assert all(reason in page(result.explanation) for reason in data["explanation"]["reasons"])
    assert page(result.explanation) in shown


def test_a_range_grid():
    data = range_grid("QQ+, AKs").to_dict()
    shown = page(range_grid("QQ+, AKs"))
    assert f"{data['combos']:g} combos ({percent(data['share'])})" in shown
    assert all(f">{name}<" in shown for name in data["classes"])


def test_a_rule_diff():
    diff = rule_diff("standard", "flush_beats_full_house", showdowns=300, seed=1)
    shown, data = page(diff), diff.to_dict()
    for row in data["categories"]:
        a, b = row["a"], row["b"]
        assert f"<td>{row['category']}</td><td>{a['hands']}</td><td>{a['classes']}</td>" in shown
        assert f"<td>{b['hands']}</td><td>{b['classes']}</td>" in shown
    assert f"{data['classes']['moved']:,} of {data['classes']['classes']:,} classes change places" in shown
    assert f"{data['showdowns']['changed']:,}" in shown and "standard → flush_beats_full_house" in shown


def test_the_reports_of_a_conformance_check_and_a_cross_validation():
    report = check_evaluator(evaluate, cards=5, mode="quick")
    shown, data = page(report), report.to_dict()
    assert f"{data['hands']:,}" in shown and f"{data['classes']:,}" in shown and "conforms" in shown
    assert data["evaluator"] in shown and data["order_note"] in shown
    run = crossval_random(60, seed=1)
    shown, data = page(run), run.to_dict()
    assert f"{data['showdowns']:,} showdowns, {data['hands']:,} hands" in shown and "seed 1: agree" in shown
    assert all(f"<td>{n:,}</td>" in shown for n in data["categories"].values())


def test_text_is_escaped():
    bad = "<script>alert(1)</script>"
    assert "<script>" not in figures_html([(bad, bad)], bad) + lines_html([bad])
