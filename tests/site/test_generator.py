"""The page generator on a temporary build directory (fixture TEI, claims and rules)."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from sitegen.build import build_site, mkdocs_config
from sitegen.glossary import load_glossary
from sitegen.text_page import read_page_data
from tests.site.conftest import CLAIMS, TODAY


def _pages(fake_build: Path) -> Path:
    docs = fake_build / "docs"
    build_site(fake_build, docs, run_mkdocs=False, today=TODAY)
    return docs


def _data(fake_build: Path, page: str) -> dict[str, dict]:
    """The data file of a text page (written by the build beside the page)."""
    text = (fake_build / "docs" / f"{page}.data.js").read_text(encoding="utf-8").strip()
    assert text.startswith("window.swPageData(") and text.endswith(");")
    return read_page_data(text)


def test_pages_written(fake_build: Path) -> None:
    docs = _pages(fake_build)
    for page in (
        "index.md",
        "x1800/piquet.md",
        "rules/index.md",
        "rules/piquet.md",
        "claims.md",
        "glossary.md",
        "downloads.md",
        "principles.md",
    ):
        assert (docs / page).exists(), page
    nav = json.loads((docs / ".nav.json").read_text(encoding="utf-8"))
    assert nav[0] == {"Home": "index.md"}
    assert {"Texts": [{"x1800: Das Piquetspiel": "x1800/piquet.md"}]} in nav


def test_game_page_paragraph(fake_build: Path) -> None:
    text = (_pages(fake_build) / "x1800/piquet.md").read_text(encoding="utf-8")
    assert text.startswith("---\n") and "# Das Piquetspiel. {#x1800.piquet.head lang=de}" in text
    assert "## Gesetze. {#x1800.piquet.gesetze.head lang=de}" in text
    start = text.index('data-id="x1800.piquet.p1"')
    block = text[start : text.index("</article>", start)]
    assert 'id="x1800.piquet.p1"' in block and 'href="#x1800.piquet.p1"' in block
    assert ">§ 1<" in block and 'title="Permalink to x1800.piquet.p1"' in block
    # the citation box's content (with the URN) is in the page's data file
    data = (_pages(fake_build) / "x1800/piquet.data.js").read_text(encoding="utf-8")
    assert "urn:cts:stichwort:x1800.probe:piquet.1" in data
    assert "p. 3–4" in block
    assert "sw-layer--reading" in block and 'lang="de"' in block
    assert '<a class="sw-rule-link" href="../rules/piquet.html#piquet.dame_value" title=' in block
    assert 'data-passed="1" data-failed="0"' in block
    assert "Emendation" in block and "sw-doubt-note" in block  # cert low emendation
    assert "Cite this paragraph" in block
    assert "\n\n" not in block  # one HTML block for Markdown
    # the other layers, the claims, the TEI and the citations: in the page's data file
    assert 'data-sw-data="piquet.data.js"' in text
    entry = _data(fake_build, "x1800/piquet")["x1800.piquet.p1"]
    assert "sw-layer" not in entry["diplomatic"] and "ſ" in entry["diplomatic"]
    assert "Spiet" in entry["raw"] and "x1800.c1" in entry["claims-box"]
    assert "@inbook{x1800_piquet_p1" in entry["cite"]


def test_failed_claim_badge(fake_build: Path) -> None:
    text = (_pages(fake_build) / "x1800/piquet.md").read_text(encoding="utf-8")
    law = text[text.index('data-id="x1800.piquet.gesetze.1"') :]
    assert "sw-badge--failed" in law and 'data-failed="1"' in law
    claims = _data(fake_build, "x1800/piquet")["x1800.piquet.gesetze.1"]["claims-box"]
    assert "expected the deal to be lost" in claims


def test_rules_and_claims_pages(fake_build: Path) -> None:
    docs = _pages(fake_build)
    rules = (docs / "rules/piquet.md").read_text(encoding="utf-8")
    assert "## `piquet.dame_value` {#piquet.dame_value}" in rules
    assert "```python\ndef dame_value() -> int:" in rules
    assert 'href="../x1800/piquet.html#x1800.piquet.p1"' in rules
    assert "x1800.piquet.p99" in rules and "sw-missing" in rules  # cited, not encoded
    claims = (docs / "claims.md").read_text(encoding="utf-8")
    for claim in CLAIMS:
        assert f'id="{claim["id"]}"' in claims
    assert "1 passed, 1 failed" in claims
    assert ":~:text=die%20Dame%20gilt%2030" in claims


def test_downloads_with_checksums(fake_build: Path) -> None:
    docs = _pages(fake_build)
    sums = (docs / "downloads/SHA256SUMS").read_text(encoding="utf-8").splitlines()
    names = {line.split("  ")[1] for line in sums}
    assert {"tei/x1800.xml", "vectors/piquet.json", "claims.json"} <= names
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256((docs / "downloads" / name).read_bytes()).hexdigest() == digest
    page = (docs / "downloads.md").read_text(encoding="utf-8")
    assert "stichwort conform" in page and "[tei/x1800.xml](downloads/tei/x1800.xml)" in page


def test_glossary_data() -> None:
    terms = load_glossary()
    names = {t.term for t in terms}
    assert {"Stich", "Trumpf", "Rummel", "Vorhand", "Talon", "Repic", "Capot", "Weli"} <= names
    assert len({t.anchor for t in terms}) == len(terms)
    assert all(t.gloss and t.forms for t in terms)


def test_glossary_links_occurrences(fake_build: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sitegen import glossary

    # the fixture's x1800.piquet stands for the chapter Piquet is played from
    monkeypatch.setattr(glossary, "game_sections", lambda edition: {"piquet": ("x1800.piquet",)})
    text = (_pages(fake_build) / "glossary.md").read_text(encoding="utf-8")
    stich = text[text.index("{#term-stich ") :]
    assert 'href="x1800/piquet.html#x1800.piquet.gesetze.1"' in stich.split("## ")[0]
    auge = text[text.index("{#term-auge ") :].split("## ")[0]
    assert "In another sense, not linked: " in auge
    assert "watten: Augen &#39;eyes&#39; (signals with the eyes)" in auge


def test_glossary_links_only_in_the_chapters_of_its_games(
    fake_build: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sitegen import glossary
    from sitegen.inputs import load_edition

    edition = load_edition(fake_build, today=TODAY)
    monkeypatch.setattr(glossary, "game_sections", lambda edition: {"piquet": ("x1800.piquet",)})
    stich = glossary.Term("Stich", ("sticht",), (), ("piquet",), "A trick.")
    assert glossary.occurrences(stich, edition) == ["x1800.piquet.p2"]
    elsewhere = glossary.Term(
        "Stich", ("sticht",), (), ("watten",), "A trick.", not_in=(("piquet", "another sense"),)
    )
    assert glossary.occurrences(elsewhere, edition) == []


def test_refuses_foreign_docs_dir(tmp_path: Path, fake_build: Path) -> None:
    import pytest

    from sitegen.build import SiteError

    docs = tmp_path / "mine"
    docs.mkdir()
    (docs / "notes.md").write_text("keep me", encoding="utf-8")
    with pytest.raises(SiteError):
        build_site(fake_build, docs, run_mkdocs=False)
    assert (docs / "notes.md").exists()


def test_mkdocs_strict_build_on_fixture(fake_build: Path) -> None:
    docs = fake_build / "docs"
    build_site(fake_build, docs, today=TODAY)
    config = mkdocs_config(fake_build, docs)
    assert config.name == "docs.mkdocs.yml"
    html = (fake_build / "site/x1800/piquet.html").read_text(encoding="utf-8")
    assert 'id="x1800.piquet.p1"' in html and "Spiet" in html
    assert '<html lang="en"' in html
    assert 'name="citation_title"' in html
    for page in (fake_build / "site").rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        tags = re.findall(r"<(?:script|link|img|iframe)\b[^>]*>", text)
        external = [
            t
            for t in tags
            if re.search(r'(?:src|href)="(?:https?:)?//', t) and "canonical" not in t
        ]
        assert not external, (page, external)


def test_doubtful_readings_listed(fake_build: Path) -> None:
    text = (_pages(fake_build) / "x1800/piquet.md").read_text(encoding="utf-8")
    doubts = text[text.index("## Doubtful readings") :]
    assert '<a href="#x1800.piquet.p1">x1800.piquet.p1</a>' in doubts and "Da me" in doubts


def test_tei_source_of_each_paragraph(fake_build: Path) -> None:
    text = (_pages(fake_build) / "x1800/piquet.md").read_text(encoding="utf-8")
    start = text.index('data-id="x1800.piquet.p1"')
    block = text[start : text.index("</article>", start)]
    assert "<summary>TEI XML</summary>" in block
    tei = _data(fake_build, "x1800/piquet")["x1800.piquet.p1"]["tei"]
    assert "&lt;sic&gt;Spiet&lt;/sic&gt;" in tei and "xml:id=&#34;x1800.piquet.p1&#34;" in tei
