"""Every CUDA kernel compiles for a real GPU (PTX for compute capability 9.0), without one.

numba-cuda's simulator runs the kernels as Python, so it cannot see what only the compiler
refuses (a local array sized by an expression rather than a constant, a type the GPU lacks).
Where the ``gpu`` extra brings NVIDIA's compiler (``pip install -e '.[gpu]'``), each kernel is
compiled to PTX here, with the argument types the launches give it; without it, skipped.
"""

import numpy as np
import pytest

cuda = pytest.importorskip("numba.cuda")
from numba import typeof  # noqa: E402

from pysolver.evaluator import kernel_tables  # noqa: E402


def compiles(kernel, signature):
    return cuda.compile_ptx(kernel.py_func, signature, cc=(9, 0))[0]


@pytest.fixture(scope="module")
def compiler(request):
    def trivial(a):
        a[0] = 1

    try:
        cuda.compile_ptx(trivial, (typeof(np.zeros(1, np.int64)),), cc=(9, 0))
    except Exception as error:  # no NVIDIA compiler (nvrtc) here: the gpu extra is not installed
        pytest.skip(f"no CUDA compiler: {type(error).__name__}")
    from numba.cuda import dispatcher

    if not cuda.is_available():  # device functions ask the current device for its capability
        patch = pytest.MonkeyPatch()
        patch.setattr(dispatcher, "get_current_device", lambda: type("Device", (), {"compute_capability": (9, 0)}))
        request.addfinalizer(patch.undo)


def arrays(dtype, dims):
    return typeof(np.zeros((1,) * dims, dtype))


def test_every_cuda_kernel_compiles_for_the_gpu(compiler):
    from pysolver.evaluator import _cuda_kernels as evaluator
    from pysolver.odds._exact import gpu_kernel as exact
    from pysolver.odds._sampling import gpu_kernel as sampling

    t = kernel_tables()
    tables = tuple(typeof(a) for a in (t.card_word0, t.card_word1, t.rank_starts, t.rank_values, t.flush_values))
    i64, u64 = typeof(np.int64(0)), typeof(np.uint64(0))
    kernels = {
        "rows": (evaluator.rows, (arrays(np.uint8, 2), arrays(np.int16, 1), arrays(np.int64, 1))),
        "every_hand": (
            evaluator.every_hand,
            (arrays(np.int64, 1), i64, i64, i64, arrays(np.int64, 2), arrays(np.int64, 1)),
        ),
        "trials": (
            sampling.trials,
            (
                u64,
                i64,
                i64,
                arrays(np.int64, 1),
                arrays(np.int64, 1),
                arrays(np.int64, 2),
                i64,
                i64,
                i64,
                arrays(np.int64, 2),
            ),
        ),
        "fixed_deals": (
            exact.fixed_deals,
            (
                arrays(np.int64, 3),
                arrays(np.int64, 2),
                i64,
                i64,
                i64,
                i64,
                i64,
                arrays(np.int64, 2),
                arrays(np.int64, 3),
            ),
        ),
    }
    for name, (kernel, arguments) in kernels.items():
        assert ".entry" in compiles(kernel, arguments + tables), name
