"""A rule book that the engines would read differently is refused when loaded, in one line
naming the predicate: one whose outcome does not follow its hand values, and one that
defines the rules' data by rules where the contract says facts."""

from pathlib import Path

import pytest

from pysolver import VARIANTS, Deal, RuleFileError, Solver, equity, load_rules
from pysolver.asp import encoding_text
from pysolver.cli import main
from pysolver.core import variant_path

STANDARD_TEXT = variant_path("standard").read_text()

OUTCOME = {  # added files that define what outcome.lp and driver.lp derive from hand_value/3
    "winner(G, P) :- showdown(G), hand_value(G, P, _).\n": "winner/2",  # every player wins: a tie
    "game_outcome(G, win, 0) :- showdown(G).\n": "game_outcome/3",
    "co_winner(G, 1) :- showdown(G).\n": "co_winner/2",
    "top_value(G, 0) :- showdown(G).\n": "top_value/2",
    "#external winner(0, 0).\n": "winner/2",
    "{ winner(G, P) } :- player(G, P).\n": "winner/2",
    "#show player_result(G, P, 0, 0, 0) : player(G, P).\n": "player_result/5",
    "#show game_outcome(G, win, 0) : showdown(G).\n": "game_outcome/3",
    "#show game_outcome/3.\n": "game_outcome/3",
    "best_mask(G, P, 0) :- player(G, P).\n": "best_mask/3",
}
FORM = {  # rules files whose data are rules, not facts
    STANDARD_TEXT.replace("royal(ace).", "royal(F) :- F = ace."): "royal/1",
    STANDARD_TEXT.replace("face(two; ", "{ face(two) }.\nface("): "face/1",
    STANDARD_TEXT + "straight(T, P, F) :- straight(T, P, F), face(F).\n": "straight/3",
    STANDARD_TEXT + "category_order(C, N) :- category_order(C, N).\n": "category_order/2",
    STANDARD_TEXT.replace("category_order(flush, 5).", "category_order(flush, N) :- N = 5."): "category_order/2",
}


def write(folder: Path, name: str, text: str) -> str:
    path = folder / name
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize("text", sorted(OUTCOME))
def test_a_rule_for_the_outcome_is_refused_naming_the_predicate(tmp_path, text):
    path = write(tmp_path, "outcome.lp", text)
    with pytest.raises(
        RuleFileError,
        match=rf"outcome.lp', line 1: defines {OUTCOME[text]}, which the encodings "
        "derive from hand_value/3",
    ) as raised:
        load_rules("standard", [path])
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize("text", sorted(FORM))
def test_rules_where_the_contract_says_facts_are_refused_naming_the_predicate(tmp_path, text):
    path = write(tmp_path, "mine.lp", text)
    with pytest.raises(
        RuleFileError,
        match=rf"mine.lp', line \d+: {FORM[text]} is defined by a rule: the rules' "
        "data are facts",
    ):
        load_rules(path)


def test_every_predicate_the_outcome_derives_is_refused():
    """The list is read from the encodings, not kept by hand: each head of outcome.lp."""
    heads = {line.split("(")[0] for line in encoding_text("outcome.lp").splitlines() if ":-" in line}
    assert heads == {"top_value", "winner", "co_winner", "game_outcome"}
    refused = {predicate.split("/")[0] for predicate in OUTCOME.values()}
    assert heads <= refused


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_shipped_variants_copied_are_accepted(tmp_path, variant):
    path = write(tmp_path, f"{variant}.lp", variant_path(variant).read_text())
    assert load_rules(path).faces == load_rules(variant).faces


@pytest.mark.parametrize(
    "text",
    [
        Path(__file__).parents[2].joinpath("examples", "wraparound.lp").read_text(),  # facts with pools
        "lucky(G, P) :- player(G, P), hand_value(G, P, V), V > 0.\n",  # a helper predicate
        "face(two; three).\n",  # facts again: no change
    ],
)
def test_facts_and_rules_for_other_predicates_are_accepted(tmp_path, text):
    load_rules("standard", [write(tmp_path, "fine.lp", text)])


def test_the_engines_agree_on_a_rule_book_they_accept(tmp_path):
    rules = load_rules("standard", [str(Path(__file__).parents[2] / "examples" / "wraparound.lp")])
    deal = Deal.parse(["Qs Kd", "Ac 9c"], "Ah 2c 3d 7s 8h")  # Q-K-A-2-3 wraps
    assert Solver(rules).solve(deal).winners == (0,)
    assert equity(["QsKd", "Ac9c"], "Ah 2c 3d 7s 8h", rules=rules).players[0].equity == 1.0


@pytest.mark.parametrize("command", [["showdown", "As Ks", "Qh Qd", "Js Ts 2c 7h 3d"], ["equity", "AsKs", "QhQd"]])
def test_the_command_line_refuses_in_one_line(tmp_path, capsys, command):
    path = write(tmp_path, "tie.lp", "winner(G, P) :- showdown(G), hand_value(G, P, _).\n")
    assert main(command + ["--add", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "defines winner/2" in err
