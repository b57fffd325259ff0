"""Rouge et noir (police handbook c. 1905, § 11): rule functions and the playable coup."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import parse_card, parse_cards
from rules.errors import RulesError
from rules.model import CHANCE, IllegalAction, play_random
from rules.rougeetnoir import GAME
from rules.rougeetnoir import functions as f
from rules.rougeetnoir.functions import P1

RED_WINS = {"cards": ["KS", "QH", "5D", "6C", "9S", "KD", "QC", "JH"]}
STAKES = ["field rouge", "stake 5", "field noir", "stake 3"]


# ---------------------------------------------------------------- rule functions


def test_the_shoe_holds_six_packs() -> None:
    shoe = f.shoe()
    assert len(shoe) == 312 and set(Counter(shoe).values()) == {6}


def test_rows_by_hand() -> None:
    # 10 + 10 + 10 + 1 = 31: the Ace counts one here (not eleven as in Dreisatz).
    assert f.lay_row(parse_cards(["KS", "QS", "JS", "AS"])) == f.Row(4, 31)
    assert f.lay_row(parse_cards(["9S", "9H", "9D", "9C"])) == f.Row(4, 36)
    assert f.lay_row(parse_cards(["9S", "9H", "9D", "3C", "2C"]), "over_31") == f.Row(5, 32)


def test_a_whole_coup_with_a_refait() -> None:
    refait = f.coup(parse_cards(["KS", "QH", "JD", "AC", "10S", "10H", "10D", "AS"]))
    assert refait == f.Coup(((31, 31),), "refait", 8)
    assert f.settle([("rouge", 3), ("noir", 3)], "refait", "half") == ([-1.5, -1.5], 3)


@pytest.mark.parametrize(
    "call",
    [
        lambda: f.card_points(parse_card("OE")),
        lambda: f.lay_row(parse_cards(["KS", "QH"])),
        lambda: f.coup_result(29, 35),
        lambda: f.stake("vert", 5),
        lambda: f.stake("rouge", 0),
        lambda: f.settle([("rouge", 5)], "again"),
        lambda: f.check_cards(parse_cards(["2H"] * 7)),
    ],
)
def test_impossible_inputs_are_refused_naming_the_paragraph(call) -> None:
    with pytest.raises(f.RougeEtNoirError) as refused:
        call()
    assert P1 in str(refused.value)


# ---------------------------------------------------------------- the model


def test_each_punter_chooses_a_field_then_an_amount() -> None:
    state = GAME.new_game(deal=RED_WINS)
    assert state.to_act() == "spieler1"
    assert state.legal_texts() == ["field noir", "field rouge"]
    state.apply("field rouge")
    assert state.legal_texts() == sorted(f"stake {n}" for n in range(1, 11))
    assert all(a.cites == (P1,) for a in state.legal_actions())
    for text in STAKES[1:]:
        state.apply(text)
    assert state.is_over()
    assert state.scores().totals() == {"bankier": -2, "spieler1": 5, "spieler2": -3}
    assert "rouge row 1: KS QH 5D 6C = 31" in state.observation("spieler2")


@pytest.mark.parametrize(
    ("actions", "illegal", "words"),
    [
        ([], "stake 5", "first chooses his field"),
        (["field rouge"], "field noir", "one field"),
        (["field rouge"], "stake 11", "1 to 10"),
        ([], "field vert", "two fields"),
        ([], "deal KS", "only the banker"),
        (STAKES, "field rouge", "over"),
    ],
)
def test_illegal_actions_cite_the_paragraph(actions: list[str], illegal: str, words: str) -> None:
    state = GAME.new_game(deal=RED_WINS)
    for text in actions:
        state.apply(text)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(illegal)
    assert P1 in refused.value.cites and words in str(refused.value)
    assert state.to_json() == before


def test_chance_follows_the_cards_left_in_the_shoe() -> None:
    state = GAME.new_game()
    for text in STAKES:
        state.apply(text)
    assert state.to_act() == CHANCE
    outcomes = dict((a.text, prob) for a, prob in state.chance_outcomes())
    assert len(outcomes) == 52 and abs(sum(outcomes.values()) - 1) < 1e-12
    state.apply("deal KS")
    outcomes = dict((a.text, prob) for a, prob in state.chance_outcomes())
    assert outcomes["deal KS"] == pytest.approx(5 / 311)
    assert outcomes["deal QS"] == pytest.approx(6 / 311)
    for _ in range(5):
        state.apply("deal KS")
    assert "deal KS" not in state.legal_texts()


def test_an_explicit_deal_gives_exactly_the_cards_of_the_coup() -> None:
    with pytest.raises(RulesError, match="decided after 8"):
        GAME.new_game(deal={"cards": [*RED_WINS["cards"], "2S"]})
    with pytest.raises(RulesError, match="exactly the cards"):
        GAME.new_game(deal={"cards": RED_WINS["cards"][:6]})
    with pytest.raises(RulesError, match="more often"):
        GAME.new_game(deal={"cards": ["2H"] * 7 + RED_WINS["cards"]})
    with pytest.raises(RulesError, match="no context"):
        GAME.new_game(deal=RED_WINS, context={"pot": 3})


def test_equal_rows_are_laid_again_with_the_stakes_standing() -> None:
    cards = ["10H", "10D", "10C", "5S", "KH", "QS", "JC", "5D"]
    cards += ["9H", "9D", "9C", "9S", "8H", "8D", "8C", "8S"]
    state = GAME.from_json({"deal": {"cards": cards}, "actions": STAKES})
    assert state.totals == [35, 35, 36, 32] and state.outcome == "noir"
    assert state.scores().totals() == {"bankier": 2, "spieler1": -5, "spieler2": 3}


def test_an_exhausted_shoe_returns_the_stakes() -> None:
    state = GAME.new_game()
    for text in STAKES:
        state.apply(text)
    state.left = Counter({parse_card("2C"): 1})
    state.remaining = 1
    state.apply("deal 2C")
    assert state.is_over() and state.outcome == "exhausted"
    assert state.scores().totals() == {"bankier": 0, "spieler1": 0, "spieler2": 0}


def test_a_state_round_trips_through_json() -> None:
    state = play_random(GAME, "spieler4", seed=2)
    data = json.loads(json.dumps(state.to_json()))
    again = GAME.from_json(data)
    assert again.scores() == state.scores() and again.to_json() == data


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(sorted(GAME.variants)))
def test_invariants_under_random_play(seed: int, variant: str) -> None:
    state = play_random(GAME, variant, seed=seed)
    assert state.is_over() and len(state.history) <= GAME.max_game_length
    totals = state.scores().totals()
    assert abs(sum(totals.values())) < 1e-9  # the banker pays or collects every stake
    low = 31 if GAME.variant(variant)["stop"] == "reach_31" else 32
    assert len(state.totals) % 2 == 0 and all(low <= t <= low + 9 for t in state.totals)
    laid = [parse_card(c) for c in state.deal["cards"]]
    decided = f.coup(laid, GAME.variant(variant)["stop"])
    assert decided.outcome == state.outcome and decided.cards == len(laid)
    for name, (field, amount) in zip(state.names[1:], state.stakes, strict=True):
        expected = {"refait": -amount, field: amount}.get(state.outcome, -amount)
        if state.outcome == "refait" and GAME.variant(variant)["refait"] == "half":
            expected = -amount / 2
        assert totals[name] == expected
