"""Reading XML safely: no DTD, no entity declaration, no XInclude, no network, no file
but the one named.

Every XML file the toolkit reads (``stichwort text``, ``validate``, ``check``,
``site``) goes through :func:`read_xml`. The bytes are read once and checked before
any parser or validator sees them: the document must be UTF-8 and its prolog must
hold no document type declaration (the only place entities can be declared), its
body no XInclude element. The parser then runs with entities unresolved, no DTD
loaded, no network access and the huge-tree limits on. A refusal is one line naming
the file; it never quotes the file.
"""

from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

from normalise.textio import InputError, read_bytes
from tei.errors import TeiError

XINCLUDE_NS = "http://www.w3.org/2001/XInclude"
MAX_XML_BYTES = 256 * 2**20
# the prolog: XML declaration, comments, processing instructions and white space
_PROLOG_ITEM = re.compile(rb"\s+|<\?.*?\?>|<!--.*?-->", re.S)


class UnsafeXml(TeiError):
    """An XML file holds what is never read: a DTD, entities, XInclude."""


def parser() -> etree.XMLParser:
    """An lxml parser that resolves no entity, loads no DTD and uses no network."""
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        attribute_defaults=False,
        huge_tree=False,
        remove_comments=False,
        remove_pis=False,
    )


def check_bytes(data: bytes, name: str) -> None:
    """Refuse a document that is not UTF-8 or whose prolog declares a document type."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff", b"\x00\x00", b"\x00<", b"<\x00")):
        raise UnsafeXml(f"{name}: refused: not UTF-8 (only UTF-8 XML is read)")
    position = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    while True:
        m = _PROLOG_ITEM.match(data, position)
        if m is None or m.end() == position:
            break
        position = m.end()
    if data.startswith(b"<!", position) and not data.startswith(b"<!--", position):
        raise UnsafeXml(
            f"{name}: refused: the document has a document type declaration (<!DOCTYPE); "
            "DTDs and entity declarations are never read"
        )


def parse_bytes(data: bytes, name: str) -> etree._ElementTree:
    """Check and parse ``data`` (the content of the file ``name``)."""
    check_bytes(data, name)
    try:
        root = etree.fromstring(data, parser(), base_url=None)
    except etree.XMLSyntaxError as error:
        line = error.position[0] if error.position else "?"
        raise TeiError(f"{name}:{line}: not well-formed XML: {error.msg}") from None
    tree = root.getroottree()
    if tree.docinfo.doctype or tree.docinfo.internalDTD is not None:
        raise UnsafeXml(f"{name}: refused: the document has a document type declaration")
    for element in root.iter(etree.Entity, f"{{{XINCLUDE_NS}}}*"):
        what = "an entity reference" if isinstance(element, etree._Entity) else "XInclude"
        raise UnsafeXml(f"{name}:{element.sourceline}: refused: {what} is never resolved")
    return tree


def read_xml(path: Path) -> tuple[bytes, etree._ElementTree]:
    """The bytes of an XML file and its tree, checked (see the module docstring); a
    device, pipe or directory is refused unread."""
    try:
        data = read_bytes(Path(path), MAX_XML_BYTES)
    except InputError as error:
        reason = str(error).removeprefix(f"{path}: ")
        raise TeiError(f"{path}: cannot read: {reason}") from None
    return data, parse_bytes(data, str(path))
