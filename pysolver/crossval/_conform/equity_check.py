"""Conformance of equity calculators: anyone's equity function judged against exact counts.

A calculator is ``f(players, board, dead)``: each argument a list of card texts (a player may
also be ``"random"`` or a range text such as ``"QQ+, AKs"``), returning one equity per player
(its share of the pot, ties split), or for a sampled answer ``{"equity": [...], "stderr":
[...]}``. :func:`check_equity` asks it every spot of :mod:`.equity_spots` and judges:

- **no answer**: it raised, hung past ``timeout`` seconds, or answered something else than one
  number per player;
- **ties**: the equities do not sum to 1 (a tie counted as a win for each, or for none);
- **equity**: a player's equity is off the exact one: by more than ``tolerance`` for an exact
  answer, by more than ``z_limit`` of its standard errors for a sampled one.

Findings come most basic first: the kind above, then the spot's level (a hand against a hand
before the flop before weighted ranges and dead cards), each with its spot.

    >>> from pysolver import equity
    >>> report = check_equity(lambda players, board, dead: [
    ...     p.equity for p in equity(players, " ".join(board), dead=" ".join(dead)).players], timeout=None)
    >>> report.ok, report.spots
    (True, 10)
    >>> tie_as_win = lambda players, board, dead: [p.win + p.tie for p in equity(players, " ".join(board)).players]
    >>> check_equity(tie_as_win, timeout=None).findings[0]["kind"]
    'ties'
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ...core import PokerInputError, RulesLike, check_positive, lines_html
from ...rulebook import rules_of
from .._evaluator_command import command_args
from .._evaluators import load_function
from .equity_spots import EquitySpot, equity_spots, exact_answer

KINDS = ("no answer", "ties", "equity")
"""The kinds of finding, the most basic first."""
TIMEOUT = 60.0
"""Seconds a calculator may take for one spot."""

Calculator = Callable[[list, list, list], object]


@dataclass
class EquityReport:
    """The verdict on an equity calculator: ``findings`` (most basic first) over ``spots``."""

    calculator: str
    rules: str
    spots: int
    findings: list[dict] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        """No finding."""
        return not self.findings

    def to_dict(self) -> dict:
        return {
            "calculator": self.calculator,
            "rules": self.rules,
            "ok": self.ok,
            "spots": self.spots,
            "seconds": self.seconds,
            "findings": self.findings,
        }

    def __str__(self) -> str:
        head = f"{self.calculator}: {self.spots} spots under {self.rules} rules, {self.seconds:.2f} s"
        if self.ok:
            return f"{head}: every equity agrees with the exact counts"
        lines = [f"{head}: {len(self.findings)} finding{'s' * (len(self.findings) != 1)}"]
        for f in self.findings:
            where = " vs ".join(f["players"]) + (f" on {f['board']}" if f["board"] else "")
            where += f", dead {f['dead']}" if f["dead"] else ""
            lines.append(f"  {f['kind']}: {f['spot']} ({where})")
            lines.append(f"    {f['message']}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return lines_html(str(self).splitlines())


def check_equity(
    calculator: Calculator | str,
    *,
    command: bool = False,
    rules: RulesLike = None,
    timeout: float | None = TIMEOUT,
    tolerance: float = 1e-6,
    z_limit: float = 4.0,
) -> EquityReport:
    """Judge ``calculator`` (a callable, ``"MODULE:FUNCTION"``, or with ``command=True`` a command
    line, run once a spot, that reads the spot as one line of JSON on its standard input,
    ``{"players": [...], "board": [...], "dead": [...]}``, and writes its answer as one line of
    JSON) on the spots of ``rules`` (see the module). ``timeout``: seconds per spot (None: a
    Python calculator is called in this process, unguarded)."""
    rules = rules_of(rules)
    check_positive("tolerance", tolerance)
    check_positive("z_limit", z_limit)
    if timeout is not None:
        check_positive("timeout", timeout)
    if command:
        if not isinstance(calculator, str):
            raise PokerInputError("a command is a command line (text)")
        command_args(calculator)
        name, ask = calculator, _commanded(calculator, timeout)
    else:
        function = load_function(calculator) if isinstance(calculator, str) else calculator
        if not callable(function):
            raise PokerInputError(f"calculator {calculator!r}: a callable or 'MODULE:FUNCTION'")
        name = calculator if isinstance(calculator, str) else getattr(function, "__qualname__", repr(function))
        ask = _guarded(function, timeout)
    start = time.perf_counter()
    spots = equity_spots(rules)
    findings = [f for spot in spots for f in _judge(spot, ask(spot), tolerance, z_limit)]
    findings.sort(key=lambda f: (KINDS.index(f["kind"]), f["level"]))
    return EquityReport(name, rules.label, len(spots), findings, time.perf_counter() - start)


def _judge(spot: EquitySpot, answer: object, tolerance: float, z_limit: float) -> list[dict]:
    """The findings of one spot's answer (``answer``: what the calculator returned, or an
    ``Exception`` for no answer)."""
    exact = exact_answer(spot).equities
    base: dict[str, object] = {"spot": spot.name, "players": list(spot.players), "board": spot.board}
    base["dead"] = spot.dead
    base |= {"level": spot.level, "tags": list(spot.tags), "expected": list(exact)}
    if isinstance(answer, Exception):
        return [base | {"kind": "no answer", "got": None, "message": str(answer)}]
    read = _read(answer, len(exact))
    if isinstance(read, str):
        return [base | {"kind": "no answer", "got": None, "message": read}]
    got, errors = read
    found: list[dict] = []
    total = sum(got)
    if abs(total - 1) > max(tolerance, 1e-9):
        message = f"the equities sum to {total:.6f}, not 1: " + (
            "ties counted in full for each player who ties?" if total > 1 else "ties counted for nobody?"
        )
        found.append(base | {"kind": "ties", "got": got, "message": message})
    off = []
    for player, (want, have, error) in enumerate(zip(exact, got, errors)):
        miss = abs(have - want)
        if miss > z_limit * error if error else miss > tolerance:
            how = f"{miss / error:.1f} standard errors" if error else f"{miss:.6f}"
            off.append(f"player {player} {have:.6f}, exact {want:.6f} (off by {how})")
    if off:
        found.append(base | {"kind": "equity", "got": got, "stderr": errors, "message": "; ".join(off)})
    return found


def _read(answer: object, players: int) -> tuple[list[float], list[float]] | str:
    """The equities and standard errors of an answer (0 where it states none), or what is wrong."""
    errors: object = None
    if isinstance(answer, dict):
        answer, errors = answer.get("equity"), answer.get("stderr")  # type: ignore[union-attr]
    values = _numbers(answer, players)
    if values is None:
        return f"expected {players} equities (one per player), got {str(answer)[:80]}"
    spread = [0.0] * players if errors is None else _numbers(errors, players)
    if spread is None or any(e < 0 for e in spread):
        return f"expected {players} standard errors, 0 or more, got {str(errors)[:80]}"
    return values, spread


def _numbers(value: object, count: int) -> list[float] | None:
    try:
        numbers = [float(x) for x in value]  # type: ignore[attr-defined]
    except (TypeError, ValueError):
        return None
    return numbers if len(numbers) == count and all(math.isfinite(x) for x in numbers) else None


def _guarded(function: Calculator, timeout: float | None) -> Callable[[EquitySpot], object]:
    """A spot asked of a Python calculator: in a forked child killed after ``timeout`` seconds
    (None, or no fork on this system: called here)."""

    def call(spot: EquitySpot) -> object:
        cards = spot.cards()
        return function(cards["players"], cards["board"], cards["dead"])

    if timeout is None or not hasattr(os, "fork"):

        def here(spot: EquitySpot) -> object:
            try:
                return call(spot)
            except Exception as error:  # the calculator's own error is its finding
                return RuntimeError(f"{type(error).__name__}: {error}")

        return here

    def forked(spot: EquitySpot) -> object:
        context = multiprocessing.get_context("fork")
        receive, send = context.Pipe(duplex=False)

        def child() -> None:
            try:
                send.send(("ok", _plain(call(spot))))
            except BaseException as error:  # anything the calculator raises is reported
                send.send(("error", f"{type(error).__name__}: {error}"))

        process = context.Process(target=child, daemon=True)
        process.start()
        send.close()
        try:
            if not receive.poll(timeout):
                return TimeoutError(f"no answer within {timeout:g} seconds")
            status, value = receive.recv()
        except EOFError:
            return RuntimeError(f"the calculator's process ended without an answer (exit code {process.exitcode})")
        finally:
            process.kill()
            process.join()
        return RuntimeError(value) if status == "error" else value

    return forked


def _plain(value: object) -> object:
    """An answer as plain data, to cross the pipe (numpy arrays and numbers as lists and floats)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def _commanded(line: str, timeout: float | None) -> Callable[[EquitySpot], object]:
    """A spot asked of a command: one JSON line in, one JSON line out; a fresh process a spot."""
    import subprocess

    def ask(spot: EquitySpot) -> object:
        try:
            done = subprocess.run(
                command_args(line),
                input=json.dumps(spot.cards()) + "\n",
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            return TimeoutError(f"no answer within {timeout:g} seconds")
        except OSError as error:
            raise PokerInputError(f"command {line!r} does not start: {error}") from None
        if done.returncode != 0:
            return RuntimeError(f"exit code {done.returncode}: {done.stderr.strip()[-200:]}")
        try:
            return json.loads(done.stdout.strip().splitlines()[0])
        except (IndexError, json.JSONDecodeError):
            return RuntimeError(f"no JSON answer on its output: {done.stdout.strip()[:80]!r}")

    return ask


__all__ = ["KINDS", "TIMEOUT", "EquityReport", "check_equity"]
