"""Boston (Engelmann 1798): rule functions by hand, the auction and the deal, refusals, invariants."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.boston import GAME
from rules.boston import functions as f
from rules.boston.functions import p
from rules.cards import Suit, parse_cards
from rules.errors import RulesError
from rules.model import CHANCE, IllegalAction, play_match, play_random, replay
from rules.transcripts import load_worked

DEAL = {
    "hands": {
        "1": ["AS", "KS", "QS", "AH", "KH", "QH", "2H", "AD", "KD", "QD", "AC", "KC", "QC"],
        "2": ["6S", "5S", "4S", "3S", "2S", "7H", "5H", "3H", "6C", "5C", "4C", "3C", "2C"],
        "3": ["JS", "10S", "9S", "8S", "JH", "10H", "9H", "8H", "JD", "JC", "10C", "9C", "8C"],
        "4": ["7S", "6H", "4H", "10D", "9D", "8D", "7D", "6D", "5D", "4D", "3D", "2D", "7C"],
    }
}


def started(actions: list[str], variant: str = "boston"):
    state = GAME.new_game(variant, deal=DEAL)
    for text in actions:
        state.apply(text)
    return state


def test_values_double_and_games_rise_by_hand() -> None:
    games = f.contracts()
    values = [f.contract_value(g) for g in games]
    assert values == [1, 2, 4, 8, 8]  # groß Independence supplied as 8
    assert [f.tricks_needed(g) for g in games] == [5, 6, 7, 9, 0]
    assert all(f.outbids(b, a) for a, b in itertools.pairwise(games))
    with_klein = f.contracts("over_klein_independence")
    assert with_klein.index("klein_misery") == with_klein.index("klein_independence") + 1
    fairer = f.contracts("over_gross_boston")
    assert fairer.index("klein_misery") == fairer.index("gross_boston") + 1


def test_settlement_by_hand() -> None:
    seats = ["1", "2", "3", "4"]
    for game in f.contracts("over_klein_independence"):
        value = f.contract_value(game)
        assert f.bete_value(game) == 3 * value
        # won: the value from each of the three others, and the pool besides
        assert f.settlement(game, True, "3", seats, pool=6) == {
            "1": -value,
            "2": -value,
            "3": 3 * value + 6,
            "4": -value,
        }
        # lost: the Bête goes into the pool (l'Hombre), the others receive nothing
        assert f.settlement(game, False, "3", seats) == {"1": 0, "2": 0, "3": -3 * value, "4": 0}
        # the later Boston's reading: the loser pays each, and it sums to zero
        each = f.settlement(game, False, "3", seats, bete="each")
        assert each == {"1": value, "2": value, "3": -3 * value, "4": value}
    with pytest.raises(f.BostonError, match="pool"):
        f.settlement("misery", True, "1", seats, bete="each", pool=3)
    with pytest.raises(f.BostonError, match="'pool' or to 'each'"):
        f.settlement("misery", True, "1", seats, bete="table")  # type: ignore[arg-type]


def test_betes_set_up_and_written_down_by_hand() -> None:
    assert f.betes_after(0, [], False, 6) == {"pool": 6, "written": []}
    assert f.betes_after(6, [], False, 24) == {"pool": 6, "written": [24]}
    assert f.betes_after(6, [3, 24, 12], True) == {"pool": 24, "written": [3, 12]}
    assert f.betes_after(6, [], True) == {"pool": 0, "written": []}
    for bad in ((0, [3], True, 0), (3, [], True, 3), (3, [], False, 0), (3, [0], False, 3)):
        with pytest.raises(f.BostonError):
            f.betes_after(*bad)


def test_trick_and_follow_by_hand() -> None:
    assert f.trick_winner(parse_cards(["2C", "AC", "2H", "3C"]), Suit.HEARTS) == 2
    assert f.trick_winner(parse_cards(["2C", "AC", "2H", "3C"]), Suit.SPADES) == 1
    hand = parse_cards(["AS", "2C", "KC"])
    assert f.legal_cards(hand, parse_cards(["3C"])) == tuple(parse_cards(["KC", "2C"]))


def test_auction_by_hand() -> None:
    bids = [("1", "pass"), ("2", "klein_boston"), ("3", "misery"), ("4", "pass"), ("2", "pass")]
    assert f.auction_winner(bids) == ("3", "misery")
    with pytest.raises(f.BostonError, match="not finished"):
        f.auction_winner([("1", "klein_boston"), ("2", "pass")])
    with pytest.raises(f.BostonError, match="over"):
        f.auction_winner([("1", "pass")] * 1 + [("2", "pass"), ("3", "pass"), ("4", "pass"),
                                                ("1", "pass")])  # fmt: skip


def test_worked_misery_is_scored_by_hand() -> None:
    worked = {t.id: t for t in load_worked(GAME)}
    result = replay(GAME, worked["boston.transcript.misery_won"].input())
    assert result["over"] and result["scores"] == {"1": -8, "2": 24, "3": -8, "4": -8}
    # before seat 2's bid he may pass or name any game; after it the others may only pass
    assert result["legal"][1] == [
        "bid gross_boston", "bid gross_independence", "bid klein_boston",
        "bid klein_independence", "bid misery", "pass",
    ]  # fmt: skip
    assert result["legal"][2] == ["pass"]
    # p3's example: on the led Two of hearts seat 2 may put the Seven, Five or Three
    assert result["legal"][6] == ["play 3H", "play 5H", "play 7H"]
    state = started(list(worked["boston.transcript.misery_won"].actions))
    assert len(state.tricks) == 13 and state.taken() == 0


def test_a_game_ends_as_soon_as_it_is_decided() -> None:
    worked = {t.id: t for t in load_worked(GAME)}
    state = started(list(worked["boston.transcript.klein_boston_five_tricks"].actions))
    assert state.is_over() and len(state.tricks) == 5
    state = started(list(worked["boston.transcript.gross_independence_lost"].actions))
    assert state.is_over() and len(state.tricks) == 7 and state.result is False
    # lost as soon as the tricks taken and the tricks left fall short: 0 + 6 < 7
    lost = list(worked["boston.transcript.klein_independence_lost"].actions)
    state = started(lost[:-1])
    assert (
        not state.is_over()
        and len(state.tricks) == 6
        and state.scores().totals() == {"1": 0, "2": 0, "3": 0, "4": 0}
    )  # undecided: nothing is paid and the deal is not over
    state.apply(lost[-1])
    assert state.is_over() and len(state.tricks) == 7 and state.result is False


def test_every_game_is_won_and_lost_in_the_worked_deals() -> None:
    outcomes: set[tuple[str, str, bool]] = set()
    for t in load_worked(GAME):
        if t.rejects:
            continue
        state = GAME.from_json({"variant": t.variant, "deal": t.deal, "actions": list(t.actions),
                                "context": dict(t.context)})  # fmt: skip
        if state.is_over() and state.player:
            outcomes.add((t.variant, state.contract, bool(state.result)))
    for variant in GAME.variants:
        for game in f.contracts(GAME.variant(variant)["klein_misery"]):
            wanted = game == "klein_misery" or variant in ("boston", "reading_loser_pays_each")
            if wanted:
                assert (variant, game, True) in outcomes, (variant, game)
                assert (variant, game, False) in outcomes, (variant, game)


def test_klein_misery_names_the_trump_then_lays_away_and_ends_after_twelve_tricks() -> None:
    worked = {t.id: t for t in load_worked(GAME)}
    t = worked["boston.transcript.klein_misery_won"]
    state = GAME.new_game(t.variant, deal=t.deal)
    for text in t.actions[:4]:
        state.apply(text)
    assert state.phase == "trump" and state.to_act() == "2"
    state.apply("trump D")
    assert state.phase == "discard" and all(a.startswith("discard ") for a in state.legal_texts())
    for text in t.actions[5:]:
        state.apply(text)
    assert state.is_over() and len(state.tricks) == 12 and state.laid_away is not None
    assert state.scores().totals() == {"1": -5, "2": 15, "3": -5, "4": -5}


def test_the_pool_is_carried_from_deal_to_deal() -> None:
    worked = {t.id: t for t in load_worked(GAME)}
    won = worked["boston.transcript.gross_independence_won_draws_the_pool"]
    state = GAME.from_json({"deal": won.deal, "actions": list(won.actions),
                            "context": dict(won.context)})  # fmt: skip
    items = {(i.seat, i.item): i.points for i in state.scores().items}
    assert items[("1", "game")] == 24 and items[("1", "pool")] == 6
    assert "pool: a Bête of 6; written down: 12, 3" in state.observation("2")
    assert GAME.next_context(state) == {"deal": 2, "pool": 12, "written": [3]}
    lost = worked["boston.transcript.misery_lost_written_down"]
    state = GAME.from_json({"deal": lost.deal, "actions": list(lost.actions),
                            "context": dict(lost.context)})  # fmt: skip
    assert GAME.next_context(state) == {"deal": 2, "pool": 3, "written": [24]}
    assert "written down" in state.scores().items[0].detail
    first = started(list(worked["boston.transcript.misery_lost"].actions))
    assert GAME.next_context(first) == {"deal": 2, "pool": 24, "written": []}
    assert GAME.next_context(started(["pass"] * 4)) == {"deal": 2, "pool": 0, "written": []}
    carried = GAME.new_game(deal=DEAL, context={"deal": 3, "pool": 24, "written": []})
    for text in ["pass"] * 4:
        carried.apply(text)
    assert GAME.next_context(carried) == {"deal": 4, "pool": 24, "written": []}  # it stays
    each = GAME.new_game("reading_loser_pays_each", deal=DEAL)
    for text in worked["boston.transcript.misery_lost"].actions:
        each.apply(text)
    assert each.scores().totals() == {"1": -24, "2": 8, "3": 8, "4": 8}
    assert GAME.next_context(each) == {"deal": 2, "pool": 0, "written": []}
    last = GAME.new_game(deal=DEAL, context={"deal": 8, "pool": 24, "written": []})
    for text in ["pass"] * 4:
        last.apply(text)
    assert GAME.next_context(last) is None  # a sitting of eight deals


def test_a_sitting_of_eight_deals_keeps_the_books() -> None:
    for seed in range(3):
        for variant in ("boston", "reading_loser_pays_each"):
            deals = play_match(GAME, variant, seed=seed)
            assert len(deals) == 8
            for before, after in itertools.pairwise(deals):
                betes = before.betes_after()
                assert (after.pool, after.written) == (betes["pool"], betes["written"])
            # what the players lost and won is in the pool, written down, or with them
            paid = sum(sum(d.scores().totals().values()) for d in deals)
            left = deals[-1].betes_after()
            assert paid + left["pool"] + sum(left["written"]) == 0


@pytest.mark.parametrize(
    ("variant", "context", "words"),
    [
        ("boston", {"pool": 7}, "pool"),
        ("boston", {"pool": 0, "written": [3]}, "only while"),
        ("boston", {"written": "3"}, "written"),
        ("boston", {"pot": 3}, "only 'deal'"),
        ("boston", {"deal": 0}, "deal"),
        ("reading_loser_pays_each", {"pool": 3}, "this reading"),
    ],
)
def test_refused_contexts(variant: str, context: dict, words: str) -> None:
    with pytest.raises(RulesError, match=words):
        GAME.new_game(variant, deal=DEAL, context=context)


def test_actions_cite_their_paragraphs() -> None:
    state = started([])
    cites = {a.text: a.cites for a in state.legal_actions()}
    assert cites["bid misery"] == (p(2), p(1))
    assert cites["bid klein_boston"] == (p(1), p(2))
    state = started(["pass", "bid misery", "pass", "pass"])
    assert {a.text: a.cites for a in state.legal_actions()}["trump S"] == (p(2),)
    state = GAME.new_game("klein_misery", deal=DEAL)
    for text in ("pass", "bid klein_misery", "pass", "pass", "trump D"):
        state.apply(text)
    assert {a.cites for a in state.legal_actions()} == {(p(4),)}
    assert len(state.legal_actions()) == 13


@pytest.mark.parametrize(
    ("actions", "illegal", "cited", "words"),
    [
        (["bid gross_boston"], "bid klein_boston", p(2), "does not outbid"),
        ([], "bid klein_misery", p(4), "not played in this variant"),
        ([], "bid grand_slam", p(1), "not a game"),
        (["pass", "bid misery", "pass", "pass", "trump D"], "trump S", p(2), "once"),
        (["pass", "bid misery", "pass", "pass", "trump D"], "discard 2S", p(4), "klein Misery"),
        (["pass", "bid misery", "pass", "pass", "trump D", "play 2H"], "play 6S", p(1),
         "follow suit"),
        (["pass", "bid misery", "pass", "pass"], "play 2H", p(1), "after the auction"),
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
    bad["hands"]["4"][0] = "AS"
    with pytest.raises(RulesError, match="more often"):
        GAME.new_game(deal=bad)
    bad = json.loads(json.dumps(DEAL))
    bad["hands"]["4"] = bad["hands"]["4"][:12]
    with pytest.raises(RulesError, match="13 cards each"):
        GAME.new_game(deal=bad)


def test_chance_and_round_trip() -> None:
    state = GAME.new_game()
    assert state.to_act() == CHANCE and len(state.legal_actions()) == 52
    for variant in GAME.variants:
        played = play_random(GAME, variant, seed=9)
        data = json.loads(json.dumps(played.to_json()))
        again = GAME.from_json(data)
        assert again.scores() == played.scores() and again.to_json() == data


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2**31), st.sampled_from(sorted(GAME.variants)))
def test_random_deals_keep_the_invariants_of_the_text(seed: int, variant: str) -> None:
    state = GAME.new_game(variant, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    totals = state.scores().totals()
    if not state.player:
        assert set(totals.values()) == {0}
        return
    value = f.contract_value(state.contract, GAME.variant(variant)["gross_independence"])
    assert totals[state.player] == (3 * value if state.result else -3 * value)
    each = GAME.variant(variant)["bete"] == "each"
    others = -value if state.result else (value if each else 0)
    assert all(totals[s] == others for s in totals if s != state.player)
    assert sum(totals.values()) == (0 if state.result or each else -3 * value)
    low, high = GAME.utility_bounds(GAME.variant(variant))
    assert all(low <= r <= high for r in state.returns())
    assert state.result == f.contract_won(state.contract, state.taken())
    bids = [a.text for a in state.history if a.text.startswith("bid ")]
    ranks = [state.order.index(b.split(" ")[1]) for b in bids]
    assert ranks == sorted(ranks) and len(set(ranks)) == len(ranks)  # every bid outbids
