"""Watten (Schwaighofer 1927): rule functions, the deal on the game model, proofreading."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import Card, Rank, Suit, parse_card, parse_cards
from rules.claims import all_claims
from rules.errors import RulesError
from rules.kritischwatten import GAME as KGAME
from rules.model import IllegalAction, play_match, play_random, replay
from rules.transcripts import load_worked
from rules.watten import COMPARISONS, GAME, UNFORMALISED
from rules.watten import functions as f
from rules.watten.functions import INTRO, v, z
from tests.conftest import built

NINE, LAUB = Rank.NINE, Suit.LEAVES
# The deal of the book's example (zuviert.p6), as in rules/watten/transcripts.toml.
P6 = {
    "hands": {
        "A": ["UB", "AE", "KE", "OE", "10L"],
        "B": ["UE", "UL", "7R", "8B", "9R"],
        "C": ["8R", "AL", "KL", "10E", "7B"],
        "D": ["UR", "OL", "9E", "8E", "10B"],
    }
}
# Schlag Achter, Trumpf Herz: the Rechte 8R is B's (transcript zuviert_rechte_holt_truempfe).
RECHTE = {
    "hands": {
        "A": ["AR", "10R", "KE", "9L", "7B"],
        "B": ["8R", "8E", "AL", "9E", "10B"],
        "C": ["KR", "7R", "OE", "UL", "8B"],
        "D": ["8L", "OR", "AE", "KB", "7E"],
    }
}
# The same hands as a Kritisch-Watten deal: the cut shows 9R, which goes under the pack.
K_DEAL = {"cut": ["9R"], "hands": RECHTE["hands"]}
TWO = {"hands": {"A": ["AL", "KL", "OL", "10B", "KE"], "B": ["9L", "9E", "9R", "7B", "8E"]}}


def cards(*texts: str) -> list[Card]:
    return [parse_card(t) for t in texts]


def started(deal: dict, actions: list[str], variant: str = "zu_viert", context=None):
    state = GAME.new_game(variant, deal=deal, context=context)
    for text in actions:
        state.apply(text)
    return state


# ---------------------------------------------------------------- rule functions


def test_trick_winner_worked_by_hand() -> None:
    # Schlag Neuner, Trumpf Laub: a plain lead beaten by a trump, then by a Blinder.
    assert f.trick_winner(cards("AE", "7L", "KE", "10R"), NINE, LAUB) == 1
    assert f.trick_winner(cards("AE", "7L", "9B", "9L"), NINE, LAUB) == 3
    assert f.trick_winner(cards("AE", "7L", "9B", "9R"), NINE, LAUB) == 2
    # nobody trumps: the highest Eichel, not the Herzas
    assert f.trick_winner(cards("UE", "AR", "KE", "8E"), NINE, LAUB) == 2


def test_legal_cards_only_the_rechte_is_free() -> None:
    # Trumpf Laub led; the follower's only Laub is the Rechte: he need not give it.
    hand = cards("9L", "KE", "7R", "8B", "10B")
    assert set(f.legal_cards(hand, parse_card("AL"), NINE, LAUB)) == set(hand)
    # with another Laub he must give Laub, the Rechte or the other one
    hand = cards("9L", "7L", "7R", "8B", "10B")
    assert f.legal_cards(hand, parse_card("AL"), NINE, LAUB) == tuple(cards("9L", "7L"))


def test_dealing_sequence_for_a_cutter_who_kept_a_card() -> None:
    order = f.play_order("A")
    assert order == ("B", "C", "D", "A")
    seq = f.dealing_sequence(order, 2, {"B": 5, "C": 5, "D": 4, "A": 5})
    assert seq.count("D") == 4 and len(seq) == 19
    assert seq[:8] == ["B", "B", "C", "C", "D", "D", "A", "A"]


def test_refusals_name_their_paragraph() -> None:
    with pytest.raises(RulesError, match=r"zuzweit\.p1"):
        f.deal_hands(parse_cards(["AE", "KE"]), 2)
    with pytest.raises(RulesError, match=r"zuzweit\.p7"):
        f.raise_after("spielaus")
    with pytest.raises(RulesError, match=r"zuviert\.p4, p8"):
        f.may_raise(15)
    with pytest.raises(RulesError, match=r"watten\.p1"):
        f.card_class(parse_card("6B"), NINE, LAUB)
    with pytest.raises(RulesError, match=r"zuzweit\.p2"):
        f.rechte(Rank.SIX, LAUB)


# ---------------------------------------------------------------- the deal


def test_the_books_example_scores_two_for_bd() -> None:
    state = started(P6, ["schlag U", "trumpf E", "play 7R", "play 8R", "play UR", "play UB"])
    assert state.to_act() == "D" and state.tricks == {"AC": 0, "BD": 1}
    assert {"bid spiel", "bid 3"} <= set(state.legal_texts())
    state.apply("bid 3")
    assert state.to_act() == "A" and state.legal_texts() == ["bid 4", "gut", "hold"]
    state.apply("gut")
    assert state.is_over() and state.scores().totals() == {"A": 0, "B": 2, "C": 0, "D": 2}
    items = {(i.seat, i.item) for i in state.scores().items}
    assert ("A", "strich") in items and ("B", "gut") in items


def test_a_trump_lead_asks_for_a_trump_and_the_refusal_cites_it() -> None:
    state = started(RECHTE, ["schlag 8", "trumpf R", "play 8R"])
    assert [t for t in state.legal_texts() if t.startswith("play")] == ["play 7R", "play KR"]
    with pytest.raises(IllegalAction) as caught:
        state.apply("play OE")
    assert set(caught.value.cites) == {z(4), z(6)}


def test_the_13_14_rule_zu_viert_but_not_zu_zweit() -> None:
    state = started(P6, ["schlag U", "trumpf E"], context={"score": {"AC": 0, "BD": 13}})
    assert "bid 3" not in state.legal_texts() and "bid spiel" in state.legal_texts()
    with pytest.raises(IllegalAction) as caught:
        state.apply("bid 3")
    assert caught.value.cites == (v(8),)
    two = started(TWO, ["schlag 9", "trumpf L"], "zu_zweit", {"score": {"A": 0, "B": 13}})
    assert "bid 3" in two.legal_texts()


def test_only_the_party_that_held_raises_next() -> None:
    deal = {"hands": {"A": ["8L", "8R", "AL", "KL", "9E"], "B": ["8E", "7E", "10R", "KB", "OB"]}}
    state = started(deal, ["schlag 8", "trumpf L", "bid spiel", "hold"], "zu_zweit")
    assert not [t for t in state.legal_texts() if t.startswith("bid")]
    with pytest.raises(IllegalAction, match="only it may raise"):
        state.apply("bid 3")
    state.apply("play 10R")
    assert "bid 3" in state.legal_texts()  # A, who held, may raise


def test_actions_out_of_turn_are_refused_with_citations() -> None:
    state = GAME.new_game(deal=P6)
    with pytest.raises(IllegalAction) as caught:
        state.apply("schlag A")
    assert z(2) in caught.value.cites
    with pytest.raises(IllegalAction) as caught:
        state.apply("trumpf E")
    assert z(2) in caught.value.cites  # the Schlag comes first
    state.apply("schlag U")
    state.apply("trumpf E")
    state.apply("bid spiel")
    with pytest.raises(IllegalAction, match="answer"):
        state.apply("play 8R")
    state.apply("gut")
    with pytest.raises(IllegalAction) as caught:
        state.apply("play 8R")
    assert caught.value.cites == GAME.end_cites


def test_partners_look_after_the_announcements_and_see_signs() -> None:
    state = GAME.new_game(deal=P6)
    assert "not yet looked at" in state.observation("C")
    assert "B hand: UE UL 9R 7R 8B" in state.observation("B")
    state.apply("schlag U")
    state.apply("trumpf E")
    seen = state.observation("D")
    assert "D hand: 9E 8E OL UR 10B" in seen
    assert "B signs: augenaufschlag blinzeln" in seen
    assert "B hand" not in state.observation("A")
    assert "C signs: trommeln" in state.observation("A")  # the Eichelzehner, a small trump


def test_explicit_deals_are_checked() -> None:
    bad = json.loads(json.dumps(P6))
    bad["hands"]["A"] = bad["hands"]["A"][:4]
    with pytest.raises(RulesError, match="five cards"):
        GAME.new_game(deal=bad)
    bad["hands"]["A"] = ["UB", "AE", "KE", "OE", "UE"]  # UE is B's too
    with pytest.raises(RulesError, match="more often"):
        GAME.new_game(deal=bad)
    bad["hands"]["A"] = ["UB", "AE", "KE", "OE", "6B"]
    with pytest.raises(RulesError, match="not in the pack"):
        GAME.new_game(deal=bad)
    with pytest.raises(RulesError, match="hands"):
        GAME.new_game("zu_zweit", deal=P6)
    with pytest.raises(RulesError, match="score"):
        GAME.new_game(deal=P6, context={"score": {"AC": 15, "BD": 0}})


@pytest.mark.parametrize(
    ("context", "words"),
    [
        ([], "context: the Partie context is an object"),
        ("B deals", "context: the Partie context is an object"),
        ({"turn": 1}, "no field 'turn'"),
        ({"dealer": "E"}, "dealer is one of"),
        ({"score": {"AC": True, "BD": 0}}, "score is"),
        ({"score": {"A": 0, "B": 0}}, "score is"),
    ],
)
def test_a_malformed_context_is_refused_naming_the_field(context: object, words: str) -> None:
    """As in Piquet (rules/ADAPTER.md: a context is an object), an empty list is no context."""
    for game, deal in ((GAME, P6), (KGAME, K_DEAL)):
        assert replay(game, {"deal": deal, "actions": [], "context": {}})["over"] is False
        with pytest.raises(RulesError) as refused:
            replay(game, {"deal": deal, "actions": [], "context": context})
        assert words in str(refused.value) and "zuviert.p" in str(refused.value)


def test_json_round_trip_mid_deal() -> None:
    state = started(RECHTE, ["schlag 8", "trumpf R", "bid 3", "hold", "play 8R", "play 7R"])
    again = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert again.legal_texts() == state.legal_texts()
    assert again.observation("") == state.observation("")


def test_a_partie_goes_round_the_table_to_15() -> None:
    for seed in range(3):
        deals = play_match(GAME, "zu_viert", seed=seed)
        last = deals[-1]
        assert any(i.item == "partie" for i in last.scores().items)
        dealers = [d.ctx["dealer"] for d in deals]
        assert all(f.dealer_of_deal(a, 2) == b for a, b in itertools.pairwise(dealers))
        two = play_match(GAME, "zu_zweit", seed=seed)
        people = [d.ctx["dealer"] for d in two]
        assert all(a != b for a, b in itertools.pairwise(people))


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), variant=st.sampled_from(["zu_viert", "zu_zweit"]))
def test_random_deals_keep_the_rules(seed: int, variant: str) -> None:
    state = play_random(GAME, variant, seed=seed)
    assert state.is_over()
    totals = state.scores().totals()
    parties = state.role_parties()
    scored = [p for p in parties if totals[state.members(p)[0]] > 0]
    assert len(scored) == 1
    for party in parties:
        assert len({totals[s] for s in state.members(party)}) == 1
    assert 2 <= max(totals.values()) <= 15
    assert sum(state.tricks.values()) <= 5 and max(state.tricks.values()) <= 3
    assert abs(sum(state.returns())) < 1e-9
    replayed = replay(
        GAME,
        {
            "variant": variant,
            "deal": state.deal,
            "actions": [a.text for a in state.player_history()],
        },
    )
    assert replayed["scores"] == totals and replayed["over"]


# ---------------------------------------------------------------- the edition


def test_every_rule_paragraph_is_cited_and_nothing_unformalised() -> None:
    from rules.registry import all_rules

    cited = {p for r in all_rules() if r.game == "watten" for p in r.paragraphs}
    paragraphs = {INTRO} | {z(n) for n in range(1, 9)} | {v(n) for n in (1, 2, 3, 4, 5, 6, 8, 9)}
    assert paragraphs - cited == {z(8)}  # the model's bids cite it (bidding during play)
    assert UNFORMALISED == {}
    state = started(RECHTE, ["schlag 8", "trumpf R", "play 8R", "play 7R", "play OR", "play 10R"])
    assert z(8) in next(a for a in state.legal_actions() if a.text == "bid 3").cites


def test_comparison_vectors_exist_differ_and_name_their_variant() -> None:
    claims = {c.id: c for c in all_claims() if c.rule.startswith("watten.")}
    cases = {}
    for claim in claims.values():
        for case_id, case in zip(claim.case_ids(), claim.cases, strict=True):
            cases[case_id] = case
    worked = {t.id: t for t in load_worked(GAME)}
    assert {"zu_zweit", "zu_viert"} <= {t.variant for t in worked.values()}
    for entry in COMPARISONS:
        assert set(entry) == {"paragraph", "aspect", "variants", "vectors"}
        assert set(entry["variants"]) == {"zu_zweit", "zu_viert"}
        outcomes = set()
        for ident in entry["vectors"]:
            if ident in worked:
                t = worked[ident]
                out = "rejects" if t.rejects else json.dumps(t.scores, sort_keys=True)
                outcomes.add((t.variant, out))
            else:
                case = cases[ident]
                out = "rejects" if case.rejects else json.dumps(case.expected, sort_keys=True)
                outcomes.add((case.input.get("players", 4), out))
        assert len({o for _, o in outcomes}) >= 2, entry["aspect"]


def test_reading_text_is_proofread() -> None:
    from tei.layers import load_paragraphs

    paragraphs = load_paragraphs(built("tei/schwaighofer1927.xml"))
    chapter = {
        k: p.reading for k, p in paragraphs.items() if ".watten." in k or k.endswith("watten")
    }
    rules_text = {k: r for k, r in chapter.items() if paragraphs[k].type in ("rule", "example")}
    assert all("\ufffd" not in r for r in rules_text.values())
    expected = {
        z(1): ["(As ist nieder)", "das heißt, er bestimmt"],
        z(3): ["eine Farbe, die Trumpf ist", "„Laubneuner“", "Schlag- und Trumpfansagen"],
        z(4): ["Trümpfe holen"],
        z(6): ["auch besteht keine Verpflichtung", "Es braucht auch sonst", "Rangordnung As,"],
        z(7): ["wie beim Bieten geboten", "bis Sieben und bis zu Spielaus", "halten oder"],
        z(8): ["leicht jagen (bluffen)"],
        v(3): ["ab König", "so viele Schläge", "ob er eine ausgeworfene Karte sticht"],
        v(5): ["keine starre Regel, da es"],
        v(6): ["der Fall, daß der Schlagansagende", "in diesem Falle ist", "was er wirft"],
        v(8): ["so darf sie nicht mehr Drei bieten"],
    }
    for pid, words in expected.items():
        for word in words:
            assert word in rules_text[pid], (pid, word)
    for wrong in ("seine Verpflichtung", "leicht sagen", "bis Stehen", "seine starre", "hosen"):
        assert not any(wrong in r for r in rules_text.values()), wrong


def test_random_deals_are_reproducible() -> None:
    a = play_random(GAME, "zu_viert", seed=11)
    b = play_random(GAME, "zu_viert", seed=11)
    assert a.to_json() == b.to_json()
    rng = random.Random(3)
    assert GAME.shuffle(GAME.variant(), rng) != GAME.shuffle(GAME.variant(), rng)
