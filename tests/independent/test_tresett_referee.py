"""The independent Tresett referee agrees with every tresett.transcript vector of the edition."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from tests.conftest import BUILD, built
from tests.independent.tresett_referee import TresettError, call

RULE = "tresett.transcript"
FILE = "vectors/tresett.json"


def _ids() -> list[str]:
    """The ids of the transcript vectors (one placeholder if the build is missing)."""
    path = BUILD / FILE
    if not path.exists():
        return ["vectors-missing"]
    data = json.loads(path.read_text(encoding="utf-8"))
    return [v["id"] for v in data["vectors"] if v["rule"] == RULE]


@pytest.fixture(scope="module")
def vectors() -> dict[str, dict[str, Any]]:
    """The transcript vectors by id, from build/vectors (fails with advice if missing)."""
    data = json.loads(built(FILE).read_text(encoding="utf-8"))
    return {v["id"]: v for v in data["vectors"] if v["rule"] == RULE}


def test_there_are_transcripts(vectors: dict[str, dict[str, Any]]) -> None:
    assert any(v["kind"] == "transcript" for v in vectors.values())
    assert any(v["kind"] == "rejection" for v in vectors.values())


@pytest.mark.parametrize("vector_id", _ids())
def test_transcript_vector(vector_id: str, vectors: dict[str, dict[str, Any]]) -> None:
    vector = vectors[vector_id]
    if vector["kind"] == "rejection":
        accepted = copy.deepcopy(vector["input"])
        accepted["actions"] = accepted["actions"][:-1]
        call(RULE, accepted)  # everything before the last action is legal
        with pytest.raises(TresettError):
            call(RULE, copy.deepcopy(vector["input"]))
        return
    expected = vector["expected"]
    got = call(RULE, copy.deepcopy(vector["input"]))
    assert len(got["legal"]) == len(expected["legal"])
    for i, (want, have) in enumerate(zip(expected["legal"], got["legal"], strict=True)):
        assert have == want, f"legal actions before action {i} ({vector['input']['actions'][i]})"
    assert got["scores"] == expected["scores"]
    assert got["over"] is expected["over"]
    assert got == expected


def test_other_rules_are_not_implemented() -> None:
    with pytest.raises(NotImplementedError):
        call("tresett.pack", {})
