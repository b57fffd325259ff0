"""Bieten (Schwaighofer 1927): rule functions by hand, the playable deal, a whole game."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bieten import GAME
from rules.bieten import functions as f
from rules.bieten.functions import Credit, Played, aus, bsp, p, parse_played
from rules.cards import GERMAN_32, parse_card
from rules.errors import RulesError
from rules.model import CHANCE, IllegalAction, play_match, play_random, replay
from rules.registry import get_rule
from rules.transcripts import load_worked

# The first deal of the Praktisches Beispiel (with B's Eichelachter), hands from the Vorhand.
GANG1 = {"hands": [["KE", "9E", "8E"], ["AL", "OR", "10B"], ["KL", "KB", "UR"]]}
GANG1_ACTIONS = [
    "play KE", "pass", "play 10B", "bid laub", "gut laub", "halten laub", "play KB",
    "bid spiel", "halten spiel", "play 9E", "bid herz", "halten herz", "play OR", "play UR",
    "play 8E", "drei laub", "halten laub", "play AL", "play KL",
]  # fmt: skip


def cards(*texts: str) -> list[Played]:
    return [parse_played(t) for t in texts]


def started(actions: list[str], deal: dict = GANG1, **kw: object):
    state = GAME.new_game(deal=deal, **kw)  # type: ignore[arg-type]
    for text in actions:
        state.apply(text)
    return state


# ---------------------------------------------------------------- rule functions by hand


def test_the_pack_and_its_order() -> None:
    assert f.pack() == GERMAN_32 and len(f.pack()) == 32
    assert [r.value for r in f.rank_order()] == ["A", "K", "O", "U", "10", "9", "8", "7"]


def test_tricks_have_no_trump() -> None:
    assert f.trick_winner(cards("8B", "AE", "9B")) == 2
    assert f.trick_winner(cards("UR", "10R")) == 0
    with pytest.raises(f.BietenError):
        f.trick_winner([])


def test_figures_of_three_cards() -> None:
    assert f.gleich(cards("7E", "7L", "7R")) == {"rank": "7", "size": 3}
    assert f.hanger(cards("AE", "KE", "OE")) == {"top": "A", "length": 3}
    assert f.hanger(cards("UB", "10B", "AL")) == {"top": "U", "length": 2}
    assert f.gleich(cards("9E", "8E", "7E")) is None


def test_dritzig_beats_every_two_card_figure() -> None:
    tables = {"A": cards("7E", "7L", "7R"), "B": cards("AE", "AB", "KL")}
    assert f.figure_winner("gleich", tables) == "A"
    tables = {"A": cards("9E", "8E", "7E"), "B": cards("AE", "KE", "AB")}
    assert f.figure_winner("hanger", tables) == "A"


@pytest.mark.parametrize(
    ("status", "bidder", "giver", "expected"),
    [
        ("still", None, None, {"C": 1}),
        ("gut", "A", None, {"A": 1}),
        ("gehalten", "A", None, {"C": 2}),
        ("groschen_gut", "A", "B", {"B": 2}),
        ("groschen_gehalten", "A", "B", {"C": 3}),
    ],
)
def test_points_by_how_the_figure_was_settled(
    status: str, bidder: str | None, giver: str | None, expected: dict[str, int]
) -> None:
    # Herz: A has the Zehner, B the Unter, C the As.
    tables = {"A": cards("10R", "7E", "8L"), "B": cards("UR", "9E", "9L"), "C": cards("AR")}
    assert f.settle("herz", status, tables, bidder, giver) == expected  # type: ignore[arg-type]


def test_the_bidding_limit_near_the_end() -> None:
    assert [f.bids_allowed(s, 7) for s in range(7)] == [5, 5, 4, 3, 2, 1, 0]
    assert f.bids_allowed(0, 15) == 5
    with pytest.raises(f.BietenError, match="gone out"):
        f.bids_allowed(8, 7)


def test_going_out_order() -> None:
    credits = [
        Credit("A", 1, "herz", "sofort"),
        Credit("B", 1, "spiel", "still"),
        Credit("C", 2, "laub", "gehalten"),
        Credit("B", 1, "herz", "still"),
    ]
    # A's Herz let good counts at once (6 -> 7), then C's held Laub, then the rest by rank.
    assert f.going_out({"A": 6, "B": 5, "C": 5}, credits, 7) == ["A", "C", "B"]
    assert f.going_out({"A": 0, "B": 0}, [], 7) == []


def test_the_deal_goes_one_then_two() -> None:
    assert f.deal_order(4) == [0, 1, 2, 3, 0, 0, 1, 1, 2, 2, 3, 3]
    assert f.deal_order(3, weli_cut=True) == [0, 2, 0, 0, 1, 1, 2, 2]


def test_refusals_of_the_rule_functions() -> None:
    with pytest.raises(f.BietenError):
        parse_played("6B")
    with pytest.raises(f.BietenError):
        parse_played("6B=AR")
    with pytest.raises(f.BietenError):
        f.figure_winner("trumpf", {"A": cards("AE")})  # type: ignore[arg-type]
    with pytest.raises(f.BietenError):
        f.settle("herz", "vier", {"A": cards("AE")})  # type: ignore[arg-type]
    with pytest.raises(f.BietenError):
        f.next_game_dealer("D", ["A", "B", "C"])


def test_every_rule_cites_the_chapter_and_has_a_summary() -> None:
    for name in ("bieten.settle", "bieten.going_out", "bieten.may_wager"):
        info = get_rule(name)
        assert info.paragraphs and info.summary
    slips = [e for e in get_rule("bieten.settle").emendations if e.paragraph == bsp(2)]
    assert any("Eichelachter" in e.reading for e in slips)


# ---------------------------------------------------------------- the playable deal


def test_a_seed_deals_the_same_cards_and_three_each() -> None:
    a, b = GAME.new_game(seed=5), GAME.new_game(seed=5)
    assert a.deal == b.deal and a.legal_texts() == b.legal_texts()
    hands = a.deal["hands"]
    assert [len(h) for h in hands] == [3, 3, 3]
    assert len({c for h in hands for c in h}) == 9


def test_without_seed_chance_deals_card_by_card() -> None:
    state = GAME.new_game()
    assert state.to_act() == CHANCE and len(state.chance_outcomes()) == 32
    state.apply("deal AE")
    assert "deal AE" not in state.legal_texts() and len(state.legal_actions()) == 31


def test_the_vorhand_leads_and_may_bid_first() -> None:
    state = GAME.new_game(deal=GANG1)
    assert state.to_act() == "B"
    legal = {a.text: a.cites for a in state.legal_actions()}
    assert {"bid spiel", "bid hanger", "play KE"} <= set(legal)
    assert "bid herz" not in legal and "bid gleich" not in legal  # B holds neither
    assert p(9) in legal["bid spiel"] and p(30) in legal["bid spiel"]


def test_answers_go_left_from_the_bidder() -> None:
    state = started(["play KE", "pass", "play 10B", "bid laub"])
    assert state.to_act() == "B"  # A bid: B, then C
    assert state.legal_texts() == ["gut laub"]  # B holds no Laub
    state.apply("gut laub")
    assert state.to_act() == "C"
    assert state.legal_texts() == ["drei laub", "gut laub", "halten laub"]


@pytest.mark.parametrize(
    ("actions", "illegal", "cited", "words"),
    [
        (["play KE", "pass", "play 10B", "bid laub"], "play KB", p(10), "must first answer"),
        (["play KE", "pass", "play 10B", "bid laub"], "halten laub", p(9), "holds no laub"),
        (
            ["play KE", "pass", "play 10B", "bid laub", "gut laub", "gut laub"],
            "bid laub",
            p(9),
            "bid",
        ),
        (["play KE", "pass", "play 10B"], "drei laub", p(16), "has not been bid"),
        ([], "gut herz", p(10), "nobody has bid"),
        ([], "play AL", p(8), "does not hold"),
        ([], "wette herz", p(9), "not an action"),
    ],
)
def test_illegal_actions_name_the_paragraph_they_break(
    actions: list[str], illegal: str, cited: str, words: str
) -> None:
    state = started(actions)
    with pytest.raises(IllegalAction) as caught:
        state.apply(illegal)
    assert cited in caught.value.cites, caught.value
    assert words in caught.value.reason


def test_a_revoke_is_refused() -> None:
    state = started(
        ["play AE", "pass"],
        {"hands": [["AE", "7E", "9L"], ["8E", "KB", "10R"], ["OL", "UB", "9R"]]},
    )
    with pytest.raises(IllegalAction) as caught:
        state.apply("play KB")
    assert p(28) in caught.value.cites and "must follow suit" in caught.value.reason
    assert state.legal_texts() == ["play 8E"] or "play 8E" in state.legal_texts()


def test_the_worked_example_scores_as_the_print() -> None:
    state = started(GANG1_ACTIONS)
    assert state.is_over()
    items = {(i.seat, i.item): i for i in state.scores().items}
    assert state.scores().totals() == {"A": 1, "B": 3, "C": 5}
    assert items[("C", "laub")].points == 3 and p(18) in items[("C", "laub")].cites
    assert items[("B", "spiel")].points == 2
    assert items[("A", "gleich")].detail == "stillschweigend"


def test_going_out_and_losing_in_the_third_deal() -> None:
    deal = {"hands": [["9E", "8E", "8R"], ["AL", "8L", "KB"]]}
    context = {"dealer": "A", "score": {"A": 5, "B": 3, "C": 8}, "out": ["C"]}
    state = started(
        ["play 9E", "pass", "play 8L", "bid gleich", "gut gleich", "bid hanger", "gut hanger"],
        deal,
        context=context,
    )
    # B now has five: one more figure; the Spiel, not two.
    assert state.score_now("B") == 5
    state.apply("bid spiel")
    state.apply("halten spiel")
    assert "bid herz" not in state.legal_texts()
    for text in ["play 8E", "play KB", "play 8R", "play AL"]:
        state.apply(text)
    items = state.scores().items
    assert [i.seat for i in items if i.item == "ausgehen"] == ["B"]
    assert [i.seat for i in items if i.item == "verloren"] == ["A"]
    assert GAME.next_context(state) is None


def test_a_tie_flees_with_a_zero_item() -> None:
    worked = {t.id: t for t in load_worked(GAME)}["bieten.transcript.p29_gleich_flieht"]
    state = started(list(worked.actions), worked.deal)
    fled = [i for i in state.scores().items if i.item == "gleich_flieht"]
    assert fled and fled[0].points == 0 and p(29) in fled[0].cites


def test_json_round_trip_and_replay() -> None:
    state = started(GANG1_ACTIONS[:10])
    data = json.loads(json.dumps(state.to_json()))
    again = GAME.from_json(data)
    assert again.legal_texts() == state.legal_texts()
    assert again.observation("") == state.observation("")
    result = replay(GAME, {"deal": GANG1, "actions": GANG1_ACTIONS})
    assert result["over"] and result["scores"] == {"A": 1, "B": 3, "C": 5}


def test_explicit_deals_are_checked() -> None:
    with pytest.raises(RulesError, match="three cards"):
        GAME.new_game(deal={"hands": [["AE", "KE"], ["AL", "KL", "OL"], ["AR", "KR", "OR"]]})
    with pytest.raises(RulesError, match="twice"):
        GAME.new_game(deal={"hands": [["AE", "KE", "OE"], ["AE", "KL", "OL"], ["AR", "KR", "OR"]]})
    with pytest.raises(RulesError, match="not in the pack"):
        GAME.new_game(deal={"hands": [["6B", "KE", "OE"], ["AL", "KL", "OL"], ["AR", "KR", "OR"]]})
    with pytest.raises(RulesError, match=r"gives 2 hands, but 3 players still play.*\(p6\)"):
        GAME.new_game(deal={"hands": [["AE", "KE", "OE"], ["AL", "KL", "OL"]]})
    with pytest.raises(RulesError, match="hands"):
        GAME.new_game(
            deal={"hands": [["AE", "KE", "OE"], ["AL", "KL", "OL"], ["AR", "KR", "OR"]]},
            context={"dealer": "A", "out": ["C"]},
        )
    with pytest.raises(RulesError, match="weli_cut"):
        GAME.new_game(deal={**GANG1, "weli_cut": False})
    with pytest.raises(RulesError, match="dealer"):
        GAME.new_game(deal=GANG1, context={"dealer": "Z"})


def test_observation_hides_the_other_hands() -> None:
    state = GAME.new_game(deal=GANG1)
    mine = state.observation("B")
    assert "hand KE 9E 8E" in mine and "AL" not in mine
    assert "hand AL OR 10B" in state.observation("")


def test_every_transcript_of_the_print_is_worked() -> None:
    ids = {t.id for t in load_worked(GAME)}
    assert {"bieten.transcript.beispiel_gang1", "bieten.transcript.beispiel_gang2"} <= ids
    assert len(ids) >= 20


def test_a_whole_game_ends_with_one_loser() -> None:
    states = play_match(GAME, "drei", seed=3)
    last = states[-1]
    assert [i.item for i in last.scores().items].count("verloren") == 1
    dealers = [s.ctx["dealer"] for s in states]
    assert dealers[0] in ("A", "B", "C")


def test_chance_outcome_probabilities_sum_to_one() -> None:
    state = GAME.new_game()
    assert abs(sum(pr for _, pr in state.chance_outcomes()) - 1) < 1e-9


# ---------------------------------------------------------------- invariants


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(list(GAME.variants)))
def test_random_deals_keep_the_rules(seed: int, variant: str) -> None:
    state = play_random(GAME, variant, seed=seed)
    assert state.is_over() and len(state.history) <= GAME.max_game_length
    scores = state.scores()
    for seat in state.order:
        # every card played, the table holds the three dealt cards
        assert sorted(str(c.card) for c in state.table[seat]) == sorted(
            str(c) for c in state.dealt[seat]
        )
    # at most 3 points per figure, at most 15 in all
    assert all(0 <= i.points <= 3 for i in scores.items)
    assert sum(scores.totals().values()) <= 15
    assert all(i.cites for i in scores.items)
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again.scores().to_json() == scores.to_json()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_each_figure_scores_once(seed: int) -> None:
    state = play_random(GAME, "vier", seed=seed)
    items = state.scores().items
    figures = [i.item for i in items if i.points and i.item in f.FIGURES]
    assert len(figures) == len(set(figures))
    for item in items:
        if item.item == "ausgehen":
            assert aus(1) in item.cites and state.scores().total(item.seat) >= 5


def test_a_card_is_a_german_card() -> None:
    assert parse_card("UE") in f.pack()


# ---------------------------------------------------------------- whose Groschen (p16)

P16_DEAL = {"hands": [["AR", "7L", "9L"], ["KR", "KB", "10E"], ["OE", "OL", "9B"]]}


def test_the_groschen_is_given_to_the_bidder() -> None:
    """p16: B bids the Herz, C holds it; B may not raise his own figure, C may."""
    assert f.may_give_groschen("C", "B") and not f.may_give_groschen("B", "B")
    assert f.may_give_groschen("B", "B", bidder_groschen=True)
    state = started(["bid herz", "halten herz"], P16_DEAL)
    assert state.to_act() == "B" and "drei herz" not in state.legal_texts()
    with pytest.raises(IllegalAction, match="bid the herz himself") as caught:
        state.apply("drei herz")
    assert caught.value.cites == (p(16),)
    state.apply("play AR")
    assert "drei herz" not in state.legal_texts()  # B's window after his lead (p9)
    state.apply("pass")
    assert "drei herz" in state.legal_texts()  # C, the holder, at his turn


def test_the_bidder_raises_his_own_figure_in_the_variant() -> None:
    state = started(["bid herz", "halten herz"], P16_DEAL, variant="bieter_groschen")
    assert "drei herz" in state.legal_texts()
    state.apply("drei herz")
    assert state.to_act() == "C" and state.legal_texts() == ["gut herz", "halten herz"]
    variants = GAME.variants
    assert variants["bieter_groschen"]["bidder_groschen"] is True
    assert all(not v["bidder_groschen"] for n, v in variants.items() if n != "bieter_groschen")


# ---------------------------------------------------------------- the Vorhand after his lead (p9)


def test_the_vorhand_may_bid_once_his_first_card_lies_on_the_table() -> None:
    """p9: "oder erst, wenn er sie schon vor sich auf dem Tisch liegen hat"."""
    state = started(["play KE"])
    assert state.to_act() == "B" and state.window
    legal = {a.text: a.cites for a in state.legal_actions()}
    assert set(legal) == {"bid hanger", "bid spiel", "pass"} and p(9) in legal["pass"]
    with pytest.raises(IllegalAction, match="may still bid") as caught:
        state.apply("play 10B")
    assert caught.value.cites == (p(9),)
    state.apply("bid hanger")
    state.apply("gut hanger")
    state.apply("gut hanger")
    assert state.to_act() == "B" and state.legal_texts() == ["bid spiel", "pass"]
    state.apply("pass")
    assert state.to_act() == "C" and not state.window
    with pytest.raises(IllegalAction, match="only the Vorhand passes"):
        state.apply("pass")


def test_the_window_is_only_after_the_first_card_of_the_deal() -> None:
    state = started(GANG1_ACTIONS[:10])  # B has taken the first trick and leads 9E
    assert state.history[-1].text == "play 9E" and state.to_act() == "C"
    assert "pass" not in state.legal_texts()


def test_with_nothing_to_bid_the_window_stays_shut() -> None:
    """With six of seven (aus.p2) the Vorhand may not bid: no window, no pass."""
    context = {"dealer": "A", "score": {"A": 0, "B": 6, "C": 0}, "out": []}
    state = started(["play KE"], context=context)
    assert state.to_act() == "C" and "pass" not in state.legal_texts()


# ---------------------------------------------------------------- the context


def test_the_context_is_checked() -> None:
    """Scores below zero (penalties, p28, p30) are accepted; impossible contexts are not."""
    state = started([], context={"dealer": "A", "score": {"A": -2, "B": 0, "C": 1}, "out": []})
    assert state.score_now("A") == -2
    assert f.bids_allowed(-2, 7) == 5
    bad = [
        ({"score": {"A": 0, "B": 0}}, "each of A, B, C"),
        ({"score": {"A": 0, "B": 0.5, "C": 0}}, "whole number"),
        ({"dealer": "C", "score": {"A": 0, "B": 0, "C": 7}, "out": ["C"]}, "does not deal"),
        ({"score": {"A": 0, "B": 7, "C": 0}}, "has gone out"),
        ({"out": ["B", "C"]}, "fewer than two"),
    ]
    for context, words in bad:
        with pytest.raises(RulesError, match=words):
            GAME.new_game(context=context)
