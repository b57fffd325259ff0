"""The independent Bieten referee agrees with every bieten.transcript vector."""

from __future__ import annotations

import pytest

from tests.independent import bieten_referee as referee
from tests.independent.harness import (
    Vector,
    check_transcript_vector,
    transcript_vectors,
    vector_file,
    vector_id,
)

GAME = "bieten"
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
    assert params == referee.VARIANTS


def test_only_the_transcript_rule() -> None:
    """Any other rule is skipped by the adapter protocol, not refused."""
    with pytest.raises(NotImplementedError):
        referee.call(f"{GAME}.figure_winner", {"figure": "herz"})


# Readings no vector exercises (see the report): checked on the referee itself.

HANDS = [["9E", "9L", "KB"], ["9R", "9B", "8E"], ["AL", "7R", "10E"]]
#: Dealer A; B (Vorhand) 9E 9L KB, C 9R 9B 8E, A AL 7R 10E; B passes after his lead (p9). Tricks: A (10E over 9E), A
#: (AL), C (9R over 7R). Both B and C have a Gleich of two Neuner. Herz C 1, Laub A 1,
#: no Hanger, Spiel C 1.
TRICKS = ["play 9E", "pass", "play 8E", "play 10E", "play AL", "play 9L", "play 9B"]
LAST = ["play 7R", "play KB", "play 9R"]


def test_gleich_let_good_flees_when_equalled() -> None:
    """p12 with p29: B's Gleich of two Neuner, let good, flees against C's equal one."""
    actions = ["bid gleich", "gut gleich", "gut gleich", *TRICKS, *LAST]
    out = referee.call(RULE, {"variant": "drei", "deal": {"hands": HANDS}, "actions": actions})
    assert out["scores"] == {"A": 1, "B": 0, "C": 2}


def test_groschen_let_good_flees_when_equalled() -> None:
    """p29 "oder ob ein Groschen gegeben ist": C's Groschen let good flees against B's."""
    actions = ["bid gleich", "drei gleich", "gut gleich", "gut gleich", *TRICKS, *LAST]
    out = referee.call(RULE, {"variant": "drei", "deal": {"hands": HANDS}, "actions": actions})
    assert out["scores"] == {"A": 1, "B": 0, "C": 2}


# The project's readings after the referee's report (BIETEN_FINDINGS.md, Resolved).

P16 = [["AR", "7L", "9L"], ["KR", "KB", "10E"], ["OE", "OL", "9B"]]


def test_the_bidder_gives_no_groschen_on_his_own_figure() -> None:
    """p16: the Groschen is given to the bidder; the variant bieter_groschen lets him."""
    inp = {"variant": "drei", "deal": {"hands": P16}, "actions": ["bid herz", "halten herz"]}
    assert (
        "drei herz"
        not in referee.call(RULE, {**inp, "actions": [*inp["actions"], "play AR"]})["legal"][-1]
    )
    with pytest.raises(referee.Refused):
        referee.call(RULE, {**inp, "actions": [*inp["actions"], "drei herz"]})
    out = referee.call(
        RULE, {**inp, "variant": "bieter_groschen", "actions": [*inp["actions"], "drei herz"]}
    )
    assert out["legal"][-1] == sorted(
        ["bid spiel", "drei herz", "play 7L", "play 9L", "play AR", "bid laub"]
    )


def test_the_vorhand_bids_after_his_first_card() -> None:
    """p9: after his first card the Vorhand may bid, or pass; nobody else has the window."""
    inp = {"variant": "drei", "deal": {"hands": P16}, "actions": ["play AR", "bid laub"]}
    out = referee.call(RULE, inp)
    assert out["legal"][1] == ["bid herz", "bid laub", "bid spiel", "pass"]  # AR on the table
    with pytest.raises(referee.Refused):
        referee.call(RULE, {**inp, "actions": ["play AR", "pass", "pass"]})


def test_scores_below_zero_are_accepted() -> None:
    ctx = {"dealer": "A", "score": {"A": -2, "B": 0, "C": 0}, "out": []}
    referee.call(RULE, {"variant": "drei", "deal": {"hands": P16}, "actions": [], "context": ctx})
    with pytest.raises(referee.Refused):
        ctx7 = {"dealer": "A", "score": {"A": 7, "B": 0, "C": 0}, "out": []}
        referee.call(
            RULE, {"variant": "drei", "deal": {"hands": P16}, "actions": [], "context": ctx7}
        )
