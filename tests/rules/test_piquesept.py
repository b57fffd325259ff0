"""Piquesept (Engelmann 1798): rule functions by hand, the playable deal, refusals, invariants."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import FRENCH_32, parse_card, parse_cards
from rules.errors import RulesError
from rules.model import CHANCE, IllegalAction, play_random, replay
from rules.piquesept import GAME
from rules.piquesept import functions as f
from rules.piquesept.functions import p
from rules.transcripts import load_worked

DEAL = {
    "draw": "KH",
    "hands": {
        "1": ["7S", "10S", "KS", "QS", "AH", "KH", "9D", "8C"],
        "2": ["AS", "JS", "10H", "QH", "AD", "KD", "QD", "7C"],
        "3": ["9S", "8S", "JH", "9H", "8H", "10D", "JD", "AC"],
        "4": ["7H", "8D", "7D", "KC", "QC", "JC", "10C", "9C"],
    },
}


def C(text: str):
    return parse_card(text)


def started(actions: list[str], variant: str = "vier"):
    state = GAME.new_game(variant, deal=DEAL)
    for text in actions:
        state.apply(text)
    return state


def test_points_of_the_pack_by_hand() -> None:
    # four suits of 11 + 10 + 4 + 3 + 2 = 30, and the Pique Sieben 10
    assert f.points(FRENCH_32) == 4 * 30 + 10 == f.TOTAL_POINTS
    assert [f.card_points(C(t)) for t in ("AD", "10C", "KH", "QS", "JD", "7S", "7H", "8S")] == [
        11, 10, 4, 3, 2, 10, 0, 0,
    ]  # fmt: skip
    assert f.last_trick_bonus() == 0
    assert f.game_won(66) and not f.game_won(65)


def test_three_players_lay_two_eights_aside() -> None:
    assert len(f.pack(3, [C("8H"), C("8D")])) == 30 == 3 * f.hand_size(3)
    assert f.points(f.pack(3, [C("8D"), C("8C")])) == 130
    with pytest.raises(f.PiqueseptError, match="Coeur, Caro or Trefle"):
        f.pack(3, [C("8S"), C("8H")])
    with pytest.raises(f.PiqueseptError, match="3 or 4 persons"):
        f.hand_size(2)


def test_trick_and_first_trick_by_hand() -> None:
    assert f.trick_winner(parse_cards(["QH", "AH", "7S", "10S"])) == 3
    assert f.trick_winner(parse_cards(["QH", "AH", "AD", "10H"])) == 1
    assert f.first_trick_cards(parse_cards(["AH", "KS", "10S"])) == (C("10S"),)
    assert f.first_trick_cards(parse_cards(["10H", "10C", "KD"])) == (C("10H"), C("10C"))


def test_the_holder_may_trump_only_a_high_card_led() -> None:
    hand = parse_cards(["KH", "9H", "8S"])
    assert f.legal_cards(hand, [C("AH")], holder=True) == (C("8S"), C("KH"), C("9H"))
    assert f.legal_cards(hand, [C("8H")], holder=True) == (C("KH"), C("9H"))
    assert f.legal_cards(hand, [C("AH")], holder=False) == (C("KH"), C("9H"))


def test_exchange_moves_one_card_each_way() -> None:
    holder, drawer = f.exchange(
        parse_cards(["7S", "AD", "9C"]), parse_cards(["8H", "JC"]), C("AD"), C("8H")
    )
    assert holder == (C("7S"), C("8H"), C("9C")) and drawer == (C("AD"), C("JC"))
    with pytest.raises(f.PiqueseptError, match="eine andere"):
        f.exchange(parse_cards(["7S", "AD"]), parse_cards(["8H"]), C("AD"), C("AD"))


def test_worked_deal_is_scored_by_hand() -> None:
    worked = {t.id: t for t in load_worked(GAME)}
    result = replay(GAME, worked["piquesept.transcript.whole_deal_holder_wins"].input())
    assert result["over"] and result["scores"] == {"1": 68, "2": 62, "3": 62, "4": 62}
    # after the draw only the Pique Sieben may be led; 4 has no trump: his Ten of Trefle
    assert result["legal"][1] == ["play 7S"]
    assert result["legal"][4] == ["play 10C"]
    # trick 2: the holder may follow 9D or trump the Ace with any of his three trumps
    assert result["legal"][8] == ["play 10S", "play 9D", "play KS", "play QS"]
    state = started(list(worked["piquesept.transcript.whole_deal_holder_wins"].actions))
    games = [i for i in state.scores().items if i.item == "game"]
    assert [(i.seat, i.points) for i in games] == [("1", 0)]


def test_actions_cite_their_paragraphs() -> None:
    state = started(["give 7C"])
    assert {a.text: a.cites for a in state.legal_actions()} == {"play 7S": (p(2),)}
    state = started(["give 7C", "play 7S", "play AS", "play 9S", "play 10C", "play AD",
                     "play 10D", "play 8D"])  # fmt: skip
    cites = {a.text: a.cites for a in state.legal_actions()}
    assert cites["play QS"] == (p(3),) and cites["play 9D"] == (p(3),)


@pytest.mark.parametrize(
    ("actions", "illegal", "cited", "words"),
    [
        ([], "give KH", p(3), "eine andere"),
        ([], "give 8C", p(3), "does not hold"),
        (["give 7C"], "play AH", p(2), "leads it at once"),
        (["give 7C", "play 7S"], "play JS", p(2), "highest trump"),
        (["give 7C", "play 7S", "play AS", "play 9S", "play 10C", "play AD"], "play 8S", p(3),
         "must follow"),
        (["give 7C"], "give 8C", p(3), "once"),
        (["give 7C"], "bid 3", p(1), "not an action"),
    ],
)  # fmt: skip
def test_an_illegal_action_names_the_paragraph_it_breaks(
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
    bad["draw"] = "7S"
    with pytest.raises(RulesError, match="besides the Pique Sieben"):
        GAME.new_game(deal=bad)
    bad = json.loads(json.dumps(DEAL))
    bad["hands"]["4"][0] = "AS"
    with pytest.raises(RulesError, match="more often"):
        GAME.new_game(deal=bad)
    bad = json.loads(json.dumps(DEAL))
    bad["aside"] = ["8H", "8D"]
    with pytest.raises(RulesError, match="no card is laid aside"):
        GAME.new_game(deal=bad)
    fourth = ["8S" if c == "8D" else c for c in DEAL["hands"]["4"]]
    three = {"1": DEAL["hands"]["1"], "2": DEAL["hands"]["2"], "3": fourth}
    with pytest.raises(RulesError, match="10 cards each"):
        GAME.new_game("drei", deal={"hands": three, "draw": "KH", "aside": ["8H", "8D"]})


def test_chance_lays_aside_deals_and_draws() -> None:
    state = GAME.new_game("drei")
    assert state.to_act() == CHANCE
    assert state.legal_texts() == ["aside 8D 8C", "aside 8H 8C", "aside 8H 8D"]
    state.apply("aside 8H 8D")
    assert len(state.legal_actions()) == 30 and "deal 8H" not in state.legal_texts()


def test_a_state_round_trips_through_json() -> None:
    for variant in GAME.variants:
        state = play_random(GAME, variant, seed=11)
        data = json.loads(json.dumps(state.to_json()))
        again = GAME.from_json(data)
        assert again.scores() == state.scores() and again.to_json() == data
    half = GAME.new_game(seed=4)
    for _ in range(9):
        half.apply(half.legal_actions()[0])
    copy = GAME.from_json(json.loads(json.dumps(half.to_json())))
    assert copy.legal_texts() == half.legal_texts() and copy.to_act() == half.to_act()


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(sorted(GAME.variants)))
def test_random_deals_keep_the_invariants_of_the_text(seed: int, variant: str) -> None:
    state = GAME.new_game(variant, seed=seed)
    rng = random.Random(seed)
    first: list[str] = []
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        if action.text.startswith("play ") and len(state.tricks) == 0:
            first.append(action.text)
        state.apply(action)
    players = GAME.variant(variant)["players"]
    assert len(state.tricks) == 32 // players
    assert first[0] == "play 7S"  # p2: the Pique Sieben opens the game
    by_side = state.side_points()
    assert sum(by_side.values()) == 130
    games = [i.seat for i in state.scores().items if i.item == "game"]
    winners = {state.side_of(s) for s in games}
    assert winners == {s for s, n in by_side.items() if n >= 66}
    played = [c for plays, _ in state.tricks for _, c in plays]
    assert sorted(map(str, played)) == sorted(str(c) for c in f.pack(players, state.aside))
