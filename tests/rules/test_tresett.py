"""Tresett (Engelmann 1798): rule functions by hand, declarations, the race to 21, refusals, invariants."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import Rank, Suit, parse_cards
from rules.errors import RulesError
from rules.model import CHANCE, IllegalAction, play_match, play_random, replay
from rules.transcripts import load_worked
from rules.tresett import GAME
from rules.tresett import functions as f
from rules.tresett.functions import p

WORKED = {t.id: t for t in load_worked(GAME)}
DEAL2 = WORKED["tresett.transcript.declarations_older"].deal
OPENING = ["declare set 3", "declare napoli S", "declare set 7", "declare set K", "declare set J"]


def started(actions: list[str], variant: str = "mit_zurufen", context: dict | None = None):
    state = GAME.new_game(variant, deal=DEAL2, context=context)
    for text in actions:
        state.apply(text)
    return state


def test_points_of_the_pack_by_hand() -> None:
    # 20 figures make 6 Points with 2 left over, 4 Aces 4, the last trick 1 (p10)
    assert f.points(f.pack(), last_trick=True) == 6 + 4 + 1 == 11
    figures = [c for c in f.pack() if c.rank in f.FIGURES]
    assert len(figures) == 20 and f.points(figures) == 6
    # the Points of the two companies always add up to 11
    rng = random.Random(3)
    for _ in range(50):
        cards = list(f.pack())
        rng.shuffle(cards)
        cut = rng.randrange(41)
        last = rng.random() < 0.5
        assert f.points(cards[:cut], last) + f.points(cards[cut:], not last) in (10, 11)


def test_declaration_values_by_hand() -> None:
    assert f.set_value(Rank.SEVEN, 3) == {"marks": 1, "parthien": 1}
    assert f.set_value(Rank.SEVEN, 4, "newer") == {"marks": 4, "parthien": 0}
    assert f.set_value(Rank.FIVE, 4, "newer") == {"marks": 2, "parthien": 0}
    hand = parse_cards(["3C", "2C", "AC", "KC", "QC", "JC", "7C", "6C", "5C", "4C"])
    assert f.neapolitaine_value(hand, Suit.CLUBS) == 10
    assert f.declarations(hand) == {"napoli C": {"marks": 10, "parthien": 0}}


def test_deal_and_trick_by_hand() -> None:
    hands = f.deal(f.pack())
    assert [len(h) for h in hands] == [10] * 4
    assert hands[0][:5] == tuple(parse_cards(["3S", "2S", "AS", "KS", "QS"]))
    assert f.trick_winner(parse_cards(["KH", "2H", "3S", "AH"])) == 1
    assert f.legal_cards(parse_cards(["3S", "KD"]), parse_cards(["4D"])) == tuple(
        parse_cards(["KD"])
    )


def test_the_gallaton_is_scored_by_hand() -> None:
    t = WORKED["tresett.transcript.gallaton"]
    result = replay(GAME, t.input())
    assert result["over"] and result["scores"] == {"A": 21, "B": 0, "C": 21, "D": 0}
    assert result["legal"][0] == ["declare napoli S", "pass"]
    state = GAME.new_game(deal=t.deal)
    for text in t.actions:
        state.apply(text)
    assert state.parthien() == {"AC": 2 + 8, "BD": 0}
    assert state.special() == {"name": "gallaton", "company": "AC", "parthien": 8}
    shown = GAME.new_game(deal=t.deal)
    shown.apply("declare napoli S")
    assert "A showed: 3S 2S AS KS QS JS 7S 6S 5S 4S" in shown.observation("B")


def test_the_race_goes_by_the_vorhand_and_ends_the_deal() -> None:
    t = WORKED["tresett.transcript.race_by_the_vorhand"]
    state = GAME.new_game(deal=t.deal, context=t.context)
    state.apply("declare set 3")
    assert not state.is_over()  # AC at 17
    state.apply("declare napoli S")  # AC at 21: they say themselves out
    assert state.is_over() and state.to_act() is None and state.legal_actions() == []
    team, index, won = state.race() or ("", -1, 0)
    assert (team, index, won) == ("AC", 1, 1)  # A's Neapolitaine, the second declaration
    assert state.parthien() == {"AC": 1, "BD": 0}  # B's three Sevens never come
    assert state.special() is None and state.tricks == []
    with pytest.raises(IllegalAction) as refused:
        state.apply("declare set 7")
    assert p(12) in refused.value.cites and p(14) in refused.value.cites
    after = GAME.next_context(state)  # a new Parthie begins at 0 for both
    assert after == {"deal": 8, "dealer": "A", "marks": {"AC": 0, "BD": 0},
                     "parthien": {"AC": 1, "BD": 0}}  # fmt: skip


def test_out_by_the_points_of_a_trick() -> None:
    # deal 2 from AC 12, BD 5: after the declarations AC have 12 + 3 + 4 + 1 = 20 and BD
    # 5 + 1 + 1 = 7; A's first trick (3H 4H KH AH) holds an Aß: the Point brings AC out
    state = started([*OPENING], context={"marks": {"AC": 12, "BD": 5}})
    assert not state.is_over() and state._running == {"AC": 20, "BD": 7}
    for text in ("play 3H", "play 4H", "play KH", "play AH"):
        state.apply(text)
    assert state.is_over() and len(state.tricks) == 1
    race = state.race()
    assert race is not None and race[0] == "AC" and race[2] == 2  # BD at 7: double


def test_the_continuation_carries_the_surplus_into_the_next_parthie() -> None:
    first = WORKED["tresett.transcript.continuation_surplus"]
    second = WORKED["tresett.transcript.continuation_carried"]
    plain = WORKED["tresett.transcript.no_continuation_with_zurufen"]
    state = GAME.from_json(first.input())
    assert state.is_over() and state.parthien() == {"AC": 1, "BD": 0}
    assert GAME.next_context(state) == dict(second.context)  # AC carry 27 - 21 = 6
    zurufen = GAME.from_json({**first.input(), "variant": "mit_zurufen"})
    assert GAME.next_context(zurufen) == dict(plain.context)  # nothing carried
    carried = replay(GAME, second.input())
    again = replay(GAME, plain.input())
    assert carried["over"] and not again["over"]  # the carried 6 bring AC out
    assert carried["scores"] == again["scores"] == {"A": 15, "B": 5, "C": 15, "D": 5}
    assert f.carry_over(27, continuation=True) == 6 and f.carry_over(27, False) == 0


def test_readme_facts_of_declaring() -> None:
    # without a context D deals and A is the Vorhand
    assert started([]).vorhand == "A" and GAME.new_game(deal=DEAL2).ctx["dealer"] == "D"
    # the turn moves on once a player has declared all he may, without a pass
    state = started(["declare set 3", "declare napoli S"])
    assert state.to_act() == "B"
    # a card may count in two combinations: A's 3S is in his Threes and his Neapolitaine
    assert {"set 3", "napoli S"} <= set(f.declarations(parse_cards(DEAL2["A"])))
    # the Vorhand may declare at once in every variant, Zurufen or not (p11)
    for variant in GAME.variants:
        assert "declare set 3" in GAME.new_game(variant, deal=DEAL2).legal_texts()
    # at the second trick declarations come before the player's own card, also when he
    # leads, several of them, and no pass is offered
    state = started([*OPENING, "play 6H", "play 4H", "play 5H", "play JH"])
    assert state.to_act() == "D" and not state.trick  # D leads the second trick
    legal = state.legal_texts()
    assert "declare set A" in legal and "pass" not in legal


def test_opening_and_second_trick_declarations() -> None:
    state = started([])
    assert state.to_act() == "A"
    assert state.legal_texts() == ["declare napoli S", "declare set 3", "pass"]
    cites = {a.text: a.cites for a in state.legal_actions()}
    assert p(3) in cites["declare napoli S"] and p(11) in cites["declare set 3"]
    state = started([*OPENING, "play 6H", "play 4H", "play 5H", "play JH"])
    assert state.to_act() == "D"
    assert "declare set A" in state.legal_texts()
    state.apply("play AD")
    assert "declare set A" not in state.legal_texts()  # D's time has passed


@pytest.mark.parametrize(
    ("actions", "illegal", "cited", "words"),
    [
        (OPENING[:4], "declare set A", p(11), "too early"),
        ([*OPENING, "play 6H", "play 4H", "play 5H", "play JH", "play AD", "play 6D", "play 5D",
          "play 4D"], "declare set A", p(11), "has passed"),
        ([], "declare set 2", p(5), "was not dealt"),
        (["declare set 3"], "declare set 3", p(5), "already"),
        ([*OPENING, "play 6H"], "play QS", p(4), "follow suit"),
        (["declare set 3"], "play 3S", p(5), "first everyone declares"),
        ([], "bid 3", p(2), "not an action"),
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


def test_refused_deals_and_contexts() -> None:
    bad = json.loads(json.dumps(DEAL2))
    bad["D"][0] = "3S"
    with pytest.raises(RulesError, match="more often"):
        GAME.new_game(deal=bad)
    bad = json.loads(json.dumps(DEAL2))
    bad["D"][0] = "10S"
    with pytest.raises(RulesError, match="not in the pack"):
        GAME.new_game(deal=bad)
    with pytest.raises(RulesError, match="marks"):
        GAME.new_game(deal=DEAL2, context={"marks": {"AC": 21, "BD": 0}})
    with pytest.raises(RulesError, match="Zurufen"):
        from rules.tresett.model import _variant

        _variant("x", "x", "x", [], continuation=True)


def test_chance_state_and_round_trip() -> None:
    state = GAME.new_game()
    assert state.to_act() == CHANCE and len(state.legal_actions()) == 40
    for variant in GAME.variants:
        played = play_random(GAME, variant, seed=2, context={"dealer": "B"})
        assert played.vorhand == "C"
        data = json.loads(json.dumps(played.to_json()))
        again = GAME.from_json(data)
        assert again.scores() == played.scores() and again.to_json() == data


def test_a_sitting_of_eight_deals() -> None:
    for seed in range(4):
        for variant in ("mit_zurufen", "continuation"):
            deals = play_match(GAME, variant, seed=seed)
            assert len(deals) == 8
            dealers = [d.ctx["dealer"] for d in deals]
            for a, b in itertools.pairwise(dealers):
                assert f.SEATS.index(b) == (f.SEATS.index(a) + 1) % 4  # the Vorhand deals next
            for before, after in itertools.pairwise(deals):
                race = before.race()
                if race is None:
                    continue
                laid = before.ctx["marks"][race[0]] + sum(
                    e[1] for e in before.events if e[0] == race[0]
                )
                carried = min(laid - 21, 20) if variant == "continuation" else 0
                assert after.ctx["marks"] == {
                    t: carried if t == race[0] else 0 for t in ("AC", "BD")
                }
            assert any(i.item == "settlement" for i in deals[-1].scores().items)


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(sorted(GAME.variants)))
def test_random_deals_keep_the_invariants_of_the_text(seed: int, variant: str) -> None:
    state = GAME.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    race = state.race()
    # the deal ends after ten tricks, or when a company says itself out with its 21st mark
    assert len(state.tricks) == 10 or (race is not None and race[1] == len(state.events) - 1)
    items = state.scores().items
    points = {i.seat: i.points for i in items if i.item == "points"}
    if len(state.tricks) == 10:
        assert sum(points.get(s, 0) for s in ("A", "B")) == 11  # one seat of each company
    totals = state.scores().totals()
    assert totals["A"] == totals["C"] and totals["B"] == totals["D"]
    for seat in f.SEATS:
        for combo in state.declared[seat]:
            assert combo in f.declarations(state.dealt[seat], state.rules)
    for plays, winner in state.tricks:
        assert winner == plays[f.trick_winner([c for _, c in plays])][0]
