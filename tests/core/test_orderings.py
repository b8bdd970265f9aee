"""Named orderings of the starting hands for ``top x%``: checked against PokerStove's published
top 10%, the rule that random hands share the pot equally, and the Chen formula."""

import importlib
import json
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pysolver.core._errors import RangeError
from pysolver.core._grid import CLASS_SIZES
from pysolver.core._orderings import ORDERINGS, ordering
from pysolver.core._ranges import HAND_CLASSES, orderings_named, parse_range, preflop_order, top_classes
from pysolver.odds._chen import chen_score

POKERSTOVE_TOP_10 = "77+, A9s+, KTs+, QTs+, AJo+, KQo"
"""PokerStove's top 10% (136 combos), as its users know it."""


def test_three_random_hands_give_pokerstoves_top_ten_percent():
    assert parse_range("top 10% vs3") == parse_range(POKERSTOVE_TOP_10)
    assert set(top_classes(10, "vs3")) == set(parse_range(POKERSTOVE_TOP_10).class_weights())


def test_one_random_hand_is_the_default_and_differs_from_pokerstove():
    # Against one random hand 66, A8s and ATo come in and KTs, QJs, QTs, KQo stay out.
    ours, theirs = set(top_classes(10)), set(parse_range(POKERSTOVE_TOP_10).class_weights())
    assert ours - theirs == {"66", "A8s", "ATo"} and theirs - ours == {"KTs", "QJs", "QTs", "KQo"}
    assert parse_range("top 10%") == parse_range("top 10% vs1") == parse_range("top 10%", order="vs1")
    assert preflop_order() == ordering("vs1").classes


@pytest.mark.parametrize("name, players", [("vs1", 2), ("vs2", 3), ("vs3", 4)])
def test_random_hands_share_the_pot_equally(name, players):
    # Over every hand weighted by its combos, a seat against random hands wins 1/players of the
    # pot: the tables must average to it (vs1 and vs2 are exact; vs3 within its sampling error).
    values = np.array(ordering(name).values)
    mean = float((values * CLASS_SIZES).sum() / CLASS_SIZES.sum())
    assert mean == pytest.approx(1 / players, abs=3e-4 if name == "vs3" else 1e-8)
    assert ordering(name).players == players


def test_published_multiway_equities_of_aces():
    # AA all in against two random hands wins about 73.4%, against three about 63.9%.
    assert ordering("vs2").value("AA") == pytest.approx(0.734, abs=0.002)
    assert ordering("vs3").value("AA") == pytest.approx(0.639, abs=0.002)


def test_suited_connectors_rise_with_more_opponents():
    places = [ordering(name).position("76s") for name in ("vs1", "vs2", "vs3")]
    assert places[0] > places[1] > places[2]
    offsuit_ace = [ordering(name).position("A2o") for name in ("vs1", "vs2", "vs3")]
    assert offsuit_ace[0] < offsuit_ace[1] < offsuit_ace[2]


def test_chen_ordering_is_the_chen_formula():
    chen = ordering("chen")
    assert all(chen.value(name) == chen_score(name) for name in HAND_CLASSES)
    scores = [chen.value(name) for name in chen.classes]
    assert scores == sorted(scores, reverse=True)
    # equal scores by equity against one random hand: TT (10) before AJs (10)
    vs1 = ordering("vs1")
    assert chen.position("TT") < chen.position("AJs") and chen.value("TT") == chen.value("AJs") == 10
    for a, b in zip(chen.classes, chen.classes[1:]):
        if chen.value(a) == chen.value(b):
            assert vs1.value(a) >= vs1.value(b)


def test_every_ordering_holds_each_class_once():
    for name in ORDERINGS:
        assert sorted(ordering(name).classes) == sorted(HAND_CLASSES)


def test_range_text_names_the_ordering():
    assert orderings_named("AA, top 10%, 0.5(top 20% chen), 15% vs3") == ("vs1", "chen", "vs3")
    assert orderings_named("AA, top 5%", order="vs2") == ("vs2",)
    assert orderings_named("QQ+, AKs") == ()
    assert parse_range("top 5% CHEN") == parse_range("top 5% chen")
    with pytest.raises(RangeError, match="'top 10% foo'.*vs1, vs2, vs3, chen"):
        parse_range("top 10% foo")
    with pytest.raises(RangeError, match="vs1, vs2, vs3, chen"):
        top_classes(1, "nope")
    with pytest.raises(RangeError, match="'nope'"):
        parse_range("AA", order="nope")


def test_the_table_records_how_it_was_made():
    table = json.loads((Path(__file__).parents[2] / "pysolver" / "data" / "preflop_orderings.json").read_text())
    assert table["generator"] == "scripts/make_preflop_orderings.py"
    assert table["orderings"]["vs2"]["method"].startswith("exact")
    sampled = table["orderings"]["vs3"]
    assert sampled["seed"] == 20240613 and sampled["trials"] == 5_000_000
    assert max(sampled["stderr"].values()) < 3e-4
    # Every function a method names is one the package exports under that name.
    for entry in table["orderings"].values():
        for name in re.findall(r"\bpysolver(?:\.\w+)+", entry["method"]):
            module, _, attribute = name.rpartition(".")
            assert not any(part.startswith("_") for part in name.split(".")), name
            assert callable(getattr(importlib.import_module(module), attribute)), name
    assert table["orderings"]["chen"]["method"].startswith("pysolver.chen_score;")


@pytest.mark.slow
@pytest.mark.parametrize("name, opponents, trials, digits", [("vs2", 2, 0, 9), ("vs3", 3, 5_000_000, 6)])
def test_the_script_reproduces_the_table(name, opponents, trials, digits):
    """A class counted again, or sampled again with the recorded trials and seed, gives the recorded value."""
    root = Path(__file__).parents[2]
    code = (
        "import sys; sys.path.insert(0, 'scripts'); from make_preflop_orderings import sample; "
        f"print(sample(('AA', {opponents}, {trials}, 20240613))[1])"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True)
    assert round(float(done.stdout), digits) == ordering(name).value("AA")
