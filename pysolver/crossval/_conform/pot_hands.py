"""What a conformance check judges: one pot of a game, and the hands its evaluator is given.

A rule book's game (:class:`~pysolver.core.Game`) says how a player's five is
formed and which pots there are. An evaluator of that game values one pot:
hold'em's or stud's high hand, razz's or deuce-to-seven's low, Omaha hi-lo's
high or its low. :class:`PotHands` is that pot with the shape of the hands:

* **one hand** where the game forms the five from any of a player's cards
  (hold'em, stud, razz, the draw games): a hand is 5 to 7 cards and the
  evaluator takes one list, as a hold'em evaluator does;
* **hole and board** where the game limits the hole cards in the five (Omaha:
  exactly two): a hand is the hole cards then a board, and the evaluator takes
  ``f(hole, board)``, two lists.

The rules' value of each hand for the pot (higher the better,
:data:`~pysolver.evaluator.NO_HAND` for no qualifying low) is the class the
evaluator is judged against. A hand with no low may be answered ``None`` or with
one value below every low.

    >>> omaha8 = PotHands.of(load_rules("omaha_hi_lo"), "low")
    >>> omaha8.cards, omaha8.hole, omaha8.label
    (9, 4, 'low pot, 4 hole cards and a 5-card board')
    >>> index = lambda text: [c.index for c in parse_cards(text)]
    >>> hands = np.array([index("As 2s Kd Kc 3h 4h 5c Qs Jd"), index("As 2s 3c 4c 2h 3h 9c Qs Jd")])
    >>> [omaha8.describe(int(v)) for v in omaha8.truth(hands)]      # three hole cards would make a low
    ['5-4-3-2-A low', 'no low']
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

import numpy as np

from ...core import FIVE, Category, Game, PokerInputError, Rules, check_choice, parse_cards  # noqa: F401
from ...evaluator import class_hands, describe_pot, evaluate_batch, game_values, pot_categories, pot_tables
from ...rulebook import load_rules  # noqa: F401 (the examples)
from .hands import quick_hands

#: Random deals a quick check of a hole-and-board game draws, and the seed it draws them from.
QUICK_DEALS, QUICK_SEED = 60_000, 20_251_128
#: Deals of the other cards tried for each class, to keep the class's five the best high hand.
CLASS_TRIES = 12
#: Of them, the most it keeps where the hole-card rule changes a pot's hand, and of the rest.
RULE_DEALS, PLAIN_DEALS = 10_000, 5_000


def any_five(game: Game) -> bool:
    """Whether the game lets any five of a player's cards play (one hand to evaluate).

    >>> any_five(load_rules("stud").game), any_five(load_rules("omaha").game)
    (True, False)
    """
    fewest = max(0, FIVE - game.board_cards)
    most = min(FIVE, game.hole_cards)
    return game.hole_min <= fewest and game.hole_max >= most


@dataclass(frozen=True)
class PotHands:
    """A pot of the rules' game and the hands of ``cards`` cards its evaluator is given: the first
    ``hole`` are hole cards and the rest the board, or (``hole`` 0) one hand whose any five play."""

    rules: Rules
    pot: str
    cards: int
    hole: int

    @classmethod
    def of(cls, rules: Rules, pot: str | None = None, cards: int | None = None) -> PotHands:
        """The pot ``pot`` (default: the game's first) on hands of ``cards`` cards (default: the
        whole deal), checked against the game; :class:`PokerInputError` names what does not fit."""
        game = rules.game
        pot = game.pots[0] if pot is None else pot
        if pot not in game.pots:
            raise PokerInputError(f"pot {pot!r}: {rules.name} plays for {' and '.join(game.pots)}")
        if any_five(game):
            most = min(7, game.hole_cards + game.board_cards)
            sizes: tuple[int, ...] = tuple(range(FIVE, most + 1))
            hole = 0
        else:
            sizes = tuple(game.hole_cards + b for b in game.board_sizes)
            hole = game.hole_cards
        cards = sizes[-1] if cards is None else cards
        check_choice("cards", cards, sizes, f"a hand of {rules.name} has {' or '.join(map(str, sizes))} cards")
        return cls(rules, pot, cards, hole)

    @property
    def label(self) -> str:
        """The pot and the hands, as a report says them."""
        if not self.hole:
            return f"{self.pot} pot, {self.cards}-card hands"
        return f"{self.pot} pot, {self.hole} hole cards and a {self.cards - self.hole}-card board"

    @property
    def may_have_none(self) -> bool:
        """Whether a hand may have no value for the pot (a low with a qualifier)."""
        return self.pot == "low" and self.rules.game.qualifier is not None

    def truth(self, hands: np.ndarray) -> np.ndarray:
        """The rules' value of each hand (n, ``cards``) for the pot, higher the better."""
        if self.hole:
            return game_values(hands[:, None, : self.hole], hands[:, self.hole :], self.rules)[self.pot][:, 0]
        if self.pot == "high":
            return evaluate_batch(hands, rules=self.rules)
        return best_of_any_five(hands, self.rules, self.pot)

    def describe(self, value: int) -> str:
        """A value of :meth:`truth` as a player says it."""
        return describe_pot(value, self.pot, self.rules)

    def category_counts(self, truth: np.ndarray) -> dict[str, int]:
        """How many hands of each category (``no_low`` for none)."""
        cats, counts = np.unique(pot_categories(truth, self.pot, self.rules), return_counts=True)
        return {(Category(int(c)).snake if c >= 0 else f"no_{self.pot}"): int(n) for c, n in zip(cats, counts)}

    def quick(self) -> tuple[np.ndarray, dict[str, int]]:
        """The quick check's hands and how many of each shape, in order."""
        if not self.hole:
            return quick_hands(self.cards, self.rules)
        return hole_board_hands(self.rules, self.hole, self.cards - self.hole)

    def references(self) -> tuple[np.ndarray, np.ndarray]:
        """One hand of each class of the quick check (its simplest), in the rules' order from the
        worst: (hands, their values ascending)."""
        return _references(self)


@lru_cache(maxsize=16)
def _references(hands_of: PotHands) -> tuple[np.ndarray, np.ndarray]:
    hands = hands_of.quick()[0]
    truth = hands_of.truth(hands)
    order = np.lexsort(((hands >> 2).sum(axis=1), truth))
    first = order[np.concatenate([[True], np.diff(truth[order]) != 0])]
    return hands[first], truth[first]


@lru_cache(maxsize=8)
def _fives_of(cards: int) -> np.ndarray:
    return np.array(list(combinations(range(cards), FIVE)), dtype=np.intp)


def best_of_any_five(hands: np.ndarray, rules: Rules, pot: str) -> np.ndarray:
    """Each hand's value for ``pot`` when any five of its cards may play (the best of them).

    >>> razz = load_rules("razz")
    >>> hand = np.array([[c.index for c in parse_cards("Kd Qs 5h 4h 3h 2h Ah")]])
    >>> describe_pot(int(best_of_any_five(hand, razz, "low")[0]), "low", razz)   # a flush is no matter
    '5-4-3-2-A low'
    """
    hands = np.asarray(hands, dtype=np.int64)
    slots = _fives_of(hands.shape[1])
    classes = evaluate_batch(hands[:, slots].reshape(-1, FIVE), rules=rules).reshape(len(hands), len(slots))
    table = pot_tables(rules)[rules.game.pots.index(pot)]
    return table[classes].max(axis=1)


@lru_cache(maxsize=8)
def hole_board_hands(rules: Rules, hole: int, board: int) -> tuple[np.ndarray, dict[str, int]]:
    """The quick hands of a game whose five takes a limited number of hole cards: each class of
    five split into hole and board cards as the game forms it (the rest dealt at random), then
    random deals where the hole-card rule changes a pot's hand -- a fifth card from the hole, a
    low counterfeited -- and other random deals. Rows are the hole cards then the board."""
    game = rules.game
    deck = np.array([c.index for c in rules.deck], dtype=np.int64)
    rng = np.random.default_rng(QUICK_SEED)
    fives = np.concatenate(class_hands(rules.faces))
    take, _ = game.formations(board)[0]
    turned = np.take_along_axis(fives, (np.arange(FIVE)[None, :] + np.arange(len(fives))[:, None]) % FIVE, axis=1)
    want = evaluate_batch(fives, rules=rules)
    classes = np.empty((len(fives), hole + board), dtype=np.int64)
    todo = np.arange(len(fives))
    for _ in range(CLASS_TRIES):  # deal the other cards again where they made a better high hand
        rest = _deal_rest(turned[todo], deck, hole - take + board - (FIVE - take), rng)
        five = turned[todo]
        classes[todo] = np.concatenate(
            [five[:, :take], rest[:, : hole - take], five[:, take:], rest[:, hole - take :]], 1
        )
        got = (
            game_values(classes[todo, None, :hole], classes[todo, hole:], rules)["high"][:, 0]
            if "high" in game.pots
            else want[todo]
        )
        todo = todo[got != want[todo]]
        if not len(todo):
            break
    keys = rng.random((QUICK_DEALS, len(deck)))
    deals = deck[np.argpartition(keys, hole + board, axis=1)[:, : hole + board]]
    changed = np.zeros(len(deals), dtype=bool)
    for pot in game.pots:
        values = game_values(deals[:, None, :hole], deals[:, hole:], rules)[pot][:, 0]
        changed |= values != best_of_any_five(deals, rules, pot)
    parts = {
        "classes": classes,
        "hole-card rule": deals[changed][:RULE_DEALS],
        "random deals": deals[~changed][:PLAIN_DEALS],
    }
    hands = np.concatenate(list(parts.values()))
    hands.flags.writeable = False
    return hands, {name: len(part) for name, part in parts.items()}


def _deal_rest(used: np.ndarray, deck: np.ndarray, count: int, rng: np.random.Generator) -> np.ndarray:
    """``count`` more cards of ``deck`` for each row of ``used``, at random, none of the row's."""
    keys = rng.random((len(used), len(deck)))
    keys[(deck[None, None, :] == used[:, :, None]).any(axis=1)] = 2.0
    return deck[np.argsort(keys, axis=1)[:, :count]]


__all__ = ["QUICK_DEALS", "QUICK_SEED", "PotHands", "any_five", "best_of_any_five", "hole_board_hands"]
