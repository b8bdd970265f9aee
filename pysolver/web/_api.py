"""The JSON API's computations: a request's parameters in, a result's ``to_dict()`` out.

Each answer is what the command line prints with ``--json`` for the same
input: ``/api/equity?p=AhKh&p=QsQd`` is ``pysolver equity AhKh QsQd --json``.
Parameters are text, as in a link (:class:`Query`); every function here runs
in a worker thread (:mod:`pysolver.web._compute`) and raises the library's
:class:`~pysolver.PokerInputError` on bad input, which the app answers with
400 and the message.

    >>> from pysolver.web._compute import Budget
    >>> answer = equity_answer(Query({"p": ["AhKh", "QsQd"]}), RuleTexts(), Budget(10))
    >>> answer["exact"], round(answer["players"][0]["equity"], 4)
    (True, 0.4621)
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .. import equity, outs, runouts, texture
from ..asp import Solver
from ..core import (
    ORDERINGS,
    Card,
    PokerInputError,
    Rules,
    Situation,
    parse_cards,
    parse_range,
    range_grid,
    variant_path,
)
from ..crossval import category_counts, describe_rules, rule_diff
from ._compute import Budget
from ._rulebook import AGAINST_FILE, FILE_NAME, RuleTexts, variant

MAX_PLAYERS = 10
"""The most players an equity or showdown request may have."""
MAX_SHOWDOWNS = 100_000
"""The most random showdowns a rule diff may deal."""


@dataclass(frozen=True)
class Query:
    """A request's parameters: each name with its values, as text (``p`` repeats)."""

    values: Mapping[str, Sequence[str]]

    def get(self, name: str, default: str = "") -> str:
        found = self.values.get(name) or [default]
        return str(found[-1]).strip()

    def all(self, name: str) -> list[str]:
        return [str(v).strip() for v in self.values.get(name, ()) if str(v).strip()]

    def flag(self, name: str) -> bool:
        return self.get(name).lower() in ("1", "true", "yes", "on")

    def number(self, name: str, default: int | None = None) -> int | None:
        text = self.get(name)
        if not text:
            return default
        try:
            return int(text.replace(",", "").replace("_", ""))
        except ValueError:
            raise PokerInputError(f"{name} {text[:40]!r}: not a whole number") from None


def players(query: Query) -> list[str]:
    """The players (``p``), at least 2 and at most :data:`MAX_PLAYERS`."""
    found = query.all("p")
    if len(found) > MAX_PLAYERS:
        raise PokerInputError(f"{len(found)} players: this page takes 2 to {MAX_PLAYERS}")
    return found


def rules_of_query(query: Query, texts: RuleTexts) -> Rules:
    """The rules a request names: its rule ``text`` if it has one, else the variant ``rules``."""
    return texts.rules(query.get("text"), query.get("rules") or "standard")


def equity_answer(query: Query, texts: RuleTexts, budget: Budget) -> dict:
    """``pysolver equity P.. --board B --dead D [--exact | --trials N] [--seed S] [--breakdown] --json``;
    under a game's rule book, its equity pot by pot."""
    exact = query.get("mode") == "exact" or None
    trials = query.number("trials") if query.get("mode") != "exact" else None
    rules = rules_of_query(query, texts)
    result = equity(
        players(query),
        query.get("board"),
        dead=query.get("dead"),
        rules=rules,
        exact=exact,
        trials=trials,
        seed=query.number("seed"),
        progress=budget.progress,
        breakdown=query.flag("breakdown"),
    )
    return result.to_dict()


def range_answer(query: Query, texts: RuleTexts, budget: Budget) -> dict:
    """``pysolver range R --dead D --json``, and ``held``: every combo the range holds, with its weight."""
    order = query.get("order") or "vs1"
    if order not in ORDERINGS:
        raise PokerInputError(f"ordering {order[:20]!r}: one of {', '.join(ORDERINGS)}")
    rules = rules_of_query(query, texts)
    text = query.get("range") or "random"
    rng = parse_range(text, order=order)
    dead = list(parse_cards(query.get("dead")))
    rules.check_cards(dead)
    known = dead + [Card(int(i)) for i in rules.removed]
    combos, weights = rng.weighted_combos(known)
    held = {f"{Card(max(pair))}{Card(min(pair))}": weight for pair, weight in zip(combos.tolist(), weights.tolist())}
    return range_grid(rng, known).to_dict() | {"held": held}


def texture_answer(query: Query, texts: RuleTexts, budget: Budget) -> dict:
    """``pysolver texture R --board B --dead D --json``."""
    return texture(
        query.get("range") or "random", query.get("board"), dead=query.get("dead"), rules=rules_of_query(query, texts)
    ).to_dict()


def showdown_answer(query: Query, texts: RuleTexts, budget: Budget) -> dict:
    """``pysolver showdown H.. --board B [--explain] [--streets] --json``: with ``streets``,
    ``{"streets": [...]}`` from the flop on."""
    rules = rules_of_query(query, texts)
    solver = Solver(rules, explain=query.flag("explain"))
    deal = Situation.of(players(query), query.get("board"), dead=query.get("dead"), rules=rules, games=True).deal
    if query.flag("streets"):
        return {"streets": [r.to_dict() for r in solver.solve_streets(deal)]}
    return solver.solve(deal).to_dict()


def outs_answer(query: Query, texts: RuleTexts, budget: Budget) -> dict:
    """``pysolver outs H.. --board B --json``."""
    return outs(
        players(query), query.get("board"), dead=query.get("dead"), rules=rules_of_query(query, texts)
    ).to_dict()


def runouts_answer(query: Query, texts: RuleTexts, budget: Budget) -> dict:
    """``pysolver runouts H.. --board B --json``."""
    return runouts(
        players(query), query.get("board"), dead=query.get("dead"), rules=rules_of_query(query, texts)
    ).to_dict()


def rules_answer(query: Query, texts: RuleTexts, budget: Budget) -> dict:
    """``pysolver rules --rules NAME --json`` for a variant or a rule text, with its rule ``text``
    (a variant's file) and ``counts``: the five-card hands and classes of each category."""
    rules = rules_of_query(query, texts)
    text = query.get("text") or _variant_text(query.get("rules") or "standard")
    counts = category_counts(rules)
    return describe_rules(rules) | {
        "file": Path(rules.path).name if rules.trusted else FILE_NAME,  # a name: no path of the server's
        "text": text,
        "counts": {name: {"hands": h, "classes": c} for name, (h, c) in counts.items()},
    }


def _variant_text(name: str) -> str:
    return variant_path(variant(name)).read_text(encoding="utf-8")


def diff_answer(query: Query, texts: RuleTexts, budget: Budget) -> dict:
    """``pysolver rules diff A B --showdowns N --seed S --matchup M --json``: rule book A is
    ``against_text`` (a second rule text, called ``against.lp``) or ``against`` (a variant, by
    default the standard game); B is the request's rules (its ``text`` or variant)."""
    showdowns = query.number("showdowns", 10_000)
    if showdowns is not None and showdowns > MAX_SHOWDOWNS:
        raise PokerInputError(f"showdowns {showdowns:,}: this page deals at most {MAX_SHOWDOWNS:,}")
    against = texts.rules(query.get("against_text"), query.get("against") or "standard", AGAINST_FILE)
    diff = rule_diff(
        against,
        rules_of_query(query, texts),
        showdowns=showdowns or 0,
        players=query.number("players", 2) or 2,
        seed=query.number("seed", 1),
        examples=query.number("examples", 3) or 0,
        matchups=query.all("matchup"),
        progress=budget.progress,
    )
    return diff.to_dict()


ANSWERS = {
    "equity": equity_answer,
    "range": range_answer,
    "texture": texture_answer,
    "showdown": showdown_answer,
    "outs": outs_answer,
    "runouts": runouts_answer,
    "rules": rules_answer,
    "diff": diff_answer,
}
"""Each API path's computation: ``/api/NAME`` (``/api/rules/diff`` is ``diff``)."""

_SEAT = re.compile(r"\bplayer (\d+) has\b")
_QUOTED = re.compile(r"'([^']{1,80})'|\b([2-9TJQKA][cdhs])\b")


def blame(query: Query, message: str) -> str:
    """The input field a message is about: ``p0`` .. ``p9``, ``board``, ``dead``, ``range``,
    ``text``, ``against_text`` or another parameter it quotes; ``""`` when it names none.

    >>> blame(Query({"p": ["AhKh", "QQ++"], "board": ["Ks7h2d"]}), "range 'QQ++': bad token")
    'p1'
    >>> blame(Query({"p": ["AhKh", "AsQsJd9c"]}), "omaha deals 4 hole cards; player 0 has 2")
    'p0'
    """
    fields = [(f"p{i}", value) for i, value in enumerate(query.all("p"))]
    fields += [(name, query.get(name)) for name in ("board", "dead", "range", "matchup", "trials", "seed", "showdowns")]
    if "rule file" in message or "rules file" in message or "clingo" in message:
        return "against_text" if AGAINST_FILE in message else "text"
    seat = _SEAT.search(message)
    if seat and f"p{seat.group(1)}" in dict(fields):
        return f"p{seat.group(1)}"
    for found in _QUOTED.finditer(message):
        token = (found.group(1) or found.group(2)).lower().replace(" ", "")
        for name, value in fields:
            if token and token in value.lower().replace(" ", ""):
                return name
    for name, _ in fields:
        if name in message.split(" ", 1)[0]:
            return name
    return ""


__all__ = [
    "ANSWERS",
    "MAX_PLAYERS",
    "MAX_SHOWDOWNS",
    "Query",
    "blame",
    "diff_answer",
    "equity_answer",
    "outs_answer",
    "players",
    "range_answer",
    "rules_answer",
    "rules_of_query",
    "runouts_answer",
    "showdown_answer",
    "texture_answer",
]
