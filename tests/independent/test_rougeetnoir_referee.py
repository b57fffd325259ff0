"""The independent Rouge et noir referee agrees with every rougeetnoir.transcript vector."""

from __future__ import annotations

import pytest

from tests.independent import rougeetnoir_referee as referee
from tests.independent.harness import (
    Vector,
    check_transcript_vector,
    transcript_vectors,
    vector_file,
    vector_id,
)

GAME = "rougeetnoir"
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
        name: (p["punters"], p["stop"], p["refait"])
        for name, p in ((n, v["params"]) for n, v in data["variants"].items())
    }
    assert params == referee.VARIANTS


def test_only_the_transcript_rule() -> None:
    """Any other rule is skipped by the adapter protocol, not refused."""
    with pytest.raises(NotImplementedError):
        referee.call(f"{GAME}.card_points", {"card": "AS"})
