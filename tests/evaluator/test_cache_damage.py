"""Damaged cached tables: a file cut short, with a flipped bit, or holding another rule book's
tables is never used, and never a traceback: the tables are ranked again and written anew.
The cache folder follows $PYSOLVER_CACHE, else $XDG_CACHE_HOME."""

from pathlib import Path

import numpy as np
import pytest

from pysolver import evaluate, load_rules
from pysolver.cli import main
from pysolver.evaluator._variants import _cache_key, _read_cached, cache_path, cache_root, variant_tables

pytestmark = pytest.mark.heavy  # tables ranked again by clingo, a few seconds each

HAND = "Ah Kh Qh Jh 9h"  # a flush: above a full house in the short deck


@pytest.fixture(scope="module")
def clean(tmp_path_factory):
    """Good tables of two rule books, ranked once: short deck, and the full deck with a flush
    above a full house."""
    folder = tmp_path_factory.mktemp("good")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYSOLVER_CACHE", str(folder))
        variant_tables.cache_clear()
        short, flush = load_rules("short_deck"), load_rules("flush_beats_full_house")
        tables = {rules.name: variant_tables(rules) for rules in (short, flush)}
        files = {rules.name: cache_path(rules).read_bytes() for rules in (short, flush)}
    variant_tables.cache_clear()
    return tables, files


def _truncated(data, other):
    return data[: len(data) // 2]


def _empty(data, other):
    return b""


def _flipped_middle(data, other):
    flipped = bytearray(data)
    flipped[len(data) // 2] ^= 0x10
    return bytes(flipped)


def _flipped_header(data, other):
    flipped = bytearray(data)
    flipped[3] ^= 0x01
    return bytes(flipped)


def _flipped_last(data, other):
    flipped = bytearray(data)
    flipped[-30] ^= 0x80
    return bytes(flipped)


def _another_rule_books_tables(data, other):
    return other


def _text(data, other):
    return b"not tables at all\n"


def _pickle(data, other):
    return b"\x80\x04\x95" + data[3:100]


DAMAGE = [
    _truncated,
    _empty,
    _flipped_middle,
    _flipped_header,
    _flipped_last,
    _another_rule_books_tables,
    _text,
    _pickle,
]


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__.strip("_"))
def test_damaged_cached_tables_are_ranked_again(tmp_path, monkeypatch, clean, damage):
    tables, files = clean
    monkeypatch.setenv("PYSOLVER_CACHE", str(tmp_path))
    rules = load_rules("short_deck")
    path = cache_path(rules)
    path.write_bytes(damage(files[rules.name], files["flush_beats_full_house"]))
    variant_tables.cache_clear()
    got = variant_tables(rules)
    assert sorted(got) == sorted(tables[rules.name])
    assert all(np.array_equal(got[name], tables[rules.name][name]) for name in got)
    assert _read_cached(path, _cache_key(rules)) is not None  # written anew
    assert evaluate(HAND, rules) > evaluate("6c 6d 6h 7c 7d", rules)  # the flush above
    variant_tables.cache_clear()


def test_a_cached_file_in_the_place_of_a_folder_is_no_traceback(tmp_path, monkeypatch, clean):
    monkeypatch.setenv("PYSOLVER_CACHE", str(tmp_path))
    rules = load_rules("short_deck")
    cache_path(rules).mkdir(parents=True)
    variant_tables.cache_clear()
    assert np.array_equal(variant_tables(rules)["flush_values"], clean[0]["short_deck"]["flush_values"])
    variant_tables.cache_clear()


def test_the_cache_follows_xdg_cache_home(tmp_path, monkeypatch, capsys, clean):
    monkeypatch.delenv("PYSOLVER_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "pysolver"
    rules = load_rules("short_deck")
    variant_tables.cache_clear()
    variant_tables(rules)
    assert cache_path(rules).parent == tmp_path / "xdg" / "pysolver" and cache_path(rules).exists()
    assert main(["cache"]) == 0 and str(tmp_path / "xdg" / "pysolver") in capsys.readouterr().out
    monkeypatch.setenv("PYSOLVER_CACHE", str(tmp_path / "mine"))  # the own variable first
    assert cache_root() == tmp_path / "mine"
    variant_tables.cache_clear()


@pytest.mark.parametrize("value", ["", "relative/cache"])
def test_an_empty_or_relative_xdg_cache_home_is_ignored(monkeypatch, value):
    monkeypatch.delenv("PYSOLVER_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", value)
    assert cache_root() == Path.home() / ".cache" / "pysolver"
