"""A static Distributed Text Services (DTS) 1.0 API of the TEI files (Level 0: no ranges).

The citation trees are read from each file's ``refsDecl``: the default tree (sections
and their paragraphs, ``citeStructure`` nested by ``@match``/``@use``/``@delim``) and
the tree ``page`` (``pb[not(@ed)]``). Every answer the API can give without a range is
written as a file; the URI templates of the entry point expand to exactly these files:

- ``entry.json``: the entry point;
- ``collection{;id,nav}.json``: the root collection, the edition, the four resources;
- ``navigation/{resource}{;ref,start,end,down,tree}.json``: navigation;
- ``document/{resource}{;ref,start,end,tree}.xml``: the full TEI, or one citable unit
  in ``dts:wrapper``; a page (a ``pb`` milestone) is the body from it up to the next
  page, and the elements it cuts keep their attributes.

Query parameters become path-style ``;name=value`` segments (RFC 6570 level 3), so
that any static file server can answer. ``down`` is written for -1 and for 1 up to the
depth of the whole tree, for the root and every unit with children (a ``down`` deeper
than the unit's subtree gives the whole subtree); a unit without children has only its
plain file. Ranges (``start``/``end``) are Level 1 and have no files.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

from sitegen.markup import absolute_http_url
from tei.body import TEI_NS, XML_ID
from tei.layers import cts_urn, load_paragraphs
from tei.xmlsafe import read_xml

DTS_NS = "https://w3id.org/dts/api#"
DTS_CONTEXT = "https://dtsapi.org/context/v1.0.json"
DTS_VERSION = "1.0"
ROOT_ID = "stichwort"
EDITION_ID = "stichwort-edition"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
NAV_TEMPLATE = "{;ref,start,end,down,tree}.json"
DOC_TEMPLATE = "{;ref,start,end,tree}.xml"


class DtsError(ValueError):
    """Input or output the DTS export cannot use; the message names file or place."""


@dataclass
class Unit:
    """A citable unit: its reference, level, type, parent reference and TEI element."""

    ref: str
    level: int
    cite_type: str
    parent: str | None
    element: etree._Element
    children: list[Unit] = field(default_factory=list)
    dublin_core: dict[str, Any] = field(default_factory=dict)

    def descendants(self, down: int) -> list[Unit]:
        """The units below this one in document order, ``down`` levels deep (-1: all)."""
        found: list[Unit] = []
        if down == 0:
            return found
        for child in self.children:
            found.append(child)
            found.extend(child.descendants(down - 1 if down > 0 else -1))
        return found

    def height(self) -> int:
        """How many levels the tree has below this unit."""
        return 1 + max((c.height() for c in self.children), default=0) if self.children else 0


@dataclass
class CitationTree:
    """One citation tree of a resource: its name (None: the default), structure, units."""

    name: str | None
    structure: list[dict[str, Any]]
    root: Unit
    units: dict[str, Unit]


@dataclass
class Resource:
    """One TEI file as a DTS resource."""

    id: str
    path: Path
    tree: etree._ElementTree
    title: str
    dublin_core: dict[str, Any]
    citation_trees: list[CitationTree]


def _local_copy(root: etree._Element) -> tuple[etree._Element, dict[etree._Element, int]]:
    """A copy of ``root`` without the TEI namespace (so that the unprefixed XPaths of
    ``citeStructure/@match`` apply) and the document-order index of each copied element."""
    stripped = copy.deepcopy(root)
    for element in stripped.iter():
        if isinstance(element.tag, str) and element.tag.startswith(f"{{{TEI_NS}}}"):
            element.tag = element.tag.split("}", 1)[1]
    etree.cleanup_namespaces(stripped)
    return stripped, {element: i for i, element in enumerate(stripped.iter())}


def _value(node: etree._Element, use: str, where: str) -> str:
    values = node.xpath(use)
    text = (values[0] if values else "") if isinstance(values, list) else values
    if isinstance(text, etree._Element):
        text = text.text or ""
    value = str(text).strip() if text is not None else ""
    if not value:
        raise DtsError(f"{where}: line {node.sourceline}: citeStructure @use {use!r} is empty")
    return value


def _cite_units(
    structures: Sequence[etree._Element],
    context: etree._Element,
    parent: Unit,
    level: int,
    originals: list[etree._Element],
    index: dict[etree._Element, int],
    units: dict[str, Unit],
    where: str,
) -> None:
    """Resolve nested ``citeStructure`` elements below ``context`` into ``parent``'s children."""
    found: list[tuple[int, etree._Element, etree._Element]] = []
    for structure in structures:
        for node in context.xpath(structure.get("match", "")):
            if isinstance(node, etree._Element):
                found.append((index[node], node, structure))
    for position, node, structure in sorted(found, key=lambda item: item[0]):
        own = _value(node, structure.get("use", "@n"), where)
        ref = f"{parent.ref}{structure.get('delim', '')}{own}" if parent.level else own
        if ref in units:
            raise DtsError(f"{where}: line {node.sourceline}: reference {ref!r} is not unique")
        if "/" in ref or ref.startswith(".") or not ref.isprintable():
            raise DtsError(
                f"{where}: line {node.sourceline}: reference {ref!r} cannot name a file "
                "(a '/', a leading '.' or a control character)"
            )
        unit = Unit(
            ref, level, structure.get("unit", "unit"), parent.ref or None, originals[position]
        )
        units[ref] = unit
        parent.children.append(unit)
        inner = structure.findall(f"{{{TEI_NS}}}citeStructure")
        if inner:
            _cite_units(inner, node, unit, level + 1, originals, index, units, where)


def _structure(elements: Iterable[etree._Element]) -> list[dict[str, Any]]:
    return [
        {
            "@type": "CiteStructure",
            "citeType": e.get("unit", "unit"),
            **(
                {"citeStructure": _structure(e.findall(f"{{{TEI_NS}}}citeStructure"))}
                if e.find(f"{{{TEI_NS}}}citeStructure") is not None
                else {}
            ),
        }
        for e in elements
    ]


def citation_trees(path: Path, tree: etree._ElementTree) -> list[CitationTree]:
    """The citation trees of a TEI file from its ``refsDecl`` elements (default first)."""
    root = tree.getroot()
    stripped, index = _local_copy(root)
    originals = list(root.iter())
    trees: list[CitationTree] = []
    declarations = root.findall(f".//{{{TEI_NS}}}encodingDesc/{{{TEI_NS}}}refsDecl")
    declarations.sort(key=lambda d: d.get("default") != "true")
    for declaration in declarations:
        outer = declaration.findall(f"{{{TEI_NS}}}citeStructure")
        if not outer:
            continue
        name = None if declaration.get("default") == "true" else declaration.get("n")
        if name is None and trees:
            raise DtsError(f"{path}: line {declaration.sourceline}: refsDecl without @n")
        top = Unit("", 0, "", None, root)
        units: dict[str, Unit] = {}
        _cite_units(outer, stripped, top, 1, originals, index, units, str(path))
        trees.append(CitationTree(name, _structure(outer), top, units))
    if not trees:
        raise DtsError(f"{path}: no refsDecl with citeStructure in the teiHeader")
    return trees


def _text(root: etree._Element, xpath: str) -> str:
    found = root.xpath(xpath, namespaces={"t": TEI_NS})
    return " ".join(" ".join(str(f).split()) for f in found if str(f).strip())


def read_resource(path: Path, siglum: str) -> Resource:
    """A TEI file of ``stichwort build`` as a DTS resource with its citation trees."""
    tree = read_xml(path)[1]
    root = tree.getroot()
    if root.tag != f"{{{TEI_NS}}}TEI":
        raise DtsError(f"{path}: line {root.sourceline}: not a TEI file")
    stmt = "/t:TEI/t:teiHeader/t:fileDesc"
    title = _text(root, f"{stmt}/t:titleStmt/t:title[@type='main']//text()") or siglum
    dublin_core: dict[str, Any] = {"title": [{"lang": "en", "value": title}]}
    for key, xpath in (
        ("creator", f"{stmt}/t:titleStmt/t:author//text()"),
        ("identifier", f"{stmt}/t:publicationStmt/t:idno[@type='URN']//text()"),
        ("publisher", f"{stmt}/t:publicationStmt/t:publisher//text()"),
        ("date", f"{stmt}/t:sourceDesc/t:biblStruct/t:monogr/t:imprint/t:date/@when"),
        ("language", "/t:TEI/t:teiHeader/t:profileDesc/t:langUsage/t:language/@ident"),
        ("license", f"{stmt}/t:publicationStmt/t:availability/t:licence/@target"),
    ):
        values = [
            " ".join(str(v).split())
            for v in root.xpath(xpath, namespaces={"t": TEI_NS})
            if str(v).strip()
        ]
        if values and key in ("license", "language"):
            dublin_core[key] = values
        elif values:
            dublin_core[key] = [" ".join(values)]
    trees = citation_trees(path, tree)
    _describe_units(path, trees)
    return Resource(siglum, path, tree, title, dublin_core, trees)


def _describe_units(path: Path, trees: Sequence[CitationTree]) -> None:
    """Dublin Core of each unit: its CTS URN (``tei.layers.cts_urn``) and, for a division, the
    reading text of its heading."""
    readings = {ident: p.reading for ident, p in load_paragraphs(path).items()}
    for tree in trees:
        for unit in tree.units.values():
            urn = cts_urn(unit.element)
            if urn:
                unit.dublin_core["identifier"] = [urn]
            head = unit.element.find(f"{{{TEI_NS}}}head")
            if unit.element.tag == f"{{{TEI_NS}}}div" and head is not None:
                title = readings.get(head.get(XML_ID, ""), "")
                if title:
                    unit.dublin_core["title"] = [{"lang": "de", "value": title}]


@dataclass(frozen=True)
class Urls:
    """The absolute addresses of the API below ``base`` (the site's base URL)."""

    base: str

    @property
    def api(self) -> str:
        return f"{self.base}dts/"

    def collection(self, ident: str | None = None) -> str:
        return (
            f"{self.api}collection;id={ident}{{;nav}}.json"
            if ident
            else (f"{self.api}collection{{;id,nav}}.json")
        )

    def navigation(self, resource: str | None = None) -> str:
        return f"{self.api}navigation/{resource or '{resource}'}{NAV_TEMPLATE}"

    def document(self, resource: str | None = None) -> str:
        return f"{self.api}document/{resource or '{resource}'}{DOC_TEMPLATE}"


def check_base_url(base: str) -> str:
    """``base`` as an absolute http(s) URL ending in ``/`` (DTS needs absolute URIs)."""
    if not absolute_http_url(base):
        raise DtsError(f"base URL {base!r} is not an absolute http(s) URL without query")
    return base if base.endswith("/") else f"{base}/"


def segments(**params: str | int | None) -> str:
    """The file-name suffix of query parameters: ``;name=value`` in the given order."""
    return "".join(f";{k}={v}" for k, v in params.items() if v is not None)


def _resource_json(resource: Resource, urls: Urls) -> dict[str, Any]:
    trees = []
    for tree in resource.citation_trees:
        entry: dict[str, Any] = {"@type": "CitationTree"}
        if tree.name:
            entry["identifier"] = tree.name
        entry["citeStructure"] = tree.structure
        trees.append(entry)
    return {
        "@id": resource.id,
        "@type": "Resource",
        "title": resource.title,
        "totalParents": 1,
        "totalChildren": 0,
        "dublinCore": resource.dublin_core,
        "collection": urls.collection(resource.id),
        "navigation": urls.navigation(resource.id),
        "document": urls.document(resource.id),
        "citationTrees": trees,
    }


def _unit_json(unit: Unit) -> dict[str, Any]:
    return {
        "identifier": unit.ref,
        "@type": "CitableUnit",
        "level": unit.level,
        "parent": unit.parent,
        "citeType": unit.cite_type,
        **({"dublinCore": unit.dublin_core} if unit.dublin_core else {}),
    }


def _document_order(root: etree._Element) -> dict[etree._Element, tuple[int, int]]:
    """Each element's position and the position of its last descendant."""
    spans: dict[etree._Element, tuple[int, int]] = {}
    position = 0

    def walk(element: etree._Element) -> int:
        nonlocal position
        start = position
        position += 1
        last = start
        for child in element:
            last = walk(child)
        spans[element] = (start, last)
        return last

    walk(root)
    return spans


def _between(
    element: etree._Element, start: int, end: int, spans: dict[etree._Element, tuple[int, int]]
) -> etree._Element:
    """A copy of ``element`` holding only what lies from position ``start`` (a milestone)
    up to, not including, position ``end``: the ancestors of the milestones are cut."""
    first, _ = spans[element]
    clone = etree.Element(element.tag, attrib=dict(element.attrib), nsmap=element.nsmap)
    if start <= first < end:
        clone.text = element.text
    for child in element:
        child_first, child_last = spans[child]
        if child_last >= start and child_first < end:
            if child_first >= start and child_last < end:
                kept = copy.deepcopy(child)
                kept.tail = None
            else:
                kept = _between(child, start, end, spans)
            clone.append(kept)
        if start <= child_last < end and child.tail:
            if len(clone):
                clone[-1].tail = (clone[-1].tail or "") + child.tail
            else:
                clone.text = (clone.text or "") + child.tail
    return clone


def body_of(resource: Resource) -> etree._Element:
    """The ``<body>`` of a resource."""
    body = resource.tree.getroot().find(f"{{{TEI_NS}}}text/{{{TEI_NS}}}body")
    if body is None:
        raise DtsError(f"{resource.path}: TEI file without text/body")
    return body


def unit_content(
    body: etree._Element,
    spans: dict[etree._Element, tuple[int, int]],
    unit: Unit,
    following: Unit | None,
) -> list[etree._Element | str]:
    """The TEI of one citable unit: a copy of the element, or for a milestone (an empty
    ``pb``) the part of the body from it up to the ``following`` milestone."""
    element = unit.element
    if len(element) or element.text or element.tag != f"{{{TEI_NS}}}pb":
        kept = copy.deepcopy(element)
        kept.tail = None
        return [kept]
    start = spans[element][0]
    end = spans[following.element][0] if following else spans[body][1] + 1
    chunk = _between(body, start, end, spans)
    return [*([chunk.text] if chunk.text else []), *chunk]


def wrapped(content: Sequence[etree._Element | str]) -> bytes:
    """A ``TEI`` document holding ``content`` in ``dts:wrapper`` (white space preserved)."""
    root = etree.Element(f"{{{TEI_NS}}}TEI", nsmap={None: TEI_NS})
    wrapper = etree.SubElement(root, f"{{{DTS_NS}}}wrapper", nsmap={"dts": DTS_NS})
    wrapper.set(XML_SPACE, "preserve")
    for item in content:
        if isinstance(item, str):
            if len(wrapper):
                wrapper[-1].tail = (wrapper[-1].tail or "") + item
            else:
                wrapper.text = (wrapper.text or "") + item
        else:
            wrapper.append(item)
    etree.cleanup_namespaces(root, top_nsmap={None: TEI_NS, "dts": DTS_NS})
    return etree.tostring(root, xml_declaration=True, encoding="UTF-8")


class Writer:
    """Writes the files of the export below one directory."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.count = 0

    def write(self, relative: str, data: bytes) -> None:
        path = self.root / relative
        if path.exists():
            raise DtsError(f"two answers map to the same file {relative!r}")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.count += 1

    def json(self, relative: str, data: dict[str, Any]) -> None:
        self.write(relative, json.dumps(data, ensure_ascii=False, indent=1).encode() + b"\n")


def _navigation(
    writer: Writer,
    urls: Urls,
    resource: Resource,
    tree: CitationTree,
    resource_json: dict[str, Any],
) -> None:
    def answer(unit: Unit | None, down: int | None) -> None:
        name = segments(ref=unit.ref if unit else None, down=down, tree=tree.name)
        data: dict[str, Any] = {
            "@context": DTS_CONTEXT,
            "dtsVersion": DTS_VERSION,
            "@id": f"{urls.api}navigation/{resource.id}{name}.json",
            "@type": "Navigation",
            "resource": resource_json,
        }
        if unit is not None:
            data["ref"] = _unit_json(unit)
        if down is not None:
            data["member"] = [_unit_json(u) for u in (unit or tree.root).descendants(down)]
        writer.json(f"navigation/{resource.id}{name}.json", data)

    depth = tree.root.height()
    for down in (-1, *range(1, depth + 1)):
        answer(None, down)
    for unit in tree.units.values():
        answer(unit, None)
        if unit.children:
            for down in (-1, *range(1, depth + 1)):
                answer(unit, down)


def _collection(
    ident: str,
    title: str,
    description: str,
    parents: int,
    children: int,
    urls: Urls,
) -> dict[str, Any]:
    return {
        "@id": ident,
        "@type": "Collection",
        "title": title,
        "description": description,
        "totalParents": parents,
        "totalChildren": children,
        "collection": urls.collection(ident),
    }


def _collections(
    writer: Writer,
    urls: Urls,
    resources: Sequence[Resource],
    resource_members: list[dict[str, Any]],
) -> None:
    def answer(name: str, data: dict[str, Any], members: list[dict[str, Any]]) -> None:
        writer.json(
            f"collection{name}.json",
            {"@context": DTS_CONTEXT, "dtsVersion": DTS_VERSION, **data, "member": members},
        )

    root = _collection(
        ROOT_ID,
        "Stichwort",
        "Repaired, encoded and cited historical German card-game books.",
        0,
        1,
        urls,
    )
    edition = _collection(
        EDITION_ID,
        "Stichwort edition",
        "The TEI P5 edition of the sources: " + "; ".join(r.title for r in resources) + ".",
        1,
        len(resources),
        urls,
    )
    answer("", root, [edition])
    answer(segments(id=ROOT_ID), root, [edition])
    answer(segments(nav="parents"), root, [])
    answer(segments(id=ROOT_ID, nav="parents"), root, [])
    answer(segments(id=EDITION_ID), edition, resource_members)
    answer(segments(id=EDITION_ID, nav="parents"), edition, [root])
    for member in resource_members:
        answer(segments(id=member["@id"]), member, [])
        answer(segments(id=member["@id"], nav="parents"), member, [edition])


def write_api(resources: Sequence[Resource], base_url: str, out: Path) -> int:
    """Write the static DTS API of ``resources`` to ``out`` (served at ``base_url``dts/);
    atomically: a temporary directory beside ``out`` replaces it at the end. Returns the
    number of files."""
    urls = Urls(check_base_url(base_url))
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        raise DtsError(f"{out}: exists and is not a directory; refusing to replace it")
    if out.is_dir() and any(out.iterdir()) and not (out / "entry.json").is_file():
        raise DtsError(
            f"{out}: a directory that is not an earlier DTS export (no entry.json); "
            "refusing to replace it"
        )
    parent = out.resolve().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{out.name}.", dir=parent))
    except OSError as error:
        raise DtsError(f"cannot write the DTS export to {out}: {error.strerror}") from None
    try:
        writer = Writer(staging)
        writer.json(
            "entry.json",
            {
                "@context": DTS_CONTEXT,
                "dtsVersion": DTS_VERSION,
                "@id": f"{urls.api}entry.json",
                "@type": "EntryPoint",
                "collection": urls.collection(),
                "navigation": urls.navigation(),
                "document": urls.document(),
            },
        )
        resource_members = [_resource_json(r, urls) for r in resources]
        _collections(writer, urls, resources, resource_members)
        for resource, resource_json in zip(resources, resource_members, strict=True):
            writer.write(f"document/{resource.id}.xml", resource.path.read_bytes())
            body = body_of(resource)
            spans = _document_order(body)
            for tree in resource.citation_trees:
                _navigation(writer, urls, resource, tree, resource_json)
                units = list(tree.units.values())
                for unit, following in zip(units, [*units[1:], None], strict=True):
                    writer.write(
                        f"document/{resource.id}{segments(ref=unit.ref, tree=tree.name)}.xml",
                        wrapped(unit_content(body, spans, unit, following)),
                    )
        os.chmod(staging, 0o755)
        _replace(staging, out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return writer.count


def _replace(staging: Path, out: Path) -> None:
    """Put ``staging`` in the place of ``out`` (an earlier export is removed)."""
    old = None
    if out.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old.", dir=staging.parent))
        out.rename(old / out.name)
    staging.rename(out)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def build_dts(tei_dir: Path, sigla: Sequence[str], base_url: str, out: Path) -> int:
    """Read ``tei_dir/<siglum>.xml`` of each siglum and write the static API to ``out``."""
    resources = []
    for siglum in sigla:
        path = tei_dir / f"{siglum}.xml"
        if not path.is_file():
            raise DtsError(f"{path}: no TEI file for {siglum!r} (run 'stichwort build' first)")
        resources.append(read_resource(path, siglum))
    return write_api(resources, base_url, out)
