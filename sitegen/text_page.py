"""The page of one game: headings from ``<head>`` and one HTML block per paragraph or law.

A block carries its permalink, printed page and URN, the three text layers (reading
visible by default, the others hidden by CSS until the reader switches), the rules that
implement it, its claims with their status (quotes highlighted in the text), editorial
notes, emendations, the apparatus, its TEI source and a "Cite this paragraph" box.

The built pages are light: the page holds the reading text, the rules, the claims'
status, the notes and the apparatus; the diplomatic and raw layers, the claims with
their quotes, the evidence of the apparatus entries, the TEI source and the citation
formats go into the page's data file (``<page>.data.js``), which the page's script
loads when a reader asks for one of them. A long chapter (more than
:data:`SPLIT_BLOCKS` blocks, in sections) gets one page per section and a contents page.
"""

from __future__ import annotations

import json
import posixpath
from typing import Any

from sitegen import cite
from sitegen.dts import segments
from sitegen.highlight import highlight
from sitegen.inputs import Coverage, Edition, game_page_path, rules_page_path
from sitegen.links import (
    CLAIMS_PAGE,
    MODEL_SUFFIX,
    claim_items,
    compare_page_path,
    emendations_html,
    example_page_path,
    model_anchor,
    rule_link,
    status_badge,
)
from sitegen.markup import href, link, page_url
from sitegen.render_tei import LAYERS, Block, Section, TeiDocument
from sitegen.templating import Markup, fragments, page

__all__ = [
    "LAYER_HELP",
    "LAYER_NAMES",
    "PAGE_DATA_PREFIX",
    "block_html",
    "chapter_citation",
    "chapter_sections",
    "cite_html",
    "contents_page",
    "dts_links",
    "game_page",
    "page_data",
    "page_data_path",
    "paragraph_citation",
    "place_sections",
    "read_page_data",
    "section_page_path",
    "section_title",
]

LAYER_NAMES = {"reading": "Reading text", "diplomatic": "Diplomatic", "raw": "Raw OCR"}


LAYER_HELP = {
    "reading": "the print's wording and spelling, OCR damage repaired, long s as s",
    "diplomatic": "repairs applied, but long s (ſ), line-end hyphens (⸗) and page furniture kept",
    "raw": "the OCR exactly as received, damage included",
}


def _html() -> Any:
    """The macros of ``templates/fragments.html``."""
    return fragments("fragments.html")


def _layer_buttons(label: str, small: bool = False) -> Markup:
    """A group of layer buttons (hidden until the script reveals it)."""
    return _html().layer_buttons(label, LAYERS, LAYER_NAMES, LAYER_HELP, small)


def paragraph_citation(
    edition: Edition, doc: TeiDocument, game: Section, block: Block, path: str = ""
) -> cite.Citation:
    """The citation data of one block of a game page (``path``: the page that shows it,
    when not the game's page: a section of a long chapter)."""
    path = path or game_page_path(doc, game)
    return cite.Citation(
        bibl=edition.bibl(doc.siglum),
        paragraph=block.id,
        urn=block.urn,
        page=block.page,
        url=edition.permalink(path, block.id),
        accessed=edition.today,
        version=edition.version,
        chapter=game.label,
    )


def chapter_citation(edition: Edition, doc: TeiDocument, game: Section) -> cite.Citation:
    """The citation data of a game's chapter: the printed pages of its paragraphs from
    first to last (headings only when it has no paragraphs: a web transcription may set
    the lemma before the page marker, as Pierer's does)."""
    path = game_page_path(doc, game)
    blocks = [b for b in game.blocks() if b.kind != "head"] or game.blocks()
    pages = [p for b in blocks for p in b.pages if p]
    span = "" if not pages else pages[0] if pages[0] == pages[-1] else f"{pages[0]}–{pages[-1]}"
    return cite.Citation(
        bibl=edition.bibl(doc.siglum),
        paragraph=game.id,
        urn=game.urn,
        page=span,
        url=edition.permalink(path),
        accessed=edition.today,
        version=edition.version,
        chapter=game.label,
    )


def _dated(text: str, date: str) -> list[tuple[str, bool]]:
    """``text`` in pieces, each occurrence of ``date`` a piece of its own (marked True)."""
    pieces: list[tuple[str, bool]] = []
    for k, piece in enumerate(text.split(date)):
        if k:
            pieces.append((date, True))
        pieces.append((piece, False))
    return pieces


def dts_links(
    edition: Edition, page: str, siglum: str, urn: str, chapter: bool = False
) -> list[tuple[str, str]]:
    """Links to the DTS API (``dts/``) for the unit with this URN: its TEI document and its
    navigation (a ``chapter``'s with its members, ``down=1``); absolute with a base URL,
    else relative to ``page``; none without a URN."""
    if ":" not in urn:
        return []
    ref = urn.rsplit(":", 1)[1]
    what = "chapter" if chapter else "paragraph"
    down = 1 if chapter else None
    targets = [
        (f"TEI of this {what} (DTS)", f"dts/document/{siglum}{segments(ref=ref)}.xml"),
        (
            f"DTS navigation of this {what}",
            f"dts/navigation/{siglum}{segments(ref=ref, down=down)}.json",
        ),
    ]
    return [(label, link(edition.site_url, page, target)) for label, target in targets]


def cite_html(
    c: cite.Citation,
    permalink: tuple[str, str],
    dts: list[tuple[str, str]],
    inner: bool = False,
) -> Markup:
    """The "Cite this paragraph" box: the permalink (link and text: ``c.url``, or relative
    without a base URL), text, BibTeX, CSL-JSON and RIS (the theme adds copy buttons),
    links to the DTS API, and a COinS span for reference managers; with ``inner``, only
    the box's content (the page's data file holds it, the COinS span stays in the page)."""
    day = c.accessed.isoformat()
    parts = f"{c.accessed.year},\n          {c.accessed.month},\n          {c.accessed.day}"
    formats = [
        ("Text", _dated(cite.plain(c), day), "iso"),
        ("BibTeX", _dated(cite.bibtex(c), day), "iso"),
        ("CSL-JSON", _dated(cite.csl_json(c), parts), "parts"),
        ("RIS", _dated(cite.ris(c), day), "iso"),
    ]
    html = _html()
    if inner:
        return html.permalink(*permalink) + html.cite_formats(formats, dts)
    return html.cite(permalink[0], permalink[1], formats, dts, cite.coins(c))


def _apparatus(block: Block, evidence: bool = True) -> Markup:
    """The block's apparatus: every change as ``reading ] original — kind, who, cert``
    (and its evidence, unless the page's script adds it when the apparatus is opened)."""
    repairs = [c for c in block.changes if c.is_repair]
    regs = [c for c in block.changes if not c.is_repair]
    summary = (
        f"Apparatus: {len(repairs)} repair{'s' * (len(repairs) != 1)}, "
        f"{len(regs)} normalisation{'s' * (len(regs) != 1)}"
    )
    return _html().apparatus(summary, block.changes, evidence)


def block_html(
    edition: Edition,
    doc: TeiDocument,
    game: Section,
    block: Block,
    level: int,
    lazy: dict[str, dict[str, Any]] | None = None,
    path: str = "",
) -> Markup:
    """The HTML of one paragraph or law (one line per part, no blank lines), for the
    page ``path`` (default: the game's page).

    With ``lazy`` (the page's data, see :func:`page_data`), the diplomatic and raw
    layers, the claims with their quotes, the apparatus' evidence, the TEI source and
    the citation formats go there instead of into the page: the page shows the reading
    text, and its script fetches the rest on demand.
    """
    path = path or game_page_path(doc, game)
    citation = paragraph_citation(edition, doc, game, block, path)
    html = _html()
    claims = edition.claims_for(block.id)
    texts = dict(block.layers)
    texts["reading"] = highlight(
        texts["reading"],
        [(c.quote, f"sw-quote sw-quote--{c.status}", f"claim {c.id}: {c.status}") for c in claims],
    )
    aside: list[Markup] = []
    cover = edition.coverage.get(block.id)
    names = [r.name for r in edition.rules_for(block.id)]
    names += [n for n in (cover.rules if cover else ()) if n not in names]
    if names:
        aside.append(html.rules_line(Markup(", ").join(rule_link(edition, n, path) for n in names)))
    if cover is not None:
        aside.append(_formalisation(edition, cover, path))
    entry: dict[str, Any] = {}
    if claims:
        aside.append(status_badge(claims, href(path, CLAIMS_PAGE, claims[0].id)))
        if lazy is None:
            aside.append(claim_items(edition, claims, path))
        else:
            aside.append(html.lazy_box("sw-claims-box", "The claims and their quotes"))
            entry["claims-box"] = str(claim_items(edition, claims, path))
    for note in block.notes:
        aside.append(html.note(note))
    for gap in block.gaps:
        aside.append(html.gap_note(gap))
    aside.append(emendations_html(edition, block, path))
    aside.append(_apparatus(block, evidence=lazy is None))
    permalink = (
        (citation.url, citation.url)
        if citation.url
        else (href(path, path, block.id), f"{page_url(path)}#{block.id}")
    )
    dts = dts_links(edition, path, doc.siglum, block.urn)
    layers = [(layer, texts[layer]) for layer in LAYERS]
    if lazy is None:
        if block.xml:
            aside.append(html.tei_source(block.xml))
        aside.append(cite_html(citation, permalink, dts))
        buttons = _layer_buttons("Text layer of " + block.id, small=True)
    else:
        entry.update((layer, str(text or html.empty_text())) for layer, text in layers[1:])
        entry["apparatus"] = {
            c.ref: str(html.evidence(c.evidence)) for c in block.changes if c.evidence
        }
        if block.xml:
            aside.append(html.lazy_box("sw-tei", "TEI XML"))
            entry["tei"] = str(html.tei_code(block.xml))
        aside.append(html.lazy_box("sw-cite", "Cite this paragraph"))
        aside.append(html.coins_span(cite.coins(citation)))
        entry["cite"] = str(cite_html(citation, permalink, dts, inner=True))
        lazy[block.id] = entry
        layers, buttons = layers[:1], Markup("")
    return html.block(
        block,
        "law" if block.kind == "item" else block.kind,
        min(max(level, 2), 6),
        buttons,
        layers,
        Markup("").join(aside),
        cite.plain(citation) if lazy is None else "",
    )


def _formalisation(edition: Edition, cover: Coverage, path: str) -> Markup:
    """The game model's actions and scoring items citing a paragraph, or why it is not
    formalised."""
    html = _html()
    out: list[Markup] = []
    if cover.actions or cover.scores:
        game = next(
            (n.removesuffix(MODEL_SUFFIX) for n in cover.rules if n.endswith(MODEL_SUFFIX)), ""
        )
        model = (
            href(path, rules_page_path(game), model_anchor(game))
            if game in edition.models
            else None
        )
        example = (
            href(path, example_page_path(game))
            if model and example_page_path(game) in edition.extra_pages
            else None
        )
        out.append(html.formal(cover.actions, cover.scores, model, example))
    if cover.unformalised:
        out.append(html.unformalised(cover.unformalised))
    elif not cover.rules:
        out.append(html.unformalised("no rule cites this paragraph yet, and no reason is recorded"))
    return Markup("").join(out)


def _head(block: Block, level: int) -> dict[str, object]:
    """A ``<head>``: its level, title, id and the HTML of its other layers."""
    layers = [(layer, block.layers[layer]) for layer in ("diplomatic", "raw")]
    return {
        "kind": "head",
        "level": level,
        "title": block.text("reading") or block.id,
        "id": block.id,
        "html": _html().head_block(block, layers),
    }


def _section(
    edition: Edition,
    doc: TeiDocument,
    game: Section,
    section: Section,
    level: int,
    lazy: dict[str, dict[str, Any]] | None = None,
    path: str = "",
    headed: bool = False,
) -> list[dict[str, object]]:
    """Headings and blocks of a section and its sub-sections, in document order: the
    section's first head at ``level`` (unless ``headed``: it is shown already), later
    heads, blocks and sub-sections one level below it; without a head, they stay at
    ``level`` (no heading level is skipped)."""
    out: list[dict[str, object]] = []
    shown = headed
    for member in section.members:
        below = level + 1 if shown else level
        if isinstance(member, Section):
            out.extend(_section(edition, doc, game, member, below, lazy, path))
        elif member.kind == "head":
            out.append(_head(member, below))
            shown = True
        else:
            html = block_html(edition, doc, game, member, below, lazy, path)
            out.append({"kind": "block", "html": html})
    return out


LEGEND = Markup(
    '<div class="sw-legend" data-search-exclude>'
    "<p><strong>How to read this page.</strong> Each paragraph and law is headed by its "
    "number (§, a link to itself), then its printed page and a URN. The text shown is the "
    "<em>reading text</em>. "
    '<span class="sw-mark sw-corr sw-automatic" tabindex="0" data-tip="Example: OCR Spiet → Spiel · automatic · cert high">Dotted underline</span>: '
    "repaired automatically; "
    '<span class="sw-mark sw-corr sw-editor" tabindex="-1" data-tip="Example: corrected by the editor">solid underline</span>: '
    "corrected by the editor; "
    '<span class="sw-mark sw-corr sw-automatic sw-doubt" tabindex="-1" data-tip="Example: a doubtful reading (cert low)">shaded</span>: '
    "doubtful (cert low). Hover over a mark, or reach it with Tab and the arrow keys, to "
    "see what the OCR had. "
    "Every change is listed in the paragraph's apparatus.</p></div>"
)


NOSCRIPT = Markup(
    '<noscript><p class="sw-noscript">Without JavaScript you see the reading text; every '
    "change against the OCR is listed in each paragraph's apparatus, with the rules and the "
    "status of the claims. The diplomatic and raw layers, the quotes of the claims, the TEI "
    "source and the citations are loaded by JavaScript when asked for.</p></noscript>"
)


FRAGMENT_NOTE = (
    "A fragment, not a game of this edition: the last lines of a game whose beginning "
    "is not in this witness. Its paragraphs are shown so that every encoded paragraph "
    "has a place; the coverage says why they are not formalised."
)


def _model_links(edition: Edition, path: str) -> list[tuple[str, str]]:
    """Links from a text page to the pages of the game models that play its chapter."""
    links: list[tuple[str, str]] = []
    for name in sorted(edition.models):
        if edition.text_page_of(name) != path:
            continue
        title = edition.models[name].title
        links.append((f"Rules of {title}", href(path, rules_page_path(name))))
        if example_page_path(name) in edition.extra_pages:
            links.append((f"An example deal of {title}", href(path, example_page_path(name))))
        if compare_page_path(name) in edition.extra_pages:
            links.append((f"{title}: the variants compared", href(path, compare_page_path(name))))
    return links


def page_data_path(path: str) -> str:
    """The data file of a text page (``a/b.md`` -> ``a/b.data.js``)."""
    return path.removesuffix(".md") + ".data.js"


PAGE_DATA_PREFIX = "window.swPageData("
"""How a page's data file begins; it ends with ``);`` (see :func:`page_data`)."""
_PAGE_DATA_SUFFIX = ");"


def page_data(lazy: dict[str, dict[str, Any]]) -> str:
    """The data file of a text page: a script that hands the page's lazily shown parts
    (per block, as HTML: ``diplomatic``, ``raw``, ``tei``, ``cite``, ``claims-box``, and
    ``apparatus``: the evidence of each apparatus entry by its id) to the page's script.

    A script rather than JSON, so that it loads from the file system too."""
    body = json.dumps(lazy, ensure_ascii=False, separators=(",", ":"))
    return PAGE_DATA_PREFIX + body + _PAGE_DATA_SUFFIX + "\n"


def read_page_data(text: str) -> Any:
    """The data of a page's data file (inverse of :func:`page_data`)."""
    body = text.strip().removeprefix(PAGE_DATA_PREFIX).removesuffix(_PAGE_DATA_SUFFIX)
    return json.loads(body)


SPLIT_BLOCKS = 60
"""A chapter with more blocks than this (and sections) is shown one section per page."""


def chapter_sections(game: Section) -> list[Section]:
    """The sections a long chapter is split into, one page each (empty: one page)."""
    sections = [m for m in game.members if isinstance(m, Section)]
    if len(game.blocks()) <= SPLIT_BLOCKS or len(sections) < 2:
        return []
    if any(isinstance(m, Block) and m.kind != "head" for m in game.members):
        return []  # blocks between the sections would have no page
    return sections


def section_page_path(doc: TeiDocument, game: Section, section: Section) -> str:
    """Markdown path of a section of a long chapter: ``<siglum>/<game>/<section>.md``
    (the last part of the section's id)."""
    return (
        game_page_path(doc, game).removesuffix(".md") + "/" + section.id.rsplit(".", 1)[-1] + ".md"
    )


def place_sections(edition: Edition) -> None:
    """Point ``edition.pages`` and ``edition.sections`` at the section pages of the long
    chapters, so that links to their paragraphs go straight to them (the chapter's
    contents page still resolves the old addresses)."""
    for doc, game in edition.games():
        for section in chapter_sections(game):
            where = section_page_path(doc, game, section)
            edition.sections[section.id] = where
            for block in section.blocks():
                edition.pages[block.id] = where


def section_title(section: Section) -> str:
    """A section's title: its head, else the last part of its id, capitalised."""
    return section.label if section.heads else section.id.rsplit(".", 1)[-1].capitalize()


def _source(edition: Edition, doc: TeiDocument) -> str:
    """The source named by its author and date (else its siglum)."""
    bibl = edition.bibl(doc.siglum)
    source = ", ".join(str(x) for x in (bibl.get("author", ""), bibl.get("date", "")) if x)
    return source or doc.siglum


def _intro(
    doc: TeiDocument,
    path: str,
    source: str,
    blocks: list[Block],
    claims: list[Any],
    links: list[tuple[str, str]],
    text: tuple[object, str, object, object] = ("", "", "", ""),
    note: str | None = None,
) -> Markup:
    """The box that opens a chapter's page: the source, the counts of paragraphs and
    claims, the downloads and ``links``; ``text``: a text page's layer buttons, data
    file, note for readers without JavaScript and legend."""
    return _html().pageinfo(
        href(path, "index.md", "source-" + doc.siglum),
        source,
        len(blocks),
        len(claims),
        sum(c.passed for c in claims),
        href(path, "downloads.md"),
        *text,
        links,
        note,
    )


def contents_page(edition: Edition, doc: TeiDocument, game: Section) -> str:
    """Markdown of the contents page of a long chapter: its sections, each with its
    paragraphs. Each paragraph's entry carries the paragraph's id, so that an address
    ``chapter.html#id`` still finds it: the page's script follows the entry to the
    section's page."""
    source = _source(edition, doc)
    path = game_page_path(doc, game)
    sections = []
    for section in chapter_sections(game):
        target = section_page_path(doc, game, section)
        blocks = section.blocks()
        pages = [b.page for b in blocks if b.page]
        span = ""
        if pages:
            first, last = cite.page_range(pages[0])[0], cite.page_range(pages[-1])[1]
            span = f"p. {first}" if first == last else f"pp. {first}–{last}"
        heads = section.heads
        paragraphs = [
            (b.id, href(path, target, b.id), b.n or b.id.rsplit(".", 1)[-1])
            for b in blocks
            if not heads or b is not heads[0]
        ]
        title_id = heads[0].id if heads else ""  # the section's title stands for its head
        sections.append(
            (
                section.id,
                section_title(section),
                href(path, target, title_id),
                title_id,
                span,
                paragraphs,
            )
        )
    heads = game.heads
    parts: list[dict[str, object]] = (
        [_head(heads[0], 1)] if heads else [{"kind": "title", "title": game.title, "id": game.id}]
    )
    chapter_blocks = game.blocks()
    intro = _intro(
        doc,
        path,
        source,
        chapter_blocks,
        [c for b in chapter_blocks for c in edition.claims_for(b.id)],
        _model_links(edition, path) + dts_links(edition, path, doc.siglum, game.urn, True),
    )
    parts.append({"kind": "intro", "html": intro})
    parts.append({"kind": "intro", "html": _html().contents(sections)})
    return page(
        "game.md",
        title=f"{game.title} — {source}",
        description=f"{game.title}: contents of the chapter in {source}",
        citation_meta=cite.page_meta(chapter_citation(edition, doc, game)),
        parts=parts,
        doubts=None,
        light=True,
    )


def game_page(
    edition: Edition,
    doc: TeiDocument,
    game: Section,
    lazy: dict[str, dict[str, Any]] | None = None,
    section: Section | None = None,
) -> str:
    """Markdown of one game's page, or of one ``section`` of a long chapter
    (:func:`chapter_sections`), with links to the chapter's contents and the sections
    before and after it.

    With ``lazy`` (an empty dict), the parts of the blocks that the page's script fetches
    on demand are put there (write them with :func:`page_data` to :func:`page_data_path`).
    """
    source = _source(edition, doc)
    shown = section or game
    blocks = shown.blocks()
    claims = [c for b in blocks for c in edition.claims_for(b.id)]
    path = section_page_path(doc, game, section) if section else game_page_path(doc, game)
    if section is None:
        links = _model_links(edition, path) + dts_links(edition, path, doc.siglum, game.urn, True)
    else:
        chapter = game_page_path(doc, game)
        links = [(f"{game.label}: contents", href(path, chapter))]
        siblings = chapter_sections(game)
        k = next(i for i, s in enumerate(siblings) if s is section)
        if k > 0:
            before = siblings[k - 1]
            links.append(
                (
                    f"Previous: {section_title(before)}",
                    href(path, section_page_path(doc, game, before)),
                )
            )
        if k + 1 < len(siblings):
            after = siblings[k + 1]
            links.append(
                (f"Next: {section_title(after)}", href(path, section_page_path(doc, game, after)))
            )
    intro = _intro(
        doc,
        path,
        source,
        blocks,
        claims,
        links,
        (
            _layer_buttons("Text layer of the whole page"),
            posixpath.basename(page_data_path(path)) if lazy is not None else "",
            NOSCRIPT,
            LEGEND,
        ),
        FRAGMENT_NOTE if game.type == "game-fragment" else None,
    )
    members = list(shown.members)
    heads = shown.heads
    title = section_title(section) if section else game.title
    if heads and members and members[0] is heads[0]:
        rest = Section(shown.id, shown.type, shown.n, shown.urn, members[1:])
        parts = [_head(heads[0], 1), {"kind": "intro", "html": intro}]
        parts += _section(edition, doc, game, rest, 1, lazy, path, headed=True)
    else:
        parts = [] if heads else [{"kind": "title", "title": title, "id": shown.id}]
        parts.append({"kind": "intro", "html": intro})
        parts += _section(edition, doc, game, shown, 1, lazy, path, headed=not heads)
    rows = [(b, c) for b in blocks for c in b.changes if c.cert == "low"]
    full = f"{title} ({game.label})" if section else title
    return page(
        "game.md",
        title=f"{full} — {source}",
        description=f"{full}: text of {source}, with repairs, rules and citations",
        citation_meta=cite.page_meta(chapter_citation(edition, doc, game)),
        parts=parts,
        doubts=_html().doubts(rows) if rows else None,
        light=lazy is not None,
    )
