"""The independent referee agrees with every exported Piquet transcript vector.

Besides the vectors, a few deals worked out by hand check readings no vector exercises
(Gesetz 2 with packets of two, Carte blanche, Repic, the Pic under both readings, the
overfull hand of Gesetz 6).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from stichwort.cli import main
from tests.conftest import built
from tests.independent.piquet_referee import VARIANTS, Referee, RefereeError, call, transcript

REFEREE = Path(__file__).resolve().parent / "piquet_referee.py"
PACK = [r + s for s in "SHDC" for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]


def _transcript_vectors() -> list[dict[str, Any]]:
    """Every vector of rule ``piquet.transcript`` in the exported file."""
    data = json.loads(built("vectors/piquet.json").read_text(encoding="utf-8"))
    return [v for v in data["vectors"] if v["rule"] == "piquet.transcript"]


def _play(variant: str, deal: dict[str, Any], actions: list[str]) -> Referee:
    """A referee after the given actions."""
    ref = Referee.from_deal(VARIANTS[variant], copy.deepcopy(deal))
    for action in actions:
        ref.apply(action)
    return ref


# --- the vectors ------------------------------------------------------------------------


def test_there_are_transcripts_of_both_kinds() -> None:
    kinds = {v["kind"] for v in _transcript_vectors()}
    assert kinds == {"transcript", "rejection"}


def test_every_transcript_agrees() -> None:
    disagreements: list[str] = []
    vectors = [v for v in _transcript_vectors() if v["kind"] == "transcript"]
    for vector in vectors:
        got = transcript(copy.deepcopy(vector["input"]))
        expected = vector["expected"]
        assert set(expected) == {"legal", "scores", "over"}, vector["id"]
        for i, (mine, theirs) in enumerate(zip(got["legal"], expected["legal"], strict=True)):
            if mine != theirs:
                disagreements.append(f"{vector['id']} before action {i}: {mine} != {theirs}")
                break
        if (got["scores"], got["over"]) != (expected["scores"], expected["over"]):
            disagreements.append(f"{vector['id']}: {got['scores']}, {got['over']}")
    assert len(vectors) >= 70
    assert disagreements == []


def test_every_rejection_is_refused_at_its_last_action() -> None:
    vectors = [v for v in _transcript_vectors() if v["kind"] == "rejection"]
    for vector in vectors:
        data = copy.deepcopy(vector["input"])
        with pytest.raises(RefereeError):
            transcript(data)
        *before, last = data["actions"]
        ref = _play(data["variant"], data["deal"], before)  # all but the last are legal
        assert last not in ref.legal(), vector["id"]
    assert len(vectors) >= 15


def test_conform_reports_no_failure(capsys: pytest.CaptureFixture[str]) -> None:
    vectors = built("vectors/piquet.json")
    status = main(["conform", str(REFEREE), "--vectors", str(vectors), "--json"])
    report = json.loads(capsys.readouterr().out)
    assert status == 0
    assert report["summary"]["failed"] == 0
    rule = next(r for r in report["rules"] if r["rule"] == "piquet.transcript")
    assert (rule["passed"], rule["failed"], rule["skipped"]) == (len(_transcript_vectors()), 0, 0)


def test_adapter_answers_only_transcripts() -> None:
    with pytest.raises(NotImplementedError):
        call("piquet.sequence_value", {"length": 5})
    with pytest.raises(RefereeError):
        call("piquet.transcript", {"variant": "partie101", "deal": {}, "actions": []})


# --- readings the vectors leave open, worked out by hand ----------------------------------


def test_gesetz2_packet_of_two() -> None:
    """Fourteen dealt by twos is a packet too many (redeal); by threes it is no misdeal."""
    deal = {"elder": PACK[:14], "younger": PACK[14:26], "talon": PACK[26:], "packet": 2}
    assert transcript({"deal": deal, "actions": []}) == {
        "legal": [],
        "scores": {"elder": 0, "younger": 0},
        "over": True,
    }
    with pytest.raises(RefereeError):
        transcript({"deal": deal, "actions": ["play on"]})
    with pytest.raises(RefereeError):
        transcript({"deal": {**deal, "packet": 3}, "actions": []})


# Elder: no King, Queen or Jack. He discards 9S 8S 7S and buys 9D 8D 7D:
#   AS 10S | AH 10H 9H 8H 7H | AD 10D 9D 8D 7D: Carte blanche 10; point 5 (45);
#   Quarten from the Ten in Coeur and Carreau; three Aces, three Tens.
# Younger discards KS QS and buys AC 10C:
#   JS | KH QH JH | KD QD JD | AC KC QC JC 10C: point 5 (51) beats 5 (45): 5;
#   Quinte major 15 + two Tierces from the King 3 + 3 = 21 beats the Quarten;
#   four Jacks 14 + three Kings 3 + three Queens 3 = 20 beats the Aces. Younger 46.
BLANCHE = {
    "elder": ["AS", "10S", "9S", "8S", "7S", "AH", "10H", "9H", "8H", "7H", "AD", "10D"],
    "younger": ["KS", "QS", "JS", "KH", "QH", "JH", "KD", "QD", "JD", "KC", "QC", "JC"],
    "talon": ["9D", "8D", "7D", "AC", "10C", "9C", "8C", "7C"],
}
BLANCHE_EXCHANGE = [
    "discard 9S", "discard 8S", "discard 7S", "buy 3",
    "discard KS", "discard QS", "buy 2",
]  # fmt: skip


def test_carte_blanche_declared_first_and_counted() -> None:
    ref = _play("partie101", BLANCHE, BLANCHE_EXCHANGE)
    assert ref.legal() == ["declare carte_blanche", "omit carte_blanche"]
    for _ in range(7):  # E blanche; E, Y point; E, Y sequences; E, Y sets
        ref.apply(ref.legal()[0])
    assert ref.scores() == {"elder": 10, "younger": 46}
    assert ref.phase == "play"


def test_repic_when_the_elder_shows_nothing_valid() -> None:
    """Omitting his Carte blanche, the elder counts nothing: the younger's 46 make a Repic."""
    ref = _play("partie101", BLANCHE, [*BLANCHE_EXCHANGE, "omit carte_blanche"])
    for _ in range(6):
        ref.apply(ref.legal()[0])
    assert ref.scores() == {"elder": 0, "younger": 46 + 60}
    assert "revise carte_blanche" in ref.legal()  # Gesetz 3: before his first card
    ref.apply("revise carte_blanche")
    ref.apply("play AS")
    assert ref.scores() == {"elder": 10 + 1, "younger": 46}  # Gesetz 15: given back


# Elder discards 7D 8D 9D, buys 8S 7S 7H: eight Pique and AH KH QH 7H: point 8,
#   Octave 18 + Tierce major 3 = 21, no set: 29. Younger discards 9H 8H, buys 10D 10C:
#   JH 10H | AD KD QD JD 10D | AC KC QC JC 10C: his Quinten lose to the Octave, his
#   point of 5 to the 8; three Jacks 3 + three Tens 3 = 6 count (the elder has no set).
PIC = {
    "elder": ["AS", "KS", "QS", "JS", "10S", "9S", "AH", "KH", "QH", "9D", "8D", "7D"],
    "younger": ["JH", "10H", "9H", "8H", "AD", "KD", "QD", "JD", "AC", "KC", "QC", "JC"],
    "talon": ["8S", "7S", "7H", "10D", "10C", "9C", "8C", "7C"],
}
PIC_ACTIONS = [
    "discard 9D", "discard 8D", "discard 7D", "buy 3",
    "discard 9H", "discard 8H", "buy 2",
    "declare point", "declare point", "declare sequences", "declare sequences",
    "declare sets", "play AS", "play 10H",
]  # fmt: skip


def test_pic_under_both_readings() -> None:
    """His Ace makes 30: a Pic only if the younger's six do not bar it (p16 vs p17)."""
    edition = transcript({"variant": "partie101", "deal": PIC, "actions": PIC_ACTIONS})
    assert edition["legal"][11] == ["declare sets", "omit sets"]  # the younger's sets only
    assert edition["scores"] == {"elder": 30, "younger": 6}
    literal = transcript({"variant": "reading_pic_no_trick", "deal": PIC, "actions": PIC_ACTIONS})
    assert literal["scores"] == {"elder": 60, "younger": 6}


def test_overfull_hand_counts_nothing_and_its_thirteenth_card_is_dead() -> None:
    """Gesetze 1 and 6: the dealer took thirteen; the elder plays on.

    The younger keeps thirteen: he declares nothing and counts nothing, so the elder's
    point 4 (39), Tierce from the Jack + Quarte from the Queen 7 and three Queens + three
    Jacks 6 count, 17. Twelve tricks are played; the younger's last card is never played.
    """
    deal = {
        "elder": ["JS", "10S", "9S", "8S", "QH", "JH", "10H", "8H", "QD", "JD", "10D", "QC"],
        "younger": ["AS", "KS", "QS", "7S", "AH", "KH", "7H", "AD", "KD", "7D", "AC", "KC", "7C"],
        "talon": ["9H", "9D", "8D", "JC", "10C", "9C", "8C"],
    }
    actions = ["play on", "discard 8S", "discard 8H", "discard 10D", "buy 3"]
    ref = _play("partie101", deal, [*actions, "discard 7S", "discard 7H", "buy 2"])
    assert ref.legal() == ["declare point", "omit point"]
    for _ in range(3):  # point, sequences, sets: the elder's only
        ref.apply(ref.legal()[0])
    assert ref.phase == "play"
    assert ref.scores() == {"elder": 17, "younger": 0}
    plays = 0
    while ref.phase == "play":
        ref.apply(ref.legal()[0])
        plays += 1
    assert plays == 24 and len(ref.hands["younger"]) == 1
    assert ref.scores()["younger"] == 0


def test_short_and_overfull_play_twelve_tricks_at_most() -> None:
    """Elder thirteen, younger eleven: eleven tricks, then the elder's twelfth card alone."""
    deal = {"elder": PACK[:13], "younger": PACK[13:24], "talon": PACK[24:]}
    exchange = ["play on", "discard 7S", "discard 8S", "discard 9S", "discard 10S", "buy 4"]
    ref = _play("partie101", deal, [*exchange, "discard 7D", "discard 8D", "buy 2"])
    assert ref.kept == {"elder": 13, "younger": 11}
    assert ref.legal() == ["declare point", "omit point"]  # the younger's, the elder has none
    while ref.phase == "declare":
        ref.apply(ref.legal()[0])
    plays = 0
    while ref.phase == "play":
        ref.apply(ref.legal()[0])
        plays += 1
    assert plays == 11 * 2 + 1
    assert len(ref.tricks) == 12 and len(ref.hands["elder"]) == 1 and not ref.hands["younger"]
    assert ref.scores()["elder"] == 0
