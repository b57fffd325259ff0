"""Hostile text in the corpus (headings, corrections and their notes, the ``label``
and bibliography of ``meta.toml``) reaches every page only as text: in the body, the
navigation, ``<title>``, the page header and ``<meta name="description">``. The site
is built from a synthetic source, pages and mkdocs both."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import lxml.html
import pytest

from sitegen import inputs
from sitegen.build import build_site
from tei.build import build_tei
from tests.tei.teisynth import write_files

SCRIPT = '<script>alert("x")</script>'
ATTRIBUTE = '"><img src=x onerror=alert(2)>'
CLOSE = "</script></title><script>alert(3)</script>"
ATTR_LIST = '{: onclick="alert(4)" }'
QUOTE = "' onmouseover='alert(5)"
PAYLOADS = (SCRIPT, ATTRIBUTE, CLOSE, ATTR_LIST, QUOTE)
MARKUP = (SCRIPT, ATTRIBUTE, CLOSE)  # markup if found as it is; the others only in a tag
HOSTILE = " ".join(PAYLOADS)

HEAD = "Das Spiel. "
PARA = "Man ſpielt es zu zweien mit Karten. "
SIGLUM = "evil1800"


def _source(root: Path) -> None:
    raw = HEAD + PARA + "Wer falſch giebt, verliert. "
    blocks = [
        {"id": "spiel.head", "kind": "head", "div": "spiel", "start": 0, "end": len(HEAD)},
        {
            "id": "spiel.p1",
            "kind": "p",
            "div": "spiel",
            "type": "rule",
            "start": len(HEAD),
            "end": len(HEAD) + len(PARA),
        },
        {
            "id": "spiel.p2",
            "kind": "p",
            "div": "spiel",
            "type": "rule",
            "start": len(HEAD) + len(PARA),
            "end": len(raw),
        },
    ]
    divs = [{"id": "spiel", "type": "game", "start": 0, "end": len(raw)}]
    at = raw.index("Karten")
    corrections = [
        {  # the heading's reading text is hostile
            "at": 0,
            "sic": "Das Spiel.",
            "corr": "Das Spiel " + HOSTILE,
            "kind": "editorial",
            "cert": "low",
            "note": "heading note " + HOSTILE,
        },
        {
            "at": at,
            "sic": "Karten",
            "corr": "Karten " + HOSTILE,
            "kind": "ocr",
            "cert": "low",
            "note": "correction note " + HOSTILE,
        },
    ]
    write_files(root, SIGLUM, raw, divs, blocks, (), corrections)


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("corpus")
    _source(root)
    build = tmp_path_factory.mktemp("build")
    build_tei([SIGLUM], build / "tei", root=root)
    meta = {
        "label": "Label " + HOSTILE,
        "bibl": {"author": "Author " + HOSTILE, "title": "Title " + HOSTILE, "date": "1800"},
    }
    patch = pytest.MonkeyPatch()
    patch.setattr(inputs, "load_sources", lambda: {SIGLUM: meta})
    patch.setattr(inputs, "load_rules", lambda: [])
    try:
        build_site(build, build / "docs", site_dir=build / "site", today=dt.date(2026, 12, 2))
    finally:
        patch.undo()
    return build / "site"


def _pages(site: Path) -> list[Path]:
    pages = sorted(site.rglob("*.html"))
    assert len(pages) >= 6
    return pages


def test_no_payload_survives_unescaped_in_any_page(hostile_site: Path) -> None:
    for page in _pages(hostile_site):
        html = page.read_text(encoding="utf-8")
        for payload in MARKUP:
            assert payload not in html, (page, payload)
        tree = lxml.html.fromstring(html)
        for element in tree.iter():
            if not isinstance(element.tag, str):
                continue
            handlers = [name for name in element.attrib if name.lower().startswith("on")]
            assert not handlers, (page, element.tag, handlers)
            if element.tag == "script":
                assert "alert" not in (element.text or ""), page
            if element.tag == "img":
                assert element.get("src") != "x", page
            for value in element.attrib.values():
                assert not value.strip().lower().startswith("javascript:"), page


def test_the_payloads_are_shown_as_text_where_they_reach(hostile_site: Path) -> None:
    (page,) = hostile_site.glob(f"{SIGLUM}/*.html")
    tree = lxml.html.parse(str(page)).getroot()
    title = tree.findtext(".//title") or ""
    description = tree.find(".//meta[@name='description']").get("content")  # type: ignore[union-attr]
    header = tree.find_class("md-header__topic")[-1].text_content()
    nav = " ".join(a.text_content() for a in tree.iter("a") if "md-nav__link" in a.get("class", ""))
    body = tree.find_class("md-content")[0].text_content()
    for payload in (SCRIPT, ATTRIBUTE, CLOSE, QUOTE):
        assert payload in title, (payload, title)
        assert payload in description, payload
        assert payload in " ".join(header.split()), payload
        assert payload in " ".join(body.split()), payload
    assert "Label " + SCRIPT in " ".join(nav.split())
    book = tree.find(".//meta[@name='citation_inbook_title']").get("content")  # type: ignore[union-attr]
    assert book == "Title " + HOSTILE
    chapter = tree.find(".//meta[@name='citation_title']").get("content")  # type: ignore[union-attr]
    assert chapter == "Das Spiel " + HOSTILE
    # the apparatus' evidence comes from the page's data file, as escaped HTML
    (data,) = hostile_site.glob(f"{SIGLUM}/*.data.js")
    text = data.read_text(encoding="utf-8").strip()
    entries = json.loads(text.removeprefix("window.swPageData(").removesuffix(");"))
    parts = [html for entry in entries.values() for html in _strings(entry)]
    for html in parts:
        for payload in MARKUP:
            assert payload not in html, (data, payload)
    shown = " ".join(
        lxml.html.fragment_fromstring(h, create_parent="div").text_content() for h in parts
    )
    assert "correction note " + SCRIPT in shown


def _strings(value: object) -> list[str]:
    """The strings of a JSON value (the HTML parts of a data file's entry)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    return []


def test_no_payload_in_the_pages_written_for_mkdocs(hostile_site: Path) -> None:
    docs = hostile_site.parent / "docs"
    for path in docs.rglob("*.md"):
        text = path.read_text(encoding="utf-8")
        if text.startswith("---\n"):  # front matter: data, escaped by the theme or by us
            text = text[text.index("\n---\n", 4) + 5 :]
        for payload in PAYLOADS:
            assert payload not in text, (path, payload)
    nav = json.loads((docs / ".nav.json").read_text(encoding="utf-8"))
    labels = json.dumps(nav, ensure_ascii=False)
    assert "&lt;script&gt;" in labels and SCRIPT not in labels
