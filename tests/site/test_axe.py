"""Accessibility of the built edition: axe-core's WCAG 2.2 AA rules on every page of
build/site, in the light and the dark theme; headings, repair marks and keyboard.

axe-core comes from npm (``tests/site/axe/package-lock.json``; ``make test`` runs
``npm ci`` there) and runs in the system Chromium through Playwright, as in
test_browser.py.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests.conftest import built

AXE = Path(__file__).parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
THEMES = ("default", "slate")
"""Material's palettes: light (``default``) and dark (``slate``)."""
PIQUET = "engelmann1798/piquet.html"

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run `npm ci` in tests/site/axe (make test does)")
    return AXE.read_text(encoding="utf-8")


def site_pages() -> list[str]:
    """Every HTML page of build/site, relative to it."""
    site = built("site/index.html").parent
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))


def set_theme(page: Page, scheme: str) -> None:
    """Switch Material's palette the way its toggle does (``data-md-color-scheme``)."""
    page.evaluate(
        """s => { document.body.setAttribute('data-md-color-scheme', s);
                  return new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r))); }""",
        scheme,
    )


def run_axe(page: Page, axe_source: str) -> list[dict]:
    """axe-core's WCAG 2.2 AA violations on the loaded page: rule, count, first targets."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(content=axe_source)
    return page.evaluate(
        """async tags => {
            const r = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                               resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, count: v.nodes.length,
                targets: v.nodes.slice(0, 3).map(n => n.target.join(' ') + ' ' +
                                               (n.failureSummary || '').slice(0, 160))}));
        }""",
        TAGS,
    )


def test_every_page_has_no_wcag_violations_in_either_theme(
    server: str, browser, axe_source: str
) -> None:
    pages = site_pages()
    assert len(pages) > 20 and PIQUET in pages
    # reduced motion: Material then switches palettes without colour transitions
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    found: dict[str, list[dict]] = {}
    for path in pages:
        page.goto(server + path, wait_until="load")
        for scheme in THEMES:
            set_theme(page, scheme)
            assert page.evaluate("document.body.dataset.mdColorScheme") == scheme
            violations = run_axe(page, axe_source)
            if violations:
                found[f"{scheme} {path}"] = violations
    context.close()
    total = sum(v["count"] for vs in found.values() for v in vs)
    assert not found, f"{total} violations: {found}"


@pytest.mark.parametrize("layer", ["diplomatic", "raw"])
@pytest.mark.parametrize("scheme", THEMES)
def test_other_text_layers_have_no_wcag_violations(
    server: str, browser, axe_source: str, scheme: str, layer: str
) -> None:
    """The diplomatic and raw layers (page furniture, line breaks, OCR damage) of Piquet."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    page = context.new_page()
    page.goto(server + PIQUET)
    set_theme(page, scheme)
    switch = page.locator(".sw-pageinfo .sw-layer-switch")
    switch.locator(f'button[data-layer="{layer}"]').click()
    # the layer comes from the page's data file, fetched on the click
    page.locator(f".sw-layer--{layer}").first.wait_for(state="visible", timeout=15000)
    violations = run_axe(page, axe_source)
    context.close()
    assert not violations, violations


def test_headings_are_in_order_and_name_paragraphs(server: str, browser) -> None:
    """No page skips a heading level; paragraph headings read "§ N", not ids."""
    context = browser.new_context()
    page = context.new_page()
    jumps: dict[str, list[str]] = {}
    for path in site_pages():
        page.goto(server + path, wait_until="domcontentloaded")
        levels = page.evaluate(
            """() => [...document.querySelectorAll('.md-content h1, .md-content h2, '
                + '.md-content h3, .md-content h4, .md-content h5, .md-content h6')]
                .map(h => +h.tagName[1])"""
        )
        bad = [f"h{a}->h{b}" for a, b in itertools.pairwise(levels) if b > a + 1]
        if levels and levels[0] != 1:
            bad.insert(0, f"starts at h{levels[0]}")
        if bad:
            jumps[path] = bad
    page.goto(server + PIQUET)
    labels = page.locator(".sw-block--p .sw-label").all_inner_texts()
    ids = page.locator(".sw-block--p").evaluate_all("bs => bs.map(b => b.dataset.id)")
    context.close()
    assert not jumps, jumps
    assert len(labels) == len(ids) > 10
    assert all(label.startswith("§ ") for label in labels), labels[:5]
    assert not any(i in label for i, label in zip(ids, labels, strict=True))
    # the printed paragraph numbers where the TEI gives them
    numbers = [label.removeprefix("§ ") for label in labels]
    assert sum(n.isdigit() for n in numbers) > len(numbers) // 2


def _ax_texts(page: Page) -> list[str]:
    """The names of every node of Chromium's accessibility tree, in document order: what a
    screen reader reads when it reads the page through."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    cdp.detach()
    return [
        (n.get("name") or {}).get("value", "")
        for n in nodes
        if not n.get("ignored") and (n.get("role") or {}).get("value") in ("StaticText", "text")
    ]


def test_repair_marks_are_described_without_focus(server: str, browser) -> None:
    """Reading the text through, a screen reader meets each mark's original right after
    the repaired word, without focusing the mark; the tip is not shown on screen."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + PIQUET)
    marks = page.locator(".sw-layer--reading .sw-mark.sw-corr")
    assert marks.count() > 10
    texts = _ax_texts(page)
    assert page.evaluate("document.activeElement === document.body")
    for k in (0, marks.count() // 2, marks.count() - 1):
        mark = marks.nth(k)
        tip = mark.get_attribute("data-tip") or ""
        assert tip and any(tip in t for t in texts), (tip, [t for t in texts if "·" in t][:5])
        box = mark.evaluate(
            "e => { const s = getComputedStyle(e, '::after'); return [s.width, s.clipPath]; }"
        )
        assert box == ["1px", "inset(50%)"], box  # visually hidden until hover or focus
    context.close()


def _tab_stops(page: Page, limit: int = 5000) -> list[str]:
    """The elements reached by pressing Tab from the top until focus leaves the page."""
    page.evaluate("document.activeElement && document.activeElement.blur()")
    seen: list[str] = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        key = page.evaluate(
            """() => { const e = document.activeElement;
                if (!e || e === document.body) return null;
                if (!e.dataset.swTabKey) e.dataset.swTabKey = String(Math.random());
                return e.dataset.swTabKey + ' ' + e.tagName + '.' + e.className; }"""
        )
        if key is None or (seen and key == seen[0]):
            break
        seen.append(key)
    return seen


def test_keyboard_moves_by_paragraph_and_arrows_move_between_marks(server: str, browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + PIQUET)
    with_marks = page.evaluate(
        """() => [...document.querySelectorAll('.sw-layer')].filter(
            l => l.getClientRects().length && l.querySelector('.sw-mark')).length"""
    )
    assert with_marks > 5
    stops = _tab_stops(page)
    marks = [s for s in stops if "sw-mark" in s]
    legend = page.locator(".sw-legend .sw-mark").count() > 0
    # one stop per paragraph with marks (its first mark), not one per mark
    assert len(marks) == with_marks + legend
    assert page.locator(".sw-layer--reading .sw-mark").count() > 2 * len(marks)
    # the layer buttons of a paragraph are one stop too
    buttons = [s for s in stops if "sw-layer-button" in s]
    assert len(buttons) == page.locator(".sw-layer-switch").count()

    block = (
        page.locator(".sw-block--p")
        .filter(has=page.locator(".sw-layer--reading .sw-mark:nth-of-type(2)"))
        .first
    )
    layer_marks = block.locator(".sw-layer--reading .sw-mark")
    first, second = layer_marks.nth(0), layer_marks.nth(1)
    first.focus()
    page.keyboard.press("ArrowRight")
    assert second.evaluate("e => e === document.activeElement")
    assert second.get_attribute("tabindex") == "0" and first.get_attribute("tabindex") == "-1"
    page.keyboard.press("ArrowLeft")
    assert first.evaluate("e => e === document.activeElement")
    page.keyboard.press("End")
    assert layer_marks.last.evaluate("e => e === document.activeElement")
    page.keyboard.press("Home")
    assert first.evaluate("e => e === document.activeElement")
    context.close()


def test_web_font_draws_the_diplomatic_layer(server: str, browser) -> None:
    """The diplomatic text is set in the shipped font, which has its special letters."""
    context = browser.new_context()
    page = context.new_page()
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(r.url))
    page.goto(server + PIQUET)
    page.locator(".sw-pageinfo .sw-layer-switch button[data-layer=diplomatic]").click()
    text = page.locator(".sw-layer--diplomatic").first
    text.wait_for(state="visible", timeout=15000)  # fetched from the page's data file
    family = text.evaluate("e => getComputedStyle(e).fontFamily")
    assert family.startswith('"Stichwort Serif"'), family
    loaded = page.evaluate(
        """async () => { await document.fonts.ready;
            await document.fonts.load('16px "Stichwort Serif"', 'ſ⸗');
            return [document.fonts.check('16px "Stichwort Serif"', 'ſ⸗\u0364'),
                    [...document.fonts].filter(f => f.status === 'loaded').map(f => f.family)]; }"""
    )
    assert loaded[0] and "Stichwort Serif" in [f.strip('"') for f in loaded[1]], loaded
    assert not [u for u in failed if "/fonts/" in u], failed
    context.close()
