"""The independent Spitzbieten referee agrees with every spitzbieten.transcript vector."""

from __future__ import annotations

import pytest

from tests.independent import spitzbieten_referee as referee
from tests.independent.bieten_referee import VARIANTS, figure_value
from tests.independent.harness import (
    Vector,
    check_transcript_vector,
    transcript_vectors,
    vector_file,
    vector_id,
)

GAME = "spitzbieten"
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


def test_fewer_wild_cards_make_the_better_figure() -> None:
    """A Hanger 9-8 of the Weli and the Schellsiebener is below one of the Eichelsiebener
    and a natural card; with one wild card each, the Weli's is the better."""
    weli_and_spitz = (("9R", 2), ("8R", 1), ("KL", 3))
    spitz_and_natural = (("9E", 0), ("8E", 3), ("AL", 3))
    weli_and_natural = (("9R", 2), ("8R", 3), ("KL", 3))
    assert figure_value(weli_and_spitz, "hanger") < figure_value(spitz_and_natural, "hanger")
    assert figure_value(spitz_and_natural, "hanger") < figure_value(weli_and_natural, "hanger")
