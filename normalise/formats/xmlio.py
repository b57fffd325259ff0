"""Parsing and writing the XML of layout formats: safe, and faithful to the input."""

from __future__ import annotations

from lxml import etree

from normalise.textio import InputError

MARK = "stichwort"  # the prefix of every annotation the repair writes


def parse_xml(data: bytes, name: str) -> etree._ElementTree:
    """The XML document in ``data``; ``InputError`` naming the line where it is broken.

    Entities are not resolved and nothing is fetched from the network.
    """
    parser = etree.XMLParser(
        resolve_entities=False, no_network=True, remove_blank_text=False, huge_tree=True
    )
    try:
        return etree.ElementTree(etree.fromstring(data, parser))
    except etree.XMLSyntaxError as error:
        line = error.position[0] if error.position else 0
        raise InputError(f"{name}:{line}: not well-formed XML: {error.msg}") from None


def write_xml(tree: etree._ElementTree) -> bytes:
    """The document as bytes, with an XML declaration in the input's encoding."""
    info = tree.docinfo
    encoding = info.encoding or "UTF-8"
    return etree.tostring(
        tree,
        xml_declaration=True,
        encoding=encoding,
        standalone=info.standalone,
    )


def local(element: etree._Element) -> str:
    """The local name of an element (comments and processing instructions: "")."""
    if not isinstance(element.tag, str):
        return ""
    return etree.QName(element).localname


def children(element: etree._Element, name: str) -> list[etree._Element]:
    """The child elements of ``element`` with local name ``name``."""
    return [c for c in element if local(c) == name]
