"""The independent Perlaggen referee agrees with every perlaggen.transcript vector.

Besides the vectors: deals worked out by hand from the text (p21's baptised Asses, § 31
under each reading) and a small seeded differential run against the reference adapter
(``python -m tests.independent.perlaggen_referee --games N`` runs more).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from rules import reference_adapter
from tests.independent import perlaggen_referee as referee
from tests.independent.harness import (
    Vector,
    check_transcript_vector,
    transcript_vectors,
    vector_file,
    vector_id,
)

GAME = "perlaggen"
RULE = f"{GAME}.transcript"


VECTORS = transcript_vectors(GAME)


@pytest.mark.parametrize("vector", VECTORS, ids=vector_id)
def test_transcript_vector(vector: Vector | None) -> None:
    check_transcript_vector(GAME, vector, referee.call, referee.Refused)


def test_every_variant_is_known() -> None:
    """The file has transcripts of both kinds, and the referee knows each variant's
    parameters exactly as the file declares them."""
    data = vector_file(GAME)
    kinds = {v["kind"] for v in data["vectors"] if v["rule"] == RULE}
    assert kinds == {"transcript", "rejection"}
    params = {
        name: (p["ordnung"], p["exchange"], p["follow"], p["false_bid"], p["custom"])
        for name, p in ((n, v["params"]) for n, v in data["variants"].items())
    }
    assert params == referee.VARIANTS


def test_only_the_transcript_rule() -> None:
    """Any other rule is skipped by the adapter protocol, not refused."""
    with pytest.raises(NotImplementedError):
        referee.call(f"{GAME}.figure_points", {})


# --- deals worked out by hand -----------------------------------------------------------

#: Herz trump (9R turned, no exchange). Trick 1: A leads the natural Herzas, B's
#: Trumpfober baptised Herzas beats it, C's Weli baptised Herzas beats that (p21: "mit
#: einem besseren Perlagg kann man aber die Trumpfassen, die mit einem rangniederen
#: Perlagg gemacht wurden, stechen"); D must follow with his plain 10R (p20). C leads
#: the second trick (10L): D OL, A 9L, B KL: B wins. B 9B, C 8B, D KB, A AB: A wins.
#: A 10B, B 8E, C AE, D 9E (nobody trumps, Eichel is not trump): A's third trick.
#: Showing, nothing bid: Gleich A's AR AB / C's AR (Weli) AE (two Asses) beat D's two
#: Kings: AC 1. Hanger: C's UL 10L (Unter high) beat A's 9L 8L; BD have none: AC 1.
#: Spiel AC 1. AC 3, BD 0.
P21_DEAL = {
    "A": ["AR", "8L", "9L", "10B", "AB"],
    "B": ["OR", "KL", "7L", "9B", "8E"],
    "C": ["6B", "UL", "10L", "8B", "AE"],
    "D": ["10R", "KB", "KE", "OL", "9E"],
    "trump": "9R",
}
P21_ACTIONS = [
    "play AR", "play OR as AR", "play 6B as AR", "play 10R",
    "play 10L", "play OL", "play 9L", "play KL",
    "play 9B", "play 8B", "play KB", "play AB",
    "play 10B", "play 8E", "play AE", "play 9E",
    "show", "show", "show", "show",
]  # fmt: skip


def test_p21_better_perlagg_takes_the_baptised_ace() -> None:
    out = referee.call(RULE, {"variant": "ordnung1890", "deal": P21_DEAL, "actions": P21_ACTIONS})
    assert [a for a in out["legal"][3] if a.startswith("play")] == ["play 10R"]
    assert out["over"]
    assert out["scores"] == {"A": 3, "B": 0, "C": 3, "D": 0}


def test_p21_natural_card_loses_to_its_baptised_double() -> None:
    """Had D not to follow, B's baptised Ace would still lose to C's: the lead after
    the first trick is C's, never B's."""
    actions = [*P21_ACTIONS[:4], "play KL"]
    with pytest.raises(referee.Refused):
        referee.call(RULE, {"variant": "ordnung1890", "deal": P21_DEAL, "actions": actions})


#: Eichel trump (AE turned, no exchange). A bids all three figures; B lets them be good:
#: AC write 1 + 1 + 1. Neither A (AL KL OR 10E 8B) nor C (UB 9R 10L KE 7R) holds two
#: cards of a rank or a Perlagg: AC could neither have nor make the Gleich (§ 31).
FALSE_GLEICH_DEAL = {
    "A": ["AL", "KL", "OR", "10E", "8B"],
    "B": ["9B", "10B", "AR", "OL", "8L"],
    "C": ["UB", "9R", "10L", "KE", "7R"],
    "D": ["KR", "6B", "UL", "9L", "7L"],
    "trump": "AE",
}


@pytest.mark.parametrize(
    ("variant", "ac"),
    [
        ("ordnung1890", 0),  # 1890 § 31: 3 - 3
        ("ordnung1924", -3),  # 1924 § 31: the deal's points lost and 3 more
        ("reading1924_par7", -2),  # 1924 § 7: the figures lost and 2 points
        ("reading1890_trumped", 0),
        ("suedtirol1890", 0),
    ],
)
def test_par31_false_gleich(variant: str, ac: int) -> None:
    actions = ["bid gleich hanger spiel", "gut gleich", "gut hanger", "gut spiel"]
    out = referee.call(RULE, {"variant": variant, "deal": FALSE_GLEICH_DEAL, "actions": actions})
    assert out["over"]
    assert out["scores"] == {"A": ac, "B": 0, "C": ac, "D": 0}


def test_par20_1890_counts_the_figures_bid_at_once() -> None:
    """1890 § 20: at 12 of 15 two figures at once are allowed (14), three are not (15);
    at 13 only one; at 14 none. 1924 § 20 forbids only the bid at 14."""
    inp: dict[str, Any] = {"deal": FALSE_GLEICH_DEAL, "actions": ["play AL"]}
    for variant, score, largest in (
        ("ordnung1890", 12, 2), ("ordnung1890", 13, 1), ("ordnung1890", 14, 0),
        ("ordnung1924", 13, 3), ("ordnung1924", 14, 0),
    ):  # fmt: skip
        ctx = {"score": {"AC": score, "BD": 0}, "target": 15}
        out = referee.call(RULE, dict(inp, variant=variant, context=ctx))
        bids = [len(a.split()) - 1 for a in out["legal"][0] if a.startswith("bid")]
        assert max(bids, default=0) == largest, (variant, score)


def test_the_hand_worked_deals_agree_with_the_reference() -> None:
    """The project's model gives the same answers (called as a black box)."""
    actions = ["bid gleich hanger spiel", "gut gleich", "gut hanger", "gut spiel"]
    cases = [
        {"variant": "ordnung1890", "deal": P21_DEAL, "actions": P21_ACTIONS},
        *({"variant": v, "deal": FALSE_GLEICH_DEAL, "actions": actions} for v in referee.VARIANTS),
    ]
    for case in cases:
        assert referee.call(RULE, copy.deepcopy(case)) == reference_adapter.call(RULE, case)


def test_a_figure_let_be_good_is_written_at_once() -> None:
    """p25: "das Recht, sich für die gutgelassene Figur sofort einen Punkt
    gutzuschreiben": the running score counts it before the deal is over. (The project
    answered 0 until the deal was over; it agrees since, see PERLAGGEN_FINDINGS.md.)"""
    case = {"variant": "ordnung1890", "deal": P21_DEAL, "actions": ["bid spiel", "gut spiel"]}
    out = referee.call(RULE, case)
    assert not out["over"]
    assert out["scores"] == {"A": 1, "B": 0, "C": 1, "D": 0}


# --- differential play against the reference adapter ----------------------------------


@pytest.mark.parametrize("variant", list(referee.VARIANTS))
def test_random_games_agree_with_the_reference(variant: str) -> None:
    """Twenty seeded random games per variant, half of them near the end of a Partie:
    legal actions at every step, scores and over at the end agree."""
    rng = random.Random(f"test-{variant}")
    differences = [
        d for _ in range(20) if (d := referee.walk(rng, variant, reference_adapter.call))
    ]
    assert differences == []
