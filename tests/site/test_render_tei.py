"""The TEI -> HTML renderer on a small fixture and (when built) on the real TEI files."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from sitegen.render_tei import load_tei, plain_text
from tests.conftest import BUILD
from tests.site.conftest import TEI


@pytest.fixture(scope="module")
def doc():
    return load_tei(TEI)


def test_blocks_ids_urns_and_kinds(doc) -> None:
    assert list(doc.blocks) == [
        "x1800.piquet.head",
        "x1800.piquet.p1",
        "x1800.piquet.p2",
        "x1800.piquet.gesetze.head",
        "x1800.piquet.gesetze.1",
    ]
    p1 = doc.blocks["x1800.piquet.p1"]
    assert p1.urn == "urn:cts:stichwort:x1800.probe:piquet.1"
    assert doc.blocks["x1800.piquet.gesetze.1"].kind == "item"
    assert [g.id for g in doc.games] == ["x1800.piquet"]
    assert doc.games[0].title == "Das Piquetspiel."


def test_three_layers(doc) -> None:
    p1 = doc.blocks["x1800.piquet.p1"]
    assert p1.text("reading") == "Dies Spiel wird mit welchem Blatt gespielt; die Dame gilt 30."
    assert (
        p1.text("diplomatic") == "Dies Spiel wird mit wel⸗|chem Blatt geſpielt; die Dame gilt 30."
    )
    assert p1.text("raw") == "Dies 4 Spiet wird mit wel⸗ chem Blatt geſpielt; die Da me gilt z0."


def test_printed_pages_from_pb(doc) -> None:
    assert doc.blocks["x1800.piquet.head"].page == "3"
    p1 = doc.blocks["x1800.piquet.p1"]
    assert p1.page == "3–4"
    assert 'class="sw-pb" data-n="4"' in p1.layers["reading"]
    assert doc.blocks["x1800.piquet.gesetze.1"].page == "4"


def test_repairs_marked_with_original_resp_and_cert(doc) -> None:
    reading = doc.blocks["x1800.piquet.p1"].layers["reading"]
    changes = {c.ref: c for c in doc.blocks["x1800.piquet.p1"].changes}
    spiel = re.search(
        r'<span class="([^"]*)" tabindex="0" aria-describedby="([^"]*)">Spiel</span>', reading
    )
    assert spiel, reading
    assert "sw-automatic" in spiel.group(1) and "sw-corr" in spiel.group(1)
    assert spiel.group(2) == "app.x1800.piquet.p1.1"
    # the tooltip, made in the browser from the apparatus entry the mark points to
    assert changes[spiel.group(2)].tip == "OCR: Spiet · automatic · cert high"
    dame = re.search(
        r'<span class="([^"]*)"[^>]*aria-describedby="([^"]*)"[^>]*>Dame</span>', reading
    )
    assert dame and "sw-editor" in dame.group(1) and "sw-doubt" in dame.group(1)
    assert "Da me" in changes[dame.group(2)].tip and "cert low" in changes[dame.group(2)].tip
    # long s and line-end hyphens are normalised quietly in the reading text
    assert "welchem" in plain_text(reading) and "ſ" not in reading


def test_removed_noise_is_marked_and_kept_in_raw(doc) -> None:
    law = doc.blocks["x1800.piquet.gesetze.1"]
    empty = re.search(
        r'<span class="[^"]*sw-empty[^"]*"[^>]*aria-describedby="([^"]*)"', law.layers["reading"]
    )
    assert empty, law.layers["reading"]
    assert "noise removed: daßs" in {c.ref: c for c in law.changes}[empty.group(1)].tip
    assert "daßs" in law.text("raw") and "daßs" not in law.text("reading")


def test_apparatus_entries(doc) -> None:
    changes = {c.ref: c for c in doc.blocks["x1800.piquet.p1"].changes}
    first = changes["app.x1800.piquet.p1.1"]
    assert (first.original, first.reading, first.resp, first.cert) == (
        "Spiet",
        "Spiel",
        "automatic",
        "high",
    )
    assert first.evidence == "the word Spiel occurs 12 times in the book"
    assert [c.type for c in changes.values()] == ["ocr", "hyphenation", "ocr", "ocr"]


def test_editorial_note_is_not_text(doc) -> None:
    p2 = doc.blocks["x1800.piquet.p2"]
    assert p2.notes == ["The print has a blot here."]
    assert all("blot" not in p2.text(layer) for layer in ("reading", "diplomatic", "raw"))
    assert p2.text("reading") == "Das Aß sticht."


def _same_as_tei_layers(path: Path) -> list[str]:
    """Every block's three layers read as ``tei.layers`` reads them, once the edition's
    gap markers are taken out: a gap and its ``<desc>`` are no text of the witness. The
    description is shown (tooltip and entry under the block) but is in no layer. Returns
    the ids of the gaps checked."""
    from tei.layers import load_paragraphs

    ours = load_tei(path).blocks
    theirs = load_paragraphs(path)
    checked: list[str] = []
    for pid, block in ours.items():
        if block.notes:  # editorial notes are apparatus here, text in tei.layers
            continue
        ref = theirs[pid]
        for layer in ("reading", "diplomatic", "raw"):
            ours_text = block.text(layer)
            for mark in re.findall(
                r'<span class="sw-mark sw-gap"[^>]*>([^<]*)</span>', block.layers[layer]
            ):
                ours_text = ours_text.replace(unescape(mark), "")
            assert " ".join(ours_text.split()) == " ".join(getattr(ref, layer).split()), (
                pid,
                layer,
            )
        for gap in block.gaps:
            assert gap.desc, gap.id
            assert gap.desc in unescape(block.layers["reading"])  # in the marker's tooltip
            for layer in ("reading", "diplomatic", "raw"):
                assert gap.desc not in getattr(ref, layer), (gap.id, layer)
                assert gap.desc not in block.text(layer), (gap.id, layer)
            checked.append(gap.id)
        assert block.urn == ref.urn
        if ref.page:
            assert block.page.split("–")[0] == ref.page, pid
    return checked


def test_layers_agree_with_tei_layers_on_fixture() -> None:
    _same_as_tei_layers(TEI)


def test_layers_agree_with_tei_layers_on_built_tei() -> None:
    files = sorted((BUILD / "tei").glob("*.xml"))
    if not files:
        pytest.fail("build/tei/*.xml is missing: run `make edition` (make test does) first")
    gaps = [gap for path in files for gap in _same_as_tei_layers(path)]
    assert {"pierer1861.preference.gap1", "pierer1861.preference.gap2"} <= set(gaps)


def test_highlight_quote_across_markup(doc) -> None:
    from sitegen.highlight import highlight

    html = doc.blocks["x1800.piquet.p1"].layers["reading"]
    marked = highlight(html, [("Dame gilt 30", "sw-quote", "claim c1"), ("not there", "x", "y")])
    assert plain_text(marked) == plain_text(html)
    assert marked.count("<mark") == 3  # "Dame", " gilt ", "30": one mark per text run
    assert 'aria-describedby="app.x1800.piquet.p1.' in marked  # the marks stay around the quote
    assert re.search(r'<mark class="sw-quote" title="claim c1">Dame</mark></span>', marked)


def test_layers_agree_with_tei_layers_with_gaps(tmp_path: Path) -> None:
    from tests.site.test_model_pages import GAP_TEI

    path = tmp_path / "y1900.xml"
    path.write_text(GAP_TEI, encoding="utf-8")
    assert _same_as_tei_layers(path) == ["gap.y1900.spiel.p1.1", "gap.y1900.spiel.p2.1"]
