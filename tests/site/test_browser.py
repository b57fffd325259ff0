"""The built edition in headless Chromium: layers, repairs, rule links, claims, no-JS reading.

Drives the system Chromium (``/usr/bin/chromium``) through Playwright; never downloads a
browser. The site in ``build/site`` is served on 127.0.0.1 from a background thread.
"""

from __future__ import annotations

import json

import pytest

from tests.conftest import built

PAGE = "engelmann1798/piquet.html"
# a paragraph with a repair in its reading text, a rule link and a claim badge
TARGET = ".sw-block:has(.sw-layer--reading .sw-corr):has(.sw-rule-link):has(.sw-badge)"

pytestmark = pytest.mark.browser


def _visible_layer(block) -> str:
    return block.evaluate(
        """b => [...b.querySelectorAll('.sw-text > .sw-layer')]
                .filter(e => getComputedStyle(e).display !== 'none')
                .map(e => e.className.match(/sw-layer--(\\w+)/)[1]).join(',')"""
    )


def _shows(block, layer: str) -> None:
    """Wait until ``block`` shows ``layer`` (other layers load from the page's data file)."""
    block.page.wait_for_function(
        """([id, layer]) => [...document.querySelectorAll(`.sw-block[data-id="${id}"] .sw-text > .sw-layer`)]
              .filter(e => getComputedStyle(e).display !== 'none')
              .map(e => e.className.match(/sw-layer--(\\w+)/)[1]).join(',') === layer""",
        arg=[block.get_attribute("data-id"), layer],
        timeout=5000,
    )


def test_reading_layers_repairs_rules_and_claims(server: str, browser) -> None:
    claims = json.loads(built("claims.json").read_text(encoding="utf-8"))
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    # a request the browser aborts because the page navigates away is not a broken asset
    page.on(
        "requestfailed",
        lambda r: (
            r.failure != "net::ERR_ABORTED"
            and errors.append(f"request failed: {r.url} ({r.failure})")
        ),
    )
    page.goto(server + PAGE)

    block = page.locator(TARGET).first
    pid = block.get_attribute("data-id")
    assert pid and pid.startswith("engelmann1798.piquet.")

    # stable anchor and permalink, reading text visible by default
    anchor = block.locator(f'a.sw-anchor[href="#{pid}"]')
    assert anchor.is_visible() and anchor.inner_text().startswith("§ ")
    assert page.locator(f'[id="{pid}"]').count() == 1
    reading = block.locator(".sw-layer--reading")
    assert reading.is_visible() and _visible_layer(block) == "reading"
    reading_text = reading.inner_text()
    assert len(reading_text) > 40 and "ſ" not in reading_text

    # page-wide layer switch: buttons with aria-pressed; diplomatic keeps long s
    switch = page.locator(".sw-pageinfo .sw-layer-switch")
    assert switch.is_visible()
    switch.get_by_role("button", name="Diplomatic").click()
    _shows(block, "diplomatic")
    assert switch.get_by_role("button", name="Diplomatic").get_attribute("aria-pressed") == "true"
    assert (
        switch.get_by_role("button", name="Reading text").get_attribute("aria-pressed") == "false"
    )
    assert _visible_layer(block) == "diplomatic"
    diplomatic_text = block.locator(".sw-layer--diplomatic").inner_text()
    assert (
        diplomatic_text != reading_text
        and "ſ" in page.locator(".sw-layer--diplomatic").all_inner_texts()[0] + diplomatic_text
    )

    # raw OCR shows the damaged original of a repair
    switch.get_by_role("button", name="Raw OCR").click()
    _shows(block, "raw")
    raw_text = block.locator(".sw-layer--raw").inner_text()
    sic = block.locator(".sw-layer--raw .sw-sic").first.inner_text().strip()
    assert sic and sic in raw_text and raw_text != diplomatic_text

    # the choice is remembered
    assert page.evaluate("localStorage.getItem('stichwort.layer')") == "raw"
    page.reload()
    block = page.locator(f'.sw-block[data-id="{pid}"]')
    _shows(block, "raw")
    page.locator(".sw-pageinfo .sw-layer-switch").get_by_role("button", name="Reading text").click()
    assert _visible_layer(block) == "reading"

    # one paragraph's own switch changes only that paragraph
    block.locator(".sw-layer-switch").get_by_role("button", name="Diplomatic").click()
    _shows(block, "diplomatic")
    other = page.locator(f'.sw-block--p:not([data-id="{pid}"])').first
    assert _visible_layer(other) == "reading"
    block.locator(".sw-layer-switch").get_by_role("button", name="Reading text").click()

    # a repair: original on keyboard focus and on hover, described for screen readers
    mark = block.locator(".sw-layer--reading .sw-corr").first
    # one tab stop per text layer: its first mark (stichwort.js moves on with the arrows)
    assert block.locator(".sw-layer--reading .sw-mark").first.get_attribute("tabindex") == "0"
    # the tip, made from the apparatus entry by the page's script, is clipped away until
    # hover or focus (screen readers read it all the time)
    tip = mark.get_attribute("data-tip") or ""
    original = tip.split(": ", 1)[1].split(" · ")[0]
    assert original and (" · automatic · " in tip or " · editor · " in tip)
    after = "e => { const s = getComputedStyle(e, '::after'); return [s.clipPath, s.content]; }"
    assert mark.evaluate(after)[0] != "none"
    mark.focus()
    clip, content = mark.evaluate(after)
    assert clip == "none" and original in content
    described = page.locator(f'[id="{mark.get_attribute("aria-describedby")}"]')
    assert original in described.text_content()
    page.locator("h1").first.hover()
    page.locator("body").focus()
    mark.evaluate("e => e.blur()")
    mark.hover()
    assert mark.evaluate(after)[0] == "none"
    page.screenshot(path="/tmp/stichwort-piquet.png")

    # claim badge agrees with claims.json
    mine = [c for c in claims if c["paragraph"] == pid]
    badge = block.locator(".sw-badge")
    passed = sum(c["status"] == "passed" for c in mine)
    assert int(badge.get_attribute("data-passed")) == passed
    assert int(badge.get_attribute("data-failed")) == len(mine) - passed
    assert f"{passed} passed" in badge.inner_text()
    assert block.locator(".sw-layer--reading mark.sw-quote").count() >= 1  # quotes highlighted
    # the claims with their quotes: in a box filled from the page's data file when opened
    block.locator("details.sw-claims-box > summary").click()
    block.locator(".sw-claims li").first.wait_for()
    listed = block.locator(".sw-claims li").all_inner_texts()
    assert len(listed) == len(mine) and all(any(c["id"] in t for t in listed) for c in mine)

    # rule link -> rules page with the rule's source
    link = block.locator(".sw-rule-link").first
    rule = link.inner_text().strip()
    link.click()
    page.wait_for_url(f"**/rules/*.html#{rule}")
    heading = page.locator(f'[id="{rule}"]')
    assert heading.is_visible()
    code = page.locator(f'h2[id="{rule}"] ~ div.highlight').first
    assert "def " in code.inner_text()
    assert not errors, errors
    context.close()


def test_reading_text_without_javascript(server: str, browser) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + PAGE)
    block = page.locator(TARGET).first
    assert block.locator(".sw-layer--reading").is_visible()
    assert not block.locator(".sw-layer--diplomatic").is_visible()
    assert not block.locator(".sw-layer--raw").is_visible()
    assert len(block.locator(".sw-layer--reading").inner_text()) > 40
    assert not page.locator(".sw-pageinfo .sw-layer-switch").is_visible()
    assert page.locator(".sw-noscript").first.is_visible()
    block.locator("details.sw-apparatus > summary").click()
    assert block.locator(".sw-apparatus__list li").first.is_visible()
    context.close()


def test_opens_from_the_file_system(browser) -> None:
    path = built(f"site/{PAGE}")
    context = browser.new_context()
    page = context.new_page()
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.goto(path.resolve().as_uri())
    block = page.locator(TARGET).first
    assert block.locator(".sw-layer--reading").is_visible()
    assert not block.locator(".sw-layer--raw").is_visible()  # the edition's CSS is loaded
    page.locator(".sw-pageinfo .sw-layer-switch").get_by_role("button", name="Raw OCR").click()
    # and its script: the layer comes from the page's data file, loaded on the click
    block.locator(".sw-layer--raw").wait_for(state="visible", timeout=15000)
    assert block.locator(".sw-layer--raw").is_visible()
    assert failed == [], failed  # the search index is not fetched before a search
    context.close()


def test_example_deal_without_javascript(server: str, browser) -> None:
    """The example deal is read and followed without a script: legal alternatives open
    as <details>, a cited paragraph is one click away, the final score is shown."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "games/piquet-example.html")
    rows = page.locator('tr[id^="step-"]')
    assert rows.count() > 10
    row = page.locator('tr[id^="step-"]:has(details.sw-legal)').first
    assert not row.locator("details.sw-legal li").first.is_visible()
    row.locator("details.sw-legal > summary").click()
    assert row.locator("details.sw-legal li").first.is_visible()
    assert page.locator(".sw-final li").first.is_visible()
    link = row.locator("td:nth-child(4) a").first
    target = link.get_attribute("title")
    link.click()
    page.wait_for_load_state()
    assert page.url.endswith("#" + target)
    assert page.locator(f'[id="{target}"]').is_visible()
    context.close()


def test_unformalised_box_and_coverage_page(server: str, browser) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(server + "engelmann1798/piquet.html")
    box = page.locator('article[data-id="engelmann1798.piquet.gesetze.16"] .sw-unformalised')
    assert box.is_visible() and box.inner_text().startswith("Not formalised:")
    page.goto(server + "coverage.html")
    assert page.locator("#coverage-totals").is_visible()
    context.close()
