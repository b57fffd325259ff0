"""Dreisatz (police handbook c. 1905, § 10): rule functions and the playable deal."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import parse_card, parse_cards
from rules.dreisatz import GAME
from rules.dreisatz import functions as f
from rules.dreisatz.functions import p
from rules.errors import RulesError
from rules.model import CHANCE, IllegalAction, play_random
from rules.registry import unformalised

# The deal of the worked transcript p4_buying_in_rounds (rules/dreisatz/transcripts.toml).
ROUNDS = {
    "spieler1": ["10H", "2S", "3C"],
    "spieler2": ["KD", "QC", "9H"],
    "spieler3": ["6D", "7C", "4S"],
    "spieler4": ["8C", "5D", "9S"],
    "talon": ["10S", "AC"],
}


def cards(*texts: str) -> list:
    return parse_cards(texts)


# ---------------------------------------------------------------- rule functions


def test_the_order_puts_the_ace_behind_the_jack() -> None:
    order = [r.value for r in f.rank_order()]
    assert order[:5] == ["K", "Q", "J", "A", "10"] and order[-1] == "2"
    assert len(f.pack()) == 52 and len(set(f.pack())) == 52


def test_points_by_hand() -> None:
    # Ace 11 (p3), court cards 10, pips their number: 11 + 10 + 10 = 31.
    assert f.hand_points(cards("AH", "KS", "JD")) == 31
    assert f.hand_points(cards("2C", "3C", "4C", "5C")) == 14
    assert f.dead(cards("QH", "JH", "10H", "2C")) is True  # 32
    assert f.dead(cards("QH", "JH", "AH")) is False  # 31


def test_a_folge_among_more_cards_is_the_highest_run() -> None:
    # After buying (the variant reading_folge_after_buying): 9 8 7 and Q J A of hearts.
    assert str(f.folge(cards("9H", "8H", "7H", "QH", "JH", "AH", "2S"))) == "QH"
    assert f.folge(cards("KH", "QH", "2S", "JS")) is None


def test_belle_ignores_suits_and_ties_stand() -> None:
    assert f.belle_winner(cards("KH", "KS", "QD")) is None
    assert f.belle_winner(cards("2H", "3S", "2D")) == 1


def test_thirty_one_dead_hands_and_ties() -> None:
    hands = [cards("KS", "QS", "JS", "2C"), cards("KH", "QH", "JH", "3C")]
    assert f.einunddreissig_winner(hands) is None  # both dead: the stake stands
    assert f.einunddreissig_winner(hands, "vorhand") is None
    tie = [cards("KS", "QS", "5C"), cards("KH", "QH", "5D"), cards("2C", "3C", "4C")]
    assert f.einunddreissig_winner(tie) is None
    assert f.einunddreissig_winner(tie, "vorhand") == 0


@pytest.mark.parametrize(
    ("call", "cited"),
    [
        (lambda: f.belle_winner(cards("KH", "KH")), p(1)),
        (lambda: f.belle_winner(cards("KH")), p(1)),
        (lambda: f.folge(cards("KH", "QH")), p(3)),
        (lambda: f.card_points(parse_card("OE")), p(1)),
        (lambda: f.stakes(18), p(1)),
        (lambda: f.einunddreissig_winner([cards("KH", "QH"), cards("2C", "3C", "4C")]), p(2)),
    ],
)
def test_impossible_inputs_are_refused_naming_the_paragraph(call, cited: str) -> None:
    with pytest.raises(f.DreisatzError) as refused:
        call()
    assert cited in str(refused.value)


def test_the_fragment_before_dreisatz_is_listed_with_its_reason() -> None:
    reason = unformalised()["polizei472.vorher.p1"]
    assert reason.startswith("Not part of Dreisatz") and "preceding section" in reason


# ---------------------------------------------------------------- the model


def test_the_deal_is_round_by_round_and_the_third_card_open() -> None:
    state = GAME.new_game()
    assert state.to_act() == CHANCE and len(state.legal_actions()) == 52
    state = GAME.new_game(deal=ROUNDS)
    assert state.to_act() == "spieler1"
    assert state.hands[0] == cards("10H", "2S", "3C")
    assert "spieler2: open 9H; holds 3 cards" in state.observation("spieler1")
    assert "cards 10H 2S 3C" in state.observation("spieler1")
    assert GAME.chance_to_deal(GAME.variant(), GAME.deal_to_chance(GAME.variant(), ROUNDS)) == (
        ROUNDS
    )


def test_actions_cite_paragraph_four() -> None:
    state = GAME.new_game(deal=ROUNDS)
    assert {a.text: a.cites for a in state.legal_actions()} == {
        "buy 1": (p(4),),
        "pass": (p(4),),
    }


@pytest.mark.parametrize(
    ("actions", "illegal", "words"),
    [
        ([], "buy 2", "nur eine Karte auf einmal"),
        ([], "deal 5H", "only the dealer"),
        ([], "stand", "not an action"),
        (["pass", "pass", "pass", "pass"], "pass", "over"),
    ],
)
def test_illegal_actions_name_paragraph_four(actions: list[str], illegal: str, words: str) -> None:
    state = GAME.new_game(deal=ROUNDS)
    for text in actions:
        state.apply(text)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(illegal)
    assert p(4) in refused.value.cites and words in str(refused.value)
    assert state.to_json() == before


def test_refused_deals() -> None:
    bad = dict(ROUNDS, spieler1=["10H", "2S"])
    with pytest.raises(RulesError, match="three cards"):
        GAME.new_game(deal=bad)
    with pytest.raises(RulesError, match="more often"):
        GAME.new_game(deal=dict(ROUNDS, talon=["10H"]))
    with pytest.raises(RulesError, match="missing"):
        GAME.new_game(deal={"spieler1": ["10H", "2S", "3C"]})
    with pytest.raises(RulesError, match="pots"):
        GAME.new_game(deal=ROUNDS, context={"pots": {"belle": -1}})


def test_two_aces_and_a_court_card_are_dead_as_dealt() -> None:
    deal = dict(ROUNDS, spieler2=["AD", "AS", "JD"])
    state = GAME.new_game(deal=deal)
    assert state.alive == [True, False, True, True]
    for seat in ("spieler1", "spieler3", "spieler4"):
        assert state.to_act() == seat
        state.apply("pass")
    assert state.is_over() and state.winners()["einunddreissig"] == 3  # 22 beats 15 and 17
    first_dead = GAME.new_game(deal=dict(ROUNDS, spieler1=["AD", "AS", "JC"]))
    assert first_dead.to_act() == "spieler2"


def test_a_short_talon_leaves_chance_open() -> None:
    state = GAME.new_game(deal=dict(ROUNDS, talon=[]))
    state.apply("buy 1")
    assert state.to_act() == CHANCE and len(state.legal_actions()) == 40


def test_the_folge_reading_after_buying_changes_the_outcome() -> None:
    deal = {
        "spieler1": ["QH", "JH", "2C"],
        "spieler2": ["9S", "8S", "7S"],
        "spieler3": ["5C", "6D", "KS"],
        "spieler4": ["10D", "3C", "7H"],
        "talon": ["AH"],
    }
    actions = ["buy 1", "pass", "pass", "pass"]  # spieler1 is dead with 33
    dealt = GAME.from_json({"deal": deal, "actions": actions})
    bought = GAME.from_json(
        {"variant": "reading_folge_after_buying", "deal": deal, "actions": actions}
    )
    assert dealt.winners()["folge"] == 1  # only 9 8 7 of spades among the dealt cards
    assert bought.winners()["folge"] == 0  # Q J A of hearts once the Ace is bought


def test_standing_stakes_go_to_the_next_deal() -> None:
    state = GAME.from_json({"deal": ROUNDS, "actions": ["pass"] * 4})
    # Belle: 3C, 9H, 4S, 9S: the two Nines tie. No Folge. 31: spieler2's 29.
    assert state.standing() == {"belle": 4, "folge": 4}
    nxt = GAME.next_context(state)
    assert nxt == {"pots": {"belle": 4, "folge": 4}}
    again = GAME.new_game(deal=ROUNDS, context=nxt)
    for _ in range(4):
        again.apply("pass")
    assert again.standing() == {"belle": 8, "folge": 8}
    assert again.scores().totals()["spieler2"] == -3 + 4


def test_a_state_round_trips_through_json() -> None:
    state = play_random(GAME, "spieler6", seed=4)
    data = json.loads(json.dumps(state.to_json()))
    again = GAME.from_json(data)
    assert again.scores() == state.scores() and again.to_json() == data
    half = GAME.new_game(seed=9)
    half.apply(half.legal_actions()[0])
    copy = GAME.from_json(json.loads(json.dumps(half.to_json())))
    assert copy.legal_texts() == half.legal_texts() and copy.to_act() == half.to_act()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(sorted(GAME.variants)))
def test_invariants_under_random_play(seed: int, variant: str) -> None:
    state = play_random(GAME, variant, seed=seed)
    assert state.is_over() and len(state.history) <= GAME.max_game_length
    totals = state.scores().totals()
    standing = sum(state.standing().values())
    assert sum(totals.values()) == -standing  # the pots are paid in full or stand
    assert all(t >= -3 for t in totals.values())
    for i, hand in enumerate(state.hands):
        assert len(hand) >= 3
        assert state.alive[i] == (f.hand_points(hand) <= 31)
        # a dead player bought no card after the one that killed him (or was dealt dead)
        if not state.alive[i] and len(hand) > 3:
            assert f.hand_points(hand[:-1]) <= 31
    replay = GAME.new_game(variant, deal=state.deal)
    for action in state.player_history():
        seat = replay.to_act()
        assert seat in replay.names and replay.alive[replay.names.index(seat)]
        replay.apply(action)
    assert replay.scores() == state.scores()
    assert abs(sum(state.returns())) < 1e-9
