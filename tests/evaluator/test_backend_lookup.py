"""backend() says which kernel counts without searching the import path on every call: the search
for numba (find_spec) is made once a process, before numba is imported."""

import sys
from functools import lru_cache

from pysolver.evaluator import _jit, backend


def test_numba_is_looked_for_once_a_process(monkeypatch):
    looked = []
    real = _jit.find_spec
    monkeypatch.setattr(_jit, "find_spec", lambda name: looked.append(name) or real(name))
    monkeypatch.setattr(_jit, "load_numba", lru_cache(maxsize=1)(lambda: None))  # not tried yet
    monkeypatch.delitem(sys.modules, "numba", raising=False)  # not imported yet
    monkeypatch.delenv("PYSOLVER_KERNEL", raising=False)
    _jit._installed.cache_clear()
    try:
        answers = {backend() for _ in range(50)}
    finally:
        _jit._installed.cache_clear()
    assert looked == ["numba"]
    assert answers == {"numba" if real("numba") is not None else "numpy"}


def test_the_numpy_setting_is_read_on_every_call(monkeypatch):
    monkeypatch.setenv("PYSOLVER_KERNEL", "numpy")
    assert backend() == "numpy"
    monkeypatch.delenv("PYSOLVER_KERNEL")
    assert backend() in ("numba", "numpy")
