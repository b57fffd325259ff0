"""Links between the generated pages (escaping is :mod:`sitegen.templating`'s job)."""

from __future__ import annotations

import posixpath

__all__ = ["href", "page_url"]


def page_url(page: str) -> str:
    """The output URL of a Markdown page (``a/b.md`` -> ``a/b.html``)."""
    return page[:-3] + ".html" if page.endswith(".md") else page


def href(from_page: str, to_page: str, fragment: str = "") -> str:
    """A relative link from one Markdown page to another page's output file."""
    target = page_url(to_page)
    base = posixpath.dirname(from_page)
    rel = posixpath.relpath(target, base or ".") if target != page_url(from_page) else ""
    if rel == "" and not fragment:
        rel = posixpath.basename(target)
    return f"{rel}#{fragment}" if fragment else rel
