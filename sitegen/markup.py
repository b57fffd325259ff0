"""Links between the generated pages (escaping is :mod:`sitegen.templating`'s job)."""

from __future__ import annotations

import posixpath
from urllib.parse import urlsplit

__all__ = ["absolute_http_url", "href", "link", "page_url"]


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


def link(base: str, from_page: str, target: str) -> str:
    """A link from ``from_page`` to ``target`` (a path from the site's root): absolute
    under ``base`` (the site's base URL) when there is one, else relative."""
    return base + target if base else href(from_page, target)


def absolute_http_url(url: str) -> bool:
    """Whether ``url`` is an absolute http(s) URL without query or fragment."""
    parts = urlsplit(url)
    return (
        parts.scheme in ("http", "https")
        and bool(parts.netloc)
        and not parts.query
        and not parts.fragment
    )
