"""Casino (Engelmann 1798): rule functions against hand-worked values, the playable deal,
refusals with their paragraphs, serialisation and invariants under seeded random play."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import FRENCH_52, parse_card, parse_cards
from rules.casino import GAME
from rules.casino import functions as f
from rules.casino.functions import drei, law, p
from rules.errors import RulesError
from rules.model import CHANCE, IllegalAction, play_match, play_random
from rules.transcripts import load_worked

TEXTS = [str(c) for c in FRENCH_52]
# The deal of the worked example of p5 (rules/casino/transcripts.toml).
P5 = next(t for t in load_worked(GAME) if t.id == "casino.transcript.p5_first_round")
KEHRAUS = next(t for t in load_worked(GAME) if t.id.endswith("p1_dealer_court_takes_all"))


def cards(*texts: str) -> list:
    return parse_cards(list(texts))


def started(actions: list[str], variant: str = "vier", deal=None, context=None):
    state = GAME.new_game(variant, deal=deal or P5.deal, context=context)
    for text in actions:
        state.apply(text)
    return state


# ---------------------------------------------------------------- rule functions


def _partitions_brute(value: int, taken: list[str]) -> bool:
    """Whether the values of ``taken`` split into groups each adding up to ``value``."""
    values = [f.VALUE_OF[t] for t in taken]
    if not values or any(v is None for v in values):
        return False

    def split(rest: list[int]) -> bool:
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        for size in range(len(others) + 1):
            for combo in itertools.combinations(range(len(others)), size):
                if first + sum(others[i] for i in combo) == value:
                    left = [others[i] for i in range(len(others)) if i not in combo]
                    if split(left):
                        return True
        return False

    return split(values)  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(st.lists(st.sampled_from(TEXTS), min_size=2, max_size=9, unique=True))
def test_captures_agree_with_brute_force(drawn: list[str]) -> None:
    card, table = drawn[0], drawn[1:]
    subsets = [list(s) for n in range(len(table) + 1) for s in itertools.combinations(table, n)]
    if f.VALUE_OF[card] is None:
        valid = {
            frozenset(s) for s in subsets if s and all(f.RANK_OF[t] == f.RANK_OF[card] for t in s)
        }
    else:
        valid = {frozenset(s) for s in subsets if _partitions_brute(f.VALUE_OF[card], s)}  # type: ignore[arg-type]
    assert f.takes_anything(card, table) == bool(valid)
    for s in subsets:
        assert f.is_capture(card, s) == (frozenset(s) in valid)
        expected = {t for t in table if t not in s and any(frozenset([*s, t]) <= v for v in valid)}
        assert set(f.takeable(card, s, table)) == expected


def test_a_ten_takes_every_pair_of_gesetz_5_at_once() -> None:
    table = cards("9S", "AD", "8C", "2H", "7D", "3S", "6H", "4C", "5D", "5S", "10C")
    assert f.valid_capture(parse_card("10H"), table, table)
    assert f.maximal_captures(parse_card("10H"), table) == [f.ORDER.sorted(table)]


def test_card_values_and_courts() -> None:
    assert [f.card_value(c) for c in cards("AS", "2S", "9H", "10D")] == [1, 2, 9, 10]
    assert {f.card_value(c) for c in cards("KS", "QH", "JD")} == {None}
    assert sum(f.is_court(c) for c in FRENCH_52) == 12
    with pytest.raises(RulesError, match="not in the whist pack"):
        f.card_value(parse_card("OE"))


def test_deal_points_of_a_whole_deal_add_up_to_eleven() -> None:
    rng = random.Random(5)
    pack = list(FRENCH_52)
    rng.shuffle(pack)
    won = f.deal_points({"AC": pack[:30], "BD": pack[30:]})
    assert sum(sum(v.values()) for v in won.values()) == 11  # 13 spades: one party has 7
    assert won["AC"]["cards"] == 3 and "cards" not in won["BD"]


def test_marks_refuse_impossible_points() -> None:
    with pytest.raises(RulesError, match="11 points"):
        f.marks({"AC": 9, "BD": 3})
    with pytest.raises(RulesError, match="two parties"):
        f.marks({"A": 1, "B": 1, "C": 1})
    with pytest.raises(RulesError, match="deduction is"):
        f.marks({"AC": 1, "BD": 1}, "half")


def test_games_won_and_targets() -> None:
    assert [f.games_won(n) for n in range(11)] == [2] * 5 + [1] * 6
    assert [f.games_won(n, 3) for n in (6, 7, 14)] == [2, 1, 1]
    assert f.game_target(3) == 15 and f.game_target(3, "sixteen") == 16
    assert f.game_target(3, "as_four") == 11 and f.games_won(4, 3, "as_four") == 2
    with pytest.raises(RulesError, match="'as_four'"):
        f.game_target(3, "twenty")
    with pytest.raises(RulesError, match="four, three or two"):
        f.game_target(6)


def test_first_to_target_counts_in_the_order_of_drei_p2() -> None:
    won = {"A": ["ace_diamonds"], "B": ["spades"], "C": ["great_casino"]}
    assert f.first_to_target({"A": 14, "B": 14, "C": 13}, won, 15) == "C"
    assert f.first_to_target({"A": 14, "B": 14, "C": 12}, won, 15) == "B"
    with pytest.raises(RulesError, match="already reached"):
        f.first_to_target({"A": 15, "B": 0, "C": 0}, won, 15)


def test_seats_and_order() -> None:
    assert f.play_order("D") == ("A", "B", "C", "D")
    assert f.cutter("A") == "D" and f.next_dealer("A") == "B"
    assert f.play_order("A", 2) == ("B", "A") and f.cutter("A", 2) == "B"
    assert [f.party_of(s) for s in "ABCD"] == ["AC", "BD", "AC", "BD"]
    with pytest.raises(RulesError, match="seats are A, B"):
        f.play_order("C", 2)


# ---------------------------------------------------------------- the playable deal


def test_a_seed_deals_the_same_cards_and_an_explicit_deal_replays_it() -> None:
    a, b = GAME.new_game(seed=7), GAME.new_game(seed=7)
    assert a.deal == b.deal and a.legal_texts() == b.legal_texts()
    replayed = GAME.new_game(deal=a.deal)
    assert replayed.observation("") == a.observation("")
    every = a.deal["table"] + [c for s in "ABCD" for c in a.deal["hands"][s]]
    assert sorted(every) == sorted(TEXTS)


def test_without_seed_chance_acts_card_by_card() -> None:
    state = GAME.new_game()
    assert state.to_act() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 and abs(sum(q for _, q in outcomes) - 1) < 1e-9
    state.apply("deal AS")
    assert "deal AS" not in state.legal_texts() and len(state.legal_texts()) == 51


def test_the_first_player_may_trail_or_capture_and_each_action_cites() -> None:
    state = started([])
    assert state.to_act() == "B"
    legal = {a.text: a.cites for a in state.legal_actions()}
    assert legal["capture 7H"] == (law(5), p(4))
    assert legal["trail KC"] == (p(5), law(5))
    assert "capture KC" not in legal  # no King on the table
    state.apply("capture 7H")
    takes = {a.text: a.cites for a in state.legal_actions()}
    assert set(takes) == {"take 7S", "take AC", "take 2D", "take 4H"}
    state.apply("take AC")
    assert set(state.legal_texts()) == {"take 2D", "take 4H", "take 7S"}  # A needs 2 and 4
    state.apply("take 2D")
    assert set(state.legal_texts()) == {"take 4H", "take 7S"}  # no 'done' at 1 + 2


@pytest.mark.parametrize(
    ("actions", "illegal", "cited", "words"),
    [
        ([], "trail 9S", law(5), "does not hold 9S"),
        ([], "capture KC", law(5), "takes nothing"),
        ([], "take 7S", law(5), "first 'capture"),
        (["capture 7H"], "trail KC", law(5), "'take <card>' or 'done' first"),
        (["capture 7H"], "done", law(5), "taken nothing yet"),
        (["capture 7H", "take AC"], "done", p(4), "not yet a whole capture"),
        (["capture 7H", "take 7S"], "take 7S", law(5), "already taken"),
        (["capture 7H"], "take 9H", law(5), "not on the table"),
        ([], "kehraus KC", p(1), "does not deal"),
        ([], "kehraus 7H", p(1), "only a King, Queen or Valet"),
        ([], "deal 2C", law(2), "only when every hand is played out"),
        ([], "shuffle", law(5), "not an action of Casino"),
    ],
)
def test_illegal_actions_name_the_paragraph(
    actions: list[str], illegal: str, cited: str, words: str
) -> None:
    state = started(actions)
    with pytest.raises(IllegalAction, match=words) as caught:
        state.apply(illegal)
    assert cited in caught.value.cites


def test_must_capture_reading_refuses_a_trail_only_when_a_capture_exists() -> None:
    state = started([], "reading_must_capture")
    assert all(not t.startswith("trail") for t in state.legal_texts())
    with pytest.raises(IllegalAction) as caught:
        state.apply("trail KC")
    assert caught.value.cites == (p(5),)


def test_the_dealer_court_sweeps_only_with_the_last_card() -> None:
    state = GAME.new_game(deal=KEHRAUS.deal)
    for text in KEHRAUS.actions[:-1]:
        state.apply(text)
    assert "kehraus KS" in state.legal_texts()
    early = GAME.new_game(deal=KEHRAUS.deal)
    for text in KEHRAUS.actions[:3]:
        early.apply(text)
    with pytest.raises(IllegalAction, match="only as the last card") as caught:
        early.apply("kehraus QS")
    assert law(7) in caught.value.cites


MUST_SWEEP = next(t for t in load_worked(GAME) if t.id.endswith("p1_must_capture_court_sweeps"))


def test_must_capture_forbids_laying_down_the_dealers_last_court() -> None:
    """p1 with p5 read as a rule: the dealer's last court can take the rest, so it must."""
    state = started(MUST_SWEEP.actions[:-1], "reading_must_capture", MUST_SWEEP.deal)
    assert state.table == ["QS", "5S", "4S", "7S"] and state.hands["A"] == ["KS"]
    assert not f.takes_anything("KS", state.table)  # it pairs nothing
    assert state.legal_texts() == ["kehraus KS"]
    assert not f.may_trail(cards("KS"), cards(*state.table), True, True)
    with pytest.raises(IllegalAction, match="takes the rest of the table") as caught:
        state.apply("trail KS")
    assert caught.value.cites == (p(5), p(1))
    free = started(MUST_SWEEP.actions[:-1], "vier", MUST_SWEEP.deal)
    assert free.legal_texts() == ["kehraus KS", "trail KS"]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_must_capture_trails_agree_with_may_trail(seed: int) -> None:
    """At every turn of reading_must_capture the model offers 'trail' exactly when
    casino.may_trail allows it (the dealer's last card with the court's power, p1)."""
    state = GAME.new_game("reading_must_capture", seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        if state.to_act() not in (CHANCE, None) and state.phase == "play":
            seat = state.to_act()
            hand = state.hands[seat]
            last = seat == state.dealer and state._last_card_of_deal(seat)
            allowed = f.may_trail(cards(*hand), cards(*state.table), True, last)
            assert any(t.startswith("trail") for t in state.legal_texts()) == allowed
        state.apply(rng.choice(state.legal_texts()))


def test_the_kehraus_scores_alike_whoever_takes_it() -> None:
    """Gesetz 6, 7, p1, p6: the dealer's court taking the rest scores no point, like the
    last capture's remainder; both score under reading_kehraus_point."""
    for variant, point in (("vier", 0), ("reading_kehraus_point", 1)):
        court = started(KEHRAUS.actions, variant, KEHRAUS.deal)
        clears = [i for i in court.scores().items if i.item == "clears_table"]
        assert len(clears) == 2 * point  # A and C, once each
        kehraus = [i for i in court.scores().items if i.item == "kehraus"]
        assert [i.seat for i in kehraus] == ["A", "C"] and "51 cards left" in kehraus[0].detail
    assert f.court_sweep_point(parse_card("KS"), cards("KH", "KD")) == 1  # pairs them all
    assert f.court_sweep_point(parse_card("KS"), cards("KH", "3C")) == 0
    assert f.court_sweep_point(parse_card("KS"), cards("KH", "3C"), True) == 1
    with pytest.raises(RulesError, match="only a King, Queen or Valet"):
        f.court_sweep_point(parse_card("9S"), cards("9H"))


def test_clearing_the_table_scores_at_once_for_the_party() -> None:
    state = started(["capture 7H", "take 7S", "take AC", "take 2D", "take 4H", "done"])
    items = state.scores().items
    assert [(i.seat, i.points, i.item) for i in items] == [
        ("B", 1, "clears_table"),
        ("D", 1, "clears_table"),
    ]
    assert items[0].cites == (law(6), p(5), p(7))
    assert state.to_act() == "C" and state.legal_texts() == sorted(
        f"trail {c}" for c in state.hands["C"]
    )  # nothing on the table to take


def test_json_round_trip() -> None:
    state = started(P5.actions[:9])
    data = json.loads(json.dumps(state.to_json()))
    again = GAME.from_json(data)
    assert again.observation("") == state.observation("")
    assert again.legal_texts() == state.legal_texts()
    assert data["actions"] == list(P5.actions[:9])


def test_explicit_deals_are_checked() -> None:
    bad = json.loads(json.dumps(P5.deal))
    bad["hands"]["A"] = bad["hands"]["A"][:-1]
    with pytest.raises(RulesError, match=r"each receives 12"):
        GAME.new_game(deal=bad)
    twice = json.loads(json.dumps(P5.deal))
    twice["table"][0] = "7H"
    with pytest.raises(RulesError, match="more often"):
        GAME.new_game(deal=twice)
    with pytest.raises(RulesError, match="seats A, B, C"):
        GAME.new_game("drei", deal=P5.deal)
    with pytest.raises(RulesError, match="dealer is one of"):
        GAME.new_game(deal=P5.deal, context={"dealer": "D"}, variant="drei")


def test_observation_shows_only_ones_own_hand_and_the_last_capture() -> None:
    state = started(["capture 7H", "take 7S", "take AC", "take 2D", "take 4H", "done", "trail QS"])
    seen = state.observation("C")
    assert "C hand:" in seen and "B hand:" not in seen and "B holds 3 cards" in seen
    assert "last capture: B took 7S AC 2D 4H with 7H" in seen
    assert "A took" not in seen  # Gesetz 4: the piles are not looked at
    assert "A took" in state.observation("")


def test_a_partie_ends_when_a_party_reaches_eleven_and_deals_pass_on() -> None:
    deals = play_match(GAME, "vier", seed=3)
    assert len(deals) >= 1
    dealers = [d.dealer for d in deals]
    assert dealers[:3] == ["A", "B", "C"][: min(3, len(dealers))]
    last = deals[-1]
    assert last.partie_over()
    partie = [i for i in last.scores().items if i.item == "partie"]
    assert partie and "reaches 11 first" in partie[0].detail
    assert all(not d.partie_over() for d in deals[:-1])


def test_three_players_partie_to_fifteen() -> None:
    deals = play_match(GAME, "drei", seed=4)
    partie = [i for i in deals[-1].scores().items if i.item == "partie"]
    assert "reaches 15 first" in partie[0].detail
    assert partie[0].cites == (drei(1), drei(2))


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10_000),
    variant=st.sampled_from(sorted(GAME.variants)),
)
def test_invariants_under_random_play(seed: int, variant: str) -> None:
    state = play_random(GAME, variant, seed=seed)
    assert state.is_over()
    assert len(state.history) <= GAME.max_game_length
    players = GAME.variants[variant]["players"]
    held = [c for pile in state.piles.values() for c in pile]
    assert len(held) + len(state.table) == 52 and not state.table
    assert len(set(held)) == len(held)
    totals = state.scores().totals()
    if players == 4:
        assert totals["A"] == totals["C"] and totals["B"] == totals["D"]
    low, high = GAME.utility_bounds(GAME.variant(variant))
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and all(low <= r <= high for r in returns)
    assert all(i.cites for i in state.scores().items)
    won = state._deal_points()
    assert sum(sum(v.values()) for v in won.values()) <= f.points_in_a_deal()
    marks = f.marks({q: sum(v.values()) for q, v in won.items()}, state.variant["deduction"])
    if state.variant["deduction"] != "none":
        assert sum(1 for v in marks.values() if v) <= 1
    for action in state.history:
        assert action.cites, action.text


def test_every_action_of_the_space_is_refused_with_a_paragraph_when_illegal() -> None:
    state = GAME.new_game(seed=11)
    rng = random.Random(11)
    space = GAME.action_space(GAME.variant())
    while not state.is_over():
        legal = set(state.legal_texts())
        for text in rng.sample(space, 8):
            if text not in legal:
                with pytest.raises(IllegalAction) as caught:
                    state.apply(text)
                assert caught.value.cites
        state.apply(rng.choice(sorted(legal)))


def test_every_variant_has_the_same_parameters() -> None:
    keys = {tuple(sorted(v.params)) for v in GAME.variants.values()}
    assert len(keys) == 1
