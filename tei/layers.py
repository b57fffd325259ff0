"""Raw, diplomatic and reading text read back from a TEI file written by ``tei.build``.

- **raw**: every text node of the body in document order, taking the ``<sic>`` or
  ``<orig>`` of each ``<choice>``, with the witness characters the header declares
  (:func:`witness_characters`: ``ſ`` read back as the OCR's ``f``): the seed file's
  characters, byte for byte.
- **diplomatic**: ``ſ`` and superscript e kept; a hyphenation choice shows its
  ``<orig>`` with the lost line break as ``|`` (the space after it dropped: ``wel⸗|chem``);
  every other choice shows its ``<corr>``/``<reg>``; page furniture and ``<surplus>`` left out.
- **reading**: the ``<corr>``/``<reg>`` of every choice, furniture and ``<surplus>`` left
  out, then the
  declared normalisations (ſ -> s, aͤ oͤ uͤ -> ä ö ü).

An editorial ``<gap>`` (with its ``<desc>``) holds no text of the witness and adds
nothing to any layer. A removed piece of furniture reads as one space where both its
raw neighbours are non-space (as in ``tei.edition``). Diplomatic and reading text are
whitespace-folded, one line per block; a division or the whole body joins its blocks
with blank lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

from tei.body import TEI_NS, XML_ID
from tei.edition import furniture_replacement
from tei.errors import TeiError
from tei.normal import deterministic, fold
from tei.xmlsafe import read_xml

LAYERS = ("raw", "diplomatic", "reading")
BLOCK_TAGS = frozenset({"head", "p", "item", "ab", "note"})
ORIGINALS = frozenset({"sic", "orig"})
READINGS = frozenset({"corr", "reg"})
REMOVED = frozenset({"fw", "surplus"})
"""Witness text that is not text of the work: page furniture and ``<surplus>`` (noise,
stamps, scanner text); each reads as one space where its raw neighbours are non-space."""
EDITORIAL = frozenset({"gap"})
"""Elements the editor adds that hold no witness text (a gap's ``<desc>`` describes)."""
WITNESS_RULE = "witness-character:"
"""``correction[@method='silent']/@n`` tokens ``witness-character:ſ=f``: every ``ſ`` of
the body outside ``<corr>``/``<reg>`` stands for an ``f`` of the witness."""
_LB = "\x01"
_LB_RUN = re.compile(_LB + r"\s*")


@dataclass(frozen=True, slots=True)
class Paragraph:
    """A head, paragraph, law or other block of the body with its three text layers."""

    id: str
    urn: str
    kind: str
    type: str
    n: str
    div: str
    page: str
    raw: str
    diplomatic: str
    reading: str


def _local(element: etree._Element) -> str:
    tag = element.tag
    if not isinstance(tag, str):
        return ""
    return tag.split("}", 1)[1] if tag.startswith(f"{{{TEI_NS}}}") else tag


def read_tei(path: Path) -> tuple[etree._ElementTree, etree._Element]:
    """Parse a TEI file safely (:mod:`tei.xmlsafe`); returns the tree and its ``<body>``.
    Errors name file and line."""
    return tei_tree(path, read_xml(path)[1])


def tei_tree(path: Path, tree: etree._ElementTree) -> tuple[etree._ElementTree, etree._Element]:
    """The tree and ``<body>`` of a parsed TEI file (``TeiError`` if it is none)."""
    root = tree.getroot()
    if root.tag != f"{{{TEI_NS}}}TEI":
        raise TeiError(f"{path}:{root.sourceline}: not a TEI file (root element {root.tag})")
    body = root.find(f"{{{TEI_NS}}}text/{{{TEI_NS}}}body")
    if body is None:
        raise TeiError(f"{path}:{root.sourceline}: TEI file without text/body")
    return tree, body


def witness_characters(root: etree._Element) -> dict[int, str]:
    """The silent character corrections the header of ``root`` declares, as a
    ``str.translate`` table from the body's character to the witness's (empty: none)."""
    table: dict[int, str] = {}
    path = f"{{{TEI_NS}}}teiHeader/{{{TEI_NS}}}encodingDesc/{{{TEI_NS}}}editorialDecl"
    for correction in root.iterfind(f"{path}/{{{TEI_NS}}}correction[@method='silent']"):
        for token in correction.get("n", "").split():
            body, equals, witness = token.removeprefix(WITNESS_RULE).partition("=")
            if token.startswith(WITNESS_RULE) and equals and len(body) == 1:
                table[ord(body)] = witness
    return table


def _raw(element: etree._Element, parts: list[str], furniture: dict[etree._Element, int]) -> None:
    """Append the raw text inside ``element`` to ``parts``; note where each ``<fw>`` starts."""
    name = _local(element)
    if name in READINGS or name in EDITORIAL:
        return
    if name in REMOVED:
        furniture[element] = len(parts)  # index into parts; turned into an offset later
    if element.text:
        parts.append(element.text)
    for child in element:
        _raw(child, parts, furniture)
        if child.tail:
            parts.append(child.tail)


def _raw_body_text(element: etree._Element) -> str:
    """The text of ``element`` with the original side of every choice, before the
    header's witness characters are read back."""
    parts: list[str] = []
    _raw(element, parts, {})
    return "".join(parts)


def raw_text(element: etree._Element) -> str:
    """The raw layer of ``element``: its text with the original side of every choice."""
    return _raw_body_text(element).translate(witness_characters(element.getroottree().getroot()))


class _Renderer:
    """Renders the three layers of any element of one body, furniture spaces decided once."""

    def __init__(self, body: etree._Element) -> None:
        parts: list[str] = []
        starts: dict[etree._Element, int] = {}
        _raw(body, parts, starts)
        offsets = [0]
        for part in parts:
            offsets.append(offsets[-1] + len(part))
        whole = "".join(parts)
        root = body.getroottree().getroot()
        self.categories = category_resps(root)
        self.witness = witness_characters(root)
        self.spaces = {
            fw: furniture_replacement(whole, offsets[i], offsets[i] + len(_raw_body_text(fw)))
            for fw, i in starts.items()
        }

    def streams(self, element: etree._Element) -> tuple[str, str, str]:
        """Unfolded (raw, diplomatic, reading) of ``element``'s content."""
        name = _local(element)
        if name in REMOVED:
            space = self.spaces.get(element, "")
            return _raw_body_text(element), space, space
        if name in ("pb", "lb") or name in EDITORIAL or not name:
            return "", "", ""
        if name == "choice":
            return self._choice(element)
        raw, dipl, read = [element.text or ""], [element.text or ""], [element.text or ""]
        for child in element:
            r, d, t = self.streams(child)
            tail = child.tail or ""
            raw.append(r + tail)
            dipl.append(d + tail)
            read.append(t + tail)
        return "".join(raw), "".join(dipl), "".join(read)

    def _choice(self, element: etree._Element) -> tuple[str, str, str]:
        original = next((c for c in element if _local(c) in ORIGINALS), None)
        reading = next((c for c in element if _local(c) in READINGS), None)
        raw = _raw_body_text(original) if original is not None else ""
        read = "".join(reading.itertext()) if reading is not None else ""
        if (
            original is not None
            and reading is not None
            and self.categories.type_of(reading) == "hyphenation"
        ):
            pieces = [original.text or ""]
            for child in original:
                pieces.append(_LB if _local(child) == "lb" else "".join(child.itertext()))
                pieces.append(child.tail or "")
            return raw, "".join(pieces), read
        return raw, read, read

    def layers(self, element: etree._Element) -> tuple[str, str, str]:
        """(raw, diplomatic, reading) of one block: raw exact, the others one folded line."""
        raw, dipl, read = self.streams(element)
        return raw.translate(self.witness), fold(_LB_RUN.sub("|", dipl)), fold(deterministic(read))


def _is_block(element: etree._Element) -> bool:
    name = _local(element)
    return name in BLOCK_TAGS and element.get(XML_ID) is not None


def _blocks(element: etree._Element) -> list[etree._Element]:
    if _is_block(element):
        return [element]
    return [e for e in element.iter() if _is_block(e) and e is not element]


def _div_of(element: etree._Element) -> str:
    for ancestor in element.iterancestors():
        if _local(ancestor) == "div" and ancestor.get("n") is not None:
            return ancestor.get(XML_ID, "")
    return ""


def cts_urn(element: etree._Element) -> str:
    """The CTS URN of a division or block: its ``@sameAs`` where given, else the
    header's URN (``publicationStmt/idno[@type='URN']``) and, after a colon, the ``@n`` of
    the enclosing divisions that have one and of the element, joined with dots (the
    default ``refsDecl``); ``""`` for an element without ``@n`` or a file without a URN."""
    given = element.get("sameAs", "")
    if given.startswith("urn:") or element.get("n") is None:
        return given if given.startswith("urn:") else ""
    root = element.getroottree().getroot()
    base = root.findtext(f".//{{{TEI_NS}}}publicationStmt/{{{TEI_NS}}}idno[@type='URN']")
    if not base:
        return ""
    ref = [
        a.get("n", "")
        for a in reversed(list(element.iterancestors()))
        if _local(a) == "div" and a.get("n") is not None
    ]
    return f"{base.strip()}:{'.'.join([*ref, element.get('n', '')])}"


def block_pages(body: etree._Element) -> dict[etree._Element, str]:
    """The printed page each block begins on (``""`` before the first ``<pb>``)."""
    pages: dict[etree._Element, str] = {}
    current = ""
    for element in body.iter():
        if _local(element) == "pb":
            current = element.get("n", current)
        elif _is_block(element):
            first = next((e for e in element.iter() if _local(e) == "pb"), None)
            page = current
            if first is not None:
                before: list[str] = []
                _raw_until(element, first, before)
                if not "".join(before).strip():
                    page = first.get("n", current)
            pages[element] = page
    return pages


def _raw_until(element: etree._Element, stop: etree._Element, parts: list[str]) -> bool:
    """Append raw text of ``element`` up to ``stop``; True once ``stop`` is reached."""
    if element is stop:
        return True
    if _local(element) in READINGS or _local(element) in EDITORIAL:
        return False
    parts.append(element.text or "")
    for child in element:
        if _raw_until(child, stop, parts):
            return True
        parts.append(child.tail or "")
    return False


class Categories(dict[str, str]):
    """The ``@resp`` of each evidence category of the header by id; ``defaults``: the
    category a ``<corr>``, ``<reg>`` or ``<surplus>`` has when it carries no ``@ana``;
    ``types``: the kind of change of each category's edits."""

    def __init__(
        self, resps: dict[str, str], defaults: dict[str, str], types: dict[str, str]
    ) -> None:
        super().__init__(resps)
        self.defaults = defaults
        self.types = types

    def of(self, reading: etree._Element) -> str:
        """The id of the evidence category of a ``<corr>``/``<reg>``/``<surplus>``
        (``""``: none)."""
        ana = [a.removeprefix("#") for a in reading.get("ana", "").split()]
        own = next((a for a in ana if a in self), "")
        return own or self.defaults.get(_local(reading), "")

    def type_of(self, reading: etree._Element) -> str:
        """The kind of change of a ``<corr>``/``<reg>``: its ``@type``, else its category's."""
        return reading.get("type") or self.types.get(self.of(reading), "")


def category_resps(root: etree._Element) -> Categories:
    """The evidence categories of the header (``taxonomy#evidence``): their ``@resp``, and
    what their ``@n`` declares: the kind of change of their edits (``type:ocr``) and the
    elements whose category they are when those carry no ``@ana`` (``default:corr``)."""
    resps: dict[str, str] = {}
    defaults: dict[str, str] = {}
    types: dict[str, str] = {}
    for taxonomy in root.iter(f"{{{TEI_NS}}}taxonomy"):
        if taxonomy.get(XML_ID) != "evidence":
            continue
        for category in taxonomy.iter(f"{{{TEI_NS}}}category"):  # groups before members
            ident = category.get(XML_ID, "")
            group = category.getparent()
            outer = group.get(XML_ID, "") if group is not None else ""
            resps[ident] = category.get("resp", resps.get(outer, ""))
            if outer in types:
                types[ident] = types[outer]
            for token in category.get("n", "").split():
                key, _, value = token.partition(":")
                if key == "default" and value:
                    defaults[value] = ident
                elif key == "type" and value:
                    types[ident] = value
    return Categories(resps, defaults, types)


def provenance(reading: etree._Element, resps: Categories) -> tuple[str, str]:
    """``(resp, cert)`` of a ``<corr>``/``<reg>``: its own attributes where given, else
    those of its evidence category (``@ana``, or the default of its element), whose
    ``@cert`` is high."""
    inherited = resps.get(resps.of(reading), "")
    return reading.get("resp", inherited), reading.get("cert", "high" if inherited else "")


def load_paragraphs(path: Path) -> dict[str, Paragraph]:
    """Every head, paragraph, law and other block of the body by xml:id, in document order."""
    _, body = read_tei(path)
    renderer = _Renderer(body)
    pages = block_pages(body)
    result: dict[str, Paragraph] = {}
    for element in _blocks(body):
        raw, dipl, read = renderer.layers(element)
        ana = element.get("ana", "")
        ident = element.get(XML_ID, "")
        result[ident] = Paragraph(
            id=ident,
            urn=cts_urn(element),
            kind=_local(element),
            type=ana.removeprefix("#ptype.") if ana.startswith("#ptype.") else "",
            n=element.get("n", ""),
            div=_div_of(element),
            page=pages.get(element, ""),
            raw=raw,
            diplomatic=dipl,
            reading=read,
        )
    return result


def layer_text(path: Path, layer: str, element_id: str | None = None) -> str:
    """One layer of the whole body or of one element (any xml:id in the body).

    Raw text is exact; diplomatic and reading text give one line per block, blocks
    separated by blank lines.
    """
    if layer not in LAYERS:
        raise TeiError(f"unknown layer {layer!r}; choose one of {', '.join(LAYERS)}")
    _, body = read_tei(path)
    element = body
    if element_id is not None:
        found = [e for e in body.iter() if e.get(XML_ID) == element_id]
        if not found:
            raise TeiError(f"{path}: no element with xml:id {element_id!r} in the body")
        element = found[0]
    renderer = _Renderer(body)
    if layer == "raw":
        return renderer.streams(element)[0].translate(renderer.witness)
    index = 1 if layer == "diplomatic" else 2
    blocks = _blocks(element)
    if not blocks:  # an element inside a block: render it as one line
        return renderer.layers(element)[index] if _local(element) else ""
    return "\n\n".join(renderer.layers(block)[index] for block in blocks)
