"""Property-based tests of every parser and public entry point of the standard game: random
text, numbers and Python types give a result or an error of the family (a TypeError only for a
wrong Python type), never anything else; results agree with answers known independently (the
brute-force ranking of tests/helpers/equity_brute.py, combo counts, the card encoding); the command line
exits 0, 1 or 2 and never prints a traceback. And exact answers agree between engines: the shipped
preflop table and the enumeration; the work estimate grows with the work."""

import math

import numpy as np
import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from pysolver import (
    Card,
    PokerInputError,
    Situation,
    chen_score,
    equity,
    evaluate,
    evaluate_batch,
    hand_strength,
    outs,
    parse_cards,
    parse_range,
    solve_showdown,
)
from pysolver.cli import ERROR_LIMIT, main
from pysolver.core._cards import RANKS, SUITS, format_cards
from pysolver.core._ranges import RANDOM, Range, class_combos
from pysolver.odds._planner import work_estimate
from tests.helpers.equity_brute import rank7

QUICK = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

CARD_NAMES = [RANKS[i >> 2] + SUITS[i & 3] for i in range(52)]
# Text near the notations: card and range characters, separators, weights, percent.
near = st.text(alphabet="23456789TJQKAtjqkacdhsxz10♠♥ ,;-+:()%.", max_size=24)
texts = st.one_of(
    near,
    st.text(max_size=24),
    st.sampled_from(["random", "any", "top 10%", "AKs", "TT+", "AsKd", "0.5(AA)", "AA:0.3", ""]),
)
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True),
    st.binary(max_size=6),
    st.lists(st.integers(-3, 60), max_size=8),
    st.dictionaries(st.text(max_size=2), st.integers(), max_size=2),
)
anything = st.one_of(texts, junk)
distinct_cards = st.lists(st.integers(0, 51), min_size=0, max_size=9, unique=True)
range_texts = st.sampled_from(["random", "TT+, AKs", "0.5(AA)", "top 5%", "KQ", "AA:x", "AKx", "-1(AA)"])
seats = st.one_of(st.sampled_from(["AhKh", "QsQd", "7c 2d", "random", "AsAs", "Zz"]), range_texts, texts, junk)
boards = st.one_of(st.sampled_from(["", "2c 7d 9h", "2c 7d 9h Jc", "2c 7d 9h Jc Ks", "Ah", "2c 2c 3d"]), texts, junk)
valid_count = st.integers(1, 2000)
counts = st.one_of(
    st.none(),
    valid_count,
    valid_count,
    valid_count,
    st.integers(max_value=0),
    st.integers(min_value=10**8 + 1),
    st.floats(),
    st.text(max_size=4),
)


@st.composite
def valid_deals(draw, most=3, sizes=(0, 3, 4, 5), ranges=True):
    """Players and a board, mostly valid: hole cards dealt from a shuffled deck, some players a range
    (with ``ranges``), now and then a player or the board replaced by anything at all."""
    deck = draw(st.permutations(CARD_NAMES))
    players = []
    for i in range(draw(st.integers(min(2, most), most))):
        kind = draw(st.sampled_from(["hole"] * 3 + ["range"] * ranges + ["other"]))
        players.append(
            " ".join(deck[2 * i : 2 * i + 2])
            if kind == "hole"
            else draw(range_texts)
            if kind == "range"
            else draw(seats)
        )
    board = " ".join(deck[2 * most : 2 * most + draw(st.sampled_from(sizes))])
    return players, board if draw(st.integers(0, 5)) < 5 else draw(boards)


def deals(most=3, sizes=(0, 3, 4, 5), ranges=True):
    """Mostly :func:`valid_deals`, else any players and board at all."""
    valid = valid_deals(most, sizes, ranges)
    return st.one_of(valid, valid, valid, st.tuples(st.lists(seats, max_size=most), boards))


def outcome(call, *args, types=False, **kwargs):
    """The call's result, or its error if it is of the family (or a TypeError, with ``types``),
    with a message that is one short line."""
    try:
        result = call(*args, **kwargs)
    except PokerInputError as error:
        message = str(error)
        assert message and "\n" not in message and len(message) <= 400
        event(type(error).__name__)
        return error
    except TypeError as error:
        if not types:
            raise
        event("TypeError")
        return error
    event("a result")
    return result


def ordinal_ranking():
    """Every (category, ranks) tuple of five cards, weakest first: the brute-force ranking."""
    if not hasattr(ordinal_ranking, "table"):
        from tests.helpers.equity_brute import _all_classes

        ordinal_ranking.table = {t: i + 1 for i, t in enumerate(_all_classes())}
    return ordinal_ranking.table


# --- Parsers ---------------------------------------------------------------------------------


@QUICK
@given(anything)
def test_parse_cards_any_input(value):
    result = outcome(parse_cards, value, types=not isinstance(value, (str, list)))
    if isinstance(result, tuple):
        assert len(set(result)) == len(result) and parse_cards(format_cards(result)) == result


@QUICK
@given(distinct_cards, st.sampled_from([" ", ",", "", "; "]))
def test_parse_cards_reads_the_encoding(indices, separator):
    text = separator.join(CARD_NAMES[i] for i in indices)
    assert [c.index for c in parse_cards(text)] == indices  # index = 4 * rank + suit


SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}


@QUICK
@given(anything)
def test_card_parse_any_input(value):
    result = outcome(Card.parse, value)
    if isinstance(result, Card):  # the text's rank, then its suit (a letter or a symbol)
        token = value.strip()
        assert {"10": "T"}.get(token[:-1], token[:-1].upper()) == RANKS[result.rank]
        assert SUIT_SYMBOLS.get(token[-1], token[-1].lower()) == SUITS[result.suit]


@QUICK
@given(st.integers(0, 12), st.integers(0, 3), st.booleans())
def test_card_parse_rank_and_suit(rank, suit, lower):
    text = RANKS[rank] + SUITS[suit]
    assert Card.parse(text.lower() if lower else text).index == 4 * rank + suit


@QUICK
@given(anything)
def test_parse_range_any_input(value):
    result = outcome(parse_range, value)
    if isinstance(result, Range):
        assert result.weights.shape == (1326,) and ((result.weights >= 0) & (result.weights <= 1)).all()


classes = st.sampled_from(["AA", "KK", "72", "AKs", "T9o", "QJ", "22"])


@QUICK
@given(st.lists(st.tuples(classes, st.sampled_from([None, 0.25, 0.5, 1.0]), st.booleans()), min_size=1, max_size=4))
def test_parse_range_weights_combos_of_each_class(items):
    text = ", ".join(name if w is None else (f"{name}:{w}" if after else f"{w}({name})") for name, w, after in items)
    weights = parse_range(text).weights
    expected = np.zeros(1326)
    for name, w, _ in items:  # a later item's weight wins
        names = [name] if (len(name) == 2 and name[0] == name[1]) or len(name) == 3 else [name + "s", name + "o"]
        for n in names:
            expected[class_combos(n)] = 1.0 if w is None else w
    assert np.array_equal(weights, expected)
    assert weights.sum() == pytest.approx(sum(expected))


@QUICK
@given(st.one_of(deals(), st.tuples(st.lists(anything, max_size=4), anything)), anything, st.booleans())
def test_situation_any_input(deal, dead, ranges):
    players, board = deal
    result = outcome(Situation.of, players, board, dead=dead, ranges=ranges, types=True)
    if isinstance(result, Situation):
        cards = result.fixed_cards
        assert len(set(cards)) == len(cards) and 2 <= len(result.players) <= 23


# --- The engines -----------------------------------------------------------------------------


@QUICK
@given(st.one_of(anything, distinct_cards))
def test_evaluate_any_input(value):
    result = outcome(evaluate, value, types=not isinstance(value, (str, list)))
    if isinstance(result, int):
        assert 1 <= result <= 7462


@QUICK
@given(st.lists(st.integers(0, 51), min_size=5, max_size=7, unique=True))
def test_evaluate_agrees_with_brute_force(indices):
    assert evaluate(indices) == ordinal_ranking()[rank7(indices)]


@QUICK
@given(
    st.integers(0, 4),
    st.integers(0, 9),
    st.integers(-60, 120),
    st.sampled_from(["int64", "int8", "uint16", "float64", "bool"]),
)
def test_evaluate_batch_any_array(rows, width, top, dtype):
    hands = (np.arange(rows * width).reshape(rows, width) * 7 % max(abs(top), 1) * np.sign(top or 1)).astype(dtype)
    # Distinct cards are checked only when asked (for speed); asked, a repeated card is an error.
    result = outcome(lambda h: evaluate_batch(h, check_distinct=True), hands)
    if isinstance(result, np.ndarray):
        assert len(result) == rows and ((result >= 1) & (result <= 7462)).all()


@FEW
@given(st.lists(st.lists(st.integers(0, 51), min_size=7, max_size=7, unique=True), min_size=1, max_size=5))
def test_evaluate_batch_agrees_with_brute_force(hands):
    assert evaluate_batch(np.array(hands)).tolist() == [ordinal_ranking()[rank7(h)] for h in hands]


@QUICK
@given(deals(), counts, st.one_of(st.none(), st.integers(), st.floats()))
def test_equity_any_input(deal, trials, seed):
    players, board = deal
    if trials is None:
        trials = 500  # exact answers come below, with boards that keep them fast
    result = outcome(equity, players, board, trials=trials, seed=seed, types=True)
    if not isinstance(result, Exception):
        assert not result.exact and result.deals == trials and seed in (None, result.seed)
        assert sum(p.equity for p in result.players) == pytest.approx(1.0)
        for p in result.players:
            assert p.wins + p.ties + p.losses == pytest.approx(result.deals)


@FEW
@given(st.permutations(range(52)), st.integers(2, 3))
def test_exact_equity_on_the_river_agrees_with_brute_force(deck, players):
    holes = [deck[2 * i : 2 * i + 2] for i in range(players)]
    board = deck[2 * players : 2 * players + 5]
    result = equity([format_cards(Card(c) for c in h) for h in holes], format_cards(Card(c) for c in board))
    values = [rank7(tuple(h) + tuple(board)) for h in holes]
    best = [i for i, v in enumerate(values) if v == max(values)]
    assert result.exact and result.deals == 1
    assert [(p.wins, p.ties) for p in result.players] == [
        (int(best == [i]), int(len(best) > 1 and i in best)) for i in range(players)
    ]


@QUICK
@given(deals(most=1, sizes=(3, 4, 5), ranges=False), st.one_of(st.none(), range_texts, seats))
def test_hand_strength_any_input(deal, opponents):
    hole, board = (deal[0] or [""])[0], deal[1]
    result = outcome(hand_strength, hole, board, opponent_range=opponents, types=True)
    if not isinstance(result, Exception):
        assert min(result.ahead, result.tied, result.behind) >= 0
        if opponents is None:  # every pair of the unseen cards, once (preflop: with every board)
            known = len(parse_cards(board or ()))
            boards = math.comb(48, 5) if known == 0 else 1
            assert result.ahead + result.tied + result.behind == math.comb(50 - known, 2) * boards


@QUICK
@given(
    deals(most=2, sizes=(3, 4), ranges=False),
    st.one_of(st.just("table"), st.just("table"), st.just("table"), st.just("asp"), anything),
)
def test_outs_any_input(deal, engine):
    players, board = deal
    result = outcome(outs, players, board, engine=engine, types=True)
    if not isinstance(result, Exception):  # one outcome per unseen card
        known = {c for hole in result.players for c in hole} | set(result.board)
        assert len(result.outcomes) == 52 - len(known) and not known & {o.card for o in result.outcomes}


@QUICK
@given(st.one_of(anything, st.sampled_from(["AKs", "72o", "TT", "AhKh", "A K", "AKx"])))
def test_chen_score_any_input(hand):
    result = outcome(chen_score, hand, types=not isinstance(hand, (str, list)))
    if isinstance(result, int):
        assert -1 <= result <= 20  # the formula's range: 72o scores -1, AA 20


@FEW
@given(deals(ranges=False))
def test_solve_showdown_any_input(deal):
    players, board = deal
    result = outcome(solve_showdown, players, board, types=True)
    if not isinstance(result, Exception):
        assert set(result.winners) <= set(range(len(players))) and result.winners


@FEW
@given(st.permutations(range(52)), st.integers(2, 4))
def test_solve_showdown_agrees_with_brute_force(deck, players):
    holes = [deck[2 * i : 2 * i + 2] for i in range(players)]
    board = deck[2 * players : 2 * players + 5]
    values = [rank7(tuple(h) + tuple(board)) for h in holes]
    result = solve_showdown([[Card(c) for c in h] for h in holes], [Card(c) for c in board])
    assert list(result.winners) == [i for i, v in enumerate(values) if v == max(values)]


# --- The command line ------------------------------------------------------------------------

words = st.one_of(
    texts,
    st.sampled_from(
        [
            "--board",
            "--dead",
            "--json",
            "--exact",
            "--seed",
            "--trials",
            "--rules",
            "--streets",
            "--force",
            "-1(AA)",
            "AhKh",
            "QsQd",
            "Qh Jh 2c 5d 9s",
            "random",
            "2000",
            "-5",
            "x" * 500,
        ]
    ),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    command=st.sampled_from(["showdown", "equity", "chen", "strength", "outs", "rules", "cache", "bogus"]),
    argv=st.lists(words, max_size=5),
)
def test_command_line_any_arguments(capsys, command, argv):
    if command == "equity":
        argv = argv + ["--trials", "500"]  # never a long exact run
    if command == "cache":
        argv = [a for a in argv if a != "--clear"]
    try:
        status = main([command, *argv])
    except SystemExit as exit_:  # argparse: --help, --version, bad arguments
        status = exit_.code
    out, err = capsys.readouterr()
    assert status in (0, 1, 2)
    assert "Traceback" not in err and "Traceback" not in out
    if status == 2:
        line = err.strip().splitlines()[-1]
        assert line.startswith(("pysolver: error:", "pysolver ")) and len(line) <= ERROR_LIMIT


# --- Exact where it is known ------------------------------------------------------------------


@pytest.mark.parametrize("players", [["AA", "random"], ["AKs, 0.5(QQ)", "random"], ["random", "0.5(AA)"]])
def test_range_against_random_preflop_table_is_the_enumeration(players):
    tabled = equity(players)
    counted = equity(players, table=False, exact=True)
    assert tabled.exact and counted.exact and tabled.deals == counted.deals
    assert [(p.wins, p.ties, p.losses) for p in tabled.players] == [(p.wins, p.ties, p.losses) for p in counted.players]


def test_range_against_random_preflop_sums_the_table_rows():
    from pysolver.odds._table_classes import preflop_table

    table = preflop_table()
    r = equity(["QQ+, 0.5(AKs)", "random"])
    rows = [(6, "AA"), (6, "KK"), (6, "QQ"), (2, "AKs")]  # 0.5 x 4 combos of AKs
    assert r.exact and r.deals == sum(n * table[c]["deals"] for n, c in rows) == 20 * 2_097_572_400
    assert r.players[0].wins == sum(n * table[c]["wins"] for n, c in rows)
    assert r.players[1].wins == sum(n * table[c]["losses"] for n, c in rows)


ranges = st.lists(st.sampled_from(["AA", "KQs", "T9o", "22", "random", "AKo", "72o"]), min_size=1, max_size=3)


@QUICK
@given(
    st.lists(ranges, min_size=1, max_size=5),
    st.integers(0, 3),
    st.sampled_from([0, 3, 4, 5]),
    st.integers(0, 3),
    ranges,
)
@example([["AA"], ["AA"], ["random"]], 0, 5, 0, ["random"])
def test_work_estimate_grows_with_the_work(open_players, fixed, board, dead, wider):
    players = [parse_range(", ".join(r)) for r in open_players] + [("Ah", "Kh")] * max(fixed, 2 - len(open_players))
    estimate = work_estimate(players, board, dead)
    assert 0 < estimate < math.inf
    assert work_estimate(players + [RANDOM], board, dead) >= estimate  # one more open player
    widened = [parse_range(", ".join(open_players[0] + wider))] + players[1:]
    # A range widened to every combo is a random player, which the counting path counts instead of
    # enumerating: that can be less work (AA, AA, random on the river: 126,660 hand values with AA
    # widened to random, 134,106 without), so the estimate grows with any other widening.
    if widened[0].is_random == players[0].is_random:
        assert work_estimate(widened, board, dead) >= estimate  # a wider range
    if board in (4, 5):
        assert work_estimate(players, board - 1, dead) >= estimate  # an earlier street


@pytest.mark.parametrize("seats", [2, 3, 9, 23])
def test_work_estimate_of_random_players_is_finite(seats):
    estimate = work_estimate([RANDOM] * seats, 0)
    assert 1326 ** (seats - 1) / 4 <= estimate < math.inf
