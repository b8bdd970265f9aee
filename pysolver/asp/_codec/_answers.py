"""What each encoding shows, and how Python reads it: one reader per shown predicate.

>>> winners_of({0: "tie", 2: "tie"})
(0, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import clingo

from ...core import GAME_FACTS, NO_LOW_REASONS, ROLES, TIE_REASONS, Category, InvalidCardError, RuleFileError, Verdict
from ._facts import SUIT_NAMES, card_of, category_of

OUTCOMES = ("win", "tie")
"""The second argument of ``game_outcome/3``: the only winner, or one of several."""
TALLY_OUTCOMES = ("win", "tie", "loss")
"""The second argument of ``tally/3`` (``runouts.lp``): wins alone, ties, loses."""


def winners_of(outcomes: dict[int, str]) -> tuple[int, ...] | None:
    """The winners that a showdown's ``game_outcome/3`` atoms name (player: outcome), or None if
    they contradict each other: no winner, ``win`` beside another winner, a lone ``tie``.

    >>> winners_of({1: "win"}), winners_of({0: "tie", 2: "tie"}), winners_of({0: "tie"})
    ((1,), (0, 2), None)
    """
    kinds = set(outcomes.values())
    if kinds != {OUTCOMES[len(outcomes) > 1]}:
        return None
    return tuple(sorted(outcomes))


def tally_counts(rows: Iterable[tuple], players: int) -> tuple[tuple[int, ...], ...]:
    """The ``tally/3`` rows of ``runouts.lp`` (player, outcome, count) as three tuples of
    counts per player: wins, ties, losses (:data:`TALLY_OUTCOMES`).

    >>> tally_counts([(0, "win", 3), (0, "tie", 1), (0, "loss", 2)], 1)
    ((3,), (1,), (2,))
    """
    found = {(p, kind): n for p, kind, n in rows}
    return tuple(tuple(found[p, kind] for p in range(players)) for kind in TALLY_OUTCOMES)


#: What ``driver.lp`` shows: ``player_result/5``, ``game_outcome/3``, ``card_outside_deck/3``.
DRIVER_ATOMS = (("player_result", 5), ("game_outcome", 3), ("card_outside_deck", 3))
_RESULT, _OUTCOME, _OUTSIDE = (name for name, _ in DRIVER_ATOMS)


@dataclass(frozen=True, slots=True)
class PlayerAnswer:
    """``player_result/5`` of ``driver.lp``: one player's category, hand value and best mask."""

    category: Category
    value: int
    mask: int


#: One showdown's answer: each player's result, and each winner's outcome (``win`` or ``tie``).
ShowdownAnswer = tuple[dict[int, PlayerAnswer], dict[int, str]]


def read_driver(atoms: Iterable[clingo.Symbol], showdowns: int) -> list[ShowdownAnswer]:
    """The atoms ``driver.lp`` shows, per showdown id ``0 .. showdowns - 1``.

    Reads each atom's text (cheaper than its arguments). A player with two
    results, an unknown category or a card outside the rules' deck is an error.
    """
    answer: list[ShowdownAnswer] = [({}, {}) for _ in range(showdowns)]
    for atom in atoms:
        name, _, args = str(atom).partition("(")
        parts = args[:-1].split(",")
        if name == _RESULT:
            g, p = int(parts[0]), int(parts[1])
            if p in answer[g][0]:
                raise RuleFileError(
                    f"showdown {g}: player {p} has more than one hand (a rule file derives a second category or value)"
                )
            answer[g][0][p] = PlayerAnswer(category_of(parts[2]), int(parts[3]), int(parts[4]))
        elif name == _OUTCOME:
            answer[int(parts[0])][1][int(parts[2])] = parts[1]
        elif name == _OUTSIDE:
            raise InvalidCardError(f"card '{card_of(parts[1], parts[2])}' is not in the rules' deck")
    return answer


#: What ``game_driver.lp`` shows: ``pot_result/7``, ``pot_winner/3``, ``share/4``, ``card_outside_deck/3``.
GAME_DRIVER_ATOMS = (("pot_result", 7), ("pot_winner", 3), ("share", 4), ("card_outside_deck", 3))


@dataclass(frozen=True, slots=True)
class PotAnswer:
    """``pot_result/7`` of ``game_driver.lp``: a player's best five for a pot, its category on the
    pot's scale, its value for the pot, and the places of its hole and board cards as bits."""

    category: Category
    value: int
    hole_mask: int
    board_mask: int


@dataclass(slots=True)
class GameAnswer:
    """One showdown's answer under ``game_driver.lp``: each (pot, player)'s best five, each pot's
    winners, each player's share (numerator, denominator)."""

    hands: dict[tuple[str, int], PotAnswer] = field(default_factory=dict)
    winners: dict[str, list[int]] = field(default_factory=dict)
    shares: dict[int, tuple[int, int]] = field(default_factory=dict)


def read_game_driver(atoms: Iterable[clingo.Symbol], showdowns: int) -> list[GameAnswer]:
    """The atoms ``game_driver.lp`` shows, per showdown id ``0 .. showdowns - 1``.

    >>> [answer] = read_game_driver([clingo.parse_term("pot_result(0,low,1,high_card,-55,3,7)"),
    ...                              clingo.parse_term("pot_winner(0,low,1)"), clingo.parse_term("share(0,1,1,2)")], 1)
    >>> answer.hands[("low", 1)].value, answer.winners, answer.shares
    (-55, {'low': [1]}, {1: (1, 2)})
    """
    answer = [GameAnswer() for _ in range(showdowns)]
    for atom in atoms:
        name, _, args = str(atom).partition("(")
        parts = args[:-1].split(",")
        if name == "pot_result":
            key = (parts[1], int(parts[2]))
            hands = answer[int(parts[0])].hands
            if key in hands:
                raise RuleFileError(
                    f"showdown {parts[0]}: player {key[1]} has more than one {key[0]} hand "
                    "(a rule file derives a second category or value)"
                )
            hands[key] = PotAnswer(category_of(parts[3]), int(parts[4]), int(parts[5]), int(parts[6]))
        elif name == "pot_winner":
            answer[int(parts[0])].winners.setdefault(parts[1], []).append(int(parts[2]))
        elif name == "share":
            answer[int(parts[0])].shares[int(parts[1])] = (int(parts[2]), int(parts[3]))
        elif name == _OUTSIDE:
            raise InvalidCardError(f"card '{card_of(parts[1], parts[2])}' is not in the rules' deck")
    return answer


#: What ``game_explain.lp`` shows.
GAME_EXPLAIN_ATOMS = (("no_low", 3), ("unformed", 4))


@dataclass(slots=True)
class GameReasons:
    """What ``game_explain.lp`` shows for one showdown: each player without a low, why and how
    many different low ranks (``no_low/3``); each player whose cards hold a better high hand
    than the game forms, its category and the hole cards its five takes (``unformed/4``)."""

    no_low: list[tuple[int, str, int]] = field(default_factory=list)
    unformed: list[tuple[int, Category, int]] = field(default_factory=list)


def read_game_explanations(atoms: Iterable[clingo.Symbol], showdowns: int) -> list[GameReasons]:
    """The atoms ``game_explain.lp`` shows, per showdown id ``0 .. showdowns - 1`` (others skipped).

    >>> [why] = read_game_explanations([clingo.parse_term("no_low(0,1,board(2))"),
    ...                                 clingo.parse_term("unformed(0,0,flush,1)")], 1)
    >>> why.no_low, why.unformed
    ([(1, 'board', 2)], [(0, <Category.FLUSH: 5>, 1)])
    """
    answer = [GameReasons() for _ in range(showdowns)]
    for atom in atoms:
        if atom.name == "no_low" and len(atom.arguments) == 3:
            g, p, why = atom.arguments
            count = why.arguments[0].number if why.arguments else 0
            if why.name not in NO_LOW_REASONS:
                raise RuleFileError(f"unknown reason '{why}' in no_low: the reasons are {', '.join(NO_LOW_REASONS)}")
            answer[g.number].no_low.append((p.number, why.name, count))
        elif atom.name == "unformed" and len(atom.arguments) == 4:
            g, p, category, hole = atom.arguments
            answer[g.number].unformed.append((p.number, category_of(category.name), hole.number))
    for reasons in answer:
        reasons.no_low.sort()
        reasons.unformed.sort()
    return answer


@dataclass(slots=True)
class ExplainAnswer:
    """What ``explain.lp`` shows for one showdown, as plain data (cheap to send between
    processes): the fields of a :class:`~pysolver.core._explanation.Verdict` per two players
    (``beats_on/6``, ``ties_on/4``), each player's card indices by role (``plays_as/5``),
    the cards that do not play (``does_not_play/4``) and the players who play the board
    (``plays_the_board/2``)."""

    verdicts: list[tuple] = field(default_factory=list)
    roles: dict[int, dict[int, str]] = field(default_factory=dict)
    idle: dict[int, list[int]] = field(default_factory=dict)
    board_players: set[int] = field(default_factory=set)

    def verdict_values(self) -> list[Verdict]:
        """The verdicts as :class:`~pysolver.core._explanation.Verdict` values."""
        return [Verdict(*fields) for fields in self.verdicts]


_SUIT_OF = {name: k for k, name in enumerate(SUIT_NAMES)}
_ROLE_NAMES = frozenset(ROLES)


def _card(rank: str, suit: str) -> int:
    return 4 * int(rank) + _SUIT_OF[suit]


def _verdict(parts: list[str]) -> tuple:
    """``beats_on(G,P,Q,Element,Mine,Theirs)``'s arguments (text) as a Verdict's fields."""
    players = (int(parts[1]), int(parts[2]))
    if parts[3] == "category":
        return players, "category", 0, (category_of(parts[4]), category_of(parts[5]))
    element, _, index = parts[3].partition("(")
    if element not in ("lead", "kicker") or not index[:-1].isdigit():
        raise RuleFileError(f"unknown element '{parts[3]}' in beats_on: the elements are category, lead(I), kicker(I)")
    return players, element, int(index[:-1]), (int(parts[4]), int(parts[5]))


def read_explanations(atoms: Iterable[clingo.Symbol], showdowns: int) -> list[ExplainAnswer]:
    """The atoms ``explain.lp`` shows, per showdown id ``0 .. showdowns - 1`` (other atoms are
    skipped). Reads each atom's text, as :func:`read_driver` does.

    >>> [answer] = read_explanations([clingo.parse_term("beats_on(0,1,0,kicker(0),10,9)"),
    ...                               clingo.parse_term("plays_as(0,1,10,hearts,pair)")], 1)
    >>> answer.verdict_values(), answer.roles
    ([Verdict(players=(1, 0), decided_by='kicker', index=0, values=(10, 9), why='')], {1: {42: 'pair'}})
    """
    answer = [ExplainAnswer() for _ in range(showdowns)]
    for atom in atoms:
        name, _, args = str(atom).partition("(")
        if name not in _EXPLAIN_NAMES:
            continue
        parts = args[:-1].split(",")
        if name == "beats_on":
            answer[int(parts[0])].verdicts.append(_verdict(parts))
        elif name == "ties_on":
            if parts[3] not in TIE_REASONS:
                raise RuleFileError(
                    f"unknown tie reason '{parts[3]}' in ties_on: the reasons are {', '.join(TIE_REASONS)}"
                )
            answer[int(parts[0])].verdicts.append(((int(parts[1]), int(parts[2])), "tie", 0, (), parts[3]))
        elif name == "plays_as":
            if parts[4] not in _ROLE_NAMES:
                raise RuleFileError(f"unknown role '{parts[4]}' in plays_as: the roles are {', '.join(ROLES)}")
            answer[int(parts[0])].roles.setdefault(int(parts[1]), {})[_card(parts[2], parts[3])] = parts[4]
        elif name == "does_not_play":
            answer[int(parts[0])].idle.setdefault(int(parts[1]), []).append(_card(parts[2], parts[3]))
        else:
            answer[int(parts[0])].board_players.add(int(parts[1]))
    return answer


def _value(symbol: clingo.Symbol):
    """A symbol as plain Python: a number, a name, or a tuple of them."""
    if symbol.type == clingo.SymbolType.Number:
        return symbol.number
    if symbol.type == clingo.SymbolType.String:
        return symbol.string
    if not symbol.arguments:
        return symbol.name
    return (
        (symbol.name,) + tuple(_value(a) for a in symbol.arguments)
        if symbol.name
        else tuple(_value(a) for a in symbol.arguments)
    )


def read_atoms(atoms: Iterable[clingo.Symbol], wanted: Iterable[tuple[str, int]]) -> dict[str, list[tuple]]:
    """The arguments of the atoms of the ``wanted`` (name, arity) predicates, as plain Python:
    numbers as int, names as str, compound terms as tuples (``n(3)`` is ``("n", 3)``).

    >>> read_atoms([clingo.parse_term("face(ace)"), clingo.parse_term("out(0,51,flush)")],
    ...            [("face", 1), ("out", 3)])
    {'face': [('ace',)], 'out': [(0, 51, 'flush')]}
    """
    wanted = tuple(wanted)
    found: dict[str, list[tuple]] = {name: [] for name, _ in wanted}
    arities = set(wanted)
    for atom in atoms:
        if (atom.name, len(atom.arguments)) in arities:
            found[atom.name].append(tuple(_value(a) for a in atom.arguments))
    return found


#: The rule book's data (``face/1``, ``straight/3``, ``royal/1``, ``category_order/2``).
RULES_FACTS = (("face", 1), ("straight", 3), ("royal", 1), ("category_order", 2)) + GAME_FACTS
#: What ``explain.lp`` shows.
EXPLAIN_ATOMS = (("beats_on", 6), ("ties_on", 4), ("plays_the_board", 2), ("plays_as", 5), ("does_not_play", 4))
_EXPLAIN_NAMES = frozenset(name for name, _ in EXPLAIN_ATOMS)
#: What ``runouts.lp`` shows.
RUNOUTS_ATOMS = (("hand", 4), ("game_outcome", 3), ("tally", 3), ("reaches", 3), ("out", 3), ("runner_runner", 4))
#: What ``show.lp`` shows, the readable view for a person (no Python reads it).
READABLE_ATOMS = (
    ("category", 3),
    ("best_five", 4),
    ("tiebreak", 4),
    ("game_outcome", 3),
    ("beats", 3),
    ("ties", 3),
    ("card_outside_deck", 3),
)
#: What each encoding shows (its ``#show`` lines); the others show nothing of their own.
SHOWN = {
    "driver.lp": DRIVER_ATOMS,
    "game_driver.lp": GAME_DRIVER_ATOMS,
    "game_explain.lp": GAME_EXPLAIN_ATOMS,
    "explain.lp": EXPLAIN_ATOMS,
    "runouts.lp": RUNOUTS_ATOMS,
    "show.lp": READABLE_ATOMS,
}


def stage_cards(stage) -> tuple[int, ...]:
    """A ``runouts.lp`` stage as the card indices it deals: ``now`` (), ``n(I)`` (I,), ``r(I,J)`` (I, J)."""
    return () if stage == "now" else tuple(stage[1:])


__all__ = [
    "OUTCOMES",
    "TALLY_OUTCOMES",
    "winners_of",
    "tally_counts",
    "DRIVER_ATOMS",
    "PlayerAnswer",
    "ShowdownAnswer",
    "read_driver",
    "GAME_DRIVER_ATOMS",
    "PotAnswer",
    "GameAnswer",
    "read_game_driver",
    "GAME_EXPLAIN_ATOMS",
    "GameReasons",
    "read_game_explanations",
    "ExplainAnswer",
    "read_explanations",
    "read_atoms",
    "RULES_FACTS",
    "EXPLAIN_ATOMS",
    "RUNOUTS_ATOMS",
    "READABLE_ATOMS",
    "SHOWN",
    "stage_cards",
]
