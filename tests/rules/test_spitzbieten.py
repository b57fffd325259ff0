"""Spitzbieten: three wild cards ranked Weli, Schellsiebener, Eichelsiebener."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bieten.functions import SPITZ_WILDS, Played, WildHand, parse_played
from rules.cards import parse_card
from rules.model import IllegalAction, play_random
from rules.spitzbieten import GAME
from rules.spitzbieten import functions as s
from rules.transcripts import load_worked


def pl(text: str) -> Played:
    return parse_played(text, SPITZ_WILDS)


def test_the_three_wild_cards_in_order() -> None:
    assert [str(c) for c in s.wild_cards()] == ["6B", "7B", "7E"]
    trick = [pl("7E=AL"), pl("7B=AL"), pl("6B=AL")]
    assert s.trick_winner(trick) == 2
    assert s.trick_winner([*trick, pl("AL")]) == 3


def test_the_spitze_are_not_natural_cards() -> None:
    with pytest.raises(Exception, match="wild card"):
        parse_played("7B", SPITZ_WILDS)
    assert "play 7B" not in GAME.action_space(GAME.variant())
    assert "play 7B=7B" in GAME.action_space(GAME.variant())


def test_two_spitze_can_make_a_gleich() -> None:
    hand = WildHand(natural=(parse_card("9L"),), free=(parse_card("7B"), parse_card("7E")))
    assert s.may_wager("gleich", hand) and s.binds("gleich", hand)


def test_only_the_weli_is_kept_when_cut() -> None:
    assert s.deal_order(3, True) == [0, 2, 0, 0, 1, 1, 2, 2]
    state = GAME.new_game(
        deal={"hands": [["7E", "KB", "9L"], ["7B", "8R", "UB"], ["6B", "10L", "AE"]]}
    )
    with pytest.raises(IllegalAction):
        state.apply("play 7E")


def test_worked_transcripts_and_round_trip() -> None:
    worked = load_worked(GAME)
    assert len(worked) >= 4
    t = next(x for x in worked if not x.rejects)
    state = GAME.new_game(deal=t.deal)
    for text in t.actions:
        state.apply(text)
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again.scores().to_json() == state.scores().to_json()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(list(GAME.variants)))
def test_random_deals_play_out(seed: int, variant: str) -> None:
    state = play_random(GAME, variant, seed=seed)
    assert state.is_over() and len(state.history) <= GAME.max_game_length
    for seat in state.order:
        assert len(state.table[seat]) == 3
        wilds = [x for x in state.table[seat] if x.wild is not None]
        assert all(x.tier in (0, 1, 2) for x in wilds)


def test_a_cut_weli_may_lie_anywhere_in_the_cutters_hand() -> None:
    """bietenweli.p2: the cutter keeps the Weli; his hand's order means nothing."""
    deal = {
        "hands": [["KR", "9E", "7L"], ["8E", "OL", "6B"], ["10B", "UE", "AL"]],
        "weli_cut": True,
    }
    state = GAME.new_game(deal=deal)
    assert state.deal == deal and state.weli_cut
    with pytest.raises(Exception, match=r"deal.hands\[0\].*bietenweli.p2"):
        GAME.new_game(
            deal={
                "hands": [["6B", "9E", "7L"], ["8E", "OL", "KR"], ["10B", "UE", "AL"]],
                "weli_cut": True,
            }
        )
