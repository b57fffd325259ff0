"""Citations of a paragraph: plain text, BibTeX, CSL-JSON, RIS, COinS and page meta tags."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import replace
from urllib.parse import parse_qsl

import pytest

from sitegen import cite

BIBL = {
    "author": "Theodor Engelmann",
    "title": "Unterricht im Piquet-, Tresett- und Kleeblattspiel",
    "edition": "Neue stark vermehrte Auflage",
    "place": "Berlin",
    "publisher": "Wilhelm Oehmigke der Jüngere",
    "date": "1798",
}
URL = "https://edition.test/engelmann1798/piquet.html#engelmann1798.piquet.p3"
C = cite.Citation(
    bibl=BIBL,
    paragraph="engelmann1798.piquet.p3",
    urn="urn:cts:stichwort:engelmann1798.unterricht.stw1:piquet.regeln.p3",
    page="4–5",
    url=URL,
    accessed=dt.date(2026, 12, 2),
    version="0.1.0",
    chapter="Das Piquetspiel",
)
PIERER = cite.Citation(
    bibl={
        "author": "Heinrich August Pierer (founder); Julius Löbe (editor of the 4th ed.)",
        "title": "Pierer's Universal-Lexikon",
        "entry": "Preference",
        "edition": "4th ed.",
        "volume": "13",
        "place": "Altenburg",
        "publisher": "H. A. Pierer",
        "date": "1861",
    },
    paragraph="pierer1861.preference.p1",
    urn="urn:cts:stichwort:pierer1861.universallexikon.stw1:preference.p1",
    page="473",
    url="",
    accessed=dt.date(2026, 12, 2),
    chapter="Preference",
)


def _ris(text: str) -> dict[str, list[str]]:
    fields: dict[str, list[str]] = {}
    for line in text.splitlines():
        tag, _, value = line.partition("  - ")
        fields.setdefault(tag, []).append(value)
    return fields


def test_csl_json_is_a_chapter_in_its_book() -> None:
    [item] = json.loads(cite.csl_json(C))
    assert item["type"] == "chapter"
    assert item["title"] == "Das Piquetspiel" and item["container-title"] == BIBL["title"]
    assert item["id"] == "engelmann1798.piquet.p3"
    assert C.urn in item["note"] and "Stichwort edition 0.1.0" in item["note"]
    assert "URN" not in item and "section" not in item
    assert item["author"] == [{"family": "Engelmann", "given": "Theodor"}]
    assert item["issued"] == {"date-parts": [[1798]]}  # not circa
    assert item["accessed"] == {"date-parts": [[2026, 12, 2]]}
    assert item["page"] == "4–5" and item["page-first"] == "4" and item["URL"] == URL


def test_encyclopedia_entry_with_its_editor_not_a_literal() -> None:
    [item] = json.loads(cite.csl_json(PIERER))
    assert item["type"] == "entry-encyclopedia" and item["title"] == "Preference"
    assert item["container-title"] == "Pierer's Universal-Lexikon"
    assert "author" not in item  # the founder is named in the title, not an author
    assert item["editor"] == [{"family": "Löbe", "given": "Julius"}]
    assert item["volume"] == "13" and item["page"] == "473"
    assert not any("literal" in name for name in item["editor"])
    assert cite.bibtex(PIERER).startswith("@incollection{pierer1861_preference_p1,")
    assert "editor = {Löbe, Julius}" in cite.bibtex(PIERER)
    fields = _ris(cite.ris(PIERER))
    assert fields["TY"] == ["ENCYC"] and fields["A2"] == ["Löbe, Julius"] and "AU" not in fields


@pytest.mark.parametrize(
    ("statement", "authors", "editors"),
    [
        ("Theodor Engelmann", [("Engelmann", "Theodor")], []),
        ("Engelmann, Theodor", [("Engelmann", "Theodor")], []),
        ("", [], []),
        ("A B (founder); C D (editor)", [], [("D", "C")]),
        ("A B (author); C D (Editor of vol. 2)", [("B", "A")], [("D", "C")]),
    ],
)
def test_contributors_by_role(
    statement: str, authors: list[tuple[str, str]], editors: list[tuple[str, str]]
) -> None:
    found = cite.contributors(statement)
    assert [(p.family, p.given) for p in found[0]] == authors
    assert [(p.family, p.given) for p in found[1]] == editors


def test_contributors_keep_what_is_not_a_name_with_a_role_whole() -> None:
    odd = 'A "B" (x) C'
    assert cite.contributors(odd) == ((cite.Person(odd),), ())
    assert cite.contributors("(editor)") == ((cite.Person("(editor)"),), ())


def test_bibtex_inbook_with_chapter_and_book() -> None:
    text = cite.bibtex(C)
    assert text.startswith("@inbook{engelmann1798_piquet_p3,")
    assert "title = {Das Piquetspiel}" in text and "booktitle = {Unterricht" in text
    assert "engelmann1798.piquet.p3" in text and C.urn in text
    assert "author = {Engelmann, Theodor}" in text
    assert "pages = {4--5}" in text and "urldate = {2026-12-02}" in text
    assert text.count("{") == text.count("}")


def test_bibtex_escapes_specials() -> None:
    odd = cite.Citation(
        {**BIBL, "title": "Spiel & Regel_100%"}, "a.b", "", "", "https://x/#a_b", C.accessed
    )
    text = cite.bibtex(odd)
    assert r"Spiel \& Regel\_100\%" in text
    assert "url = {https://x/#a_b}" in text


def test_plain_text_citation() -> None:
    text = cite.plain(C)
    for part in (
        "Theodor Engelmann",
        "“Das Piquetspiel”, in: Unterricht",
        "Berlin",
        "1798",
        "p. 4–5",
        "¶ engelmann1798.piquet.p3",
        C.urn,
        URL,
    ):
        assert part in text, part
    assert text.endswith("(accessed 2026-12-02).")
    assert cite.plain(PIERER).startswith("“Preference”, in: Pierer's Universal-Lexikon, ed. Julius")


def test_without_a_url_the_urn_identifies_the_paragraph() -> None:
    bare = replace(C, url="")
    assert "http" not in cite.plain(bare) and C.urn in cite.plain(bare)
    assert "url" not in cite.bibtex(bare) and "urldate" not in cite.bibtex(bare)
    [item] = json.loads(cite.csl_json(bare))
    assert "URL" not in item and C.urn in item["note"]
    assert "UR" not in _ris(cite.ris(bare))
    assert dict(parse_qsl(cite.coins(bare)))["rft_id"] == C.urn
    assert "citation_public_url" not in dict(cite.page_meta(bare))


def test_anonymous_source() -> None:
    anon = cite.Citation(
        {"title": "Handbuch", "date": "c. 1905"},
        "polizei472.dreisatz.p1",
        "",
        "472",
        "",
        C.accessed,
        chapter="Dreisatz, Dreiblatt",
    )
    [item] = json.loads(cite.csl_json(anon))
    assert "author" not in item and item["issued"] == {"date-parts": [[1905]], "circa": True}
    assert "author" not in cite.bibtex(anon)
    assert _ris(cite.ris(anon))["PY"] == ["1905"] and _ris(cite.ris(anon))["DA"] == ["c. 1905"]


def test_ris_record_has_start_and_end_page() -> None:
    text = cite.ris(C)
    assert text.splitlines()[0] == "TY  - CHAP" and text.splitlines()[-1] == "ER  - "
    fields = _ris(text)
    assert fields["AU"] == ["Engelmann, Theodor"]
    assert fields["TI"] == ["Das Piquetspiel"] and fields["T2"] == [BIBL["title"]]
    assert fields["SP"] == ["4"] and fields["EP"] == ["5"]
    assert C.urn in fields["N1"][0] and C.paragraph in fields["N1"][0]
    assert fields["UR"] == [URL] and fields["Y2"] == ["2026-12-02"]
    single = _ris(cite.ris(replace(C, page="7")))
    assert single["SP"] == single["EP"] == ["7"]


def test_coins_is_a_book_item_with_pages() -> None:
    pairs = parse_qsl(cite.coins(C))
    fields = dict(pairs)
    assert fields["ctx_ver"] == "Z39.88-2004" and fields["rft.genre"] == "bookitem"
    assert fields["rft.atitle"] == "Das Piquetspiel" and fields["rft.btitle"] == BIBL["title"]
    assert fields["rft.spage"] == "4" and fields["rft.epage"] == "5"
    assert fields["rft.au"] == "Engelmann, Theodor" and fields["rft_id"] == URL


def test_page_meta_describes_the_chapter_in_its_book() -> None:
    chapter = replace(C, page="3–22", url="https://edition.test/engelmann1798/piquet.html")
    tags = cite.page_meta(chapter)
    names = dict(tags)
    assert names["citation_title"] == "Das Piquetspiel"
    assert names["citation_inbook_title"] == BIBL["title"]
    assert names["citation_author"] == "Engelmann, Theodor"
    assert names["citation_publication_date"] == "1798"
    assert (names["citation_firstpage"], names["citation_lastpage"]) == ("3", "22")
    assert names["citation_public_url"] == chapter.url
    assert names["DC.identifier"] == C.urn
    assert all(value for _name, value in tags)
