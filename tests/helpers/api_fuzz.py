"""A seeded fuzzer over the public API: random hostile arguments, each call classified.

A call may return, raise a :class:`~pysolver.PokerInputError` (the family naming the value),
or a TypeError whose message names the argument or the value; anything else is untyped
(:func:`fuzz`). :func:`silent_wrong` tries the inputs that used to give a wrong answer without
a word (a bool, a float or a numpy scalar for a card index, a rank or a count; a negative
index; an out-of-range suit; card text where a list of players is expected; an empty task
list) and compares each answer with an oracle: what the same call gives for the value
written plainly, or a refusal."""

import inspect
import random
import signal
from collections import Counter

import numpy as np

import pysolver
from pysolver import PokerInputError

SKIPPED = {"crossval_random", "crossval_streets", "crossval_exhaustive", "crossval_equity", "runouts"}  # minutes


def hostile_values(rng: random.Random) -> list:
    return [
        None,
        True,
        0,
        -1,
        1,
        7,
        52,
        2**70,
        -(2**70),
        0.5,
        float("nan"),
        float("inf"),
        "",
        "As",
        "Ks Qh",
        "AsKs",
        "Zz",
        "As As",
        "QQ+",
        "top 10%",
        "x" * 1000,
        b"As",
        [],
        [1],
        [-1],
        [99],
        ["As", "Kd"],
        ["AsKs", "QhQd"],
        [["As", "Ks"]],
        {"a": 1},
        (0, 1),
        np.array([1, 2]),
        np.array([[51, 47, 43, 39, 35]]),
        np.array([["x"]]),
        np.zeros((0, 5), dtype=np.int64),
        np.int64(5),
        np.int8(-1),
        np.float64(3.0),
        np.bool_(True),
        object(),
        rng.randint(-10, 60),
        "".join(rng.choice("23456789TJQKAcdhsx ") for _ in range(rng.randint(1, 12))),
    ]


def _alarm(*_):
    raise TimeoutError


def names_an_argument(function, args: list, message: str) -> bool:
    """Whether a TypeError's ``message`` names an argument of the call or its value (a call
    that does not fit the signature gets Python's own message, which names the function)."""
    try:
        bound = inspect.signature(function).bind(*args)
    except TypeError:
        return function.__name__ in message
    if any(name in message for name in bound.arguments):
        return True
    return any(len(text) > 1 and text in message for value in args for text in (str(value)[:40], repr(value)[:40]))


def _cards_of(value):
    """The oracle of a card value: its index if it stands for a card (a whole number 0..51 that
    is not a bool, or card text), else None (it must be refused)."""
    if isinstance(value, (bool, np.bool_, float, np.floating)):
        return None
    if isinstance(value, (int, np.integer)):
        return int(value) if 0 <= value < 52 else None
    try:
        return pysolver.Card.parse(value).index
    except Exception:
        return None


def outcome(call):
    """What ``call`` gives: its answer, ``"refused"`` for the error family or a TypeError, or
    ``"untyped ..."`` for anything else."""
    try:
        return call()
    except (PokerInputError, TypeError):
        return "refused"
    except Exception as error:
        return f"untyped {type(error).__name__}"


CARD_VALUES = [
    True,
    False,
    np.bool_(True),
    5.0,
    np.float64(5),
    -1,
    -52,
    52,
    60,
    np.int64(-1),
    np.int8(7),
    np.int64(51),
    np.uint8(3),
    7,
    "7",
    "As",
    "Ax",
    "Z5",
    "10h",
    None,
]
#: Calls taking cards: each gives its answer for one card value (and three cards of its own).
CARD_CALLS = {
    "Card": lambda v: pysolver.Card(v).index,
    "parse_cards": lambda v: pysolver.parse_cards([v])[0].index,
    "format_cards": lambda v: pysolver.format_cards(np.array([v]) if isinstance(v, np.integer) else [v]),
    "equity dead": lambda v: round(
        pysolver.equity(["AhKh", "QhQd"], "2c 8d 9h", dead=np.array([v]) if isinstance(v, np.integer) else [v])
        .players[0]
        .equity,
        12,
    ),
    "evaluate": lambda v: pysolver.evaluate([v, 1, 5, 9, 13]),
    "hand_strength dead": lambda v: pysolver.hand_strength("Ah Kh", "2c 8d 9h", dead=[v]).strength,
}


def silent_wrong(seed: int, calls: int = 200) -> tuple[int, list]:
    """``calls`` seeded probes of the inputs that used to give a wrong answer silently: how many
    gave the oracle's answer, and the others (``(what, value, got, expected)``)."""
    rng = random.Random(seed)
    wrong: list = []
    right = 0

    def judge(what: str, value, expected, call) -> None:
        nonlocal right
        got = outcome(call)
        if got == expected:
            right += 1
        else:
            wrong.append((what, value, got, expected))

    for _ in range(calls):
        kind = rng.randrange(5)
        if kind == 0:  # a card: as the plain index or text would give, or refused
            value = rng.choice(CARD_VALUES)
            name = rng.choice(sorted(CARD_CALLS))
            plain = _cards_of(value) if name != "Card" or not isinstance(value, str) else None
            expected = "refused" if plain is None else outcome(lambda c=plain, f=CARD_CALLS[name]: f(c))
            judge(name, value, expected, lambda v=value, f=CARD_CALLS[name]: f(v))
        elif kind == 1:  # a rank and a suit
            rank, suit = rng.choice([-2, -1, 0, 5, 12, 13, True, 2.0]), rng.choice([-1, 0, 3, 4, 5, True, 1.0])
            ok = type(rank) is int and type(suit) is int and 0 <= rank < 13 and 0 <= suit < 4
            judge(
                "from_rank_suit",
                (rank, suit),
                4 * rank + suit if ok else "refused",
                lambda r=rank, s=suit: pysolver.Card.from_rank_suit(r, s).index,
            )
        elif kind == 2:  # tie-break ranks
            ranks = rng.choice(
                [
                    (12, 11, 7, 2),
                    (12, -1, 7, 2),
                    (-3, 11, 7, 2),
                    (12, 11, 7, 13),
                    (12, 11.0, 7, 2),
                    (True, 11, 7, 2),
                    (np.int64(12), 11, 7, 2),
                ]
            )
            plain = (
                tuple(int(r) for r in ranks)
                if all(type(r) is not bool and isinstance(r, (int, np.integer)) and 0 <= r < 13 for r in ranks)
                else None
            )
            expected = "refused" if plain is None else outcome(lambda p=plain: pysolver.describe(1, p))
            judge("describe ranks", ranks, expected, lambda r=ranks: pysolver.describe(1, r))
        elif kind == 3:  # card text where a list of players is expected
            text = rng.choice(["AsKs QhQd", "AsKsQhQd", "As Ks, Qh Qd"])
            name, call = rng.choice(
                [
                    ("equity", lambda t=text: pysolver.equity(t)),
                    ("solve_showdown", lambda t=text: pysolver.solve_showdown(t, "2c 3c 4c 5d 9h")),
                    ("outs", lambda t=text: pysolver.outs(t, "2c 3c 4c")),
                ]
            )
            judge(f"{name} players", text, "refused", call)
        else:  # counts and choices
            name, value, plain, call = rng.choice(
                [
                    (
                        "cards_to_come",
                        v,
                        1 if v in (1,) and type(v) is not bool and not isinstance(v, float) else None,
                        lambda v=v: pysolver.hand_potential("As Ks", "2c 3d 9h", cards_to_come=v).cards_to_come,
                    )
                    for v in (True, 1.0, 0, -1, np.int64(1), 1, 3)
                ]
                + [
                    (
                        "crossval cards",
                        v,
                        1 if v in (5, 7) and type(v) is not bool and not isinstance(v, float) else None,
                        lambda v=v: pysolver.crossval_random(1, cards=v, seed=1).showdowns,
                    )
                    for v in (True, 7.0, np.int64(7), 5, 8, "7")
                ]
                + [
                    ("exhaustive only", v, None, lambda v=v: pysolver.crossval_exhaustive(only=v, chunks=10_000))
                    for v in ([True], [1.0], [], [np.int64(-1)], [-1], [10_000], 3)
                ]
            )
            judge(name, value, "refused" if plain is None else plain, call)
    return right, wrong


def fuzz(calls: int, seed: int) -> tuple[Counter, list]:
    """``calls`` random calls from ``seed``: counts by outcome, and the untyped ones."""
    rng = random.Random(seed)
    functions = [
        (name, getattr(pysolver, name))
        for name in pysolver.__all__
        if inspect.isfunction(getattr(pysolver, name)) and name not in SKIPPED
    ]
    values = hostile_values(rng)
    outcome, untyped = Counter(), []
    old = signal.signal(signal.SIGALRM, _alarm)
    try:
        for _ in range(calls):
            name, function = rng.choice(functions)
            args = [rng.choice(values) for _ in range(rng.randint(1, 3))]
            signal.alarm(3)
            try:
                function(*args)
                outcome["returned"] += 1
            except PokerInputError:
                outcome["PokerInputError"] += 1
            except TypeError as error:
                if names_an_argument(function, args, str(error)):
                    outcome["TypeError"] += 1
                else:
                    outcome["untyped"] += 1
                    untyped.append((name, args, repr(error)))
            except TimeoutError:
                outcome["timeout"] += 1
            except Exception as error:
                outcome["untyped"] += 1
                untyped.append((name, args, repr(error)))
            finally:
                signal.alarm(0)
    finally:
        signal.signal(signal.SIGALRM, old)
    return outcome, untyped
