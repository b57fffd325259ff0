"""Idiomatic markup of the built TEI: whole-word choices, provenance by category,
no confirmed reading as a correction, OCR damage never as a regularisation, line
breaks only at line ends."""

from __future__ import annotations

import re
import shutil
import unicodedata
from pathlib import Path

import pytest
from lxml import etree

from corpus import CorpusError, load_corrections
from corpus.sources import CORPUS_DIR
from normalise.edits import KINDS, Edit
from tei.body import HYPHENS, TEI_NS, XML_ID, hides_damage, whole_words
from tei.foreign import load_foreign
from tei.layers import category_resps, provenance, raw_text
from tei.normal import deterministic

NS = {"t": TEI_NS}
T = f"{{{TEI_NS}}}"


def _word(ch: str) -> bool:
    return unicodedata.category(ch)[0] in "LNM" or ch == "\ufffd"


def _splits_a_word(choice: etree._Element) -> bool:
    """A letter outside the choice next to a letter inside it, in raw and in reading
    (``B<choice>�|ü</choice>rger``); a quotation mark lost as U+FFFD is no letter."""
    original = "".join(choice[0].itertext())
    reading = "".join(choice[1].itertext())
    previous = choice.getprevious()
    before = (previous.tail if previous is not None else choice.getparent().text) or ""
    after = choice.tail or ""
    left = before[-1:] and original[:1] and reading[:1]
    right = after[:1] and original[-1:] and reading[-1:]
    return bool(
        (left and _word(before[-1]) and _word(original[0]) and _word(reading[0]))
        or (right and _word(after[0]) and _word(original[-1]) and _word(reading[-1]))
    )


def test_whole_words_widens_and_joins_edits_of_one_word() -> None:
    raw = "Die B\ufffdrger m\ufffd\ufffden"
    edits = [
        Edit(5, 6, "\ufffd", "ü", "encoding", 0.95, "e"),
        Edit(12, 13, "\ufffd", "ü", "encoding", 0.95, "e"),
        Edit(13, 14, "\ufffd", "ss", "encoding", 0.8, "e"),
    ]
    widened = whole_words(raw, edits, [0, len(raw)])
    assert [(e.original, e.replacement, e.confidence) for e in widened] == [
        ("B\ufffdrger", "Bürger", 0.95),
        ("m\ufffd\ufffden", "müssen", 0.8),
    ]
    # a stop (furniture, a gap, a block bound) ends the word
    (cut,) = whole_words(raw, edits[:1], [0, 5, 7, len(raw)])
    assert cut.original == "\ufffdr"


def test_choices_wrap_whole_words(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        tree = etree.parse(str(path))
        choices = list(tree.iter(f"{T}choice"))
        split = ["".join(c[0].itertext()) for c in choices if _splits_a_word(c)]
        assert not split, (siglum, split[:10])
    assert len(list(etree.parse(str(real_tei["schwaighofer1927"])).iter(f"{T}choice"))) > 1000


def test_provenance_is_inherited_from_the_evidence_category(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        tree = etree.parse(str(path))
        resps = category_resps(tree.getroot())
        readings = list(tree.iter(f"{T}corr", f"{T}reg"))
        defaulted = 0
        for reading in readings:
            category = resps.of(reading)  # its @ana, or the default of its element
            assert category in resps, (siglum, reading.get("type"), reading.get("ana"))
            assert resps.type_of(reading) in KINDS, (siglum, category)
            if reading.tag == f"{T}corr":  # a corr's kind is its category's
                assert reading.get("type") is None and resps.types[category]
            defaulted += reading.get("ana") is None
            resp, cert = provenance(reading, resps)
            assert resp in ("#editor", "#stichwort-repair") and cert in ("high", "medium", "low")
            assert reading.get("resp") != resps[category]  # only exceptions are written
            assert reading.get("cert") != "high"
            assert reading.get("ana") != f"#{resps.defaults.get(reading.tag[len(T) :])}"
        assert not readings or defaulted > 0, siglum
        assert not list(tree.iter(f"{T}interp")), siglum  # no one-off <interp>
        ids = {e.get(XML_ID) for e in tree.iter() if e.get(XML_ID)}
        for note in tree.iterfind(".//t:back/t:div[@type='evidence']/t:note", NS):
            assert note.get("target", "").removeprefix("#") in ids


def test_every_curated_note_is_kept(real_tei: dict[str, Path]) -> None:
    """An editor's note on a correction is a category or a note in the TEI, or (a
    confirmation, which is no correction) stays in corrections.toml."""
    for siglum, path in real_tei.items():
        tree = etree.parse(str(path))
        texts = {"".join(c.itertext()) for c in tree.iter(f"{T}catDesc")}
        texts |= {"".join(n.itertext()) for n in tree.iterfind(".//t:back//t:note", NS)}
        encoded = "".join(tree.find(".//t:body", NS).itertext())
        for edit in load_corrections(siglum):
            if edit.original == edit.replacement or not edit.evidence:
                continue
            if edit.replacement and edit.replacement not in encoded:
                continue  # an edit the log could not encode (reported by the build)
            assert edit.evidence in texts or any(edit.evidence in t for t in texts), (
                siglum,
                edit.start,
                edit.evidence,
            )


def test_confirmed_readings_are_no_corrections(real_tei: dict[str, Path]) -> None:
    confirmed = 0
    for siglum, path in real_tei.items():
        confirmed += sum(1 for e in load_corrections(siglum) if e.original == e.replacement)
        tree = etree.parse(str(path))
        for choice in tree.iter(f"{T}choice"):
            original = "".join(choice[0].itertext())
            assert original != "".join(choice[1].itertext()), (siglum, original)
    assert confirmed > 0  # the confirmations stay in the edit log (corrections.toml)


def test_regularisations_hide_no_ocr_damage(real_tei: dict[str, Path]) -> None:
    hyphen_or_space = re.compile(f"[{re.escape(HYPHENS)}\\s]")
    moved = 0
    for path in real_tei.values():
        tree = etree.parse(str(path))
        for reg in tree.iterfind(".//t:reg[@type='hyphenation']", NS):
            original = "".join(reg.getprevious().itertext())
            squeezed = hyphen_or_space.sub("", deterministic(original))
            assert squeezed == hyphen_or_space.sub("", deterministic(reg.text or "")), original
        resps = category_resps(tree.getroot())
        moved += sum(resps.type_of(c) == "hyphenation" for c in tree.iter(f"{T}corr"))
    assert moved > 0
    assert hides_damage(Edit(0, 6, "Rang\ufffd ", "Rang", "hyphenation"))
    assert not hides_damage(Edit(0, 9, "wel⸗ chem", "welchem", "hyphenation"))


def test_line_breaks_only_at_line_ends(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        tree = etree.parse(str(path))
        for lb in tree.iter(f"{T}lb"):
            reading = "".join(lb.getparent().getnext().itertext())
            after = lb.tail or ""
            # a hyphen mark followed by white space, or one the reading drops
            assert after[:1].isspace() or not any(ch in HYPHENS for ch in reading), (
                siglum,
                "".join(lb.getparent().itertext()),
            )
        # the truncated compounds of Engelmann's title ("Piquet⸗ Treſett⸗ …") have none
        if siglum == "engelmann1798":
            assert "Piquet⸗ Treſett⸗" in raw_text(tree.find(".//t:body", NS))
            for choice in tree.iter(f"{T}choice"):
                if "".join(choice[0].itertext()) in ("Piquet⸗", "Treſett⸗"):
                    assert choice[0].find(f"{T}lb") is None


def test_french_passages_are_foreign(real_tei: dict[str, Path]) -> None:
    tree = etree.parse(str(real_tei["polizei472"]))
    foreign = tree.findall(".//t:body//t:foreign", NS)
    assert all(f.get("{http://www.w3.org/XML/1998/namespace}lang") == "fr" for f in foreign)
    texts = [raw_text(f) for f in foreign]
    assert "Rouge et noir" in texts and "pliék refait de trente et un" in texts
    readings = ["".join(t for t in f.itertext() if t) for f in foreign]
    assert any("rouge" in r for r in readings)  # the correction inside the passage stays


def test_a_foreign_entry_must_match_the_raw_text(tmp_path: Path) -> None:
    root = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR / "polizei472", root / "polizei472")
    structure = root / "polizei472" / "structure.toml"
    text = structure.read_text(encoding="utf-8")
    structure.write_text(
        text.replace('text = "Rouge et noir"', 'text = "Rouge et blanc"', 1), encoding="utf-8"
    )
    with pytest.raises(CorpusError, match=r"structure\.toml: foreign #\d+ at \d+: text"):
        load_foreign("polizei472", root)


def test_noise_is_surplus_not_an_empty_correction(real_tei: dict[str, Path]) -> None:
    surplus = 0
    for siglum, path in real_tei.items():
        tree = etree.parse(str(path))
        resps = category_resps(tree.getroot())
        empty = [
            c
            for c in tree.iter(f"{T}corr")
            if resps.type_of(c) == "noise" and not "".join(c.itertext()).strip()
        ]
        assert not empty, (siglum, [raw_text(c.getprevious()) for c in empty])
        surplus += len(tree.xpath("//t:body//t:surplus[@reason]", namespaces=NS))
    assert surplus > 0
