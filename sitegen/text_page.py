"""The page of one game: headings from ``<head>`` and one HTML block per paragraph or law.

A block carries its permalink, printed page and URN, the three text layers (reading
visible by default, the others hidden by CSS until the reader switches), the rules that
implement it, its claims with their status (quotes highlighted in the text), editorial
notes, emendations, the apparatus, its TEI source and a "Cite this paragraph" box.
"""

from __future__ import annotations

from typing import Any

from sitegen import cite
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
from sitegen.markup import href, page_url
from sitegen.render_tei import LAYERS, Block, Section, TeiDocument
from sitegen.templating import Markup, fragments, page

__all__ = [
    "LAYER_HELP",
    "LAYER_NAMES",
    "block_html",
    "cite_html",
    "game_page",
    "paragraph_citation",
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
    edition: Edition, doc: TeiDocument, game: Section, block: Block
) -> cite.Citation:
    """The citation data of one block of a game page."""
    path = game_page_path(doc, game)
    return cite.Citation(
        bibl=edition.bibl(doc.siglum),
        paragraph=block.id,
        urn=block.urn,
        page=block.page,
        url=edition.site_url.rstrip("/") + "/" + page_url(path) + "#" + block.id,
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


def cite_html(c: cite.Citation) -> Markup:
    """The "Cite this paragraph" box: text, BibTeX, CSL-JSON and RIS (the theme adds copy buttons)."""
    day = c.accessed.isoformat()
    parts = f"{c.accessed.year},\n          {c.accessed.month},\n          {c.accessed.day}"
    formats = [
        ("Text", _dated(cite.plain(c), day), "iso"),
        ("BibTeX", _dated(cite.bibtex(c), day), "iso"),
        ("CSL-JSON", _dated(cite.csl_json(c), parts), "parts"),
        ("RIS", _dated(cite.ris(c), day), "iso"),
    ]
    return _html().cite(c.url, formats)


def _apparatus(block: Block) -> Markup:
    """The block's apparatus: every change as ``reading ] original — kind, who, cert``."""
    repairs = [c for c in block.changes if c.is_repair]
    regs = [c for c in block.changes if not c.is_repair]
    summary = (
        f"Apparatus: {len(repairs)} repair{'s' * (len(repairs) != 1)}, "
        f"{len(regs)} normalisation{'s' * (len(regs) != 1)}"
    )
    return _html().apparatus(summary, block.changes)


def block_html(
    edition: Edition, doc: TeiDocument, game: Section, block: Block, level: int
) -> Markup:
    """The HTML of one paragraph or law (one line per part, no blank lines)."""
    path = game_page_path(doc, game)
    citation = paragraph_citation(edition, doc, game, block)
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
    if claims:
        aside.append(status_badge(claims, href(path, CLAIMS_PAGE, claims[0].id)))
        aside.append(claim_items(edition, claims, path))
    for note in block.notes:
        aside.append(html.note(note))
    for gap in block.gaps:
        aside.append(html.gap_note(gap))
    aside.append(emendations_html(edition, block, path))
    aside.append(_apparatus(block))
    if block.xml:
        aside.append(html.tei_source(block.xml))
    aside.append(cite_html(citation))
    return html.block(
        block,
        "law" if block.kind == "item" else block.kind,
        min(max(level, 2), 6),
        _layer_buttons("Text layer of " + block.id, small=True),
        [(layer, texts[layer]) for layer in LAYERS],
        Markup("").join(aside),
        cite.plain(citation),
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
            out.extend(_section(edition, doc, game, member, below))
        elif member.kind == "head":
            out.append(_head(member, below))
            shown = True
        else:
            out.append({"kind": "block", "html": block_html(edition, doc, game, member, below)})
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
    "change against the OCR is listed in each paragraph's apparatus. The layer switch, copy "
    "buttons and today's date in citations need JavaScript.</p></noscript>"
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


def game_page(edition: Edition, doc: TeiDocument, game: Section) -> str:
    """Markdown of one game's page."""
    bibl = edition.bibl(doc.siglum)
    source = ", ".join(str(x) for x in (bibl.get("author", ""), bibl.get("date", "")) if x)
    source = source or doc.siglum
    blocks = game.blocks()
    claims = [c for b in blocks for c in edition.claims_for(b.id)]
    path = game_page_path(doc, game)
    intro = _html().pageinfo(
        href(path, "index.md", "source-" + doc.siglum),
        source,
        len(blocks),
        len(claims),
        sum(c.passed for c in claims),
        href(path, "downloads.md"),
        _layer_buttons("Text layer of the whole page"),
        NOSCRIPT,
        LEGEND,
        _model_links(edition, path),
        FRAGMENT_NOTE if game.type == "game-fragment" else None,
    )
    members = list(game.members)
    heads = game.heads
    if heads and members and members[0] is heads[0]:
        rest = Section(game.id, game.type, game.n, game.urn, members[1:])
        parts = [_head(heads[0], 1), {"kind": "intro", "html": intro}]
        parts += _section(edition, doc, game, rest, 1, headed=True)
    else:
        parts = [] if heads else [{"kind": "title", "title": game.title, "id": game.id}]
        parts.append({"kind": "intro", "html": intro})
        parts += _section(edition, doc, game, game, 1, headed=not heads)
    rows = [(b, c) for b in blocks for c in b.changes if c.cert == "low"]
    return page(
        "game.md",
        title=f"{game.title} — {source}",
        description=f"{game.title}: text of {source}, with repairs, rules and citations",
        citation={
            "title": str(bibl.get("title", doc.title)),
            "author": str(bibl.get("author", "")),
            "date": str(bibl.get("date", "")),
            "publisher": str(bibl.get("publisher", "")),
        },
        parts=parts,
        doubts=_html().doubts(rows) if rows else None,
    )
