"""The Piquet page printed by Chromium (print-to-PDF, A4): at most 20 sheets, no site
chrome, and the apparatus as numbered notes under the paragraphs."""

from __future__ import annotations

import io
import re

import pytest
from pypdf import PdfReader

from tests.conftest import built
from tests.site.test_browser import PAGE

pytestmark = pytest.mark.browser

MAX_SHEETS = 20


def _printed(server: str, browser, page_path: str) -> PdfReader:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + page_path)
    pdf = page.pdf(format="A4")
    context.close()
    return PdfReader(io.BytesIO(pdf))


def test_piquet_prints_on_at_most_20_a4_pages(server: str, browser) -> None:
    reader = _printed(server, browser, PAGE)
    sheets = len(reader.pages)
    assert 0 < sheets <= MAX_SHEETS, f"{PAGE} prints on {sheets} A4 pages"
    width, height = (float(x) for x in reader.pages[0].mediabox.upper_right)
    assert abs(width - 595) < 2 and abs(height - 842) < 2  # A4 in points
    text = "\n".join(p.extract_text() for p in reader.pages)
    # no navigation or controls: the site's navigation lists every other chapter
    assert "Tresett" not in text and "Reading text" not in text and "Raw OCR" not in text
    # the apparatus is printed: a repair of the page, as "reading ] original — kind"
    html = built(f"site/{PAGE}").read_text(encoding="utf-8")
    entry = re.search(
        r'<li id="app\.[^"]+" class="sw-app"><span lang="de">([^<]+)</span> \] '
        r'<span lang="de" class="sw-app__orig">([^<]+)</span> — ([^,]+),',
        html,
    )
    assert entry, "no marked apparatus entry on the page"
    flat = re.sub(r"\s+", " ", text)
    assert f"] {entry.group(2)} — {entry.group(3)}" in flat


def test_print_shows_no_chrome_or_layer_switch(server: str, browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + PAGE)
    page.emulate_media(media="print")
    hidden = page.evaluate(
        """() => ['.md-header', '.md-sidebar--primary', '.sw-layer-switch', '.md-footer']
              .map(s => document.querySelector(s))
              .filter(Boolean)
              .every(e => getComputedStyle(e).display === 'none')"""
    )
    assert hidden
    apparatus = page.locator(".sw-apparatus__list li:not(.sw-app--quiet)").first
    assert apparatus.is_visible()  # open in print although the <details> is closed
    mark = page.locator(".sw-layer--reading .sw-corr").first
    number = mark.evaluate("e => getComputedStyle(e, '::after').content")
    assert re.fullmatch(r'"?\d+"?|counter\(sw-note\)', number), number
    family = page.evaluate("getComputedStyle(document.querySelector('.md-typeset')).fontFamily")
    assert "serif" in family and "sans-serif" not in family
    context.close()
