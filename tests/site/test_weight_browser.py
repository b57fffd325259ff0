"""Light pages in Chromium: what the Piquet page fetches when it opens (and what only when
asked), old addresses of Perlaggen's paragraphs, and the palette switch without the
theme's bundle."""

from __future__ import annotations

import re

import pytest

from sitegen.weight import page_weight
from tests.conftest import built
from tests.site.test_browser import PAGE

pytestmark = pytest.mark.browser

BUDGET = 300_000


def test_piquet_fetches_at_most_300_kb_and_the_rest_on_demand(server: str, browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    fetched: dict[str, int] = {}
    page.on("requestfinished", lambda r: fetched.__setitem__(r.url, len(r.response().body())))
    page.goto(server + PAGE, wait_until="networkidle")
    page.evaluate("document.fonts.ready")
    code = {u: n for u, n in fetched.items() if re.search(r"\.(html|css|js)$", u)}
    assert not [u for u in code if "search_index" in u or "/bundle." in u]
    assert not [u for u in code if u.endswith(".data.js")]  # nothing asked for yet
    assert sum(code.values()) <= BUDGET, code
    # the browser fetched what sitegen.weight counts from the files
    weight = page_weight(built(f"site/{PAGE}").parent.parent, PAGE)
    assert sum(code.values()) == weight.total, (code, weight)

    switch = page.locator(".sw-pageinfo .sw-layer-switch").get_by_role("button", name="Diplomatic")
    # the layer may show before the browser reports the request finished: wait for both
    with page.expect_request_finished(lambda r: r.url.endswith(".data.js")):
        switch.click()
    page.wait_for_function("document.querySelector('.sw-layer--diplomatic') !== null")
    data = [u for u in fetched if u.endswith(".data.js")]
    assert data == [server + PAGE.replace(".html", ".data.js")]
    box = page.locator("details.sw-cite").first
    box.locator("summary").click()
    box.locator(".sw-cite__code").first.wait_for()
    assert "@incollection" in box.inner_text() or "@inbook" in box.inner_text()
    assert [u for u in fetched if u.endswith(".data.js")] == data  # loaded once
    context.close()


def test_old_paragraph_address_of_a_long_chapter(server: str, browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    pid = "schwaighofer1927.perlaggen.ordnung1924.7"
    page.goto(server + f"schwaighofer1927/perlaggen.html#{pid}")
    page.wait_for_url(f"**/schwaighofer1927/perlaggen/ordnung1924.html#{pid}")
    assert page.locator(f'article[data-id="{pid}"] .sw-layer--reading').is_visible()
    # the section links to the contents and to its neighbours
    links = page.locator(".sw-pageinfo .sw-model-links a").all_inner_texts()
    assert any("contents" in t for t in links) and any(t.startswith("Previous") for t in links)
    assert any(t.startswith("Next") for t in links)
    context.close()


def test_palette_switch_without_the_bundle(server: str, browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + PAGE)
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "default"
    page.locator("label[for='__palette_1']").click()
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    page.reload()
    assert page.evaluate("document.body.getAttribute('data-md-color-scheme')") == "slate"
    assert page.locator("label[for='__palette_0']").is_visible()
    context.close()
