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

from ...core import Card, Category, PokerInputError, Rules, RulesLike, format_cards
from ...evaluator import categories, evaluate_batch, n_values
from ...rulebook import rules_of
from .._compare import asp_answers, compare_hands
from .._games import compare_games
from .equity_spots import equity_rows, equity_schema
from .game_vectors import GAME_TAGS, PART_TAGS, game_rows
from .hands import quick_hands
from .kinds import is_wheel
from .pot_hands import PotHands

VECTORS_VERSION = 2
"""The version of the vectors' format (the row schema and the manifest); 2 adds games."""

SHAPE_TAGS = PART_TAGS
"""The tag of each part of the quick check's hands (:func:`~pysolver.crossval._conform.hands.quick_hands`)."""
TAGS = tuple(dict.fromkeys((*SHAPE_TAGS.values(), "wheel", "straight_flush", *GAME_TAGS)))
"""Every tag a row may carry."""
_CARD = "[23456789TJQKA][cdhs]"


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
                "pattern": f"^({_CARD}( {_CARD}){{4,6}}|{_CARD}( {_CARD})* \\| {_CARD}( {_CARD})*)$",
                "description": "the hand, ranks 23456789TJQKA and suits cdhs (hold'em: highest card first); "
                "in a game whose five takes a limited number of hole cards, 'hole | board'",
            },
            "class": {
                "type": "integer",
                "minimum": 0,
                "description": "equal classes tie, the higher class wins (1: the worst hand; 0: no hand "
                "for the pot, a low that does not qualify)",
            },
            "category": {
                "enum": [c.snake for c in Category] + ["no_low"],
                "description": "the hand's category on the pot's scale",
            },
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

- `{label}-K.jsonl` (hold'em, hands of K cards) or `{label}-POT.jsonl` (a game, one file per
  pot: `high`, `low`): one JSON object a line, one hand a row (schema: `schema.json`).
  `cards` is the hand (ranks `23456789TJQKA`, suits `cdhs`); in a game whose five takes a
  limited number of hole cards (Omaha: exactly two) it reads `hole | board`. `category` is its
  category on the pot's scale, `class` the order: two hands tie when their classes are equal,
  the higher class wins, and class 0 (`no_low`) is no hand for the pot (a low that does not
  qualify). `tags` name the shapes a row stands for (`wheel`, `board_plays`, `six_card_flush`,
  `hole_card_rule`, `no_low`, `deuce_seven_wheel`, ...). The game is in `manifest.json`.
- `equity.jsonl`: equity questions with their exact answers (schema: `equity_schema.json`):
  `players` (each a list of cards, or `random`, or a range such as `QQ+, AKs`), `board`,
  `dead`, and `equity`, each player's share of the pot with ties split (they sum to 1), with
  each player's deals won alone, tied and lost. A calculator's answers must equal them, or,
  sampled, fall within a few standard errors.
- `manifest.json`: the format's version, the rule book (`{label}`) and its fingerprint, each
  file's rows and SHA-256, and where the answers come from.

To check an evaluator: value every row's cards with it (a game's: for the file's pot); then
every two rows of one file must compare as their classes do (equal classes, equal values; a
higher class, a better value). Sorting the rows by your value and checking that the classes come out in order,
ties together, does it in one pass. A category name per row checks your evaluator's names.
"""


def _game_checked_by_asp(hands: np.ndarray, rows: list[dict], rules: Rules, sample: int, seed: int) -> int:
    """Solve a seeded sample of a game's hands by the ASP rules' generic showdown, each against an
    opponent dealt from the rest of the deck, and compare every pot with the evaluator; how many.
    Raises when one differs."""
    rng = np.random.default_rng(seed)
    picked = np.sort(rng.choice(len(rows), size=min(sample, len(rows)), replace=False))
    if not len(picked):
        return 0
    game, deck = rules.game, np.array([c.index for c in rules.deck], dtype=np.int64)
    mine = np.asarray(hands[picked], dtype=np.int64)
    keys = rng.random((len(mine), len(deck)))
    keys[(deck[None, None, :] == mine[:, :, None]).any(axis=1)] = 2.0
    theirs = deck[np.argsort(keys, axis=1)[:, : game.hole_cards]]
    holes = np.stack([mine[:, : game.hole_cards], theirs], axis=1)
    part = compare_games(holes, np.ascontiguousarray(mine[:, game.hole_cards :]), rules)
    if part.mismatches:
        raise PokerInputError(f"the ASP rules and the evaluator disagree on {part.mismatches[0]}: nothing written")
    return len(picked)


def _vector_files(rules: Rules, cards: Sequence[int] | None, sample: int, seed: int) -> list[tuple[str, dict, list]]:
    """(name, what the manifest says of it, rows) of each hand-vector file, checked by the ASP rules:
    hold'em's per card count, a game's per pot (its whole deal)."""
    out: list[tuple[str, dict, list]] = []
    if rules.game.holdem_shape:
        counts = sorted(set((5, 6, 7) if cards is None else cards))
        if not counts or any(k not in (5, 6, 7) for k in counts):
            raise PokerInputError(f"cards {list(cards or [])}: each must be 5, 6 or 7")
        for k in counts:
            hands, rows = _rows(rules, k)
            checked = _checked_by_asp(hands, rows, rules, sample, seed + k)
            out.append((f"{rules.name}-{k}", {"cards": k, "asp_checked_rows": checked}, rows))
        return out
    whole = rules.game.hole_cards + rules.game.board_cards
    if cards is not None and list(cards) != [whole]:
        raise PokerInputError(f"cards {list(cards)}: a game's vectors are of its whole deal, {whole} cards")
    for number, pot in enumerate(rules.game.pots):
        judged = PotHands.of(rules, pot)
        hands, rows = game_rows(rules, pot)
        checked = _game_checked_by_asp(hands, rows, rules, sample, seed + number)
        about = {"pot": pot, "cards": judged.cards, "hole_cards_apart": judged.hole, "asp_checked_rows": checked}
        out.append((f"{rules.name}-{pot}", about, rows))
    return out


def export_vectors(
    folder: str | Path,
    rules: RulesLike = None,
    cards: Sequence[int] | None = None,
    asp_sample: int = 500,
    seed: int = 0,
) -> VectorExport:
    """Write the conformance vectors of ``rules`` into ``folder`` (made if missing): hold'em's per
    card count of ``cards`` (default 5, 6 and 7), a game's per pot (the whole deal); ``equity.jsonl``
    (the equity spots with their exact answers, :mod:`~pysolver.crossval._conform.equity_spots`), the
    schemas, ``manifest.json`` and ``README.md``. ``asp_sample`` rows of each file (seeded by
    ``seed``) are solved by the ASP rules again first."""
    rules = rules_of(rules)
    vector_files = _vector_files(rules, cards, asp_sample, seed)
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    label = rules.name
    files, rows_written, manifest_files = [], {}, []
    for name, about, rows in vector_files:
        text = "".join(json.dumps(row, separators=(",", ":")) + "\n" for row in rows)
        path = out / f"{name}.jsonl"
        path.write_text(text, encoding="utf-8")
        files.append(path)
        rows_written[name] = len(rows)
        manifest_files.append(
            {"file": path.name, **about, "rows": len(rows), "sha256": hashlib.sha256(text.encode()).hexdigest()}
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
        "game": rules.game.describe(),
        "provenance": "classes from the rule book's evaluator tables, equal to the ASP rules class by class "
        "(pysolver crossval); a seeded sample of each file's rows solved by the ASP rules again as it was written",
        "files": manifest_files,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    (out / "README.md").write_text(README.format(label=label, version=_version(), format=VECTORS_VERSION))
    written = (*files, equity_file, schema, equity_schema_file, out / "manifest.json", out / "README.md")
    return VectorExport(out, written, rows_written)


__all__ = ["VECTORS_VERSION", "SHAPE_TAGS", "TAGS", "VectorExport", "row_schema", "export_vectors"]
