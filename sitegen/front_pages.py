"""The home page (sources, encoded texts, how to cite) and the editorial principles."""

from __future__ import annotations

from sitegen import cite
from sitegen.inputs import Edition, game_page_path
from sitegen.render_tei import LAYERS
from sitegen.templating import fragments, page
from sitegen.text_page import LAYER_HELP, LAYER_NAMES, paragraph_citation

__all__ = ["home_page", "principles_page"]


def _source(edition: Edition, siglum: str) -> dict[str, object]:
    """Bibliographic description of one source from its ``meta.toml``."""
    meta = edition.sources.get(siglum, {})
    bibl = meta.get("bibl", {})
    doc = next((d for d in edition.documents if d.siglum == siglum), None)

    def joined(*values: object) -> str:
        return ", ".join(str(v) for v in values if v)

    rows = [
        ("As printed", bibl.get("title_as_printed", "")),
        ("Edition", bibl.get("edition", "")),
        ("Imprint", joined(bibl.get("place"), bibl.get("publisher"), bibl.get("date"))),
        (
            "Copy",
            joined(
                meta.get("provenance", {}).get("holder"),
                meta.get("provenance", {}).get("shelfmark"),
            ),
        ),
        (
            "Digitisation",
            joined(
                meta.get("digitisation", {}).get("ocr"),
                meta.get("digitisation", {}).get("script"),
            ),
        ),
        ("Licence", meta.get("licence", {}).get("status", "")),
        ("Note", bibl.get("note", "")),
    ]
    games = [{"title": g.title, "path": game_page_path(doc, g)} for g in doc.games] if doc else []
    return {
        "siglum": siglum,
        "author": str(bibl.get("author", "")),
        "title": str(bibl.get("title") or siglum),
        "rows": [(k, str(v)) for k, v in rows if v],
        "games": games,
        "blocks": len(doc.blocks) if doc else 0,
        "described": bool(bibl),
    }


def home_page(edition: Edition) -> str:
    """Markdown of the home page."""
    games = edition.games()
    example = next((b for _d, g in games for b in g.blocks() if b.kind != "head"), None)
    cited = None
    if example:
        doc, game = next((d, g) for d, g in games if example in g.blocks())
        citation = paragraph_citation(edition, doc, game, example)
        cited = fragments("fragments.html").example_cite(cite.plain(citation))
    return page(
        "home.md",
        games=[
            {
                "label": game.label,
                "path": game_page_path(doc, game),
                "siglum": doc.siglum,
                "blocks": len(game.blocks()),
            }
            for doc, game in games
        ],
        passed=sum(c.passed for c in edition.claims),
        claims=len(edition.claims),
        sources=[_source(edition, siglum) for siglum in edition.sources],
        example=cited,
        compared=[
            {"label": title, "path": path}
            for path, title in sorted(edition.extra_pages.items())
            if path.startswith("compare/")
        ],
        deals=[
            {"label": title, "path": path}
            for path, title in sorted(edition.extra_pages.items())
            if path.startswith("games/")
        ],
        coverage=bool(edition.coverage),
        version=edition.version,
        site_url=edition.site_url,
    )


def principles_page() -> str:
    """Markdown of the editorial principles page."""
    return page(
        "principles.md",
        layers=[(LAYER_NAMES[layer], LAYER_HELP[layer]) for layer in LAYERS],
    )
