"""Small helpers for writing HTML inside the generated Markdown pages."""

from __future__ import annotations

import posixpath
import re
from html import escape

__all__ = ["attrs", "esc", "href", "md_escape", "page_url"]


def esc(text: str) -> str:
    """Escape text for HTML content and attribute values."""
    return escape(text, quote=True)


def attrs(**values: str | int | bool | None) -> str:
    """``key="value"`` pairs (leading space included); ``None``/``False`` are left out.

    A trailing underscore is dropped (``class_``) and other underscores become hyphens
    (``aria_pressed`` -> ``aria-pressed``).
    """
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{esc(str(value))}"')
    return "".join(out)


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


def md_escape(text: str) -> str:
    """Escape Markdown's inline syntax characters (for headings made from source text)."""
    return re.sub(r"([\\`*_{}\[\]<>()#+!|~])", r"\\\1", text)
