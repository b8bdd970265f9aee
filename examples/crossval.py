"""Cross-validate the ASP solver against the evaluator from Python.

    python examples/crossval.py

Deals 2,000 skewed heads-up river showdowns and 500 three-way turn showdowns,
checks one chunk of the exhaustive 5-card run, prints what was checked and
exits 1 if the engines disagree anywhere.
"""

import sys

from pysolver import crossval_exhaustive, crossval_random

reports = [
    crossval_random(2000, players=2, cards=7, seed=1),
    crossval_random(500, players=3, cards=6, seed=2),
    crossval_exhaustive(chunks=400, only=[0]),
]
for report in reports:
    print(report, end="\n\n")
sys.exit(0 if all(r.ok for r in reports) else 1)
