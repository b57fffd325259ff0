"""Specific repairs of the engine, and what it must leave alone."""

from __future__ import annotations

import pytest

from normalise import repair, restore_raw


def reading(text: str) -> str:
    return repair(text).reading


def test_long_s_becomes_s_and_is_logged() -> None:
    r = repair("Dieſes Spiel iſt ſchön.")
    assert r.reading == "Dieses Spiel ist schön."
    assert {e.kind for e in r.edits} == {"long-s"}
    assert all(e.original == "ſ" and e.confidence == 1.0 for e in r.edits)


def test_superscript_e_umlaut_and_ligature() -> None:
    assert reading("Bei dem Juͤngern und der ﬁnſtern Nacht.") == (
        "Bei dem Jüngern und der finstern Nacht."
    )


def test_line_end_hyphen_joins_a_broken_word() -> None:
    text = "aus wel⸗ chem die Zwei genom⸗ men werden"
    assert reading(text) == "aus welchem die Zwei genommen werden"
    kinds = {e.kind for e in repair(text).edits}
    assert kinds == {"hyphenation"}


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("Herz= und Laubkönige", "Herz- und Laubkönige"),
        ("im Piquet⸗ Treſett⸗ und Boſtonſpiel", "im Piquet- Tresett- und Bostonspiel"),
        ("das Kritiſch-Watten", "das Kritisch-Watten"),
    ],
)
def test_hyphen_of_truncated_or_real_compound_is_kept(raw: str, expected: str) -> None:
    assert reading(raw) == expected


def test_ascii_hyphen_at_line_end_joins() -> None:
    text = "Kommt ein solches Zusammen-\ntreffen der Zahl nicht vor, so zahlt der Bankier."
    assert (
        reading(text)
        == "Kommt ein solches Zusammentreffen der Zahl nicht vor, so zahlt der Bankier."
    )


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (
            "Es mu\ufffd unter allen Umst\ufffdnden Farbe bekannt werden.",
            "Es muß unter allen Umständen Farbe bekannt werden.",
        ),
        (
            "Er sagt, da\ufffd es die gr\ufffd\ufffdte Karte ist.",
            "Er sagt, daß es die größte Karte ist.",
        ),
        (
            "Es wird \ufffdgeboten\ufffd, wovon das Spiel seinen Namen hat.",
            "Es wird „geboten“, wovon das Spiel seinen Namen hat.",
        ),
        # the Fraktur tz ligature lost to the encoding (Schwaighofer's "je\ufffdt")
        (
            "Er hat es je\ufffdt fortgefe\ufffdt, tro\ufffddem blieb er.",
            "Er hat es jetzt fortgesetzt, trotzdem blieb er.",
        ),
        # ... but not after a sign: a quotation mark lost after "!"
        (
            "Er sagt: „Ich habe keines!\ufffd und geht.",
            "Er sagt: „Ich habe keines!“ und geht.",
        ),
    ],
)
def test_replacement_character_restored(raw: str, expected: str) -> None:
    r = repair(raw)
    assert r.reading == expected
    assert any(e.kind == "encoding" for e in r.edits)


def test_long_s_read_as_f_is_corrected() -> None:
    text = "Das ift ein Spiel, wer es fchreibt, der weiß es. Man fagt, es ift gut."
    assert reading(text) == "Das ist ein Spiel, wer es schreibt, der weiß es. Man sagt, es ist gut."
    assert all(e.kind == "ocr" for e in repair(text).edits)


def test_bracket_read_for_ch() -> None:
    assert reading("Er hat aud) eine Karte, nad) dem Geben.") == (
        "Er hat auch eine Karte, nach dem Geben."
    )


def test_et_cetera_sign() -> None:
    r = repair("Rummel, Sequenzen, ꝛc. nicht ganz")
    assert r.reading == "Rummel, Sequenzen, etc. nicht ganz"
    assert [e.kind for e in r.edits] == ["abbreviation"]


def test_z_b_and_paragraph_sign_for_five() -> None:
    assert reading("Nimmt er 3. B. nur drei Blätter") == "Nimmt er z. B. nur drei Blätter"
    # after a sentence or an opening parenthesis too
    assert reading("Sie folgen. 3. B. der König, (3. 8. ein Hanger)") == (
        "Sie folgen. z. B. der König, (z. B. ein Hanger)"
    )
    assert reading("und wenn es § iſt, für 1 Point") == "und wenn es 5 ist, für 1 Point"


def test_dollar_sign_and_eight_for_the_paragraph_sign() -> None:
    # Schwaighofer's OCR reads the Fraktur § as $ ("Siehe die Regeln $ 14")
    assert reading("Siehe die Regeln $ 14 und 15, nach $15.") == (
        "Siehe die Regeln § 14 und 15, nach §15."
    )
    assert reading("Es kostet $ oder mehr.") == "Es kostet $ oder mehr."  # no number after it
    # and an 8 for the § of a section heading, after a sentence ("... werden. 8 12. Die")
    assert reading("Es wird neu gegeben. 8 12. Die Partei zahlt.") == (
        "Es wird neu gegeben. § 12. Die Partei zahlt."
    )
    assert reading("Es gibt Punkte von 8 12. Die Partei zahlt.") == (
        "Es gibt Punkte von 8 12. Die Partei zahlt."  # no sentence before: a number
    )


def test_split_word_joined() -> None:
    assert reading("der König ſticht hernach die Da me, die Dame den Buben") == (
        "der König sticht hernach die Dame, die Dame den Buben"
    )
    # before a full stop too; but not a half of two letters or fewer, an abbreviation
    assert reading("Er hat die Karte bek ommen. So hat man z. B. zwei.") == (
        "Er hat die Karte bekommen. So hat man z. B. zwei."
    )


def test_split_word_with_a_damaged_half_is_joined_and_read() -> None:
    r = repair("Die Bcschreibu ng des Spiels und die Mafchi nen laufen.")
    assert r.reading == "Die Beschreibung des Spiels und die Maschinen laufen."
    assert any("joined and read 'Beschreibung'" in e.evidence for e in r.edits)
    assert restore_raw(r.reading, r.edits) == r.raw


def test_a_function_word_is_not_joined_to_a_damaged_neighbour() -> None:
    # "E mit" would read as "Emil", "Sehlen der" as "Fehlender": on the real prints the
    # halves of such pairs are a word and a player's letter or a damaged word
    for text in ("Dann spielt E mit dem Trumpf.", "Das Sehlen der Karte kostet."):
        assert not any("joined and read" in e.evidence for e in repair(text).edits)


def test_sign_read_for_a_letter_at_a_word_edge_is_read() -> None:
    r = repair("Er sagt, di« Karte ist ein« gute. Da» Spiel »oll man kennen.")
    assert r.reading == "Er sagt, die Karte ist eine gute. Das Spiel soll man kennen."
    assert sum(e.evidence.startswith("sign read for a letter") for e in r.edits) == 4
    assert restore_raw(r.reading, r.edits) == r.raw


@pytest.mark.parametrize("text", ["di«", "»o", "Das Spiel", "«", "Spiel »", "« Spiel"])
def test_signs_and_words_at_the_ends_of_a_text(text: str) -> None:
    r = repair(text)
    assert restore_raw(r.reading, r.edits) == text
    assert not repair(r.reading).edits


def test_guillemets_used_as_quotation_marks_stay() -> None:
    # two quotations pair four of the six signs at a word's edge: the text quotes with
    # them, so none is read as a letter, not even "di«" or "»tand"
    text = "Er nennt es »Trumpf« und »Herz«, und di« Karte »tand."
    r = repair(text)
    assert "»Trumpf« und »Herz«" in r.reading and "di«" in r.reading
    assert not any(e.evidence.startswith("sign read") for e in r.edits)


def test_f_is_read_for_t() -> None:
    # a t read as f, of the f/t family of Fraktur shapes: Schwaighofer's "Antworf", "Liegf"
    assert reading("Er gab die Antworf und liegf im Bett.") == (
        "Er gab die Antwort und liegt im Bett."
    )


def test_b_is_read_for_d_but_a_word_stays() -> None:
    # the Fraktur b and d differ by a stroke: Schwaighofer's "bie", "bem", "unb"
    r = repair("Er gab bem Spieler bie Karte unb ging.")
    assert r.reading == "Er gab dem Spieler die Karte und ging."
    assert [(e.original, e.replacement) for e in r.edits] == [("b", "d")] * 3
    # a word the lexicon knows is no misreading where nothing around doubts it
    assert not repair("Das bier ist gut, ben Leuten schmeckt es.").edits
    # but it is where a neighbour knows the other reading and none knows it ('das brot'
    # is counted, 'bas brot' is not; 'schmeckt' knows neither)
    r = repair("Das bier ist gut, ben Leuten schmeckt bas Brot.")
    assert r.reading == "Das bier ist gut, ben Leuten schmeckt das Brot."


def test_lost_characters_of_a_word_no_lexicon_knows() -> None:
    # dialect the lexicon cannot read (Schwaighofer's card-table sayings): a U+FFFD before
    # a final n after a consonant is the apostrophe of a left-out e ("hob\ufffdn"), one
    # before a capital an opening quotation mark, one after "!" a closing one
    r = repair("Mir hob\ufffdn es, und \ufffdZeat\ufffdn nur!\ufffd sagt er.")
    assert r.reading == "Mir hob’n es, und „Zeat’n nur!“ sagt er."
    # ... also where the word before has lost a letter too (no letter is guessed there)
    r = repair("Er ruft: die Kart'n mol\ufffdn!\ufffd (malen) oder so.")
    assert "!“ (malen)" in r.reading


def test_a_lost_line_end_hyphen_or_a_lost_closing_quotation_mark() -> None:
    # a U+FFFD between two halves of a word is a line-end hyphen lost to the encoding ...
    r = repair("Die Bl\ufffdtter sind gut, und der Herz\ufffd ober sticht.")
    assert r.reading == "Die Blätter sind gut, und der Herzober sticht."
    # ... unless a quotation is open: then it closes it, however many words back it opened
    r = repair("Er sagt: „Ich biete mein Herz\ufffd oder passe.")
    assert r.reading == "Er sagt: „Ich biete mein Herz“ oder passe."
    r = repair("Er sagt: „Gut!\ufffd Dann spielt er den Herz\ufffd ober aus.")
    assert r.reading == "Er sagt: „Gut!“ Dann spielt er den Herzober aus."


def test_the_tz_ligature_read_as_one_letter() -> None:
    # Fraktur prints tz as one ligature, which OCR reads as g, k or b: Schwaighofer's
    # "jegt", "Befiger", "Trogdem", "Plag"
    r = repair("Er ift jegt der Befiger. Trogdem blieb er am Plag.")
    assert r.reading == "Er ist jetzt der Besitzer. Trotzdem blieb er am Platz."
    assert [(e.original, e.replacement) for e in r.edits if e.replacement == "tz"] == [
        ("g", "tz")
    ] * 4
    # words the lexicon knows stay: "Sag", "Lager", "Bug"
    assert not repair("Er sah den Sag im Lager und den Bug.").edits


def test_one_capital_read_as_two() -> None:
    # OCR reads one Fraktur capital as two: Schwaighofer's "VBorhand", "SHinterhand"
    r = repair("Die VBorhand und die SHinterhand spielen aus.")
    assert r.reading == "Die Vorhand und die Hinterhand spielen aus."
    assert [(e.original, e.replacement) for e in r.edits] == [("B", ""), ("S", "")]
    # a word the lexicon knows in lower case is no misreading ("DEr", "ABer": a print's
    # first word in capitals); nor is an abbreviation the rule cannot make a word of
    assert not repair("DEr Spieler sagt ABer nichts, und die AGs zahlten.").edits


def test_a_parenthesis_read_for_ch_at_a_word_end() -> None:
    # the ch ligature read as ")" alone (Schwaighofer's "fi)", "au)"); one that closes a
    # "(" is a parenthesis ("(di)" is no "dich"), one after a letter an enumeration
    r = repair("Er hat fi) gefreut, au) der Bauer (di) kam. Es gilt: a) die Karte, i) das Spiel.")
    assert (
        r.reading
        == "Er hat sich gefreut, auch der Bauer (di) kam. Es gilt: a) die Karte, i) das Spiel."
    )
    # a ")" that ends a word is read for ch or left, never for a letter as inside a word
    # ("Stic)e"); a damaged word before it is still read ("gleih)")
    r = repair("Er ging in die Kanzlei Geich\ufffdft) fein, und gleih) fort.")
    assert r.reading == "Er ging in die Kanzlei Geschäft) fein, und gleich) fort."


def test_r_is_read_for_t_and_r_for_k() -> None:
    # Engelmann's "erwas", "Mirte", "genannr"; Schwaighofer's "Rarte" (Fraktur K and R)
    r = repair("Er sagt erwas von der Mirte, das er genannr hat. Die Rarte liegt da.")
    assert r.reading == "Er sagt etwas von der Mitte, das er genannt hat. Die Karte liegt da."
    assert [(e.original, e.replacement) for e in r.edits] == [("r", "t")] * 3 + [("R", "K")]
    # words the lexicon knows stay: "mir", "Karren", "Rat"
    assert not repair("Er gab mir den Karren und den Rat.").edits


def test_long_s_read_as_capital_i_stays_lower_case() -> None:
    # ſ has no capital: where OCR reads a word's first ſ as I (Schwaighofer's "Ipielt",
    # "Ichon"), the word is lower case, as the f read for ſ around it shows
    text = "Er Ipielt Ichon gut, fo fagt er, daß es fein Spiel ift, und fie fpielen."
    r = repair(text)
    assert r.reading.startswith("Er spielt schon gut, so sagt er")
    assert [(e.original, e.replacement) for e in r.edits][:2] == [("I", "s")] * 2
    assert restore_raw(r.reading, r.edits) == text


def test_space_lost_before_a_noun_is_put_back_and_logged() -> None:
    # the word after the capital need not be in the lexicon, nor common in it: a rare
    # noun ("Roggens", Zipf 1.5), an abbreviation
    r = repair(
        "Er trug ihreKosten und gab dieReibung an. MitAbbildungen; dieSchrötlinge beiFig. 3."
        " Die Kleie desRoggens."
    )
    assert r.reading == (
        "Er trug ihre Kosten und gab die Reibung an. Mit Abbildungen; die Schrötlinge bei Fig. 3."
        " Die Kleie des Roggens."
    )
    lost = [e for e in r.edits if e.evidence.startswith("lost space")]
    assert [(e.original, e.replacement) for e in lost] == [("", " ")] * 6
    assert restore_raw(r.reading, r.edits) == r.raw


def test_space_lost_beside_an_article_or_conjunction_is_put_back() -> None:
    r = repair("Ein Topf aus Eisenoder Holz dient zur Erhaltungdes Feuers; diebeste Art.")
    assert (
        r.reading == "Ein Topf aus Eisen oder Holz dient zur Erhaltung des Feuers; die beste Art."
    )
    assert restore_raw(r.reading, r.edits) == r.raw
    # after a word also a pronoun, an adverb or an auxiliary, which ends no compound
    r = repair("Er hat die Karteschon gespielt und die Farbebereits bekannt.")
    assert r.reading == "Er hat die Karte schon gespielt und die Farbe bereits bekannt."


def test_space_lost_between_two_words_with_a_long_s_read_as_f_is_put_back() -> None:
    # 'wie fie' is no pair of the journal, 'wie sie' is: the halves are read with their
    # f as a long s to find the place; the word pass then reads 'fie' as 'sie'
    text = "Sie fpielen, wiefie es wollen, und fo fort."
    r = repair(text)
    assert r.reading == "Sie spielen, wie sie es wollen, und so fort."
    assert restore_raw(r.reading, r.edits) == text


def test_space_lost_between_two_words_the_journal_writes_apart_is_put_back() -> None:
    # a pair is put back though the document repeats the token: it is the journal's pair
    r = repair("Er spielt alsjene Karte aus. Hatman die Karte, so sticht er. Hatman sie nicht?")
    assert r.reading == (
        "Er spielt als jene Karte aus. Hat man die Karte, so sticht er. Hat man sie nicht?"
    )
    lost = [e for e in r.edits if e.evidence.startswith("lost space")]
    assert [(e.original, e.replacement) for e in lost] == [("", " ")] * 3
    assert restore_raw(r.reading, r.edits) == r.raw


@pytest.mark.parametrize(
    "text",
    [
        "Das Spiel MauMau ist bekannt.",  # a name: no lower-case word before the capital
        "Die Firma GmbH zahlt.",  # no noun after the capital
        "Der VierFarbSelector liegt bei.",  # two capitals inside: no plain pair
        "Es ist legter und Dieje Karte.",  # lower case: a damaged word, not a lost space
        "Die Vorhand übersticht den Ausspiel.",  # a preposition is also a prefix
        "Das wird demacht.",  # "acht" is too short to follow an article: a damaged word
        "Dieer Spieler sticht.",  # two letters after the place: a lost letter (Dieser)
        "Wo bleibst heint übernacht'n?",  # an elided ending follows: one word
        "Die Inder spielen es aufgrund der Regel.",  # forms of the lexicon, though the
        # journal writes "in der" and "auf grund" apart far more often
        "Man nimmt Kupferzink, ingleichen Blei.",  # the journal's own forms, beside
        # their pairs ("kupfer zink", "in gleichen") not fifty times as often
        "Er weiß, dassich das Spiel lohnt.",  # "das sich" or "dass ich": two places
    ],
)
def test_no_space_is_put_where_none_was_lost(text: str) -> None:
    assert not any(e.evidence.startswith("lost space") for e in repair(text).edits)


def test_web_page_markers_removed() -> None:
    raw = "Es muß Farbe bekannt\n\n\ufffd\xa0\xa0 8\xa0\xa0 \ufffd\n\nwerden. Man ist aber frei."
    r = repair(raw)
    assert " ".join(r.reading.split()) == "Es muß Farbe bekannt werden. Man ist aber frei."
    assert any(e.kind == "noise" for e in r.edits)


def test_inline_page_numbers_in_a_rising_series_removed() -> None:
    page = "Die Karten werden gemischt und gegeben, und jeder Spieler spielt aus. " * 20
    raw = "".join(f"{page}{n} " for n in range(4, 10)) + page
    r = repair(raw)
    for n in range(4, 10):
        assert f" {n} " not in r.reading
    assert all(e.kind in ("noise", "whitespace") for e in r.edits)


def test_doubled_list_number_written_once() -> None:
    assert reading("Die Farben sind folgende:\n\n1. 1. das Herz, das ist") == (
        "Die Farben sind folgende:\n\n1. das Herz, das ist"
    )


@pytest.mark.parametrize(
    "text",
    [
        "Es muß ſeyn, daß der Theil, den er giebt, bleibet.",
        "Die Parthie kömmt ihm zu, und das Aß ſticht den König.",
        "Der Beſtandtheil iſt ein Caro, und Bredouille heißt es.",
    ],
)
def test_historical_spelling_untouched(text: str) -> None:
    r = repair(text)
    assert r.reading == text.replace("ſ", "s")
    assert {e.kind for e in r.edits} <= {"long-s"}


def test_clean_modern_text_unchanged() -> None:
    text = (
        "Der Kartengeber gibt jedem Spieler drei Karten, zwei verdeckt und eine offen. Wer "
        "von den Spielern die höchste offen aufgelegte Karte hat, gewinnt den Einsatz für die "
        "Schöne; haben zwei Spieler dieselbe hohe Karte, so bleibt der Satz stehen. Der feine "
        "Fall ist oft schon früh entschieden."
    )
    assert repair(text).edits == []


def test_edits_are_explained_and_reversible() -> None:
    raw = "Dieſes Spiel ift gut, wel⸗ chem mu\ufffd man folgen ꝛc."
    r = repair(raw)
    assert restore_raw(r.reading, r.edits) == raw
    for e in r.edits:
        assert e.source == "auto" and e.evidence and 0 < e.confidence <= 1
        assert raw[e.start : e.end] == e.original


def test_reading_span_maps_raw_offsets() -> None:
    raw = "Dieſes Spiel. Der König ſticht die Dame."
    r = repair(raw)
    start = raw.index("Der")
    assert r.reading_span(start, len(raw)) == "Der König sticht die Dame."


def test_low_confidence_goes_to_proposals() -> None:
    from normalise.engine import APPLY_THRESHOLD

    r = repair("Er berichtet von Gr\ufffd\ufffdlingen und H\ufffdtting, aber nicht mehr.")
    assert all(p.confidence < APPLY_THRESHOLD for p in r.proposals)
    assert all(e.confidence >= APPLY_THRESHOLD or e.kind != "ocr" for e in r.edits)


def test_a_repair_does_not_depend_on_what_the_process_repaired_before() -> None:
    from normalise import channel, lexicon

    first = "Die Rarte liegt im Spiel. Der Berlagg und das Perlagg, fo fagt er, ift fein."
    second = "Er Ipielt Ichon gut, fo fagt er, daß bie Karte unb das Spiel fein find."
    repair(first)
    warm = repair(second)
    lexicon.load()._memos.clear()  # what the corrector remembers for the process
    channel.table.cache_clear()  # with the tables' own memos
    cold = repair(second)
    assert warm.reading == cold.reading and warm.edits == cold.edits


def test_a_short_form_before_a_full_stop_is_an_abbreviation_only_if_known_as_one() -> None:
    # "jun." and "fig." are the journal's abbreviations; "find." is sind with its long s
    # misread, a form only wordfreq lists and the journal hardly uses
    text = "Die Karten, die fchon im Spiel find. Der jun. Spieler fieht es auf fig. 3."
    r = repair(text)
    assert "im Spiel sind. Der jun. Spieler" in r.reading
    assert "auf fig. 3." in r.reading
    assert restore_raw(r.reading, r.edits) == text
