"""The conformance vectors as data: read back by a small reader written here, without pysolver.

The reader parses the card text itself and ranks every hand with the brute-force ranker of the
tests (every five of the hand, plain Python): each file's classes must order the hands as it does,
ties together, and each category must be the one it finds. Every row must validate against the
exported JSON Schema, and the manifest must describe the files.
"""

import hashlib
import json
import random
from itertools import pairwise

import jsonschema
import pytest

from pysolver import PokerInputError, load_rules
from pysolver.cli import main
from pysolver.crossval import VECTORS_VERSION, export_vectors
from pysolver.evaluator import n_values
from tests.helpers.equity_brute import rank5, rank7
from tests.helpers.game_brute import best
from tests.helpers.textbook import evaluate as textbook
from tests.helpers.variant_brute import CATEGORIES


def card_index(text):
    """A card text ("Qs") as 4 * rank + suit, read here without pysolver."""
    return 4 * "23456789TJQKA".index(text[0]) + "cdhs".index(text[1])


def brute_key(cards):
    indices = [card_index(t) for t in cards.split()]
    return (
        rank5(indices)
        if len(indices) == 5
        else rank7(indices)
        if len(indices) == 7
        else max(rank5([c for j, c in enumerate(indices) if j != skip]) for skip in range(6))
    )


def brute_category(key):
    return CATEGORIES[9 if key == (8, 12) else key[0]]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("vectors")
    written = export_vectors(folder, asp_sample=100)
    return folder, written


def read_rows(path):
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("cards, share", [(5, 1.0), (6, 1.0), (7, 0.08)])
def test_the_classes_order_the_hands_as_an_independent_ranker_does(exported, cards, share):
    folder, _ = exported
    rows = read_rows(folder / f"standard-{cards}.jsonl")
    assert [r["id"] for r in rows] == list(range(len(rows)))
    rng = random.Random(cards)
    rows = [r for r in rows if rng.random() < share]
    by_class = {}
    for row in rows:
        key = brute_key(row["cards"])
        assert row["category"] == brute_category(key), row
        assert by_class.setdefault(row["class"], key) == key, row  # one class, one hand value
    ordered = [by_class[c] for c in sorted(by_class)]
    assert all(a < b for a, b in pairwise(ordered))  # a higher class, a better hand


def test_every_row_validates_against_the_exported_schema(exported):
    folder, written = exported
    schema = json.loads((folder / "schema.json").read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    for name in set(written.rows) - {"equity"}:
        rows = read_rows(folder / f"{name}.jsonl")
        for row in rows[:: 7 if name.endswith("7") else 1]:
            validator.validate(row)
    with pytest.raises(jsonschema.ValidationError):
        validator.validate({"id": 0, "cards": "As Ks Qs Js", "class": 1, "category": "flush", "tags": []})
    spots = jsonschema.Draft202012Validator(json.loads((folder / "equity_schema.json").read_text()))
    for row in read_rows(folder / "equity.jsonl"):
        spots.validate(row)


def test_the_manifest_describes_the_files(exported):
    folder, written = exported
    manifest = json.loads((folder / "manifest.json").read_text())
    assert manifest["format"] == VECTORS_VERSION and manifest["classes"] == 7462
    assert manifest["rules"]["fingerprint"] == load_rules("standard").fingerprint
    for entry in manifest["files"]:
        text = (folder / entry["file"]).read_bytes()
        assert hashlib.sha256(text).hexdigest() == entry["sha256"]
        assert text.count(b"\n") == entry["rows"] == written.rows[entry["file"].removesuffix(".jsonl")]
        assert entry.get("asp_checked_rows", 100) == 100
    assert [e["file"] for e in manifest["files"] if "asp_checked_rows" not in e] == ["equity.jsonl"]
    hand_files = [e["file"] for e in manifest["files"] if e["file"] != "equity.jsonl"]
    tags = {tag for name in hand_files for row in read_rows(folder / name) for tag in row["tags"]}
    assert {"wheel", "board_plays", "six_card_flush", "seven_card_flush", "steel_wheel"} <= tags
    assert "README.md" in {p.name for p in written.files} and "class" in (folder / "README.md").read_text()


def test_a_variant_is_written_with_its_own_classes(tmp_path):
    written = export_vectors(tmp_path, rules="short_deck", cards=(5,), asp_sample=50)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["rules"]["name"] == "short_deck" and manifest["classes"] == n_values("short_deck") < 7462
    rows = read_rows(tmp_path / "short_deck-5.jsonl")
    assert len(rows) == written.rows["short_deck-5"] and all(card_index(r["cards"][:2]) >= 16 for r in rows)


@pytest.mark.parametrize(
    "argv, says", [(["--rules", "omaha", "--cards", "7"], "whole deal, 9 cards"), (["x:y"], "takes no evaluator")]
)
def test_bad_exports_are_one_line_and_exit_2(tmp_path, capsys, argv, says):
    assert main(["conform", "--export", str(tmp_path / "v"), *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and says in err[0]


def test_the_library_refuses_card_counts_it_has_no_hands_for(tmp_path):
    with pytest.raises(PokerInputError, match="each must be 5, 6 or 7"):
        export_vectors(tmp_path, cards=(4,))


@pytest.fixture(scope="module")
def omaha8(tmp_path_factory):
    folder = tmp_path_factory.mktemp("omaha8")
    return folder, export_vectors(folder, rules="omaha_hi_lo", asp_sample=50)


def _hole_and_board(cards):
    hole, board = cards.split(" | ")
    return [card_index(t) for t in hole.split()], [card_index(t) for t in board.split()]


@pytest.mark.parametrize("pot, brute_pot", [("high", "high"), ("low", "low8")])
def test_a_games_files_order_each_pot_as_an_independent_ranker_does(omaha8, pot, brute_pot):
    folder, written = omaha8
    rows = read_rows(folder / f"omaha_hi_lo-{pot}.jsonl")
    assert len(rows) == written.rows[f"omaha_hi_lo-{pot}"] > 20_000
    by_class = {}
    for row in random.Random(1).sample(rows, 2000):
        hole, board = _hole_and_board(row["cards"])
        value = best(brute_pot, hole, board, {2})  # exactly two hole cards; None: no low
        assert (value is None) == (row["class"] == 0) == ("no_low" in row["tags"]), row
        anyhow = best(brute_pot, hole, board, {0, 1, 2, 3, 4})
        assert (anyhow != value) == ("hole_card_rule" in row["tags"]), row
        if value is not None:
            assert by_class.setdefault(row["class"], value) == value, row
    ordered = [by_class[c] for c in sorted(by_class)]
    assert all(a < b for a, b in pairwise(ordered))
    schema = jsonschema.Draft202012Validator(json.loads((folder / "schema.json").read_text()))
    for row in rows[::5]:
        schema.validate(row)
    manifest = json.loads((folder / "manifest.json").read_text())
    [entry] = [e for e in manifest["files"] if e["file"] == f"omaha_hi_lo-{pot}.jsonl"]
    assert entry["pot"] == pot and entry["hole_cards_apart"] == 4 and entry["asp_checked_rows"] == 50


def test_deuce_to_seven_vectors_tag_the_wheel_that_is_no_straight(tmp_path):
    export_vectors(tmp_path, rules="deuce_to_seven", asp_sample=50)
    rows = read_rows(tmp_path / "deuce_to_seven-low.jsonl")
    by_class = {}
    for row in rows:
        value = -textbook(row["cards"].split(), bugs=("wheel",))  # ace high, A-5-4-3-2 no straight
        assert by_class.setdefault(row["class"], value) == value, row
        wheel = sorted(card[0] for card in row["cards"].split()) == sorted("A5432")
        assert wheel == ("deuce_seven_wheel" in row["tags"]), row
    ordered = [by_class[c] for c in sorted(by_class)]
    assert len(ordered) == 7462 and all(a < b for a, b in pairwise(ordered))
