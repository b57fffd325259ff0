"""The home page (sources, encoded texts, how to cite) and the editorial principles."""

from __future__ import annotations

from sitegen import cite
from sitegen.inputs import Edition, game_page_path
from sitegen.links import CLAIMS_PAGE
from sitegen.markup import esc, md_escape
from sitegen.render_tei import LAYERS
from sitegen.text_page import LAYER_HELP, LAYER_NAMES, paragraph_citation

__all__ = ["home_page", "principles_page"]


def _source_md(edition: Edition, siglum: str) -> list[str]:
    """Bibliographic description of one source from its ``meta.toml``."""
    meta = edition.sources.get(siglum, {})
    bibl = meta.get("bibl", {})
    doc = next((d for d in edition.documents if d.siglum == siglum), None)
    title = bibl.get("title") or siglum
    out = [
        f"### {md_escape(str(bibl.get('author', '')) + ': ' if bibl.get('author') else '')}*{md_escape(str(title))}* {{#source-{siglum}}}",
        "",
    ]
    rows = [
        ("Siglum", f"`{siglum}`"),
        ("As printed", bibl.get("title_as_printed", "")),
        ("Edition", bibl.get("edition", "")),
        (
            "Imprint",
            ", ".join(
                x
                for x in (bibl.get("place", ""), bibl.get("publisher", ""), bibl.get("date", ""))
                if x
            ),
        ),
        (
            "Copy",
            ", ".join(
                x
                for x in (
                    meta.get("provenance", {}).get("holder", ""),
                    meta.get("provenance", {}).get("shelfmark", ""),
                )
                if x
            ),
        ),
        (
            "Digitisation",
            ", ".join(
                x
                for x in (
                    meta.get("digitisation", {}).get("ocr", ""),
                    meta.get("digitisation", {}).get("script", ""),
                )
                if x
            ),
        ),
        ("Licence", meta.get("licence", {}).get("status", "")),
        ("Note", bibl.get("note", "")),
    ]
    out += ["| | |", "| --- | --- |"]
    out += [f"| {k} | {md_escape(str(v)) if k != 'Siglum' else v} |" for k, v in rows if v]
    if doc and doc.games:
        links = ", ".join(f"[{md_escape(g.title)}]({game_page_path(doc, g)})" for g in doc.games)
        out.append(f"| Encoded | {links} ({len(doc.blocks)} blocks) |")
    else:
        out.append("| Encoded | not yet |")
    if not bibl:
        out.append("| Metadata | not yet described |")
    out.append("")
    return out


def home_page(edition: Edition) -> str:
    """Markdown of the home page."""
    example = next((b for _d, g in edition.games() for b in g.blocks() if b.kind != "head"), None)
    out = [
        "# Stichwort",
        "",
        "An annotated edition of historical German card-game rule books. Stichwort repairs "
        "the damaged OCR of the sources, encodes them in TEI P5, formalises every rule as an "
        "executable Python function linked to the paragraph that states it, and checks each "
        "claim the code makes against a verbatim quote of the text. This site is built from "
        "those files; every paragraph has a permanent address.",
        "",
        "## Encoded texts",
        "",
    ]
    games = edition.games()
    if games:
        for doc, game in games:
            blocks = game.blocks()
            out.append(
                f"- [{md_escape(game.label)}]({game_page_path(doc, game)}) — `{doc.siglum}`, "
                f"{len(blocks)} paragraphs, heads and laws"
            )
    else:
        out.append("Nothing is encoded yet.")
    passed = sum(c.passed for c in edition.claims)
    out += [
        "",
        f"[Rules as code](rules/index.md) · [Claims]({CLAIMS_PAGE}) ({passed} of {len(edition.claims)} passed) · "
        "[Glossary](glossary.md) · [Downloads](downloads.md) · [Editorial principles](principles.md)",
        "",
        "## The sources",
        "",
    ]
    for siglum in edition.sources:
        out += _source_md(edition, siglum)
    out += [
        "## How to cite",
        "",
        "Cite the printed source with its page, and the edition's paragraph by its id or URN "
        "and permalink. Ids (`engelmann1798.piquet.p3`, `engelmann1798.piquet.gesetze.5`) never "
        "change meaning once published. Each paragraph has a *Cite this paragraph* box with "
        "text, BibTeX, CSL-JSON and RIS.",
        "",
    ]
    if example:
        doc, game = next((d, g) for d, g in games if example in g.blocks())
        c = paragraph_citation(edition, doc, game, example)
        out += [
            "Example:",
            "",
            f'<blockquote class="sw-example-cite">{esc(cite.plain(c))}</blockquote>',
            "",
        ]
    out += [
        f"The edition itself: *Stichwort: an annotated edition of historical German card-game rules*, "
        f"version {edition.version}, {edition.site_url}",
        "",
        "## Editorial principles in brief",
        "",
        "The **reading text** keeps the print's spelling and grammar (*seyn*, *giebt*, *Parthie*) "
        "and changes only what OCR and encoding damaged: long s becomes s, line-end hyphens are "
        "joined, misread letters and digits are corrected, page numbers and signature marks are "
        "left out. Every change is recorded in the TEI and shown here: marked in the text, listed "
        "in each paragraph's apparatus, with who made it (automatic repair or editor) and how "
        "certain it is. The **diplomatic** layer keeps ſ and ⸗; the **raw** layer is the OCR as "
        "received. See [Editorial principles](principles.md).",
        "",
    ]
    return "\n".join(out)


def principles_page() -> str:
    """Markdown of the editorial principles page."""
    return "\n".join(
        [
            "# Editorial principles",
            "",
            "The conventions follow the project's TRANSCRIPTION.md; in short:",
            "",
            "## Three layers of every paragraph",
            "",
            *(f"- **{LAYER_NAMES[layer]}**: {LAYER_HELP[layer]}." for layer in LAYERS),
            "",
            "With JavaScript the layer switch at the top of a text page changes every paragraph "
            "(the choice is remembered); the small switch of a paragraph changes only that one. "
            "Without JavaScript the reading text is shown and the apparatus lists every change.",
            "",
            "## What the reading text changes",
            "",
            "1. Long s (`ſ`) is written `s`.",
            "2. Words broken at a line end (`wel⸗ chem`) are joined (`welchem`); hyphens that belong "
            "to the wording stay (`Piquet- Tresett- und Bostonspiel`).",
            "3. Encoding damage (`�`, `uͤ`) is restored to the character the print had.",
            "4. OCR misreadings are corrected to what the print says (`Spiet` → `Spiel`, `z0` → `30`, "
            "`Da me` → `Dame`).",
            "5. Page numbers, running heads, signature marks, catchwords, stamps and scanner text are "
            "not text of the work: they are kept in the TEI as `<pb/>`, `<fw>` or marked noise, shown "
            "in the diplomatic and raw layers, and left out of the reading text.",
            "6. Abbreviation signs are resolved (`ꝛc.` → `etc.`).",
            "",
            "## What it does not change",
            "",
            "Historical spelling and grammar (`seyn`, `Theil`, `giebt`, `daß`, `Parthie`, `Aß`), "
            "errors of the print itself (marked, corrected only where the edition says so), "
            "footnotes and foreign words.",
            "",
            "## Marks in the text",
            "",
            '- dotted underline: an automatic repair (`resp="#stichwort-repair"`);',
            '- solid underline: a correction by the editor (`resp="#editor"`);',
            '- shading: a doubtful reading (`cert="low"`).',
            "",
            "Hover over or focus (Tab) a mark to see the original and the certainty; screen readers "
            "announce the apparatus entry. Normalisations of long s and line-end hyphens are not "
            "marked in the reading text; switch to the diplomatic layer to see them.",
            "",
            "## Search",
            "",
            "The search box finds words in the reading and the diplomatic layers, so both `seyn` and "
            "`ſeyn` find the same paragraph. It does not map historical to modern spelling: search "
            "`seyn` or `Parthie`, not `sein` or `Partie`. The raw OCR is not indexed.",
            "",
            "## Rules and claims",
            "",
            "Rule functions cite the paragraphs they implement; where the code follows a reading the "
            "text does not plainly give, it records an emendation with its evidence and certainty. "
            "Low-certainty emendations are highlighted on the text page and the rules page.",
            "",
        ]
    )
