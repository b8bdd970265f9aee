"""A seeded fuzzer over the public API: random hostile arguments, each call classified.

A call may return, raise a :class:`~pysolver.PokerInputError` (the family naming the value),
or a TypeError whose message names the argument or the value; anything else is untyped."""

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
        object(),
        rng.randint(-10, 60),
        "".join(rng.choice("23456789TJQKAcdhsx ") for _ in range(rng.randint(1, 12))),
    ]


def _alarm(*_):
    raise TimeoutError


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
                if str(error) and not str(error).startswith(("'", "unsupported", "unhashable")):
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
