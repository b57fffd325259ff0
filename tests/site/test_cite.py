"""Citations of a paragraph: plain text, BibTeX and CSL-JSON."""

from __future__ import annotations

import datetime as dt
import json

from sitegen import cite

BIBL = {
    "author": "Theodor Engelmann",
    "title": "Unterricht im Piquet-, Tresett- und Kleeblattspiel",
    "edition": "Neue stark vermehrte Auflage",
    "place": "Berlin",
    "publisher": "Wilhelm Oehmigke der Jüngere",
    "date": "1798",
}
C = cite.Citation(
    bibl=BIBL,
    paragraph="engelmann1798.piquet.p3",
    urn="urn:cts:stichwort:engelmann1798.unterricht.stw1:piquet.regeln.p3",
    page="4–5",
    url="https://stichwort.example.org/engelmann1798/piquet.html#engelmann1798.piquet.p3",
    accessed=dt.date(2026, 12, 2),
    version="0.1.0",
    chapter="Das Piquetspiel.",
)


def test_csl_json_is_valid_and_complete() -> None:
    [item] = json.loads(cite.csl_json(C))
    assert item["id"] == "engelmann1798.piquet.p3"
    assert item["URN"] == C.urn and C.urn in item["note"]
    assert item["author"] == [{"family": "Engelmann", "given": "Theodor"}]
    assert item["issued"] == {"date-parts": [[1798]]}
    assert item["accessed"] == {"date-parts": [[2026, 12, 2]]}
    assert item["page"] == "4–5" and item["URL"] == C.url
    assert "Stichwort edition 0.1.0" in item["note"]


def test_bibtex_contains_id_urn_and_balanced_braces() -> None:
    text = cite.bibtex(C)
    assert text.startswith("@inbook{engelmann1798_piquet_p3,")
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
        "Berlin",
        "1798",
        "p. 4–5",
        "¶ engelmann1798.piquet.p3",
        C.urn,
        C.url,
    ):
        assert part in text
    assert text.endswith("(accessed 2026-12-02).")


def test_anonymous_source() -> None:
    anon = cite.Citation(
        {"title": "Handbuch", "date": "c. 1905"},
        "polizei472.dreisatz.p1",
        "",
        "472",
        "u",
        C.accessed,
    )
    [item] = json.loads(cite.csl_json(anon))
    assert "author" not in item and item["issued"] == {"date-parts": [[1905]]}
    assert "author" not in cite.bibtex(anon)


def test_author_with_roles_is_kept_literal() -> None:
    bibl = {
        "author": "Heinrich August Pierer (founder); Julius Löbe (editor)",
        "title": "Universal-Lexikon",
    }
    c = cite.Citation(bibl, "pierer1861.preference.p1", "", "473", "u", C.accessed)
    [item] = json.loads(cite.csl_json(c))
    assert item["author"] == [{"literal": bibl["author"]}]
    assert "author = {{Heinrich August Pierer" in cite.bibtex(c)
    assert cite.plain(c).startswith("Heinrich August Pierer (founder)")


def test_ris_record() -> None:
    lines = cite.ris(C).splitlines()
    assert lines[0] == "TY  - CHAP" and lines[-1] == "ER  - "
    assert "AU  - Engelmann, Theodor" in lines and "BT  - " + BIBL["title"] in lines
    assert any(
        line.startswith("N1  - ") and C.urn in line and C.paragraph in line for line in lines
    )
    assert "UR  - " + C.url in lines and "Y2  - 2026-12-02" in lines
