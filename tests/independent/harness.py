"""What the referees' tests share: a game's transcript vectors from the build, and the
replay of one vector against a referee.

Only the harness is shared; each referee keeps its own reading of the text.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from tests.conftest import BUILD, built

Vector = dict[str, Any]


def vector_file(game: str) -> dict[str, Any]:
    """``build/vectors/<game>.json`` (the test fails with advice when it is missing)."""
    return json.loads(built(f"vectors/{game}.json").read_text(encoding="utf-8"))


def transcript_vectors(game: str) -> list[Vector | None]:
    """The game's transcript vectors, or ``[None]`` (one failing case) when the build is
    missing, so that collection never silently finds nothing."""
    path = BUILD / "vectors" / f"{game}.json"
    if not path.exists():
        return [None]
    data = json.loads(path.read_text(encoding="utf-8"))
    return [v for v in data["vectors"] if v["rule"] == f"{game}.transcript"]


def vector_id(vector: Vector | None) -> str:
    """The test id of a vector."""
    return vector["id"] if vector else "missing"


def check_transcript_vector(
    game: str,
    vector: Vector | None,
    call: Callable[[str, dict[str, Any]], Any],
    refused: type[BaseException],
) -> None:
    """Legal lists, scores and ``over`` agree exactly; a rejection is refused at its last
    action, and the actions before it replay."""
    if vector is None:
        vector_file(game)
        return
    rule = f"{game}.transcript"
    given = vector["input"]
    if vector["kind"] == "rejection":
        with pytest.raises(refused):
            call(rule, copy.deepcopy(given))
        call(rule, dict(copy.deepcopy(given), actions=given["actions"][:-1]))
        return
    got = call(rule, copy.deepcopy(given))
    expected = vector["expected"]
    assert len(got["legal"]) == len(expected["legal"])
    for i, (want, have) in enumerate(zip(expected["legal"], got["legal"], strict=True)):
        assert have == want, f"legal actions before action {i} ({given['actions'][i]})"
    assert got == expected
