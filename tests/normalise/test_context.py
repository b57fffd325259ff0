"""Repairs that need the words around a token: bleed-through debris, closed-class words
capitalised mid-sentence, misread player letters; and what they must leave alone."""

from __future__ import annotations

from collections import Counter

import pytest

from normalise import garbage, repair
from normalise.corrector import Corrector
from normalise.lexicon import load
from normalise.profile import Profile

# a print whose OCR has the habits of Schwaighofer 1927 (corpus/schwaighofer1927/meta.toml)
PRINT = Profile(
    colon_hyphens=True,
    players="ABCD",
    player_misreadings={"U": "A", "8": "B", "3": "B", "E": "C", "G": "C", "CE": "C"},
    confusions=(("T", "s", -2.0),),
)


def reading(text: str, profile: Profile | None = None) -> str:
    return " ".join(repair(text, profile=profile).reading.split())


def debris_runs(text: str) -> list[tuple[str, bool]]:
    corrector = Corrector(load(), Counter(w.lower() for w in text.split()))
    return [(text[a:b].strip(), sure) for a, b, _, sure in garbage.find(text, corrector)]


# --- bleed-through debris ---------------------------------------------------------


def test_long_debris_run_deleted_as_noise() -> None:
    raw = (
        "Man darf nicht auf dem Tische bloß We si 3 bi dDin ommnt; man . so als gner "
        "beidas sen, wei nn. loß eine einzige Karte liegen lassen."
    )
    r = repair(raw)
    assert " ".join(r.reading.split()) == (
        "Man darf nicht auf dem Tische bloß eine einzige Karte liegen lassen."
    )
    assert any(e.kind == "noise" and e.confidence < 1 for e in r.edits)


def test_short_run_with_two_kinds_of_damage_deleted() -> None:
    # a word repeated without a comma and a figure right after a number word
    raw = "Wenn er keine Karte mehr hat, die er nn fünf fünf 4 legen kann, so paßt er."
    assert "fünf fünf" not in reading(raw)
    assert reading(raw).endswith("legen kann, so paßt er.")


def test_short_run_of_unknown_fragments_only_proposed() -> None:
    raw = "Er hatte gesagt, man solle gner nn ehn dort aufhören und weiter spielen."
    r = repair(raw)
    assert "gner" in r.reading
    assert any(p.kind == "noise" and p.replacement == "" for p in r.proposals)


@pytest.mark.parametrize(
    "text",
    [
        "Ich gewinne in vier Spielen 10, 24, 35, 46, so bekomme ich 1, 2, 4, 5. Nach dem Spiel.",
        "Man marquirt mit den 6, 5, 4, 3, 2, wovon einer die Trefles nimmt.",
        "Das Aß gilt 11, der König 4, die Dame 3, der Bube 2, die übrigen nach Werth.",
        "Die Punkte 1 2 3 4 5 6 werden der Reihe nach gezählt und angeschrieben.",
        "Das Spiel heißt — G o o d h o p e. Dieses ursprünglich Englische Spiel.",
        "Rouge et noir (französisch, sprich: rusch e noar, Rot und Schwarz) wird gespielt.",
        "Dann sagt er: „Moanft i funn die Kart'n molän!“ und lacht dazu.",
        "Die Karten, die die Spieler halten, sind drei, drei und zwei.",
        "Der Kartengeber gibt jedem Spieler drei Karten, zwei verdeckt und eine offen.",
    ],
)
def test_legitimate_text_is_not_debris(text: str) -> None:
    assert [run for run, sure in debris_runs(text) if sure] == []
    assert reading(text) == " ".join(text.split())


# --- closed-class words capitalised mid-sentence ----------------------------------


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            "So beginnt das Spiel, daß Die Gegner nichts merken.",
            "So beginnt das Spiel, daß die Gegner nichts merken.",
        ),
        (
            "Er hat keine Karte; es ist Daher unbedingt nötig zu passen.",
            "Er hat keine Karte; es ist daher unbedingt nötig zu passen.",
        ),
        (
            "Man fragt den Partner, wenn Dieser sie hat.",
            "Man fragt den Partner, wenn dieser sie hat.",
        ),
    ],
)
def test_closed_class_word_lowercased_mid_sentence(raw: str, expected: str) -> None:
    r = repair(raw)
    assert r.reading == expected
    assert any("closed-class" in e.evidence for e in r.edits)


@pytest.mark.parametrize(
    "text",
    [
        "Er spielt die Drei und dann die Dame aus.",  # card names are nouns
        "Es geht darum, wer Einen Stich macht.",  # old prints capitalise the numeral
        "Wenn Sie wollen, spielen wir noch einmal.",  # pronoun of address
        "Das gab es einmal Das Spiel ist alt.",  # may be a lost full stop
        "Der König sticht. Die Dame nicht.",
    ],
)
def test_capitals_that_stay(text: str) -> None:
    assert reading(text) == text


# --- player letters ----------------------------------------------------------------

EXAMPLE = (
    "Es spielen vier Personen. A giebt, B spielt aus, C sticht, und D hat nichts. "
    "Dann spielt A wieder, und B gibt zu. "
)


MISREAD = "U, der nichts mehr hat, passt; E sticht, und da 8 nichts hat, geht er."


def test_misread_player_letter_restored_in_a_worked_example() -> None:
    r = repair(EXAMPLE + MISREAD, profile=PRINT)
    assert r.reading.endswith(
        "A, der nichts mehr hat, passt; C sticht, und da B nichts hat, geht er."
    )
    assert any("player" in e.evidence for e in r.edits)


def test_player_letters_need_the_profile() -> None:
    r = repair(EXAMPLE + MISREAD)
    assert not any("player" in e.evidence for e in r.edits)
    assert r.reading.endswith(MISREAD)


@pytest.mark.parametrize(
    "tail",
    [
        "Er nimmt die 3 ersten Stiche.",  # a number, not a player
        "Siehe 8 25 und 8 26 der Gesetze.",  # paragraph signs read as 8
        "Das Spiel heißt G o o d h o p e.",  # letter-spaced word
    ],
)
def test_player_letters_leave_numbers_alone(tail: str) -> None:
    assert reading(EXAMPLE + tail, PRINT).endswith(tail)


def test_no_player_letters_without_a_worked_example() -> None:
    text = "U bleibt nun nichts anderes übrig, als zu passen."
    assert reading(text, PRINT) == text


# --- hyphens read as colons, long s read as T ---------------------------------------


COLON = "Es müssen mehrere Karten abgehoben wer: den, um es zu sehen."


def test_colon_read_for_a_line_end_hyphen_is_joined() -> None:
    assert reading(COLON, PRINT) == "Es müssen mehrere Karten abgehoben werden, um es zu sehen."


def test_colons_stay_without_the_profile() -> None:
    assert reading(COLON) == COLON


@pytest.mark.parametrize(
    "text",
    [
        "Die Farben sind: die Schell, das Herz und das Laub.",  # no word when joined
        "Er sagt: und dann spielt er aus.",
    ],
)
def test_real_colon_stays(text: str) -> None:
    assert reading(text, PRINT) == text


def test_long_s_read_as_capital_t() -> None:
    assert reading("Wenn es so Tteht, hat er die Tpeziellen Karten.", PRINT) == (
        "Wenn es so steht, hat er die speziellen Karten."
    )


def test_capital_t_for_long_s_needs_the_profile() -> None:
    text = "Wenn es so Tteht, hat er die Tpeziellen Karten."
    assert "Tteht" in reading(text)


def test_capital_t_of_a_known_word_stays() -> None:
    text = "Der Teufel erschien, und Tirol ist weit."
    assert reading(text, PRINT) == text
