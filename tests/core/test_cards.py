"""Cards, hands, boards and deals: liberal parsing, canonical printing, bad input."""

import pytest

from pysolver import (
    Card,
    CardCountError,
    Deal,
    DuplicateCardError,
    InvalidCardError,
    PlayerCountError,
    PokerInputError,
    format_cards,
    parse_cards,
)
from pysolver.core._cards import deck, parse_board, parse_hole


@pytest.mark.parametrize("text", ["As", "as", "AS", "aS", "A♠", "A♤", " As "])
def test_ace_of_spades_liberally(text):
    assert Card.parse(text) == Card(51)
    assert str(Card.parse(text)) == "As"


@pytest.mark.parametrize(
    "text, index",
    [
        ("2c", 0),
        ("2d", 1),
        ("2h", 2),
        ("2s", 3),
        ("10s", 35),
        ("Ts", 35),
        ("th", 34),
        ("Qh", 42),
        ("K♦", 45),
        ("Ac", 48),
    ],
)
def test_encoding(text, index):
    # index = 4 * rank + suit, rank 0..12 for 2..A, suit 0..3 for c, d, h, s
    assert Card.parse(text).index == index


def test_rank_and_suit():
    card = Card.parse("Qh")
    assert (card.rank, card.suit, card.rank_char, card.suit_char) == (10, 2, "Q", "h")
    assert Card.from_rank_suit(10, 2) == card


@pytest.mark.parametrize(
    "text", ["As Kd", "AsKd", "As,Kd", "as, kd", "A♠ K♦", "As;Kd", ["As", "Kd"], [51, 45], [Card(51), "kd"]]
)
def test_hand_spellings(text):
    assert parse_cards(text) == (Card(51), Card(45))


def test_ten_run_together():
    assert format_cards(parse_cards("10s9d10h")) == "Ts 9d Th"


def test_deck():
    cards = deck()
    assert len(cards) == 52 and len(set(cards)) == 52
    assert len(deck(parse_cards("As Kd"))) == 50


@pytest.mark.parametrize(
    "text, message",
    [
        ("Ax", "invalid card 'Ax': suit must be one of c, d, h, s"),
        ("1s", "invalid card '1s': rank must be one of 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, A"),
        ("Kz", "invalid card 'Kz': suit must be one of c, d, h, s"),
        ("", "invalid card '': rank must be one of 2, 3, 4, 5, 6, 7, 8, 9, T, J, Q, K, A"),
        ("Asd", "invalid card 'Asd': suit must be one of c, d, h, s"),
    ],
)
def test_invalid_card(text, message):
    with pytest.raises(InvalidCardError) as error:
        Card.parse(text)
    assert str(error.value) == message
    assert isinstance(error.value, PokerInputError) and isinstance(error.value, ValueError)


@pytest.mark.parametrize("bad", [52, -1, "51"])
def test_invalid_index(bad):
    with pytest.raises(InvalidCardError):
        Card(bad)


def test_duplicate_card():
    with pytest.raises(DuplicateCardError, match="duplicate card 'As': each card can be dealt only once"):
        parse_cards("As Kd as")


@pytest.mark.parametrize("text, count", [("As", 1), ("As Kd Qh", 3), ("", 0)])
def test_hole_needs_two_cards(text, count):
    with pytest.raises(CardCountError, match=f"a hand has 2 cards, got {count}"):
        parse_hole(text)


@pytest.mark.parametrize("text, count", [("As", 1), ("As Kd", 2), ("As Kd Qh Jc Tc 9c", 6)])
def test_board_sizes(text, count):
    with pytest.raises(CardCountError, match=f"a board has 0, 3, 4 or 5 cards, got {count}"):
        parse_board(text)
    assert len(parse_board("As Kd Qh")) == 3 and parse_board("") == ()


def test_deal_parses_and_checks():
    deal = Deal.parse(["As Ks", "qh QD"], "Js Ts 2c 7h")
    assert str(deal) == "As Ks | Qh Qd | board Js Ts 2c 7h"
    assert deal.street == "turn"
    with pytest.raises(DuplicateCardError, match="duplicate card 'Qh'"):
        Deal.parse(["As Ks", "Qh Qd"], "Js Ts Qh")
    with pytest.raises(PlayerCountError, match="1 player: this needs at least 2"):
        Deal.parse(["As Ks"], "")
    holes = [format_cards(deck()[2 * i : 2 * i + 2]) for i in range(24)]
    with pytest.raises(PlayerCountError, match="24 players: the 52-card deck deals at most 23"):
        Deal.parse(holes)
    assert len(Deal.parse(holes[:23], "").players) == 23
