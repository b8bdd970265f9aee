"""Equity calculators written for the conformance tests: ``f(players, board, dead)``, each a list of
card texts (a player may be ``random`` or a range text). One is right; each other has one known bug.

Run as a script it is a calculator command: a spot as a JSON line on standard input, the answer
as a JSON line on standard output (``python -m tests.helpers.equity_calcs [right|biased]``)."""

import json
import sys
import time

from pysolver import equity


def _equity(players, board, dead, **options):
    return equity(players, " ".join(board), dead=" ".join(dead), **options)


def right(players, board, dead):
    return [p.equity for p in _equity(players, board, dead).players]


def biased(players, board, dead):
    """Half a point to the first player, taken from the last: the sum stays 1."""
    out = right(players, board, dead)
    return [out[0] + 0.005, *out[1:-1], out[-1] - 0.005]


def ties_as_wins(players, board, dead):
    """rs-poker #19's shape: a tie counted as a win for each player who ties."""
    return [p.win + p.tie for p in _equity(players, board, dead).players]


def sampled(players, board, dead):
    """Monte Carlo with its standard errors, stated."""
    result = _equity(players, board, dead, trials=20_000, seed=3)
    return {"equity": [p.equity for p in result.players], "stderr": [p.stderr for p in result.players]}


def overconfident(players, board, dead):
    """Monte Carlo claiming a hundred times less error than it has."""
    answer = sampled(players, board, dead)
    return {"equity": answer["equity"], "stderr": [e / 100 for e in answer["stderr"]]}


def omaha_hi_lo(players, board, dead):
    return [p.equity for p in _equity(players, board, dead, rules="omaha_hi_lo").players]


def omaha_high_only(players, board, dead):
    """An O8 calculator that forgets the low pot: every deal goes to the best high hand."""
    return [p.equity for p in _equity(players, board, dead, rules="omaha").players]


def raises(players, board, dead):
    raise RuntimeError("not implemented for boards")


def short(players, board, dead):
    return [0.5]


def hangs(players, board, dead):
    time.sleep(60)


if __name__ == "__main__":
    spot = json.loads(sys.stdin.readline())
    calculator = {"right": right, "biased": biased}[sys.argv[1]]
    print(json.dumps(calculator(spot["players"], spot["board"], spot["dead"])))
