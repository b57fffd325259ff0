"""The reading layer of the built TEI: no doubtful automatic edit and no U+FFFD in it."""

from __future__ import annotations

import bisect
from dataclasses import replace
from pathlib import Path

from lxml import etree

from normalise import repair
from normalise.edits import Edit, apply_edits
from normalise.engine import APPLY_THRESHOLD
from tei.body import TEI_NS
from tei.edition import edition_log
from tei.layers import category_resps, load_paragraphs, provenance, read_tei
from tei.normal import is_deterministic

READINGS = {f"{{{TEI_NS}}}corr", f"{{{TEI_NS}}}reg"}
ORIGINALS = {f"{{{TEI_NS}}}sic", f"{{{TEI_NS}}}orig"}
SKIPPED = {*READINGS, f"{{{TEI_NS}}}gap"}
CHOICE = f"{{{TEI_NS}}}choice"


def _automatic_choices(body: etree._Element, start: int) -> list[tuple[int, int, str]]:
    """Raw span and reading of every ``<choice>`` whose reading the repair engine made.

    Raw offsets are counted over the raw layer (the text outside ``<corr>``/``<reg>``
    and ``<gap>``), beginning at ``start``, the body's first raw offset.
    """
    found: list[tuple[int, int, str]] = []
    position = start
    resps = category_resps(body.getroottree().getroot())

    def walk(element: etree._Element) -> None:
        nonlocal position
        if element.tag in SKIPPED:
            return
        if element.tag == CHOICE:
            original = next((c for c in element if c.tag in ORIGINALS), None)
            reading = next((c for c in element if c.tag in READINGS), None)
            length = len("".join(original.itertext())) if original is not None else 0
            if reading is not None and provenance(reading, resps)[0] == "#stichwort-repair":
                found.append((position, position + length, "".join(reading.itertext())))
        position += len(element.text or "")
        for child in element:
            walk(child)
            position += len(child.tail or "")

    for child in body:
        walk(child)
        position += len(child.tail or "")
    return found


def _inside(edits: list[Edit], starts: list[int], a: int, b: int) -> list[Edit]:
    """The edits that lie within raw ``[a, b)`` (an insertion also at ``b``)."""
    out = []
    for k in range(bisect.bisect_left(starts, a), len(edits)):
        edit = edits[k]
        if edit.start > b or (edit.start == b and edit.end > b):
            break
        if edit.end <= b:
            out.append(edit)
    return out


def test_no_automatic_edit_below_the_apply_threshold(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        log = edition_log(siglum)
        automatic = sorted((e for e in log.edits if e.source == "auto"), key=lambda e: e.start)
        starts = [e.start for e in automatic]
        _, body = read_tei(path)
        choices = _automatic_choices(body, log.structure.body_start)
        assert choices or siglum == "pierer1861", siglum
        for a, b, reading in choices:
            edits = _inside(automatic, starts, a, b)
            assert edits, f"{siglum} {a}..{b} {reading!r}: no automatic edit there"
            low = [e for e in edits if e.confidence < APPLY_THRESHOLD]
            assert not low, f"{siglum} {a}..{b}: applied below the threshold: {low}"


def test_the_choice_walk_finds_raw_offsets(real_tei: dict[str, Path]) -> None:
    """The helper above counts raw offsets right: each found span (a whole word) holds the
    originals of automatic edits, and their replacements make its reading."""
    path = real_tei["engelmann1798"]
    log = edition_log("engelmann1798")
    raw = log.source.raw
    _, body = read_tei(path)
    choices = _automatic_choices(body, log.structure.body_start)
    assert len(choices) > 100
    automatic = sorted((e for e in log.edits if e.source == "auto"), key=lambda e: e.start)
    starts = [e.start for e in automatic]
    for a, b, reading in choices:
        inside = _inside(automatic, starts, a, b)
        assert inside, (a, b)
        local = [  # the declared normalisations (long s) are not encoded
            replace(e, start=e.start - a, end=e.end - a)
            for e in inside
            if not is_deterministic(e.original, e.replacement)
        ]
        assert apply_edits(raw[a:b], local) == reading, (a, b, reading)


def test_a_doubtful_fill_of_u_fffd_is_a_proposal() -> None:
    raw = "Der Wert war repr\ufffdfens\ufffd tierend und gro\ufffd."
    r = repair(raw)
    assert all(e.confidence >= APPLY_THRESHOLD for e in r.edits)
    assert "repr\ufffdfens\ufffd" in r.reading  # left for the editor
    assert any(p.original.startswith("repr\ufffd") for p in r.proposals)
    assert "groß" in r.reading  # a sure fill is applied


def test_no_u_fffd_in_any_reading_layer(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        damaged = {
            ident: p.reading for ident, p in load_paragraphs(path).items() if "\ufffd" in p.reading
        }
        assert not damaged, f"{siglum}: U+FFFD in the reading of {sorted(damaged)}"


def test_perlaggen_1924_revision_reads_as_the_book_says(real_tei: dict[str, Path]) -> None:
    """regelwerk.p4: raw 'fid' is 'sich' (not the engine's 'fick'), the old rules are of
    1890 as the book says four times (raw '1899'), and 'so … daß' needs its lost ß; each is
    a curated correction with its evidence, the raw text unchanged."""
    paragraph = load_paragraphs(real_tei["schwaighofer1927"])[
        "schwaighofer1927.perlaggen.regelwerk.p4"
    ]
    assert "fid zuc Aufgabe" in paragraph.raw and "vom Jahre 1899" in paragraph.raw
    assert "und sich zur Aufgabe gesetzt" in paragraph.reading
    assert "die alten Regeln vom Jahre 1890 so umzuarbeiten" in paragraph.reading
    assert "so abzufassen, daß in Zukunft" in paragraph.reading
    assert "fick" not in paragraph.reading and "1899" not in paragraph.reading
    readings = {p.id: p.reading for p in load_paragraphs(real_tei["schwaighofer1927"]).values()}
    says_1890 = [k for k, text in readings.items() if "1890" in text and "Regeln" in text]
    assert len(says_1890) >= 3  # the book's own statements the correction rests on
