"""The compiled sampler's generator and its picks: splitmix64, Lemire's multiply and reject, alias tables.

Imported on first use, with the compiled loop (:mod:`pysolver.odds._sampling.kernel`).
A block of trials is dealt by one generator, splitmix64 started at the block's
own state (:func:`block_state`: the seed and the block's number, mixed), so a
block's trials depend on the seed and its number alone.

Uniform integers come from splitmix64 outputs by Lemire's multiply-and-reject,
so every pick is exactly uniform: a card or a pair of cards from the next 16-bit
quarter of an output (four picks an output, the unread quarters carried from
trial to trial), a combo of a range from a 32-bit half. Card and pair picks are
inlined into the loops and index with unsigned integers (numba wraps a signed
index below zero, a test and a branch on every load). A pick by weight is a row
of Walker's alias tables (:func:`alias_tables`, :func:`alias_pick`) or a search
of cumulated weights (:func:`pick_index`).

    >>> block_state(7, 0) != block_state(7, 1) != block_state(8, 0)
    True
"""

from __future__ import annotations

import numpy as np

from ...evaluator import jit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX1 = np.uint64(0xBF58476D1CE4E5B9)
_MIX2 = np.uint64(0x94D049BB133111EB)
_MASK64 = (1 << 64) - 1
_ONE = np.uint64(1)


def _mix(z: int) -> int:
    """splitmix64's output function, on a Python int."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def block_state(seed: int, block: int) -> int:
    """The generator's starting state of trial block ``block`` of a run seeded ``seed``."""
    return _mix((_mix(seed + 0x9E3779B97F4A7C15) + block * 0xD1B54A32D192ED03) & _MASK64)


@jit(inline=True)
def mixed(z):
    """splitmix64's output function, on an unsigned 64-bit integer (:func:`block_state`'s ``_mix``)."""
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return z ^ (z >> np.uint64(31))


@jit(inline=True)
def next_output(state):
    """splitmix64: the next state and a 64-bit output."""
    state = state + _GOLDEN
    z = state
    z = (z ^ (z >> np.uint64(30))) * _MIX1
    z = (z ^ (z >> np.uint64(27))) * _MIX2
    return state, z ^ (z >> np.uint64(31))


@jit
def below(state, n, floor):
    """A uniform integer in 0 .. n - 1 (n < 2**32), exactly: Lemire's multiply and reject, on
    each 32-bit half of an output in turn (``floor`` is ``2**32 % n``)."""
    while True:
        state, x = next_output(state)
        m = (x >> np.uint64(32)) * n
        if (m & np.uint64(0xFFFFFFFF)) >= floor:
            return state, np.int64(m >> np.uint64(32))
        m = (x & np.uint64(0xFFFFFFFF)) * n
        if (m & np.uint64(0xFFFFFFFF)) >= floor:
            return state, np.int64(m >> np.uint64(32))


@jit
def uniform(state):
    """A float in [0, 1) with 53 random bits."""
    state, x = next_output(state)
    return state, np.float64(x >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@jit(inline=True)
def below16(state, bits, left, n, floor):
    """A uniform integer in 0 .. n - 1 (n <= 2**16; unsigned), exactly: Lemire's multiply and
    reject on the next 16-bit quarter of an output (``bits``, ``left`` quarters of it unread;
    ``floor`` is ``2**16 % n``): four picks from one output."""
    while True:
        if left == 0:
            state, bits = next_output(state)
            left = 4
        m = (bits & np.uint64(0xFFFF)) * n
        bits >>= np.uint64(16)
        left -= 1
        if (m & np.uint64(0xFFFF)) >= floor:
            return state, bits, left, m >> np.uint64(16)


@jit(inline=True)
def card(state, bits, left, unseen, floor, used):
    """A card uniform among ``unseen`` not in ``used`` (a card taken already is redrawn); unsigned."""
    n = np.uint64(len(unseen))
    while True:
        state, bits, left, i = below16(state, bits, left, n, floor)
        drawn = np.uint64(unseen[i])
        if not (used >> drawn) & _ONE:
            return state, bits, left, drawn


@jit(inline=True)
def pair(state, bits, left, pair_bits, floor, used):
    """A row of ``pair_bits`` (every pair of the unseen cards) uniform among the pairs clear of
    ``used``: one uniform pick, redrawn while it holds a card taken already; unsigned."""
    n = np.uint64(len(pair_bits))
    while True:
        state, bits, left, row = below16(state, bits, left, n, floor)
        if not pair_bits[row] & used:
            return state, bits, left, row


@jit(inline=True)
def dealt(state, bits, left, deck, step, floor):
    """Step ``step`` of a partial Fisher–Yates shuffle of ``deck``: the card at a uniform position of
    ``step`` .. ``len(deck) - 1`` swapped to ``step`` and returned (``floor`` is ``2**16 % (len(deck)
    - step)``); unsigned. The deck's order before a trial does not matter: each trial's cards are
    uniform whatever it is, and independent of the trials before."""
    state, bits, left, i = below16(state, bits, left, np.uint64(len(deck)) - step, floor)
    i += step
    drawn = deck[i]
    deck[i] = deck[step]
    deck[step] = drawn
    return state, bits, left, drawn


@jit
def pick_index(cumulative, start, stop, u):
    """The first index in start .. stop - 1 whose cumulative weight exceeds ``u`` (stop - 1 if
    none does): a binary search without branches on the data (a branch on a random weight is
    mispredicted half the time)."""
    lo, n = start, stop - start
    while n > 1:
        half = n >> 1
        lo += half * np.int64(cumulative[lo + half - 1] <= u)
        n -= half
    return lo


@jit
def alias_tables(cumulative, bounds):
    """Walker's alias tables of the weights cumulated in each segment ``bounds[i]`` ..
    ``bounds[i + 1]`` of ``cumulative``: row j is kept with ``chance[j]``, else ``other[j]`` is
    taken (Vose's construction), so a weighted draw is one uniform row and one number."""
    chance = np.ones(len(cumulative), dtype=np.float64)
    other = np.arange(len(cumulative))
    for segment in range(len(bounds) - 1):
        start, stop = bounds[segment], bounds[segment + 1]
        n = stop - start
        if n == 0 or cumulative[stop - 1] <= 0.0:
            continue
        scaled = np.empty(n, dtype=np.float64)
        previous = 0.0
        for j in range(n):
            scaled[j] = (cumulative[start + j] - previous) * n / cumulative[stop - 1]
            previous = cumulative[start + j]
        small, large = np.empty(n, dtype=np.int64), np.empty(n, dtype=np.int64)
        smalls, larges = 0, 0
        for j in range(n):
            if scaled[j] < 1.0:
                small[smalls], smalls = j, smalls + 1
            else:
                large[larges], larges = j, larges + 1
        while smalls and larges:
            smalls, larges = smalls - 1, larges - 1
            low, high = small[smalls], large[larges]
            chance[start + low], other[start + low] = scaled[low], start + high
            scaled[high] += scaled[low] - 1.0
            if scaled[high] < 1.0:
                small[smalls], smalls = high, smalls + 1
            else:
                large[larges], larges = high, larges + 1
    return chance, other


@jit
def alias_pick(state, chance, other, start, stop):
    """A row of ``start`` .. ``stop`` - 1 by its weight, from the alias tables (:func:`alias_tables`)."""
    n = np.uint64(stop - start)
    state, row = below(state, n, (np.uint64(1) << np.uint64(32)) % n)
    state, u = uniform(state)
    row += start
    return state, (row if u < chance[row] else other[row])


__all__ = [
    "block_state",
    "mixed",
    "next_output",
    "below",
    "uniform",
    "below16",
    "card",
    "pair",
    "dealt",
    "pick_index",
    "alias_tables",
    "alias_pick",
]
