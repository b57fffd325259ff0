"""The encoder on fixed edits (independent of the repair engine) and its small helpers."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

from lxml import etree
from teisynth import write_synth

import tei.edition
from corpus import load_source
from normalise.edits import Edit
from tei.body import TEI_NS, cert, join_hyphenation, label
from tei.build import build_document
from tei.edition import edition_log, furniture_replacement
from tei.layers import category_resps, load_paragraphs, provenance, raw_text, read_tei
from tei.normal import deterministic, fold, is_deterministic

NS = {"t": TEI_NS}


def _edit(raw: str, text: str, replacement: str, kind: str, confidence: float = 1.0) -> Edit:
    start = raw.index(text)
    return Edit(start, start + len(text), text, replacement, kind, confidence, "fixed")


def test_fixed_edits_are_encoded_as_declared(tmp_path: Path) -> None:
    write_synth(tmp_path, "fixed")
    raw = load_source("fixed", tmp_path).raw
    wel = raw.index("wel⸗ chem") + 3
    edits = (
        Edit(wel, wel + 1, "⸗", "", "hyphenation", 0.95),
        Edit(wel + 1, wel + 2, " ", "", "hyphenation", 0.95),
        _edit(raw, "Dieſes", "Dieses", "long-s"),
        _edit(raw, "Perſonen", "Perfonen", "ocr", 0.75),
        _edit(raw, "ꝛc.", "etc.", "abbreviation", 0.3),
        _edit(raw, "\n", " ", "whitespace"),
        _edit(raw, "darin", "darinn", "ocr"),
        _edit(raw, "geſpielt. Ehe", "gespielt. Ehe", "ocr"),  # crosses a block boundary
        _edit(raw, "will, 12", "will,", "noise"),  # overlaps furniture
    )
    with mock.patch.object(tei.edition, "_automatic", lambda siglum, root: edits):
        built = build_document("fixed", tmp_path)
        log = edition_log("fixed", tmp_path)
    assert [reason.split(" at ")[0] for _, reason in log.dropped] == [
        "crosses the block boundary",
        "overlaps pageNum furniture",
    ]
    path = tmp_path / "fixed.xml"
    path.write_bytes(built.xml)
    tree = etree.parse(str(path))
    choices = tree.xpath("//t:body//t:choice", namespaces=NS)
    resps = category_resps(tree.getroot())
    encoded = [
        (
            etree.QName(c[0]).localname,
            raw_text(c[0]),
            resps.type_of(c[1]),
            provenance(c[1], resps)[1],
        )
        for c in choices
        if provenance(c[1], resps)[0] == "#stichwort-repair"
    ]
    assert encoded == [  # whole words: the line-end hyphen's choice takes in "wel" and "chem"
        ("sic", "Perſonen", "ocr", "medium"),
        ("orig", "wel⸗ chem", "hyphenation", "high"),
        ("orig", "ꝛc.", "abbreviation", "low"),
        ("sic", "darin", "ocr", "high"),
    ]
    assert [c[1].get("cert") for c in choices if resps.type_of(c[1]) == "ocr"][:1] == ["medium"]
    assert all(c[1].get("type") is None for c in choices if c[0].tag == f"{{{TEI_NS}}}sic")
    assert all(c[1].get("resp") is None for c in choices), "resp is the category's"
    (hyphen,) = tree.xpath("//t:orig[following-sibling::t:reg[@type='hyphenation']]", namespaces=NS)
    assert hyphen.text == "wel⸗" and hyphen[0].get("break") == "no" and hyphen[0].tail == " chem"
    _, body = read_tei(path)
    structure = tei.edition.load_structure("fixed", tmp_path)
    assert raw_text(body) == raw[structure.body_start : structure.body_end]
    paragraphs = load_paragraphs(path)
    assert paragraphs["fixed.piquet.p1"].reading.startswith(
        "Dieses Spiel kann nur unter zwei Perfonen"
    )
    assert paragraphs["fixed.piquet.p3"].reading == "Zum Schluß ein Satz mit Müll darinn."


def test_long_s_misread_is_damage(tmp_path: Path) -> None:
    write_synth(tmp_path, "longs")
    raw = load_source("longs", tmp_path).raw
    edits = (_edit(raw, "ſ", "s", "long-s"), _edit(raw, "Zum", "Sum", "long-s"))
    with mock.patch.object(tei.edition, "_automatic", lambda siglum, root: edits):
        built = build_document("longs", tmp_path)
    tree = etree.fromstring(built.xml)
    resps = category_resps(tree)
    (corr,) = [c for c in tree.iter(f"{{{TEI_NS}}}corr") if resps.type_of(c) == "long-s"]
    assert corr.text == "Sum" and corr.getprevious().text == "Zum"


def test_helpers() -> None:
    assert label("piquet.p12", "piquet.regeln") == "p12"
    assert label("piquet.gesetze.15", "piquet.gesetze") == "15"
    assert label("bieten.figur.1", "bieten") == "figur_1"
    assert label("front", "") == "front"
    assert [cert(c) for c in (1.0, 0.9, 0.89, 0.7, 0.69)] == [
        "high",
        "high",
        "medium",
        "medium",
        "low",
    ]
    assert furniture_replacement("a 12 b", 2, 4) == ""
    assert furniture_replacement("a12b", 1, 3) == " "
    assert furniture_replacement("12 b", 0, 3) == ""
    assert deterministic("ſeyn Juͤngern Aͤrger") == "seyn Jüngern Ärger"
    assert fold("  a \n\n b\t") == "a b"
    assert is_deterministic("ſ", "s") and is_deterministic("\n", " ")
    assert not is_deterministic("f", "s") and not is_deterministic(" ", "")
    pair = [Edit(3, 4, "⸗", "", "hyphenation"), Edit(4, 5, " ", "", "hyphenation")]
    assert join_hyphenation(pair, frozenset()) == [Edit(3, 5, "⸗ ", "", "hyphenation")]
    assert join_hyphenation(pair, frozenset({4})) == pair
