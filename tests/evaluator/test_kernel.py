"""The evaluator's compiled kernel against its numpy path, threads, per-board values, and the kernel API."""

import os
import subprocess
import sys
from itertools import combinations

import numpy as np
import pytest

import pysolver.evaluator as evaluator
from pysolver.core._errors import CardCountError, InvalidCardError, PokerInputError
from pysolver.evaluator import _engines, _kernel, evaluate_batch, evaluate_boards, thread_count
from pysolver.evaluator import _lookup as lookup
from pysolver.evaluator._shipped_tables import RANK_SHIFT, rank_value_items

numba = pytest.importorskip("numba", reason="the compiled kernel needs numba (the test extra installs it)")


def random_hands(n: int, k: int, seed: int) -> np.ndarray:
    """``n`` rows of ``k`` distinct cards, uniformly: the first k of a random permutation."""
    return np.argsort(np.random.default_rng(seed).random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def use_path(monkeypatch, path: str) -> None:
    """Run batches of any size in the compiled kernel ("numba") or with numpy ("numpy") within a test."""
    for module in (lookup, _engines):
        monkeypatch.setattr(module, "uses_kernel", lambda rows, loops=None: path == "numba")


@pytest.fixture
def numpy_path(monkeypatch):
    """A switch to the numpy path for the rest of the test; until then, the kernel."""
    use_path(monkeypatch, "numba")
    return lambda: use_path(monkeypatch, "numpy")


def test_the_kernel_runs_when_numba_is_installed_and_loads_for_a_large_batch():
    assert evaluator.backend() == "numba"
    code = (
        "import numpy as np, sys, pysolver.evaluator as e; "
        "hands = np.tile(np.arange(7, dtype=np.uint8), (ROWS, 1)); "
        "loaded = []; e.evaluate_batch(hands[:1000]); loaded.append('numba' in sys.modules); "
        "e.evaluate_batch(hands); loaded.append('numba' in sys.modules); print(loaded)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code.replace("ROWS", str(_kernel.LOAD_ROWS))], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[False, True]"


def test_kernel_and_numpy_give_the_same_value_for_every_hand(numpy_path):
    """A large seeded sample of 7- and 6-card hands, and every 5-card hand, both ways."""
    samples = [
        random_hands(1_000_000, 7, seed=2026),
        random_hands(300_000, 6, seed=6),
        np.array(list(combinations(range(52), 5)), dtype=np.uint8),
    ]
    compiled = [evaluate_batch(hands) for hands in samples]
    numpy_path()
    for hands, values in zip(samples, compiled):
        assert (evaluate_batch(hands) == values).all()
        assert (evaluate_batch(hands.astype(np.int64)) == values).all()
    # the 7-card sample's categories in their expected proportions (7-card frequencies, 133,784,560 hands)
    share = np.bincount(evaluator.categories(compiled[0]), minlength=10) / len(compiled[0])
    assert abs(share[0] - 23294460 / 133784560) < 0.002 and abs(share[1] - 58627800 / 133784560) < 0.002


@pytest.mark.parametrize("rules", [None, "short_deck"])
def test_the_kernels_hash_is_the_shipped_one_and_every_key_has_a_slot(rules):
    """``(key & 4095) + 2 * rank_starts[key >> 12]`` is ``key + rank_offsets[key >> 12]`` for every
    multiset's key, the values are the game's, and any 25-bit key (repeated cards) stays inside."""
    game, kernel = _engines.game_tables(rules), evaluator.kernel_tables(rules)
    keys = np.array(sorted(set(rank_value_items()[0].tolist())))
    rows = keys >> RANK_SHIFT
    slots = (keys & 4095) + 2 * kernel.rank_starts[rows].astype(np.int64)
    assert (slots == keys + game.offsets[rows]).all()
    assert (kernel.rank_values[slots] == game.rank_values[keys + game.offsets[rows]]).all()
    assert (kernel.rank_values[: len(game.rank_values)] == game.rank_values).all()
    assert kernel.rank_starts.dtype == np.uint16 and len(kernel.rank_starts) == 2**25 >> RANK_SHIFT
    assert 2 * int(kernel.rank_starts.max()) + 4095 < len(kernel.rank_values)


def test_repeated_cards_are_valued_without_reading_outside_the_tables():
    """Rows of one card repeated (not refused without ``check_distinct``) give meaningless values,
    but inside the tables: every key of 25 bits has a slot. In a child process: a read far outside
    the tables would end it."""
    code = (
        "import numpy as np, pysolver.evaluator as e; e.load_kernel(); "
        "print(sum(int(e.evaluate_batch(np.repeat(np.arange(52, dtype=d)[:, None], k, axis=1)).min() >= 0) "
        "for k in (5, 6, 7) for d in (np.uint8, np.int64)))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stdout.strip()) == (0, "6")


@pytest.mark.parametrize("dtype", [np.uint8, np.int64])
@pytest.mark.parametrize("k", [5, 6, 7])
def test_the_first_bad_row_is_named_among_flushes_and_other_bad_rows(k, dtype):
    """The kernel lists a block's flush and bad-card rows and finishes them in order: the error
    names the first bad row, whether flushes come before it in its block or bad rows after it."""
    hands = random_hands(5000, k, seed=k).astype(dtype)
    suited = np.arange(k) * 4 + 1  # all diamonds: a flush
    hands[[1025, 1030, 2047, 2049]] = suited
    hands[2050, k - 1], hands[2051, 0], hands[4000, 2] = 77, 99, 88
    with pytest.raises(InvalidCardError, match="index 77"):
        evaluate_batch(hands, threads=1)
    hands[2050, k - 1] = 3
    with pytest.raises(InvalidCardError, match="index 99"):
        evaluate_batch(hands, threads=1)
    hands[2051, 0] = 50
    with pytest.raises(InvalidCardError, match="index 88"):
        evaluate_batch(hands, threads=1)
    hands[4000, 2] = 51
    values = evaluate_batch(hands, threads=1)
    assert (evaluator.categories(values[[1025, 1030, 2047, 2049]]) == 8).all()  # 2d 3d 4d 5d 6d...: straight flushes


def test_the_kernel_on_a_rule_variant(numpy_path):
    deck = np.array([c for c in range(52) if c >= 16], dtype=np.uint8)  # short deck: six and up
    hands = deck[np.argsort(np.random.default_rng(3).random((50_000, len(deck))), axis=1)[:, :7]]
    compiled = evaluate_batch(hands, rules="short_deck")
    numpy_path()
    assert (evaluate_batch(hands, rules="short_deck") == compiled).all()
    with pytest.raises(PokerInputError):
        evaluate_batch(np.array([[0, 20, 24, 28, 32]]), rules="short_deck")


@pytest.mark.parametrize("path", ["numba", "numpy"])
def test_values_do_not_depend_on_the_thread_count(path, monkeypatch):
    use_path(monkeypatch, path)
    hands = random_hands(400_000, 7, seed=11)
    hands[350_000, 3] = 60  # a bad card in a later part
    one = evaluate_batch(hands[:300_000], threads=1)
    for threads in (2, 3, 7, 0, None):
        assert (evaluate_batch(hands[:300_000], threads=threads) == one).all()
        with pytest.raises(InvalidCardError, match="index 60"):
            evaluate_batch(hands, threads=threads)


def test_small_batches_use_fewer_threads():
    assert thread_count(8, 100) == 1
    assert thread_count(8, 3 * _kernel.MIN_ROWS_PER_THREAD) == 3
    assert thread_count(None, 10**9) == thread_count(0, 10**9) == _kernel.cpu_threads()
    for bad in (-1, 1.5, "2", True):
        with pytest.raises(PokerInputError, match="threads"):
            evaluate_batch(random_hands(10, 7, seed=1), threads=bad)


@pytest.mark.parametrize("path", ["numba", "numpy"])
def test_boards_are_hands_of_board_plus_hole_cards(path, monkeypatch):
    use_path(monkeypatch, path)
    rng = np.random.default_rng(7)
    for board_size in (3, 4, 5):
        deals = random_hands(20_000, board_size + 6, seed=board_size)  # a board and three players
        boards, holes = deals[:, :board_size], deals[:, board_size:].reshape(-1, 3, 2)
        per_board = evaluate_boards(boards, holes, threads=2)
        for p in range(3):
            assert (per_board[:, p] == evaluate_batch(np.hstack([boards, holes[:, p]]))).all()
        fixed = holes[0]  # the same holes on every board
        boards = boards[~np.isin(boards, fixed).any(axis=1)]
        assert (
            evaluate_boards(boards, fixed)[:, 1]
            == evaluate_batch(np.hstack([boards, np.broadcast_to(fixed[1], (len(boards), 2))]))
        ).all()
    assert evaluate_boards(np.empty((0, 5), np.uint8), rng.permutation(52)[:4].reshape(2, 2)).shape == (0, 2)


def test_bad_boards():
    with pytest.raises(CardCountError, match="5, 6 or 7"):
        evaluate_boards(np.array([[0, 1]]), np.array([[4, 5]]))
    with pytest.raises(CardCountError, match="holes"):
        evaluate_boards(np.array([[0, 1, 2]]), np.zeros((2, 3, 2), dtype=np.int64))
    with pytest.raises(InvalidCardError, match="52"):
        evaluate_boards(np.array([[0, 1, 2, 3, 52]]), np.array([[4, 5]]))
    with pytest.raises(InvalidCardError, match="dtype"):
        evaluate_boards(np.array([[0.0, 1, 2]]), np.array([[4, 5]]))


def test_key_value_inside_a_compiled_loop():
    """What an engine on the kernel does: its own numba loop summing card words and valuing keys."""
    key_value = evaluator.compiled_key_value()

    @numba.njit
    def values(hands, tables):
        out = np.empty(len(hands), np.int16)
        for i in range(len(hands)):
            word0, word1 = 0, 0
            for card in hands[i]:
                word0 += tables.card_word0[card]
                word1 += tables.card_word1[card]
            out[i] = key_value(word0, word1, tables)
        return out

    hands = random_hands(20_000, 7, seed=9)
    assert (values(hands, evaluator.kernel_tables()) == evaluate_batch(hands)).all()
    short = hands[(hands >= 16).all(axis=1)]
    assert (values(short, evaluator.kernel_tables("short_deck")) == evaluate_batch(short, rules="short_deck")).all()


def test_pysolver_kernel_numpy_chooses_the_numpy_path():
    code = (
        "import numpy as np, sys, pysolver.evaluator as e; "
        "print(e.backend(), e.evaluate_batch(np.array([[51, 47, 43, 39, 35]])).tolist(), 'numba' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYSOLVER_KERNEL": "numpy"},
    )
    assert done.stdout.split() == ["numpy", "[7462]", "False"]
    done = subprocess.run(
        [sys.executable, "-c", "import pysolver.evaluator as e; e.compiled_key_value()"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYSOLVER_KERNEL": "numpy"},
    )
    assert done.returncode == 1 and "ImportError: the compiled kernel needs numba" in done.stderr


def test_values_written_into_a_given_array():
    """``out=``: the values of a fresh call, written into the caller's array (on threads too)."""
    hands = np.random.default_rng(5).permuted(np.tile(np.arange(52, dtype=np.uint8), (200_000, 1)), axis=1)[:, :7]
    expected = evaluate_batch(hands, threads=1)
    for threads in (1, 2):
        out = np.full(len(hands), -1, dtype=np.int16)
        assert evaluate_batch(hands, threads=threads, out=out) is out
        assert np.array_equal(out, expected)


@pytest.mark.parametrize(
    "out",
    [np.empty(3, np.int64), np.empty(4, np.int16), np.empty((3, 1), np.int16), np.empty(6, np.int16)[::2], [0, 0, 0]],
)
def test_a_wrong_output_array_is_refused_naming_it(out):
    with pytest.raises(PokerInputError, match=r"^out .*expected a contiguous \(3,\) int16 array"):
        evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 1]] * 3), out=out)
    frozen = np.empty(3, np.int16)
    frozen.flags.writeable = False
    with pytest.raises(PokerInputError, match="out is read-only"):
        evaluate_batch(np.array([[51, 47, 43, 39, 35, 0, 1]] * 3), out=frozen)
