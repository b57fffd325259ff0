"""The independent Watten referee agrees with every watten.transcript vector, with hand-worked
deals of its own and with the project's reference adapter on random deals."""

from __future__ import annotations

import copy

import pytest

from rules.reference_adapter import call as reference
from tests.independent import watten_referee as referee
from tests.independent.harness import (
    Vector,
    check_transcript_vector,
    transcript_vectors,
    vector_file,
    vector_id,
)

GAME = "watten"
RULE = f"{GAME}.transcript"


VECTORS = transcript_vectors(GAME)


@pytest.mark.parametrize("vector", VECTORS, ids=vector_id)
def test_transcript_vector(vector: Vector | None) -> None:
    check_transcript_vector(GAME, vector, referee.call, referee.Refused)


def test_every_transcript_vector_is_checked() -> None:
    """The file has transcript vectors and the referee knows each variant's parameters."""
    data = vector_file(GAME)
    assert [v for v in data["vectors"] if v["rule"] == RULE]
    params = {name: v["params"] for name, v in data["variants"].items()}
    assert params == {
        name: {"players": p.players, "target": p.target, "gespannt": p.gespannt}
        for name, p in referee.VARIANTS.items()
    }


def test_only_the_transcript_rule() -> None:
    """Any other rule is skipped by the adapter protocol, not refused."""
    with pytest.raises(NotImplementedError):
        referee.call(f"{GAME}.rechte", {"schlag": "9", "trumpf": "L"})


#: The deal of the book's example (zuviert.p6), as in transcripts.toml.
BEISPIEL = {
    "hands": {
        "A": ["UB", "AE", "KE", "OE", "10L"],
        "B": ["UE", "UL", "7R", "8B", "9R"],
        "C": ["8R", "AL", "KL", "10E", "7B"],
        "D": ["UR", "OL", "9E", "8E", "10B"],
    }
}
#: The deal of transcripts.toml's zuviert_rechte_holt_truempfe (Schlag 8, Trumpf Herz).
RECHTE_DEAL = {
    "hands": {
        "A": ["AR", "10R", "KE", "9L", "7B"],
        "B": ["8R", "8E", "AL", "9E", "10B"],
        "C": ["KR", "7R", "OE", "UL", "8B"],
        "D": ["8L", "OR", "AE", "KB", "7E"],
    }
}


def test_thirteen_belongs_to_the_persons_not_the_seats() -> None:
    """zuviert.p8 with person B dealing (zuviert.p6 "das zweitemal"): seat A is person B,
    seat B person C, seat C person D, seat D person A. Persons A and C have 13, so the seats
    B and D "dürfen nicht mehr Drei bieten": B may offer only the Spiel. Seat C (person D, of
    the party at 0) answers it with Drei; seat D (person A, at 13) may let it pass or hold,
    not raise. He lets it pass: the seats A and C write 2, as for a Drei let pass
    (zuzweit.p7 "Der, dem das Spiel gut ist, bekommt zwei Punkte")."""
    inp = {
        "variant": "zu_viert",
        "deal": BEISPIEL,
        "context": {"dealer": "B", "score": {"AC": 13, "BD": 0}},
        "actions": ["schlag U", "trumpf E", "bid spiel", "bid 3", "gut"],
    }
    out = referee.call(RULE, copy.deepcopy(inp))
    assert out["legal"][2] == ["bid spiel", "play 7R", "play 8B", "play 9R", "play UE", "play UL"]
    assert out["legal"][3] == ["bid 3", "gut", "hold"]
    assert out["legal"][4] == ["gut", "hold"]
    assert out["scores"] == {"A": 2, "B": 0, "C": 2, "D": 0} and out["over"]
    assert reference(RULE, copy.deepcopy(inp)) == out


def test_spielaus_counts_what_the_persons_lack() -> None:
    """zuzweit.p7 "bis zu Spielaus": the ladder of zuviert_spielaus, but person D deals and
    the persons stand AC 4, BD 10. The seats B and D are persons A and C (4). C bids
    Spielaus, D holds, and B-D make the three tricks of that deal (B's Rechte 8R, his Blinder
    8E, D's Blinder 8L): they write all they lack, 15 - 4 = 11."""
    actions = [
        "schlag 8", "trumpf R",
        "bid 3", "bid 4", "bid 5", "bid 6", "bid 7", "bid spielaus", "hold",
        "play 8R", "play 7R", "play OR", "play 10R",
        "play 8E", "play 8B", "play 7E", "play AR",
        "play AL", "play UL", "play 8L", "play 9L",
    ]  # fmt: skip
    inp = {
        "variant": "zu_viert",
        "deal": RECHTE_DEAL,
        "context": {"dealer": "D", "score": {"AC": 4, "BD": 10}},
        "actions": actions,
    }
    out = referee.call(RULE, copy.deepcopy(inp))
    assert out["scores"] == {"A": 0, "B": 11, "C": 0, "D": 11} and out["over"]
    assert reference(RULE, copy.deepcopy(inp)) == out


def test_the_first_blinder_keeps_the_trick() -> None:
    """zuzweit.p5 "Ein ausgespielter Blinder kann nur vom Rechten, nicht aber von einem
    anderen Blinden gestochen werden": zu zweit, Schlag Unter, Trumpf Eichel. B leads UL (a
    Blinder), A answers UB (a Blinder) and loses; B leads UR, A's UE (the Rechte) takes it.
    A leads AE (trump): B holds no Eichel and gives 7B; A. A leads 8E (trump): B gives KR.
    A. B: two tricks; A: three (the Rechte, two trumps): A writes 2."""
    inp = {
        "variant": "zu_zweit",
        "deal": {
            "hands": {"A": ["UB", "UE", "AE", "8E", "9L"], "B": ["UL", "UR", "7B", "KR", "AL"]}
        },
        "actions": [
            "schlag U", "trumpf E",
            "play UL", "play UB", "play UR", "play UE",
            "play AE", "play 7B", "play 8E", "play KR",
        ],
    }  # fmt: skip
    out = referee.call(RULE, copy.deepcopy(inp))
    assert out["legal"][3] == [
        "bid 3",
        "bid spiel",
        "play 8E",
        "play 9L",
        "play AE",
        "play UB",
        "play UE",
    ]
    assert out["scores"] == {"A": 2, "B": 0} and out["over"]
    assert reference(RULE, copy.deepcopy(inp)) == out


@pytest.mark.parametrize("game", ["watten"])
def test_random_deals_agree_with_the_reference(game: str) -> None:
    """Differential play: 20 seeded random deals per variant, every legal list, score and
    `over` the same as the reference adapter's (more: run the module as a script)."""
    counts, found = referee.differential(game, 20 * len(referee.VARIANTS), 11, reference)
    assert set(counts.values()) == {20}
    assert found == []
