"""Export the TEI edition in the DTA base format (DTABf): ``export_dtabf(tei_dir, out_dir)``.

The DTABf (``tei/schema/dtabf/basisformat.rng``) is a strict subset of TEI P5. The
export copies the body of each TEI file written by ``tei.build`` and changes only
markup, never a character of text:

- elements DTABf lacks are renamed to their DTABf equivalent (``<ab>`` -> ``<p>``) or,
  when they hold no witness text (``<desc>`` of a ``<gap>``), moved out;
- attributes DTABf does not allow on an element, or values outside its closed lists,
  are moved out (provenance ``@resp``/``@cert``/``@ana``, ``lb/@break``, ``@sameAs``,
  block ``@n``, our ``@type`` values);
- what DTABf requires is added: ``pb/@facs`` (``#f0001``, ``#f0002`` … in page order,
  sequence numbers, not scans), ``fw/@place`` (top or bottom), ``div/@type``
  (``chapter`` where ours is not in DTABf's list), ``note/@place`` for printed notes;
- the header is rebuilt in DTABf's shape from the TEI header; ``<back>`` (editorial
  notes and one-off evidence notes) is left out;
- a silent correction the header declares (``witness-character:ſ=f``,
  ``tei.layers.witness_characters``), which DTABf's header cannot hold, is spelled out:
  each word of the body with such a character becomes
  ``<choice><sic>alfo</sic><corr>alſo</corr></choice>`` (side entry ``expanded``).

Everything moved out goes to a JSON side file keyed by ``xml:id``: ``elements[id]``
holds the element's original name, the attributes removed or changed (their original
values) and those the export added; an element that may carry no ``xml:id`` in DTABf
(``<lb>``) is listed under its nearest ancestor with one, by its index among that
ancestor's descendants of its name. The side file also holds the original header and
``<back>`` as XML, the header's evidence categories by id and the notes of ``<back>``. Every element that
gets an entry and has no ``xml:id`` is given one (``{siglum}.dtabf.{n}``).

The raw rule holds for the export: ``tei.layers.raw_text`` of its body equals the
seed's body text byte for byte (checked on every export).
"""

from __future__ import annotations

import copy
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lxml import etree

from normalise.textio import atomic_write
from tei.body import TEI_NS, XML_ID, tei
from tei.errors import TeiError
from tei.layers import READINGS, raw_text, tei_tree, witness_characters
from tei.xmlsafe import parser, read_xml

SCHEMA_DIR = Path(__file__).resolve().parent / "schema" / "dtabf"
DTABF_RNG = SCHEMA_DIR / "basisformat.rng"
DTABF_SCH = SCHEMA_DIR / "basisformat.sch"
SIDE_FORMAT = "stichwort-dtabf-side/1"
RNG_NS = "http://relaxng.org/ns/structure/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
RENAME = {"ab": "p"}
"""Our elements with a DTABf equivalent of the same content model."""
MOVE_OUT = frozenset({"desc", "figDesc"})
"""Elements that hold no witness text and that DTABf lacks: moved to the side file."""
FW_PLACE = {"sig": "bottom", "catch": "bottom"}
"""``fw/@place`` by ``@type``; every other type is ``top`` (page numbers, running heads)."""
DIV_TYPE = "chapter"
NOTE_PLACE = {"print": "foot"}
RIGHTS_UNDETERMINED = "https://rightsstatements.org/vocab/UND/1.0/"
"""``licence/@target`` where our header's licence has none: DTABf requires a URL, and
the export claims no rights status that the header does not state."""
RESP_NOTE = "remarkResponsibility"
POINTERS = {"sameAs": re.compile(r"#"), "corresp": re.compile(r"#|https?://")}
POINTERS["target"] = POINTERS["corresp"]
"""Pointer attributes and the start the DTABf Schematron requires of their values."""
_INTEGER_TYPES = frozenset({"integer", "nonNegativeInteger", "positiveInteger"})


@dataclass(frozen=True, slots=True)
class AttributeRule:
    """What DTABf allows in one attribute: a closed list of values, or integers, or any."""

    values: frozenset[str] | None
    integer: bool

    def allows(self, value: str) -> bool:
        if self.values is not None:
            tokens = value.split()
            return bool(tokens) and all(t in self.values for t in tokens)
        if self.integer:
            return bool(re.fullmatch(r"-?\d+", value.strip()))
        return True


def _attribute_name(name: str) -> str:
    return f"{{{XML_NS}}}{name[4:]}" if name.startswith("xml:") else name


@cache
def vocabulary() -> dict[str, dict[str, AttributeRule]]:
    """Each DTABf element name with its attributes, read from ``basisformat.rng``."""
    if not DTABF_RNG.exists():
        raise TeiError(f"{DTABF_RNG}: DTABf schema missing")
    root = etree.parse(str(DTABF_RNG), parser()).getroot()
    defines = {d.get("name"): d for d in root.iter(f"{{{RNG_NS}}}define")}

    def is_element_define(name: str) -> bool:
        define = defines.get(name)
        return define is not None and any(c.tag == f"{{{RNG_NS}}}element" for c in define)

    def collect(node: etree._Element, rules: dict[str, AttributeRule], seen: set[str]) -> None:
        for child in node:
            tag = child.tag
            if tag == f"{{{RNG_NS}}}element":
                continue
            if tag == f"{{{RNG_NS}}}attribute":
                values = {v.text or "" for v in child.iter(f"{{{RNG_NS}}}value")}
                types = {d.get("type") for d in child.iter(f"{{{RNG_NS}}}data")}
                rules[_attribute_name(child.get("name", ""))] = AttributeRule(
                    frozenset(values) if values and not types else None,
                    bool(types) and types <= _INTEGER_TYPES and not values,
                )
                continue
            if tag == f"{{{RNG_NS}}}ref":
                name = child.get("name", "")
                if name in seen or is_element_define(name) or name not in defines:
                    continue
                seen.add(name)
                collect(defines[name], rules, seen)
                continue
            if isinstance(tag, str):
                collect(child, rules, seen)

    result: dict[str, dict[str, AttributeRule]] = {}
    for element in root.iter(f"{{{RNG_NS}}}element"):
        rules: dict[str, AttributeRule] = {}
        collect(element, rules, set())
        result.setdefault(element.get("name", ""), {}).update(rules)
    return result


def _local(element: etree._Element) -> str:
    tag = element.tag
    if not isinstance(tag, str) or not tag.startswith(f"{{{TEI_NS}}}"):
        return ""
    return tag.split("}", 1)[1]


def _attribute_key(name: str) -> str:
    return f"xml:{name.split('}', 1)[1]}" if name.startswith(f"{{{XML_NS}}}") else name


class _Exporter:
    """Turns one TEI document into a DTABf document and its side file."""

    def __init__(self, siglum: str, tree: etree._ElementTree) -> None:
        self.siglum = siglum
        self.tree = tree
        self.vocabulary = vocabulary()
        self.elements: dict[str, dict[str, object]] = {}
        self.ids = {e.get(XML_ID) for e in tree.getroot().iter() if e.get(XML_ID)}
        self.counter = 0
        self.pages = 0
        self.records: dict[etree._Element, dict[str, object]] = {}

    # ids and side entries ----------------------------------------------------

    def _new_id(self) -> str:
        while True:
            self.counter += 1
            ident = f"{self.siglum}.dtabf.{self.counter}"
            if ident not in self.ids:
                self.ids.add(ident)
                return ident

    def _can_have_id(self, element: etree._Element) -> bool:
        return XML_ID in self.vocabulary.get(_local(element), {})

    def _entry(self, element: etree._Element) -> dict[str, object]:
        """The side entry of ``element`` (its own, or a descendant record of an ancestor)."""
        if element in self.records:
            return self.records[element]
        if self._can_have_id(element):
            ident = element.get(XML_ID)
            record: dict[str, object] = {"element": _local(element)}
            if ident is None:
                ident = self._new_id()
                element.set(XML_ID, ident)
                record["id_added"] = True
            self.elements[ident] = record
        else:
            holder = next(a for a in element.iterancestors() if self._can_have_id(a))
            index = list(holder.iterdescendants(element.tag)).index(element)
            record = {"element": _local(element), "index": index}
            descendants = self._entry(holder).setdefault("descendants", [])
            assert isinstance(descendants, list)
            descendants.append(record)
        self.records[element] = record
        return record

    def _record(self, element: etree._Element, key: str, name: str, value: str) -> None:
        entry = self._entry(element)
        bucket = entry.setdefault(key, {})
        assert isinstance(bucket, dict)
        bucket[name] = value

    # the body --------------------------------------------------------------------

    def body(self, body: etree._Element, witness: dict[int, str]) -> etree._Element:
        body = copy.deepcopy(body)
        body.tail = None
        if witness:
            self._spell_out(body, witness)
        for element in list(body.iter()):
            if not isinstance(element.tag, str):
                continue
            if element is not body and body not in element.iterancestors():
                continue  # inside an element already moved out: it went with it
            name = _local(element)
            if name in MOVE_OUT:
                self._move_out(element)
                continue
            if name == "surplus":
                element = self._surplus(element)
            elif name in RENAME:
                element.tag = tei(RENAME[name])
                self._entry(element)["renamed_from"] = name
            self._required(element)
            self._attributes(element)
        for name in sorted({_local(e) for e in body.iter() if isinstance(e.tag, str)}):
            if name not in self.vocabulary:
                raise TeiError(f"{self.siglum}: element <{name}> has no DTABf mapping")
        return body

    def _spell_out(self, body: etree._Element, witness: dict[int, str]) -> None:
        """Each word of a text node outside ``<corr>``/``<reg>`` that holds a character of
        ``witness`` -> ``<choice><sic>`` the witness's word ``<corr>`` ours."""
        chars = "".join(chr(c) for c in witness)
        word = re.compile(rf"[^\W_]*[{re.escape(chars)}][^\W_]*")
        for element in list(body.iter()):
            if not isinstance(element.tag, str) or _local(element) in READINGS:
                continue
            if any(_local(a) in READINGS for a in element.iterancestors()):
                continue
            if element.text:
                element.text, choices = self._split(element.text, word, witness)
                for k, choice in enumerate(choices):
                    element.insert(k, choice)
            for child in list(element):
                if child.tail:
                    child.tail, choices = self._split(child.tail, word, witness)
                    at = element.index(child) + 1
                    for k, choice in enumerate(choices):
                        element.insert(at + k, choice)

    def _split(
        self, text: str, word: re.Pattern[str], witness: dict[int, str]
    ) -> tuple[str | None, list[etree._Element]]:
        """``text`` as its leading text and one ``<choice>`` per matching word, each with
        the text up to the next as its tail (``text`` itself and none without a match)."""
        matches = list(word.finditer(text))
        if not matches:
            return text, []
        choices: list[etree._Element] = []
        for k, match in enumerate(matches):
            choice = etree.Element(tei("choice"))
            etree.SubElement(choice, tei("sic")).text = match.group().translate(witness)
            etree.SubElement(choice, tei("corr")).text = match.group()
            end = matches[k + 1].start() if k + 1 < len(matches) else len(text)
            choice.tail = text[match.end() : end] or None
            self._entry(choice)["expanded"] = "witness-character"
            choices.append(choice)
        return text[: matches[0].start()] or None, choices

    def _move_out(self, element: etree._Element) -> None:
        parent = element.getparent()
        assert parent is not None
        entry = self._entry(parent)
        moved = entry.setdefault("children", [])
        assert isinstance(moved, list)
        moved.append(
            {
                "index": parent.index(element) + len(moved),
                "xml": etree.tostring(element, encoding="unicode", with_tail=False),
                "tail": element.tail or "",
            }
        )
        previous = element.getprevious()
        if element.tail:  # the tail stays in place, as the text before it
            if previous is not None:
                previous.tail = (previous.tail or "") + element.tail
            else:
                parent.text = (parent.text or "") + element.tail
        parent.remove(element)

    def _surplus(self, element: etree._Element) -> etree._Element:
        """``<surplus>X</surplus>`` -> ``<choice><sic>X</sic><corr/></choice>`` (DTA's way)."""
        sic = etree.Element(tei("sic"))
        sic.text = element.text
        for child in list(element):
            sic.append(child)
        attributes = {k: v for k, v in element.attrib.items() if k != XML_ID}
        for name in attributes:
            del element.attrib[name]
        element.text = None
        element.tag = tei("choice")
        element.append(sic)
        etree.SubElement(element, tei("corr"))
        entry = self._entry(element)
        entry["renamed_from"] = "surplus"
        if attributes:
            entry["attributes"] = {_attribute_key(k): v for k, v in attributes.items()}
        return element

    def _set_added(self, element: etree._Element, name: str, value: str) -> None:
        old = element.get(name)
        if old is not None:
            self._record(element, "attributes", name, old)
        element.set(name, value)
        self._record(element, "added", name, value)

    def _required(self, element: etree._Element) -> None:
        """Add what DTABf requires or offers in place of ours (recorded as added)."""
        name = _local(element)
        if name == "pb":
            self.pages += 1
            self._set_added(element, "facs", f"#f{self.pages:04d}")
        elif name == "fw" and element.get("place") is None:
            self._set_added(element, "place", FW_PLACE.get(element.get("type", ""), "top"))
        elif name == "div":
            rule = self.vocabulary["div"].get("type")
            if rule is not None and not rule.allows(element.get("type", "")):
                self._set_added(element, "type", DIV_TYPE)
        elif name == "note" and element.get("type") in NOTE_PLACE and not element.get("place"):
            self._set_added(element, "place", NOTE_PLACE[element.get("type", "")])

    def _attributes(self, element: etree._Element) -> None:
        """Move out every attribute DTABf does not allow here, or whose value it refuses."""
        rules = self.vocabulary.get(_local(element), {})
        added = self.elements.get(element.get(XML_ID, ""), {}).get("added", {})
        for name, value in list(element.attrib.items()):
            if name == XML_ID and XML_ID in rules:
                continue
            rule = rules.get(name)
            pointer = POINTERS.get(name)
            if pointer is not None and not pointer.match(value):
                rule = None
            if rule is not None and rule.allows(value):
                continue
            if isinstance(added, dict) and added.get(name) == value:
                raise TeiError(f"{self.siglum}: the export added {name}={value!r}, not DTABf")
            del element.attrib[name]
            self._record(element, "attributes", _attribute_key(name), value)

        # the whole document -------------------------------------------------------------

    def document(self) -> tuple[etree._Element, dict[str, object]]:
        root = self.tree.getroot()
        _, body = tei_tree(Path(f"{self.siglum}.xml"), self.tree)
        header = root.find(tei("teiHeader"))
        back = root.find(f"{tei('text')}/{tei('back')}")
        old_text = root.find(tei("text"))
        text_attributes = dict(old_text.attrib) if old_text is not None else {}
        new_body = self.body(body, witness_characters(root))
        document = etree.Element(tei("TEI"), nsmap={None: TEI_NS})
        document.text = "\n  "
        new_header = dtabf_header(header, self.siglum, spelled_out=bool(witness_characters(root)))
        etree.indent(new_header, space="  ", level=1)
        new_header.tail = "\n  "
        document.append(new_header)
        text = etree.SubElement(document, tei("text"))
        text.text = "\n"
        text.tail = "\n"
        text.append(new_body)
        new_body.tail = "\n"
        side: dict[str, object] = {
            "format": SIDE_FORMAT,
            "siglum": self.siglum,
            "about": (
                "What the DTABf file cannot hold, keyed by xml:id. elements[id]: element "
                "(original name), renamed_from, attributes (removed or changed, original "
                "values), added (set by the export), children (moved out, as XML), "
                "descendants (elements without xml:id: name, index among the holder's "
                "descendants of that name, attributes). pb/@facs are page sequence "
                "numbers, not scans."
            ),
            "root_attributes": {_attribute_key(k): v for k, v in root.attrib.items()},
            "text_attributes": {_attribute_key(k): v for k, v in text_attributes.items()},
            "elements": self.elements,
            "evidence": _evidence(header),
            "notes": _notes(back),
            "teiHeader": _xml(header),
            "back": _xml(back),
        }
        return document, side


def _xml(element: etree._Element | None) -> str | None:
    if element is None:
        return None
    return etree.tostring(element, encoding="unicode", with_tail=False)


def _evidence(header: etree._Element | None) -> dict[str, str]:
    """The evidence categories of the header (``taxonomy[@xml:id='evidence']``) by id."""
    if header is None:
        return {}
    return {
        c.get(XML_ID, ""): "".join(c.findtext(tei("catDesc")) or "")
        for t in header.iter(tei("taxonomy"))
        if t.get(XML_ID) == "evidence"
        for c in t.iter(tei("category"))
    }


def _notes(back: etree._Element | None) -> list[dict[str, str]]:
    if back is None:
        return []
    return [
        {"target": n.get("target", ""), "type": n.get("type", ""), "text": "".join(n.itertext())}
        for n in back.iter(tei("note"))
    ]


# back from DTABf ---------------------------------------------------------------------------


def _clark(key: str) -> str:
    return f"{{{XML_NS}}}{key[4:]}" if key.startswith("xml:") else key


def _apply(element: etree._Element, entry: dict[str, object]) -> None:
    """Undo the export's attribute changes on one element."""
    added = entry.get("added", {})
    attributes = entry.get("attributes", {})
    assert isinstance(added, dict) and isinstance(attributes, dict)
    for name in added:
        del element.attrib[_clark(name)]
    for name, value in attributes.items():
        element.set(_clark(name), value)


def restore_body(body: etree._Element, side: dict[str, object]) -> etree._Element:
    """Our TEI ``<body>`` again from a DTABf body and its side file (a copy).

    Attribute order aside, the result equals the body the export started from (compare
    canonical XML).
    """
    body = copy.deepcopy(body)
    by_id = {e.get(XML_ID): e for e in body.iter() if isinstance(e.tag, str) and e.get(XML_ID)}
    entries = side["elements"]
    assert isinstance(entries, dict)
    expanded: list[etree._Element] = []
    for ident, entry in entries.items():
        element = by_id[ident]
        for record in entry.get("descendants", []):
            found = list(element.iterdescendants(tei(record["element"])))
            _apply(found[record["index"]], record)
        if entry.get("id_added"):
            del element.attrib[XML_ID]
        _apply(element, entry)
        was = entry.get("renamed_from")
        if was == "surplus":
            sic = element[0]
            element.remove(element[1])
            element.remove(sic)
            element.text = sic.text
            for child in list(sic):
                element.append(child)
        if isinstance(was, str):
            element.tag = tei(was)
        if entry.get("expanded"):
            expanded.append(element)
        for moved in entry.get("children", []):
            child = etree.fromstring(moved["xml"], parser())
            tail = moved["tail"]
            if tail:  # take the tail back from the text it was joined to
                index = moved["index"]
                before = element[index - 1] if index else None
                if before is not None:
                    before.tail = (before.tail or "")[: -len(tail)] or None
                else:
                    element.text = (element.text or "")[: -len(tail)] or None
                child.tail = tail
            element.insert(moved["index"], child)
    for choice in expanded:  # back to plain text: our word, joined to its neighbours
        _unwrap(choice, "".join(choice[1].itertext()) + (choice.tail or ""))
    return body


def _unwrap(element: etree._Element, text: str) -> None:
    """Replace ``element`` (and its tail) by ``text``, joined to the text before it."""
    parent = element.getparent()
    assert parent is not None
    previous = element.getprevious()
    if previous is not None:
        previous.tail = (previous.tail or "") + text or None
    else:
        parent.text = (parent.text or "") + text or None
    parent.remove(element)


# the header ------------------------------------------------------------------------------


def _text(header: etree._Element | None, path: str) -> str:
    if header is None:
        return ""
    found = header.find(path, {"t": TEI_NS})
    return " ".join("".join(found.itertext()).split()) if found is not None else ""


def _sub(parent: etree._Element, tag: str, text: str = "", **attributes: str) -> etree._Element:
    element = etree.SubElement(parent, tei(tag), {k: v for k, v in attributes.items() if v})
    if text:
        element.text = text
    return element


def _person(parent: etree._Element, name: str) -> None:
    """``<persName>`` with the name as our header gives it (not split: some are lists)."""
    _sub(parent, "persName", name)


def dtabf_header(
    header: etree._Element | None, siglum: str, spelled_out: bool = False
) -> etree._Element:
    """A DTABf ``<teiHeader>`` with the data of our header (title, author, source, licence);
    ``spelled_out``: the body spells out the header's silent character correction."""
    title = _text(header, "t:fileDesc/t:titleStmt/t:title[@type='main']") or siglum
    author = _text(header, "t:fileDesc/t:titleStmt/t:author")
    publisher = _text(header, "t:fileDesc/t:publicationStmt/t:publisher") or "Stichwort"
    urn = _text(header, "t:fileDesc/t:publicationStmt//t:idno[@type='URN']")
    date = _text(header, "t:fileDesc/t:publicationStmt/t:date")
    monogr = "t:fileDesc/t:sourceDesc//t:monogr"
    source_title = _text(header, f"{monogr}/t:title") or title
    source_author = _text(header, f"{monogr}/t:author") or author
    source_edition = _text(header, f"{monogr}/t:edition")
    source_place = _text(header, f"{monogr}//t:pubPlace")
    source_publisher = _text(header, f"{monogr}//t:publisher")
    source_date = _text(header, f"{monogr}//t:date")

    result = etree.Element(tei("teiHeader"))
    file_desc = _sub(result, "fileDesc")
    title_stmt = _sub(file_desc, "titleStmt")
    _sub(title_stmt, "title", title, type="main")
    if author:
        _person(_sub(title_stmt, "author"), author)
    resp = _sub(title_stmt, "respStmt")
    _sub(resp, "orgName", "Stichwort")
    _sub(_sub(resp, "resp"), "note", "OCR repair, TEI encoding, DTABf export", type=RESP_NOTE)
    publication = _sub(file_desc, "publicationStmt")
    _sub(_sub(publication, "publisher"), "orgName", publisher)
    if date:
        _sub(publication, "date", date, type="publication")
    availability = _sub(publication, "availability")
    licences: list[etree._Element] = []
    if header is not None:
        licences = header.findall(".//t:publicationStmt//t:licence", {"t": TEI_NS})
    for licence in licences or [None]:
        target = licence.get("target", "") if licence is not None else ""
        text = " ".join("".join(licence.itertext()).split()) if licence is not None else ""
        lic = _sub(availability, "licence", target=target or RIGHTS_UNDETERMINED)
        _sub(lic, "p", text or "See the TEI header of the Stichwort edition.")
    idno = _sub(publication, "idno")
    _sub(idno, "idno", urn or siglum, type="URN" if urn else "")
    source = _sub(file_desc, "sourceDesc")
    full = _sub(source, "biblFull")
    source_titles = _sub(full, "titleStmt")
    _sub(source_titles, "title", source_title, type="main")
    if source_author:
        _person(_sub(source_titles, "author"), source_author)
    if source_edition:
        _sub(_sub(full, "editionStmt"), "edition", source_edition)
    source_publication = _sub(full, "publicationStmt")
    # DTABf wants a publisher before place and date: "[s. n.]" where our header has none
    _sub(_sub(source_publication, "publisher"), "name", source_publisher or "[s. n.]")
    if source_place:
        _sub(source_publication, "pubPlace", source_place)
    _sub(source_publication, "date", source_date or "[s. a.]", type="publication")
    encoding = _sub(result, "encodingDesc")
    _sub(
        _sub(encoding, "editorialDecl"),
        "p",
        "Exported from the Stichwort TEI edition into the DTA base format; provenance "
        "of corrections, the evidence list and markup DTABf cannot hold are in the "
        f"side file {siglum}.json, keyed by xml:id."
        + (
            " The TEI edition's silent correction of long s (the witness's f written ſ, "
            "declared in its header) is spelled out here as <choice><sic>/<corr> per word."
            if spelled_out
            else ""
        ),
    )
    profile = _sub(result, "profileDesc")
    _sub(_sub(profile, "langUsage"), "language", "German", ident="deu")
    return result


# export ------------------------------------------------------------------------------------


def convert(siglum: str, tree: etree._ElementTree) -> tuple[bytes, dict[str, object]]:
    """The DTABf document of one parsed TEI file (bytes) and its side file (a dict)."""
    document, side = _Exporter(siglum, tree).document()
    xml = etree.tostring(document, xml_declaration=True, encoding="UTF-8", pretty_print=False)
    return xml + b"\n", side


def export_dtabf(
    tei_dir: Path,
    out_dir: Path,
    sigla: list[str],
    progress: Callable[[str], None] | None = None,
) -> list[Path]:
    """Write ``out_dir/<siglum>.xml`` and ``<siglum>.json`` for each TEI file of ``sigla``.

    Every file is converted, and its raw layer compared with the TEI file's, before
    anything is written; then each file is written atomically. Returns the XML paths.
    """
    say = progress or (lambda what: print(f"dtabf: {what}", file=sys.stderr))
    done: list[tuple[str, bytes, dict[str, object]]] = []
    for siglum in sigla:
        path = Path(tei_dir) / f"{siglum}.xml"
        say(f"{siglum}: converting {path}")
        tree = read_xml(path)[1]
        _, original = tei_tree(path, tree)
        xml, side = convert(siglum, tree)
        _, body = tei_tree(path, etree.fromstring(xml, parser()).getroottree())
        if raw_text(body) != raw_text(original):  # the seed itself: validate_dtabf
            raise TeiError(f"{path}: the DTABf export changed the raw text (a bug)")
        done.append((siglum, xml, side))
    written: list[Path] = []
    for siglum, xml, side in done:
        target = Path(out_dir) / f"{siglum}.xml"
        atomic_write(target, xml)
        atomic_write(target.with_suffix(".json"), json.dumps(side, ensure_ascii=False, indent=1))
        entries = side["elements"]
        assert isinstance(entries, dict)
        say(f"{siglum}: {len(xml)} bytes, {len(entries)} side entries -> {target}")
        written.append(target)
    return written


# validation --------------------------------------------------------------------------------


def validate_dtabf(paths: list[Path]) -> list[str]:
    """Every problem of DTABf files: jing against ``basisformat.rng``, the raw rule.

    Files are read through :mod:`tei.xmlsafe`; the siglum of each file is its name.
    """
    from tei.validate import check_raw_rule, run_jing

    problems: list[str] = []
    readable: dict[Path, bytes] = {}
    for path in paths:
        data, tree = read_xml(path)
        _, body = tei_tree(path, tree)
        readable[path] = data
        problems += check_raw_rule(path, body, path.stem)
    if readable:
        problems = run_jing(readable, schema=DTABF_RNG) + problems
    return problems


SVRL = "{http://purl.oclc.org/dsdl/svrl}"


def run_schematron(paths: list[Path]) -> dict[Path, dict[str, int]]:
    """The DTABf Schematron's messages per file, counted by role and text.

    ``basisformat.sch`` needs XPath 2 (``queryBinding="xslt2"``), which lxml's XSLT 1
    cannot run: lxml's ISO skeleton compiles the rules to XSLT, and SaxonC (the PyPI
    package ``saxonche``, in the ``test`` extra) runs them.
    """
    try:
        from saxonche import PySaxonProcessor
    except ImportError:
        raise TeiError("the DTABf Schematron needs SaxonC: pip install saxonche") from None
    from lxml import isoschematron

    schema = etree.parse(str(DTABF_SCH), parser())
    schema.getroot().set("queryBinding", "xslt1")  # the skeleton refuses xslt2 …
    compiled = isoschematron.iso_svrl_for_xslt1(
        isoschematron.iso_abstract_expand(isoschematron.iso_dsdl_include(schema))
    )
    compiled.getroot().set("version", "2.0")  # … and Saxon runs the XPath 2 tests
    result: dict[Path, dict[str, int]] = {}
    with PySaxonProcessor(license=False) as processor:
        xslt = processor.new_xslt30_processor()
        executable = xslt.compile_stylesheet(stylesheet_text=etree.tostring(compiled).decode())
        for path in paths:
            data, _ = read_xml(path)  # refuses DTDs and entities before Saxon sees it
            document = processor.parse_xml(xml_text=data.decode("utf-8"))
            svrl = etree.fromstring(executable.transform_to_string(xdm_node=document).encode())
            counts: dict[str, int] = {}
            for kind in ("failed-assert", "successful-report"):
                for message in svrl.iter(SVRL + kind):
                    text = " ".join("".join(message.itertext()).split())
                    key = f"{message.get('role') or 'ERROR'}: {text}"
                    counts[key] = counts.get(key, 0) + 1
            result[path] = counts
    return result
