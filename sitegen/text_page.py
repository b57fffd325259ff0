"""The page of one game: headings from ``<head>`` and one HTML block per paragraph or law.

A block carries its permalink, printed page and URN, the three text layers (reading
visible by default, the others hidden by CSS until the reader switches), the rules that
implement it, its claims with their status (quotes highlighted in the text), editorial
notes, emendations, the apparatus, its TEI source and a "Cite this paragraph" box.
"""

from __future__ import annotations

from sitegen import cite
from sitegen.highlight import highlight
from sitegen.inputs import Edition, game_page_path
from sitegen.links import CLAIMS_PAGE, claim_items, emendations_html, rule_link, status_badge
from sitegen.markup import attrs, esc, href, md_escape, page_url
from sitegen.render_tei import LAYERS, Block, Section, TeiDocument

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


def _layer_buttons(label: str, small: bool = False) -> str:
    """A group of layer buttons (hidden until the script reveals it)."""
    cls = "sw-layer-switch sw-layer-switch--small" if small else "sw-layer-switch"
    buttons = "".join(
        f"<button{attrs(type='button', class_='sw-layer-button', data_layer=layer, aria_pressed='true' if layer == 'reading' else 'false', title=LAYER_HELP[layer])}>"
        f"{esc(LAYER_NAMES[layer])}</button>"
        for layer in LAYERS
    )
    return f"<div{attrs(class_=cls, role='group', aria_label=label, hidden=True)}>{buttons}</div>"


def _date(day: str, fmt: str) -> str:
    return f'<span class="sw-date" data-format="{fmt}">{esc(day)}</span>'


def paragraph_citation(
    edition: Edition, doc: TeiDocument, game: Section, block: Block
) -> cite.Citation:
    """The citation data of one block of a game page."""
    page = game_page_path(doc, game)
    return cite.Citation(
        bibl=edition.bibl(doc.siglum),
        paragraph=block.id,
        urn=block.urn,
        page=block.page,
        url=edition.site_url.rstrip("/") + "/" + page_url(page) + "#" + block.id,
        accessed=edition.today,
        version=edition.version,
        chapter=game.label,
    )


def cite_html(c: cite.Citation) -> str:
    """The "Cite this paragraph" box: text, BibTeX, CSL-JSON and RIS (the theme adds copy buttons)."""
    day = c.accessed.isoformat()
    parts_text = f"{c.accessed.year},\n          {c.accessed.month},\n          {c.accessed.day}"
    csl = esc(cite.csl_json(c))
    csl = csl.replace(esc(parts_text), _date(parts_text, "parts"))
    formats = [
        ("Text", esc(cite.plain(c)).replace(day, _date(day, "iso"))),
        ("BibTeX", esc(cite.bibtex(c)).replace(day, _date(day, "iso"))),
        ("CSL-JSON", csl),
        ("RIS", esc(cite.ris(c)).replace(day, _date(day, "iso"))),
    ]
    body = "".join(
        f'<div class="sw-cite__format"><p class="sw-cite__label">{name}'
        "</p>"
        f'<pre class="sw-cite__code"><code>{text}</code></pre></div>'
        for name, text in formats
    )
    return (
        '<details class="sw-cite"><summary>Cite this paragraph</summary>'
        f'<p class="sw-cite__permalink">Permalink: <a href="{esc(c.url)}">{esc(c.url)}</a></p>'
        f"{body}</details>"
    )


def _apparatus(block: Block) -> str:
    """The block's apparatus: every change as ``reading ] original — kind, who, cert``."""
    if not block.changes:
        return ""
    repairs = [c for c in block.changes if c.is_repair]
    regs = [c for c in block.changes if not c.is_repair]
    summary = f"Apparatus: {len(repairs)} repair{'s' * (len(repairs) != 1)}, {len(regs)} normalisation{'s' * (len(regs) != 1)}"
    items = []
    for c in block.changes:
        cls = "sw-app sw-app--doubt" if c.cert == "low" else "sw-app"
        evidence = (
            f' <span class="sw-app__evidence">Evidence: {esc(c.evidence)}</span>'
            if c.evidence
            else ""
        )
        items.append(
            f'<li{attrs(id=c.ref, class_=cls)}><span lang="de">{esc(c.reading) or "(removed)"}</span>'
            f' ] <span lang="de" class="sw-app__orig">{esc(c.original) or "(nothing)"}</span>'
            f" — {esc(c.label)}, {esc(c.resp)}, cert {esc(c.cert)}.{evidence}</li>"
        )
    return (
        f'<details class="sw-apparatus"><summary>{esc(summary)}</summary>'
        f'<ol class="sw-apparatus__list">{"".join(items)}</ol></details>'
    )


def block_html(edition: Edition, doc: TeiDocument, game: Section, block: Block, level: int) -> str:
    """The HTML of one paragraph or law (one line per part, no blank lines)."""
    page = game_page_path(doc, game)
    citation = paragraph_citation(edition, doc, game, block)
    h = min(max(level, 2), 6)
    meta = []
    if block.page:
        meta.append(f'<span class="sw-page">p. {esc(block.page)}</span>')
    if block.urn:
        meta.append(f'<span class="sw-urn">{esc(block.urn)}</span>')
    if block.type:
        meta.append(f'<span class="sw-ptype sw-ptype--{esc(block.type)}">{esc(block.type)}</span>')
    claims = edition.claims_for(block.id)
    texts = dict(block.layers)
    texts["reading"] = highlight(
        texts["reading"],
        [(c.quote, f"sw-quote sw-quote--{c.status}", f"claim {c.id}: {c.status}") for c in claims],
    )
    layers = "".join(
        f'<p class="sw-layer sw-layer--{layer}"'
        + (" data-search-exclude" if layer == "raw" else "")
        + f">{texts[layer] or '<span class=sw-empty-text>(empty)</span>'}</p>"
        for layer in LAYERS
    )
    aside = []
    rules = edition.rules_for(block.id)
    if rules:
        links = ", ".join(rule_link(edition, r.name, page) for r in rules)
        aside.append(f'<p class="sw-rules">Implemented by {links}</p>')
    if claims:
        aside.append(status_badge(claims, href(page, CLAIMS_PAGE, claims[0].id)))
        aside.append(claim_items(edition, claims, page))
    for note in block.notes:
        aside.append(f'<p class="sw-note"><strong>Editor’s note:</strong> {note}</p>')
    aside.append(emendations_html(edition, block, page))
    aside.append(_apparatus(block))
    if block.xml:
        aside.append(
            '<details class="sw-tei"><summary>TEI XML</summary>'
            f'<pre class="sw-tei__code"><code>{esc(block.xml)}</code></pre></details>'
        )
    aside.append(cite_html(citation))
    kind = "law" if block.kind == "item" else block.kind
    return (
        f"<article{attrs(class_=f'sw-block sw-block--{kind}', data_id=block.id)}>\n"
        f'<h{h} class="sw-label" id="{esc(block.id)}"><a class="sw-anchor" href="#{esc(block.id)}" '
        f'title="Permalink to this paragraph">¶ {esc(block.id)}</a></h{h}>\n'
        f'<div class="sw-meta" data-search-exclude>{" · ".join(meta)}{_layer_buttons("Text layer of " + block.id, small=True)}</div>\n'
        f'<div class="sw-text" lang="de">{layers}</div>\n'
        f'<div class="sw-aside" data-search-exclude>{"".join(aside)}</div>\n'
        f'<p class="sw-print-cite" data-search-exclude>{esc(cite.plain(citation))}</p>\n'
        "</article>"
    )


def _head_md(block: Block, level: int) -> str:
    """A ``<head>`` as a Markdown heading plus its anchor line and other layers."""
    h = min(max(level, 1), 6)
    title = md_escape(block.text("reading")) or block.id
    other = "".join(
        f'<p class="sw-layer sw-layer--{layer}" lang="de">{block.layers[layer]}</p>'
        for layer in ("diplomatic", "raw")
    )
    meta = f'<a class="sw-anchor" href="#{esc(block.id)}">¶ {esc(block.id)}</a>'
    if block.page:
        meta += f' · <span class="sw-page">p. {esc(block.page)}</span>'
    return (
        f"{'#' * h} {title} {{#{block.id} lang=de}}\n\n"
        f"<div{attrs(class_='sw-block sw-block--head', data_id=block.id)} data-search-exclude>"
        f'<div class="sw-meta">{meta}</div><div class="sw-text sw-head-layers">{other}</div></div>\n'
    )


def _section_md(
    edition: Edition, doc: TeiDocument, game: Section, section: Section, level: int
) -> list[str]:
    """Headings and blocks of a section and its sub-sections, in document order."""
    out: list[str] = []
    first_head = True
    for member in section.members:
        if isinstance(member, Section):
            out.extend(_section_md(edition, doc, game, member, level + 1))
        elif member.kind == "head":
            out.append(_head_md(member, level if first_head else level + 1))
            first_head = False
        else:
            out.append(block_html(edition, doc, game, member, level + 1) + "\n")
    return out


LEGEND = (
    '<div class="sw-legend" data-search-exclude>'
    "<p><strong>How to read this page.</strong> Each paragraph and law has a permanent id "
    "(¶, a link to itself), its printed page and a URN. The text shown is the "
    "<em>reading text</em>. "
    '<span class="sw-mark sw-corr sw-automatic" tabindex="0" data-tip="Example: OCR Spiet → Spiel · automatic · cert high">Dotted underline</span>: '
    "repaired automatically; "
    '<span class="sw-mark sw-corr sw-editor" tabindex="0" data-tip="Example: corrected by the editor">solid underline</span>: '
    "corrected by the editor; "
    '<span class="sw-mark sw-corr sw-automatic sw-doubt" tabindex="0" data-tip="Example: a doubtful reading (cert low)">shaded</span>: '
    "doubtful (cert low). Hover over or focus a mark (Tab) to see what the OCR had. "
    "Every change is listed in the paragraph's apparatus.</p></div>"
)


NOSCRIPT = (
    '<noscript><p class="sw-noscript">Without JavaScript you see the reading text; every '
    "change against the OCR is listed in each paragraph's apparatus. The layer switch, copy "
    "buttons and today's date in citations need JavaScript.</p></noscript>"
)


def game_page(edition: Edition, doc: TeiDocument, game: Section) -> str:
    """Markdown of one game's page."""
    bibl = edition.bibl(doc.siglum)
    source = ", ".join(x for x in (bibl.get("author", ""), bibl.get("date", "")) if x) or doc.siglum
    blocks = game.blocks()
    n_claims = [c for b in blocks for c in edition.claims_for(b.id)]
    front = [
        "---",
        f"title: {_yaml_str(game.title + ' — ' + source)}",
        f"description: {_yaml_str(f'{game.title}: text of {source}, with repairs, rules and citations')}",
        "citation:",
        f"  title: {_yaml_str(str(bibl.get('title', doc.title)))}",
        f"  author: {_yaml_str(str(bibl.get('author', '')))}",
        f"  date: {_yaml_str(str(bibl.get('date', '')))}",
        f"  publisher: {_yaml_str(str(bibl.get('publisher', '')))}",
        "---",
        "",
    ]
    heads = game.heads
    body: list[str] = []
    if not heads:
        body.append(f"# {md_escape(game.title)} {{#{game.id}}}\n")
    intro = (
        f'<div class="sw-pageinfo" data-search-exclude><p>From <a href="{esc(href(game_page_path(doc, game), "index.md", "source-" + doc.siglum))}">'
        f"{esc(source)}</a> · {len(blocks)} encoded blocks · "
        f"{len(n_claims)} claims ({sum(c.passed for c in n_claims)} passed) · "
        f'<a href="{esc(href(game_page_path(doc, game), "downloads.md"))}">TEI download</a></p>'
        f"{_layer_buttons('Text layer of the whole page')}{NOSCRIPT}{LEGEND}</div>\n"
    )
    members = list(game.members)
    if heads and members and members[0] is heads[0]:
        body.append(_head_md(heads[0], 1))
        body.append(intro)
        rest = Section(game.id, game.type, game.n, game.urn, members[1:])
        body.extend(_section_md(edition, doc, game, rest, 2))
    else:
        body.append(intro)
        body.extend(_section_md(edition, doc, game, game, 1))
    body.append(_doubts_md(blocks))
    return "\n".join(front) + "\n".join(body)


def _doubts_md(blocks: list[Block]) -> str:
    """A closing list of the page's doubtful readings (``cert="low"``), linked to their paragraphs."""
    rows = [
        f'<li><a href="#{esc(b.id)}">{esc(b.id)}</a>: <span lang="de">{esc(c.reading) or "(removed)"}</span>'
        f' for <span lang="de" class="sw-app__orig">{esc(c.original) or "(nothing)"}</span>'
        f" ({esc(c.label)}, {esc(c.resp)})</li>"
        for b in blocks
        for c in b.changes
        if c.cert == "low"
    ]
    if not rows:
        return ""
    return (
        "## Doubtful readings {#doubtful-readings}\n\n"
        'Readings the edition marks as uncertain (`cert="low"`), shaded in the text.\n\n'
        f'<ul class="sw-doubts" data-search-exclude>{"".join(rows)}</ul>\n'
    )


def _yaml_str(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
