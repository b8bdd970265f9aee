"""Results and grids show themselves in a notebook (``_repr_html_``): the figures are the
result's own, the best five are the solver's, the grid's colours are the command line's scale."""

import re

from pysolver import equity, solve_showdown
from pysolver.core import GRID_CLASSES, HELD, equity_colour, range_grid


def cells(html):
    return re.findall(r'<td style="[^"]*background:([^;]*);[^"]*">([^<]*)</td>', html)


def test_equity_result_shows_each_player_and_its_grid_coloured_by_equity():
    result = equity(["AhKh", "QQ+, AKs"], "Ks 7h 2d", breakdown=True)
    html = result._repr_html_()
    for p in result.players:
        assert f"<td>{100 * p.equity:.2f}%</td>" in html
    assert "exact, 11,880 deals" in html
    shown = {label: background for background, label in cells(html)}
    part = result.breakdown.player(1)
    for row in part.classes:
        assert equity_colour(row.equity, 2) in shown[row.name]
    assert shown["72o"] == "#333333"  # a class the range does not hold


def test_showdown_result_highlights_the_best_five_and_names_the_winner():
    result = solve_showdown(["Ah Qd", "Ac Jh"], "As Kd Kc 9s 9h", explain=True)
    html = result._repr_html_()
    row = html.split("player 0</td>")[1].split("</tr>")[0]
    highlighted = re.findall(r"background:#fff4c2;[^>]*>(\w\w)</span>", row)
    assert set(highlighted) == {str(c) for c in result.players[0].best_five}
    assert "player 0 wins" in html and result.explanation.lines()[0] in html


def test_range_grid_fills_its_cells_as_far_as_the_range_holds_them():
    grid = range_grid("QQ+, 0.5(AKs)")
    html = grid._repr_html_()
    shown = {label: background for background, label in cells(html)}
    assert len(shown) == 169 and [c for row in GRID_CLASSES for c in row] == [label for _, label in cells(html)]
    assert f"{HELD} 0%, {HELD} 100%" in shown["QQ"] and f"{HELD} 50%" in shown["AKs"] and shown["JJ"] == "#333333"
