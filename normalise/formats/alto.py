"""ALTO (v2, v3, v4): read, repair, write, restore.

The text blocks are read in document order (ALTO's block order), the margins
(``TopMargin``, ``BottomMargin``, ``LeftMargin``, ``RightMargin``: running heads, page
numbers) left out; a line's text is its ``String`` contents joined by spaces, with the
``HYP`` content at its end.

A ``String`` whose text the repair changes gets the repaired ``CONTENT``, and the
OCR's reading moves to an ``ALTERNATIVE`` child with ``PURPOSE="stichwort:ocr"``
(first among the alternatives, after ``Shape``). A word joined across a line break is
recorded with ALTO's own mechanism: ``SUBS_TYPE`` ``HypPart1`` / ``HypPart2`` and the
whole repaired word as ``SUBS_CONTENT`` on the two parts, where the OCR did not record
the join itself; an empty ``ALTERNATIVE`` with ``PURPOSE="stichwort:subs"`` says that
the repair added them. Coordinates, ids, styles, ``WC``/``CC`` and the ``HYP``
elements stay as they are, so :func:`restore` gives the OCR's document back.
"""

from __future__ import annotations

from collections.abc import Iterable

from lxml import etree

from normalise.formats.lines import LineRepair, repair_lines
from normalise.formats.xmlio import MARK, children, local, parse_xml, write_xml
from normalise.textio import InputError

NAMESPACES = {
    "http://www.loc.gov/standards/alto/ns-v2#": 2,
    "http://www.loc.gov/standards/alto/ns-v3#": 3,
    "http://www.loc.gov/standards/alto/ns-v4#": 4,
}
MARGINS = frozenset({"TopMargin", "BottomMargin", "LeftMargin", "RightMargin"})
OCR = f"{MARK}:ocr"  # PURPOSE of the ALTERNATIVE holding the OCR's reading
SUBS = f"{MARK}:subs"  # PURPOSE of the ALTERNATIVE saying SUBS_* were added


class _Line:
    """A TextLine: its text, its Strings and where each lies in the text."""

    def __init__(self, element: etree._Element) -> None:
        self.element = element
        self.strings: list[etree._Element] = []
        self.spans: list[tuple[int, int]] = []
        parts: list[str] = []
        position = 0
        for item in element:
            name = local(item)
            if name == "String":
                if parts:
                    parts.append(" ")
                    position += 1
                content = item.get("CONTENT") or ""
                self.strings.append(item)
                self.spans.append((position, position + len(content)))
                parts.append(content)
                position += len(content)
            elif name == "HYP":
                content = item.get("CONTENT") or ""
                parts.append(content)
                position += len(content)
        self.text = "".join(parts).replace("\n", " ").replace("\r", " ")


def _check(tree: etree._ElementTree, name: str) -> int:
    root = tree.getroot()
    namespace = etree.QName(root).namespace or ""
    if local(root) != "alto" or namespace not in NAMESPACES:
        raise InputError(
            f"{name}: not ALTO v2-v4 (root {root.tag!r}; namespaces: {', '.join(NAMESPACES)})"
        )
    return NAMESPACES[namespace]


def _blocks(tree: etree._ElementTree) -> list[list[_Line]]:
    blocks = []
    for block in tree.getroot().iter():
        if local(block) != "TextBlock":
            continue
        if any(local(a) in MARGINS for a in block.iterancestors()):
            continue
        blocks.append([_Line(line) for line in children(block, "TextLine")])
    return blocks


def _refuse_repaired(tree: etree._ElementTree, name: str) -> None:
    """``InputError`` if the document already holds a repair (restore it first)."""
    for element in tree.getroot().iter():
        if local(element) == "ALTERNATIVE" and (element.get("PURPOSE") or "").startswith(MARK):
            raise InputError(
                f"{name}:{element.sourceline}: already holds a Stichwort repair "
                f"(ALTERNATIVE PURPOSE={element.get('PURPOSE')!r}); restore it first"
            )


def read(data: bytes, name: str) -> tuple[etree._ElementTree, list[list[_Line]]]:
    """The document and its lines, block by block in block order."""
    tree = parse_xml(data, name)
    _check(tree, name)
    return tree, _blocks(tree)


def lines_of(data: bytes, name: str) -> list[list[str]]:
    """The line texts, block by block."""
    return [[line.text for line in block] for block in read(data, name)[1]]


def _alternative(string: etree._Element, purpose: str, text: str, last: bool = False) -> None:
    """A new ALTERNATIVE of ``string``: the first (after its Shape), or the ``last``."""
    namespace = etree.QName(string).namespace
    new = etree.Element(etree.QName(namespace, "ALTERNATIVE"))
    new.set("PURPOSE", purpose)
    new.text = text
    before = children(string, "ALTERNATIVE" if last else "Shape")
    before = before or (children(string, "Shape") if last else [])
    if before:
        before[-1].addnext(new)
    else:
        string.insert(0, new)


def _write_line(line: _Line, fixed: LineRepair) -> None:
    if fixed.changed:
        readings = fixed.word_readings(line.spans)
        for string, (a, b), reading in zip(line.strings, line.spans, readings, strict=True):
            if reading != fixed.text[a:b]:
                _alternative(string, OCR, string.get("CONTENT") or "")
                string.set("CONTENT", reading)
    for word, string, part in (
        (fixed.join_next, line.strings[-1] if line.strings else None, "HypPart1"),
        (fixed.join_previous, line.strings[0] if line.strings else None, "HypPart2"),
    ):
        if word is None or string is None or string.get("SUBS_TYPE") is not None:
            continue
        string.set("SUBS_TYPE", part)
        string.set("SUBS_CONTENT", word)
        _alternative(string, SUBS, "", last=True)


def repair(data: bytes, name: str, keep: Iterable[str] = ()) -> tuple[bytes, dict[str, object]]:
    """The repaired ALTO document and the statistics of its repair."""
    tree, blocks = read(data, name)
    _refuse_repaired(tree, name)
    result = repair_lines([[line.text for line in block] for block in blocks], keep)
    for block, repaired in zip(blocks, result.blocks, strict=True):
        for line, fixed in zip(block, repaired, strict=True):
            _write_line(line, fixed)
    pages = sum(1 for e in tree.getroot().iter() if local(e) == "Page")
    return write_xml(tree), result.stats(pages)


def restore(data: bytes, name: str) -> bytes:
    """The ALTO document as it was before the repair."""
    tree = parse_xml(data, name)
    _check(tree, name)
    for alternative in [e for e in tree.getroot().iter() if local(e) == "ALTERNATIVE"]:
        purpose = alternative.get("PURPOSE")
        string = alternative.getparent()
        if purpose == OCR and string is not None:
            string.set("CONTENT", alternative.text or "")
        elif purpose == SUBS and string is not None:
            for attribute in ("SUBS_TYPE", "SUBS_CONTENT"):
                string.attrib.pop(attribute, None)
        else:
            continue
        string.remove(alternative)
    return write_xml(tree)
