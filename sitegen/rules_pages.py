"""The rules pages (generated from the rule registry) and the claims page."""

from __future__ import annotations

import posixpath
from typing import Any

from sitegen.inputs import Edition, Rule, relative_path, rules_page_path
from sitegen.links import (
    CLAIMS_PAGE,
    claim_items,
    compare_page_path,
    emendation_anchor,
    example_page_path,
    model_anchor,
    paragraph_link,
    rule_link,
    status_badge,
    text_fragment,
)
from sitegen.markup import href
from sitegen.templating import Markup, fragments, page

__all__ = ["RULES_INDEX", "claims_page", "rules_index_page", "rules_page"]

RULES_INDEX = "rules/index.md"


def _html() -> Any:
    """The macros of ``templates/fragments.html``."""
    return fragments("fragments.html")


def rules_index_page(edition: Edition) -> str:
    """Markdown of the rules overview: games with their number of rules."""
    games = sorted({r.game for r in edition.rules})
    counts = [(g, g.capitalize(), sum(r.game == g for r in edition.rules)) for g in games]
    # a Markdown link, relative to rules/index.md, as mkdocs resolves it
    claims = posixpath.relpath(CLAIMS_PAGE, posixpath.dirname(RULES_INDEX))
    return page("rules_index.md", games=counts, claims=claims)


def _rule(edition: Edition, rule: Rule, page_path: str) -> dict[str, object]:
    """One rule: summary box, docstring, emendations, claims and code."""
    html = _html()
    cited = Markup(", ").join(paragraph_link(edition, pid, page_path) for pid in rule.paragraphs)
    doc_rest = rule.doc.split("\n", 1)[1].strip() if "\n" in rule.doc else ""
    claims = edition.claims_of_rule(rule.name)
    return {
        "name": rule.name,
        "box": html.rule_box(rule.summary, cited, relative_path(rule.file), rule.line),
        "doc": html.docstring(doc_rest) if doc_rest else None,
        "emendations": [
            html.emendation(
                e,
                Markup(" at ") + paragraph_link(edition, e.paragraph, page_path),
                None,
                emendation_anchor(rule.name, k),
            )
            for k, e in enumerate(rule.emendations)
        ],
        "badge": status_badge(claims, href(page_path, CLAIMS_PAGE, claims[0].id))
        if claims
        else None,
        "claims": claim_items(edition, claims, page_path, rule.name) if claims else None,
        "source": rule.source.rstrip("\n"),
    }


def rules_page(edition: Edition, game: str) -> str:
    """Markdown of one game's rules: summary, docstring, paragraphs, emendations, code, claims."""
    page_path = rules_page_path(game)
    rules = [r for r in edition.rules if r.game == game]
    links = []
    text_page = edition.text_page_of(game)
    if text_page:
        links.append(("The text", href(page_path, text_page)))
    if example_page_path(game) in edition.extra_pages:
        links.append(("An example deal", href(page_path, example_page_path(game))))
    if compare_page_path(game) in edition.extra_pages:
        links.append(("The variants compared", href(page_path, compare_page_path(game))))
    return page(
        "rules.md",
        title=f"Rules of {game.capitalize()}",
        count=len(rules),
        module=rules[0].module if rules else "rules." + game,
        rules=[_rule(edition, rule, page_path) for rule in rules],
        links=_html().link_line(links) if links else None,
        model=_model(edition, game, page_path),
    )


def _model(edition: Edition, game: str, page_path: str) -> dict[str, object] | None:
    """The game model's section: every paragraph its actions and scoring items cite."""
    if game not in edition.models:
        return None
    name = model_anchor(game)
    rows = [
        (c, paragraph_link(edition, pid, page_path))
        for pid, c in edition.coverage.items()
        if name in c.rules
    ]
    model = edition.models[game]
    return {
        "anchor": name,
        "title": str(model.title),
        "variants": [(v.name, v.title) for v in model.variants.values()],
        "table": _html().model_table(rows) if rows else None,
    }


def claims_page(edition: Edition) -> str:
    """Markdown of the claims page: every claim with status, quote, paragraph and rules."""
    passed = sum(c.passed for c in edition.claims)
    rows = []
    for c in edition.claims:
        para = paragraph_link(edition, c.paragraph, CLAIMS_PAGE)
        quote_link = None
        if c.paragraph in edition.pages:
            quote_link = href(
                CLAIMS_PAGE, edition.pages[c.paragraph], c.paragraph + text_fragment(c.quote)
            )
        rules = Markup(", ").join(rule_link(edition, r, CLAIMS_PAGE) for r in c.rules)
        rows.append((c, para, quote_link, rules))
    return page(
        "claims.md",
        passed=passed,
        failed=len(edition.claims) - passed,
        total=len(edition.claims),
        table=_html().claims_table(rows) if rows else None,
    )
