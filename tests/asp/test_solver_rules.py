"""Rule files, streets, grounding size and the readable view of the ASP solver."""

import clingo
import pytest

from pysolver import Category, Deal, RuleFileError, Solver, solve_showdown
from pysolver.asp._codec import batch_facts
from pysolver.asp._runtime import READABLE_FILES, encoding_path

RIVER_HEADS_UP = Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d")
RIVER_NINE = Deal.parse(
    ["Jc 3d", "Th 9h", "Jd 4c", "8c 6c", "Jh 5d", "Ts 8s", "9d 6d", "5h 4h", "6h 3c"], "As Ks Qd 7h 2c"
)


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path


# --- grounding size: measured 320 atoms / 319 rules heads-up, 570 / 569 nine-handed
# (about 200 of them are the rules' data facts); the bounds leave ~10% room.
def test_grounding_size_heads_up():
    size = Solver().ground_size([RIVER_HEADS_UP])
    assert size.atoms <= 350 and size.rules <= 350


def test_grounding_size_nine_handed():
    size = Solver().ground_size([RIVER_NINE])
    assert size.atoms <= 630 and size.rules <= 630


def test_grounding_grows_linearly_with_the_batch():
    solver = Solver()
    one, ten = solver.ground_size([RIVER_NINE]), solver.ground_size([RIVER_NINE] * 10)
    data = solver.ground_size([RIVER_NINE] * 2).atoms - one.atoms  # atoms of one showdown
    assert ten.atoms == one.atoms + 9 * data


# --- streets: a fresh grounding per street, each agreeing with a separate solve
def test_streets_follow_the_board():
    # Ah Kh against Qc Qd on Qh 7h 2c | Jh | Th: trips queens on the flop,
    # then the nut flush on the turn, then the royal flush on the river.
    deal = Deal.parse(["Ah Kh", "Qc Qd"], "Qh 7h 2c Jh Th")
    flop, turn, river = Solver().solve_streets(deal)
    assert [r.street for r in (flop, turn, river)] == ["flop", "turn", "river"]
    assert [p.category for p in flop.players] == [Category.HIGH_CARD, Category.THREE_OF_A_KIND]
    assert flop.winners == (1,)
    assert turn.players[0].category is Category.FLUSH and turn.winners == (0,)
    assert turn.players[0].tiebreak == (12, 11, 10, 9, 5)
    assert river.players[0].category is Category.ROYAL_FLUSH and river.winners == (0,)
    for street in (flop, turn, river):
        assert street == solve_showdown(["Ah Kh", "Qc Qd"], street.board)


def test_streets_of_a_preflop_deal():
    (only,) = Solver().solve_streets(Deal.parse(["As Ks", "Qh Qd"]))
    assert only.street == "preflop" and only.winners == (1,)


# --- rule files
def test_syntax_error_names_file_and_line(tmp_path):
    path = write(tmp_path, "broken.lp", "% a comment\nwinner(G, P :- hole(G, P, _, _).\n")
    with pytest.raises(RuleFileError) as error:
        Solver(add=[path]).solve(RIVER_HEADS_UP)
    message = str(error.value)
    assert f"{path}:2:" in message and "syntax error" in message


def test_unsafe_variable_names_file_and_line(tmp_path):
    path = write(tmp_path, "unsafe.lp", "\n\nlucky(G, P, X) :- player(G, P).\n")
    with pytest.raises(RuleFileError) as error:
        Solver(add=[path]).solve(RIVER_HEADS_UP)
    message = str(error.value)
    assert f"{path}:3:" in message and "unsafe" in message and "'X'" in message


def test_missing_rule_file(tmp_path):
    with pytest.raises(RuleFileError, match="no such file"):
        Solver(add=[tmp_path / "nowhere.lp"])


def test_rule_file_without_an_answer(tmp_path):
    path = write(tmp_path, "never.lp", ":- showdown(G).\n")
    with pytest.raises(RuleFileError, match="no answer"):
        Solver(add=[path]).solve(RIVER_HEADS_UP)


def test_rule_file_with_a_choice(tmp_path):
    path = write(tmp_path, "choice.lp", "{ lucky(G, P) } :- player(G, P).\n")
    with pytest.raises(RuleFileError, match="more than one answer"):
        Solver(add=[path]).solve(RIVER_HEADS_UP)


def test_rule_file_warnings_are_logged(tmp_path, caplog):
    path = write(tmp_path, "typo.lp", "makes(G, P, pair) :- playerr(G, P).\n")
    with caplog.at_level("WARNING", logger="pysolver.asp"):
        result = Solver(add=[path]).solve(RIVER_HEADS_UP)
    assert result.players[0].category is Category.HIGH_CARD  # the misspelt rule never fires
    (warning,) = [r.getMessage() for r in caplog.records if "playerr" in r.getMessage()]
    assert f"{path}:1:" in warning and "does not occur in any rule head" in warning


def test_rule_file_giving_a_second_category(tmp_path):
    path = write(tmp_path, "second.lp", "category(G, P, flush) :- player(G, P).\n")
    with pytest.raises(RuleFileError, match="more than one hand"):
        Solver(add=[path]).solve(RIVER_HEADS_UP)


def test_rule_file_error_in_a_worker_process(tmp_path):
    path = write(tmp_path, "second.lp", "category(G, P, flush) :- player(G, P).\n")
    with pytest.raises(RuleFileError, match="more than one hand"):
        Solver(add=[path], chunk_size=1, workers=2).solve_batch([RIVER_HEADS_UP] * 3)


def test_rule_file_changes_the_answer(tmp_path):
    # An experiment: the wrap-around straight K-A-2-3-4 counts, four high.
    path = write(
        tmp_path, "wrap.lp", "straight(four, 1, king; four, 2, ace; four, 3, two; four, 4, three; four, 5, four).\n"
    )
    deal = Deal.parse(["Kc Ad", "9d 9s"], "2h 3s 4d 9c 8h")
    assert Solver().solve(deal).winners == (1,)  # trips nines beat ace high
    wrapped = Solver(add=[path]).solve(deal)
    assert wrapped.winners == (0,)
    assert wrapped.players[0].category is Category.STRAIGHT
    assert wrapped.players[0].description == "Straight, Four high"


def test_rule_file_with_an_unknown_category(tmp_path):
    path = write(tmp_path, "bonus.lp", "makes(G, P, bonus) :- player(G, P).\ncategory_order(bonus, 100).\n")
    with pytest.raises(RuleFileError, match="category_order names 'bonus', not a hand category"):
        Solver(add=[path]).solve(RIVER_HEADS_UP)


# --- the readable view (show.lp) says the same as the driver
def readable_answer(deals):
    ctl = clingo.Control(["--warn=none"])
    for name in READABLE_FILES + ("variants/standard.lp",):
        ctl.load(str(encoding_path(name)))
    ctl.add("base", [], batch_facts(deals))
    ctl.ground([("base", [])])
    atoms = []
    ctl.solve(on_model=lambda m: atoms.extend(m.symbols(shown=True)))
    return atoms


def test_readable_view_agrees_with_the_driver():
    deals = [
        RIVER_HEADS_UP,
        RIVER_NINE,
        Deal.parse(["Ah Ad", "Jc Jd"], "Kc Kd Qh Qs 3c"),
        Deal.parse(["Ad 2d", "Kh Kc"], "3d 4d 5d Ks"),
        Deal.parse(["As Ks", "Qh Qd"]),
    ]
    results = Solver().solve_batch(deals)
    atoms = readable_answer(deals)
    for g, result in enumerate(results):
        for p, hand in enumerate(result.players):
            mine = [a for a in atoms if a.arguments[:2] == [clingo.Number(g), clingo.Number(p)]]
            category = {a.arguments[2].name for a in mine if a.name == "category"}
            ties = sorted((a.arguments[2].number, a.arguments[3].number) for a in mine if a.name == "tiebreak")
            best = {f"{a.arguments[2].name}/{a.arguments[3].name}" for a in mine if a.name == "best_five"}
            assert category == {hand.category.snake}
            assert tuple(r for _, r in ties) == hand.tiebreak
            assert [i for i, _ in ties] == list(range(len(hand.tiebreak)))
            assert len(best) == len(hand.best_five)
        outcome = {
            a.arguments[2].number: a.arguments[1].name
            for a in atoms
            if a.name == "game_outcome" and a.arguments[0].number == g
        }
        assert sorted(outcome) == list(result.winners)
        assert set(outcome.values()) == {"tie" if result.is_tie else "win"}
        beats = {
            (a.arguments[1].number, a.arguments[2].number)
            for a in atoms
            if a.name == "beats" and a.arguments[0].number == g
        }
        keys = [h.key for h in result.players]
        assert beats == {(p, q) for p in range(len(keys)) for q in range(len(keys)) if keys[p] > keys[q]}
