"""Links and small fragments shared by the pages: rules, paragraphs, claims, emendations."""

from __future__ import annotations

from urllib.parse import quote

from sitegen.inputs import Claim, Edition, Emendation, rules_page_path
from sitegen.markup import attrs, esc, href
from sitegen.render_tei import Block

__all__ = [
    "CLAIMS_PAGE",
    "claim_items",
    "emendations_html",
    "paragraph_link",
    "rule_link",
    "status_badge",
    "text_fragment",
    "wbr",
]

CLAIMS_PAGE = "claims.md"


def status_badge(claims: list[Claim], link: str) -> str:
    """Badge "Claims: N passed, M failed" linking to the claims page; counts in data-*."""
    passed = sum(c.passed for c in claims)
    failed = len(claims) - passed
    label = f"{passed} passed" + (f", {failed} failed" if failed else "")
    state = "failed" if failed else "passed"
    return (
        f"<a{attrs(class_=f'sw-badge sw-badge--{state}', href=link, data_passed=passed, data_failed=failed)}>"
        f"Claims: {esc(label)}</a>"
    )


def text_fragment(quote_text: str) -> str:
    """A text fragment directive (``:~:text=``) that makes browsers highlight a quote."""
    return ":~:text=" + quote(quote_text, safe="").replace("-", "%2D")


def claim_items(edition: Edition, claims: list[Claim], from_page: str, skip_rule: str = "") -> str:
    """The claims as a list: status, id (linked), quote and, unless ``skip_rule``, rules."""
    items = []
    for c in claims:
        rules = ", ".join(
            rule_link(edition, name, from_page) for name in c.rules if name != skip_rule
        )
        items.append(
            f'<li class="sw-claim sw-claim--{esc(c.status)}">'
            f'<span class="sw-status sw-status--{esc(c.status)}">{esc(c.status)}</span> '
            f'<a href="{esc(href(from_page, CLAIMS_PAGE, c.id))}">{esc(c.id)}</a>: '
            f'<q lang="de">{esc(c.quote)}</q>'
            + (f" — {rules}" if rules else "")
            + (
                f' <span class="sw-claim__note">{esc(c.note)}</span>'
                if c.note and not c.passed
                else ""
            )
            + "</li>"
        )
    return f'<ul class="sw-claims">{"".join(items)}</ul>'


def wbr(ident: str) -> str:
    """An id with line-break opportunities after its dots."""
    return esc(ident).replace(".", ".<wbr>")


def rule_link(edition: Edition, name: str, from_page: str) -> str:
    """Link to a rule on its rules page (plain code when the rule is not registered)."""
    rule = next((r for r in edition.rules if r.name == name), None)
    if rule is None:
        return f"<code>{esc(name)}</code>"
    link = href(from_page, rules_page_path(rule.game), rule.name)
    return (
        f'<a class="sw-rule-link" href="{esc(link)}" title="{esc(rule.summary)}">'
        f"<code>{wbr(rule.name)}</code></a>"
    )


def paragraph_link(edition: Edition, pid: str, from_page: str) -> str:
    """Link to a paragraph on its text page; a grey id when it is not encoded yet."""
    if pid in edition.pages:
        return f'<a href="{esc(href(from_page, edition.pages[pid], pid))}">{wbr(pid)}</a>'
    return f'<span class="sw-missing" title="not in the encoded text yet">{esc(pid)}</span>'


def emendations_html(edition: Edition, block: Block, from_page: str) -> str:
    """Emendations of the rules at this paragraph; one note per reading, naming all its rules."""
    grouped: dict[Emendation, list[str]] = {}
    for rule in edition.rules_for(block.id):
        for e in rule.emendations:
            if e.paragraph == block.id:
                grouped.setdefault(e, []).append(rule.name)
    out = []
    for e, names in grouped.items():
        cls = "sw-emendation sw-doubt-note" if e.cert == "low" else "sw-emendation"
        raw = f'the text has <q lang="de">{esc(e.raw)}</q>' if e.raw else "the text is silent"
        links = ", ".join(rule_link(edition, name, from_page) for name in names)
        out.append(
            f'<p class="{cls}"><strong>Emendation</strong> ({links}, '
            f"cert {esc(e.cert)}): the code reads <q>{esc(e.reading)}</q>; {raw}. {esc(e.evidence)}</p>"
        )
    return "".join(out)
