"""Editorial gaps: ``[[gap]]`` entries of structure.toml, checked, encoded as TEI ``<gap>``."""

from __future__ import annotations

import re
from pathlib import Path
from unittest import mock

import pytest
from lxml import etree
from teisynth import (
    SYNTH_BLOCKS,
    SYNTH_CORRECTIONS,
    SYNTH_DIVS,
    SYNTH_FURNITURE,
    write_source,
    write_synth,
)

import tei.edition
from corpus import CorpusError, load_source, load_structure
from normalise.edits import Edit
from tei.body import TEI_NS, XML_ID
from tei.build import build_document, build_tei
from tei.gaps import load_gaps
from tei.layers import LAYERS, layer_text, load_paragraphs, raw_text, read_tei
from tei.validate import validate_files

NS = {"t": TEI_NS}
GAP = 'reason = "lost"\nunit = "figure"\nquantity = 1\ndesc = "a figure"\n'


def _synth(root: Path, gaps: tuple[tuple[str, dict[str, object]], ...]) -> str:
    """The permanent synthetic source with other gaps; returns its raw text."""
    return write_source(
        root,
        "synth1798",
        before="Provided by a library. STAMP\n",
        blocks=SYNTH_BLOCKS,
        divs=SYNTH_DIVS,
        after="colour chart scan",
        furniture=SYNTH_FURNITURE,
        corrections=SYNTH_CORRECTIONS,
        gaps=gaps,
    )


def _gaps(path: Path) -> list[etree._Element]:
    return etree.parse(str(path)).xpath("//t:body//t:gap", namespaces=NS)


def _text_before(gap: etree._Element) -> str:
    """The text of the gap's parent up to the gap (raw side only)."""
    parent = gap.getparent()
    before = parent.text or ""
    for child in parent:
        if child is gap:
            return before
        before += raw_text(child) + (child.tail or "")
    raise AssertionError("gap not in its parent")


def _drop(element: etree._Element) -> None:
    """Remove ``element`` but keep its tail text in place."""
    parent, previous = element.getparent(), element.getprevious()
    if element.tail and previous is not None:
        previous.tail = (previous.tail or "") + element.tail
    elif element.tail:
        parent.text = (parent.text or "") + element.tail
    parent.remove(element)


# ------------------------------------------------------------------ the encoding


def test_synthetic_gap_is_encoded(synth_tei: Path) -> None:
    (gap,) = _gaps(synth_tei)
    assert gap.getparent().get(XML_ID) == "synth1798.tresett.p2"
    assert _text_before(gap) == "Die Farbe muß bekannt werden."
    assert gap.tail == " "
    assert dict(gap.attrib) == {
        XML_ID: "synth1798.tresett.gap1",
        "reason": "lost",
        "unit": "figure",
        "quantity": "2",
        "resp": "#editor",
        "cert": "medium",
    }
    assert [etree.QName(c).localname for c in gap] == ["desc"]
    assert gap[0].text == "Two figures of <tricks> & trumps"


def test_header_declares_gaps(synth_tei: Path) -> None:
    tree = etree.parse(str(synth_tei))
    correction = "".join(tree.find(".//t:editorialDecl/t:correction", namespaces=NS).itertext())
    assert "<gap>" in correction and "adds nothing to any text layer" in correction


def test_gaps_add_nothing_to_any_layer(tmp_path: Path) -> None:
    plain_root, gapped_root = tmp_path / "plain", tmp_path / "gapped"
    _synth(plain_root, ())
    gaps = (
        ("Das Piquetſpiel. ", {"reason": "lost", "unit": "line", "quantity": 1, "desc": "a"}),
        (
            "Ehe man ſpielen will, ",
            {"reason": "damage", "unit": "char", "quantity": 3, "desc": "b"},
        ),
        ("Müll darin.\n", {"reason": "omitted", "unit": "page", "quantity": 1, "desc": "c"}),
        ("bekannt werden. ", {"reason": "illegible", "unit": "word", "quantity": 2, "desc": "d"}),
    )
    raw = _synth(gapped_root, gaps)
    plain = build_tei(["synth1798"], tmp_path / "plain-tei", root=plain_root)[0]
    gapped = build_tei(["synth1798"], tmp_path / "gapped-tei", root=gapped_root)[0]
    assert len(_gaps(gapped)) == 4
    before, after = load_paragraphs(plain), load_paragraphs(gapped)
    assert before == after
    for layer in LAYERS:
        assert layer_text(plain, layer) == layer_text(gapped, layer), layer
    structure = load_structure("synth1798", gapped_root)
    assert raw_text(read_tei(gapped)[1]) == raw[structure.body_start : structure.body_end]
    # taking the gaps out again (their tails stay) gives the body without gaps
    tree = etree.parse(str(gapped))
    for gap in tree.xpath("//t:body//t:gap", namespaces=NS):
        _drop(gap)
    body = etree.tostring(tree.find(".//t:body", namespaces=NS))
    assert body == etree.tostring(etree.parse(str(plain)).find(".//t:body", namespaces=NS))
    assert validate_files([gapped]) == []


def test_gap_at_a_boundary_belongs_to_the_block_that_begins_there(tmp_path: Path) -> None:
    gaps = (
        ("Das Piquetſpiel. ", {"reason": "lost", "unit": "line", "quantity": 1, "desc": "a"}),
        ("will, ", {"reason": "lost", "unit": "char", "quantity": 1, "desc": "b"}),
        ("bekannt werden. ", {"reason": "lost", "unit": "line", "quantity": 1, "desc": "c"}),
    )
    _synth(tmp_path, gaps)
    (path,) = build_tei(["synth1798"], tmp_path / "out", root=tmp_path)
    first, page, last = _gaps(path)
    # the end of the head is the start of p1: the gap opens p1
    assert first.getparent().get(XML_ID) == "synth1798.piquet.p1"
    assert first.getparent().text is None and first.getparent()[0] is first
    # at the offset where a page number begins, the gap comes before the page break
    assert etree.QName(page.getnext()).localname == "pb" and page.getnext().get("n") == "12"
    # the end of the body: the last block's end
    assert last.getparent().get(XML_ID) == "synth1798.tresett.p2"
    assert last.getparent()[-1] is last and last.tail is None


def test_gap_inside_an_edit_is_placed_after_it_with_a_warning(tmp_path: Path) -> None:
    raw = _synth(
        tmp_path,
        (("Müll dar", {"reason": "lost", "unit": "char", "quantity": 1, "desc": "x"}),),
    )
    start = raw.index("darin")
    edits = (Edit(start, start + 5, "darin", "darinn", "ocr", 1.0, "fixed"),)
    with mock.patch.object(tei.edition, "_automatic", lambda siglum, root: edits):
        built = build_document("synth1798", tmp_path)
        tei.edition.edition_log("synth1798", tmp_path)  # cached while the patch holds
    assert any(re.search(r"gap at \d+ falls inside an edit", w) for w in built.warnings)
    (gap,) = etree.fromstring(built.xml).xpath("//t:body//t:gap", namespaces=NS)
    assert etree.QName(gap.getprevious()).localname == "choice"
    assert raw_text(gap.getprevious()) == "darin" and gap.tail == ".\n"


# ------------------------------------------------------------------ checks of the entries


def _broken(tmp_path: Path, entry: str) -> Path:
    """The synthetic source as ``gapped`` with ``entry`` added to its structure.toml (a
    table at the end; a top-level key at the start, the file's own gap taken out)."""
    write_synth(tmp_path, "gapped")
    path = tmp_path / "gapped" / "structure.toml"
    text = path.read_text(encoding="utf-8")
    text = text + "\n" + entry if "[[" in entry else entry + text.split("[[gap]]")[0]
    path.write_text(text, encoding="utf-8")
    return path


def _at(tmp_path: Path, text: str) -> int:
    """A raw offset right after the first ``text`` in the synthetic source."""
    raw = load_source("gapped", tmp_path).raw
    return raw.index(text) + len(text)


BROKEN = {
    "missing at": ("[[gap]]\n" + GAP, r"gap #2 at \?: 'at' is missing"),
    "at a string": ('[[gap]]\nat = "40"\n' + GAP, r"'at' must be an integer, not str"),
    "at a float": ("[[gap]]\nat = 40.5\n" + GAP, r"'at' must be an integer, not float"),
    "at negative": ("[[gap]]\nat = -1\n" + GAP, r"offset -1 outside the raw text"),
    "at past the end": ("[[gap]]\nat = 99999\n" + GAP, r"offset 99999 outside the raw text"),
    "outside the body": ("[[gap]]\nat = 3\n" + GAP, r"offset 3 is not inside a block"),
    "missing desc": (
        '[[gap]]\nat = 40\nreason = "lost"\nunit = "figure"\nquantity = 1\n',
        r"'desc' is missing",
    ),
    "empty desc": ("[[gap]]\nat = 40\n" + GAP.replace('"a figure"', '"  "'), r"'desc' is empty"),
    "desc a number": (
        "[[gap]]\nat = 40\n" + GAP.replace('"a figure"', "5"),
        r"'desc' must be a string",
    ),
    "missing reason": (
        '[[gap]]\nat = 40\nunit = "figure"\nquantity = 1\ndesc = "x"\n',
        r"'reason' is missing",
    ),
    "unknown reason": (
        "[[gap]]\nat = 40\n" + GAP.replace('"lost"', '"gone"'),
        r"reason 'gone' must be one of lost, ",
    ),
    "unknown unit": (
        "[[gap]]\nat = 40\n" + GAP.replace('"figure"', '"figures"'),
        r"unit 'figures' must be one of ",
    ),
    "quantity zero": (
        "[[gap]]\nat = 40\n" + GAP.replace("quantity = 1", "quantity = 0"),
        r"quantity must be at least 1",
    ),
    "quantity a string": (
        "[[gap]]\nat = 40\n" + GAP.replace("quantity = 1", 'quantity = "1"'),
        r"'quantity' must be an integer",
    ),
    "unknown cert": ('[[gap]]\nat = 40\ncert = "sure"\n' + GAP, r"cert 'sure' must be one of"),
    "misspelt key": ("[[gap]]\nat = 40\nquantitiy = 2\n" + GAP, r"unknown key\(s\) quantitiy"),
    "empty id": ('[[gap]]\nat = 40\nid = " "\n' + GAP, r"'id' is empty"),
    "id of a block": (
        '[[gap]]\nat = 40\nid = "piquet.p1"\n' + GAP,
        r"id 'piquet.p1' is already used",
    ),
    "id of another gap": (
        '[[gap]]\nat = 40\nid = "tresett.gap1"\n' + GAP,
        r"id 'tresett.gap1' is already used",
    ),
    "after does not match": (
        '[[gap]]\nat = 40\nafter = "Figur"\n' + GAP,
        r"after 'Figur' does not match raw",
    ),
    "before does not match": (
        '[[gap]]\nat = 40\nbefore = "Figur"\n' + GAP,
        r"before 'Figur' does not match raw",
    ),
    "not an array of tables": ('gap = "here"\n', r"'gap' must be an array of tables"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_broken_gap_names_file_entry_and_problem(tmp_path: Path, case: str) -> None:
    entry, message = BROKEN[case]
    path = _broken(tmp_path, entry)
    with pytest.raises(CorpusError, match=message) as error:
        load_gaps("gapped", tmp_path)
    assert str(error.value).startswith(f"{path}: ")
    if "[[gap]]" in entry and "at = 40\n" in entry:
        assert f"{path}: gap #2 at 40: " in str(error.value)


def test_gap_inside_furniture_is_refused(tmp_path: Path) -> None:
    write_synth(tmp_path, "gapped")
    at = _at(tmp_path, "xqz")
    path = _broken(tmp_path, f"[[gap]]\nat = {at}\n{GAP}")
    with pytest.raises(CorpusError, match=rf"gap #2 at {at}: offset {at} falls inside noise"):
        load_gaps("gapped", tmp_path)
    assert path.exists()


def test_gap_at_the_edges_of_furniture_is_accepted(tmp_path: Path) -> None:
    write_synth(tmp_path, "gapped")
    start, end = _at(tmp_path, "Satz mit "), _at(tmp_path, "xqzv#")
    _broken(tmp_path, f"[[gap]]\nat = {start}\n{GAP}\n[[gap]]\nat = {end}\n{GAP}")
    assert [g.at for g in load_gaps("gapped", tmp_path)][:2] == [start, end]


def test_broken_gap_stops_the_build_before_anything_is_written(tmp_path: Path) -> None:
    _broken(tmp_path, '[[gap]]\nat = 40\nreason = "gone"\n')
    out = tmp_path / "out"
    with pytest.raises(CorpusError, match=r"structure\.toml: gap #2 at 40: "):
        build_tei(["gapped"], out, root=tmp_path)
    assert not out.exists()


# ------------------------------------------------------------------ Pierer's lost figures


def test_pierer_gaps_mark_the_lost_figures(real_tei: dict[str, Path]) -> None:
    path = real_tei["pierer1861"]
    first, second = _gaps(path)
    assert first.getparent().get(XML_ID) == "pierer1861.preference.p1"
    assert _text_before(first).endswith(
        "Gewinn u. Verlust angeschrieben. Jeder Spieler macht diese Figur"
    )
    assert first.tail.startswith(" haben sich:")
    assert second.getparent().get(XML_ID) == "pierer1861.preference.p6"
    assert _text_before(second).endswith("aus den über den Figuren stehenden Zahlen.")
    assert second.tail == "\n\n"
    for gap in (first, second):
        assert (gap.get("reason"), gap.get("unit"), gap.get("quantity")) == ("lost", "figure", "1")
        assert gap.get("resp") == "#editor"
        assert "figure" in gap.findtext("t:desc", namespaces=NS)
    assert first.get("cert") is None and second.get("cert") == "medium"
    assert "Querstrich" in first.findtext("t:desc", namespaces=NS)
    assert "so schließt sich die Partie" in second.findtext("t:desc", namespaces=NS)


def test_pierer_reading_around_the_gaps_is_unchanged(real_tei: dict[str, Path]) -> None:
    paragraphs = load_paragraphs(real_tei["pierer1861"])
    raw = load_source("pierer1861").raw
    p1, p6, p7 = (paragraphs[f"pierer1861.preference.{k}"] for k in ("p1", "p6", "p7"))
    assert p1.reading.endswith("Jeder Spieler macht diese Figur haben sich:")
    assert p6.reading.endswith("aus den über den Figuren stehenden Zahlen.")
    assert p7.reading.startswith("so schließt sich die Partie")
    structure = load_structure("pierer1861")
    for block in structure.blocks:
        assert paragraphs[f"pierer1861.{block.id}"].raw == raw[block.start : block.end]
    assert (
        layer_text(real_tei["pierer1861"], "raw") == raw[structure.body_start : structure.body_end]
    )
