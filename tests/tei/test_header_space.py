"""``xml:space``: pretty-printing that honours it keeps the raw rule; one that ignores it not.

The pretty-printer below works as an XML tool that honours ``xml:space`` does: it
re-indents element-only content and leaves alone mixed content and everything inside an
element whose ``xml:space`` is ``preserve`` (inherited down the tree until a descendant
resets it to ``default``); the tail of such an element belongs to its parent's content
and is re-indented.
"""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from corpus import load_source, load_structure
from tei.body import TEI_NS
from tei.layers import raw_text, tei_tree

NS = {"t": TEI_NS}
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def _pretty(element: etree._Element, honour: bool, level: int = 0, space: str = "default") -> None:
    """Re-indent ``element`` with tabs; with ``honour``, leave ``xml:space="preserve"`` alone."""
    space = element.get(XML_SPACE, space) if honour else "default"
    children = list(element)
    if space == "preserve":
        for child in children:  # a descendant may reset xml:space to "default"
            _pretty(child, honour, level + 1, space)
        return
    if (
        not children
        or (element.text or "").strip()
        or any((c.tail or "").strip() for c in children)
    ):
        return  # empty, or mixed content: its white space may be text
    inner = "\n" + "\t" * (level + 1)
    element.text = inner
    for child in children:
        child.tail = inner
        _pretty(child, honour, level + 1, space)
    children[-1].tail = "\n" + "\t" * level


def _reprinted(path: Path, honour: bool) -> bytes:
    tree = etree.parse(str(path))  # blank text is kept: the body depends on it
    _pretty(tree.getroot(), honour)
    return etree.tostring(tree, xml_declaration=True, encoding="UTF-8")


def _raw_of(data: bytes, path: Path) -> str:
    _, body = tei_tree(path, etree.ElementTree(etree.fromstring(data)))
    return raw_text(body)


def _seed_body(siglum: str) -> str:
    structure = load_structure(siglum)
    return load_source(siglum).raw[structure.body_start : structure.body_end]


def test_text_preserves_and_back_resets_whitespace(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        root = etree.parse(str(path)).getroot()
        text = root.find("t:text", NS)
        assert text.get(XML_SPACE) == "preserve", siglum
        assert text.find("t:body", NS).get(XML_SPACE) is None  # inherited from <text>
        back = text.find("t:back", NS)
        assert back is None or back.get(XML_SPACE) == "default", siglum


def test_pretty_printing_under_xml_space_keeps_the_raw_rule(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        original = path.read_bytes()
        pretty = _reprinted(path, honour=True)
        assert pretty != original, siglum  # the header and <back> were re-indented
        assert b"\n\t<teiHeader>" in pretty and b"\n\t\t<fileDesc>" in pretty
        assert _raw_of(pretty, path) == _seed_body(siglum), siglum
        again = etree.fromstring(pretty)
        assert again.find("t:text/t:back", NS) is None or b"\n\t\t\t<div" in pretty


def test_pretty_printing_that_ignores_xml_space_breaks_the_raw_rule(
    real_tei: dict[str, Path],
) -> None:
    """The declaration matters: the same printer, blind to xml:space, changes the raw text."""
    for siglum, path in real_tei.items():
        assert _raw_of(_reprinted(path, honour=False), path) != _seed_body(siglum), siglum
