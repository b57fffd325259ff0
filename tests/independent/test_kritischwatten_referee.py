"""The independent Kritisch-Watten referee agrees with every kritischwatten.transcript vector,
with hand-worked deals of its own and with the reference adapter on random deals."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from rules.reference_adapter import call as reference
from tests.independent import kritischwatten_referee as referee
from tests.independent.harness import (
    Vector,
    check_transcript_vector,
    transcript_vectors,
    vector_file,
    vector_id,
)
from tests.independent.watten_referee import Refused, differential

GAME = "kritischwatten"
RULE = f"{GAME}.transcript"


VECTORS = transcript_vectors(GAME)


@pytest.mark.parametrize("vector", VECTORS, ids=vector_id)
def test_transcript_vector(vector: Vector | None) -> None:
    check_transcript_vector(GAME, vector, referee.call, Refused)


def test_every_transcript_vector_is_checked() -> None:
    """The file has transcript vectors and the referee knows each variant's parameters."""
    data = vector_file(GAME)
    assert [v for v in data["vectors"] if v["rule"] == RULE]
    params = {name: v["params"] for name, v in data["variants"].items()}
    assert params == {
        name: {
            "players": p.players,
            "target": p.target,
            "gespannt": p.gespannt,
            "pack": len(p.pack),
            "kritische": list(p.kritische),
            "follow": p.follow,
        }
        for name, p in referee.VARIANTS.items()
    }


def test_only_the_transcript_rule() -> None:
    """Any other rule is skipped by the adapter protocol, not refused."""
    with pytest.raises(NotImplementedError):
        referee.call(f"{GAME}.kritische", {"variant": "k33"})


def _both(inp: dict[str, Any]) -> dict[str, Any]:
    """The referee's answer, checked against the reference adapter's."""
    out = referee.call(RULE, copy.deepcopy(inp))
    assert reference(RULE, copy.deepcopy(inp)) == out
    return out


def test_the_martl_stays_gottsoeberste_as_trumpfschlag() -> None:
    """kritischwatten.p1 "ihr Wert ist fix, das heißt, er ist nicht von der Trumpffarbe oder
    dem Rang des jeweiligen Schlages abhängig": Schlag König, Trumpf Herz makes the Martl the
    Trumpfschlag, yet it still beats the Weli (p2 "Herzkönig, Weli, Schellsiebener"). B
    leads the Weli (a Schell card, no trump: C is free), C the Martl, D his Blinder KE, A the
    trump 10R: C takes it, bids Drei, D lets it pass: A-C write 2."""
    inp = {
        "variant": "k33",
        "deal": {
            "cut": ["8L"],
            "hands": {
                "A": ["AL", "KL", "10R", "8B", "UE"],
                "B": ["6B", "9E", "AR", "KB", "8E"],
                "C": ["KR", "OL", "10E", "7R", "OB"],
                "D": ["9R", "KE", "8R", "UB", "10B"],
            },
        },
        "actions": [
            "schlag K", "trumpf R", "play 6B", "play KR", "play KE", "play 10R", "bid 3", "gut",
        ],
    }  # fmt: skip
    out = _both(inp)
    assert out["legal"][3] == [
        "bid 3", "bid spiel", "play 10E", "play 7R", "play KR", "play OB", "play OL",
    ]  # fmt: skip
    assert out["scores"] == {"A": 2, "B": 0, "C": 2, "D": 0} and out["over"]


def test_the_schellsiebener_of_the_schlag_rank_beats_the_rechte() -> None:
    """kritischwatten.p1 "die alles, also nicht nur die Trümpfe, sondern auch alle Schläge
    stechen": Schlag Siebener, Trumpf Laub; B leads the Rechte 7L, which asks for Laub. C
    holds none and is free: his Schellsiebener (a Kritischer, no Blinder) takes the trick;
    D and A must give Laub (8L, KL). C offers the Spiel, D lets it pass: A-C write 2."""
    inp = {
        "variant": "k33",
        "deal": {
            "cut": ["8R"],
            "hands": {
                "A": ["AL", "KL", "10R", "8B", "UE"],
                "B": ["7L", "9E", "AR", "KB", "8E"],
                "C": ["7B", "OE", "10E", "7R", "OB"],
                "D": ["9R", "KE", "8L", "UB", "10B"],
            },
        },
        "actions": [
            "schlag 7", "trumpf L", "play 7L", "play 7B", "play 8L", "play KL", "bid spiel", "gut",
        ],
    }  # fmt: skip
    out = _both(inp)
    assert out["legal"][4] == ["bid 3", "bid spiel", "play 8L"]
    assert out["legal"][5] == ["bid 3", "bid spiel", "play AL", "play KL"]
    assert out["scores"] == {"A": 2, "B": 0, "C": 2, "D": 0} and out["over"]


def test_the_weli_may_be_given_as_a_schell_trump() -> None:
    """README "one of the Trumpf suit may be given as one" (kritischwatten.p2 counts the
    Weli with Schell): Schlag Neuner, Trumpf Schell; B leads UB (a trump). C has no Schell
    and is free; D must give Schell and may give the Weli, which takes the trick. D bids
    Drei, A lets it pass: B-D write 2. (Found by differential play; no vector has it.)"""
    inp = {
        "variant": "k33",
        "deal": {
            "cut": ["OL"],
            "hands": {
                "A": ["7L", "8L", "9L", "7B", "KE"],
                "B": ["9B", "UB", "AR", "OB", "OE"],
                "C": ["10R", "KL", "8E", "9R", "10L"],
                "D": ["6B", "10B", "AL", "UE", "9E"],
            },
        },
        "actions": [
            "schlag 9", "trumpf B", "play UB", "play KL", "play 6B", "play 7L", "bid 3", "gut",
        ],
    }  # fmt: skip
    out = _both(inp)
    assert out["legal"][4] == ["bid 3", "bid spiel", "play 10B", "play 6B"]
    assert out["scores"] == {"A": 0, "B": 2, "C": 0, "D": 2} and out["over"]


def test_nur_rechter_the_martl_as_trumpfschlag_asks_for_trumps() -> None:
    """Settled by the black box (WATTEN_FINDINGS.md): under k33_nur_rechter ("nur auf den
    Rechten Trumpf zugegeben") the Martl led with Schlag König and Trumpf Herz counts as the
    Rechte that asks: C, holding Herz trumps, must give one. The Weli led with Schell Trumpf
    asks for nothing (vector nur_rechter_weli_schell)."""
    deal = {
        "cut": ["AL"],
        "hands": {
            "A": ["OB", "AB", "10R", "KE", "8E"],
            "B": ["OR", "8B", "9E", "8L", "KR"],
            "C": ["7L", "9B", "AR", "9R", "UB"],
            "D": ["10E", "7B", "KL", "AE", "7E"],
        },
    }
    inp = {
        "variant": "k33_nur_rechter",
        "deal": deal,
        "actions": ["schlag K", "trumpf R", "play KR"],
    }
    out = _both(dict(inp, actions=[*inp["actions"], "play AR"]))
    assert out["legal"][3] == ["bid 3", "bid spiel", "play 9R", "play AR"]
    with pytest.raises(Refused):
        referee.call(RULE, dict(inp, actions=[*inp["actions"], "play UB"]))


def test_leaving_a_kept_kritischer_shifts_the_stream() -> None:
    """Settled by the black box (README: "the following cards fall as the stream gives
    them"): the deal of k33_weli_behalten lists the Weli as kept and the Eichelas under the
    pack; D leaves the Weli instead, so the Eichelas is B's first card and everything moves
    on by one. D's kept cards shorten his second packet (two, then three less the kept)."""
    deal = {
        "cut": ["6B", "AE"],
        "hands": {
            "A": ["AL", "KL", "10R", "8B", "UE"],
            "B": ["9E", "8L", "AR", "KB", "8E"],
            "C": ["9B", "7L", "10E", "7R", "OB"],
            "D": ["6B", "9R", "9L", "KE", "UB"],
        },
    }
    state = referee.new_deal("k33", deal, None)
    state.apply("leave")
    assert {s: sorted(h) for s, h in state.hands.items()} == {
        "B": ["9E", "AE", "AR", "KB", "KL"],
        "C": ["10E", "7R", "8E", "8L", "9B"],
        "D": ["7L", "9R", "KE", "OB", "UB"],
        "A": ["10R", "8B", "9L", "AL", "UE"],
    }
    out = _both({"variant": "k33", "deal": deal, "actions": ["leave", "schlag 9", "trumpf B"]})
    assert out["legal"][1] == ["schlag 9", "schlag A", "schlag K"]


def test_random_deals_agree_with_the_reference() -> None:
    """Differential play: 20 seeded random deals per variant (cuts with Kritische, D now and
    then leaving a card the deal keeps), every legal list, score and `over` the same as the
    reference adapter's (more: `python -m tests.independent.watten_referee --game
    kritischwatten --walks N`)."""
    counts, found = differential(GAME, 20 * len(referee.VARIANTS), 11, reference)
    assert set(counts.values()) == {20}
    assert found == []
