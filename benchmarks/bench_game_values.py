"""Values per pot of every shipped game in batches, beside the evaluators that know these games.

    python benchmarks/bench_game_values.py            # about two minutes
    python benchmarks/bench_game_values.py --quick    # fewer deals

Each row deals one random batch of a game (the river, or the whole hand in games
without a board) and values every player's hand for every pot: pysolver's
``game_values`` (the compiled kernel, one thread) on the whole batch, PHEvaluator
(``evaluate_omaha_cards``, ``evaluate_cards``: C++ behind Python, a call per hand)
where it has the game, and pokerkit (pure Python, a call per hand and pot) on a
slice of the batch. Each peer's winners of every pot are compared with pysolver's
on the deals it valued: a disagreement is recorded in the row, not hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
from harness import Result, Side, absent, package_version, quick_flag, side_by_side, write_results
from peers import card_text, not_installed

import pysolver
from pysolver.crossval._games import deal_game
from pysolver.evaluator import NO_HAND, game_values, load_kernel, pot_winners

GAMES = [name for name in pysolver.VARIANTS if not pysolver.load_rules(name).game.holdem_shape]
POKERKIT_HANDS = {  # the hand type of each pot in pokerkit's terms
    "holdem_hi_lo": ("StandardHighHand", "EightOrBetterLowHand"),
    "omaha": ("OmahaHoldemHand",),
    "omaha5": ("OmahaHoldemHand",),
    "omaha_hi_lo": ("OmahaHoldemHand", "OmahaEightOrBetterLowHand"),
    "big_o": ("OmahaHoldemHand", "OmahaEightOrBetterLowHand"),
    "stud": ("StandardHighHand",),
    "stud_hi_lo": ("StandardHighHand", "EightOrBetterLowHand"),
    "razz": ("RegularLowHand",),
    "deuce_to_seven": ("StandardLowHand",),
    "ace_to_five": ("RegularLowHand",),
}
PHEVALUATOR_GAMES = {"omaha": "evaluate_omaha_cards", "stud": "evaluate_cards"}
POKERKIT_SHARE = 50
"""pokerkit values one deal in this many of the batch (a call per hand and pot, in Python)."""


def winners_of(scores: list[list[object]], better: Callable[[object, object], bool]) -> list[tuple[int, ...]]:
    """Each deal's winners from each player's score (None: no hand for the pot)."""
    out = []
    for row in scores:
        best = None
        for score in row:
            if score is not None and (best is None or better(score, best)):
                best = score
        out.append(tuple(p for p, score in enumerate(row) if score is not None and score == best))
    return out


def our_winners(values: np.ndarray) -> list[tuple[int, ...]]:
    return [tuple(np.flatnonzero(row).tolist()) for row in pot_winners(values)]


def pokerkit_pots(name: str, holes: np.ndarray, boards: np.ndarray) -> list[list[list[object]]]:
    """pokerkit's hand of each player for each pot of each deal (None: no qualifying hand)."""
    import pokerkit

    kinds = [getattr(pokerkit, kind) for kind in POKERKIT_HANDS[name]]
    text = [["".join(card_text(c) for c in hole) for hole in deal] for deal in holes.tolist()]
    board = ["".join(card_text(c) for c in row) for row in boards.tolist()]

    def hand(kind, hole: str, cards: str) -> object:
        try:
            return kind.from_game(hole, cards)
        except ValueError:  # no qualifying low
            return None

    return [[[hand(kind, hole, board[d]) for hole in text[d]] for d in range(len(text))] for kind in kinds]


def phevaluator_high(name: str, holes: np.ndarray, boards: np.ndarray) -> list[list[int]]:
    """PHEvaluator's rank of each player's high hand (lower is better); cards as its indices, ours."""
    import phevaluator

    evaluate = getattr(phevaluator, PHEVALUATOR_GAMES[name])
    return [[evaluate(*board, *hole) for hole in deal] for deal, board in zip(holes.tolist(), boards.tolist())]


def case(name: str, players: int, deals: int, rounds: int) -> Result:
    rules = pysolver.load_rules(name)
    holes, boards = deal_game(deals, players, 3, rules)
    ours = game_values(holes, boards, rules, threads=1)
    sides: dict[str, Callable[[], object]] = {"pysolver": lambda: game_values(holes, boards, rules, threads=1)}
    peers: dict[str, Side] = {}
    agree: dict[str, bool] = {}
    if name in PHEVALUATOR_GAMES and package_version("phevaluator"):
        ranks = phevaluator_high(name, holes, boards)
        agree["phevaluator"] = winners_of(ranks, lambda a, b: a < b) == our_winners(ours["high"])  # type: ignore[operator]
        sides["phevaluator"] = lambda: phevaluator_high(name, holes, boards)
    elif name in PHEVALUATOR_GAMES:
        peers["phevaluator"] = absent(not_installed("phevaluator"))
    few = slice(0, max(deals // POKERKIT_SHARE, 1))
    if package_version("pokerkit"):
        hands = pokerkit_pots(name, holes[few], boards[few])
        agree["pokerkit"] = all(
            winners_of(pot, lambda a, b: a > b) == our_winners(ours[p][few])  # type: ignore[operator]
            for pot, p in zip(hands, rules.game.pots)
        )
        sides["pokerkit"] = lambda: pokerkit_pots(name, holes[few], boards[few])
    else:
        peers["pokerkit"] = absent(not_installed("pokerkit"))
    timings = side_by_side(sides, rounds)
    items = {"pysolver": deals, "phevaluator": deals, "pokerkit": len(range(deals)[few])}
    peers |= {peer: Side(timings[peer], items=items[peer]) for peer in sides if peer != "pysolver"}
    no_low = {pot: int((values == NO_HAND).any(axis=1).sum()) for pot, values in ours.items()}
    return Result(
        f"values-{name}-{players}",
        f"{name}, {players} players: every pot's value, a batch of deals",
        "deal",
        Side(timings["pysolver"], items=deals, note="game_values, compiled kernel, one thread"),
        peers,
        threads=1,
        details={"game": name, "players": players, "deals": deals, "winners_agree": agree, "no_hand_deals": no_low},
    )


def main(argv: Sequence[str] | None = None) -> None:
    quick = quick_flag(__doc__.splitlines()[0], argv)
    deals, rounds = (2_000, 3) if quick else (20_000, 5)
    load_kernel()
    cases = [case(name, 4, deals, rounds) for name in GAMES]
    for result in cases:
        print(result.line())
    write_results(
        "game_values",
        cases,
        title="Values per pot of every shipped game, in batches",
        quick=quick,
        peers={name: package_version(name) for name in ("phevaluator", "pokerkit")},
        notes=[
            "A random batch of deals of each game, four players: pysolver values every player's hand for every "
            "pot in one call (the compiled kernel, one thread); PHEvaluator (Omaha and 7-card stud high) and "
            "pokerkit (every game, on one deal in 50) a call per hand.",
            "Each peer's winners of every pot equal pysolver's on the deals it valued (winners_agree).",
        ],
    )


if __name__ == "__main__":
    main()
