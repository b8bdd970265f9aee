"""Trust under attack and faults: each family of hostile input, run again, counted right/total.

    python scripts/closing_counts.py            # every family (a few minutes: signals, clusters)
    python scripts/closing_counts.py 5 6        # only these families

A family's inputs are the test cases that hold its breaking inputs and their neighbours (one
case per input: the hostile rule files, the damaged resume and cache files, the signals, the
misread options...), run with ``pytest --full``; family 6 also counts the seeded API fuzzers'
calls directly (6,000 hostile calls over the public functions; 600 silent-wrong probes against
their oracle). "right" is the cases that passed (or calls that got a typed error or the
oracle's answer), "total" the cases collected; skipped cases (an extra not installed) are
listed apart.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FAMILIES = {
    1: ("the rule-file check fooled", ["tests/asp/test_rulefile_corpus.py", "tests/asp/test_rulefiles.py"]),
    2: ("rule books the engines read differently", ["tests/asp/test_rulebook_contract.py"]),
    3: ("files that lie", ["tests/crossval/test_resume_damage.py", "tests/evaluator/test_cache_damage.py"]),
    4: ("orphans", ["tests/asp/test_orphans.py"]),
    5: (
        "commands that crash or misread",
        ["tests/cli/test_cli_misreads.py", "tests/crossval/test_bounded_deals.py", "tests/odds/test_no_deal.py"],
    ),
    6: ("the Python API", ["tests/test_api_fuzz.py"]),
    7: ("a bad Dask address", ["tests/asp/test_scheduler_address.py"]),
}


def run_cases(files: list[str]) -> tuple[int, int, int, list[str]]:
    """Passed, collected and skipped cases of ``files``, and the names of the ones that failed."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.xml"
        subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--full", f"--junitxml={report}", *files],
            cwd=ROOT,
            capture_output=True,
        )
        cases = ElementTree.parse(report).getroot().iter("testcase")
        passed = total = skipped = 0
        failed = []
        for case in cases:
            total += 1
            outcome = {child.tag for child in case}
            if "skipped" in outcome:
                skipped += 1
            elif outcome & {"failure", "error"}:
                failed.append(f"{case.get('classname')}::{case.get('name')}")
            else:
                passed += 1
        return passed, total, skipped, failed


def fuzz_counts() -> list[str]:
    """Family 6's fuzzers, counted call by call."""
    sys.path.insert(0, str(ROOT))
    from tests.helpers.api_fuzz import fuzz, silent_wrong

    typed = calls = 0
    for seed in range(1, 7):
        outcome, _ = fuzz(1000, seed)
        calls += sum(outcome.values())
        typed += sum(n for kind, n in outcome.items() if kind != "untyped")
    right = total = 0
    for seed in (1, 2):
        got, wrong = silent_wrong(seed, 300)
        right, total = right + got, total + got + len(wrong)
    return [
        f"    API fuzzer: {typed:,}/{calls:,} calls returned or raised a typed error naming the value",
        f"    silent-wrong fuzzer: {right}/{total} probes gave the oracle's answer",
    ]


def main(argv: list[str]) -> int:
    chosen = [int(a) for a in argv] or list(FAMILIES)
    all_right = True
    for number in chosen:
        title, files = FAMILIES[number]
        passed, total, skipped, failed = run_cases(files)
        counted = total - skipped
        print(f"{number}. {title}: {passed}/{counted} right" + (f" ({skipped} skipped)" if skipped else ""))
        for name in failed:
            print(f"    FAILED {name}")
        if number == 6:
            print("\n".join(fuzz_counts()))
        all_right &= passed == counted
    return 0 if all_right else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
