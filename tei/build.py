"""Build the TEI P5 file of each source: ``build_tei(sigla, out_dir)``."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from normalise.textio import atomic_write
from tei.body import TEI_NS, XML_ID, BodyEncoder, tei
from tei.edition import edition_log
from tei.header import build_header

XML_NS = "http://www.w3.org/XML/1998/namespace"
XML_SPACE = f"{{{XML_NS}}}space"


@dataclass(frozen=True)
class Built:
    """One built TEI document and what the build had to say about it."""

    xml: bytes
    warnings: tuple[str, ...]
    dropped: int


def urn_base(siglum: str, work: str) -> str:
    """The CTS URN of a source's text, without a passage: ``urn:cts:stichwort:{siglum}.{work}.stw1``."""
    return f"urn:cts:stichwort:{siglum}.{work or 'text'}.stw1"


def _back(encoder: BodyEncoder) -> etree._Element | None:
    if not encoder.notes and not encoder.evidence:
        return None
    back = etree.Element(tei("back"))
    if encoder.notes:
        notes = etree.SubElement(back, tei("div"), type="notes")
        for target, text in encoder.notes:
            note = etree.SubElement(notes, tei("note"), type="editorial", target=f"#{target}")
            note.text = text
    if encoder.evidence:
        div = etree.SubElement(back, tei("div"), type="evidence")
        group = etree.SubElement(div, tei("interpGrp"), type="evidence")
        for text, ident in encoder.evidence.items():
            interp = etree.SubElement(group, tei("interp"))
            interp.set(XML_ID, ident)
            interp.text = text
    return back


def build_document(siglum: str, root: Path | None = None) -> Built:
    """The TEI document of ``siglum`` (header pretty-printed, body byte-faithful)."""
    log = edition_log(siglum, root)
    meta = log.source.meta
    base = urn_base(siglum, str(meta.get("work", "")))
    encoder = BodyEncoder(log, base)
    body = encoder.encode()
    document = etree.Element(tei("TEI"), nsmap={None: TEI_NS})
    document.set(f"{{{XML_NS}}}lang", "de")
    header = build_header(log.structure, meta, base)
    etree.indent(header, space="  ", level=1)
    document.text = "\n  "
    document.append(header)
    header.tail = "\n  "
    text = etree.SubElement(document, tei("text"))
    text.set(XML_SPACE, "preserve")  # the raw rule depends on every white-space character
    text.tail = "\n"
    text.text = "\n"
    text.append(body)
    body.tail = "\n"
    back = _back(encoder)
    if back is not None:
        etree.indent(back, space="  ")
        back.set(XML_SPACE, "default")  # notes and evidence: indentation only
        text.append(back)
        back.tail = "\n"
    xml = etree.tostring(document, xml_declaration=True, encoding="UTF-8", pretty_print=False)
    return Built(xml + b"\n", tuple(encoder.warnings), len(log.dropped))


def build_tei(sigla: list[str], out_dir: Path, root: Path | None = None) -> list[Path]:
    """Write ``out_dir/<siglum>.xml`` for each source; returns the paths written.

    Every source is built before anything is written: a missing, empty or broken
    corpus file raises ``corpus.CorpusError`` naming the file, the entry and the
    problem, and then no file is written (the TEI files already there stay as they
    are); each file is written atomically.
    """
    built: list[tuple[str, Built]] = []
    for siglum in sigla:
        print(f"tei: {siglum}: building …", file=sys.stderr)
        document = build_document(siglum, root)
        for warning in document.warnings:
            print(f"tei: warning: {warning}", file=sys.stderr)
        if document.dropped:
            print(
                f"tei: {siglum}: {document.dropped} edits not encoded "
                "(they overlap furniture or cross a block boundary)",
                file=sys.stderr,
            )
        built.append((siglum, document))
    written: list[Path] = []
    for siglum, document in built:
        path = Path(out_dir) / f"{siglum}.xml"
        atomic_write(path, document.xml)
        print(f"tei: {siglum}: {len(document.xml)} bytes", file=sys.stderr)
        written.append(path)
    return written
