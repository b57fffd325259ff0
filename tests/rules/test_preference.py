"""Preference (Pierer's Universal-Lexikon, 1861): rule functions and the playable deal."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import GERMAN_32, parse_card, parse_cards
from rules.errors import RulesError
from rules.model import CHANCE, IllegalAction, play_random
from rules.preference import GAME
from rules.preference import functions as f
from rules.preference.functions import p

# Deal 1 of rules/preference/transcripts.toml.
DEAL = {
    "vorhand": ["AR", "KR", "OR", "UR", "10R", "9R", "AE", "KE", "AL", "AB"],
    "zweiter": ["8R", "7R", "OE", "UE", "10E", "9E", "KL", "OL", "UL", "10L"],
    "dritter": ["8E", "7E", "9L", "8L", "7L", "KB", "OB", "UB", "10B", "9B"],
    "talon": ["8B", "7B"],
}
ROTH_JOINED = ["bid roth", "pass", "pass", "join", "join"]


# ---------------------------------------------------------------- rule functions


def test_a_shuffled_pack_deals_ten_each_and_two_to_the_talon() -> None:
    cards = list(GERMAN_32)
    random.Random(3).shuffle(cards)
    dealt = f.deal(cards)
    assert dealt.talon == tuple(cards[:2])
    assert sorted(len(h) for h in dealt.hands.values()) == [10, 10, 10]
    assert set(dealt.talon).union(*dealt.hands.values()) == set(GERMAN_32)
    # the first throw of three goes to the Vorhand straight after the talon
    assert set(cards[2:5]) <= set(dealt.hands["vorhand"])


def test_trumps_and_following() -> None:
    trick = parse_cards(["9L", "7B", "AL"])
    assert f.trick_winner(trick, "schellen") == 1
    assert f.trick_winner(trick, "roth") == 2
    hand = parse_cards(["7R", "AE", "KB"])
    assert [str(c) for c in f.legal_cards(hand, parse_card("OR"))] == ["7R"]


def test_settlement_balances_with_the_pot() -> None:
    # What the seats win and lose, together with what the pot gains, is nought.
    for trump in f.SUITS:
        for player_tricks in range(11):
            tricks = {"vorhand": player_tricks, "zweiter": 10 - player_tricks, "dritter": 0}
            result = f.settlement(trump, "vorhand", tricks, ["zweiter"])
            assert sum(result.marks.values()) + result.pot == 0
            result = f.settlement(trump, "vorhand", tricks, ["zweiter"], pot=15)
            assert sum(result.marks.values()) + result.pot == 0
            assert result.closes == (f.game_value(trump) >= 15)


def test_the_written_score() -> None:
    number = f.figure_number(100)
    for suit, won in (("roth", True), ("roth", True), ("schellen", True)):
        entry = f.figure_after(number, suit, won)
        number = entry.number
    assert entry == f.FigureEntry(-1, True)  # 10 - 4 - 4 - 3: one ten under a Halbzirkel
    assert f.figure_marks(number) == -10
    assert f.continued_number(number, 100) == 9
    assert [f.stroke_side(2, other) for other in (3, 0, 1)] == ["left", "middle", "right"]


@pytest.mark.parametrize(
    ("call", "cited"),
    [
        (lambda: f.deal(list(GERMAN_32)[:31]), p(1)),
        (lambda: f.game_value("herz"), p(1)),
        (lambda: f.outbids("eichel", None), p(1)),
        (lambda: f.auction(["roth", "gruen", None]), p(1)),
        (lambda: f.check_cards(parse_cards(["AS"])), p(1)),
        (lambda: f.figure_number(155), p(2)),
        (lambda: f.dealer_plays(5), p(1)),
    ],
)
def test_impossible_inputs_are_refused_naming_the_paragraph(call, cited: str) -> None:
    with pytest.raises(f.PreferenceError) as refused:
        call()
    assert cited in str(refused.value)


def test_the_lost_figure_is_stated_as_an_emendation() -> None:
    from rules.registry import get_rule

    notes = get_rule("preference.figure_number").emendations
    lost = [e for e in notes if e.paragraph == p(1)]
    assert lost and lost[0].raw.startswith("Jeder Spieler macht diese Figur")
    assert "<gap/>" in lost[0].evidence


# ---------------------------------------------------------------- the model


def test_seats_and_the_deal() -> None:
    assert GAME.seats_of(GAME.variant("vier")) == ("vorhand", "zweiter", "dritter", "geber")
    assert GAME.seats_of(GAME.variant("drei")) == ("vorhand", "zweiter", "dritter")
    state = GAME.new_game()
    assert state.to_act() == CHANCE and len(state.legal_actions()) == 32
    state = GAME.new_game(deal=DEAL)
    assert state.to_act() == "vorhand"
    assert sorted(state.legal_texts()) == [
        "bid eicheln", "bid gruen", "bid roth", "bid schellen", "pass",
    ]  # fmt: skip
    assert GAME.chance_to_deal(GAME.variant(), GAME.deal_to_chance(GAME.variant(), DEAL)) == DEAL


def test_the_bidding_goes_up_and_the_talon_is_turned_up_after_all_pass() -> None:
    state = GAME.new_game(deal=DEAL)
    state.apply("bid gruen")
    assert "bid eicheln" not in state.legal_texts() and "bid schellen" in state.legal_texts()
    state = GAME.new_game(deal=DEAL)
    for _ in range(3):
        state.apply("pass")
    assert state.phase == "bid2" and "talon: 8B 7B" in state.observation("zweiter")
    assert "talon" not in GAME.new_game(deal=DEAL).observation("zweiter")


@pytest.mark.parametrize(
    ("actions", "illegal", "words"),
    [
        (["bid roth"], "bid schellen", "in höherer Farbe"),
        ([], "join", "once a game is declared"),
        ([], "discard AR", "turned-up talon"),
        (ROTH_JOINED, "play OE", "does not hold"),
        ([*ROTH_JOINED, "play AR"], "play OE", "must follow"),
        (ROTH_JOINED, "pass", "must be played"),
        ([], "bid herz", "roth, schellen"),
    ],
)
def test_illegal_actions_cite_the_paragraph(actions: list[str], illegal: str, words: str) -> None:
    state = GAME.new_game(deal=DEAL)
    for text in actions:
        state.apply(text)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(illegal)
    assert p(1) in refused.value.cites and words in str(refused.value)
    assert state.to_json() == before


def test_a_defender_who_passes_does_not_play() -> None:
    state = GAME.from_json({"deal": DEAL, "actions": ["bid roth", "pass", "pass", "join", "pass"]})
    assert state.playing == ["vorhand", "zweiter"]
    state.apply("play AR")
    assert state.to_act() == "zweiter"
    state.apply("play 8R")
    assert state.to_act() == "vorhand" and state.tricks["vorhand"] == 1


def test_a_pot_context_closes_the_partie() -> None:
    state = GAME.from_json(
        {"deal": DEAL, "actions": ["bid eicheln", "pass", "pass", "pass", "pass"],
         "context": {"pot": 60}}
    )  # fmt: skip
    assert state.pot_after() == 50 and GAME.next_context(state) == {"pot": 50}
    closing = GAME.from_json(
        {"deal": DEAL, "actions": ["bid roth", "pass", "pass", "pass", "pass"],
         "context": {"pot": 30}}
    )  # fmt: skip
    assert closing.scores().totals()["vorhand"] == 30
    assert GAME.next_context(closing) is None
    with pytest.raises(RulesError, match="pot"):
        GAME.new_game(deal=DEAL, context={"pot": -5})


def test_refused_deals() -> None:
    with pytest.raises(RulesError, match="10 cards"):
        GAME.new_game(deal=dict(DEAL, vorhand=DEAL["vorhand"][:9], talon=["8B", "7B", "AB"]))
    with pytest.raises(RulesError, match="more often"):
        GAME.new_game(deal=dict(DEAL, talon=["8B", "AR"]))
    with pytest.raises(RulesError, match="vorhand, zweiter"):
        GAME.new_game(deal={"vorhand": DEAL["vorhand"]})


def test_a_state_round_trips_through_json() -> None:
    state = play_random(GAME, "drei", seed=8)
    data = json.loads(json.dumps(state.to_json()))
    again = GAME.from_json(data)
    assert again.scores() == state.scores() and again.to_json() == data
    half = GAME.new_game(seed=12)
    for _ in range(6):
        half.apply(half.legal_actions()[0])
    copy = GAME.from_json(json.loads(json.dumps(half.to_json())))
    assert copy.legal_texts() == half.legal_texts() and copy.to_act() == half.to_act()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(sorted(GAME.variants)))
def test_invariants_under_random_play(seed: int, variant: str) -> None:
    state = play_random(GAME, variant, seed=seed)
    assert state.is_over() and len(state.history) <= GAME.max_game_length
    totals = state.scores().totals()
    if "geber" in totals:
        assert totals["geber"] == 0
    if state.playing:
        assert sum(state.tricks[s] for s in state.playing) == 10
        replay = GAME.new_game(variant, deal=state.deal)
        for action in state.player_history():
            if action.text.startswith("play ") and replay.trick:
                led = replay.trick[0][1]
                hand = replay.hands[replay.to_act()]
                card = parse_card(action.text[5:])
                assert card.suit == led.suit or all(c.suit != led.suit for c in hand)
            replay.apply(action)
    if not state.void:
        result = f.settlement(state.trump, state.declarer, state.tricks, state.joined)
        assert sum(result.marks.values()) + result.pot == 0
    assert abs(sum(state.returns())) < 1e-9
