"""The rules pages (generated from the rule registry) and the claims page."""

from __future__ import annotations

from sitegen.inputs import Edition, Rule, relative_path, rules_page_path
from sitegen.links import (
    CLAIMS_PAGE,
    claim_items,
    paragraph_link,
    rule_link,
    status_badge,
    text_fragment,
    wbr,
)
from sitegen.markup import attrs, esc, href

__all__ = ["claims_page", "rules_index_page", "rules_page"]


def rules_index_page(edition: Edition) -> str:
    """Markdown of the rules overview: games with their number of rules."""
    out = [
        "# Rules as code",
        "",
        "Every rule of a game is a small, pure Python function that names the paragraphs it "
        "implements. Where the text is damaged, unclear or silent, the function records the "
        "reading it follows (an *emendation*). Claims pair a verbatim quote of a paragraph "
        "with a check of the code; their results are on the [claims page](claims.md).",
        "",
    ]
    games = sorted({r.game for r in edition.rules})
    if not games:
        out.append("No rules are registered yet.")
    for game in games:
        rules = [r for r in edition.rules if r.game == game]
        out.append(f"- [{game.capitalize()}]({game}.md): {len(rules)} rule functions")
    return "\n".join(out) + "\n"


def _rule_md(edition: Edition, rule: Rule, page: str) -> list[str]:
    """One rule: heading, summary, cited paragraphs, docstring, emendations, claims, code."""
    cited = ", ".join(paragraph_link(edition, pid, page) for pid in rule.paragraphs)
    out = [
        f"## `{rule.name}` {{#{rule.name}}}",
        "",
        f'<div class="sw-rule" markdown="0"><p class="sw-rule__summary">{esc(rule.summary)}</p>'
        f'<p class="sw-rule__cites">Implements {cited}</p>'
        f'<p class="sw-rule__where">Defined in <code>{esc(relative_path(rule.file))}</code>, line {rule.line}.</p></div>',
        "",
    ]
    doc_rest = rule.doc.split("\n", 1)[1].strip() if "\n" in rule.doc else ""
    if doc_rest:
        out += [
            '<div class="sw-rule__doc" markdown="0"><pre class="sw-docstring">'
            + esc(doc_rest)
            + "</pre></div>",
            "",
        ]
    for e in rule.emendations:
        cls = "sw-emendation sw-doubt-note" if e.cert == "low" else "sw-emendation"
        raw = f'the text has <q lang="de">{esc(e.raw)}</q>' if e.raw else "the text is silent"
        out += [
            f'<p class="{cls}"><strong>Emendation</strong> at {paragraph_link(edition, e.paragraph, page)} '
            f"(cert {esc(e.cert)}): the code reads <q>{esc(e.reading)}</q>; {raw}. {esc(e.evidence)}</p>",
            "",
        ]
    claims = edition.claims_of_rule(rule.name)
    if claims:
        out += [
            status_badge(claims, href(page, CLAIMS_PAGE, claims[0].id)),
            "",
            claim_items(edition, claims, page, rule.name),
            "",
        ]
    if rule.source:
        out += ["```python", rule.source.rstrip("\n"), "```", ""]
    return out


def rules_page(edition: Edition, game: str) -> str:
    """Markdown of one game's rules: summary, docstring, paragraphs, emendations, code, claims."""
    page = rules_page_path(game)
    rules = [r for r in edition.rules if r.game == game]
    out = [
        f"# Rules of {game.capitalize()}",
        "",
        f"{len(rules)} rule functions in `{rules[0].module if rules else 'rules.' + game}`. "
        "Each cites the paragraphs it implements; the links lead to the text.",
        "",
    ]
    for rule in rules:
        out.extend(_rule_md(edition, rule, page))
    return "\n".join(out)


def claims_page(edition: Edition) -> str:
    """Markdown of the claims page: every claim with status, quote, paragraph and rules."""
    passed = sum(c.passed for c in edition.claims)
    out = [
        "# Claims",
        "",
        "A claim pairs a verbatim quote of the reading text with a check of the rule code. "
        "The quote must still stand in the TEI, so text and code cannot drift apart. "
        f"This build: **{passed} passed, {len(edition.claims) - passed} failed** of {len(edition.claims)}. "
        "Download the results as [claims.json](downloads/claims.json).",
        "",
    ]
    if not edition.claims:
        out.append("No claims have been run yet.")
        return "\n".join(out) + "\n"
    rows = []
    for c in edition.claims:
        para = paragraph_link(edition, c.paragraph, CLAIMS_PAGE)
        if c.paragraph in edition.pages:
            frag = href(
                CLAIMS_PAGE, edition.pages[c.paragraph], c.paragraph + text_fragment(c.quote)
            )
            para += f' <a class="sw-quote-link" href="{esc(frag)}" title="Show the quote in the text">(quote)</a>'
        rules = ", ".join(rule_link(edition, r, CLAIMS_PAGE) for r in c.rules)
        note = f'<br><small class="sw-claim__note">{esc(c.note)}</small>' if c.note else ""
        cases = f" · {c.cases} vector case{'s' * (c.cases != 1)}" if c.cases else ""
        rows.append(
            f"<tr{attrs(id=c.id, class_=f'sw-claim sw-claim--{c.status}')}>"
            f'<td><span class="sw-status sw-status--{esc(c.status)}">{esc(c.status)}</span></td>'
            f"<td><code>{wbr(c.id)}</code><small>{cases}</small><br>"
            f'<q lang="de">{esc(c.quote)}</q>{note}</td>'
            f"<td>{para}</td><td>{rules}</td></tr>"
        )
    out.append(
        '<div class="sw-claims-table"><table><thead><tr><th scope="col">Status</th>'
        '<th scope="col">Claim and quote</th><th scope="col">Paragraph</th>'
        '<th scope="col">Rules</th></tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )
    return "\n".join(out) + "\n"
