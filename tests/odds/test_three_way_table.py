"""The exact three-way preflop table of a rule book, cell by cell against every deal of known hands.

The table counts a cell as an exact question of three ranges (the grouped enumeration); the oracle
here lists every deal of three disjoint combos of the cell's classes with itertools and counts each
as known hands over every board (exact_fixed, another path). Their integers must be equal.
"""

from itertools import product
from math import comb

import numpy as np
import pytest

from pysolver import PokerInputError, load_rules
from pysolver.cli import main
from pysolver.core import COMBOS, class_combos, combo_mask
from pysolver.odds import three_way_table
from pysolver.odds._exact.fixed import exact_fixed
from pysolver.odds._three_way_table import FORK_CELLS


def every_deal(classes, rules):
    """Each deal of three disjoint combos of the classes in the rules' deck, counted as known hands."""
    read = load_rules(rules)
    in_deck = combo_mask(read.removed.tolist())
    combos = [[tuple(COMBOS[i]) for i in class_combos(name) if in_deck[i]] for name in classes]
    wins, ties, shares, deals = np.zeros(3), np.zeros(3), np.zeros(3), 0
    for deal in product(*combos):
        if len({card for hand in deal for card in hand}) == 6:
            tally = exact_fixed(np.array(deal), dead=read.removed, rules=read)
            wins, ties, shares, deals = wins + tally.wins, ties + tally.ties, shares + tally.shares, deals + 1
    return wins, ties, shares, deals


@pytest.fixture(scope="module")
def short_deck():
    return three_way_table("short_deck", classes=["AA", "T9o"], columns=["KK", "AKs", "T9o", "76s"], threads=2)


def test_every_cell_is_every_deal_of_its_classes_counted(short_deck):
    boards = comb(36 - 6, 5)
    for n, cell in enumerate(short_deck.cells.tolist()):
        names = [short_deck.classes[i] for i in cell]
        wins, ties, shares, deals = every_deal(names, "short_deck")
        assert short_deck.deals[n] == deals * boards, names
        assert short_deck.wins[n].tolist() == wins.tolist() and short_deck.ties[n].tolist() == ties.tolist(), names
        counted = short_deck.counts[n] @ np.array([6, 3, 2])  # six times the shares: integers
        assert counted.tolist() == np.rint(6 * shares).tolist(), names


def test_the_cells_are_each_row_against_two_columns_once(short_deck):
    rows, columns = ["AA", "T9o"], ["KK", "AKs", "T9o", "76s"]
    order = short_deck.classes.index
    expected = {tuple(sorted((r, a, b), key=order)) for r in rows for a in columns for b in columns}
    found = [tuple(short_deck.classes[i] for i in cell) for cell in short_deck.cells.tolist()]
    assert len(found) == len(set(found)) and set(found) == expected


def test_a_cell_is_the_same_in_any_seat_order(short_deck):
    first = short_deck.equity("AA", "KK", "AKs")
    assert short_deck.equity("AKs", "AA", "KK") == (first[2], first[0], first[1])
    assert sum(first) == pytest.approx(1.0) and first[0] > 0.5  # aces ahead of kings and a suited ace


def test_the_counts_do_not_depend_on_the_threads(short_deck):
    one = three_way_table("short_deck", classes=["AA", "T9o"], columns=["KK", "AKs", "T9o", "76s"], threads=1)
    assert (one.counts == short_deck.counts).all() and (one.cells == short_deck.cells).all()
    columns = list(short_deck.classes[::7])  # enough cells for worker processes
    forked = three_way_table("short_deck", classes=["QQ"], columns=columns, threads=2)
    alone = three_way_table("short_deck", classes=["QQ"], columns=columns, threads=1)
    assert len(forked.cells) >= FORK_CELLS and (forked.counts == alone.counts).all() and forked.counts.any()


def test_three_classes_that_cannot_be_dealt_at_once_have_no_deals():
    table = three_way_table("short_deck", classes=["AA"], columns=["AA", "AKs"])  # four aces in the deck
    names = [[table.classes[i] for i in cell] for cell in table.cells.tolist()]
    dealt = dict(zip(map(tuple, names), table.deals.tolist()))
    assert dealt[("AA", "AA", "AA")] == 0 and dealt[("AA", "AA", "AKs")] == 0
    assert dealt[("AA", "AKs", "AKs")] == 4 * 3 * comb(30, 5)  # two suited aces, the other two aces
    with pytest.raises(PokerInputError, match="no deal"):
        table.equity("AA", "AA", "AA")
    assert ",".join(["AA", "AA", "AA", "0", "", "", ""]) in table.to_csv()


def test_a_standard_cell_of_suited_classes_is_every_deal_counted():
    table = three_way_table(classes=["AKs"], columns=["QQ", "76s"])
    n = [tuple(table.classes[i] for i in cell) for cell in table.cells.tolist()].index(("QQ", "AKs", "76s"))
    wins, ties, _, deals = every_deal(["QQ", "AKs", "76s"], None)
    assert table.deals[n] == deals * comb(46, 5)
    assert table.wins[n].tolist() == wins.tolist() and table.ties[n].tolist() == ties.tolist()


@pytest.mark.parametrize(
    "asked, says",
    [
        (("AA", "KK"), "three classes, not 2"),
        (("AA", "KK", "22"), "'22': not a class of the short_deck deck"),
        (("KK", "QQ", "JJ"), "not a cell of this table"),
    ],
)
def test_a_cell_outside_the_table_is_named(short_deck, asked, says):
    with pytest.raises(PokerInputError, match=says):
        short_deck.cell(*asked)


def test_the_command_line_writes_the_three_way_table(tmp_path, capsys):
    out = tmp_path / "t.csv"
    argv = ["table", "--players", "3", "--rules", "short_deck", "--classes", "AA", "--columns", "KK", "AKs"]
    assert main([*argv, "--csv", str(out)]) == 0
    lines = out.read_text().splitlines()
    assert lines[0].startswith("first,second,third,deals") and len(lines) == 4
    aa_kk_kk = next(line.split(",") for line in lines if line.startswith("AA,KK,KK,"))
    assert sum(float(e) for e in aa_kk_kk[4:]) == pytest.approx(1.0, abs=1e-5)
    assert "3 cells of 1 rows" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, says",
    [
        (["--columns", "KK"], "--columns: only the three-way table"),
        (["--players", "3", "--rules", "omaha"], "two hole cards and a board of five"),
        (["--players", "3", "--rules", "short_deck", "--columns", "72o"], "class '72o': not a starting hand"),
    ],
)
def test_bad_three_way_tables_are_one_line_and_exit_2(capsys, argv, says):
    assert main(["table", *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0]
