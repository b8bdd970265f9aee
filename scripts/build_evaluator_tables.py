"""Write pysolver/data/evaluator_tables.npz, the evaluator's lookup tables (about 20 s).

    python scripts/build_evaluator_tables.py

The tables are built from the reference ranking (pysolver/reference.py); see
pysolver/tables.py for what each holds. tests/evaluator/test_evaluator_tables.py checks
the shipped file against a fresh build of the values.
"""

import time

import numpy as np

from pysolver.evaluator._shipped_tables import TABLES_PATH, build_shipped_tables

if __name__ == "__main__":
    start = time.perf_counter()
    tables = build_shipped_tables()
    np.savez_compressed(TABLES_PATH, **tables)
    sizes = ", ".join(f"{name} {array.shape} {array.dtype}" for name, array in tables.items())
    print(f"wrote {TABLES_PATH} ({TABLES_PATH.stat().st_size:,} bytes: {sizes}) in {time.perf_counter() - start:.1f} s")
