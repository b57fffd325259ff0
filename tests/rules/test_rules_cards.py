"""The shared card model: notation, packs, per-game rank orders."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import (
    FRENCH_32,
    FRENCH_52,
    GERMAN_32,
    GERMAN_33,
    WELI,
    Card,
    CardError,
    Rank,
    RankOrder,
    Suit,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)

ALL_CARDS = sorted(set(FRENCH_52) | set(GERMAN_33), key=str)


def test_pack_sizes_and_distinct_cards() -> None:
    for pack, size in ((FRENCH_32, 32), (FRENCH_52, 52), (GERMAN_32, 32), (GERMAN_33, 33)):
        assert len(pack) == size
        assert len(set(pack)) == size


def test_piquet_pack_has_no_two_to_six() -> None:
    low = {Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX}
    assert not any(c.rank in low for c in FRENCH_32)
    assert set(FRENCH_32) < set(FRENCH_52)


def test_german_33_is_32_plus_weli() -> None:
    assert set(GERMAN_33) - set(GERMAN_32) == {WELI}
    assert str(WELI) == "6B"
    assert all(not c.suit.is_french for c in GERMAN_33)


@given(st.sampled_from(ALL_CARDS))
def test_notation_round_trips(card: Card) -> None:
    assert parse_card(format_card(card)) == card
    assert parse_card(format_card(card).lower()) == card


def test_examples_of_the_notation() -> None:
    assert parse_card("AS") == Card(Rank.ACE, Suit.SPADES)
    assert parse_card("10H") == parse_card("TH") == Card(Rank.TEN, Suit.HEARTS)
    assert format_card(parse_card("TH")) == "10H"
    assert parse_card("7C") == Card(Rank.SEVEN, Suit.CLUBS)
    assert parse_card("OE") == Card(Rank.OBER, Suit.ACORNS)
    assert format_cards(parse_cards(["QD", "JC"])) == ["QD", "JC"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "expected rank then suit"),
        ("A", "expected rank then suit"),
        ("AX", "unknown suit"),
        ("1S", "unknown rank"),
        ("11H", "unknown rank"),
        ("OS", "Ober and Unter exist only in German suits"),
        ("QE", "German suits have Ober"),
    ],
)
def test_bad_cards_are_explained(text: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        parse_card(text)


def test_a_string_is_not_a_list_of_cards() -> None:
    with pytest.raises(CardError, match="list of cards"):
        parse_cards("AS")
    with pytest.raises(CardError):
        parse_card(17)  # type: ignore[arg-type]


def test_cards_have_no_global_order() -> None:
    with pytest.raises(TypeError):
        _ = parse_card("AS") < parse_card("KS")  # type: ignore[operator]
    assert hash(parse_card("AS")) == hash(Card(Rank.ACE, Suit.SPADES))


def test_rank_orders_are_per_game() -> None:
    piquet = RankOrder((Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN))
    ace_low = RankOrder((Rank.KING, Rank.QUEEN, Rank.JACK, Rank.ACE, Rank.TEN))
    assert piquet.higher(Rank.ACE, Rank.KING)
    assert not ace_low.higher(Rank.ACE, Rank.KING)
    with pytest.raises(CardError, match="not used in this game"):
        piquet.strength(Rank.SEVEN)
    with pytest.raises(ValueError):
        RankOrder((Rank.ACE, Rank.ACE))


def test_canonical_sort() -> None:
    order = RankOrder(
        (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN)
    )
    cards = parse_cards(["7C", "AH", "10S", "KS", "QD"])
    assert format_cards(order.sorted(cards)) == ["KS", "10S", "AH", "QD", "7C"]
