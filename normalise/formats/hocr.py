"""hOCR (Tesseract's XHTML, or HTML): read, repair, write, restore.

Lines are the elements of class ``ocr_line`` (and ``ocrx_line``, ``ocr_header``,
``ocr_caption``, ``ocr_textfloat``, which Tesseract writes for lines too) in document
order; a line's blocks are its nearest ``ocr_par`` (else ``ocr_carea``). A line's text is
its ``ocrx_word`` texts joined by spaces, or its own text when it has no words.

A word (or a line without words) whose text the repair changes gets the repaired
text, and the OCR's text in ``data-ocr-text``; a word joined across a line break gets
the whole repaired word in ``data-stichwort-join`` on both parts. The ``title``
(bounding boxes, confidences), ids and classes stay as they are, so :func:`restore`
gives the OCR's text back.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterable

import lxml.html
from lxml import etree

from normalise.formats.lines import LineRepair, repair_lines
from normalise.formats.xmlio import MARK, parse_xml
from normalise.textio import InputError, decode_text

LINES = frozenset({"ocr_line", "ocrx_line", "ocr_header", "ocr_caption", "ocr_textfloat"})
BLOCKS = ("ocr_par", "ocr_carea")
OCR_TEXT = "data-ocr-text"
JOIN = f"data-{MARK}-join"
_XML_START = re.compile(rb"^(?:\xef\xbb\xbf)?\s*<\?xml\b")


def _classes(element: etree._Element) -> set[str]:
    return set((element.get("class") or "").split()) if isinstance(element.tag, str) else set()


def _text(element: etree._Element) -> str:
    return "".join(element.itertext())


def _set_text(element: etree._Element, text: str) -> None:
    """Put ``text`` in ``element``: into its only text node, or the first of several
    (the others emptied), keeping child elements (``<strong>``, ``<em>``)."""
    node = element
    while len(node) == 1 and not (node.text or "").strip() and not (node[0].tail or "").strip():
        node = node[0]
    node.text = text
    for child in node.iterdescendants():
        child.text = None
        child.tail = None
    for child in node:
        child.tail = None


class _Line:
    """A line element, its words and where each lies in the line text."""

    def __init__(self, element: etree._Element) -> None:
        self.element = element
        self.words = [w for w in element.iterdescendants() if "ocrx_word" in _classes(w)]
        if self.words:
            texts = [_text(w).strip() for w in self.words]
            self.spans = []
            position = 0
            for text in texts:
                self.spans.append((position, position + len(text)))
                position += len(text) + 1
            self.text = " ".join(texts)
        else:
            self.spans = []
            self.text = " ".join(_text(element).split())


def _parse(data: bytes, name: str) -> tuple[etree._ElementTree, bool]:
    """The document and whether it is XHTML (else HTML)."""
    if _XML_START.match(data):
        return parse_xml(data, name), True
    try:
        return parse_xml(data, name), True
    except InputError:
        pass
    text = decode_text(data, name).text  # HTML is read as UTF-8 (or by its byte order mark)
    try:
        return lxml.html.document_fromstring(text).getroottree(), False
    except (etree.ParserError, ValueError) as error:
        raise InputError(f"{name}: not hOCR: {error}") from None


def _write(tree: etree._ElementTree, xhtml: bool) -> bytes:
    if xhtml:
        # libxml2 rewrites a document with an XHTML doctype (adds xml:lang, spaces
        # before "/>"): the root is written from a copy without the doctype instead
        info = tree.docinfo
        encoding = info.encoding or "UTF-8"
        head = f"<?xml version='1.0' encoding='{encoding}'?>\n"
        if info.doctype:
            head += info.doctype + "\n"
        body = etree.tostring(
            copy.deepcopy(tree.getroot()), encoding=encoding, xml_declaration=False
        )
        return head.encode(encoding) + body + b"\n"
    doctype = tree.docinfo.doctype
    return lxml.html.tostring(tree, doctype=doctype or None, encoding="unicode").encode("utf-8")


def _blocks(tree: etree._ElementTree) -> list[list[_Line]]:
    blocks: list[list[_Line]] = []
    keys: list[object] = []
    for element in tree.getroot().iter():
        if not (_classes(element) & LINES):
            continue
        if any(_classes(a) & LINES for a in element.iterancestors()):
            continue
        owner = next((a for a in element.iterancestors() if _classes(a) & set(BLOCKS)), None)
        if blocks and keys[-1] is owner:
            blocks[-1].append(_Line(element))
        else:
            blocks.append([_Line(element)])
            keys.append(owner)
    return blocks


def _refuse_repaired(tree: etree._ElementTree, name: str) -> None:
    """``InputError`` if the document already holds a repair (restore it first)."""
    for element in tree.getroot().iter():
        if isinstance(element.tag, str) and (OCR_TEXT in element.attrib or JOIN in element.attrib):
            raise InputError(
                f"{name}:{element.sourceline}: already holds a Stichwort repair "
                f"({OCR_TEXT} or {JOIN}); restore it first"
            )


def read(data: bytes, name: str) -> tuple[etree._ElementTree, bool, list[list[_Line]]]:
    """The document, whether it is XHTML, and its lines block by block."""
    tree, xhtml = _parse(data, name)
    root = tree.getroot()
    if not any("ocr_page" in _classes(e) for e in root.iter()):
        raise InputError(f"{name}: not hOCR (no element of class ocr_page)")
    return tree, xhtml, _blocks(tree)


def lines_of(data: bytes, name: str) -> list[list[str]]:
    """The line texts, block by block."""
    return [[line.text for line in block] for block in read(data, name)[2]]


def _write_line(line: _Line, fixed: LineRepair) -> None:
    if fixed.changed:
        if line.words:
            readings = fixed.word_readings(line.spans)
            for word, (a, b), reading in zip(line.words, line.spans, readings, strict=True):
                if reading != fixed.text[a:b]:
                    word.set(OCR_TEXT, _text(word))
                    _set_text(word, reading)
        elif len(line.element) == 0:
            line.element.set(OCR_TEXT, line.element.text or "")
            line.element.text = fixed.reading
    if line.words:
        if fixed.join_next is not None:
            line.words[-1].set(JOIN, fixed.join_next)
        if fixed.join_previous is not None:
            line.words[0].set(JOIN, fixed.join_previous)


def repair(data: bytes, name: str, keep: Iterable[str] = ()) -> tuple[bytes, dict[str, object]]:
    """The repaired hOCR document and the statistics of its repair."""
    tree, xhtml, blocks = read(data, name)
    _refuse_repaired(tree, name)
    result = repair_lines([[line.text for line in block] for block in blocks], keep)
    for block, repaired in zip(blocks, result.blocks, strict=True):
        for line, fixed in zip(block, repaired, strict=True):
            _write_line(line, fixed)
    pages = sum(1 for e in tree.getroot().iter() if "ocr_page" in _classes(e))
    return _write(tree, xhtml), result.stats(pages)


def restore(data: bytes, name: str) -> bytes:
    """The hOCR document with the OCR's text back and the repair's attributes gone."""
    tree, xhtml = _parse(data, name)
    for element in tree.getroot().iter():
        if not isinstance(element.tag, str):
            continue
        if OCR_TEXT in element.attrib:
            _set_text(element, element.attrib.pop(OCR_TEXT))
        element.attrib.pop(JOIN, None)
    return _write(tree, xhtml)
