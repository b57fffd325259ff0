"""The edition's search in headless Chromium: real queries against the built site.

The expected hits come from the TEI itself (``sitegen.render_tei.load_tei``, the blocks
the text pages show): a query must list every block whose reading or diplomatic text has
the word, each once, titled by chapter, number and page, and linking to the paragraph.
The index must not be fetched before the first search.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from sitegen.folding import fold, modern_forms, words
from sitegen.render_tei import load_tei
from tests.conftest import built

PAGE = "engelmann1798/piquet.html"
INDEX = "search/index.json"
CITATION_TEXT = re.compile(
    r"@(incollection|inbook|book)\{|urn:cts:|\bTY  -|\(accessed \d{4}-|https?://"
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    """Block id -> its reading and diplomatic text, for every block of a text page."""
    out: dict[str, str] = {}
    for path in sorted(built("tei").glob("*.xml")):
        for game in load_tei(path).games:
            for block in game.blocks():
                out[block.id] = block.text("reading") + " " + block.text("diplomatic")
    return out


def having(texts: dict[str, str], *forms: str) -> set[str]:
    """Ids of the blocks with one of ``forms`` as a word (compared as printed, ſ as s)."""
    wanted = set(forms)
    return {
        pid for pid, text in texts.items() if wanted & {w.replace("ſ", "s") for w in words(text)}
    }


def query(page: Page, text: str, every: bool = True) -> list[dict[str, str]]:
    """Type ``text`` into the search box; the results as href, id and title (all of them:
    "Show all" is pressed when there are more)."""
    box = page.get_by_role("searchbox", name="Search")
    box.fill("")
    box.type(text, delay=10)
    page.wait_for_function(
        "q => document.querySelector('.sw-search__status').textContent.includes('“' + q + '”')",
        arg=text.strip(),
        timeout=15000,
    )
    more = page.locator(".sw-search__more")
    if every and more.count():
        more.click()
        page.wait_for_function("() => !document.querySelector('.sw-search__more')")
        assert page.locator(".sw-search__panel").is_visible()
        assert page.evaluate("!!document.activeElement.closest('.sw-search__list li')")
    return page.locator(".sw-search__list a").evaluate_all(
        """as => as.map(a => ({href: a.href, id: a.dataset.id,
              title: a.querySelector('.sw-search__title').textContent,
              text: a.textContent}))"""
    )


def test_index_is_fetched_on_the_first_search_only(server: str, browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    requested: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.goto(server + PAGE, wait_until="networkidle")
    page.mouse.wheel(0, 2000)
    page.wait_for_timeout(500)
    assert requested and not [u for u in requested if INDEX in u], requested
    assert not [u for u in requested if "search_index" in u]  # no mkdocs index either
    box = page.get_by_role("searchbox", name="Search")
    assert box.is_visible()
    with page.expect_request(lambda r: INDEX in r.url):
        box.focus()
    page.goto(server + "glossary.html", wait_until="networkidle")  # cached, once per page
    context.close()


def test_real_queries_find_the_paragraphs_that_have_the_word(
    server: str, browser, texts: dict[str, str]
) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + PAGE)
    expected = {
        "daß": having(texts, "daß", "dass", "Daß", "Dass"),
        "Aß": having(texts, "Aß", "Ass"),
        "Theil": having(texts, "Theil", "Teil"),
        "Trumpf": having(texts, "Trumpf"),
        "Quinte": having(texts, "Quinte"),
        "Weli": having(texts, "Weli"),
    }
    for text, ids in expected.items():
        assert ids, f"no block has {text!r}: the oracle is empty"
        results = query(page, text)
        found = [r["id"] for r in results]
        assert len(found) == len(set(found)), f"{text}: a paragraph listed twice"
        assert ids <= set(found), (text, sorted(ids - set(found))[:5])
        # whole words (or their modern spelling) rank before longer words they begin
        keys = {fold(text), *(fold(m) for m in modern_forms(text))}
        assert keys & {fold(w) for w in words(texts[results[0]["id"]])}, (text, results[0])
    # sein finds the historical seyn, and the modern sein where the text has it
    seyn, sein = having(texts, "seyn"), having(texts, "sein")
    assert seyn
    found = {r["id"] for r in query(page, "sein")}
    assert seyn | sein <= found
    # the spelling typed ranks before its modern form: seyn first, then sein
    ranked = [r["id"] for r in query(page, "seyn")]
    assert set(ranked[: len(seyn)]) == seyn
    # a result shows the passage with the word, marked
    marked = page.locator(".sw-search__list li").first.locator("mark").all_inner_texts()
    assert "seyn" in {fold(m) for m in marked}, marked
    # the same paragraphs whichever way ß, ſ or an umlaut is typed
    assert {r["id"] for r in query(page, "dass")} == {r["id"] for r in query(page, "daß")}
    assert {r["id"] for r in query(page, "ſeyn")} == {r["id"] for r in query(page, "seyn")}
    assert {r["id"] for r in query(page, "Truempfe")} == {r["id"] for r in query(page, "Trümpfe")}
    assert not errors, errors
    context.close()


def test_results_are_titled_humanly_and_link_to_the_paragraph(server: str, browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(server + "index.html")
    results = [r for r in query(page, "Quinte") if "#term-" not in r["href"]]
    for r in results:
        assert r["href"].endswith("#" + r["id"])
        assert r["id"] not in r["title"] and ":" in r["title"]
        assert re.search(r", (§ \w+|law \w+|heading)(, p\. \S+)?$", r["title"]), r["title"]
    piquet = [r for r in results if "piquet.html#" in r["href"]]
    assert piquet and re.search(r"^Engelmann 1798: .*Piquet.*, § \d+, p\. \d+", piquet[0]["title"])
    # keyboard: arrow down to the first result, Enter opens the paragraph
    box = page.get_by_role("searchbox", name="Search")
    box.focus()
    page.keyboard.press("ArrowDown")
    focused = page.evaluate("document.activeElement.dataset.id")
    assert focused == results[0]["id"]
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.id") == results[1]["id"]
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    page.wait_for_url("**#" + results[0]["id"])
    assert page.locator(f'[id="{results[0]["id"]}"]').is_visible()
    # Escape closes the list and returns to the box
    box.focus()
    query(page, "Quinte", every=False)
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Escape")
    assert page.locator(".sw-search__panel").is_hidden()
    assert page.evaluate("document.activeElement.id") == "sw-search-input"
    context.close()


def test_an_english_query_finds_the_glossary(server: str, browser) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + PAGE)
    results = query(page, "follow suit")
    glossary = [r for r in results if "/glossary.html#term-" in r["href"]]
    assert glossary and glossary[0]["title"].startswith("Glossary, ")
    assert any(r["id"] == "term-farbe-bekennen" for r in glossary)
    page.goto(glossary[0]["href"])
    assert page.locator(f'[id="{glossary[0]["id"]}"]').count() == 1
    context.close()


def test_no_result_holds_citation_text(server: str, browser, texts: dict[str, str]) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + PAGE)
    for text in ("Berlin", "Engelmann", "urn", "accessed", "incollection", "Schwaighofer"):
        results = query(page, text)
        for r in results:
            assert not CITATION_TEXT.search(r["text"]), (text, r)
        # only blocks whose own text has the word (or a longer word it begins)
        key = fold(text)
        own = {pid for pid, t in texts.items() if any(fold(w).startswith(key) for w in words(t))}
        assert {r["id"] for r in results if "#term-" not in r["href"]} <= own, text
    berlin = query(page, "Berlin")
    assert len(berlin) < 5, [r["title"] for r in berlin]
    context.close()


def test_the_script_folds_every_word_as_the_index_builder_did(
    server: str, browser, texts: dict[str, str]
) -> None:
    """search.js and sitegen/folding.py give every word of the edition the same key and
    the same candidate modern spellings."""
    vocabulary = sorted({w for text in texts.values() for w in words(text)})
    context = browser.new_context()
    page = context.new_page()
    page.goto(server + PAGE)
    folded = page.evaluate(
        """async ws => { const s = window.stichwortSearch; await s.load();
              return ws.map(w => [s.fold(w), s.modernForms(w)]); }""",
        vocabulary,
    )
    assert len(vocabulary) > 3000
    for word, (key, forms) in zip(vocabulary, folded, strict=True):
        assert key == fold(word), word
        assert forms == modern_forms(word), word
    # words as a query is split (a query has no line breaks of the diplomatic layer)
    text = " ".join(t for t in texts.values() if "|" not in t)
    assert len(text) > 10000
    assert page.evaluate("t => window.stichwortSearch.words(t)", text) == list(words(text))
    context.close()
