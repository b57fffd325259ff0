"""The independent Kleeblatt referee agrees with every kleeblatt.transcript vector."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.conftest import BUILD, built
from tests.independent import kleeblatt_referee as referee

GAME = "kleeblatt"
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
            referee.call(RULE, copy.deepcopy(inp))
        referee.call(RULE, dict(inp, actions=inp["actions"][:-1]))
        return
    assert referee.call(RULE, inp) == vector["expected"]


def test_every_transcript_vector_is_checked() -> None:
    """The file has transcript vectors and the referee knows each variant's parameters."""
    data = _file()
    assert [v for v in data["vectors"] if v["rule"] == RULE]
    params = {
        name: (p["punters"], p["pack"], p["courts"])
        for name, p in ((n, v["params"]) for n, v in data["variants"].items())
    }
    assert params == referee.VARIANTS


def test_only_the_transcript_rule() -> None:
    """Any other rule is skipped by the adapter protocol, not refused."""
    with pytest.raises(NotImplementedError):
        referee.call(f"{GAME}.card_worth", {"card": "AS"})
