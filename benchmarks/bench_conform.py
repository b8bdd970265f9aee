"""Conformance of the evaluators people install: which order hands as the rules do, and how
long a full check takes.

Every peer (treys, eval7, phevaluator, pokerkit, poker-equity, holdem-hand-evaluator,
deuces, PyPokerEngine; the ``bench`` extra) and pysolver's own evaluator go through
``pysolver.check_evaluator`` as a user would run them: the quick check of 5, 6 and 7 cards,
random 7-card hands (seeded), every 5-card hand (2,598,960, on two worker processes), and
poker-equity's short-deck kernel under the two short-deck rule books. Every game a peer
claims (phevaluator's Omaha, pokerkit's Omaha, Omaha hi-lo, stud hi-lo, razz and
deuce-to-seven hand types, poker-equity's lowball kernels) is checked under pysolver's
rule book of that game, pot by pot: the quick check and random hands of the whole deal.
The equity calculators (poker-equity's exact counts, pokerkit's sampling) answer the
equity spots of a rule book (``check_equity``); a spot of a kind they do not take
(ranges, dead cards) is counted apart, not as a finding.
The time of a check of every 7-card hand (133,784,560) is projected from each peer's
measured rate on random 7-card hands, or measured with ``--seven PEER``. The rate is
hands per second of the evaluator's calls through the check (a forked child, one hand a
call unless the peer takes batches): what a user's check costs, not the peer's raw speed
(``bench_evaluator.py`` has that).

    python benchmarks/bench_conform.py [--quick] [--seven poker-equity]
"""

from __future__ import annotations

import argparse
import os

from conform_peers import CONFORM_PEERS, EQUITY_PEERS, GAME_PEERS, Adapter, adapter, made
from harness import Result, Side, Timing, absent, write_results
from peers import package_version

import pysolver
from pysolver import check_evaluator, evaluate_batch
from pysolver.crossval import check_equity

SEVEN_CARD_HANDS = 133_784_560
WORKERS = 2
SEED = 20261124


def _pysolver() -> Adapter:
    def pysolver_evaluate(hands):
        return evaluate_batch(hands)

    return Adapter(pysolver_evaluate, batch=True, how="evaluate_batch(hands), a batch a call")


def _check(peer: Adapter, name: str, **options) -> dict:
    """One check as the results file records it: the verdict, the hands, the time, the kinds found."""
    takes = "index" if name == "pysolver" else "text"
    report = check_evaluator(peer.function, batch=peer.batch, takes=takes, **options)
    print(
        f"  {name} {options}: {'conforms' if report.ok else 'DOES NOT CONFORM'}, {report.hands:,} hands, "
        f"{report.seconds:.1f} s, {report.hands_per_second:,.0f} hands/s",
        flush=True,
    )
    return {
        "ok": report.ok,
        "order": report.order,
        "hands": report.hands,
        "classes": report.classes,
        "seconds": round(report.seconds, 2),
        "hands_per_second": round(report.hands_per_second),
        "seed": report.seed,
        "rules": report.rules,
        "counterexamples": [
            {k: c[k] for k in ("kind", "relation", "count", "hands", "values", "explanation") if k in c}
            for c in report.counterexamples[:3]
        ],
        "kinds": len(report.counterexamples),
    }


def _game(peer, count: int, quick: bool) -> dict:
    """A peer's evaluator of a game's pot: the quick check and (unless ``quick``) random hands."""
    found, why = made(peer.make, peer.peer)
    about = {"peer": peer.peer, "rules": peer.rules, "pot": peer.pot, "issue": peer.issue}
    if found is None:
        return about | {"version": None, "absent": why}
    print(f"== {peer.peer} {peer.rules} {peer.pot}", flush=True)
    options = {"rules": peer.rules, "pot": peer.pot}
    checks = {"quick": _check(found, peer.peer, **options)}
    if not quick:
        checks["random"] = _check(found, peer.peer, mode="random", count=count, seed=SEED, **options)
    return about | {
        "version": package_version(peer.peer),
        "how": found.how,
        "order": checks["quick"]["order"],
        "ok": all(c["ok"] for c in checks.values()),
        "checks": checks,
    }


def _equity(peer) -> dict:
    """A peer's equity calculator on the conformance spots of a rule book: what it answers, what it
    does not take (ranges, dead cards: not findings), and what it gets wrong."""
    found, why = made(peer.make, peer.peer)
    about = {"peer": peer.peer, "rules": peer.rules}
    if found is None:
        return about | {"version": None, "absent": why}
    print(f"== {peer.peer} equity, {peer.rules}", flush=True)
    report = check_equity(found.function, rules=peer.rules)
    unsupported = [f["spot"] for f in report.findings if f["message"].startswith("Unsupported")]
    findings = [f for f in report.findings if not f["message"].startswith("Unsupported")]
    print(f"  {report.spots - len(unsupported)} of {report.spots} spots answered, {len(findings)} findings", flush=True)
    return about | {
        "version": package_version(peer.peer),
        "how": found.how,
        "spots": report.spots,
        "unsupported": unsupported,
        "ok": not findings,
        "findings": findings[:3],
        "kinds": len(findings),
        "seconds": round(report.seconds, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="quick checks and a small random sample only")
    parser.add_argument("--seven", metavar="PEER", help="also check every 7-card hand with PEER (minutes)")
    args = parser.parse_args(argv)
    random_hands = 20_000 if args.quick else 100_000
    verdicts, rate_sides = [], {}
    for name in ("pysolver", *CONFORM_PEERS):
        peer, why = (_pysolver(), "") if name == "pysolver" else adapter(name)
        version = pysolver.__version__ if name == "pysolver" else package_version(name)
        if peer is None:
            verdicts.append({"peer": name, "version": None, "absent": why})
            rate_sides[name] = absent(why)
            continue
        print(f"== {name} {version}", flush=True)
        checks = {f"quick {cards}": _check(peer, name, cards=cards) for cards in (5, 6, 7)}
        checks["random 7"] = _check(peer, name, cards=7, mode="random", count=random_hands, seed=SEED)
        if not args.quick:
            checks["every 5"] = _check(peer, name, cards=5, mode="exhaustive", workers=WORKERS)
        rate = checks["random 7"]["hands_per_second"]
        seven = (
            {
                "seconds": round(SEVEN_CARD_HANDS / rate / WORKERS),
                "how": f"projected from the random 7-card rate on {WORKERS} workers",
            }
            if rate
            else {}
        )
        if args.seven == name:
            done = _check(peer, name, cards=7, mode="exhaustive", workers=WORKERS)
            checks["every 7"] = done
            seven = {"seconds": done["seconds"], "how": f"measured, {WORKERS} workers"}
        verdicts.append(
            {
                "peer": name,
                "version": version,
                "how": peer.how,
                "order": checks["quick 7"]["order"],
                "ok": all(c["ok"] for c in checks.values()),
                "checks": checks,
                "every_7": seven,
            }
        )
        side = Side(
            Timing(runs=1, wall_median=checks["random 7"]["hands"] / rate if rate else None),
            items=checks["random 7"]["hands"],
        )
        rate_sides[name] = side
    short = adapter("poker-equity", kernel="short_deck")[0]
    rule_books = []
    if short is not None:
        print("== poker-equity short_deck kernel", flush=True)
        for rules in ("short_deck", "short_deck_straight_beats_trips"):
            rule_books.append(
                {
                    "peer": "poker-equity",
                    "how": short.how,
                    "rules": rules,
                    "checks": {f"quick {c}": _check(short, "poker-equity", cards=c, rules=rules) for c in (5, 7)},
                }
            )
    games = [_game(peer, random_hands // 5, args.quick) for peer in GAME_PEERS]
    calculators = [_equity(peer) for peer in EQUITY_PEERS]
    case = Result(
        "random-7",
        f"random 7-card hands through the check ({random_hands:,}, seed {SEED})",
        "hand",
        rate_sides.pop("pysolver"),
        rate_sides,
    )
    write_results(
        "conform",
        [case],
        title="Conformance of the evaluators people install",
        quick=args.quick,
        peers={name: package_version(name) for name in CONFORM_PEERS},
        notes=[
            "Rates are hands per second through `check_evaluator`: the peer called in a forked "
            "child, one hand a call (poker-equity and pysolver: a batch a call); the ratio is "
            "pysolver's evaluator's time over the peer's under the same check."
        ],
        extra={
            "verdicts": verdicts,
            "rule_books": rule_books,
            "games": games,
            "calculators": calculators,
            "workers": WORKERS,
            "cores": os.cpu_count(),
        },
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
