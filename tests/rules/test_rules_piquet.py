"""Piquet after Engelmann 1798: unit tests per rule and property tests over random deals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import piquet
from rules.cards import FRENCH_32, Card, Rank, Suit, format_cards, parse_card, parse_cards
from rules.piquet import Declaration, Hand, PiquetError


def hand(text: str) -> Hand:
    return Hand.of(parse_cards(text.split()))


def c(text: str) -> Card:
    return parse_card(text)


shuffled = st.permutations(FRENCH_32)


def split(order: list[Card]) -> tuple[Hand, Hand]:
    """Two disjoint twelve-card hands from a shuffled pack."""
    return Hand.of(order[:12]), Hand.of(order[12:24])


# ---------------------------------------------------------------- pack, order, tricks


def test_pack_and_order() -> None:
    assert piquet.pack() == FRENCH_32
    assert [r.value for r in piquet.rank_order()] == ["A", "K", "Q", "J", "10", "9", "8", "7"]


def test_trick_winner_needs_higher_card_of_led_suit() -> None:
    assert piquet.trick_winner(c("KS"), c("AS")) == "follow"
    assert piquet.trick_winner(c("7S"), c("AH")) == "lead"
    assert piquet.trick_winner(c("10D"), c("9D")) == "lead"
    with pytest.raises(PiquetError):
        piquet.trick_winner(c("2S"), c("AS"))


def test_legal_cards_follow_suit() -> None:
    assert format_cards(piquet.legal_cards(hand("AS 7S KH"), c("9S"))) == ["AS", "7S"]
    assert format_cards(piquet.legal_cards(hand("KH 8D"), c("9S"))) == ["KH", "8D"]
    with pytest.raises(PiquetError, match="led card"):
        piquet.legal_cards(hand("9S KH"), c("9S"))


def test_hand_rejects_duplicates_and_foreign_cards() -> None:
    with pytest.raises(PiquetError, match="repeated: AS"):
        hand("AS AS")
    with pytest.raises(PiquetError, match="not in the piquet pack"):
        hand("6S")


# ---------------------------------------------------------------- deal and exchange


def test_deal_rejects_bad_packs() -> None:
    with pytest.raises(PiquetError, match="3 or 2"):
        piquet.deal(list(FRENCH_32), packet=4)
    with pytest.raises(PiquetError, match="whole piquet pack"):
        piquet.deal(list(FRENCH_32[:31]))
    with pytest.raises(PiquetError, match="whole piquet pack"):
        piquet.deal([*FRENCH_32[:31], FRENCH_32[0]])


@given(shuffled, st.sampled_from([2, 3]))
def test_deal_gives_12_12_8_distinct_cards(order: list[Card], packet: int) -> None:
    dealt = piquet.deal(order, packet)
    assert len(dealt.elder) == len(dealt.younger) == 12
    assert len(dealt.talon) == 8
    assert len(dealt.talon_upper) == 5 and len(dealt.talon_lower) == 3
    everything = [*dealt.elder, *dealt.younger, *dealt.talon]
    assert len(set(everything)) == 32 and set(everything) == set(FRENCH_32)
    # the elder (non-dealer) receives the first packet, the dealer the second
    assert set(order[:packet]) <= set(dealt.elder.cards)
    assert set(order[packet : 2 * packet]) <= set(dealt.younger.cards)
    assert dealt.talon == tuple(order[24:])


def test_exchange_limits() -> None:
    assert piquet.exchange_limits("elder") == (3, 5)
    assert piquet.exchange_limits("younger", 3) == (2, 5)
    assert piquet.exchange_limits("younger", 5) == (2, 3)
    with pytest.raises(PiquetError):
        piquet.exchange_limits("younger", 2)
    with pytest.raises(PiquetError, match="player"):
        piquet.exchange_limits("dealer")  # type: ignore[arg-type]


@given(shuffled, st.integers(3, 5), st.data())
def test_exchange_keeps_twelve_cards_and_the_pack(
    order: list[Card], took: int, data: st.DataObject
) -> None:
    dealt = piquet.deal(order)
    younger_n = data.draw(st.integers(2, 8 - took))
    elder_d = data.draw(st.permutations(dealt.elder.cards))[:took]
    younger_d = data.draw(st.permutations(dealt.younger.cards))[:younger_n]
    result = piquet.exchange(dealt, elder_d, younger_d)
    assert len(result.elder) == len(result.younger) == 12
    assert set(result.elder) == (set(dealt.elder) - set(elder_d)) | set(dealt.talon[:took])
    assert set(result.younger) >= set(dealt.talon[took : took + younger_n])
    assert len(result.left) == 8 - took - younger_n
    assert set(result.elder) | set(result.younger) | set(result.left) | set(elder_d) | set(
        younger_d
    ) == set(FRENCH_32)


def test_exchange_rejects_wrong_counts_and_foreign_discards() -> None:
    dealt = piquet.deal(list(FRENCH_32))
    elder = list(dealt.elder.cards)
    younger = list(dealt.younger.cards)
    with pytest.raises(PiquetError, match="elder exchanges 3 to 5"):
        piquet.exchange(dealt, elder[:2], younger[:2])
    with pytest.raises(PiquetError, match="younger exchanges 2 to 5"):
        piquet.exchange(dealt, elder[:3], younger[:1])
    with pytest.raises(PiquetError, match="own cards"):
        piquet.exchange(dealt, younger[:3], younger[:2])


# ---------------------------------------------------------------- point


def test_point_and_pips() -> None:
    assert piquet.pip_value(c("AS")) == 11
    assert piquet.pip_value(c("JD")) == 10
    assert piquet.pip_value(c("7H")) == 7
    p = piquet.point(hand("AS KS 7S 10H 9H 8H"))
    assert p == piquet.Point(Suit.SPADES, 3, 28)
    assert piquet.point(Hand(())) is None


def test_point_score_literal_cases() -> None:
    assert piquet.point_score(hand("7S 8S 9S 10S"), hand("AH KH QH")) == ("elder", 4)
    assert piquet.point_score(hand("AS KS QS"), hand("AH KH 9H")) == ("elder", 3)
    assert piquet.point_score(hand("AS KS QS"), hand("AH KH QH")) == (None, 0)


def swap(result: tuple[str | None, int]) -> tuple[str | None, int]:
    winner, score = result
    return ({"elder": "younger", "younger": "elder"}.get(winner or ""), score)


@given(shuffled)
def test_point_comparison_is_antisymmetric(order: list[Card]) -> None:
    a, b = split(order)
    assert piquet.point_score(b, a) == swap(piquet.point_score(a, b))
    winner, score = piquet.point_score(a, b)
    assert (winner is None) == (score == 0)
    if winner is not None:
        assert score == piquet.point(a if winner == "elder" else b).cards  # type: ignore[union-attr]


# ---------------------------------------------------------------- sequences and sets


def test_sequence_values() -> None:
    assert [piquet.sequence_value(n) for n in range(9)] == [0, 0, 0, 3, 4, 15, 16, 17, 18]
    with pytest.raises(PiquetError):
        piquet.sequence_value(9)


def test_sequences_found_and_split_at_gaps() -> None:
    runs = piquet.sequences(hand("AS KS QS 10S 9S 8S 7S KH QH JH"))
    assert [(r.suit.value, r.length, r.top.value) for r in runs] == [
        ("S", 4, "10"),
        ("S", 3, "A"),
        ("H", 3, "K"),
    ]
    assert piquet.sequences(hand("AS KS 9S 8S")) == ()


@given(shuffled)
def test_best_sequence_annuls_all_of_the_opponent(order: list[Card]) -> None:
    a, b = split(order)
    score = piquet.sequence_score(a, b)
    assert piquet.sequence_score(b, a) == {"elder": score["younger"], "younger": score["elder"]}
    assert min(score.values()) == 0
    ra, rb = piquet.sequences(a), piquet.sequences(b)
    key = lambda r: (r.length, piquet.ORDER.strength(r.top))  # noqa: E731
    if ra and (not rb or key(ra[0]) > key(rb[0])):
        assert score == {"elder": sum(piquet.sequence_value(r.length) for r in ra), "younger": 0}
    elif rb and (not ra or key(rb[0]) > key(ra[0])):
        assert score["elder"] == 0 and score["younger"] > 0
    else:
        assert score == {"elder": 0, "younger": 0}


def test_set_values_and_sets() -> None:
    assert piquet.set_value(Rank.ACE, 4) == 14
    assert piquet.set_value(Rank.TEN, 3) == 3
    assert piquet.set_value(Rank.NINE, 4) == 0
    assert piquet.set_value(Rank.KING, 2) == 0
    found = piquet.sets(hand("AS AH AD KS KH KD KC 9S 9H 9D"))
    assert [(s.rank.value, s.count) for s in found] == [("K", 4), ("A", 3)]


@given(shuffled)
def test_best_set_annuls_and_scores_are_antisymmetric(order: list[Card]) -> None:
    a, b = split(order)
    score = piquet.set_score(a, b)
    assert piquet.set_score(b, a) == {"elder": score["younger"], "younger": score["elder"]}
    assert min(score.values()) == 0


# ---------------------------------------------------------------- declarations and laws


@given(shuffled)
def test_declarations_are_non_negative_and_exclusive(order: list[Card]) -> None:
    a, b = split(order)
    made = piquet.declarations(a, b)
    for category in ("point", "sequences", "sets"):
        values = (getattr(made.elder, category), getattr(made.younger, category))
        assert min(values) == 0
    for d in (made.elder, made.younger):
        assert d.total >= 0 and d.carte_blanche in (0, 10)


def test_carte_blanche() -> None:
    assert piquet.carte_blanche(hand("AS 10S 9S 8S 7S AH 10H 9H AD 10D AC 10C"))
    assert not piquet.carte_blanche(hand("AS 10S 9S 8S 7S AH 10H 9H AD 10D AC JC"))
    assert not piquet.carte_blanche(hand("AS 10S"))  # only a dealt hand of twelve


def test_omitted_declarations_rejects_unknown_category() -> None:
    with pytest.raises(PiquetError, match="unknown categories"):
        piquet.omitted_declarations(hand("AS"), hand("KS"), "elder", ["honours"])


def test_false_declaration_leaves_offender_nothing() -> None:
    elder = hand("AS AH AD AC 10S 10H 10D 9S 9H 8D 7C 7H")
    younger = hand("QS QH QD QC JS JH JD JC KS KH KD 8S")
    made = piquet.false_declaration(elder, younger, "elder")
    assert made.elder == Declaration()
    assert made.younger.sets == 14 + 14 + 3  # all his sets count, unopposed


def test_pic_and_repic() -> None:
    assert piquet.pic_repic("younger", 30, 0) == ("repic", 60)
    assert piquet.pic_repic("elder", 29, 0, 1) == ("pic", 30)
    assert piquet.pic_repic("younger", 29, 0, 1) == (None, 0)
    assert piquet.pic_repic("elder", 40, 1) == (None, 0)
    with pytest.raises(PiquetError):
        piquet.pic_repic("elder", -1, 0)
    assert piquet.late_pic_claim("play") is True
    with pytest.raises(PiquetError):
        piquet.late_pic_claim("tomorrow")  # type: ignore[arg-type]


def test_first_to_finish_follows_the_order_of_counting() -> None:
    need = {"elder": 3, "younger": 3}
    assert piquet.first_to_finish(need, Declaration(sets=3), Declaration(point=3)) == "younger"
    assert piquet.first_to_finish(need, Declaration(point=3), Declaration(point=0)) == "elder"
    assert piquet.first_to_finish(need, Declaration(), Declaration()) is None
    with pytest.raises(PiquetError):
        piquet.first_to_finish({"elder": 0, "younger": 3}, Declaration(), Declaration())


# ---------------------------------------------------------------- play


def test_play_scores_a_whole_deal() -> None:
    tricks = [(c("AS"), c("7S")), (c("KS"), c("8S")), (c("QH"), c("KH")), (c("7D"), c("8D"))]
    assert piquet.play(tricks) == piquet.PlayScore(6, 2, 3, 1, "elder")
    with pytest.raises(PiquetError, match="only once"):
        piquet.play([(c("AS"), c("7S")), (c("AS"), c("8S"))])
    with pytest.raises(PiquetError, match="1 to 12"):
        piquet.play([])


@given(shuffled, st.data())
@settings(max_examples=60)
def test_random_legal_play(order: list[Card], data: st.DataObject) -> None:
    """A whole deal of legal play: 12 tricks, leads + won leads + last-trick extra points."""
    hands = {"elder": list(order[:12]), "younger": list(order[12:24])}
    leader = "elder"
    tricks: list[tuple[Card, Card]] = []
    follower_wins = 0
    for _ in range(12):
        follower = "younger" if leader == "elder" else "elder"
        lead = data.draw(st.sampled_from(hands[leader]))
        hands[leader].remove(lead)
        options = list(piquet.legal_cards(Hand.of(hands[follower]), lead))
        follow = data.draw(st.sampled_from(options))
        hands[follower].remove(follow)
        tricks.append((lead, follow))
        if piquet.trick_winner(lead, follow) == "follow":
            follower_wins += 1
            leader = follower
    result = piquet.play(tricks)
    assert result.elder_tricks + result.younger_tricks == 12
    assert result.elder >= 0 and result.younger >= 0
    assert result.elder + result.younger == 12 + follower_wins + piquet.LAST_TRICK_VALUE - 1
    bonus = piquet.tricks_bonus(result.elder_tricks, result.younger_tricks)
    assert sorted(bonus.values()) in ([0, 0], [0, 10], [0, 40])


def test_tricks_bonus() -> None:
    assert piquet.tricks_bonus(7, 5) == {"elder": 10, "younger": 0}
    assert piquet.tricks_bonus(6, 6) == {"elder": 0, "younger": 0}
    assert piquet.tricks_bonus(0, 12) == {"elder": 0, "younger": 40}
    with pytest.raises(PiquetError):
        piquet.tricks_bonus(7, 7)


# ---------------------------------------------------------------- partie


@given(st.integers(0, 500), st.integers(0, 500))
def test_partie_rounding_is_monotone(a: int, b: int) -> None:
    low, high = sorted((a, b))
    assert piquet.partie_units(low) <= piquet.partie_units(high)
    assert abs(piquet.partie_units(a) * 10 - a) <= 5


def test_partie_rounding_at_the_boundaries() -> None:
    assert [piquet.partie_units(n) for n in (0, 4, 5, 14, 15, 44, 45)] == [0, 0, 1, 1, 2, 4, 5]
    with pytest.raises(PiquetError):
        piquet.partie_units(-1)


@given(
    st.lists(st.integers(0, 200), min_size=4, max_size=4),
    st.lists(st.integers(0, 200), min_size=4, max_size=4),
)
def test_partie_result_is_antisymmetric(a: list[int], b: list[int]) -> None:
    winner, parties = piquet.partie_result(a, b)
    other_winner, other_parties = piquet.partie_result(b, a)
    assert parties == other_parties == piquet.partie_units(abs(sum(a) - sum(b)))
    assert (winner is None) == (other_winner is None) == (sum(a) == sum(b))


def test_partie_needs_four_deals_and_a_known_target() -> None:
    with pytest.raises(PiquetError, match="four deals"):
        piquet.partie_result([1, 2, 3], [1, 2, 3, 4])
    with pytest.raises(PiquetError, match="100 or 101"):
        piquet.game_won(150, 150)


# ---------------------------------------------------------------- laws


def test_misdeal_and_wrong_numbers() -> None:
    assert piquet.misdeal(12, 12) == "play"
    assert piquet.misdeal(13, 11) == "elder_chooses"
    assert piquet.misdeal(11, 12) == "play"
    assert piquet.misdeal(12, 15) == "redeal"
    assert piquet.misdeal(14, 12, packet=2) == "redeal"
    assert piquet.wrong_number(13) == "counts_nothing"
    assert piquet.wrong_number(10) == "plays_on"


@given(st.integers(0, 20), st.integers(0, 20), st.sampled_from([2, 3]))
def test_misdeal_is_symmetric_and_monotone(a: int, b: int, packet: int) -> None:
    ranks = {"play": 0, "elder_chooses": 1, "redeal": 2}
    assert piquet.misdeal(a, b, packet) == piquet.misdeal(b, a, packet)
    assert ranks[piquet.misdeal(a, b, packet)] <= ranks[piquet.misdeal(a + 1, b, packet)]


def test_small_laws() -> None:
    assert piquet.retract_card(True, False) == "must_retake"
    assert piquet.retract_card(True, True) == "stands"
    assert piquet.thrown_in_hand(True) == "lost"
    assert piquet.took_too_many(False) == "put_back"
    assert piquet.second_exchange_allowed(True) is False
    assert piquet.dealt_out_of_turn(False) == "redeal"
    assert [piquet.reversed_cards(n) for n in range(4)] == ["play", "accept", "redeal", "redeal"]
    assert piquet.misdeclaration_remedy(False) == "may_correct"
    assert piquet.misdeclaration_remedy(True) == "penalty"
