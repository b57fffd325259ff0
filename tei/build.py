"""Build the TEI P5 file of each source: ``build_tei(sigla, out_dir)``."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from lxml import etree

from corpus.sources import CORPUS_DIR
from normalise.lexicon import load
from normalise.realword import Change, Review, changes, load_decisions, review
from normalise.textio import atomic_write
from tei.body import TEI_NS, BodyEncoder, tei
from tei.edition import block_at, edition_confusions, edition_log, reading_around
from tei.errors import TeiError
from tei.header import build_header

XML_NS = "http://www.w3.org/XML/1998/namespace"
XML_SPACE = f"{{{XML_NS}}}space"


@dataclass(frozen=True)
class Built:
    """One built TEI document and what the build had to say about it."""

    xml: bytes
    warnings: tuple[str, ...]
    dropped: int
    review: Review
    """The real-word check of the source (:func:`real_word_review`)."""


def urn_base(siglum: str, work: str) -> str:
    """The CTS URN of a source's text, without a passage: ``urn:cts:stichwort:{siglum}.{work}.stw1``."""
    return f"urn:cts:stichwort:{siglum}.{work or 'text'}.stw1"


def _back(encoder: BodyEncoder) -> etree._Element | None:
    if not encoder.notes and not encoder.evidence_notes:
        return None
    back = etree.Element(tei("back"))
    if encoder.notes:
        notes = etree.SubElement(back, tei("div"), type="notes")
        for target, text in encoder.notes:
            note = etree.SubElement(notes, tei("note"), type="editorial", target=f"#{target}")
            note.text = text
    if encoder.evidence_notes:  # one-off evidence; shared evidence is a header category
        div = etree.SubElement(back, tei("div"), type="evidence")
        for target, text in encoder.evidence_notes:
            note = etree.SubElement(div, tei("note"), target=f"#{target}")
            note.text = text
    return back


def build_document(siglum: str, root: Path | None = None) -> Built:
    """The TEI document of ``siglum`` (header pretty-printed, body byte-faithful)."""
    log = edition_log(siglum, root)
    meta = log.source.meta
    base = urn_base(siglum, str(meta.get("work", "")))
    review = real_word_review(siglum, root)
    encoder = BodyEncoder(log, real_words=tuple((c.at, c.end) for c in review.changes))
    body = encoder.encode()
    document = etree.Element(tei("TEI"), nsmap={None: TEI_NS})
    document.set(f"{{{XML_NS}}}lang", "de")
    header = build_header(
        log.structure,
        meta,
        base,
        tuple(encoder.categories.values()),
        encoder.long_s,
        edition_confusions(siglum, root),
    )
    etree.indent(header, space="  ", level=1)
    for category in header.iter(tei("category")):  # one line each: hundreds of them
        if len(category) == 1:
            category.text, category[0].tail = None, None
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
    return Built(xml + b"\n", tuple(encoder.warnings), len(log.dropped), review)


def decisions_path(siglum: str, root: Path | None = None) -> Path:
    """Where the editor's real-word decisions of a source live."""
    return (root or CORPUS_DIR) / siglum / "decisions.toml"


def real_word_review(siglum: str, root: Path | None = None) -> Review:
    """The real-word check of a source's edition log (:mod:`normalise.realword`).

    Raises ``TeiError`` when ``decisions.toml`` is malformed or a decision's ``sic`` is
    not the raw text at its ``at``.
    """
    log = edition_log(siglum, root)
    path = decisions_path(siglum, root)
    try:
        decisions = load_decisions(path)
    except ValueError as error:
        raise TeiError(str(error)) from None
    raw = log.source.raw
    for d in decisions:
        if raw[d.at : d.at + len(d.sic)] != d.sic:
            raise TeiError(f"{path}: decision at {d.at}: sic {d.sic!r} is not the raw text there")
    return review(changes(raw, log.edits, load().in_dictionary), decisions)


def real_word_place(siglum: str, at: int, root: Path | None = None) -> str:
    """A raw offset with the id of the block that holds it: ``7998 (bieten.p9)``."""
    block = block_at(siglum, at, root)
    return f"{at} ({block.id})" if block is not None else str(at)


def real_word_context(
    siglum: str, change: Change, width: int = 80, root: Path | None = None
) -> str:
    """The reading text around a real-word change, the word in ``[[...]]``."""
    left, word, right = reading_around(siglum, change.at, change.end, width, root)
    return " ".join(f"{left}[[{word}]]{right}".split())


def build_tei(sigla: list[str], out_dir: Path, root: Path | None = None) -> list[Path]:
    """Write ``out_dir/<siglum>.xml`` for each source; returns the paths written.

    Every source is built before anything is written: a missing, empty or broken
    corpus file raises ``corpus.CorpusError`` naming the file, the entry and the
    problem, and then no file is written (the TEI files already there stay as they
    are); each file is written atomically. So does a real-word change of the
    automatic repair that no editor has decided, or one rejected but still applied
    (:func:`real_word_review`): ``TeiError`` names ``decisions.toml`` and the place.
    """
    built: list[tuple[str, Built]] = []
    problems: list[str] = []
    for siglum in sigla:
        print(f"tei: {siglum}: building …", file=sys.stderr)
        document = build_document(siglum, root)
        problems += document.review.problems(
            decisions_path(siglum, root), partial(real_word_place, siglum, root=root)
        )
        for warning in document.warnings:
            print(f"tei: warning: {warning}", file=sys.stderr)
        if document.dropped:
            print(
                f"tei: {siglum}: {document.dropped} edits not encoded "
                "(they overlap furniture or cross a block boundary)",
                file=sys.stderr,
            )
        built.append((siglum, document))
    if problems:
        raise TeiError(
            f"{len(problems)} real-word changes need an editor's decision "
            "(`stichwort review realword` lists them in context):\n" + "\n".join(problems)
        )
    written: list[Path] = []
    for siglum, document in built:
        path = Path(out_dir) / f"{siglum}.xml"
        atomic_write(path, document.xml)
        print(f"tei: {siglum}: {len(document.xml)} bytes", file=sys.stderr)
        written.append(path)
    return written
