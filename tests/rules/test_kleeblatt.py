"""Das Kleeblatt (Engelmann 1798): rule functions, the playable coup, refusals, invariants."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import parse_card
from rules.errors import RulesError
from rules.kleeblatt import GAME
from rules.kleeblatt import functions as f
from rules.kleeblatt.functions import p
from rules.model import CHANCE, IllegalAction, play_match, play_random
from rules.transcripts import load_worked

WAGERS = next(t for t in load_worked(GAME) if t.id.endswith("p3_wagers"))


def test_values_of_the_whole_pack() -> None:
    # Per suit: 11 + 4 + 3 + 2 + (10 + 9 + ... + 2) = 20 + 54 = 74.
    assert sum(f.card_value(c) for c in f.pack()) == 4 * 74
    assert sum(f.card_value(c, 36) for c in f.pack(36)) == 4 * (20 + 40)
    assert [f.card_value(parse_card(t)) for t in ("AS", "KS", "QS", "JS", "6S")] == [11, 4, 3, 2, 6]


def test_which_cards_lie_under_six() -> None:
    under = [c for c in f.pack() if f.wager_result(c, 1)["punter"] < 0]
    assert sorted({c.rank.value for c in under}) == sorted(["2", "3", "4", "5", "J", "Q", "K"])
    high = [c for c in f.pack() if f.wager_result(c, 1, courts="high")["punter"] < 0]
    assert sorted({c.rank.value for c in high}) == ["2", "3", "4", "5"]
    sixes = [c for c in f.pack() if f.wager_result(c, 1)["standing"]]
    assert len(sixes) == 4


def test_bowl_refuses_impossible_sums() -> None:
    with pytest.raises(RulesError, match="whole numbers"):
        f.bowl_settlement([-1], [2])


def test_a_coup_deals_three_fresh_cards_per_draw() -> None:
    state = GAME.new_game()
    assert state.to_act() == CHANCE and len(state.legal_actions()) == 52
    state.apply("deal AS")
    assert "deal AS" not in state.legal_texts() and len(state.legal_texts()) == 51
    state.apply("deal KS")
    state.apply("deal QS")
    assert state.to_act() == "P1" and state.legal_texts() == ["choose 1", "choose 2", "choose 3"]
    state.apply("choose 2")
    assert state.to_act() == CHANCE and len(state.legal_actions()) == 52  # shuffled anew


@pytest.mark.parametrize(
    ("actions", "illegal", "words"),
    [
        ([], "wager 1", "chooses one of the three"),
        ([], "choose 4", "choose 1, 2 or 3"),
        (["choose 1", "choose 1", "choose 1"], "choose 1", "before he sees"),
        (["choose 1", "choose 1", "choose 1"], "wager 9", "1 to 5"),
        (["choose 1", "choose 1", "choose 1"], "bet", "not an action"),
    ],
)
def test_refusals_name_the_paragraph(actions: list[str], illegal: str, words: str) -> None:
    state = GAME.new_game(deal=WAGERS.deal)
    for text in actions:
        state.apply(text)
    with pytest.raises(IllegalAction, match=words) as caught:
        state.apply(illegal)
    assert caught.value.cites and set(caught.value.cites) <= {p(2), p(3)}


def test_refusal_while_shuffling() -> None:
    state = GAME.new_game()
    with pytest.raises(IllegalAction, match="shuffling") as caught:
        state.apply("choose 1")
    assert caught.value.cites == (p(2),)


def test_a_six_carries_the_wager_to_the_next_coup() -> None:
    state = GAME.new_game(deal=WAGERS.deal)
    for text in WAGERS.actions:
        state.apply(text)
    assert state.is_over()
    assert GAME.next_context(state) == {"coup": 2, "standing": {"P3": 1}}
    standing = [i for i in state.scores().items if i.item == "standing"]
    assert [(i.seat, i.points) for i in standing] == [("P3", 0)]


def test_json_round_trip() -> None:
    state = GAME.new_game(deal=WAGERS.deal, context={"standing": {"P1": 2}})
    for text in WAGERS.actions[:5]:
        state.apply(text)
    data = json.loads(json.dumps(state.to_json()))
    again = GAME.from_json(data)
    assert again.observation("") == state.observation("")
    assert again.legal_texts() == state.legal_texts()


def test_contexts_and_deals_are_checked() -> None:
    with pytest.raises(RulesError, match="standing"):
        GAME.new_game(context={"standing": {"P9": 1}})
    bad = json.loads(json.dumps(WAGERS.deal))
    bad["stake"]["P1"] = ["7D", "7D", "3C"]
    with pytest.raises(RulesError, match="more often"):
        GAME.new_game(deal=bad)
    bad["stake"]["P1"] = ["7D", "3C"]
    with pytest.raises(RulesError, match="three cards"):
        GAME.new_game(deal=bad)


def test_observation_hides_the_offered_cards() -> None:
    state = GAME.new_game(deal=WAGERS.deal)
    assert "face down" in state.observation("P1") and "7D" not in state.observation("P1")
    assert "7D AC 3C" in state.observation("")


def test_a_series_of_coups_ends_when_no_wager_stands() -> None:
    coups = play_match(GAME, "standard", seed=2)
    assert not GAME.next_context(coups[-1])


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    variant=st.sampled_from(sorted(GAME.variants)),
)
def test_invariants_under_random_play(seed: int, variant: str) -> None:
    state = play_random(GAME, variant, seed=seed)
    assert state.is_over() and len(state.history) <= GAME.max_game_length
    totals = state.scores().totals()
    assert sum(totals.values()) == 0
    low, high = GAME.utility_bounds(GAME.variant(variant))
    assert all(low <= r <= high for r in state.returns())
    size = GAME.variants[variant]["pack"]
    for seat in ("P1", "P2", "P3"):
        stake, payout = state.chosen["stake"][seat], state.chosen["payout"][seat]
        wager = sum(i.points for i in state.scores().items if i.seat == seat and i.item == "wager")
        assert totals[seat] == f.card_value(payout, size) - f.card_value(stake, size) + wager
    assert all(a.cites for a in state.history)
