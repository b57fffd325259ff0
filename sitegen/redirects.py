"""Redirect pages for addresses the edition once published and has since renamed.

Static sites cannot answer with an HTTP redirect, so each old address gets a small HTML
page that sends the browser on (keeping the ``#paragraph`` fragment) and names the new
address for readers without JavaScript and for search engines (``rel=canonical``).
"""

from __future__ import annotations

from pathlib import Path

from normalise.textio import atomic_write
from sitegen.markup import link
from sitegen.templating import fragments

__all__ = ["MOVED", "redirect_html", "write_redirects"]

MOVED: dict[str, str] = {
    "polizei472/10.html": "polizei472/dreisatz.html",
    "polizei472/11.html": "polizei472/rougeetnoir.html",
    "pierer1861/Preference.html": "pierer1861/preference.html",
}
"""Old published address -> the page now at its place (page names came from ``div/@n``
before they came from ids)."""


def redirect_html(old: str, new: str, base_url: str = "") -> str:
    """The page at ``old`` that sends the reader to ``new`` (absolute when ``base_url``)."""
    return str(fragments("redirect.html").page(link(base_url, old, new), new)) + "\n"


def write_redirects(site_dir: Path, base_url: str = "") -> list[str]:
    """Write a redirect page for every old address in :data:`MOVED` whose new page exists;
    return the old addresses written.

    An old address that is already a file is left alone: on a case-insensitive file
    system ``Preference.html`` is the new ``preference.html`` itself.
    """
    written = []
    for old, new in MOVED.items():
        source, target = site_dir / old, site_dir / new
        if not target.is_file() or source.exists():
            continue
        atomic_write(source, redirect_html(old, new, base_url))
        written.append(old)
    return written
