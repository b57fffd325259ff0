"""Repairs that need the words around a token: bleed-through debris, closed-class words
capitalised mid-sentence, misread player letters; and what they must leave alone."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from normalise import context, garbage, repair
from normalise.channel import Table, table
from normalise.corrector import Corrector
from normalise.engine import _long_s_rates
from normalise.lexicon import load
from normalise.profile import Profile

ROOT = Path(__file__).resolve().parents[2]
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
        # a relative pronoun after a comma (Schwaighofer's "eine Figur, Die man ...")
        (
            "Er spielt auf eine Figur, Die man sicher macht.",
            "Er spielt auf eine Figur, die man sicher macht.",
        ),
        # words no article makes nouns, after a word no sentence ends with
        # (Schwaighofer's "und ist Damit aus", "man verrät sich Dabei")
        (
            "Er hat vier Asse und ist Damit fertig.",
            "Er hat vier Asse und ist damit fertig.",
        ),
        ("Er sagt es und Hat doch nichts.", "Er sagt es und hat doch nichts."),
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
        "Er nimmt die Karte, Die Dame liegt.",  # a full stop read as a comma: a noun next
        "Er nimmt die Karte, Dann spielt er.",  # as likely a full stop read as a comma
        "Er blieb dabei Damit war es aus.",  # a lost full stop: a verb follows an adverb
        "Es gibt nur das Stechen und das Bieten.",  # nouns made of verbs
        "Man nimmt eine Winde, um Waren zu heben.",  # a verb's form that is a noun too
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


# --- real-word errors decided by word bigrams (normalise.context) --------------------


def ocr_edits(raw: str) -> dict[str, tuple[str, str]]:
    """Each word-level OCR edit of the repair: raw word -> (reading word, evidence)."""
    r = repair(raw)
    out = {}
    for e in r.edits:
        if e.kind == "ocr":
            a, b = e.start, e.end
            while a > 0 and raw[a - 1].isalpha():
                a -= 1
            while b < len(raw) and raw[b].isalpha():
                b += 1
            out[raw[a:b]] = (r.reading_span(a, b), e.evidence)
    return out


def test_bigrams_pick_keinen_in_unter_feinen_umstaenden() -> None:
    # the print's long s is read as f throughout, so the channel alone says "seinen"
    raw = "Man muß unter feinen Umftänden fo fpielen, fonft ift es verloren."
    edits = ocr_edits(raw)
    word, evidence = edits["feinen"]
    assert word == "keinen"
    assert evidence.startswith("context:") and "'unter keinen'" in evidence
    assert reading(raw).startswith("Man muß unter keinen Umständen so spielen")


def test_bigrams_pick_keine_after_gar() -> None:
    raw = "Er hat gar feinen Trumpf mehr, fo ift es fchlecht; er muß fich das merken."
    assert edits_word(raw, "feinen") == "keinen"


def edits_word(raw: str, word: str) -> str:
    return ocr_edits(raw).get(word, (word, ""))[0]


def test_fein_left_alone_where_sein_has_no_support() -> None:
    # "sehr fein gemahlen" is counted; "sehr sein", "sein gemahlen" are not
    raw = "Das Mehl ift fehr fein gemahlen, fo daß es fich gut mifcht."
    assert "sehr fein gemahlen" in reading(raw)
    assert "fein" not in ocr_edits(raw)


def test_no_edit_without_a_clear_margin() -> None:
    # 'jedoch keine' 226 vs 'jedoch seine' 39: less than ten times once the words' own
    # frequencies are weighed, so the channel's reading stands
    raw = "Es ift dies jedoch feine ftarre Regel, fo fagt man."
    word, evidence = ocr_edits(raw)["feine"]
    assert word == "seine" and not evidence.startswith("context:")


def test_context_repair_is_idempotent() -> None:
    raw = "Man muß unter feinen Umftänden fo fpielen, fonft ift es verloren. Er hat gar feine."
    first = repair(raw)
    assert repair(first.reading).edits == []


def test_lift_measures_the_pairs_against_the_words_alone() -> None:
    model = context.Model(context.load(), Counter())
    assert model.lift("keinen", None, None) == 0.0
    assert (
        model.lift("keinen", "unter", "umständen") - model.lift("seinen", "unter", "umständen")
        >= context.LIFT_MARGIN
    )
    # an unlisted pair is estimated below the pruning threshold, not as zero
    assert 0 < model.count("sehr", "kein") < context.PRUNED_BELOW


def test_document_pairs_count_trusted_words_seen_twice() -> None:
    text = "der Partner gibt. der Partner nimmt. der Spieler kommt. feine Karte, feine Karte."
    corrector = Corrector(load(), Counter(w.lower() for w in text.split()))
    tokens = [(m.start(), m.end(), m.group()) for m in re.finditer(r"\w+", text)]
    pairs = context.document_pairs(text, tokens, corrector)
    assert pairs[("der", "partner")] == 2
    assert ("der", "spieler") not in pairs  # once only
    assert ("feine", "karte") not in pairs  # "feine" may be "seine" or "keine"
    assert ("gibt", "der") not in pairs  # a full stop ends the clause


def test_bigrams_are_cached() -> None:
    assert context.load() is context.load()
    data = context.load()
    assert data is not None and data.pair("unter", "keinen") >= context.PRUNED_BELOW


def test_shape_confusion_of_a_known_word_decided_by_both_neighbours() -> None:
    raw = "Ja man bat hier fo gar Gewißheit, und fo ift es."
    word, evidence = ocr_edits(raw)["bat"]
    assert word == "hat" and "'man hat'" in evidence and "'hat hier'" in evidence


def test_a_neighbour_that_knows_neither_word_says_nothing() -> None:
    # 'drei punkte' is counted, 'ihm drei' and 'ihm brei' are not: the left neighbour is
    # silent, so the right one decides
    word, evidence = ocr_edits("Fehlen ihm brei Punkte, so darf er nicht bieten.")["brei"]
    assert word == "drei" and "'drei punkte'" in evidence


def test_shape_confusion_needs_ten_times_in_total() -> None:
    # 'einer nacht' 25 and 'nacht oder' 24 are counted, 'einer naht' is not: about five
    # times, not enough to take a valid word for another
    raw = "Das Blech wird mit einer Naht, oder mit Nieten verbunden, fo daß es hält."
    assert "Naht" not in ocr_edits(raw)


def test_piece_of_a_split_word_is_left_to_the_split_pass() -> None:
    # "ob en" is "oben" split by OCR: "en" is not read as "er" ('ob er' is counted)
    raw = "Die Schienen find ob en ganz flach, fo daß fie gut laufen."
    assert "en" not in ocr_edits(raw)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # the other half is no word: the halves are joined, not read alone ("Wirt ung")
        ("Die Wirk ung des Mittels war gut, so daß man es lobte.", "Die Wirkung des"),
        # a doubtful reading of one half ("Nach bann", 0.69) yields to the join
        ("Er gab seinem Nach barn die kleinen Trümpfe.", "seinem Nachbarn die"),
        # a sure reading does not: "an dern" is "an dem", not "andern"
        ("Es war an dern Tage, als er kam.", "war an dem Tage"),
    ],
)
def test_half_of_a_split_word_waits_for_the_join(raw: str, expected: str) -> None:
    assert expected in reading(raw)


def _decisions(
    around: context.Context, corrector: Corrector, text: str
) -> list[tuple[int, str | None]]:
    """Every token of ``text`` the context may revise, with what it makes of it."""
    tokens = [(m.start(), m.end(), m.group()) for m in re.finditer(r"\w+", text)]
    rates = _long_s_rates(corrector, tokens)
    around.read(text, tokens)
    out = []
    for i, (_, _, token) in enumerate(tokens):
        if around.may_revise(token):
            choice = corrector.correct_cached(token, rates[i])
            found = around.revise(text, tokens, rates, i, choice)
            out.append((i, None if found is None else f"{found.text} {found.confidence}"))
    return out


def _two_rounds() -> tuple[str, str]:
    """A stretch of Schwaighofer's OCR, and the same after a round has repaired part."""
    raw = (ROOT / "corpus" / "schwaighofer1927" / "raw.txt").read_text(encoding="utf-8")
    first = raw[20_000:60_000]
    return first, repair(first[:4_000]).reading + first[4_000:]


def _counts(text: str) -> Counter[str]:
    return Counter(w.lower() for w in re.findall(r"\w+", text))


def _weighings(monkeypatch: pytest.MonkeyPatch, kept: context.Context) -> list[bool]:
    """Per context decision from now on: was it made by ``kept``?"""
    weighed: list[bool] = []
    overrule = context.Context._overrule
    monkeypatch.setattr(
        context.Context,
        "_overrule",
        lambda self, *a: weighed.append(self is kept) or overrule(self, *a),
    )
    return weighed


def _as_fresh(text: str, confusions: Table | None = None) -> list[tuple[int, str | None]]:
    """The decisions of a new corrector and context on ``text``."""
    corrector = Corrector(load(), _counts(text), confusions)
    fresh = context.Context.of(corrector)
    assert fresh is not None
    return _decisions(fresh, corrector, text)


def test_a_context_kept_across_rounds_decides_as_a_fresh_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # one context serves every round of a document; between rounds the text, its word
    # counts and its pairs change, and each kept decision must notice what it weighed
    first, second = _two_rounds()
    corrector = Corrector(load(), _counts(first))
    kept = context.Context.of(corrector)
    assert kept is not None
    _decisions(kept, corrector, first)
    corrector.document = _counts(second)
    weighed = _weighings(monkeypatch, kept)
    again = _decisions(kept, corrector, second)
    assert again == _as_fresh(second)
    assert any(found is not None for _, found in again)
    # the kept context decided anew only what the changes touched
    assert 0 < weighed.count(True) < weighed.count(False)


def test_a_context_kept_across_a_table_switch_decides_as_a_fresh_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the run on the reading text may use other confusions than the first run: the
    # context keeps what the changed confusions do not touch, and decides as a new one
    first, second = _two_rounds()
    corrector = Corrector(load(), _counts(first), table((("b", "h", -2.0), ("e", "c", -2.1))))
    around = context.Context.of(corrector)
    assert around is not None
    _decisions(around, corrector, first)
    corrector.document = _counts(second)  # a round later: the counts have a new version
    _decisions(around, corrector, second)
    switched = corrector.with_confusions(table((("b", "h", -2.0),)))  # e for c no more
    kept = around.with_corrector(switched)
    # what it keeps: the work on tokens without an e, current now, so current at the new
    # corrector's first version
    before = [key for key in around._decided if "e" not in key[0]]
    assert before and any("e" in key[0] for key in around._decided)
    assert set(kept._decided) <= set(before) and kept._decided
    assert all(k.words_at == 0 for k in [*kept._decided.values(), *kept._known.values()])
    assert not any("e" in key[0] for key in kept._known) and kept._known
    switched.document = _counts(second)
    weighed = _weighings(monkeypatch, kept)
    assert _decisions(kept, switched, second) == _as_fresh(second, table((("b", "h", -2.0),)))
    # the kept context decided anew only the tokens with an e
    assert 0 < weighed.count(True) < weighed.count(False)


def test_a_kept_decision_lapses_when_its_pairs_change() -> None:
    # the same words, other pairs: what followed "der" changed, what followed "die" not
    before = "der Partner gibt. der Partner nimmt. die Karte liegt. die Karte liegt."
    after = "der Spieler gibt. der Spieler nimmt. die Karte liegt. die Karte liegt."
    corrector = Corrector(load(), Counter())
    around = context.Context.of(corrector)
    assert around is not None

    def read(text: str) -> None:
        around.read(text, [(m.start(), m.end(), m.group()) for m in re.finditer(r"\w+", text)])
        around._pairs()

    read(before)
    on_der, on_die, on_words = (
        around._keep(None, set(), {"der"}),
        around._keep(None, set(), {"die"}),
        around._keep(None, {"partner"}, None),
    )
    read(after)
    assert not around._fresh(on_der) and around._fresh(on_die)
    assert around._fresh(on_words)  # the counts it weighed did not change
    corrector.document = Counter({"partner": 2})
    assert not around._fresh(on_words)
