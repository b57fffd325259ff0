"""PAGE XML (PRImA page content, 2013-07-15 to 2024-07-15): read, repair, write, restore.

The text regions are read in the page's reading order (``ReadingOrder``; regions it
does not name follow in document order), each a block of its ``TextLine`` elements.
A line's text is its main ``TextEquiv`` (the lowest ``@index``, else the first), or its
words' joined by spaces when it has none; a region with text but no ``TextLine`` is read
as the lines of its own text. Page furniture (regions of type
``page-number``, ``header``, ``footer``, ``catch-word``, ``signature-mark``) is left
as it is: the engine would drop it from the reading text, which is not a correction
of the OCR.

A line, word or region whose text the repair changes gets a new first ``TextEquiv``
with the repaired text and the lowest confidence of its edits as ``@conf``; the
OCR's ``TextEquiv`` elements follow it unchanged (from 2016-07-15 on the new one has
``@index`` 0 and, where the OCR used index 0, the OCR's indices are raised by one).
PAGE 2013-07-15 allows one ``TextEquiv`` only: there the repaired text and confidence
take the place of the OCR's, whose text and ``@conf`` go into ``@custom``.
The element's ``@custom`` gets one more entry, ``stichwort {...}``, which says what
was added and records a word joined across a line break (``joinNext`` /
``joinPrevious``: the whole repaired word). Nothing else changes, so
:func:`restore` takes exactly these additions out again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lxml import etree

from normalise.formats.lines import DocumentRepair, LineRepair, repair_lines, word_spans
from normalise.formats.xmlio import MARK, children, local, parse_xml, write_xml
from normalise.textio import InputError

NAMESPACE_PREFIX = "http://schema.primaresearch.org/PAGE/gts/pagecontent/"
VERSIONS = ("2013-07-15", "2016-07-15", "2017-07-15", "2018-07-15", "2019-07-15", "2024-07-15")
FURNITURE = frozenset({"page-number", "header", "footer", "catch-word", "signature-mark"})
_TOKEN = re.compile(r"(?:^| )" + MARK + r" \{([^}]*)\}")
_ESCAPE = {"\\": "\\u005c", ";": "\\u003b", "{": "\\u007b", "}": "\\u007d", ":": "\\u003a"}
_AFTER_TEXT = ("TextStyle", "UserDefined", "Labels")  # what follows TextEquiv in an element


def _escape(value: str) -> str:
    return "".join(_ESCAPE.get(c, c) for c in value)


def _unescape(value: str) -> str:
    return re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), value)


def parse_token(custom: str | None) -> dict[str, str] | None:
    """The entries of the repair's ``stichwort {...}`` in a ``@custom`` value, if any."""
    match = _TOKEN.search(custom or "")
    if match is None:
        return None
    entries: dict[str, str] = {}
    for item in match.group(1).split(";"):
        if ":" in item:
            key, value = item.split(":", 1)
            entries[key.strip()] = _unescape(value.strip())
    return entries


def _add_token(element: etree._Element, entries: dict[str, str]) -> None:
    body = " ".join(f"{k}:{_escape(v)};" for k, v in entries.items())
    token = f"{MARK} {{{body}}}"
    custom = element.get("custom")
    element.set("custom", f"{custom} {token}" if custom else token)


def _remove_token(element: etree._Element) -> None:
    custom = _TOKEN.sub("", element.get("custom") or "", count=1)
    if custom:
        element.set("custom", custom)
    else:
        del element.attrib["custom"]


def _namespace(tree: etree._ElementTree, name: str) -> str:
    root = tree.getroot()
    namespace = etree.QName(root).namespace or ""
    if local(root) != "PcGts" or not namespace.startswith(NAMESPACE_PREFIX):
        raise InputError(f"{name}: not PAGE XML (root {root.tag!r})")
    version = namespace[len(NAMESPACE_PREFIX) :]
    if version not in VERSIONS:
        raise InputError(
            f"{name}: PAGE version {version!r} is not supported (only {', '.join(VERSIONS)})"
        )
    return namespace


def main_text_equiv(element: etree._Element) -> etree._Element | None:
    """The TextEquiv holding the main text: the lowest ``@index``, else the first."""
    equivs = children(element, "TextEquiv")
    if not equivs:
        return None

    def key(pair: tuple[int, etree._Element]) -> tuple[int, int]:
        n, equiv = pair
        index = equiv.get("index")
        return (int(index) if index is not None and index.lstrip("-").isdigit() else 1 << 30, n)

    return min(enumerate(equivs), key=key)[1]


def _text(element: etree._Element) -> str | None:
    equiv = main_text_equiv(element)
    if equiv is None:
        return None
    unicode = children(equiv, "Unicode")
    return (unicode[0].text or "") if unicode else ""


def _reading_order(page: etree._Element) -> list[str]:
    """Region ids in the page's reading order (groups flattened)."""
    order: list[str] = []

    def walk(group: etree._Element) -> None:
        if group.get("regionRef"):
            order.append(group.get("regionRef") or "")
        items = [c for c in group if local(c) in _ORDER_ITEMS]
        if any(c.get("index") is not None for c in items):
            items.sort(key=lambda c: int(c.get("index") or 0))
        for item in items:
            if local(item) in ("RegionRefIndexed", "RegionRef"):
                order.append(item.get("regionRef") or "")
            else:
                walk(item)

    for ro in children(page, "ReadingOrder"):
        for group in ro:
            if local(group):
                walk(group)
    return order


_ORDER_ITEMS = frozenset(
    {
        "RegionRefIndexed",
        "RegionRef",
        "OrderedGroupIndexed",
        "UnorderedGroupIndexed",
        "OrderedGroup",
        "UnorderedGroup",
    }
)


def text_regions(page: etree._Element) -> list[etree._Element]:
    """The text regions of a page in reading order, furniture left out."""
    regions = [e for e in page.iter() if local(e) == "TextRegion"]
    rank = {rid: n for n, rid in reversed(list(enumerate(_reading_order(page))))}

    def key(pair: tuple[int, etree._Element]) -> tuple[int, int]:
        n, region = pair
        node: etree._Element | None = region
        while node is not None and local(node) != "Page":
            if node.get("id") in rank:
                return (rank[node.get("id") or ""], n)
            node = node.getparent()
        return (len(rank), n)

    ordered = [r for _, r in sorted(enumerate(regions), key=key)]
    return [r for r in ordered if r.get("type") not in FURNITURE]


class _Line:
    """A TextLine with its text and the words found in it."""

    def __init__(self, element: etree._Element | None, text: str = "") -> None:
        self.element = element
        if element is None:  # a line of a region that has text but no TextLine
            self.words, self.text, self.word_spans = [], text.replace("\r", " "), None
            return
        self.words = [w for w in children(element, "Word") if _text(w) is not None]
        word_texts = [_text(w) or "" for w in self.words]
        own = _text(element)
        self.text = own if own is not None else " ".join(word_texts)
        self.text = self.text.replace("\r", " ").replace("\n", " ")
        self.word_spans = word_spans(self.text, word_texts) if self.words else None


def _insert_text_equiv(
    element: etree._Element, text: str, confidence: float, entries: dict[str, str], modern: bool
) -> None:
    """A new first TextEquiv on ``element`` (see the module docstring)."""
    namespace = etree.QName(element).namespace
    equivs = children(element, "TextEquiv")
    if equivs and not modern:  # 2013-07-15 allows one TextEquiv: the OCR's goes to @custom
        equiv = equivs[0]
        unicode = children(equiv, "Unicode")[0]
        entries["ocr"] = unicode.text or ""
        entries["ocrConf"] = equiv.get("conf", "none")
        unicode.text = text
        equiv.set("conf", f"{confidence:.3g}")
        return
    new = etree.Element(etree.QName(namespace, "TextEquiv"))
    if modern:
        indices = [int(e.get("index") or 0) for e in equivs if e.get("index") is not None]
        if indices and min(indices) <= 0:
            for equiv in equivs:
                if equiv.get("index") is not None:
                    equiv.set("index", str(int(equiv.get("index") or 0) + 1))
            entries["indexShift"] = "1"
        new.set("index", "0")
    new.set("conf", f"{confidence:.3g}")
    unicode = etree.SubElement(new, etree.QName(namespace, "Unicode"))
    unicode.text = text
    if equivs:
        _insert_before(equivs[0], new)
    else:
        later = [c for c in element if local(c) in _AFTER_TEXT]
        if later:
            _insert_before(later[0], new)
        else:
            element.append(new)
    entries["textEquiv"] = "added"


def _insert_before(anchor: etree._Element, new: etree._Element) -> None:
    """Put ``new`` before ``anchor``, indented as ``anchor`` is."""
    previous = anchor.getprevious()
    parent = anchor.getparent()
    space = previous.tail if previous is not None else parent.text if parent is not None else None
    new.tail = space if space is not None and not space.strip() else None
    anchor.addprevious(new)


def _mark(element: etree._Element, entries: dict[str, str]) -> None:
    if entries:
        _add_token(element, entries)


def _refuse_repaired(tree: etree._ElementTree, name: str) -> None:
    """``InputError`` if the document already holds a repair (restore it first)."""
    for element in tree.getroot().iter():
        if isinstance(element.tag, str) and parse_token(element.get("custom")) is not None:
            raise InputError(
                f"{name}:{element.sourceline}: already holds a Stichwort repair "
                f"(@custom {MARK} {{...}}); restore it first"
            )


def read(
    data: bytes, name: str
) -> tuple[etree._ElementTree, list[list[_Line]], list[etree._Element], list[etree._Element]]:
    """The document, its lines block by block in reading order, those blocks and its
    Page elements."""
    tree = parse_xml(data, name)
    _namespace(tree, name)
    pages = [e for e in tree.getroot() if local(e) == "Page"]
    if not pages:
        raise InputError(f"{name}: PAGE XML without a Page element")
    regions = [r for page in pages for r in text_regions(page)]
    blocks = [_region_lines(r) for r in regions]
    return tree, blocks, regions, pages


def _region_lines(region: etree._Element) -> list[_Line]:
    """The lines of a region: its TextLines, or else the lines of its own text."""
    lines = children(region, "TextLine")
    if lines:
        return [_Line(e) for e in lines]
    text = _text(region)
    return [] if text is None else [_Line(None, line) for line in text.split("\n")]


def repair(data: bytes, name: str, keep: Iterable[str] = ()) -> tuple[bytes, dict[str, object]]:
    """The repaired PAGE document and the statistics of its repair."""
    tree, blocks, regions, pages = read(data, name)
    _refuse_repaired(tree, name)
    modern = not etree.QName(tree.getroot()).namespace.endswith("2013-07-15")
    result: DocumentRepair = repair_lines([[line.text for line in block] for block in blocks], keep)
    for region, block, repaired in zip(regions, blocks, result.blocks, strict=True):
        for line, fixed in zip(block, repaired, strict=True):
            _write_line(line, fixed, modern)
        if any(f.changed for f in repaired) and main_text_equiv(region) is not None:
            entries: dict[str, str] = {}
            confidence = min(f.confidence for f in repaired)
            _insert_text_equiv(
                region, "\n".join(f.reading for f in repaired), confidence, entries, modern
            )
            _mark(region, entries)
    return write_xml(tree), result.stats(len(pages))


def _write_line(line: _Line, fixed: LineRepair, modern: bool) -> None:
    if line.element is None:
        return  # written with its region
    entries: dict[str, str] = {}
    if fixed.changed:
        _insert_text_equiv(line.element, fixed.reading, fixed.confidence, entries, modern)
        if line.word_spans is not None:
            readings = fixed.word_readings(line.word_spans)
            for word, (a, b), reading in zip(line.words, line.word_spans, readings, strict=True):
                if reading != fixed.text[a:b]:
                    word_entries: dict[str, str] = {}
                    confidence = fixed.span_confidence(a, b)
                    _insert_text_equiv(word, reading, confidence, word_entries, modern)
                    _mark(word, word_entries)
    if fixed.join_next is not None:
        entries["joinNext"] = fixed.join_next
    if fixed.join_previous is not None:
        entries["joinPrevious"] = fixed.join_previous
    _mark(line.element, entries)


def restore(data: bytes, name: str) -> bytes:
    """The PAGE document as it was before the repair: every addition taken out."""
    tree = parse_xml(data, name)
    _namespace(tree, name)
    for element in list(tree.getroot().iter()):
        if not isinstance(element.tag, str):
            continue
        entries = parse_token(element.get("custom"))
        if entries is None:
            continue
        if "ocr" in entries:
            equiv = children(element, "TextEquiv")[0]
            children(equiv, "Unicode")[0].text = entries["ocr"]
            if entries.get("ocrConf", "none") == "none":
                equiv.attrib.pop("conf", None)
            else:
                equiv.set("conf", entries["ocrConf"])
        if entries.get("textEquiv") == "added":
            equivs = children(element, "TextEquiv")
            if not equivs:
                raise InputError(f"{name}:{element.sourceline}: the repair's TextEquiv is missing")
            element.remove(equivs[0])  # its tail goes with it
            shift = int(entries.get("indexShift", "0"))
            if shift:
                for equiv in equivs[1:]:
                    if equiv.get("index") is not None:
                        equiv.set("index", str(int(equiv.get("index") or 0) - shift))
        _remove_token(element)
    return write_xml(tree)


def lines_of(data: bytes, name: str) -> list[list[str]]:
    """The line texts, block by block in reading order."""
    return [[line.text for line in block] for block in read(data, name)[1]]
