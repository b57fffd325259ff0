"""Links and small fragments shared by the pages: rules, paragraphs, claims, emendations.

The HTML comes from the macros of ``templates/fragments.html`` (see
:mod:`sitegen.templating`), which escape every value.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from sitegen.inputs import Claim, Edition, Emendation, rules_page_path
from sitegen.markup import href
from sitegen.render_tei import Block
from sitegen.templating import Markup, fragments

__all__ = [
    "CLAIMS_PAGE",
    "claim_items",
    "compare_page_path",
    "emendation_anchor",
    "emendations_html",
    "example_page_path",
    "model_anchor",
    "paragraph_link",
    "rule_link",
    "status_badge",
    "text_fragment",
    "wbr",
]

CLAIMS_PAGE = "claims.md"
MODEL_SUFFIX = ".transcript"
"""Coverage names the game model as the pseudo-rule ``<game>.transcript``."""


def model_anchor(game: str) -> str:
    """The anchor of a game model's section on its rules page (``piquet.transcript``)."""
    return game + MODEL_SUFFIX


def emendation_anchor(rule: str, index: int) -> str:
    """The anchor of a rule's ``index``-th emendation (from 1) on its rules page."""
    return f"{rule}.emendation{index + 1}"


def example_page_path(game: str) -> str:
    """Markdown path of a game's example deal."""
    return f"games/{game}-example.md"


def compare_page_path(game: str) -> str:
    """Markdown path of a game's variant comparison."""
    return f"compare/{game}.md"


def _html() -> Any:
    """The macros of ``templates/fragments.html``."""
    return fragments("fragments.html")


def status_badge(claims: list[Claim], link: str) -> Markup:
    """Badge "Claims: N passed, M failed" linking to the claims page; counts in data-*."""
    passed = sum(c.passed for c in claims)
    failed = len(claims) - passed
    label = f"{passed} passed" + (f", {failed} failed" if failed else "")
    state = "failed" if failed else "passed"
    return _html().badge(state, link, passed, failed, label)


def text_fragment(quote_text: str) -> str:
    """A text fragment directive (``:~:text=``) that makes browsers highlight a quote."""
    return ":~:text=" + quote(quote_text, safe="").replace("-", "%2D")


def claim_items(
    edition: Edition, claims: list[Claim], from_page: str, skip_rule: str = ""
) -> Markup:
    """The claims as a list: status, id (linked), quote and, unless ``skip_rule``, rules."""
    items = []
    for c in claims:
        rules = Markup(", ").join(
            rule_link(edition, name, from_page) for name in c.rules if name != skip_rule
        )
        items.append((c, href(from_page, CLAIMS_PAGE, c.id), rules, bool(c.note and not c.passed)))
    return _html().claim_items(items)


def wbr(ident: str) -> Markup:
    """An id with line-break opportunities after its dots."""
    return _html().wbr(ident)


def rule_link(edition: Edition, name: str, from_page: str) -> Markup:
    """Link to a rule on its rules page (plain code when the rule is not registered)."""
    rule = next((r for r in edition.rules if r.name == name), None)
    if rule is None:
        game = name.removesuffix(MODEL_SUFFIX)
        if name.endswith(MODEL_SUFFIX) and game in edition.models:
            link = href(from_page, rules_page_path(game), model_anchor(game))
            return _html().rule_link(name, link, "the game model (actions and scoring items)")
        return _html().rule_link(name, None, "")
    link = href(from_page, rules_page_path(rule.game), rule.name)
    return _html().rule_link(rule.name, link, rule.summary)


def paragraph_link(edition: Edition, pid: str, from_page: str) -> Markup:
    """Link to a paragraph on its text page; a grey id when it is not encoded yet."""
    link = href(from_page, edition.pages[pid], pid) if pid in edition.pages else None
    return _html().paragraph_link(pid, link)


def emendations_html(edition: Edition, block: Block, from_page: str) -> Markup:
    """Emendations of any rule at this paragraph; one note per reading, naming all its
    rules, each linked to the emendation on its rules page."""
    grouped: dict[Emendation, list[Markup]] = {}
    for rule, index, e in edition.emendations_at(block.id):
        link = href(from_page, rules_page_path(rule.game), emendation_anchor(rule.name, index))
        grouped.setdefault(e, []).append(_html().emendation_link(rule.name, link, rule.summary))
    out = []
    for e, links in grouped.items():
        out.append(_html().emendation(e, "", Markup(", ").join(links)))
    return Markup("").join(out)
