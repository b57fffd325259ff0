"""Encode the body of a source: divisions, blocks, page furniture, edits and gaps as TEI.

The body holds every raw character of ``raw[body_start:body_end]`` exactly once, in
order, as text nodes outside ``<corr>``/``<reg>`` and ``<gap>`` (the lossless raw rule);
nothing is indented. Deterministic normalisations (``tei.normal``) are not encoded.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from lxml import etree

from corpus import Block, Div, Furniture
from normalise.edits import Edit, apply_edits
from tei.edition import EditionLog, furniture_replacement
from tei.errors import TeiError
from tei.gaps import Gap
from tei.normal import deterministic, is_deterministic

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_ID = "{http://www.w3.org/XML/1998/namespace}id"
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

DAMAGE = frozenset({"ocr", "encoding", "noise", "editorial"})
"""Kinds encoded as ``<sic>``/``<corr>`` (with long s misread, e.g. ``f`` -> ``s``);
every other kind is ``<orig>``/``<reg>``."""
RESP = {"auto": "#stichwort-repair", "editor": "#editor"}
FW_TYPES = {
    "pageNum": "pageNum",
    "marker": "pageMarker",
    "sig": "sig",
    "catch": "catch",
    "header": "header",
}
"""Furniture kinds encoded as ``<fw>``; noise, stamp and scan become ``<surplus>``."""
SURPLUS_REASONS = {"noise": "noise", "stamp": "stamp", "scan": "scan"}
"""``surplus/@reason`` of furniture that is no text of the print: OCR noise (bleed-through,
stray marks), a library stamp, text of the scanner or the library's OCR header."""
PAGE_KINDS = frozenset({"pageNum", "marker"})
HYPHENS = "⸗¬-=‐‑"
LINE_END = re.compile(rf"[{re.escape(HYPHENS)}](?=\s)")
"""A hyphen mark at a lost line end: followed by white space."""
HYPHEN_MARK = re.compile(f"[{re.escape(HYPHENS)}]")
DERIVED = re.compile(r"(?P<label>[^:']+): '(?P<original>.*)' -> '(?P<reading>.*)'", re.DOTALL)
"""Evidence that only names its kind and repeats the change: ``channel+lexicon: 'a' -> 'b'``."""
SECTION_TOP = "top"
LONG_S_RULE = "witness-character:ſ=f"
"""The silent correction of :meth:`BodyEncoder._long_s`, declared in the header
(``tei.layers.witness_characters`` reads it back)."""


def tei(tag: str) -> str:
    """The Clark name of a TEI element."""
    return f"{{{TEI_NS}}}{tag}"


def cert(confidence: float) -> str:
    """TEI ``@cert`` of an edit's confidence: high (>= 0.9), medium (>= 0.7) or low."""
    return "high" if confidence >= 0.9 else "medium" if confidence >= 0.7 else "low"


def page_number(item: Furniture, text: str) -> str:
    """The printed page a ``pageNum``/``marker`` begins: its ``n``, else the digits of its text."""
    return item.n or re.sub(r"\D", "", text) or text.strip() or "unnumbered"


def page_id(n: str, ed: str = "") -> str:
    """The id of a page break: ``page<n>``, ``<ed>.page<n>`` in a separately paginated print.

    Characters of ``n`` that an ``xml:id`` cannot hold become ``_``.
    """
    page = "page" + re.sub(r"[^A-Za-z0-9_.-]", "_", n)
    return f"{ed}.{page}" if ed else page


def label(ident: str, parent: str) -> str:
    """A citation label from an id, relative to its parent division's id.

    The common dotted prefix goes and remaining dots become ``_`` (``.`` delimits
    CTS passages): ``piquet.p12`` in ``piquet.regeln`` -> ``p12``,
    ``piquet.gesetze.15`` in ``piquet.gesetze`` -> ``15``,
    ``bieten.figur.1`` in ``bieten`` -> ``figur_1``.
    """
    own, other = ident.split("."), parent.split(".") if parent else []
    common = 0
    while common < min(len(own) - 1, len(other)) and own[common] == other[common]:
        common += 1
    return "_".join(own[common:])


@dataclass(frozen=True)
class Category:
    """An evidence category of the header: what kind of evidence, who decides by it, and
    what kind of change its edits are.

    An edit that points to it with ``@ana`` inherits its ``@resp`` and (a ``<corr>``) its
    ``type``, and ``@cert="high"`` unless the edit says otherwise.
    """

    id: str
    label: str
    resp: str
    type: str = ""
    """The kind of change of its edits (``ocr``, ``long-s``, ``hyphenation`` …); empty for
    ``<surplus>``, whose ``@reason`` says what it is."""
    defaults: tuple[str, ...] = ()
    """Element names (``corr``, ``reg``, ``surplus``) whose elements take this category
    when they carry no ``@ana``: the most used category of each."""


Event = Edit | Furniture | Gap
"""What ``encode_span`` places inside a block's text."""


def bounds(event: Event) -> tuple[int, int]:
    """The raw span of an event (a gap is empty: it adds and removes nothing)."""
    return (event.at, event.at) if isinstance(event, Gap) else (event.start, event.end)


def _order(event: Event) -> tuple[int, int, int]:
    """Raw order; at one offset a gap comes first, then an edit, then furniture."""
    rank = 0 if isinstance(event, Gap) else 2 if isinstance(event, Furniture) else 1
    return (*bounds(event), rank)


def join_hyphenation(edits: list[Edit], boundaries: frozenset[int]) -> list[Edit]:
    """Join a hyphen edit and the white space edit after it (``⸗`` + `` ``) into one.

    Never across ``boundaries`` (block starts and ends).
    """
    joined: list[Edit] = []
    for edit in edits:
        last = joined[-1] if joined else None
        if (
            last is not None
            and edit.kind == last.kind == "hyphenation"
            and edit.source == last.source
            and last.end == edit.start
            and last.end not in boundaries
            and last.original[-1:] in tuple(HYPHENS)
            and edit.original.isspace()
        ):
            joined[-1] = Edit(
                last.start,
                edit.end,
                last.original + edit.original,
                last.replacement + edit.replacement,
                "hyphenation",
                min(last.confidence, edit.confidence),
                last.evidence
                if last.evidence == edit.evidence
                else f"{last.evidence}; {edit.evidence}",
                last.source,
            )
        else:
            joined.append(edit)
    return joined


def is_surplus(raw: str, edit: Edit) -> bool:
    """A noise edit that only takes characters out (one space left where the two words
    around would glue, as for furniture): ``<surplus>``, not ``<sic>`` with an empty
    ``<corr>``."""
    return (
        edit.kind == "noise"
        and bool(edit.original.strip())
        and edit.replacement == furniture_replacement(raw, edit.start, edit.end)
    )


def hides_damage(edit: Edit) -> bool:
    """A line-end hyphen or white-space edit that also repairs letters (``Rang� farten`` ->
    ``Rangkarten``): OCR damage, so ``<sic>``/``<corr>``, not ``<orig>``/``<reg>``."""
    if edit.kind not in ("hyphenation", "whitespace"):
        return False
    return _squeezed(edit.original) != _squeezed(edit.replacement)


def _squeezed(text: str) -> str:
    return re.sub(rf"[{re.escape(HYPHENS)}\s]", "", deterministic(text))


def in_word(ch: str) -> bool:
    """A character of a word: a letter, digit or combining mark, U+FFFD (a lost letter)
    or a line-end hyphen mark (``⸗``, ``¬``)."""
    return unicodedata.category(ch)[0] in "LNM" or ch in "\ufffd⸗¬"


def _reaches(edit: Edit, side: int) -> bool:
    """Whether ``edit`` changes the word at its start (``side`` 0) or end (``side`` -1)."""
    if edit.original.isspace() and not edit.replacement:  # a space that joins two words
        return True
    if side == -1 and edit.kind == "hyphenation":  # ``wel⸗ `` + ``chem``
        return True
    return all(in_word(text[side]) for text in (edit.original, edit.replacement) if text)


def whole_words(raw: str, edits: list[Edit], stops: list[int]) -> list[Edit]:
    """Widen each edit to the whole word it changes, joining the edits inside one word.

    A choice inside a word splits it for search and plain-text tools; so an edit that
    changes a word at one end takes in the rest of the word (``B�rger``, not ``�``).
    Edits of one word join into one when they share kind, source and evidence; other
    edits end the widening, and so do ``stops`` (block bounds, furniture, gaps): the
    raw rule and the reading text do not change.
    """
    stops = sorted(set(stops))
    out: list[Edit] = []
    k = 0
    while k < len(edits):
        group = [edits[k]]
        start, end = group[0].start, group[0].end
        floor = max(
            out[-1].end if out else 0,
            stops[bisect.bisect_right(stops, start) - 1] if stops and stops[0] <= start else 0,
        )
        if _reaches(group[0], 0):
            while start > floor and in_word(raw[start - 1]):
                start -= 1
        k += 1
        while _reaches(group[-1], -1):
            i = bisect.bisect_left(stops, end)
            ceiling = min(
                stops[i] if i < len(stops) else len(raw),
                edits[k].start if k < len(edits) else len(raw),
            )
            while end < ceiling and in_word(raw[end]):
                end += 1
            following = edits[k] if k < len(edits) else None
            if (
                following is None
                or following.start != end
                or not _reaches(following, 0)
                or (following.kind, following.source, following.evidence)
                != (group[0].kind, group[0].source, group[0].evidence)
                or (end < len(raw) and not in_word(raw[end]) and following.original)
            ):
                break
            group.append(following)
            end = following.end
            k += 1
        if (start, end) == (group[0].start, group[0].end) and len(group) == 1:
            out.append(group[0])
            continue
        reading = apply_edits(
            raw[start:end],
            [dataclasses.replace(e, start=e.start - start, end=e.end - start) for e in group],
        )
        first = group[0]
        out.append(
            Edit(
                start,
                end,
                raw[start:end],
                reading,
                first.kind,
                min(e.confidence for e in group),
                first.evidence,
                first.source,
            )
        )
    return out


def foreign_bounds(log: EditionLog) -> set[int]:
    """The raw offsets where a foreign passage begins or ends."""
    return {p.start for p in log.foreign} | {p.end for p in log.foreign}


def encoded_edits(log: EditionLog) -> list[Edit]:
    """The text edits of ``log`` as the body encodes them, in raw order: no declared
    normalisation (``tei.normal``) and no confirmed reading; a line-end hyphen joined with
    the white space after it; each widened to the whole word it changes
    (:func:`whole_words`), never across blocks, furniture, gaps or foreign passages."""
    structure = log.structure
    raw = log.source.raw
    edits = join_hyphenation(
        sorted(
            (
                e
                for e in log.text_edits()
                if not is_deterministic(e.original, e.replacement)
                and e.original != e.replacement  # a confirmed reading: no correction
            ),
            key=lambda e: (e.start, e.end),
        ),
        frozenset(b.start for b in structure.blocks) | {b.end for b in structure.blocks},
    )
    return whole_words(
        raw,
        edits,
        [b.start for b in structure.blocks]
        + [b.end for b in structure.blocks]
        + [f.start for f in structure.furniture]
        + [f.end for f in structure.furniture]
        + [g.at for g in log.gaps]
        + sorted(foreign_bounds(log)),
    )


def append_text(parent: etree._Element, text: str) -> None:
    """Append ``text`` after the last child of ``parent`` (or as its text)."""
    if not text:
        return
    if len(parent):
        last = parent[-1]
        last.tail = (last.tail or "") + text
    else:
        parent.text = (parent.text or "") + text


@dataclass
class BodyEncoder:
    """Builds ``<body>`` and the notes and evidence that go to ``<back>``."""

    log: EditionLog
    notes: list[tuple[str, str]] = field(default_factory=list)
    categories: dict[tuple[str, str, str], Category] = field(default_factory=dict)
    """Evidence categories by (resp, label, type), in order of first use."""
    evidence_notes: list[tuple[str, str]] = field(default_factory=list)
    """One-off evidence: (xml:id of the element it explains, text)."""
    warnings: list[str] = field(default_factory=list)
    page_ids: set[str] = field(default_factory=set)
    real_words: tuple[tuple[int, int], ...] = ()
    """Raw spans of real-word changes (``normalise.realword``): always a visible choice."""
    long_s: int = 0
    """Edits written as ``ſ`` under the declared rule instead of a choice."""

    @property
    def siglum(self) -> str:
        return self.log.structure.siglum

    def xml_id(self, ident: str) -> str:
        return f"{self.siglum}.{ident}"

    def encode(self) -> etree._Element:
        """The ``<body>`` element."""
        structure = self.log.structure
        self._raw = self.log.source.raw
        self._foreign_bounds = foreign_bounds(self.log)
        self._edits = encoded_edits(self.log)
        self._furniture = sorted(structure.furniture, key=lambda f: f.start)
        self._edit_starts = [e.start for e in self._edits]
        self._furniture_starts = [f.start for f in self._furniture]
        self._gaps = list(self.log.gaps)
        for edit in self._edits:
            cut = next((b for b in self._foreign_bounds if edit.start < b < edit.end), None)
            if cut is not None:
                raise TeiError(
                    f"{self.siglum}: the foreign passage boundary at {cut} (structure.toml) "
                    f"cuts the edit {edit.original!r} at {edit.start}..{edit.end}"
                )
        self._uses: Counter[tuple[str, str]] = Counter(
            (RESP.get(e.source, RESP["auto"]), e.evidence) for e in self._edits
        )
        self._uses.update(("#editor", f.note) for f in self._furniture if f.note)
        self._body_end = structure.body_end
        self._silent_long_s = "ſ" not in self._raw
        self._real_word_spans = sorted(self.real_words)
        body = etree.Element(tei("body"))
        tops = sorted((d for d in structure.divs if not d.parent), key=lambda d: d.start)
        for div in tops:
            self._div(body, div, [])
        self._declare_defaults(body)
        return body

    def _declare_defaults(self, body: etree._Element) -> None:
        """Make the most used category of ``<corr>``, of ``<reg>`` and of ``<surplus>`` the
        default of that element (first in document order on a tie): those elements drop
        their ``@ana``."""
        marked = list(body.iter(tei("corr"), tei("reg"), tei("surplus")))
        counts = Counter((etree.QName(r).localname, r.get("ana", "")) for r in marked)
        best: dict[str, tuple[int, str]] = {}
        for (name, ana), n in counts.items():
            if ana and n > best.get(name, (0, ""))[0]:
                best[name] = (n, ana)
        defaults = {name: ana for name, (_, ana) in best.items()}
        for element in marked:
            if element.get("ana") == defaults.get(etree.QName(element).localname):
                del element.attrib["ana"]
        for key, category in self.categories.items():
            mine = sorted(n for n, ana in defaults.items() if ana == f"#{category.id}")
            if mine:
                self.categories[key] = dataclasses.replace(category, defaults=tuple(mine))

    # divisions -----------------------------------------------------------------

    def _div(self, parent: etree._Element, div: Div, chain: list[str]) -> None:
        n = div.n or label(div.id, div.parent)
        ref = [*chain, n]
        element = etree.SubElement(parent, tei("div"))
        element.set("type", div.type or "section")
        element.set(XML_ID, self.xml_id(div.id))
        element.set("n", n)
        structure = self.log.structure
        children: list[Block | Div] = [b for b in structure.blocks if b.div == div.id]
        children += [d for d in structure.divs if d.parent == div.id]
        children.sort(key=lambda c: (c.start, c.end))
        for container, items in self._sections(div, children):
            target = element
            if container is not None:
                target = etree.SubElement(element, tei("div"))
                target.set("type", "part")
                target.set(XML_ID, self.xml_id(container))
            self._place(target, items, ref)

    def _sections(
        self, div: Div, children: list[Block | Div]
    ) -> list[tuple[str | None, list[Block | Div]]]:
        """Group children so that the TEI content model of ``<div>`` holds.

        A ``<div>`` takes heads first, then paragraphs, then child divisions. Heads
        after paragraphs, and paragraphs after a child division, go into an unnumbered
        ``<div type="part">`` (no ``@n``: it is not a citation level).
        """
        groups: list[tuple[str | None, list[Block | Div]]] = [(None, [])]
        phase = 0  # 0: heads so far, 1: paragraphs seen, 2: a division seen
        inner = 0  # phase inside the current part
        parts = 0
        for child in children:
            kind = "div" if isinstance(child, Div) else child.kind
            in_part = groups[-1][0] is not None
            if kind == "div":
                groups.append((None, [child]))
                phase, inner = 2, 0
                continue
            if kind == "note":
                groups[-1][1].append(child)
                continue
            level = 0 if kind == "head" else 1
            current = inner if in_part else phase
            if (level == 0 and current >= 1) or (not in_part and phase == 2):
                parts += 1
                groups.append((f"{div.id}.part{parts}", [child]))
                inner = level
                continue
            groups[-1][1].append(child)
            if in_part:
                inner = max(inner, level)
            else:
                phase = max(phase, level)
        return [(name, items) for name, items in groups if items]

    def _place(self, target: etree._Element, items: list[Block | Div], ref: list[str]) -> None:
        current_list: etree._Element | None = None
        for child in items:
            if isinstance(child, Div):
                current_list = None
                self._div(target, child, ref)
                continue
            if child.kind == "item":
                if current_list is None:
                    current_list = etree.SubElement(target, tei("list"))
                self._block(current_list, child, ref)
            else:
                current_list = None
                self._block(target, child, ref)

    # blocks --------------------------------------------------------------------

    def _block(self, parent: etree._Element, block: Block, ref: list[str]) -> None:
        tag = {"head": "head", "p": "p", "item": "item", "ab": "ab", "note": "note"}[block.kind]
        element = etree.SubElement(parent, tei(tag))
        element.set(XML_ID, self.xml_id(block.id))
        n = label(block.id, block.div)
        element.set("n", n)
        if block.kind == "note":
            element.set("type", "print")
        if block.type:
            element.set("ana", f"#ptype.{block.type}")
        if block.note:
            self.notes.append((self.xml_id(block.id), block.note))
        self.encode_span(element, block.start, block.end)

    def encode_span(self, element: etree._Element, start: int, end: int) -> None:
        """Encode ``raw[start:end]`` into ``element``: text, furniture, edits and gaps; a
        foreign passage inside becomes ``<foreign xml:lang>`` holding its own span."""
        position = start
        for passage in self.log.foreign:
            if start <= passage.start and passage.end <= end:
                self._encode_plain(element, position, passage.start)
                node = etree.SubElement(element, tei("foreign"))
                node.set(XML_LANG, passage.lang)
                self._encode_plain(node, passage.start, passage.end)
                position = passage.end
        self._encode_plain(element, position, end)

    def _encode_plain(self, element: etree._Element, start: int, end: int) -> None:
        raw = self._raw
        position = start
        for event in self._events(start, end):
            event_start, event_end = bounds(event)
            append_text(element, raw[position:event_start])
            if isinstance(event, Furniture):
                self._furniture_element(element, event)
            elif isinstance(event, Gap):
                self._gap(element, event)
            else:
                self._choice(element, event)
            position = event_end
        append_text(element, raw[position:end])

    def _events(self, start: int, end: int) -> Iterable[Event]:
        """Edits, furniture and gaps inside ``[start, end)``, in raw order.

        An insertion (empty edit) belongs to the block that begins at its offset, or
        to the last block at the end of the text (as in ``Repair.reading_span``); so
        does a gap. A gap that falls inside an edit is placed after it (with a warning).
        """
        inside: list[Event] = []
        last = end >= len(self._raw) and end > start
        for k in range(bisect.bisect_left(self._edit_starts, start), len(self._edits)):
            edit = self._edits[k]
            if edit.start >= end and not (last and edit.start == edit.end == end):
                break
            if edit.end <= end:
                inside.append(edit)
        for k in range(bisect.bisect_left(self._furniture_starts, start), len(self._furniture)):
            item = self._furniture[k]
            if item.start >= end:
                break
            if item.end <= end:
                inside.append(item)
        closing = end == self._body_end
        inside += [g for g in self._gaps if start <= g.at < end or (closing and g.at == end)]
        inside.sort(key=_order)
        position = start
        for event in inside:
            event_start, event_end = bounds(event)
            if event_start < position and isinstance(event, Gap):
                self.warnings.append(
                    f"{self.siglum}: gap at {event.at} falls inside an edit; placed at {position}"
                )
                yield dataclasses.replace(event, at=position)
                continue
            if event_start < position:
                self.warnings.append(f"{self.siglum}: edit at {event_start} overlaps; not encoded")
                continue
            position = event_end
            yield event

    def _furniture_element(self, element: etree._Element, item: Furniture) -> None:
        text = self._raw[item.start : item.end]
        if item.kind in FW_TYPES:
            if item.kind in PAGE_KINDS:
                pb = etree.SubElement(element, tei("pb"))
                n = page_number(item, text)
                pb.set(XML_ID, self._page_xml_id(n, item.ed))
                pb.set("n", n)
                if item.ed:  # a separately paginated print: its own page sequence
                    pb.set("ed", item.ed)
            if not text:  # an unnumbered page: the page break only, its placing explained
                pb.set("resp", "#editor")
                if item.note:
                    pb.set("cert", "low" if "estimated" in item.note else "high")
                    self.evidence_notes.append((pb.get(XML_ID, ""), item.note))
                return
            fw = etree.SubElement(element, tei("fw"))
            fw.set("type", FW_TYPES[item.kind])
            fw.text = text
            return
        edit = self.log.furniture_edits[(item.start, item.end)]
        surplus = etree.SubElement(element, tei("surplus"))
        surplus.set("reason", SURPLUS_REASONS.get(item.kind, item.kind))
        self._provenance(surplus, edit, item.note, f"furniture: {item.kind}")
        surplus.text = text

    def _page_xml_id(self, n: str, ed: str) -> str:
        """The page break's ``xml:id``; a page that begins twice gets a suffix and a warning.

        The project Schematron reports such a page; the file stays well-formed.
        """
        ident = base = self.xml_id(page_id(n, ed))
        k = 1
        while ident in self.page_ids:
            k += 1
            ident = f"{base}-{k}"
        if k > 1:
            self.warnings.append(f"{self.siglum}: page {n!r} begins {k} times; id {ident}")
        self.page_ids.add(ident)
        return ident

    def _gap(self, element: etree._Element, gap: Gap) -> None:
        """``<gap reason unit quantity resp="#editor"><desc>…</desc></gap>``: no raw text."""
        node = etree.SubElement(element, tei("gap"))
        if gap.id:
            node.set(XML_ID, self.xml_id(gap.id))
        node.set("reason", gap.reason)
        node.set("unit", gap.unit)
        node.set("quantity", str(gap.quantity))
        node.set("resp", "#editor")
        if gap.cert:
            node.set("cert", gap.cert)
        etree.SubElement(node, tei("desc")).text = gap.desc

    def _choice(self, element: etree._Element, edit: Edit) -> None:
        if is_surplus(self._raw, edit):
            surplus = etree.SubElement(element, tei("surplus"))
            surplus.set("reason", "noise")
            what = "automatic repair" if edit.source == "auto" else "curated correction"
            self._provenance(surplus, edit, edit.evidence, f"{what}: noise")
            surplus.text = edit.original
            return
        restored = self._long_s(edit)
        if restored:
            append_text(element, restored)
            self.long_s += 1
            return
        damage = (
            edit.kind in DAMAGE
            or (edit.kind == "long-s" and "ſ" not in edit.original)
            or hides_damage(edit)
        )
        choice = etree.SubElement(element, tei("choice"))
        original = etree.SubElement(choice, tei("sic" if damage else "orig"))
        reading = etree.SubElement(choice, tei("corr" if damage else "reg"))
        if edit.kind == "hyphenation":
            self._hyphenated(original, edit)
        else:
            original.text = edit.original or None
        if not damage:  # a <corr>'s kind is its category's; TEI Publisher selects <reg> by type
            reading.set("type", edit.kind)
        what = "automatic repair" if edit.source == "auto" else "curated correction"
        self._provenance(reading, edit, edit.evidence, f"{what}: {edit.kind}", edit.kind)
        reading.text = edit.replacement or None

    def _long_s(self, edit: Edit) -> str:
        """The print's word with ``ſ`` where the OCR read ``f`` and the repair reads ``s``,
        or ``""`` when the edit must stay a ``<choice>``.

        A witness without any ``ſ`` (its OCR read every long s as f) can take this silent
        correction, declared once in the header (:data:`LONG_S_RULE`): the raw text reads
        each ``ſ`` of the body back as ``f``, the reading text reads it as ``s``. Only an
        edit (automatic or curated) of a whole word, of certainty high, that changes
        nothing but f to s, whose evidence is a shared category, and that is no real-word
        change, is written so; every other edit keeps its ``<choice>``, and the edit log
        keeps them all.
        """
        original, reading = edit.original, edit.replacement
        raw = self._raw
        if (
            not self._silent_long_s
            or len(original) != len(reading)
            or {(a, b) for a, b in zip(original, reading, strict=True) if a != b} != {("f", "s")}
            or cert(edit.confidence) != "high"
            or self._evidence(edit, edit.evidence, "")[1]
            or (edit.start > 0 and in_word(raw[edit.start - 1]))
            or (edit.end < len(raw) and in_word(raw[edit.end]))
        ):
            return ""
        # the real-word spans are words, so only the last one that starts before the
        # edit's end can reach into it
        k = bisect.bisect_left(self._real_word_spans, (edit.end,))
        if k and self._real_word_spans[k - 1][1] > edit.start:
            return ""
        return "".join("ſ" if a != b else a for a, b in zip(original, reading, strict=True))

    @staticmethod
    def _hyphenated(original: etree._Element, edit: Edit) -> None:
        """``wel⸗ chem`` -> ``wel⸗<lb break="no"/> chem``: the lost line break after a
        hyphen mark followed by white space, or after a mark the reading drops (a word
        joined across a line end). A mark the reading keeps as a hyphen before a letter
        or a space outside the edit (``Pique⸗As``, ``Piquet⸗`` + `` und``: compounds) is no
        line end: no ``<lb/>``."""
        text = edit.original
        line_end = LINE_END.search(text)
        if line_end is None and not any(ch in HYPHENS for ch in edit.replacement):
            line_end = HYPHEN_MARK.search(text)  # the mark is dropped: a word joined at a line end
        if line_end is None:
            original.text = text or None
            return
        cut = line_end.end()
        original.text = text[:cut]
        lb = etree.SubElement(original, tei("lb"))
        if not any(ch.isspace() for ch in edit.replacement):
            lb.set("break", "no")
        lb.tail = text[cut:] or None

    def _provenance(
        self, element: etree._Element, edit: Edit, text: str, kind: str, change: str = ""
    ) -> None:
        """``@ana`` to the edit's evidence category (of the kind of change ``change``);
        ``@resp``/``@cert`` only where they differ from the category's (``@cert`` high);
        one-off evidence as a note.

        Evidence that only repeats the change (``channel+lexicon: 'a' -> 'b'``) is its
        label's category; evidence shared by several edits is a category of its own;
        any other evidence text goes to ``<back>`` as a note on this element (which gets
        an ``xml:id``) and the edit takes the category ``kind``.
        """
        resp = RESP.get(edit.source, RESP["auto"])
        label, note = self._evidence(edit, text, kind)
        category = self._category(resp, label, change)
        element.set("ana", f"#{category.id}")
        if category.resp != resp:
            element.set("resp", resp)
        if cert(edit.confidence) != "high":
            element.set("cert", cert(edit.confidence))
        if note:
            ident = f"n{len(self.evidence_notes) + 1}"
            element.set(XML_ID, ident)
            self.evidence_notes.append((ident, note))

    def _evidence(self, edit: Edit, text: str, kind: str) -> tuple[str, str]:
        """``(label, note)`` of an edit's evidence ``text``: the category label, and the
        one-off note (``""``: none) that goes to ``<back>``."""
        resp = RESP.get(edit.source, RESP["auto"])
        derived = DERIVED.fullmatch(text)
        if derived and (
            (derived["original"], derived["reading"]) == (edit.original, edit.replacement)
            or self._repeats_token(edit, derived["original"], derived["reading"])
        ):
            return derived["label"], ""
        if text and self._uses[(resp, text)] > 1:
            return text, ""
        return kind, text

    def _repeats_token(self, edit: Edit, original: str, reading: str) -> bool:
        """Is ``original`` the raw text of a token around ``edit`` and ``reading`` the
        token's reading (what the encoded edits inside it make of it)? Then the evidence
        (``channel+lexicon: 'h�chfte' -> 'höchste'`` on the edit ``h�ch``) only repeats the
        raw text and the reading text at that place."""
        size = len(original)
        for start in range(max(0, edit.end - size), edit.start + 1):
            if self._raw[start : start + size] != original:
                continue
            end = start + size
            first = bisect.bisect_left(self._edit_starts, start)
            last = bisect.bisect_left(self._edit_starts, end)
            inside = self._edits[first:last]
            if (first and self._edits[first - 1].end > start) or any(e.end > end for e in inside):
                continue  # an edit crosses the token's edge
            shifted = [
                dataclasses.replace(e, start=e.start - start, end=e.end - start) for e in inside
            ]
            if apply_edits(original, shifted) == reading:
                return True
        return False

    def _category(self, resp: str, label: str, change: str) -> Category:
        """The evidence category (resp, label, kind of change), declared on first use with
        the id ``e1``, ``e2`` … in that order (its label is in ``catDesc``; the id is only
        the target of ``@ana``)."""
        key = (resp, label, change)
        if key not in self.categories:
            self.categories[key] = Category(f"e{len(self.categories) + 1}", label, resp, change)
        return self.categories[key]
