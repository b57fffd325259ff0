"""The independent Bieten mit dem Weli referee agrees with every bietenweli.transcript vector."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.conftest import BUILD, built
from tests.independent import bietenweli_referee as referee
from tests.independent.bieten_referee import VARIANTS

GAME = "bietenweli"
RULE = f"{GAME}.transcript"


def _file() -> dict[str, Any]:
    return json.loads(built(f"vectors/{GAME}.json").read_text(encoding="utf-8"))


def _vectors() -> list[dict[str, Any] | None]:
    """The transcript vectors, or [None] (a failing case) when the build is missing."""
    path = BUILD / "vectors" / f"{GAME}.json"
    if not path.exists():
        return [None]
    data = json.loads(path.read_text(encoding="utf-8"))
    return [v for v in data["vectors"] if v["rule"] == RULE]


VECTORS = _vectors()


@pytest.mark.parametrize("vector", VECTORS, ids=lambda v: v["id"] if v else "missing")
def test_transcript_vector(vector: dict[str, Any] | None) -> None:
    """Legal lists, scores and over agree exactly; a rejection is refused at its last
    action (the prefix before it replays)."""
    if vector is None:
        _file()
        return
    inp = copy.deepcopy(vector["input"])
    if vector["kind"] == "rejection":
        with pytest.raises(referee.Refused):
            referee.call(RULE, inp)
        referee.call(RULE, dict(inp, actions=inp["actions"][:-1]))
        return
    assert referee.call(RULE, inp) == vector["expected"]


def test_every_transcript_vector_is_checked() -> None:
    """The file has transcript vectors and the referee knows each variant's parameters."""
    data = _file()
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
