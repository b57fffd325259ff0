"""The spelling folding of the search (sitegen/folding.py) and the index builder
(sitegen/search.py), on their own and on the fixture edition."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sitegen.build import write_pages
from sitegen.folding import FOLD_RULES, MODERN_RULES, fold, modern_forms, modernise, words
from sitegen.glossary import load_glossary
from sitegen.inputs import load_edition
from sitegen.search import (
    INDEX_PATH,
    Entry,
    build_index,
    decode_postings,
    edition_entries,
    glossary_entries,
    lexicon_known,
)
from sitegen.templating import markdown_text


def test_sharp_s_long_s_and_case_fold_to_one_key() -> None:
    assert fold("daß") == fold("dass") == fold("DASS") == fold("Daſs") == "dass"
    assert fold("Aß") == fold("Ass") == "ass"
    assert fold("muß") == fold("muss")
    assert fold("ſeyn") == fold("seyn") == "seyn"


def test_umlauts_match_both_transcriptions() -> None:
    assert fold("Trümpfe") == fold("Truempfe") == fold("Trumpfe") == "trumpfe"
    assert fold("Ässe") == fold("Aesse") == fold("Asse")
    assert fold("Könige") == fold("Koenige") == fold("Konige")
    # the superscript e of the diplomatic layer is an umlaut too
    assert fold("Verha\u0364ltniß") == fold("Verhältniß") == fold("Verhaeltniss")
    assert fold("Entrée") == "entree"


def test_ue_after_q_or_a_vowel_is_not_an_umlaut() -> None:
    assert fold("Quelle") == "quelle"
    assert fold("neue") == "neue"
    assert fold("Bauer") == "bauer"
    assert fold("Queue") == "queue"


def test_fold_rules_give_their_documented_examples() -> None:
    for rule in FOLD_RULES:
        for before, after in rule.examples:
            assert fold(before) == after, (rule.what, before)


def test_modern_rules_give_their_documented_examples() -> None:
    for rule in MODERN_RULES:
        for before, after in rule.examples:
            assert rule.apply(before.lower()) == after, (rule.what, before)
            assert after in modern_forms(before), (rule.what, before)


def test_a_fold_is_accepted_only_when_the_modern_form_is_known() -> None:
    known = {"sein", "teil", "gibt", "verhältnis", "vorteil"}.__contains__
    assert modernise("seyn", known) == "sein"
    assert modernise("Theil", known) == "teil"
    assert modernise("giebt", known) == "gibt"
    assert modernise("Verhältniß", known) == "verhältnis"
    assert modernise("Vortheil", known) == "vorteil"
    assert modernise("Theater", known) is None  # teater: no word
    assert modernise("Spiel", known) is None  # no rule applies
    assert modernise("Liebe", known) is None  # ie stays ie outside giebt/giebst


def test_rules_are_tried_together_and_alone() -> None:
    # both th -> t and ey -> ei in one word; each alone is no word
    assert modern_forms("Theyl")[0] == "teil"
    assert {"teyl", "theil"} <= set(modern_forms("Theyl"))


def test_the_repair_lexicon_agrees_with_the_historical_folds() -> None:
    known = lexicon_known()
    for before, after in [
        ("seyn", "sein"),
        ("Theil", "teil"),
        ("Vortheil", "vorteil"),
        ("giebt", "gibt"),
        ("Verhältniß", "verhältnis"),
        ("passiren", "passieren"),
        ("bey", "bei"),
    ]:
        assert modernise(before, known) == after, before
    assert modernise("Theater", known) is None
    assert modernise("Methode", known) is None


def test_words_join_the_line_breaks_of_the_diplomatic_layer() -> None:
    assert list(words("wel⸗|chem Spiel, daß")) == ["welchem", "Spiel", "daß"]
    assert list(words("Verha\u0364ltniß 12")) == ["Verha\u0364ltniß", "12"]


@given(st.text(alphabet="aäeoöuüßſqyAÄUÜ sth\u0364", max_size=30))
def test_folding_is_idempotent_and_lower_case(text: str) -> None:
    once = fold(text)
    assert fold(once) == once
    assert once == once.lower()
    assert not re.search("[äöüßſ\u0364]", once)


def _entries() -> list[Entry]:
    def entry(anchor: str, text: str) -> Entry:
        return Entry("x/a.md", "X: A", anchor, "§ 1", (text, text.replace("s", "ſ")), text)

    return [
        entry("x.a.p1", "Er muß ſeyn Theil geben, daß es gilt."),
        entry("x.a.p2", "Sie wird sein Teil haben."),
        entry("x.a.p3", "Der Truempfe drey."),
    ]


def test_index_posts_modern_forms_and_each_entry_once() -> None:
    known = {"sein", "teil", "drei"}.__contains__
    index = build_index(_entries(), known)
    terms = {key: decode_postings(value) for key, value in index["terms"].items()}
    assert terms["sein"] == [0, 1]  # seyn under its modern form
    assert terms["seyn"] == [0]
    assert terms["teil"] == [0, 1] and terms["theil"] == [0]
    assert terms["dass"] == [0] and terms["muss"] == [0]
    assert terms["trumpfe"] == [2] and terms["drei"] == [2]
    assert all(ids == sorted(set(ids)) for ids in terms.values())
    assert index["pages"] == [["x/a.html", "X: A"]]
    assert [d[1] for d in index["docs"]] == ["x.a.p1", "x.a.p2", "x.a.p3"]
    assert index["rules"]["fold"][0] == [FOLD_RULES[0].pattern, FOLD_RULES[0].replacement]


def test_a_word_in_the_dictionary_is_not_modernised() -> None:
    index = build_index(_entries(), {"sein", "teil"}.__contains__, {"theil"}.__contains__)
    terms = {key: decode_postings(value) for key, value in index["terms"].items()}
    assert terms["teil"] == [1] and terms["sein"] == [0, 1]


@given(st.lists(st.integers(0, 5000), unique=True, min_size=1))
def test_postings_decode_to_what_was_encoded(ids: list[int]) -> None:
    from sitegen.search import _encode

    assert decode_postings(_encode(sorted(ids))) == sorted(ids)


def test_fixture_edition_index(fake_build: Path, tmp_path: Path) -> None:
    edition = load_edition(fake_build)
    docs = tmp_path / "docs"
    write_pages(edition, docs)
    index = json.loads((docs / INDEX_PATH).read_text(encoding="utf-8"))
    entries = edition_entries(edition)
    blocks = [b.id for _doc, game in edition.games() for b in game.blocks()]
    assert [e.anchor for e in entries] == blocks
    glossary = glossary_entries(load_glossary())
    assert [d[1] for d in index["docs"]] == blocks + [e.anchor for e in glossary]
    # titles are human: the chapter, then paragraph number or law, and the printed page
    titles = dict(index["pages"])
    for doc in index["docs"][: len(blocks)]:
        page, label = index["pages"][doc[0]][0], doc[2]
        assert titles[page] and not label.startswith("x1800")
        assert re.search(r"(§ \w+|law \w+|heading)(, p\. \S+)?$", label), label
    # every word of every block's two layers is found under its key
    terms = {key: set(decode_postings(v)) for key, v in index["terms"].items()}
    for number, entry in enumerate(entries):
        for text in entry.texts:
            for word in words(text):
                assert number in terms[fold(word)], (entry.anchor, word)
    # the page that documents the rules names every one of them
    page = (docs / "search.md").read_text(encoding="utf-8")
    for rule in (*FOLD_RULES, *MODERN_RULES):
        assert f"<code>{markdown_text(rule.pattern)}</code>" in page, rule.pattern


@pytest.mark.parametrize("word", ["Berlin", "urn", "cts", "incollection", "bibtex"])
def test_fixture_index_holds_no_citation_text(fake_build: Path, tmp_path: Path, word: str) -> None:
    edition = load_edition(fake_build)
    docs = tmp_path / "docs"
    write_pages(edition, docs)
    index = json.loads((docs / INDEX_PATH).read_text(encoding="utf-8"))
    texts = [
        " ".join(e.texts) for e in edition_entries(edition) + glossary_entries(load_glossary())
    ]
    posted = decode_postings(index["terms"][fold(word)]) if fold(word) in index["terms"] else []
    assert posted == [n for n, t in enumerate(texts) if fold(word) in map(fold, words(t))]
