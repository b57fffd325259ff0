"""The declared silent correction of long s (``witness-character:ſ=f``).

Schwaighofer's OCR read every long s of the print as f and holds no ſ. Certain,
whole-word f -> s repairs are written as the print's ``ſ`` without ``<choice>``; the
header declares it, and every reader of the raw layer reads each ``ſ`` back as ``f``.
"""

from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

from normalise.lexicon import load
from normalise.realword import changes
from tei.body import LONG_S_RULE, cert, encoded_edits
from tei.dtabf import convert, restore_body
from tei.edition import edition_log
from tei.layers import READINGS, raw_text, read_tei, witness_characters

T = "{http://www.tei-c.org/ns/1.0}"
TEI_NS = T[1:-1]


def _choice_spans(body: etree._Element) -> list[tuple[int, int]]:
    """Raw offsets (from the body's start) covered by each ``<choice>`` of ``body``."""
    spans: list[tuple[int, int]] = []
    offset = 0

    def walk(element: etree._Element) -> None:
        nonlocal offset
        name = etree.QName(element).localname if isinstance(element.tag, str) else ""
        if name in READINGS or name == "gap":
            return
        if name == "choice":
            size = len(raw_text(element))
            spans.append((offset, offset + size))
            offset += size
            return
        offset += len(element.text or "")
        for child in element:
            walk(child)
            offset += len(child.tail or "")

    walk(body)
    return spans


def _covered(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    return any(a <= start and end <= b for a, b in spans)


def test_witness_characters_reads_the_declared_rule() -> None:
    root = etree.fromstring(
        f'<TEI xmlns="{TEI_NS}"><teiHeader><encodingDesc><editorialDecl>'
        "<correction><p>markup</p></correction>"
        f'<correction method="silent" n="{LONG_S_RULE} other:x"><p>rule</p></correction>'
        '<correction method="markup" n="witness-character:a=b"><p>not silent</p></correction>'
        "</editorialDecl></encodingDesc></teiHeader>"
        "<text><body><p>alſo <choice><sic>fo</sic><corr>so</corr></choice></p></body></text>"
        "</TEI>"
    )
    assert witness_characters(root) == {ord("ſ"): "f"}
    assert raw_text(root.find(f"{T}text/{T}body")) == "alfo fo"


def test_schwaighofer_declares_the_rule_and_stays_under_600_kb(
    real_tei: dict[str, Path],
) -> None:
    path = real_tei["schwaighofer1927"]
    assert path.stat().st_size <= 600_000, path.stat().st_size
    tree, body = read_tei(path)
    assert witness_characters(tree.getroot()) == {ord("ſ"): "f"}
    silent = [t for t in body.itertext() if "ſ" in t]
    assert len(silent) > 500
    log = edition_log("schwaighofer1927")
    assert "ſ" not in log.source.raw
    start = log.structure.body_start
    assert raw_text(body) == log.source.raw[start : log.structure.body_end]


def test_sources_whose_witness_has_long_s_declare_no_rule(real_tei: dict[str, Path]) -> None:
    for siglum in ("engelmann1798",):
        assert "ſ" in edition_log(siglum).source.raw
        tree, _ = read_tei(real_tei[siglum])
        assert witness_characters(tree.getroot()) == {}
        assert LONG_S_RULE.encode() not in real_tei[siglum].read_bytes()


def test_real_word_and_uncertain_repairs_keep_their_choice(real_tei: dict[str, Path]) -> None:
    """Only certain repairs go under the rule: a real-word change (``feinen`` -> ``seinen``)
    and an edit below certainty high stay visible as a ``<choice>``."""
    log = edition_log("schwaighofer1927")
    raw = log.source.raw
    start = log.structure.body_start
    spans = _choice_spans(read_tei(real_tei["schwaighofer1927"])[1])
    real_words = [
        c for c in changes(raw, log.edits, load().in_dictionary) if "f" in c.sic and "s" in c.corr
    ]
    assert real_words
    for change in real_words:
        assert _covered(spans, change.at - start, change.end - start), change
    doubtful = [
        e
        for e in encoded_edits(log)
        if cert(e.confidence) != "high" and "f" in e.original and "s" in e.replacement
    ]
    assert doubtful
    for edit in doubtful:
        assert _covered(spans, edit.start - start, edit.end - start), edit


def test_dtabf_spells_the_rule_out_and_restores_it(real_tei: dict[str, Path]) -> None:
    tree, body = read_tei(real_tei["schwaighofer1927"])
    xml, side = convert("schwaighofer1927", tree)
    exported = etree.fromstring(xml).find(f"{T}text/{T}body")
    entries = side["elements"]
    assert isinstance(entries, dict)
    spelled = [e for e in entries.values() if e.get("expanded") == "witness-character"]
    words = [w for t in _plain_texts(body) for w in re.findall(r"[^\W_]*ſ[^\W_]*", t)]
    assert len(spelled) == len(words) > 500
    assert not any("ſ" in t for t in _plain_texts(exported))  # every ſ is inside a <corr>
    assert raw_text(exported) == raw_text(body)
    canonical = etree.tostring(restore_body(exported, side), method="c14n")
    assert canonical == etree.tostring(body, method="c14n")


def _plain_texts(body: etree._Element) -> list[str]:
    """Text nodes outside ``<corr>``/``<reg>``."""
    texts: list[str] = []
    for element in body.iter():
        if not isinstance(element.tag, str):
            continue
        inside = any(etree.QName(a).localname in READINGS for a in element.iterancestors())
        if etree.QName(element).localname not in READINGS and not inside:
            texts.append(element.text or "")
        if not inside:
            texts += [c.tail or "" for c in element]
    return texts
