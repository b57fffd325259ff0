"""The independent Bieten mit dem Weli referee agrees with every bietenweli.transcript vector."""

from __future__ import annotations

import pytest

from tests.independent import bietenweli_referee as referee
from tests.independent.bieten_referee import VARIANTS
from tests.independent.harness import (
    Vector,
    check_transcript_vector,
    transcript_vectors,
    vector_file,
    vector_id,
)

GAME = "bietenweli"
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
        name: (p["players"], p["target"], p["laub_first"], p["bidder_groschen"])
        for name, p in ((n, v["params"]) for n, v in data["variants"].items())
    }
    assert params == VARIANTS


def test_only_the_transcript_rule() -> None:
    """Any other rule is skipped by the adapter protocol, not refused."""
    with pytest.raises(NotImplementedError):
        referee.call(f"{GAME}.figure_winner", {"figure": "herz"})


# Readings no vector exercises (see the report): checked on the referee itself.


def test_weli_cut_anywhere_in_the_cutter_hand() -> None:
    """bietenweli.p2: the cutter keeps the Weli; where it stands in his hand is no rule."""
    hands = [["KR", "9E", "7L"], ["8E", "OL", "6B"], ["10B", "UE", "AL"]]
    deal = {"hands": hands, "weli_cut": True}
    out = referee.call(RULE, {"variant": "drei", "deal": deal, "actions": []})
    assert out == {"legal": [], "scores": {"A": 0, "B": 0, "C": 0}, "over": False}
    elsewhere = [["KR", "9E", "6B"], ["8E", "OL", "7L"], ["10B", "UE", "AL"]]
    with pytest.raises(referee.Refused):
        referee.call(RULE, {"variant": "drei", "deal": dict(deal, hands=elsewhere), "actions": []})
