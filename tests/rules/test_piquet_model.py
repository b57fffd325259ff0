"""The Piquet deal on the game model: legality with citations, serialisation, invariants."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import FRENCH_32
from rules.errors import RulesError
from rules.model import CHANCE, IllegalAction, play_match, play_random, replay
from rules.piquet import GAME
from rules.piquet.functions import law, p
from rules.transcripts import load_worked

# The deal of the worked example of Gesetz 6 (rules/piquet/transcripts.toml).
SHORT = {
    "elder": ["AS", "KS", "QS", "JS", "10S", "9S", "AH", "KH", "QH", "KD", "QD", "JD"],
    "younger": ["8S", "7S", "10H", "9H", "8H", "7H", "8D", "7D", "8C", "AC", "KC"],
    "talon": ["JH", "AD", "7C", "10D", "9D", "QC", "JC", "10C", "9C"],
}
EXCHANGED = [
    "discard KD", "discard QD", "discard JD", "buy 3",
    "discard AC", "discard KC", "buy 2",
]  # fmt: skip


def started(actions: list[str], deal: dict[str, list[str]] = SHORT):
    state = GAME.new_game(deal=deal)
    for text in actions:
        state.apply(text)
    return state


def test_a_seed_deals_the_same_cards_every_time() -> None:
    a, b = GAME.new_game(seed=7), GAME.new_game(seed=7)
    assert a.deal == b.deal and a.legal_texts() == b.legal_texts()
    assert GAME.new_game(seed=8).deal != a.deal
    assert sorted(a.deal["elder"] + a.deal["younger"] + a.deal["talon"]) == sorted(
        str(c) for c in FRENCH_32
    )


def test_without_seed_or_deal_chance_acts_card_by_card() -> None:
    state = GAME.new_game()
    assert state.to_act() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 32 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state.apply("deal AS")
    assert len(state.legal_actions()) == 31 and "deal AS" not in state.legal_texts()


def test_every_action_cites_the_paragraphs_that_allow_it() -> None:
    state = started(EXCHANGED)
    assert state.to_act() == "elder"
    declare = {a.text: a.cites for a in state.legal_actions()}
    assert declare["declare point"] == (p(7),)
    assert law(4) in declare["omit point"]
    state = started([*EXCHANGED, "declare point", "declare point", "declare sequences",
                     "declare sequences", "declare sets", "play AS"])  # fmt: skip
    follow = {a.text: a.cites for a in state.legal_actions()}
    assert set(follow) == {"play 8S", "play 7S"}
    assert follow["play 8S"] == (p(11), law(7))


@pytest.mark.parametrize(
    ("actions", "illegal", "cited", "words"),
    [
        ([*EXCHANGED, "declare point", "declare point", "declare sequences",
          "declare sequences", "declare sets", "play AS"], "play 10D", law(7), "must follow"),
        (EXCHANGED, "discard QS", law(11), "discards twice"),
        (["discard KD", "discard QD", "discard JD", "buy 3", "discard AC", "discard KC"],
         "buy 3", law(12), "not more"),
        (["discard KD"], "buy 1", p(5), "at least 3"),
        ([*EXCHANGED, "omit point", "declare point", "declare sequences",
          "declare sequences", "declare sets", "play AS", "play 8S"], "revise point", law(3),
         "no longer"),
        ([*EXCHANGED], "declare sets", p(15), "in the order"),
    ],
)  # fmt: skip
def test_an_illegal_action_names_the_paragraph_it_breaks(
    actions: list[str], illegal: str, cited: str, words: str
) -> None:
    state = started(actions)
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(illegal)
    assert cited in refused.value.cites
    assert words in refused.value.reason
    assert state.to_json() == before  # nothing half-applied


def test_a_state_round_trips_through_json() -> None:
    state = play_random(GAME, "partie100", seed=3)
    data = json.loads(json.dumps(state.to_json()))
    again = GAME.from_json(data)
    assert again.scores() == state.scores()
    assert again.observation("") == state.observation("")
    assert again.to_json() == data
    half = GAME.new_game(seed=5)
    for _ in range(20):
        half.apply(half.legal_actions()[0])
    copy = GAME.from_json(json.loads(json.dumps(half.to_json())))
    assert copy.legal_texts() == half.legal_texts() and copy.to_act() == half.to_act()


def test_refused_deals_name_the_problem() -> None:
    deal = {k: list(v) for k, v in SHORT.items()}
    deal["talon"][0] = "AS"
    with pytest.raises(RulesError, match="more often than the pack"):
        GAME.new_game(deal=deal)
    deal = {k: list(v) for k, v in SHORT.items()}
    deal["talon"][0] = "6H"
    with pytest.raises(RulesError, match="not in the pack"):
        GAME.new_game(deal=deal)
    with pytest.raises(RulesError, match="laws provide"):
        GAME.new_game(
            deal={"elder": SHORT["elder"][:10], "younger": SHORT["younger"], "talon": [
                *SHORT["talon"], *SHORT["elder"][10:]]}
        )  # fmt: skip
    with pytest.raises(RulesError, match="unknown variant"):
        GAME.new_game("partie99", seed=1)


def test_t_for_ten_is_accepted_in_actions_and_written_10() -> None:
    """rules/ADAPTER.md: ``T`` is accepted for 10 on input, ``10`` written on output."""
    deal = {k: [c.replace("10", "T") for c in v] for k, v in SHORT.items()}
    state = started(["discard TS", "discard 9S"], deal)
    assert [a.text for a in state.player_history()] == ["discard 10S", "discard 9S"]
    assert state.to_json()["actions"] == ["discard 10S", "discard 9S"]
    assert "discard 10S" not in state.legal_texts() and "discard TS" not in state.legal_texts()
    with pytest.raises(IllegalAction) as refused:
        state.apply("discard TS")  # already discarded
    assert p(5) in refused.value.cites and "does not hold 10S" in refused.value.reason
    via_replay = replay(GAME, {"deal": SHORT, "actions": ["discard TS", "discard 9S"]})
    assert via_replay == replay(GAME, {"deal": SHORT, "actions": ["discard 10S", "discard 9S"]})
    state = started([*EXCHANGED, "declare point", "declare point", "declare sequences",
                     "declare sequences", "declare sets", "play TS"])  # fmt: skip
    assert state.tricks == [] and str(state.lead) == "10S"


@pytest.mark.parametrize(
    ("context", "words"),
    [
        ("A deals", "context: the Partie context is an object"),
        ([], "context: the Partie context is an object"),
        ({"dealer": "C"}, "context.dealer"),
        ({"deal": True}, "context.deal"),
        ({"score": {"A": 0}}, "context.score"),
        ({"deals": {"A": ["10"], "B": []}}, "context.deals"),
        ({"turn": 1}, "no field 'turn'"),
    ],
)
def test_a_malformed_context_is_refused_naming_the_field(context: object, words: str) -> None:
    with pytest.raises(RulesError) as refused:
        replay(GAME, {"deal": SHORT, "actions": [], "context": context})
    assert words in str(refused.value) and "(p" in str(refused.value)


def test_a_four_deal_partie_has_no_fifth_deal() -> None:
    assert GAME.new_game("vier_spiele", deal=SHORT, context={"deal": 4}).ctx["deal"] == 4
    with pytest.raises(RulesError, match=r"context\.deal: .* 4 deals"):
        GAME.new_game("vier_spiele", deal=SHORT, context={"deal": 5})


def test_a_short_hand_plays_to_every_lead_and_can_be_capot() -> None:
    worked = {t.id: t for t in load_worked(GAME)}["piquet.transcript.law6_short_hand_capot"]
    result = replay(GAME, worked.input())
    assert result["over"] and result["scores"] == {"elder": 113, "younger": 0}
    # before the eleventh trick the younger holds one Trefle only, and must give it to a Carreau
    assert result["legal"][-2] == ["play 8C"]
    state = started(list(worked.actions))
    items = {i.item: i for i in state.scores().items}
    assert items["capot"].points == 40 and items["pic"].points == 30
    assert law(6) in items["last_trick"].cites


def test_the_whole_ordinary_deal_scores_item_by_item_as_worked_by_hand() -> None:
    """piquet.transcript.p12_whole_deal: the exporter checks the totals (26 : 20); here
    each item, its seat and its paragraph, as worked out in transcripts.toml."""
    worked = {t.id: t for t in load_worked(GAME)}["piquet.transcript.p12_whole_deal"]
    state = GAME.new_game(deal=worked.deal)
    for text in worked.actions:
        state.apply(text)
    assert state.is_over()
    items = {(i.seat, i.item): (i.points, i.cites) for i in state.scores().items}
    assert {key: points for key, (points, _) in items.items()} == {
        ("younger", "point"): 4,  # four cards each, 41 pips beat 39
        ("younger", "sequences"): 10,  # Quarte major 4 + two Tierces 3 + 3
        ("elder", "sets"): 6,  # three Kings (beat three Jacks) 3 + three Queens 3
        ("elder", "lead"): 7,  # tricks 1-7
        ("younger", "trick"): 1,  # trick 7, AH on KH
        ("younger", "lead"): 5,  # tricks 8-12
        ("elder", "last_trick"): 3,  # QH on 10H, "statt ein, drei"
        ("elder", "most_tricks"): 10,  # 7 tricks to 5
    }
    assert p(7) in items["younger", "point"][1] and p(9) in items["younger", "sequences"][1]
    assert p(10) in items["elder", "sets"][1] and p(12) in items["elder", "last_trick"][1]


def test_a_thirteen_card_hand_counts_nothing() -> None:
    deal = {
        "elder": ["AS", "KS", "QS", "7S", "AH", "KH", "7H", "AD", "KD", "7D", "AC", "KC", "7C"],
        "younger": ["JS", "10S", "9S", "8S", "QH", "JH", "10H", "8H", "QD", "JD", "10D", "QC"],
        "talon": ["9H", "9D", "8D", "JC", "10C", "9C", "8C"],
    }
    state = GAME.new_game(deal=deal)
    assert state.legal_texts() == ["play on", "redeal"]
    state.apply("play on")
    for card in ("7S", "7H", "7D"):
        state.apply(f"discard {card}")
    assert "buy 3" in state.legal_texts() and "buy 2" not in state.legal_texts()
    state.apply("buy 3")  # no correction: he keeps thirteen
    rng = random.Random(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    items = state.scores().items
    assert [i.item for i in items if i.seat == "elder"] == ["counts_nothing"]
    assert state.scores().total("elder") == 0


def _conserved(state) -> None:
    hands = state.hands["elder"] + state.hands["younger"]
    left = state.talon[sum(state.took.values()) :] if len(state.took) == 2 else state.talon
    gone = state.discards["elder"] + state.discards["younger"] + state.pending
    played = [c for t in state.tricks for c in (t[1], t[2]) if c is not None]
    on_table = [state.lead] if state.lead is not None else []
    everything = hands + left + gone + played + on_table
    if len(state.took) == 1:  # the elder has bought, the younger not yet
        everything = hands + state.talon[state.took["elder"] :] + gone + played
    assert sorted(map(str, everything)) == sorted(map(str, FRENCH_32))


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(sorted(GAME.variants)))
def test_random_deals_keep_the_invariants_of_the_text(seed: int, variant: str) -> None:
    state = GAME.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        _conserved(state)
        state.apply(rng.choice(state.legal_actions()))
    _conserved(state)
    assert len(state.tricks) == 12
    scores = state.scores()
    for seat in ("elder", "younger"):
        assert scores.total(seat) == sum(i.points for i in scores.items if i.seat == seat)
    items = {(i.seat, i.item): i.points for i in scores.items}
    declared = {
        s: sum(v for (seat, k), v in items.items() if seat == s and k in
               ("carte_blanche", "point", "sequences", "sets"))
        for s in ("elder", "younger")
    }  # fmt: skip
    for seat, other in (("elder", "younger"), ("younger", "elder")):
        if (seat, "repic") in items:
            assert declared[seat] >= 30 and declared[other] == 0
    if ("elder", "pic") in items:
        assert declared["elder"] < 30 and ("elder", "repic") not in items
        if variant != "reading_pic_no_trick":
            assert declared["younger"] == 0
    assert ("younger", "pic") not in items


@settings(max_examples=8, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(["partie101", "partie100"]))
def test_the_partie_ends_exactly_at_the_target(seed: int, variant: str) -> None:
    deals = play_match(GAME, variant, seed=seed)
    target = GAME.variant(variant)["target"]
    last = deals[-1]
    partie = [i for i in last.scores().items if i.item == "partie"]
    assert len(partie) == 1
    for state in deals[:-1]:
        assert not any(i.item == "partie" for i in state.scores().items)
        assert max(state.ctx["score"].values()) < target
    before = last.ctx["score"]
    totals = last.scores().totals()
    winner = last._player(partie[0].seat)
    assert before[winner] + totals[partie[0].seat] >= target
    assert max(before.values()) < target
    # dealers alternate (p13, Gesetz 13), except after a redeal
    for a, b in itertools.pairwise(deals):
        if not a.redeal:
            assert a.ctx["dealer"] != b.ctx["dealer"]


def test_four_deals_are_reckoned_by_tens() -> None:
    deals = play_match(GAME, "vier_spiele", seed=11)
    assert len([d for d in deals if not d.redeal]) == 4
    final = deals[-1]
    sums = {k: sum(v) for k, v in final.ctx["deals"].items()}
    totals = final.scores().totals()
    for seat in ("elder", "younger"):
        sums[final._player(seat)] += totals[seat]
    difference = abs(sums["A"] - sums["B"])
    partie = [i for i in final.scores().items if i.item == "partie"]
    if (difference + 5) // 10:
        assert str((difference + 5) // 10) in partie[0].detail
    else:
        assert partie == []


def test_variants_change_behaviour_only_through_their_parameters() -> None:
    keys = {tuple(sorted(v.params)) for v in GAME.variants.values()}
    assert len(keys) == 1
    plain = play_random(GAME, "partie101", seed=21)
    for name in ("reading_tierce_2", "reading_high_leads", "reading_pic_no_trick"):
        other = GAME.new_game(name, deal=plain.deal)
        for action in plain.player_history():
            if action.text not in other.legal_texts():
                break
            other.apply(action.text)
        assert other.variant.name == name
    high = GAME.new_game("reading_high_leads", deal=plain.deal)
    for action in plain.player_history():
        high.apply(action.text)
    low_leads = sum(1 for t in plain.tricks if t[1].rank.value in ("9", "8", "7"))
    if low_leads:
        assert high.scores().totals() != plain.scores().totals()
