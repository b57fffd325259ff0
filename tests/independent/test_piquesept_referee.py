"""The independent Piquesept referee agrees with every piquesept.transcript vector of the edition."""

from __future__ import annotations

import pytest

from tests.independent.harness import (
    Vector,
    check_transcript_vector,
    transcript_vectors,
    vector_file,
    vector_id,
)
from tests.independent.piquesept_referee import PiqueseptError, call

GAME = "piquesept"
RULE = f"{GAME}.transcript"
VECTORS = transcript_vectors(GAME)


def test_there_are_transcripts() -> None:
    kinds = {v["kind"] for v in vector_file(GAME)["vectors"] if v["rule"] == RULE}
    assert {"transcript", "rejection"} <= kinds


@pytest.mark.parametrize("vector", VECTORS, ids=vector_id)
def test_transcript_vector(vector: Vector | None) -> None:
    check_transcript_vector(GAME, vector, call, PiqueseptError)


def test_other_rules_are_not_implemented() -> None:
    with pytest.raises(NotImplementedError):
        call("piquesept.pack", {})
