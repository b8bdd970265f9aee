"""The part of a program that no deal changes, solved once: the split program answers as the whole."""

import clingo
import pytest
from clingo import ast

from pysolver import Card, Deal, Solver, load_rules
from pysolver.asp._codec import DealInput, batch_facts
from pysolver.asp._runtime import AspProgram
from pysolver.asp._static import StaticPart, split_static
from pysolver.core import VARIANTS
from pysolver.crossval._games import deal_game


def statements(text: str) -> tuple[ast.AST, ...]:
    found: list[ast.AST] = []
    ast.parse_string(text, found.append)
    return tuple(found)


def answer(program: AspProgram, facts) -> list[str]:
    atoms, _ = program.run(facts)
    return sorted(str(atom) for atom in atoms)


@pytest.mark.parametrize("explain", [False, True])
@pytest.mark.parametrize("name", VARIANTS)
def test_the_split_program_answers_as_the_whole_one(name, explain, monkeypatch):
    rules = load_rules(name)
    holes, boards = deal_game(12, 3, 11, rules)
    program = Solver(rules, explain=explain).program
    batch = DealInput.from_indices(list(holes), list(boards))
    one = batch_facts(
        [Deal(tuple(tuple(map(Card, h)) for h in holes[0].tolist()), tuple(map(Card, boards[0].tolist())))]
    )
    split = answer(program, batch), answer(program, one)
    assert program._static  # the static part was solved, once per input (the deal's, a text's)
    assert all(part is not None and part.facts for part in program._static.values())
    monkeypatch.setattr(AspProgram, "_static_part", lambda self, facts, solve=None: None)
    assert (answer(program, batch), answer(program, one)) == split


def test_rules_that_read_the_deal_or_choose_stay_in_the_program():
    text = """
        n(1..3).
        double(X, 2 * X) :- n(X).
        seen(X) :- hole(X).                 % reads the input
        seen(0).                            % ... so every rule of seen/1 stays
        top(M) :- M = #max { X : seen(X) }. % derived from it: stays
        { pick(X) : n(X) }.                 % a choice: pick/1 depends on the solve
        picked :- pick(_).
        #external ext.
        lit :- ext.
        called(X) :- X = @f().               % a Python function: may read the deal
        :- n(4).                            % a constraint stays where it is
        #const k = 2.
        #show double/2.
    """
    static, rest = split_static(statements(text), frozenset({"hole"}))
    kept = {str(s) for s in static}
    assert kept == {"n((1..3)).", "double(X,(2*X)) :- n(X).", "#const k = 2."}
    assert "#const k = 2." in {str(s) for s in rest}  # a constant, in both
    for name in ("seen(0).", "picked :- pick(_).", "lit :- ext.", "#show double/2."):
        assert name in {str(s) for s in rest}


def test_a_classically_negated_input_is_an_input():
    static, _ = split_static(statements("n(1). away(X) :- n(X), -hole(X)."), frozenset({"hole"}))
    assert [str(s) for s in static] == ["n(1)."]


def test_rules_outside_the_base_part_are_not_moved():
    static, rest = split_static(statements("a(1).\n#program step(t).\nb(t) :- a(1)."), frozenset())
    assert [str(s) for s in static] == ["a(1)."]
    assert "b(t) :- a(1)." in [str(s) for s in rest]


def test_a_static_part_that_leaves_an_atom_undecided_is_not_moved():
    undecided = statements("a :- not b. b :- not a. c(X) :- hole(X).")
    assert StaticPart.of(undecided, frozenset({"hole"})) is None
    decided = StaticPart.of(statements("a. b :- not a. c(X) :- hole(X), a."), frozenset({"hole"}))
    assert decided is not None and [str(f) for f in decided.facts] == ["a."]


def test_a_static_rule_of_your_own_file_still_warns(tmp_path, caplog):
    path = tmp_path / "typo.lp"
    path.write_text("my_scale(R) :- rankk(R).\n")  # reads no deal: solved once, in a child process
    solver = Solver(load_rules("standard", add=[str(path)]))
    with caplog.at_level("WARNING", logger="pysolver.asp"):
        for _ in range(2):
            solver.solve(Deal.parse(["As Ks", "Qh Qd"], "Js Ts 2c 7h 3d"))
    warnings = [r.getMessage() for r in caplog.records if "rankk" in r.getMessage()]
    assert len(warnings) == 2 and all(f"{path}:1:" in w for w in warnings)  # once a solve, as before


def test_the_static_part_of_a_game_holds_its_tables_not_its_deal():
    program = Solver(load_rules("omaha_hi_lo")).program
    program.run(batch_facts([Deal.parse(["As Ks Qd 2c", "7h 7d 3c 4d"], "Js Ts 2h 5c 8d", hole_cards=4)]))
    (part,) = program._static.values()
    names = {clingo.parse_term(str(f)[:-1]).name for f in part.facts}
    assert {"card", "subset", "place_bit", "straight_bits"} <= names
    assert "run_bits" not in names  # read by static rules alone (straight_bits): not given
    assert not names & {"hole", "board", "five", "pot_best", "share"}
