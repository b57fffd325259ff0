"""The independent Casino referee agrees with every casino.transcript vector."""

from __future__ import annotations

import pytest

from tests.independent import casino_referee as referee
from tests.independent.harness import (
    Vector,
    check_transcript_vector,
    transcript_vectors,
    vector_file,
    vector_id,
)

GAME = "casino"
RULE = f"{GAME}.transcript"


VECTORS = transcript_vectors(GAME)


@pytest.mark.parametrize("vector", VECTORS, ids=vector_id)
def test_transcript_vector(vector: Vector | None) -> None:
    check_transcript_vector(GAME, vector, referee.call, referee.Refused)


def test_every_transcript_vector_is_checked() -> None:
    """The file has transcript vectors and the referee knows each variant's parameters."""
    data = vector_file(GAME)
    assert [v for v in data["vectors"] if v["rule"] == RULE]
    params = {
        name: (
            p["players"],
            p["three"],
            p["deduction"],
            p["majority"],
            p["must_capture"],
            p["court_sweeps"],
            p["remainder_scores"],
        )
        for name, p in ((n, v["params"]) for n, v in data["variants"].items())
    }
    assert params == referee.VARIANTS


def test_only_the_transcript_rule() -> None:
    """Any other rule is skipped by the adapter protocol, not refused."""
    with pytest.raises(NotImplementedError):
        referee.call(f"{GAME}.card_value", {"card": "10D"})


#: A deal of reading_must_capture (found by differential play against the project's model)
#: in which the dealer A's last card, the King of Coeur, can take nothing by pairing but
#: can sweep the table (p1): 8H 9S 2D lie there, D made the last capture.
SWEEP_DEAL = {
    "table": ["KS", "AH", "6S", "KD"],
    "hands": {
        "A": ["JS", "QS", "3H", "3D", "2S", "10D", "8D", "6H", "AC", "2C", "9S", "KH"],
        "B": ["5C", "4D", "7H", "5S", "AS", "10S", "10C", "JC", "3C", "6D", "5H", "4H"],
        "C": ["QH", "7S", "AD", "5D", "QD", "JD", "9C", "KC", "JH", "2D", "QC", "8S"],
        "D": ["9H", "6C", "2H", "10H", "3S", "4S", "7D", "7C", "8H", "8C", "4C", "9D"],
    },
}
SWEEP_ACTIONS = [
    "capture 7H",
    "take 6S",
    "take AH",
    "done",
    "trail QH",
    "trail 9H",
    "capture QS",
    "take QH",
    "done",
    "trail 4D",
    "trail 5D",
    "trail 10H",
    "trail JS",
    "capture 5C",
    "take 5D",
    "done",
    "trail 7S",
    "trail 6C",
    "trail 3H",
    "trail 5S",
    "trail AD",
    "trail 2H",
    "capture 3D",
    "take 2H",
    "take 3H",
    "take AD",
    "done",
    "capture JC",
    "take JS",
    "done",
    "capture KC",
    "take KS",
    "take KD",
    "done",
    "capture 7D",
    "take 7S",
    "done",
    "capture 10D",
    "take 4D",
    "take 10H",
    "take 6C",
    "done",
    "trail 10S",
    "capture 9C",
    "take 9H",
    "done",
    "trail 3S",
    "capture 8D",
    "take 3S",
    "take 5S",
    "done",
    "capture 10C",
    "take 10S",
    "done",
    "trail JD",
    "trail 7C",
    "trail 2S",
    "trail AS",
    "trail QD",
    "trail 4S",
    "capture 6H",
    "take 2S",
    "take 4S",
    "done",
    "trail 5H",
    "capture QC",
    "take QD",
    "done",
    "capture 8C",
    "take 7C",
    "take AS",
    "done",
    "trail 2C",
    "trail 3C",
    "capture 8S",
    "take 5H",
    "take 3C",
    "done",
    "trail 8H",
    "trail AC",
    "trail 6D",
    "capture JH",
    "take JD",
    "done",
    "capture 9D",
    "take AC",
    "take 6D",
    "take 2C",
    "done",
    "trail 9S",
    "trail 4H",
    "trail 2D",
    "capture 4C",
    "take 4H",
    "done",
]


def test_must_capture_counts_the_sweep_as_taking() -> None:
    """reading_must_capture: "only if no card of his can take anything"; the dealer's last
    court can take the rest of the table (p1 "wegnehmen kann"), so he may not lay it down.
    The King pairs none of 8H 9S 2D: his Kehraus marks no point (README). The project's
    model agrees (it once offered 'trail KH' here; the transcript
    casino.transcript.p1_must_capture_court_sweeps covers the position now)."""
    inp = {"variant": "reading_must_capture", "deal": SWEEP_DEAL}
    out = referee.call(RULE, dict(inp, actions=[*SWEEP_ACTIONS, "kehraus KH"]))
    assert out["legal"][-1] == ["kehraus KH"]
    assert out["over"] and out["scores"] == {"A": 5, "B": 1, "C": 5, "D": 1}
    with pytest.raises(referee.Refused):
        referee.call(RULE, dict(inp, actions=[*SWEEP_ACTIONS, "trail KH"]))
