"""Bieten mit dem Weli: the Weli's rules by hand and in the playable deal."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bieten.functions import WELI_WILDS, WildHand, feasible, parse_played
from rules.bietenweli import GAME
from rules.bietenweli import functions as w
from rules.cards import GERMAN_33, Card, Suit, parse_card
from rules.errors import RulesError
from rules.model import IllegalAction, play_random
from rules.transcripts import load_worked

# bietenweli.p3: B (Vorhand) UR 10L UE, C AR KE KB, A (dealer) the Weli, 9B, 9L.
DEAL = {"hands": [["UR", "10L", "UE"], ["AR", "KE", "KB"], ["6B", "9B", "9L"]], "weli_cut": False}
TO_THE_HERZ = [
    "play UE", "pass", "play KE", "play 9B",
    "play KB", "bid laub", "gut laub", "gut laub", "play 9L", "play 10L",
    "bid spiel", "halten spiel", "bid herz", "halten herz", "play AR",
]  # fmt: skip


def c(text: str) -> Card:
    return parse_card(text)


def started(actions: list[str], deal: dict = DEAL):
    state = GAME.new_game(deal=deal)
    for text in actions:
        state.apply(text)
    return state


def test_the_pack_has_33_cards_and_the_weli_becomes_any_other() -> None:
    assert w.pack() == GERMAN_33
    assert len(w.baptisms(c("6B"))) == 32 and c("6B") not in w.baptisms(c("6B"))


def test_the_natural_card_beats_the_weli() -> None:
    assert w.beats(parse_played("6B=AR", WELI_WILDS), parse_played("KR"))
    assert not w.beats(parse_played("6B=AR", WELI_WILDS), parse_played("AR"))
    assert w.trick_winner([parse_played("6B=AE", WELI_WILDS), parse_played("AE")]) == 1


def test_binding_and_renouncing() -> None:
    hand = WildHand(natural=(c("9B"), c("9L")), free=(c("6B"),))
    assert w.binds("herz", hand) and not w.binds("gleich", hand)
    bound = WildHand(
        natural=(c("9B"), c("9L")),
        free=(c("6B"),),
        renounced=frozenset({Suit.ACORNS, Suit.BELLS}),
        bound=frozenset({"herz"}),
    )
    assert {x.suit for x in w.wild_options(bound, c("6B"), Suit.GERMAN_HEARTS)} == {
        Suit.GERMAN_HEARTS
    }
    assert not w.may_wager(
        "laub", WildHand(natural=(c("9B"),), free=(c("6B"),), bound=frozenset({"herz"}))
    )
    with pytest.raises(RulesError):
        WildHand(natural=(c("6B"),)).check(WELI_WILDS)


def test_the_cut_weli_is_kept() -> None:
    assert w.cutter_keeps(c("6B")) and not w.cutter_keeps(c("AE"))
    state = GAME.new_game()
    assert sorted(a.text for a, _ in state.chance_outcomes()) == ["cut other", "cut weli"]
    assert abs(dict((a.text, pr) for a, pr in state.chance_outcomes())["cut weli"] - 1 / 33) < 1e-9
    state.apply("cut weli")
    # three players: A deals, C (right of A) keeps the Weli and is passed over once
    for text in [
        "deal AE",
        "deal AL",
        "deal KE",
        "deal KL",
        "deal OE",
        "deal OL",
        "deal UE",
        "deal UL",
    ]:
        state.apply(text)
    assert state.hand["C"][0] == c("6B") and len(state.hand["C"]) == 3
    assert state.deal == {
        "hands": [["AE", "KE", "KL"], ["6B", "OE", "OL"], ["AL", "UE", "UL"]],
        "weli_cut": True,
    }


def test_a_cut_weli_must_be_in_the_cutters_hand() -> None:
    with pytest.raises(RulesError, match=r"right of the dealer.*deal.hands\[1\].*deal.hands\[2\]"):
        GAME.new_game(deal={**DEAL, "weli_cut": True})
    no_weli = {"hands": [["UR", "10L", "UE"], ["AR", "KE", "KB"], ["7B", "9B", "9L"]]}
    with pytest.raises(RulesError, match=r"bietenweli.p2") as caught:
        GAME.new_game(deal={**no_weli, "weli_cut": True})
    assert "in no hand" in str(caught.value)


@pytest.mark.parametrize("where", [0, 1, 2])
def test_a_cut_weli_may_lie_anywhere_in_the_cutters_hand(where: int) -> None:
    """bietenweli.p2 gives the cutter the Weli; the order of a hand means nothing."""
    cutter = ["AR", "KE"]
    cutter.insert(where, "6B")
    deal = {"hands": [["UR", "10L", "UE"], cutter, ["9B", "9L", "KB"]], "weli_cut": True}
    state = GAME.new_game(deal=deal)
    assert state.deal == deal and state.weli_cut
    assert sorted(map(str, state.hand["C"])) == ["6B", "AR", "KE"]
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again.hand == state.hand and again.deal == deal


def test_the_weli_is_played_as_a_card() -> None:
    state = started(["play UE", "pass", "play KE"])
    legal = state.legal_texts()
    assert "play 6B=AE" in legal and "play 9B" in legal and "play 6B" not in legal
    with pytest.raises(IllegalAction, match="say what it is played as"):
        state.apply("play 6B")


def test_held_with_the_weli_it_must_make_a_herz() -> None:
    state = started(TO_THE_HERZ)
    assert state.bound["A"] == {"herz"}
    assert state.to_act() == "A"
    plays = [t for t in state.legal_texts() if t.startswith("play ")]
    assert plays and all(t.endswith("R") for t in plays)  # the Weli as a Herz only
    with pytest.raises(IllegalAction) as caught:
        state.apply("play 6B=AL")
    assert "schwaighofer1927.bietenweli.p4" in caught.value.cites


def test_the_gleich_with_the_weli() -> None:
    state = started(
        [*TO_THE_HERZ, "bid gleich", "gut gleich", "halten gleich", "play 6B=9R", "play UR"]
    )
    assert state.scores().totals() == {"A": 3, "B": 0, "C": 4}


def test_worked_transcripts() -> None:
    assert len(load_worked(GAME)) >= 8


def test_json_round_trip() -> None:
    state = started(TO_THE_HERZ)
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again.legal_texts() == state.legal_texts() and again.bound == state.bound


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(list(GAME.variants)))
def test_random_deals_keep_the_weli_rules(seed: int, variant: str) -> None:
    state = play_random(GAME, variant, seed=seed)
    assert state.is_over()
    for seat in state.order:
        # every figure the Weli was bound to, and still undecided, is made by his cards
        hand = state.wild_hand(seat)
        assert not hand.free
        for figure in state.bound[seat]:
            if state.status[figure] in ("gehalten", "groschen_gehalten"):
                assert feasible(hand.known(), 0, "", (figure,)), (seat, figure)
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again.scores().to_json() == state.scores().to_json()
