"""Connectionen (Engelmann 1798): rule functions by hand, the playable deal, refusals, invariants."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import parse_card, parse_cards
from rules.connectionen import GAME
from rules.connectionen import functions as f
from rules.connectionen.functions import r
from rules.errors import RulesError
from rules.model import CHANCE, IllegalAction, play_random, replay
from rules.transcripts import load_worked

DEAL = {
    "hands": {
        "1": ["AS", "KS", "QS", "2H", "3H", "4C", "5C", "6C"],
        "2": ["AC", "2S", "3S", "4S", "7H", "8H", "9H", "10H"],
        "3": ["KH", "5S", "6S", "7S", "2C", "3C", "7C", "8C"],
        "4": ["JS", "2D", "3D", "4D", "5D", "6D", "9C", "10C"],
    }
}


def C(text: str):
    return parse_card(text)


def started(actions: list[str], variant: str = "vier"):
    state = GAME.new_game(variant, deal=DEAL)
    for text in actions:
        state.apply(text)
    return state


def test_payments_add_up_in_groschen_and_pfennige() -> None:
    # Regel 8: two Groschen, one Groschen (6 + 6 Pfennige), six Pfennige (a Dreier a card)
    assert [f.connection_payment(n) for n in (1, 2, 3)] == [2 * 12, 12, 6]
    assert [2 * f.card_share(n) for n in (1, 2, 3)] == [24, 12, 6]
    assert f.left_over(3) + 3 * f.hand_size(3) == 52 == f.left_over(4) + 4 * f.hand_size(4)


def test_connections_and_tricks_by_hand() -> None:
    assert f.connections(parse_cards(["AS", "KH", "AC", "JS"])) == (1, 2, 3)
    # the earliest card that begins a connection takes a trick without trump
    assert f.trick_winner(parse_cards(["JS", "AC", "AS", "AH"])) == 0
    assert f.trick_winner(parse_cards(["2H", "AC", "AS", "AH"])) == 1
    assert f.trick_winner(parse_cards(["2H", "AC", "AS", "2D"])) == 3
    assert f.trick_winner(parse_cards(["2H", "3H", "AH", "KH"])) == 2
    with pytest.raises(f.ConnectionenError, match="once"):
        f.trick_winner(parse_cards(["2H", "2H"]))


def test_legal_cards_by_hand() -> None:
    hand = parse_cards(["JS", "5D", "4H"])
    assert f.legal_cards(hand, [C("2H")]) == (C("JS"), C("4H"))
    assert f.legal_cards(hand, [C("AC"), C("AS"), C("3H")]) == (C("JS"), C("4H"), C("5D"))
    assert f.legal_cards(hand, [C("KC")]) == (C("JS"), C("4H"), C("5D"))


def test_worked_deal_is_scored_by_hand() -> None:
    worked = {t.id: t for t in load_worked(GAME)}
    result = replay(GAME, worked["connectionen.transcript.connection_trumped"].input())
    assert result["over"] and result["scores"] == {"1": 0, "2": 0, "3": 0, "4": 30}
    # t1: 2 may follow with a spade or play his Trefle As; 4 may follow or trump
    assert result["legal"][1] == ["play 2S", "play 3S", "play 4S", "play AC"]
    assert result["legal"][3] == ["play 2D", "play 3D", "play 4D", "play 5D", "play 6D", "play JS"]
    state = started(list(worked["connectionen.transcript.connection_trumped"].actions))
    items = [(i.seat, i.points, i.item) for i in state.scores().items]
    assert items == [("4", 24, "connection"), ("4", 6, "most_tricks")]
    assert r(5) in state.scores().items[0].cites and r(10) in state.scores().items[0].cites


def test_actions_cite_their_regeln() -> None:
    state = started(["play AS"])
    cites = {a.text: a.cites for a in state.legal_actions()}
    assert cites["play AC"] == (r(12),) and cites["play 2S"] == (r(3), r(11))
    state = started(["play AS", "play AC", "play 5S"])
    cites = {a.text: a.cites for a in state.legal_actions()}
    assert cites["play 2D"] == (r(11),) and cites["play JS"] == (r(3), r(11))


@pytest.mark.parametrize(
    ("actions", "illegal", "cited", "words"),
    [
        (["play AS", "play 2S", "play 5S"], "play 2D", r(11), "only a connection"),
        (["play AS"], "play 7H", r(12), "must follow"),
        (["play AS"], "play 5D", r(3), "does not hold"),
        ([], "bid 1", r(3), "not an action"),
    ],
)
def test_an_illegal_action_names_the_regel_it_breaks(
    actions: list[str], illegal: str, cited: str, words: str
) -> None:
    state = started(actions)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(illegal)
    assert cited in refused.value.cites and words in refused.value.reason
    assert state.to_json() == before


def test_refused_deals_name_the_problem() -> None:
    bad = json.loads(json.dumps(DEAL))
    bad["hands"]["4"][0] = "AS"
    with pytest.raises(RulesError, match="more often"):
        GAME.new_game(deal=bad)
    with pytest.raises(RulesError, match="10 cards each"):
        GAME.new_game("drei", deal={"hands": {k: DEAL["hands"][k] for k in ("1", "2", "3")}})
    with pytest.raises(RulesError, match="seats"):
        GAME.new_game(deal={"hands": {"1": DEAL["hands"]["1"]}})


def test_chance_deals_card_by_card() -> None:
    state = GAME.new_game("drei")
    assert state.to_act() == CHANCE and len(state.legal_actions()) == 52
    state.apply("deal AS")
    assert len(state.legal_actions()) == 51


def test_a_state_round_trips_through_json() -> None:
    for variant in GAME.variants:
        state = play_random(GAME, variant, seed=5)
        data = json.loads(json.dumps(state.to_json()))
        again = GAME.from_json(data)
        assert again.scores() == state.scores() and again.to_json() == data


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(sorted(GAME.variants)))
def test_random_deals_keep_the_invariants_of_the_text(seed: int, variant: str) -> None:
    state = GAME.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    players = GAME.variant(variant)["players"]
    assert len(state.tricks) == f.hand_size(players)
    found = [n for plays, _ in state.tricks for n in f.connections([c for _, c in plays])]
    paid = sum(i.points for i in state.scores().items if i.item == "connection")
    assert paid == sum(f.PAYMENTS[n] for n in found)  # every connection paid once, in full
    counts = sorted((sum(1 for _, w in state.tricks if w == s) for s in state.order), reverse=True)
    most = [i for i in state.scores().items if i.item == "most_tricks"]
    assert len(most) == (1 if counts[0] > counts[1] else 0)
    for plays, winner in state.tricks:
        cards = [c for _, c in plays]
        assert winner == plays[f.trick_winner(cards)][0]
        if any(c.suit == f.TRUMP for c in cards):
            assert plays[f.trick_winner(cards)][1].suit == f.TRUMP
