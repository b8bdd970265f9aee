"""The GPU sampler's trials as its documentation states them, in plain Python: the reference the
CUDA kernel is held to, count for count (``pysolver.odds._sampling.gpu``).

Trial ``t`` of a run seeded ``s``: splitmix64 started at ``mix(mix(s + G) + t * STEP)``; a
partial Fisher-Yates shuffle of the unseen cards in card order, each position ``i`` swapped with
``i + below(n - i)`` (Lemire's multiply and reject on the 32-bit halves of an output, high half
first); the random players' two cards each in seat order, then the board's cards to come; the
players holding the best hand split the trial. Written apart from the package: hands are valued by
the caller's ``value(cards)``.
"""

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15
STEP = 0xD1B54A32D192ED03


def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class SplitMix:
    def __init__(self, state):
        self.state = state

    def next(self):
        self.state = (self.state + GOLDEN) & MASK
        return mix(self.state)

    def below(self, n):
        floor = (1 << 32) % n
        while True:
            x = self.next()
            for half in (x >> 32, x & 0xFFFFFFFF):
                m = half * n
                if m & 0xFFFFFFFF >= floor:
                    return m >> 32


def counts(seed, trials, holes, board, dead, value):
    """The counts (P x P lists) of trials 0 .. trials - 1: ``holes`` a list of known hands (card
    indices) or None for a random player; ``value(cards)`` a hand's value, higher the better."""
    known = [c for h in holes if h for c in h] + list(board) + list(dead)
    unseen = [c for c in range(52) if c not in known]
    players = len(holes)
    left = 5 - len(board)
    dealt = 2 * sum(h is None for h in holes) + left
    base = mix((seed + GOLDEN) & MASK)
    found = [[0] * players for _ in range(players)]
    for t in range(trials):
        generator = SplitMix(mix((base + t * STEP) & MASK))
        deck = list(unseen)
        for i in range(dealt):
            j = i + generator.below(len(deck) - i)
            deck[i], deck[j] = deck[j], deck[i]
        place, hands = 0, []
        for hole in holes:
            if hole is None:
                hole, place = deck[place : place + 2], place + 2
            hands.append(list(hole))
        on_board = list(board) + deck[place : place + left]
        values = [value(hand + on_board) for hand in hands]
        winners = [p for p, v in enumerate(values) if v == max(values)]
        for p in winners:
            found[p][len(winners) - 1] += 1
    return found
