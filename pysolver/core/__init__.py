"""The vocabulary: cards, deals, situations, hand categories, ranges (their grid and
orderings), rules, errors.

No clingo is imported here, and none is needed for the standard game.
"""

from ._cards import (
    RANKS,
    Card,
    CardsLike,
    check_distinct,
    format_cards,
    parse_board,
    parse_cards,
    parse_hole,
    quoted,
    whole_number,
)
from ._categories import Category, HandValue, describe, describe_low
from ._combos import CLASS_INDEX, COMBO_CLASS, COMBOS, HAND_CLASSES, class_combos, combo_index, combo_mask
from ._deal import Deal, check_player_count
from ._errors import (
    CardCountError,
    DuplicateCardError,
    InvalidCardError,
    PlayerCountError,
    PokerInputError,
    RangeError,
    RuleFileError,
    WorkerError,
)
from ._explanation import ROLES, TIE_REASONS, Explanation, HandRoles, Verdict
from ._game import FIVE, GAME_FACTS, HOLDEM, LOW_SCALES, POTS, Game, place_rank, scale_place
from ._game_explanation import NO_LOW_REASONS, GameExplanation
from ._grid import (
    CLASS_SIZES,
    GRID_CLASSES,
    RangeGrid,
    class_grid,
    equity_picture,
    grid_cell,
    range_grid,
    share_picture,
    weight_picture,
)
from ._hand_facts import FACES
from ._numbers import check_choice, check_count, check_positive, check_seed, draw_seed
from ._orderings import DEFAULT_ORDERING, ORDERINGS, Ordering, ordering
from ._picture import (
    EMPTY,
    GREEN,
    HELD,
    MISSING,
    NEUTRAL,
    RED,
    Cell,
    Picture,
    cards_html,
    equity_colour,
    figures_html,
    lines_html,
    table_html,
    text_colour,
)
from ._ranges import Range, as_range, orderings_named, parse_range
from ._rules import STANDARD, VARIANTS, Limits, Rules, RulesLike, read_rule_text, rules_fingerprint, variant_path
from ._situation import PlayerLike, Situation
from ._threads import THREADS_VARIABLE, check_threads, cpu_threads, one_thread_per_process, run_parts, threads_for

__all__ = [
    "Card",
    "format_cards",
    "parse_board",
    "parse_cards",
    "parse_hole",
    "Category",
    "HandValue",
    "describe",
    "describe_low",
    "Deal",
    "CardCountError",
    "DuplicateCardError",
    "InvalidCardError",
    "PlayerCountError",
    "PokerInputError",
    "RangeError",
    "RuleFileError",
    "HAND_CLASSES",
    "Range",
    "parse_range",
    "GRID_CLASSES",
    "RangeGrid",
    "grid_cell",
    "range_grid",
    "ORDERINGS",
    "Ordering",
    "ordering",
    "STANDARD",
    "VARIANTS",
    "Rules",
    "Game",
    "Situation",
    # what the other packages build on: card text, combos and classes, argument checks, the
    # explanations' vocabulary, rule books
    "RANKS",
    "CardsLike",
    "check_distinct",
    "quoted",
    "COMBOS",
    "COMBO_CLASS",
    "CLASS_INDEX",
    "class_combos",
    "combo_index",
    "combo_mask",
    "check_player_count",
    "HOLDEM",
    "FACES",
    "scale_place",
    "place_rank",
    "GAME_FACTS",
    "POTS",
    "LOW_SCALES",
    "FIVE",
    "WorkerError",
    "ROLES",
    "TIE_REASONS",
    "Explanation",
    "GameExplanation",
    "NO_LOW_REASONS",
    "HandRoles",
    "Verdict",
    "CLASS_SIZES",
    "class_grid",
    "check_count",
    "check_choice",
    "whole_number",
    "check_positive",
    "check_seed",
    "draw_seed",
    "DEFAULT_ORDERING",
    "as_range",
    "orderings_named",
    "Limits",
    "RulesLike",
    "read_rule_text",
    "rules_fingerprint",
    "variant_path",
    "PlayerLike",
    # threads: how many a call gets, its parts run on them (pysolver/core/_threads.py)
    "THREADS_VARIABLE",
    "check_threads",
    "cpu_threads",
    "threads_for",
    "one_thread_per_process",
    "run_parts",
    # the grid's pictures, drawn by the command line, in notebooks and by the web app
    "Picture",
    "Cell",
    "weight_picture",
    "equity_picture",
    "share_picture",
    "equity_colour",
    "text_colour",
    "cards_html",
    "table_html",
    "figures_html",
    "lines_html",
    "NEUTRAL",
    "GREEN",
    "RED",
    "HELD",
    "EMPTY",
    "MISSING",
]
