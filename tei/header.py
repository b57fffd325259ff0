"""The ``<teiHeader>`` of a source: bibliography, editorial declarations, citation trees."""

from __future__ import annotations

import datetime as dt
import os
import re
from collections.abc import Mapping
from importlib import metadata
from typing import Any

from lxml import etree

from corpus import Structure
from corpus.sources import PARAGRAPH_TYPES
from normalise.profile import Confusion
from tei.body import LONG_S_RULE, XML_ID, Category, tei

PTYPE_DESCRIPTIONS = {
    "rule": "states a rule of the game",
    "example": "a worked example",
    "strategy": "advice on good play",
    "history": "history or origin of the game",
    "commentary": "modern commentary, part of the witness but not of the work",
    "front": "front matter (title page, preface, imprint)",
    "title": "a title",
    "other": "anything else",
}
NOTE_TYPES = {
    "note": "general",
    "date_note": "date",
    "title_as_printed": "title-as-printed",
    "publisher_as_printed": "publisher-as-printed",
}
BIBL_NOTES = ("section", "date_note", "note", "title_as_printed", "publisher_as_printed")
DIGITISATION_NOTES = (
    "how",
    "scans",
    "encoding_damage",
    "damage",
    "status",
)
STATUS = frozenset({"free", "unknown", "restricted"})
EDITION_LICENCE = "https://creativecommons.org/licenses/by/4.0/"
EDITION_LICENCE_TEXT = (
    "The edition's own work (TEI markup, structure, curated corrections, editorial notes "
    "and gaps, this header): Creative Commons Attribution 4.0 International (CC BY 4.0)."
)
RESPONSIBILITIES = (
    "structure of the text (divisions, blocks, page furniture) and citation identifiers",
    "curated corrections with their evidence, and review of the automatic repair",
    "editorial notes and gaps",
    "bibliographic description, digitisation provenance and rights statements",
)
VERSION = re.compile(r"[\d]+(\.[\d]+){0,3}")
WHITESPACE = (
    '<text> is declared xml:space="preserve" and <back> resets it to "default": every '
    "white-space character of <body> is a character of the witness, and the raw text "
    "above depends on it. Tools must not indent or re-flow the body; white space in the "
    "header and in <back> is indentation only."
)
PART_MATCH = "div[@type='part']/"
PARAGRAPHS = ("head", "p", "ab", "list/item", "note[@type='print']")

CORRECTION = (
    "Damage by OCR and encoding is corrected in <choice><sic>…</sic><corr>…</corr></choice>; "
    'regularisation is <choice><orig>…</orig><reg type="…">…</reg></choice>. Provenance is '
    "declared once, as defaults with exceptions. @ana points to the evidence category of "
    "the taxonomy #evidence below; a <corr>, <reg> or <surplus> without @ana has the "
    "category whose @n lists default:corr (default:reg, default:surplus): the category "
    "most used for that element. The categories are grouped; a group's @n gives the kind "
    "of change of the edits of its categories (type:ocr, type:long-s, type:encoding, "
    "type:hyphenation …) and its @resp who decides: a <corr> carries no "
    "@type, its kind of damage is its category's (ocr, encoding, long-s read as f, noise, "
    "editorial; hyphenation or whitespace where a line-end or white-space edit also repairs "
    "letters). A <corr>, <reg> or <surplus> without @resp has the @resp of its evidence "
    "category's group (#stichwort-repair: the automatic repair engine; #editor: curated "
    "corrections), one without @cert has cert high (confidence >= 0.9; medium >= 0.7, "
    "else low). The repair engine's evidence 'channel+lexicon' stands for \"channel+lexicon: "
    "'token' -> 'reading'\", where the token is the raw text around the edit and the reading "
    "is the reading text of that token; build/review/<siglum>.txt lists it in full. "
    'Evidence that applies to one edit only is a <note> in <div type="evidence"> of '
    "<back> whose @target is the @xml:id (n1, n2 …) of the <corr>, <reg> or <surplus>; the editor's note on each "
    "curated correction is also kept with it in corpus/<siglum>/corrections.toml. A reading "
    "the editor confirmed against an automatic change is no correction and is not marked "
    "(corrections.toml records the confirmation). Noise the editor marked as such "
    "(bleed-through, stray marks), library stamps and scanner text inside the body are "
    '<surplus reason="noise|stamp|scan">: raw characters of the witness, not text of the '
    "work and not forme work; each reads as one space where both its raw neighbours are "
    "non-space, else as nothing; so is other noise whose removal only takes characters "
    'out (<surplus reason="noise">). Noise of which a part stays (". ." -> ".") is '
    "<sic>…</sic><corr>…</corr> with a category of type:noise."
)
LONG_S = (
    "The OCR of this witness read the print's long s (ſ) as f, and the witness holds no ſ. "
    "Where the automatic repair or a curated correction turned such an f into s with "
    "certainty high, as its only change of the word, for a reason shared by other edits "
    "(an evidence category), and the word is no real-word change, the body gives the "
    "print's letter ſ without <choice> ({count:,} words): every ſ of the body outside "
    "<corr>/<reg> stands for an f of the witness (@n witness-character:ſ=f). The raw text "
    "reads each such ſ as f, the reading text as s (normalization). Each of these edits "
    "stays in the edition's edit log (corpus/<siglum>/corrections.toml for curated "
    "corrections; stichwort review changes lists the automatic ones); every other long-s "
    "repair is a <choice>."
)
LEARNED = (
    "The automatic repair learned from this witness's own words how its OCR misread "
    "letters, beyond the prior Fraktur confusion table it starts from (EM over the words "
    "no lexicon knows and the frequent forms near them, normalise.learn). Each is the OCR "
    "output for the printed letters, with the log10 probability the repair gave it: {found}."
)


def learned_confusions(learned: tuple[Confusion, ...]) -> str:
    """The header's sentence on the confusions learned from the witness, the likeliest
    first."""
    found = "; ".join(
        f"'{observed}' for '{intended}' ({cost:.2f})"
        for observed, intended, cost in sorted(learned, key=lambda c: (-c[2], c[0], c[1]))
    )
    return LEARNED.format(found=found)


GAPS = (
    "Where the witness lacks something the printed work had (a figure that the "
    "transcription did not take over), <gap> marks the place: @reason (lost, omitted, "
    "illegible, damage, …), @unit and @quantity say what and how much is missing, "
    "<desc> describes it, @resp names the editor; @cert medium or low marks a probable gap. "
    "A gap holds no character of the witness and adds nothing to any text layer."
)
NORMALISATION = (
    "Declared once and not encoded per occurrence: long s (ſ) is read as s; superscript-e "
    "umlauts (aͤ oͤ uͤ) are read as ä ö ü; every run of white space is read as one space. "
    "The text keeps ſ and the superscript e. Other regularisations (abbreviations such as "
    "ꝛc. -> etc., ligatures, white space that joins or splits words) are encoded as "
    "<choice><orig>…</orig><reg>…</reg></choice>."
)
HYPHENATION = (
    "Line breaks of the print are lost in the OCR; a line-end hyphen survives as ⸗ or ¬ "
    "followed by a space. Where it joins a word, it is encoded as "
    '<choice><orig>wel⸗<lb break="no"/> </orig><reg type="hyphenation"/></choice> '
    "(the <lb/> marks the lost line break after the hyphen mark); hyphens of the wording "
    "(truncated and real compounds: 'Piquet⸗ und', 'Pique⸗As') stay and get no <lb/>. "
    "A line-end hyphen whose edit also repairs letters is OCR damage: <sic>/<corr "
    'type="hyphenation">.'
)
SEGMENTATION = (
    "One <div> per game, section or set of laws (@type game, section, laws, front, "
    'commentary, …; <div type="part"> without @n only where the TEI content model needs '
    "a wrapper). Heads, paragraphs (<p>), numbered laws (<item> in <list>) and other blocks "
    '(<ab>, printed footnotes as <note type="print">) carry @xml:id ({siglum}.{id}) and @n. '
    'Page numbers of the print are <pb n="N"/> followed by <fw type="pageNum">; page '
    'markers of a web transcription are <pb n="N"/><fw type="pageMarker">; signatures, '
    'catchwords and running heads are <fw type="sig|catch|header">. '
    "The body holds every character of the seed file between the body's first and last "
    "offset exactly once, outside <corr>/<reg>, in order: the raw text is recoverable."
)
INTERPRETATION = (
    "Each block's type (rule, example, strategy, history, commentary, front, title, other) "
    "is given by @ana pointing to a category of the taxonomy #ptype."
)
URNS = (
    "Every division and block with @n has a CTS URN, declared here and not repeated on "
    "each element: the URN of the idno above (urn:cts:stichwort:{siglum}.{work}.stw1), a "
    "colon and {ref}, where {ref} joins with dots the @n of the enclosing divisions and of "
    "the element (the citation tree of the default refsDecl). A block's "
    "@n is its id relative to its division (piquet.p12 -> p12, a law piquet.gesetze.15 -> "
    "15, other dots as _); a division's @n is its number or name. The URN names the same "
    "passage as the element; @xml:id ({siglum}.{id}) is the local, stable id."
)
READING = (
    "Reading text: the <corr>/<reg> of each <choice>, without <fw>; a removed piece of "
    "furniture reads as one space where both raw neighbours are non-space, else as "
    "nothing; then the normalisations above."
)


def build_version() -> str:
    """The toolkit's version, as recorded in ``revisionDesc``."""
    try:
        return metadata.version("stichwort")
    except metadata.PackageNotFoundError:
        return "unknown"


def build_date(meta: Mapping[str, Any]) -> str:
    """The publication date: ``SOURCE_DATE_EPOCH`` (UTC) if set, else ``[edition] date`` of
    ``meta.toml``; "" if neither is given. Never the build clock, so that two builds of the
    same input are byte-identical."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return dt.datetime.fromtimestamp(int(epoch), dt.UTC).date().isoformat()
    edition = meta.get("edition", {})
    value = edition.get("date") if isinstance(edition, Mapping) else None
    if isinstance(value, dt.date):
        return value.isoformat()[:10]
    if isinstance(value, str) and value:
        try:
            return dt.date.fromisoformat(value).isoformat()
        except ValueError:
            raise ValueError(f"meta.toml [edition] date {value!r} is not YYYY-MM-DD") from None
    return ""


def _el(parent: etree._Element, tag: str, text: str | None = None, **attrs: str) -> etree._Element:
    element = etree.SubElement(parent, tei(tag))
    for key, value in attrs.items():
        element.set(XML_ID if key == "xml_id" else key, value)
    if text:
        element.text = text
    return element


def _paragraphs(parent: etree._Element, tag: str, *texts: str, **attrs: str) -> None:
    element = _el(parent, tag, **attrs)
    for text in texts:
        _el(element, "p", text)


def _str(mapping: Mapping[str, Any], key: str) -> str:
    value = mapping.get(key, "")
    return str(value) if isinstance(value, str | int | float) else ""


def _bibl(parent: etree._Element, meta: Mapping[str, Any]) -> None:
    """The printed work: ``biblStruct`` with imprint, the cited part, extent and notes."""
    bibl = meta.get("bibl", {})
    established = bibl.get("established", True) is not False
    struct = _el(parent, "biblStruct", type="print")
    if _str(bibl, "entry"):
        analytic = _el(struct, "analytic")
        _el(analytic, "title", _str(bibl, "entry"), level="a")
    monogr = _el(struct, "monogr")
    if _str(bibl, "author"):
        _el(monogr, "author", _str(bibl, "author"))
    _el(monogr, "title", _str(bibl, "title") or "[title not established]", level="m")
    if _str(bibl, "title_short"):
        _el(monogr, "title", _str(bibl, "title_short"), type="short")
    if _str(bibl, "edition"):
        _el(monogr, "edition", _str(bibl, "edition"))
    imprint = _el(monogr, "imprint")
    _el(imprint, "pubPlace", _str(bibl, "place") or "[place not established]")
    _el(imprint, "publisher", _str(bibl, "publisher") or "[publisher not established]")
    date = _str(bibl, "date")
    if date.isdigit():
        _el(imprint, "date", date, when=date)
    elif date:
        _el(imprint, "date", date, cert="low")
    else:
        _el(imprint, "date", "[date not established]")
    for key, unit in (("volume", "volume"), ("part", "part"), ("pages", "page")):
        if _str(bibl, key):
            _el(monogr, "biblScope", _str(bibl, key), unit=unit)
    if _str(bibl, "extent"):
        _el(monogr, "extent", _str(bibl, "extent"))
    if not established:
        _el(
            struct,
            "note",
            "Author, title and year of publication of this work are not established; "
            "the date given is an estimate.",
            type="not-established",
        )
    for key in BIBL_NOTES:
        if _str(bibl, key):
            _el(struct, "note", _str(bibl, key), type=NOTE_TYPES.get(key, key))
    provenance = meta.get("provenance", {})
    held = ", ".join(_str(provenance, k) for k in ("holder", "shelfmark") if _str(provenance, k))
    if held:
        _el(struct, "note", f"Copy digitised: {held}.", type="copy")


def _digitisation(parent: etree._Element, meta: Mapping[str, Any]) -> None:
    """The seed file as received: who digitised it how, where from, and its checksum."""
    digitisation = meta.get("digitisation", {})
    file = meta.get("file", {})
    bibl = _el(parent, "bibl", type="digitisation")
    _el(bibl, "title", f"Seed file {_str(meta, 'original_file') or 'raw.txt'}", type="file")
    provider = _el(bibl, "respStmt")
    _el(
        provider,
        "resp",
        f"provided the digitised text; method: {_str(digitisation, 'method') or 'not recorded'}",
    )
    _el(provider, "orgName", _str(digitisation, "provider") or "not recorded")
    engine = _el(bibl, "respStmt")
    _el(engine, "resp", "OCR engine")
    _el(engine, "name", _str(digitisation, "ocr") or "not recorded", type="software")
    if _str(file, "sha256"):
        _el(bibl, "idno", _str(file, "sha256"), type="sha256")
    url = _str(digitisation, "url") or _str(meta.get("source", {}), "url")
    if url:
        _el(bibl, "ptr", target=url, type="source")
    else:
        _el(
            bibl,
            "note",
            "No web address of the digitised source was recorded with the seed file.",
            type="url",
        )
    for key in DIGITISATION_NOTES:
        if _str(digitisation, key):
            _el(bibl, "note", _str(digitisation, key), type=key.replace("_", "-"))


def _availability(publication: etree._Element, meta: Mapping[str, Any]) -> None:
    """``availability`` with the source's rights statement and the edition's own licence."""
    licence = meta.get("licence", {})
    status = _str(licence, "availability")
    availability = _el(
        publication, "availability", status=status if status in STATUS else "unknown"
    )
    parts = [_str(licence, k).strip().rstrip(".") for k in ("status", "statement")]
    statement = ". ".join(part for part in parts if part) or "rights status not recorded"
    source = f"The source text: {statement}."
    if _str(licence, "target"):
        _el(availability, "licence", source, target=_str(licence, "target"))
    else:
        _el(availability, "p", source)
    _el(availability, "licence", EDITION_LICENCE_TEXT, target=EDITION_LICENCE)


def _cite_structure(parent: etree._Element, depth: int, outer: bool) -> None:
    """Nested ``citeStructure``: sections (divisions with ``@n``) and their paragraphs."""
    match = "/TEI/text/body/div" if outer else "div[@n]"
    attrs = {"unit": "section", "match": match, "use": "@n"}
    if not outer:
        attrs["delim"] = "."
    section = _el(parent, "citeStructure", **attrs)
    paragraphs = "|".join([*PARAGRAPHS, *(PART_MATCH + p for p in PARAGRAPHS)])
    _el(section, "citeStructure", unit="paragraph", match=paragraphs, use="@n", delim=".")
    if depth > 1:
        _cite_structure(section, depth - 1, outer=False)


def _depth(structure: Structure) -> int:
    parents = {d.id: d.parent for d in structure.divs}

    def level(ident: str) -> int:
        return 1 + (level(parents[ident]) if parents[ident] else 0)

    return max((level(d.id) for d in structure.divs), default=1)


def _evidence_taxonomy(parent: etree._Element, categories: tuple[Category, ...]) -> None:
    """The evidence categories, grouped by who decides and what kind of change their edits
    are: a group is a ``<category>`` with the ``@resp`` and ``@n`` (``type:ocr``) that the
    categories inside it and their edits inherit; a category's own ``@n`` names the
    elements it is the default of (``default:corr``)."""
    taxonomy = _el(parent, "taxonomy", xml_id="evidence")
    _el(
        taxonomy,
        "desc",
        "Kinds of evidence for corrections, regularisations and surplus (@ana), grouped by "
        "who decides (@resp) and the kind of change (@n type:…); an edit inherits @resp, "
        "cert high and (a corr) its type from its category's group.",
    )
    groups: dict[tuple[str, str], etree._Element] = {}
    for category in categories:
        key = (category.resp, category.type)
        if key not in groups:
            who = "automatic repair" if category.resp == "#stichwort-repair" else "editor"
            ident = f"{'auto' if who != 'editor' else 'editor'}.{category.type or 'surplus'}"
            group = _el(taxonomy, "category", xml_id=ident, resp=category.resp)
            if category.type:
                group.set("n", f"type:{category.type}")
            _el(group, "catDesc", f"{who}: {category.type or 'surplus'}")
            groups[key] = group
        element = _el(groups[key], "category", xml_id=category.id)
        if category.defaults:
            element.set("n", " ".join(f"default:{name}" for name in category.defaults))
        _el(element, "catDesc", category.label)


def build_header(
    structure: Structure,
    meta: Mapping[str, Any],
    urn_base: str,
    categories: tuple[Category, ...] = (),
    long_s: int = 0,
    learned: tuple[Confusion, ...] = (),
) -> etree._Element:
    """The ``<teiHeader>`` of one source (``categories``: the evidence taxonomy;
    ``long_s``: edits written as ``ſ`` under the declared silent correction;
    ``learned``: the confusions the automatic repair learned from the witness)."""
    bibl = meta.get("bibl", {})
    header = etree.Element(tei("teiHeader"))
    file_desc = _el(header, "fileDesc")
    title_stmt = _el(file_desc, "titleStmt")
    title = _str(bibl, "title") or "[title not established]"
    if _str(bibl, "entry"):
        title = f"{_str(bibl, 'entry')}. In: {_str(bibl, 'title_short') or title}"
    _el(title_stmt, "title", title, type="main")
    _el(title_stmt, "title", "electronic edition", type="sub")
    if _str(bibl, "author"):
        _el(title_stmt, "author", _str(bibl, "author"))
    editor = _el(title_stmt, "editor", xml_id="editor")
    _el(editor, "orgName", "Stichwort editors")
    for resp in RESPONSIBILITIES:
        stmt = _el(title_stmt, "respStmt")
        _el(stmt, "resp", resp)
        _el(stmt, "orgName", "Stichwort editors")
    repair = _el(title_stmt, "respStmt", xml_id="stichwort-repair")
    _el(repair, "resp", "automatic OCR repair (edits applied only above the confidence threshold)")
    _el(repair, "name", "Stichwort repair engine (normalise.repair)", type="software")
    encoding = _el(title_stmt, "respStmt")
    _el(encoding, "resp", "TEI encoding, validation and publication of the electronic edition")
    _el(encoding, "orgName", "Stichwort project")
    edition_stmt = _el(file_desc, "editionStmt")
    _el(edition_stmt, "edition", f"Stichwort edition, build {build_version()}")
    date = build_date(meta)
    extent = _el(file_desc, "extent")
    chars = _str(meta.get("file", {}), "chars")
    _el(
        extent,
        "measure",
        f"{int(chars):,} characters of the seed file" if chars.isdigit() else "not recorded",
        unit="char",
        **({"quantity": chars} if chars.isdigit() else {}),
    )
    publication = _el(file_desc, "publicationStmt")
    _el(publication, "publisher", "Stichwort project")
    _el(publication, "idno", urn_base, type="URN")
    _availability(publication, meta)
    if date:
        _el(publication, "date", date, when=date)
    source_desc = _el(file_desc, "sourceDesc")
    _bibl(source_desc, meta)
    _digitisation(source_desc, meta)

    encoding_desc = _el(header, "encodingDesc")
    _paragraphs(
        encoding_desc,
        "projectDesc",
        "Stichwort repairs damaged OCR of historical German card-game rule books, encodes "
        "them in TEI P5, formalises their rules as code and publishes an edition.",
    )
    editorial = _el(encoding_desc, "editorialDecl")
    _paragraphs(editorial, "correction", CORRECTION, GAPS)
    if long_s:
        _paragraphs(
            editorial, "correction", LONG_S.format(count=long_s), method="silent", n=LONG_S_RULE
        )
    if learned:
        _paragraphs(editorial, "correction", learned_confusions(learned), n="learned-confusions")
    _paragraphs(editorial, "normalization", NORMALISATION)
    _paragraphs(editorial, "hyphenation", HYPHENATION, eol="all")
    _paragraphs(editorial, "segmentation", SEGMENTATION, WHITESPACE)
    _paragraphs(editorial, "interpretation", INTERPRETATION, READING)
    _paragraphs(editorial, "stdVals", URNS)
    cite = _el(encoding_desc, "refsDecl", default="true")
    _cite_structure(cite, _depth(structure), outer=True)
    pages = _el(encoding_desc, "refsDecl", n="page")
    _el(pages, "citeStructure", unit="page", match="/TEI/text/body//pb[not(@ed)]", use="@n")
    class_decl = _el(encoding_desc, "classDecl")
    taxonomy = _el(class_decl, "taxonomy", xml_id="ptype")
    for name in PARAGRAPH_TYPES:
        category = _el(taxonomy, "category", xml_id=f"ptype.{name}")
        _el(category, "catDesc", PTYPE_DESCRIPTIONS.get(name, name))
    if categories:
        _evidence_taxonomy(class_decl, categories)
    version = build_version()
    if VERSION.fullmatch(version):
        application = _el(
            _el(encoding_desc, "appInfo"), "application", ident="stichwort", version=version
        )
        _el(application, "label", "Stichwort")
        _el(
            application,
            "desc",
            "built this file from the seed file, its structure and curated corrections and the "
            "automatic OCR repair (stichwort build)",
        )

    profile = _el(header, "profileDesc")
    languages = _el(profile, "langUsage")
    language = _str(bibl, "language") or "de"
    _el(languages, "language", "German" if language == "de" else language, ident=language)
    revisions = _el(header, "revisionDesc")
    change = _el(revisions, "change", f"Built by stichwort {version}.")
    if date:
        change.set("when", date)
    return header
