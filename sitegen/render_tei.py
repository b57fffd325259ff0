"""TEI P5 -> HTML fragments: every head, paragraph and law in three text layers.

Layers, from the same ``<choice>`` elements:

- ``reading``: ``<corr>`` and ``<reg>``, furniture (``<fw>``) left out, then the
  declared normalisations (``ſ`` -> ``s``, superscript-e umlauts);
- ``diplomatic``: like reading, but ``ſ`` kept and a line-end hyphen shown as printed
  with the lost line break as ``|`` (``wel⸗|chem``);
- ``raw``: ``<sic>`` and ``<orig>`` plus the furniture, with the silent character
  correction of the header read back (``ſ`` -> ``f``): the OCR as received.

These are the layers of ``tei.layers`` (``stichwort text``), with markup added.

Every ``<sic>/<corr>`` (a repair) and every ``<orig>/<reg>`` that is more than a long s,
a ligature, a line-end hyphen or spacing is marked in the reading and diplomatic layers:
a ``<span>`` whose ``aria-describedby`` points at the paragraph's apparatus entry, which
names the original, who made the change (automatic repair or editor) and its certainty
(the page's script makes the mark's tooltip from it: :attr:`Change.tip`). Only the first
mark of a layer is in the tab order (``tabindex="0"``, the others ``-1``): a keyboard
user tabs from paragraph to paragraph and moves between a paragraph's marks with the
arrow keys. Printed pages come from the preceding ``<pb/>``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path

from lxml import etree

from sitegen.templating import Markup, anchor, fragments, text
from tei.edition import furniture_replacement
from tei.errors import TeiError
from tei.layers import block_pages, category_resps, cts_urn, provenance, witness_characters
from tei.normal import deterministic
from tei.xmlsafe import read_xml

__all__ = [
    "LAYERS",
    "Block",
    "Change",
    "Gap",
    "Section",
    "TeiDocument",
    "load_tei",
    "plain_text",
]

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
LAYERS = ("reading", "diplomatic", "raw")
BLOCK_TAGS = frozenset({"head", "p", "item", "ab", "note"})
QUIET_REG = frozenset({"long-s", "ligature", "hyphenation", "whitespace"})
"""Regularisations shown only in the diplomatic layer, not marked in the reading text."""
TYPE_LABELS = {
    "ocr": "OCR",
    "encoding": "encoding",
    "noise": "noise removed",
    "editorial": "editorial",
    "long-s": "long s",
    "ligature": "ligature",
    "hyphenation": "line-end hyphen",
    "abbreviation": "abbreviation",
    "whitespace": "spacing",
    "stamp": "library stamp removed",
    "scan": "scanner text removed",
}
GAP_REASONS = {
    "lost": "lost in our witness",
    "illegible": "illegible in our witness",
    "damage": "damaged in our witness",
    "omitted": "omitted on purpose",
    "editorial": "left out by the editor",
    "cancelled": "cancelled in the source",
    "deleted": "deleted in the source",
    "": "",
}
"""How a ``<gap reason=...>`` is named in its marker (other reasons are shown as they are).
A gap is missing from the witness we transcribe (OCR or web transcription), which is not
necessarily a loss in the print itself."""
HEDGES = {"medium": "probably", "low": "possibly"}
"""How a gap's ``@cert`` qualifies its reason in the marker (``figure probably lost ...``)."""
UNIT_NAMES = {
    "figure": "figure",
    "line": "line",
    "word": "word",
    "char": "character",
    "chars": "characters",
    "page": "page",
    "table": "table",
}
UNIT_PLURALS = {
    "figure": "figures",
    "line": "lines",
    "word": "words",
    "char": "characters",
    "chars": "characters",
    "page": "pages",
    "table": "tables",
}
FALLBACK_TITLES = {
    "game-fragment": "Fragment of a preceding game",
    "laws": "Laws",
}
"""Title of a division without ``<head>``, by its type."""
_WS = re.compile(r"\s+")
_TAG = re.compile(r"<[^>]*>")
_AFTER_LB = re.compile(r"(class=\"sw-lb\"[^>]*>\|</span>(?:</span>)*)\s+")


def _local(el: etree._Element) -> str:
    tag = el.tag
    if not isinstance(tag, str):
        return ""
    return tag.split("}", 1)[1] if tag.startswith("{") else tag


def _text(text: str | None) -> str:
    return _WS.sub(" ", text) if text else ""


def plain_text(fragment: str) -> str:
    """The text a reader sees in an HTML fragment: tags dropped, spaces collapsed."""
    return _WS.sub(" ", unescape(_TAG.sub("", fragment))).strip()


@dataclass(frozen=True)
class Change:
    """One apparatus entry: a ``<choice>`` of a block as the edition shows it."""

    ref: str
    element: str
    type: str
    original: str
    reading: str
    resp: str
    cert: str
    evidence: str = ""

    @property
    def label(self) -> str:
        """Human name of the change's type (``OCR``, ``long s`` ...)."""
        return TYPE_LABELS.get(self.type, self.type or "change")

    @property
    def is_repair(self) -> bool:
        """A correction of damage (``<corr>``) rather than a regularisation."""
        return self.element == "corr"

    @property
    def marked(self) -> bool:
        """Shown with a mark and tooltip in the reading text."""
        return self.is_repair or self.type not in QUIET_REG

    @property
    def tip(self) -> str:
        """Tooltip of the mark, e.g. ``OCR: Spiet · automatic · cert high`` (made in the
        browser from the apparatus entry; the raw layer's marks carry theirs)."""
        return f"{self.label}: {self.original or '(nothing)'} · {self.resp} · cert {self.cert}"


@dataclass(frozen=True)
class Gap:
    """An editorial ``<gap>`` of a block: what is missing from our witness, why, and how
    sure the editor is (TEI ``@reason``, ``@unit``, ``@quantity``, ``@cert``, ``<desc>``)."""

    id: str
    """The gap's ``xml:id``; the anchor of its entry under the block (``gap.`` + block
    id and number when the TEI gives none)."""
    reason: str
    label: str
    """What is missing and why: ``figure lost in our witness``."""
    cert: str
    desc: str
    resp: str

    @property
    def marker(self) -> str:
        """The marker in the text: ``[figure lost in our witness]``."""
        return f"[{self.label}]"

    @property
    def details(self) -> str:
        """Reason and certainty as TEI gives them: ``reason: lost; certainty: medium``."""
        parts = [f"reason: {self.reason}" if self.reason else "", self.certainty]
        return "; ".join(p for p in parts if p)

    @property
    def certainty(self) -> str:
        """``certainty: medium`` (empty when the TEI states no ``@cert``)."""
        return f"certainty: {self.cert}" if self.cert else ""

    @property
    def tip(self) -> str:
        """Tooltip of the marker: label, reason, certainty and resp, then the description."""
        facts = "; ".join(p for p in (self.details, f"resp: {self.resp}" if self.resp else "") if p)
        head = f"gap: {self.label}" + (f" ({facts})" if facts else "")
        return f"{head} — {self.desc}" if self.desc else head


@dataclass
class Block:
    """A head, paragraph, law or note with an ``xml:id``, rendered in every layer."""

    id: str
    kind: str
    n: str
    type: str
    urn: str
    div: str
    pages: tuple[str, ...]
    layers: dict[str, str]
    changes: list[Change]
    notes: list[str] = field(default_factory=list)
    gaps: list[Gap] = field(default_factory=list)
    """The block's ``<gap>`` elements in document order (shown under the block)."""
    xml: str = ""
    """The block's TEI element as XML (namespace declared on it)."""

    @property
    def page(self) -> str:
        """Printed page(s): ``4`` or ``4–5``; empty when no page break precedes it."""
        pages = [p for p in self.pages if p]
        if not pages:
            return ""
        return pages[0] if len(pages) == 1 else f"{pages[0]}–{pages[-1]}"

    def text(self, layer: str = "reading") -> str:
        """Plain text of one layer."""
        return plain_text(self.layers[layer])


@dataclass
class Section:
    """A ``<div>``: its id, type and members (blocks and sub-sections) in document order."""

    id: str
    type: str
    n: str
    urn: str
    members: list[Block | Section]

    @property
    def heads(self) -> list[Block]:
        """The section's own ``<head>`` blocks."""
        return [m for m in self.members if isinstance(m, Block) and m.kind == "head"]

    @property
    def title(self) -> str:
        """Reading text of the first head (or the id when there is none)."""
        heads = self.heads
        if heads:
            return heads[0].text()
        if self.type in FALLBACK_TITLES:
            title = FALLBACK_TITLES[self.type]
            return f"{title} ({self.n})" if self.n and self.type == "laws" else title
        return self.id

    @property
    def label(self) -> str:
        """The title without footnote markers and closing full stop (for navigation)."""
        if not self.heads and self.type in FALLBACK_TITLES:
            return self.title
        return re.sub(r"\s*\*\)", "", self.title).rstrip(" .") or self.id

    def blocks(self) -> list[Block]:
        """Every block of the section and its sub-sections, in document order."""
        out: list[Block] = []
        for member in self.members:
            out.extend(member.blocks() if isinstance(member, Section) else [member])
        return out


@dataclass
class TeiDocument:
    """One TEI file of the edition: its sections of type ``game`` and all its blocks."""

    siglum: str
    path: Path
    title: str
    games: list[Section]
    blocks: dict[str, Block]


class _Renderer:
    """Renders the blocks of one TEI document; keeps the evidence texts of ``<interp>``."""

    def __init__(self, root: etree._Element) -> None:
        self._tab_stop = True
        self._gaps: dict[int, Gap] = {}
        self._gap_elements: list[etree._Element] = []
        self.evidence = {
            el.get(XML_ID, ""): _text(el.xpath("string()")).strip()
            for el in root.iter(f"{{{TEI_NS}}}interp")
        }
        # evidence categories of the header: their text, and the resp their edits inherit
        self.resps = category_resps(root)
        self.witness = witness_characters(root)  # the raw layer reads ſ back as f
        self.evidence.update(
            (c.get(XML_ID, ""), _text(c.findtext(f"{{{TEI_NS}}}catDesc") or "").strip())
            for c in root.iter(f"{{{TEI_NS}}}category")
            if c.get(XML_ID, "") in self.resps
        )
        self.notes_on = {  # one-off evidence: <div type="evidence"><note target="#id">
            n.get("target", "")[1:]: _text(n.xpath("string()")).strip()
            for n in root.iterfind(
                f".//{{{TEI_NS}}}back/{{{TEI_NS}}}div[@type='evidence']/{{{TEI_NS}}}note"
            )
        }
        body = root.find(f"{{{TEI_NS}}}text/{{{TEI_NS}}}body")
        self.fw_space = self._furniture_spaces(body if body is not None else root)
        self.page_at: dict[str, str] = {}
        before_first: list[str] = []
        pages = block_pages(body) if body is not None else {}
        for element, page in pages.items():
            ident = element.get(XML_ID, "")
            if not page:
                before_first.append(ident)
            elif before_first and page.isdigit():  # blocks on the unnumbered page before
                for earlier in before_first:
                    self.page_at[earlier] = f"[{int(page) - 1}]"
                before_first = []
            self.page_at[ident] = page if page else self.page_at.get(ident, "")

    @staticmethod
    def _furniture_spaces(body: etree._Element) -> dict[etree._Element, str]:
        """What each ``<fw>`` reads as: a space where its removal would glue two words."""
        parts: list[str] = []
        starts: dict[etree._Element, int] = {}

        def walk(el: etree._Element) -> None:
            name = _local(el)
            if name in ("corr", "reg", "expan"):
                return
            if name in ("fw", "surplus"):
                starts[el] = sum(map(len, parts))
            parts.append(el.text or "")
            for child in el:
                walk(child)
                parts.append(child.tail or "")

        walk(body)
        whole = "".join(parts)
        return {
            fw: furniture_replacement(whole, start, start + len("".join(fw.itertext())))
            for fw, start in starts.items()
        }

    def block(self, el: etree._Element, div: str) -> Block:
        """Render one block element in every layer, with its apparatus entries and notes."""
        ident = el.get(XML_ID, "")
        changes: dict[int, Change] = {}
        choices = [c for c in el.iter(f"{{{TEI_NS}}}choice")]
        for k, choice in enumerate(choices):
            change = self._change(choice, f"app.{ident}.{k + 1}")
            if change is not None:
                changes[k] = change
        index = {id(c): k for k, c in enumerate(choices)}
        # the elements stay referenced while the block renders, so their id() is stable
        self._gap_elements = list(el.iter(f"{{{TEI_NS}}}gap"))
        gaps = [
            self._gap_entry(g, f"gap.{ident}.{k + 1}") for k, g in enumerate(self._gap_elements)
        ]
        self._gaps = {id(g): gap for g, gap in zip(self._gap_elements, gaps, strict=True)}
        notes: list[str] = []
        layers = {}
        for layer in LAYERS:
            self._ctx = (layer, changes, index, notes if layer == "reading" else [])
            self._tab_stop = True
            html = self._children(el).strip()
            if layer == "diplomatic":  # the lost line break swallows the space after it
                html = Markup(_AFTER_LB.sub(r"\1", str(html)))  # only white space goes
            layers[layer] = html
        pages = (
            self.page_at.get(ident, ""),
            *(pb.get("n", "") for pb in el.iter(f"{{{TEI_NS}}}pb")),
        )
        return Block(
            id=ident,
            kind=_local(el),
            n=el.get("n", ""),
            type=el.get("type", "") or _ptype(el.get("ana", "")),
            urn=cts_urn(el),
            div=div,
            pages=tuple(dict.fromkeys(pages)),
            layers=layers,
            changes=list(changes.values()),
            notes=notes,
            gaps=gaps,
            xml=etree.tostring(el, encoding="unicode", with_tail=False),
        )

    def _change(self, choice: etree._Element, ref: str) -> Change | None:
        """The apparatus entry of a ``<choice>`` (``None`` when it has no reading side)."""
        parts = {_local(c): c for c in choice}
        if "corr" in parts:
            element, original, reading = "corr", parts.get("sic"), parts["corr"]
        elif "reg" in parts:
            element, original, reading = "reg", parts.get("orig"), parts["reg"]
        elif "expan" in parts:
            element, original, reading = "reg", parts.get("abbr"), parts["expan"]
        else:
            return None
        resp, cert = provenance(reading, self.resps)
        pointers = [a.lstrip("#") for a in reading.get("ana", "").split()]
        evidence = " ".join(
            [self.evidence.get(a, "") for a in pointers or [self.resps.of(reading)]]
            + [self.notes_on.get(reading.get(XML_ID, ""), "")]
        )
        return Change(
            ref=ref,
            element=element,
            type=self.resps.type_of(reading) or ("abbreviation" if "expan" in parts else ""),
            original=_text("".join(original.itertext())).strip() if original is not None else "",
            reading=_text("".join(reading.itertext())).strip(),
            resp="editor" if "editor" in resp else "automatic",
            cert=cert or "unknown",
            evidence=evidence.strip(),
        )

    def _children(self, el: etree._Element, after_lb: bool = False) -> Markup:
        layer = self._ctx[0]

        def piece(t: str | None) -> Markup:
            t = _text(t)
            if layer == "raw":
                return text(t.translate(self.witness))
            return text(deterministic(t) if layer == "reading" else t)

        out = [piece(el.text)]
        for child in el:
            out.append(self._node(child))
            tail = child.tail
            if after_lb and _local(child) == "lb" and tail:
                tail = tail.lstrip()
            out.append(piece(tail))
        return Markup("").join(out)

    def _node(self, el: etree._Element) -> Markup:
        layer, changes, index, notes = self._ctx
        html = fragments("tei.html")
        name = _local(el)
        if not name:  # comments, processing instructions
            return Markup("")
        if name == "choice":
            return self._choice(el, changes.get(index.get(id(el), -1)))
        if name == "pb":
            if layer == "raw":
                return Markup("")
            n = el.get("n", "")
            where = (
                " (position estimated: the OCR lost the number)" if el.get("cert") == "low" else ""
            )
            return html.pb(n, f"printed page {n} begins{where}")
        if name == "lb":
            return html.lb() if layer == "diplomatic" else Markup("")
        if name in ("fw", "surplus"):
            return self._children(el) if layer == "raw" else text(self.fw_space.get(el, " "))
        if name == "note" and (el.get("resp") or el.get("type") in ("editorial", "editor")):
            if notes is not None and layer == "reading":
                notes.append(self._children(el).strip())
            return Markup("")
        if name == "gap":
            return self._gap(el)
        if name == "supplied":
            return Markup("") if layer == "raw" else html.supplied(self._children(el))
        if name == "hi":
            return html.hi(self._children(el))
        return html.element(name, self._children(el))

    def _gap_entry(self, el: etree._Element, fallback: str) -> Gap:
        """What a ``<gap>`` says: unit, quantity and reason as a label, its certainty, and
        its ``<desc>`` (or the evidence its ``@ana`` points to)."""
        reason = el.get("reason", "")
        unit = el.get("unit", "")
        quantity = el.get("quantity", "") or el.get("extent", "")
        desc = " ".join(
            _text("".join(d.itertext())).strip()
            for d in el
            if _local(d) in ("desc", "note") and "".join(d.itertext()).strip()
        )
        ana = el.get("ana", "")
        if not desc and ana:
            desc = " ".join(
                self.evidence.get(a.lstrip("#"), "") for a in ana.split() if a.startswith("#")
            ).strip()
        what = UNIT_NAMES.get(unit, unit) if unit else ""
        if quantity and quantity not in ("1", "") and what:
            what = f"{quantity} {UNIT_PLURALS.get(unit, what + 's')}"
        label = what or "text"
        why = GAP_REASONS.get(reason, reason)
        cert = el.get("cert", "")
        if why and cert in HEDGES:
            why = f"{HEDGES[cert]} {why}"
        return Gap(
            id=el.get(XML_ID, "") or fallback,
            reason=reason,
            label=f"{label} {why}" if why else f"{label} missing",
            cert=cert,
            desc=desc,
            resp=el.get("resp", "").lstrip("#"),
        )

    def _gap(self, el: etree._Element) -> Markup:
        """An editorial marker for ``<gap>``: what is missing, its description as a tooltip
        and in the block's list of gaps (``aria-describedby``)."""
        gap = self._gaps.get(id(el)) or self._gap_entry(el, "")
        unit = el.get("unit", "")
        label = f"{gap.marker} ({gap.details})" if gap.details else gap.marker
        return fragments("tei.html").gap(
            gap.marker, gap.tip, label, gap.reason, unit, gap.cert, gap.id, self._tabindex()
        )

    def _tabindex(self) -> str:
        """``0`` for the first mark of the layer being rendered, ``-1`` after it."""
        first, self._tab_stop = self._tab_stop, False
        return "0" if first else "-1"

    def _choice(self, el: etree._Element, change: Change | None) -> Markup:
        """The side of a ``<choice>`` the current layer shows, marked when it is a change."""
        layer = self._ctx[0]
        html = fragments("tei.html")
        hyphen = change is not None and change.type == "hyphenation"
        wanted = (
            ("sic", "orig", "abbr")
            if layer == "raw" or (layer == "diplomatic" and hyphen)
            else ("corr", "reg", "expan")
        )
        parts = [c for c in el if _local(c) in wanted]
        inner = Markup("").join(
            self._children(c, after_lb=layer == "diplomatic") for c in parts[:1]
        )
        if change is None:
            return inner
        if layer == "raw":
            if not change.is_repair:
                return inner
            tip = (
                f"repaired to: {change.reading or '(nothing)'} · {change.resp} · cert {change.cert}"
            )
            return html.sic(tip, inner)
        if not change.marked:
            return inner
        classes = ["sw-mark", "sw-corr" if change.is_repair else "sw-reg", f"sw-{change.resp}"]
        if change.cert == "low":
            classes.append("sw-doubt")
        if not inner.strip():
            classes.append("sw-empty")
        return html.mark(" ".join(classes), change.ref, inner, self._tabindex())


def _ptype(ana: str) -> str:
    """Block type from ``@ana="#ptype.rule"`` (the taxonomy of the TEI header)."""
    return next((a.split(".", 1)[1] for a in ana.split() if a.startswith("#ptype.")), "")


def _tei(tag: str) -> str:
    return f"{{{TEI_NS}}}{tag}"


def _section(el: etree._Element, renderer: _Renderer, blocks: dict[str, Block]) -> Section:
    """A ``<div>`` with its blocks (also inside lists) and sub-divisions."""
    ident = el.get(XML_ID, "")
    members: list[Block | Section] = []

    def visit(parent: etree._Element) -> None:
        for child in parent:
            name = _local(child)
            if name == "div":
                members.append(_section(child, renderer, blocks))
            elif name in BLOCK_TAGS and child.get(XML_ID):
                block = renderer.block(child, ident)
                blocks[block.id] = block
                members.append(block)
            elif name in ("list", "listBibl", "sp"):
                visit(child)

    visit(el)
    return Section(ident, el.get("type", ""), el.get("n", ""), cts_urn(el), members)


PAGE_TYPES = frozenset({"game", "game-fragment"})
"""Division types that get a page of their own."""
STANDALONE_TYPES = frozenset({"laws"})
"""Division types that get a page of their own when no game division holds them
(an appendix of laws such as ``schwaighofer1927.anhang1890``)."""


def _own_page(div: etree._Element) -> bool:
    """Whether a ``<div>`` is shown on a page of its own (a game, a fragment of one, or
    laws outside every game)."""
    kind = div.get("type", "")
    if kind in PAGE_TYPES:
        return True
    if kind not in STANDALONE_TYPES:
        return False
    return not any(
        a.get("type") in PAGE_TYPES | STANDALONE_TYPES for a in div.iterancestors(_tei("div"))
    )


def load_tei(path: Path) -> TeiDocument:
    """Parse a TEI file of the edition (safely: :mod:`tei.xmlsafe`) and render its game
    sections."""
    root = read_xml(path)[1].getroot()
    for element in root.iter():
        ident = element.get(XML_ID) if isinstance(element.tag, str) else None
        if ident is not None:
            try:
                anchor(ident)
            except ValueError:
                raise TeiError(
                    f"{path}:{element.sourceline}: refused: an xml:id that is no plain id"
                ) from None
    renderer = _Renderer(root)
    blocks: dict[str, Block] = {}
    games = [_section(div, renderer, blocks) for div in root.iter(_tei("div")) if _own_page(div)]
    title_el = root.find(f".//{_tei('titleStmt')}/{_tei('title')}")
    title = _text("".join(title_el.itertext())).strip() if title_el is not None else path.stem
    return TeiDocument(siglum=path.stem, path=path, title=title, games=games, blocks=blocks)
