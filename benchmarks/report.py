"""Generate docs/performance.md and the README's speed table from benchmarks/results/*.json.

    python benchmarks/report.py            # write both
    python benchmarks/report.py --check    # exit 1 if either differs from what is on disk

Every figure on the page and in the README table comes from a results file
written by a benchmark (``python benchmarks/run_all.py``); none is typed by
hand, and ``--check`` proves it. The README table replaces whatever lies
between the lines ``<!-- performance:start -->`` and ``<!-- performance:end -->``;
without those lines the README is left alone (with a warning).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
PAGE = ROOT / "docs" / "performance.md"
README = ROOT / "README.md"
START, END = "<!-- performance:start -->", "<!-- performance:end -->"
#: The conformance guide, whose table of the peers' verdicts comes from results/conform.json.
CONFORM_PAGE = ROOT / "docs" / "guide" / "conform.md"
CONFORM_START, CONFORM_END = "<!-- conform:start -->", "<!-- conform:end -->"

#: The order of the page's sections; a results file not named here comes after, by name.
ORDER = (
    "evaluator",
    "kernels",
    "equity",
    "equity-mc",
    "equity-frontier",
    "asp",
    "games",
    "game_values",
    "game_equity",
    "first_use",
    "whatif",
    "strength",
    "crossval",
    "crossval7",
    "conform",
)
#: The README's rows: benchmark, case key, peer (None: the fastest peer present), label; the ratio on
#: every core comes from the case of that key measured on every core, or of the key EVERY_CORE names.
EVERY_CORE = {"7-card-1-thread": "7-card-every-core"}
HEADLINES = (
    ("evaluator", "7-card-1-thread", "OMPEval", "Evaluator, random 7-card hands, one thread each"),
    ("equity", "hu-preflop", "OMPEval", "Equity, AhKh vs QsQd preflop, exact"),
    ("equity", "range-random-flop", "OMPEval", "Equity, QQ+,AKs vs random on Ks 7h 2d, exact"),
    ("equity", "ranges-preflop", "OMPEval", "Equity, QQ+,AKs vs JJ,TT,99,AQs preflop, exact"),
    ("equity", "ranges-flop", "OMPEval", "Equity, QQ+,AKs vs JJ,TT,99,AQs on Ks 7h 2d, exact"),
    ("equity-long", "hand-two-random-preflop", "OMPEval", "Equity, AhKh vs random vs random preflop, exact"),
    ("equity-mc", "mc-2-known", "OMPEval", "Monte Carlo, two known hands preflop, trials"),
    ("equity-mc", "mc-6-known", "OMPEval", "Monte Carlo, six known hands preflop, trials"),
    ("equity-mc", "mc-2-random", "OMPEval", "Monte Carlo, AhKh vs random preflop, trials"),
    ("equity-mc", "mc-6-random", "OMPEval", "Monte Carlo, AhKh vs five random hands preflop, trials"),
    ("asp", "batch-2-w1", "pysolver evaluator", "ASP solver, heads-up river showdowns, one process"),
    ("asp", "batch-9-w1", "pysolver evaluator", "ASP solver, 9-handed river showdowns, one process"),
)


# --- Numbers as text ------------------------------------------------------------------------


def significant(x: float, digits: int = 3) -> str:
    """``x`` to about ``digits`` significant digits, with thousands separators, no exponent."""
    if x == 0:
        return "0"
    decimals = digits - 1 - math.floor(math.log10(abs(x)))
    return f"{x:,.{decimals}f}" if decimals > 0 else f"{round(x, decimals):,.0f}"


def duration(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{significant(seconds * 1e6)} µs"
    if seconds < 1:
        return f"{significant(seconds * 1e3)} ms"
    return f"{significant(seconds)} s"


def per_item(side: dict, basis: str) -> float | None:
    """Median seconds per item of one side of a case (None if absent)."""
    seconds = side.get(f"{basis}_median")
    return None if seconds is None else seconds / side["items"]


def figure(side: dict, case: dict) -> str:
    """A side's figure: the time of one run, or a rate per second."""
    if "absent" in side:
        return f"absent: {side['absent']}"
    seconds = per_item(side, case["basis"])
    if seconds is None:
        return "-"
    if case["unit"] == "run":
        return duration(seconds)
    rate = 1 / seconds
    text = f"{significant(rate / 1e6)} M" if rate >= 1e6 else significant(rate)
    return f"{text} {case['unit']}s/s"


def threads_label(threads: int) -> str:
    """How many threads each program on a row ran on."""
    return "1" if threads == 1 else f"every core ({threads})"


def ratio(value: float | None) -> str:
    """pysolver's time over the peer's, and what it means."""
    if value is None:
        return "-"
    if value < 1:
        return f"{significant(value)} ({significant(1 / value)}× faster)"
    return f"{significant(value)} (slower)"


def commit_text(commit: dict) -> str:
    dirty = " with uncommitted changes" if commit.get("dirty") else ""
    return f"`{commit['hash']}`{dirty}"


def machine_text(machine: dict) -> str:
    return f"{machine['cpu']} ({machine['cores']} cores)"


# --- The page -------------------------------------------------------------------------------


def load() -> list[dict]:
    """Every results file, in the page's order."""
    documents = {p.stem: json.loads(p.read_text()) for p in sorted(RESULTS.glob("*.json"))}
    names = [n for n in ORDER if n in documents] + sorted(n for n in documents if n not in ORDER)
    return [documents[n] for n in names]


def repeated_rows(documents: list[dict]) -> list[str]:
    """Rows (a case key on a thread count) found in two results files of one benchmark (``equity``,
    ``equity-mc``, ``equity-frontier``: the name before the first ``-``), each said in a line."""
    where: dict[tuple, list[str]] = {}
    for doc in documents:
        for case in doc["cases"]:
            row = (doc["benchmark"].split("-")[0], case["key"], case.get("threads"))
            files = where.setdefault(row, [])
            if doc["benchmark"] not in files:
                files.append(doc["benchmark"])
    return [
        f"row {key}"
        + ("" if threads is None else f" on {threads} thread{'s' if threads > 1 else ''}")
        + f" is in {' and '.join(f'{name}.json' for name in files)}: keep it in one"
        for (_, key, threads), files in where.items()
        if len(files) > 1
    ]


def default_command(doc: dict) -> str:
    """The command of a results file that does not record its own: the benchmark's script."""
    return f"python benchmarks/bench_{doc['benchmark']}.py{' --quick' if doc['quick'] else ''}"


def section(doc: dict) -> list[str]:
    """One benchmark: where the figures came from, its table, its notes."""
    m = doc["machine"]
    peers = ", ".join(f"{name} {version}" if version else f"{name} (absent)" for name, version in doc["peers"].items())
    basis = {"wall", "cpu"} & {case["basis"] for case in doc["cases"]}
    lines = [
        f"## {doc['title']}",
        "",
        f"`{doc.get('command') or default_command(doc)}` → `benchmarks/results/{doc['benchmark']}.json`",
        "",
        f"Measured {doc['date']} on {machine_text(m)}, {m['platform']}; Python {m['python']}, "
        f"numpy {m['numpy']}, clingo {m['clingo']}; commit {commit_text(doc['commit'])}"
        + ("; a `--quick` run (small sizes)" if doc["quick"] else "")
        + (
            f"; load average {m['load_average_5min']} over the 5 minutes before the results were written"
            if m.get("load_average_5min") is not None
            else ""
        )
        + ".",
        "",
    ]
    if peers:
        lines += [f"Peers: {peers}.", ""]
    threaded = any("threads" in case for case in doc["cases"])  # each row on one thread, then every core
    lines += [
        f"Ratios compare median {' and '.join(sorted(b.replace('cpu', 'CPU') for b in basis))} seconds per item.",
        "",
        "| case |" + (" threads |" if threaded else "") + " pysolver | peer | peer's figure "
        "| ratio (pysolver ÷ peer) |",
        "|---|" + ("---|" if threaded else "") + "---|---|---|---|",
    ]
    for case in doc["cases"]:
        ours = figure(case["pysolver"], case)
        first = case["what"] if case.get("threads", 1) == 1 else ""
        on = f" {threads_label(case['threads'])} |" if "threads" in case else (" |" if threaded else "")
        rows = [(name, figure(side, case), ratio(case["ratios"].get(name))) for name, side in case["peers"].items()]
        for i, (name, theirs, r) in enumerate(rows or [("-", "-", "-")]):
            lines.append(
                f"| {first if i == 0 else ''} |{on if i == 0 else (' |' if threaded else '')} "
                f"{ours if i == 0 else ''} | {name} | {theirs} | {r} |"
            )
    if doc["notes"]:
        lines += [""] + [f"- {note}" for note in doc["notes"]]
    if "verdicts" in doc:
        lines += [""] + verdict_table(doc)
    return lines + [""]


# --- The peers' verdicts (benchmarks/bench_conform.py) ---------------------------------------


def _verdict(check: dict | None) -> str:
    if check is None:
        return "-"
    if check["ok"]:
        return f"conforms ({significant(check['seconds'], 2)} s)"
    kinds = f"{check['kinds']} kind{'s' if check['kinds'] > 1 else ''}"
    return f"**does not conform**: {kinds} ({significant(check['seconds'], 2)} s)"


def _hours(seconds: float) -> str:
    if seconds < 60:
        return f"{significant(seconds, 2)} s"
    return f"{significant(seconds / 3600, 2)} h" if seconds >= 3600 else f"{significant(seconds / 60, 2)} min"


def verdict_table(doc: dict) -> list[str]:
    """Which evaluators conform, the time of each check, and the time of a check of every 7-card hand."""
    lines = [
        "| evaluator | called as | order | quick, 5 / 6 / 7 cards | random 7-card hands | every 5-card hand "
        "| every 7-card hand |",
        "|---|---|---|---|---|---|---|",
    ]
    for v in doc["verdicts"]:
        if "absent" in v:
            lines.append(f"| {v['peer']} | absent: {v['absent']} | | | | | |")
            continue
        c = v["checks"]
        quick = " / ".join(_verdict(c.get(f"quick {n}")) for n in (5, 6, 7))
        seven = v.get("every_7") or {}
        every7 = f"{_hours(seven['seconds'])}, {seven['how']}" if seven else "-"
        rate = c["random 7"]["hands_per_second"]
        lines.append(
            f"| {v['peer']} {v['version']} | `{v['how']}` | {v['order']} is better | {quick} "
            f"| {_verdict(c['random 7'])}, {significant(rate)} hands/s | {_verdict(c.get('every 5'))} "
            f"| {every7} |"
        )
    for book in doc.get("rule_books", []):
        quick = " / ".join(_verdict(book["checks"].get(f"quick {n}")) for n in (5, 7))
        lines.append(
            f"| {book['peer']} under `--rules {book['rules']}` | `{book['how']}` | | {quick} (5 / 7 cards) | | | |"
        )
    lines += game_table(doc) + calculator_table(doc)
    wrong = [
        (f"{v['peer']}", ex)
        for v in doc["verdicts"] + doc.get("rule_books", []) + doc.get("games", [])
        for check in v.get("checks", {}).values()
        for ex in check["counterexamples"][:1]
        if not check["ok"]
    ]
    seen: set = set()
    for peer, ex in wrong:
        if (peer, ex["kind"]) in seen:
            continue
        lines += [""] if not seen else []
        seen.add((peer, ex["kind"]))
        hands = " against ".join(" ".join(h) for h in ex["hands"])
        lines.append(
            f"- {peer}: {ex['kind']} ({ex['relation']}): {hands}, values {ex['values']}"
            + (f"; the rules: {ex['explanation']}" if ex.get("explanation") else "")
        )
    return lines


def game_table(doc: dict) -> list[str]:
    """The peers' evaluators of other games, each judged by pysolver's rule book of the game, pot by pot."""
    games = doc.get("games", [])
    if not games:
        return []
    lines = [
        "",
        "| evaluator | game, pot | called as | order | quick check | random hands of the deal "
        "| upstream report of this shape |",
        "|---|---|---|---|---|---|---|",
    ]
    for g in games:
        where = f"`{g['rules']}`, {g['pot']}"
        if "absent" in g:
            lines.append(f"| {g['peer']} | {where} | absent: {g['absent']} | | | | |")
            continue
        checks = g["checks"]
        rand = checks.get("random")
        random_text = f"{_verdict(rand)}, {significant(rand['hands_per_second'])} hands/s" if rand else "-"
        lines.append(
            f"| {g['peer']} {g['version']} | {where} | `{g['how']}` | {g['order']} is better "
            f"| {_verdict(checks['quick'])} | {random_text} | {g['issue'] or '-'} |"
        )
    return lines


def calculator_table(doc: dict) -> list[str]:
    """The peers' equity calculators on the conformance spots: answered, not taken, the verdict."""
    rows = doc.get("calculators", [])
    if not rows:
        return []
    lines = [
        "",
        "| equity calculator | rule book | called as | spots answered | verdict | not taken |",
        "|---|---|---|---|---|---|",
    ]
    for c in rows:
        if "absent" in c:
            lines.append(f"| {c['peer']} | `{c['rules']}` | absent: {c['absent']} | | | |")
            continue
        verdict = _verdict({"ok": c["ok"], "kinds": c["kinds"], "seconds": c["seconds"]})
        answered = f"{c['spots'] - len(c['unsupported'])} of {c['spots']}"
        skipped = "; ".join(c["unsupported"]) or "-"
        lines.append(
            f"| {c['peer']} {c['version']} | `{c['rules']}` | `{c['how']}` | {answered} | {verdict} | {skipped} |"
        )
    for c in rows:
        for f in c.get("findings", [])[:1]:
            lines.append(f"\n- {c['peer']} ({c['rules']}): {f['kind']}: {f['spot']}: {f['message']}")
    return lines


def conform_block(documents: list[dict]) -> list[str] | None:
    """The conformance guide's table: the verdicts, and where they were measured."""
    doc = next((d for d in documents if d["benchmark"] == "conform"), None)
    if doc is None:
        return None
    return verdict_table(doc) + [
        "",
        f"Measured {doc['date'][:10]} on {machine_text(doc['machine'])} at commit "
        f"{commit_text(doc['commit'])} by `python benchmarks/bench_conform.py"
        f"{' --quick' if doc['quick'] else ''}`; "
        "[the performance page](../performance.md) has the rest.",
    ]


def page(documents: list[dict]) -> str:
    lines = [
        "# Performance",
        "",
        "<!-- Generated by benchmarks/report.py from benchmarks/results/*.json: do not edit by hand. -->",
        "",
        "Every figure below was measured by a benchmark in `benchmarks/`, with pysolver and its "
        "peers timed on the same work in the same run, taking turns within each round. The "
        "column that matters is the ratio: pysolver's time divided by the peer's for the same "
        "amount of work (below 1: pysolver is faster). Absolute times on a shared 2-core "
        "machine are noisy and another machine can be twice as fast or slow; a ratio measured "
        "side by side moves much less. The tables compare medians; the results files also "
        "hold each minimum. A time under a millisecond is the most exposed to other processes "
        "(one preemption costs more than the calculation), so its ratio moves most from run "
        "to run. A peer that is not installed is shown as absent, never estimated.",
        "",
        "## How to reproduce",
        "",
        "Install the peers (`pip install -e '.[bench]'`; OMPEval, a C++ calculator, is built "
        "from its source beside the project by its `build.sh` on first use, or set `OMPEQ` to "
        "an `ompeq` binary), then run `python benchmarks/run_all.py` (add `--quick` for a "
        "small version in under a minute) and `python benchmarks/report.py`, which rewrites "
        "this page and the speed table in the README from `benchmarks/results/*.json`. "
        "`python benchmarks/report.py --check` exits with status 1 if either differs from "
        "what the results files give.",
        "",
    ]
    for doc in documents:
        lines += section(doc)
    return "\n".join(lines).rstrip("\n") + "\n"


# --- The README's table ---------------------------------------------------------------------


def headline_rows(documents: list[dict]) -> list[str]:
    by_name = {doc["benchmark"]: doc for doc in documents}
    rows = []
    for name, key, peer, label in HEADLINES:
        cases = [c for c in by_name.get(name, {}).get("cases", []) if c["key"] in (key, EVERY_CORE.get(key))]
        if not cases:
            continue
        case = cases[0]  # one thread each (a case measured both ways lists it first)
        present = {p: r for p, r in case["ratios"].items() if r is not None}
        if peer is None and present:
            peer = max(present, key=present.get)  # the fastest peer: the largest ratio
        if peer not in case["peers"]:
            continue
        every = [c["ratios"].get(peer) for c in cases[1:] if c.get("threads", 1) > 1 or c["key"] != key]
        rows.append(
            f"| {label} | {figure(case['pysolver'], case)} | {peer}: {figure(case['peers'][peer], case)} "
            f"| {ratio(case['ratios'].get(peer))} | {ratio(every[0]) if every else '-'} |"
        )
    return rows


def readme_table(documents: list[dict]) -> list[str]:
    used = {name for name, *_ in HEADLINES}
    commits: dict[str, set[str]] = {}
    for doc in documents:
        if doc["benchmark"] in used:
            commits.setdefault(machine_text(doc["machine"]), set()).add(commit_text(doc["commit"]))
    where = "; ".join(
        f"{machine} at commit{'s' if len(c) > 1 else ''} {' and '.join(sorted(c))}"
        for machine, c in sorted(commits.items())
    )
    return (
        [
            "| | pysolver | peer | ratio (pysolver ÷ peer) | ratio on every core each |",
            "|---|---|---|---|---|",
        ]
        + headline_rows(documents)
        + [
            "",
            f"Measured side by side on {where}; every figure, and how to reproduce them: "
            "[docs/performance.md](docs/performance.md).",
        ]
    )


def with_table(readme: str, table: list[str], start: str = START, end: str = END) -> str | None:
    """The README with the lines between the markers replaced (None without the markers)."""
    lines = readme.split("\n")
    starts = [i for i, line in enumerate(lines) if line.strip() == start]
    ends = [i for i, line in enumerate(lines) if line.strip() == end]
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        return None
    return "\n".join(lines[: starts[0] + 1] + table + lines[ends[0] :])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if a generated file differs from the disk")
    args = parser.parse_args(argv)
    documents = load()
    if not documents:
        print(f"no results in {RESULTS.relative_to(ROOT)}: run python benchmarks/run_all.py first", file=sys.stderr)
        return 1
    repeated = repeated_rows(documents)
    for line in repeated:
        print(f"{RESULTS.relative_to(ROOT)}: {line}", file=sys.stderr)
    if repeated:
        return 1
    outputs = {PAGE: page(documents)}
    readme = README.read_text() if README.exists() else ""
    new_readme = with_table(readme, readme_table(documents))
    if new_readme is None:
        print(f"warning: README.md lacks one pair of the lines {START} / {END}: README left untouched", file=sys.stderr)
    else:
        outputs[README] = new_readme
    block = conform_block(documents)
    if block is not None and CONFORM_PAGE.exists():
        new_page = with_table(CONFORM_PAGE.read_text(), block, CONFORM_START, CONFORM_END)
        if new_page is not None:
            outputs[CONFORM_PAGE] = new_page
    stale = [path for path, text in outputs.items() if not path.exists() or path.read_text() != text]
    if args.check:
        for path in stale:
            print(
                f"{path.relative_to(ROOT)} differs from benchmarks/results/*.json: run python benchmarks/report.py",
                file=sys.stderr,
            )
        return 1 if stale else 0
    for path in stale:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(outputs[path])
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


__all__ = ["main"]


if __name__ == "__main__":
    sys.exit(main())
