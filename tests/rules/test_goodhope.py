"""Goodhope (Engelmann 1798): rule functions, the playable game, refusals, invariants."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import parse_cards
from rules.errors import RulesError
from rules.goodhope import GAME
from rules.goodhope import functions as f
from rules.goodhope.functions import r
from rules.model import CHANCE, IllegalAction, play_random
from rules.transcripts import load_worked

BUYING = next(t for t in load_worked(GAME) if t.id.endswith("r6_r7_buying"))
PAIR = next(t for t in load_worked(GAME) if t.id.endswith("r16_pair_of_taeuser"))


def test_shares_and_penalties_mirror_each_other() -> None:
    for declaration, promised in (("good hope", 2), ("hope", 1), ("silent", 0)):
        won = f.share(declaration, 2, 16)
        lost = f.penalty(declaration, 0, 16)
        assert won == lost == {2: 16, 1: 8, 0: 4}[promised]


def test_settle_keeps_what_is_not_drawn_and_the_penalties() -> None:
    result = f.settle(12, {"P1": ("good hope", 1), "P2": ("silent", 1), "P3": ("hope", 0)})
    # P1 pays 6 (rule 13), P2 draws 3, P3 pays 6 (rule 14): 12 - 3 + 12 = 21.
    assert result == {"shares": {"P2": 3}, "penalties": {"P1": 6, "P3": 6}, "pot": 21}


def test_trick_winner_and_following() -> None:
    assert f.trick_winner(parse_cards(["7E", "8E", "7B"]), "B") == 2
    assert f.trick_winner(parse_cards(["7E", "AL"]), "R") == 0  # AL did not follow
    assert f.legal_cards(parse_cards(["AL", "7E"]), None) == parse_cards(["AL", "7E"])
    with pytest.raises(RulesError, match="German suit"):
        f.trick_winner(parse_cards(["7E"]), "H")


def test_deal_and_seats() -> None:
    assert f.seats(4) == ("P1", "P2", "P3", "dealer")
    with pytest.raises(RulesError, match="2 to 15"):
        f.seats(1)
    hands, turned = f.deal(f.pack(), 15)
    assert len(hands) == 15 and str(turned) == "8B"


def test_stakes_are_paid_before_the_deal() -> None:
    state = GAME.new_game()
    assert state.to_act() == CHANCE
    assert state.scores().totals() == {"P1": -4, "P2": -4, "P3": -4, "dealer": 0}
    assert state.pot_after() == 12


def test_buying_deals_new_cards_from_the_pack() -> None:
    state = GAME.new_game(deal=BUYING.deal)
    assert state.to_act() == "P1"
    legal = {a.text: a.cites for a in state.legal_actions()}
    assert legal["buy 7E"] == (r(6),) and legal["buy both"] == (r(7),)
    assert legal["fear"] == (r(5),) and legal["join"] == (r(8),)
    assert "claim pair" not in legal
    state.apply("buy 7E")
    assert sorted(str(c) for c in state.hands["P1"]) == ["AR", "KR"]
    assert state.to_act() == "P1" and state.pot_after() == 14


def test_a_pair_must_be_replaced_or_rested_after_claiming() -> None:
    state = GAME.new_game(deal=PAIR.deal)
    state.apply("claim pair")
    assert state.legal_texts() == ["buy both", "rest"]
    with pytest.raises(IllegalAction, match="buys new cards or rests") as caught:
        state.apply("join")
    assert caught.value.cites == (r(16),)


@pytest.mark.parametrize(
    ("actions", "illegal", "cited", "words"),
    [
        ([], "claim pair", r(16), "no pair dealt"),
        ([], "buy 9E", r(6), "does not hold 9E"),
        ([], "hope", r(5), "first buys"),
        (["join", "join", "fear", "fear"], "play AR", r(9), "before the play"),
        (["join", "join", "fear", "fear", "hope", "hope"], "play 9E", r(10), "does not hold"),
        (
            ["join", "join", "fear", "fear", "hope", "hope", "play AR"],
            "play AE",
            r(10),
            "must follow",
        ),
    ],
)
def test_refusals_name_the_rule(actions: list[str], illegal: str, cited: str, words: str) -> None:
    deal = next(t for t in load_worked(GAME) if t.id.endswith("r12_both_hoped")).deal
    state = GAME.new_game(deal=deal)
    for text in actions:
        state.apply(text)
    with pytest.raises(IllegalAction, match=words) as caught:
        state.apply(illegal)
    assert cited in caught.value.cites


def test_all_pass_deals_anew_with_the_pot() -> None:
    deal = next(t for t in load_worked(GAME) if t.id.endswith("r17_all_pass")).deal
    state = GAME.new_game(deal=deal)
    for _ in range(4):
        state.apply("fear")
    assert state.is_over()
    assert GAME.next_context(state) == {"deal": 2, "pot": 12}
    again = GAME.new_game(seed=1, context=GAME.next_context(state))
    assert again.pot_after() == 24


def test_json_round_trip() -> None:
    state = GAME.new_game(deal=BUYING.deal, context={"pot": 3})
    for text in BUYING.actions[:5]:
        state.apply(text)
    data = json.loads(json.dumps(state.to_json()))
    again = GAME.from_json(data)
    assert again.observation("") == state.observation("")
    assert again.legal_texts() == state.legal_texts()


def test_observation_hides_other_hands() -> None:
    state = GAME.new_game(deal=BUYING.deal)
    seen = state.observation("P2")
    assert "P2 hand: 9L 8E" in seen or "P2 hand: 8E 9L" in seen
    assert "AR" not in seen and "trump: 7R" in seen


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    variant=st.sampled_from(sorted(GAME.variants)),
    pot=st.sampled_from([0, 5, 12]),
)
def test_money_is_kept_under_random_play(seed: int, variant: str, pot: int) -> None:
    state = GAME.new_game(variant, seed=seed, context={"pot": pot})
    import random

    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_texts()))
    assert len(state.history) <= GAME.max_game_length
    totals = state.scores().totals()
    # What the players lost together is what the pot gained.
    assert Fraction(sum(totals.values())).limit_denominator(1000) == Fraction(pot) - Fraction(
        state.pot_after()
    ).limit_denominator(1000)
    assert state.pot_after() >= 0
    low, high = GAME.utility_bounds(GAME.variant(variant))
    assert all(low <= x <= high for x in state.returns())
    assert all(a.cites for a in state.history)
    assert all(i.cites for i in state.scores().items)


def test_random_play_of_each_variant_ends() -> None:
    for variant in GAME.variants:
        for seed in range(20):
            assert play_random(GAME, variant, seed=seed).is_over()
