"""What a page of the built site costs a reader: bytes of HTML, CSS and JS, and DOM size.

The figures come from the files in the site directory, not from a browser: the page's
HTML, every stylesheet it links (print stylesheets too: browsers fetch them), every
script it loads, and the search worker the theme's bundle starts at load time when
the page loads the bundle and its configuration names a worker. The search index is left out (it is data, fetched for a
search). Files a script loads only on demand (the layer and citation data of a text
page, fetched when a reader switches layer or opens a box) are counted apart, as
``lazy``.
"""

from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass, field
from pathlib import Path

import lxml.html

__all__ = ["PageWeight", "page_weight", "site_pages"]


@dataclass(frozen=True)
class PageWeight:
    """Bytes fetched when a page opens, by kind, and its number of DOM elements."""

    page: str
    html: int
    css: int
    js: int
    nodes: int
    files: tuple[str, ...] = field(default=())
    """Every CSS and JS file counted, relative to the site directory."""
    lazy: int = 0
    """Bytes of the page's own data files that its script fetches on demand."""

    @property
    def total(self) -> int:
        """HTML + CSS + JS fetched at load."""
        return self.html + self.css + self.js


def _local(site: Path, page: str, ref: str) -> str | None:
    """The site-relative path of a reference from ``page``; ``None`` when not local."""
    if not ref or "//" in ref or ref.startswith(("data:", "#", "mailto:")):
        return None
    ref = ref.split("#", 1)[0].split("?", 1)[0]
    path = posixpath.normpath(posixpath.join(posixpath.dirname(page), ref))
    return path if (site / path).is_file() else None


def _bundled(tree: lxml.html.HtmlElement) -> bool:
    """Whether the page loads the theme's bundle (which starts the search worker)."""
    return any("/bundle." in (s.get("src") or "") for s in tree.iter("script"))


def page_weight(site: Path, page: str) -> PageWeight:
    """The weight of ``page`` (a path relative to ``site``, e.g. ``engelmann1798/piquet.html``)."""
    raw = (site / page).read_bytes()
    tree = lxml.html.fromstring(raw)
    css: list[str] = []
    js: list[str] = []
    lazy: list[str] = []
    for link in tree.iter("link"):
        if "stylesheet" in (link.get("rel") or "").split():
            path = _local(site, page, link.get("href", ""))
            if path:
                css.append(path)
    for script in tree.iter("script"):
        path = _local(site, page, script.get("src", ""))
        if path:
            js.append(path)
        if script.get("id") == "__config" and script.text and _bundled(tree):
            worker = json.loads(script.text).get("search")
            path = _local(site, page, worker or "")
            if path:
                js.append(path)
    nodes = 0
    for el in tree.iter():
        if not isinstance(el.tag, str):
            continue
        nodes += 1
        path = _local(site, page, el.get("data-sw-data", ""))
        if path:
            lazy.append(path)
    css, js, lazy = (list(dict.fromkeys(x)) for x in (css, js, lazy))
    size = lambda paths: sum((site / p).stat().st_size for p in paths)  # noqa: E731
    return PageWeight(
        page=page,
        html=len(raw),
        css=size(css),
        js=size(js),
        nodes=nodes,
        files=tuple(css + js),
        lazy=size(lazy),
    )


def site_pages(site: Path) -> list[str]:
    """Every HTML page of the site (relative paths, sorted), without the DTS export."""
    return sorted(
        p.relative_to(site).as_posix()
        for p in site.rglob("*.html")
        if p.relative_to(site).parts[0] not in ("dts", "downloads")
    )
