"""Conformance vectors as data: the quick check's hands with the rules' answer, as JSON Lines.

:func:`export_vectors` writes, for a rule book and each card count, one JSONL
file of rows (one hand a row: its cards, its class, its category, the shapes it
stands for), the JSON Schema of a row, a manifest (the format's version, the
rule book and its fingerprint, each file's rows and SHA-256, where the answers
come from) and a README saying how to check an evaluator with them in any
language. A row's ``class`` is the order relation: two hands tie when their
classes are equal, and the higher class wins; classes run from 1 (the worst
hand) to the number of classes of the rules.

The answers are the evaluator's tables of the rule book, which pysolver's
cross-validation proves equal to the ASP rules class by class; and, as each file
is written, a seeded sample of its rows is solved by the ASP rules again and must
agree (category, tie-break and best five), or nothing is written.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     written = export_vectors(folder, cards=(5,), asp_sample=20)
    >>> written.rows
    {'standard-5': 7466, 'equity': 10}
    >>> [f.name for f in written.files]
    ['standard-5.jsonl', 'equity.jsonl', 'schema.json', 'equity_schema.json', 'manifest.json', 'README.md']
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...core import Card, Category, PokerInputError, RulesLike, format_cards
from ...evaluator import categories, evaluate_batch, n_values
from ...rulebook import rules_of
from .._compare import asp_answers, compare_hands
from .equity_spots import equity_rows, equity_schema
from .hands import quick_hands
from .kinds import is_wheel

VECTORS_VERSION = 1
"""The version of the vectors' format (the row schema and the manifest)."""

SHAPE_TAGS = {
    "ranks": "rank_multiset",
    "flushes": "five_card_flush",
    "six-card flushes": "six_card_flush",
    "seven-card flushes": "seven_card_flush",
    "steel wheels": "steel_wheel",
    "boards that play": "board_plays",
}
"""The tag of each part of the quick check's hands (:func:`~pysolver.crossval._conform.hands.quick_hands`)."""
TAGS = (*SHAPE_TAGS.values(), "wheel", "straight_flush")
"""Every tag a row may carry."""


def row_schema() -> dict:
    """The JSON Schema (draft 2020-12) of a row."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"https://pysolver.invalid/conformance/v{VECTORS_VERSION}/row.json",
        "title": "A hand and the rules' answer",
        "type": "object",
        "required": ["id", "cards", "class", "category", "tags"],
        "additionalProperties": False,
        "properties": {
            "id": {"type": "integer", "minimum": 0, "description": "the row's number in its file"},
            "cards": {
                "type": "string",
                "pattern": "^[23456789TJQKA][cdhs]( [23456789TJQKA][cdhs]){4,6}$",
                "description": "the hand, ranks 23456789TJQKA and suits cdhs, highest card first",
            },
            "class": {
                "type": "integer",
                "minimum": 1,
                "description": "equal classes tie, the higher class wins (1: the worst hand)",
            },
            "category": {"enum": [c.snake for c in Category], "description": "the hand's category"},
            "tags": {"type": "array", "items": {"enum": list(TAGS)}, "uniqueItems": True},
        },
    }


def _version() -> str:
    """The package's version (read off the package, which imports this module)."""
    return str(getattr(sys.modules.get(__name__.partition(".")[0]), "__version__", "?"))


@dataclass(frozen=True)
class VectorExport:
    """What :func:`export_vectors` wrote: the folder, the files, the rows per vector file."""

    folder: Path
    files: tuple[Path, ...]
    rows: dict[str, int]


def _rows(rules, cards: int) -> tuple[np.ndarray, list[dict]]:
    """The quick check's ``cards``-card hands under ``rules`` and their rows, valued and tagged."""
    hands, shapes = quick_hands(cards, rules)
    values = evaluate_batch(hands, rules=rules)
    kinds = categories(values, rules)
    parts = np.repeat(np.arange(len(shapes)), list(shapes.values()))
    names = list(shapes)
    rows = []
    for i, (hand, value, kind, part) in enumerate(zip(hands.tolist(), values.tolist(), kinds.tolist(), parts)):
        category = Category(int(kind))
        tags = [SHAPE_TAGS[names[part]]]
        if is_wheel(value, rules):
            tags.append("wheel")
        if category in (Category.STRAIGHT_FLUSH, Category.ROYAL_FLUSH):
            tags.append("straight_flush")
        text = format_cards(Card(c) for c in hand)
        rows.append({"id": i, "cards": text, "class": int(value), "category": category.snake, "tags": tags})
    return hands, rows


def _checked_by_asp(all_hands: np.ndarray, rows: list[dict], rules, sample: int, seed: int) -> int:
    """Solve a seeded sample of the hands by the ASP rules (the first two cards as a player's, the
    rest as the board) and compare them with the evaluator; how many. Raises when one differs."""
    rng = np.random.default_rng(seed)
    picked = sorted(rng.choice(len(rows), size=min(sample, len(rows)), replace=False).tolist())
    hands = np.asarray(all_hands[picked], dtype=np.int64)
    if not len(hands):
        return 0
    asp = asp_answers([h[None, :2] for h in hands], [h[2:] for h in hands], rules)
    part, _ = compare_hands(hands, asp, np.zeros(len(hands), np.int64), lambda i: rows[picked[i]]["cards"], rules)
    if part.mismatches:
        raise PokerInputError(f"the ASP rules and the evaluator disagree on {part.mismatches[0]}: nothing written")
    return len(hands)


README = """# Hand-evaluator conformance vectors ({label})

Written by pysolver {version}, format version {format}. Every file here is plain data:
read it in any language.

- `{label}-K.jsonl`: one JSON object a line, one hand of K cards a row (schema: `schema.json`).
  `cards` is the hand (ranks `23456789TJQKA`, suits `cdhs`), `category` its category,
  `class` the order: two hands tie when their classes are equal, the higher class wins.
  `tags` name the shapes a row stands for (`wheel`, `board_plays`, `six_card_flush`, ...).
- `equity.jsonl`: equity questions with their exact answers (schema: `equity_schema.json`):
  `players` (each a list of cards, or `random`, or a range such as `QQ+, AKs`), `board`,
  `dead`, and `equity`, each player's share of the pot with ties split (they sum to 1), with
  each player's deals won alone, tied and lost. A calculator's answers must equal them, or,
  sampled, fall within a few standard errors.
- `manifest.json`: the format's version, the rule book (`{label}`) and its fingerprint, each
  file's rows and SHA-256, and where the answers come from.

To check an evaluator: value every row's cards with it; then every two rows of one file
must compare as their classes do (equal classes, equal values; a higher class, a better
value). Sorting the rows by your value and checking that the classes come out in order,
ties together, does it in one pass. A category name per row checks your evaluator's names.
"""


def export_vectors(
    folder: str | Path,
    rules: RulesLike = None,
    cards: Sequence[int] = (5, 6, 7),
    asp_sample: int = 500,
    seed: int = 0,
) -> VectorExport:
    """Write the conformance vectors of ``rules`` for each card count of ``cards`` into ``folder``
    (made if missing): the JSONL files, ``equity.jsonl`` (the equity spots with their exact answers,
    :mod:`~pysolver.crossval._conform.equity_spots`), the schemas, ``manifest.json`` and ``README.md``.
    ``asp_sample`` rows of each file (seeded by ``seed``) are solved by the ASP rules again first."""
    rules = rules_of(rules)
    if not rules.game.holdem_shape:
        raise PokerInputError(f"rules {rules.label}: vectors are written for hands of 5 to 7 cards of one player")
    counts = sorted(set(cards))
    if not counts or any(k not in (5, 6, 7) for k in counts):
        raise PokerInputError(f"cards {list(cards)}: each must be 5, 6 or 7")
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    label = rules.name
    files, rows_written, manifest_files = [], {}, []
    checked = {}
    for k in counts:
        hands, rows = _rows(rules, k)
        name = f"{label}-{k}"
        checked[name] = _checked_by_asp(hands, rows, rules, asp_sample, seed + k)
        text = "".join(json.dumps(row, separators=(",", ":")) + "\n" for row in rows)
        path = out / f"{name}.jsonl"
        path.write_text(text, encoding="utf-8")
        files.append(path)
        rows_written[name] = len(rows)
        manifest_files.append(
            {
                "file": path.name,
                "cards": k,
                "rows": len(rows),
                "sha256": hashlib.sha256(text.encode()).hexdigest(),
                "asp_checked_rows": checked[name],
            }
        )
    schema = out / "schema.json"
    schema.write_text(json.dumps(row_schema(), indent=1) + "\n", encoding="utf-8")
    spots = equity_rows(rules)
    spot_text = "".join(json.dumps(row, separators=(",", ":")) + "\n" for row in spots)
    equity_file, equity_schema_file = out / "equity.jsonl", out / "equity_schema.json"
    equity_file.write_text(spot_text, encoding="utf-8")
    equity_schema_file.write_text(json.dumps(equity_schema(), indent=1) + "\n", encoding="utf-8")
    rows_written["equity"] = len(spots)
    manifest_files.append(
        {
            "file": equity_file.name,
            "rows": len(spots),
            "sha256": hashlib.sha256(spot_text.encode()).hexdigest(),
            "provenance": "exact counts of pysolver's equity engine",
        }
    )
    manifest = {
        "format": VECTORS_VERSION,
        "generator": f"pysolver {_version()}",
        "rules": {"name": rules.name, "label": rules.label, "fingerprint": rules.fingerprint},
        "classes": n_values(rules),
        "provenance": "classes from the rule book's evaluator tables, equal to the ASP rules class by class "
        "(pysolver crossval); a seeded sample of each file's rows solved by the ASP rules again as it was written",
        "files": manifest_files,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    (out / "README.md").write_text(README.format(label=label, version=_version(), format=VECTORS_VERSION))
    written = (*files, equity_file, schema, equity_schema_file, out / "manifest.json", out / "README.md")
    return VectorExport(out, written, rows_written)


__all__ = ["VECTORS_VERSION", "SHAPE_TAGS", "TAGS", "VectorExport", "row_schema", "export_vectors"]
