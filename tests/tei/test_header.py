"""The ``<teiHeader>``: digitisation provenance, rights, extent, responsibility and dates."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from pathlib import Path
from types import SimpleNamespace

import pytest
from lxml import etree

import tei.header
from corpus import load_source, load_structure
from corpus.sources import CORPUS_DIR
from tei.body import TEI_NS
from tei.header import EDITION_LICENCE, build_date, build_header, build_version

NS = {"t": TEI_NS}
PUBLIC_DOMAIN_MARK = "https://creativecommons.org/publicdomain/mark/1.0/"


def _header(path: Path) -> etree._Element:
    header = etree.parse(str(path)).find("t:teiHeader", namespaces=NS)
    assert header is not None, path
    return header


def _one(element: etree._Element, xpath: str) -> etree._Element:
    found = element.xpath(xpath, namespaces=NS)
    assert len(found) == 1, (xpath, found)
    return found[0]


def _text(element: etree._Element) -> str:
    return " ".join("".join(element.itertext()).split())


def test_digitisation_provenance_names_the_seed_and_its_checksum(
    real_tei: dict[str, Path],
) -> None:
    for siglum, path in real_tei.items():
        meta = load_source(siglum).meta
        digest = hashlib.sha256((CORPUS_DIR / siglum / "raw.txt").read_bytes()).hexdigest()
        bibl = _one(_header(path), "t:fileDesc/t:sourceDesc/t:bibl[@type='digitisation']")
        assert _one(bibl, "t:idno[@type='sha256']").text == digest, siglum
        assert meta["original_file"] in _one(bibl, "t:title[@type='file']").text
        resps = [_text(r) for r in bibl.iterfind("t:respStmt", namespaces=NS)]
        assert any(r.startswith("OCR engine") for r in resps), siglum
        assert any("digitised text" in r for r in resps), siglum
        # a web address where one is known, else the header says that none was recorded
        assert bibl.xpath("t:ptr[@target] or t:note[@type='url']", namespaces=NS), siglum
        assert _one(bibl, "t:note[@type='status']").text.startswith("as received")


def test_engelmann_names_tesseract_and_the_tuebingen_copy(real_tei: dict[str, Path]) -> None:
    header = _header(real_tei["engelmann1798"])
    bibl = _one(header, ".//t:bibl[@type='digitisation']")
    assert _one(bibl, "t:respStmt[t:resp='OCR engine']/t:name").text == "Tesseract"
    assert "Universitätsbibliothek Tübingen" in _one(bibl, "t:respStmt/t:orgName").text
    copy = _one(header, ".//t:biblStruct/t:note[@type='copy']").text
    assert "Dl 24_1" in copy


def test_availability_agrees_with_each_source(real_tei: dict[str, Path]) -> None:
    statuses = {}
    for siglum, path in real_tei.items():
        availability = _one(_header(path), "t:fileDesc/t:publicationStmt/t:availability")
        statuses[siglum] = availability.get("status")
        licences = availability.findall("t:licence", namespaces=NS)
        targets = [licence.get("target") for licence in licences]
        assert len(licences) == 2 and all(targets), siglum
        assert targets[0] == load_source(siglum).meta["licence"]["target"], siglum
        assert targets[1] == EDITION_LICENCE == "https://creativecommons.org/licenses/by/4.0/"
        assert "The source text" in _text(licences[0])
        assert "CC BY 4.0" in _text(licences[1])
    # Schwaighofer's rights are unclear by its own note: not "free"
    assert statuses["schwaighofer1927"] == "unknown"
    note = _text(_one(_header(real_tei["schwaighofer1927"]), ".//t:availability/t:licence[1]"))
    assert "must be checked" in note
    assert statuses["engelmann1798"] == statuses["pierer1861"] == "free"
    for siglum in ("engelmann1798", "pierer1861"):
        assert _one(_header(real_tei[siglum]), ".//t:licence[1]").get("target") == (
            PUBLIC_DOMAIN_MARK
        )


def test_date_caveat_of_schwaighofer_is_kept(real_tei: dict[str, Path]) -> None:
    header = _header(real_tei["schwaighofer1927"])
    assert _one(header, ".//t:imprint/t:date").get("when") == "1927"
    caveat = _one(header, ".//t:biblStruct/t:note[@type='date']").text
    assert "Dezember 1926" in caveat and "1927" in caveat


def test_extent_is_not_a_bibl_scope(real_tei: dict[str, Path]) -> None:
    engelmann = _header(real_tei["engelmann1798"])
    assert _one(engelmann, ".//t:monogr/t:extent").text == "47 pages"
    assert not engelmann.xpath(".//t:biblScope", namespaces=NS)
    pierer = _header(real_tei["pierer1861"])
    scopes = {s.get("unit"): s.text for s in pierer.iterfind(".//t:monogr/t:biblScope", NS)}
    assert scopes == {"volume": "13", "page": "473"}
    assert not pierer.xpath(".//t:imprint/t:biblScope", namespaces=NS)
    for path in real_tei.values():
        measure = _one(_header(path), "t:fileDesc/t:extent/t:measure[@unit='char']")
        siglum = path.stem
        assert int(measure.get("quantity")) == len(load_source(siglum).raw)


def test_responsibility_is_named(real_tei: dict[str, Path]) -> None:
    header = _header(real_tei["polizei472"])
    statements = {
        _text(stmt.find("t:resp", NS)): _text(stmt.xpath("t:name|t:orgName", namespaces=NS)[0])
        for stmt in header.iterfind("t:fileDesc/t:titleStmt/t:respStmt", NS)
    }
    assert any("curated corrections" in resp for resp in statements)
    assert any("TEI encoding" in resp for resp in statements)
    assert all(name.startswith("Stichwort") for name in statements.values())
    assert _text(_one(header, ".//t:titleStmt/t:editor[@xml:id='editor']")) == "Stichwort editors"
    repair = _one(header, ".//t:respStmt[@xml:id='stichwort-repair']")
    assert "repair engine" in _text(repair)
    application = _one(header, "t:encodingDesc/t:appInfo/t:application")
    assert application.get("ident") == "stichwort"
    assert application.get("version") == build_version()


def test_header_declares_whitespace(real_tei: dict[str, Path]) -> None:
    header = _header(real_tei["pierer1861"])
    segmentation = _text(_one(header, ".//t:editorialDecl/t:segmentation"))
    assert 'xml:space="preserve"' in segmentation


def test_publication_date_comes_from_meta(real_tei: dict[str, Path]) -> None:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")  # as when the session built real_tei
    for siglum, path in real_tei.items():
        meta = load_source(siglum).meta
        expected = build_date(meta)
        assert expected == meta["edition"]["date"] or epoch
        header = _header(path)
        date = _one(header, "t:fileDesc/t:publicationStmt/t:date")
        assert date.get("when") == date.text == expected
        assert _one(header, "t:revisionDesc/t:change").get("when") == expected


def test_build_date_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert build_date({"edition": {"date": "1999-01-02"}}) == "1999-01-02"
    assert build_date({"edition": {"date": dt.date(1999, 1, 2)}}) == "1999-01-02"
    assert build_date({}) == ""  # no date at all rather than the build clock
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        build_date({"edition": {"date": "2.1.1999"}})
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "946771200")  # 2000-01-02T00:00:00Z
    assert build_date({"edition": {"date": "1999-01-02"}}) == "2000-01-02"


class _NoClockDate(dt.date):
    @classmethod
    def today(cls) -> dt.date:
        raise AssertionError("the header read the clock")


class _NoClockDatetime(dt.datetime):
    @classmethod
    def now(cls, tz: dt.tzinfo | None = None) -> dt.datetime:
        raise AssertionError("the header read the clock")

    @classmethod
    def today(cls) -> dt.datetime:
        raise AssertionError("the header read the clock")

    @classmethod
    def utcnow(cls) -> dt.datetime:
        raise AssertionError("the header read the clock")


def test_header_never_reads_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    clockless = SimpleNamespace(date=_NoClockDate, datetime=_NoClockDatetime, UTC=dt.UTC)
    monkeypatch.setattr(tei.header, "dt", clockless)
    meta = load_source("pierer1861").meta
    header = build_header(load_structure("pierer1861"), meta, "urn:cts:stichwort:x.y.stw1")
    date = header.find("t:fileDesc/t:publicationStmt/t:date", NS)
    assert date is not None and date.get("when") == meta["edition"]["date"]
    undated = build_header(load_structure("pierer1861"), {}, "urn:cts:stichwort:x.y.stw1")
    assert undated.find("t:fileDesc/t:publicationStmt/t:date", NS) is None
    assert undated.find("t:revisionDesc/t:change", NS).get("when") is None


def test_source_without_digitisation_data_says_not_recorded(synth_tei: Path) -> None:
    header = _header(synth_tei)
    bibl = _one(header, ".//t:bibl[@type='digitisation']")
    assert _one(bibl, "t:respStmt[t:resp='OCR engine']/t:name").text == "not recorded"
    assert _one(bibl, "t:note[@type='url']").text.startswith("No web address")
    availability = _one(header, ".//t:availability")
    assert availability.get("status") == "unknown"  # not declared in meta.toml
    assert [lic.get("target") for lic in availability.iterfind("t:licence", NS)] == [
        EDITION_LICENCE
    ]
    assert "Public domain" in _text(_one(availability, "t:p"))


def test_the_confusions_learned_from_the_witness_are_declared(real_tei: dict[str, Path]) -> None:
    """What the repair learned from a witness's own OCR is written in its header, the
    likeliest first; a witness that taught nothing has no such paragraph."""
    from tei.edition import edition_confusions

    for siglum, path in real_tei.items():
        learned = edition_confusions(siglum)
        found = _header(path).xpath(
            "t:encodingDesc/t:editorialDecl/t:correction[@n='learned-confusions']",
            namespaces=NS,
        )
        if not learned:
            assert found == [], siglum
            continue
        text = _text(_one(found[0], "t:p"))
        likeliest = max(learned, key=lambda c: c[2])
        assert f"'{likeliest[0]}' for '{likeliest[1]}' ({likeliest[2]:.2f})" in text
        assert text.count(" for '") == len(learned)
    assert edition_confusions("schwaighofer1927")  # the print's k read as f, and more
