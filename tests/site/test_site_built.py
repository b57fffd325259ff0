"""The site built from the real build outputs (``make edition``): pages, ids, claims, strict mkdocs."""

from __future__ import annotations

import json
from pathlib import Path

from sitegen.build import build_site
from sitegen.render_tei import load_tei
from sitegen.text_page import chapter_sections, read_page_data, section_page_path
from tests.conftest import BUILD, built


def test_site_has_the_edition_pages() -> None:
    site = built("site/index.html").parent
    for page in (
        "engelmann1798/piquet.html",
        "rules/index.html",
        "claims.html",
        "glossary.html",
        "downloads.html",
        "principles.html",
        "downloads/SHA256SUMS",
    ):
        assert (site / page).exists(), page


def test_every_encoded_block_has_its_anchor() -> None:
    site = built("site/index.html").parent
    for tei in sorted(built("tei").glob("*.xml")):
        doc = load_tei(tei)
        for game in doc.games:
            name = game.id.rsplit(".", 1)[-1]
            html = (site / doc.siglum / f"{name}.html").read_text(encoding="utf-8")
            shown = {b.id: html for b in game.blocks()}
            for section in chapter_sections(game):  # a long chapter: one page per section
                page = site / section_page_path(doc, game, section).replace(".md", ".html")
                shown.update(
                    dict.fromkeys((b.id for b in section.blocks()), page.read_text("utf-8"))
                )
            for block in game.blocks():
                assert f'id="{block.id}"' in html, block.id  # the old address stays
                assert f'id="{block.id}"' in shown[block.id], block.id
                if block.kind != "head":
                    assert f'href="#{block.id}"' in shown[block.id], block.id


def test_claims_page_matches_claims_json() -> None:
    claims = json.loads(built("claims.json").read_text(encoding="utf-8"))
    html = built("site/claims.html").read_text(encoding="utf-8")
    for claim in claims:
        assert f'<tr id="{claim["id"]}" class="sw-claim sw-claim--{claim["status"]}">' in html, (
            claim["id"]
        )


def test_every_rule_on_its_rules_page() -> None:
    from rules.registry import all_rules

    site = built("site/index.html").parent
    for info in all_rules():
        html = (site / "rules" / f"{info.game}.html").read_text(encoding="utf-8")
        assert f'id="{info.name}"' in html, info.name


def test_mkdocs_strict_on_real_outputs(tmp_path: Path) -> None:
    built("tei")
    built("claims.json")
    build_site(BUILD, tmp_path / "docs", site_dir=tmp_path / "site")
    assert (tmp_path / "site" / "engelmann1798" / "piquet.html").exists()
    assert (tmp_path / "docs" / "downloads" / "claims.json").read_bytes() == (
        BUILD / "claims.json"
    ).read_bytes()


def test_conformance_page_when_documented() -> None:
    from sitegen.downloads import ADAPTER_DOC

    if ADAPTER_DOC.exists():
        assert built("site/conformance.html").exists()
        assert 'href="conformance.html"' in built("site/downloads.html").read_text(encoding="utf-8")


def test_pierer_gaps_on_the_built_page() -> None:
    """Both gaps of Pierer's Preference: a marker in each layer that says the figure is
    lost in our witness (not "in the print"), with reason, certainty and description in
    the tooltip and in an entry under the paragraph that the marker points to."""
    import lxml.html

    page = built("site/pierer1861/preference.html")
    tree = lxml.html.parse(str(page)).getroot()
    assert "lost in the print" not in page.read_text(encoding="utf-8")
    expected = {
        "pierer1861.preference.gap1": ("pierer1861.preference.p1", "", "scoring figure"),
        "pierer1861.preference.gap2": ("pierer1861.preference.p6", "medium", "second figure"),
    }
    for gap_id, (block_id, cert, words) in expected.items():
        marks = tree.xpath(f'//span[contains(@class, "sw-gap")][@aria-describedby="{gap_id}"]')
        assert len(marks) == 1, gap_id  # the reading text
        assert marks[0].xpath(f'ancestor::article[@data-id="{block_id}"]'), gap_id
        # the diplomatic and raw layers, from the page's data file
        data = (page.parent / "preference.data.js").read_text(encoding="utf-8").strip()
        layers = read_page_data(data)[block_id]
        for layer in ("diplomatic", "raw"):
            marks += lxml.html.fragment_fromstring(layers[layer], create_parent="p").xpath(
                f'.//span[contains(@class, "sw-gap")][@aria-describedby="{gap_id}"]'
            )
        assert len(marks) == 3, gap_id
        for mark in marks:
            assert "lost in our witness" in mark.text_content()
            assert mark.get("tabindex") == "0" and mark.get("data-reason") == "lost"
            assert "reason: lost" in mark.get("data-tip") and words in mark.get("data-tip")
            assert ("certainty: medium" in mark.get("data-tip")) == bool(cert)
        (entry,) = tree.xpath(f'//*[@id="{gap_id}"]')
        assert entry.xpath(f'ancestor::article[@data-id="{block_id}"]'), gap_id
        text = " ".join(entry.text_content().split())
        assert "reason: lost" in text and words in text, text
        assert ("certainty: medium" in text) == bool(cert), text
        assert ("probably lost in our witness" in text) == bool(cert), text


def test_every_download_link_resolves() -> None:
    """Every link of the built downloads page reaches a file of the site (or an anchor of
    a page that has it); claims.json, coverage.json and the vectors are among them, as
    copied from the build, and SHA256SUMS lists exactly the linked data files."""
    import hashlib
    from urllib.parse import unquote, urlsplit

    import lxml.html

    site = built("site/index.html").parent
    page = site / "downloads.html"
    tree = lxml.html.parse(str(page)).getroot()
    content = tree.xpath('//*[contains(@class, "md-content")]')[0]
    data: set[str] = set()
    for a in content.iter("a"):
        parts = urlsplit(a.get("href", ""))
        if parts.scheme or not parts.path:
            continue
        target = (page.parent / unquote(parts.path)).resolve()
        assert target.is_file(), a.get("href")
        if parts.fragment:
            assert f'id="{parts.fragment}"' in target.read_text(encoding="utf-8"), a.get("href")
        if parts.path.startswith("downloads/") and parts.path != "downloads/SHA256SUMS":
            data.add(parts.path.removeprefix("downloads/"))
    assert {"claims.json", "coverage.json", "vectors/piquet.json"} <= data
    for name in ("claims.json", "coverage.json"):
        assert (site / "downloads" / name).read_bytes() == built(name).read_bytes(), name
    sums = (site / "downloads" / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    listed = {line.split("  ", 1)[1]: line.split("  ", 1)[0] for line in sums}
    assert set(listed) == data
    for name, digest in listed.items():
        assert hashlib.sha256((site / "downloads" / name).read_bytes()).hexdigest() == digest


def test_glossary_links_only_in_the_chapters_of_each_terms_games() -> None:
    """On the built glossary every link of a term goes to a paragraph of a chapter of one
    of its games (or of a section outside all chapters that its rules cite, such as
    Perlaggen's appendix of laws): none for Auge ('eyes') in Watten, one for Stich in
    Piquet."""
    import lxml.html

    from rules.registry import all_rules, games
    from sitegen.glossary import load_glossary

    chapters = {name: game.chapter for name, game in games().items()}
    appendices: dict[str, set[str]] = {}
    for info in all_rules():
        for pid in info.paragraphs:
            section = ".".join(pid.split(".")[:2])
            if section not in chapters.values():
                appendices.setdefault(info.game, set()).add(section)
    tree = lxml.html.parse(str(built("site/glossary.html"))).getroot()
    linked: dict[str, set[str]] = {}
    for term in load_glossary():
        entry = tree.get_element_by_id(term.anchor).getnext()
        targets = {a.get("href", "").split("#", 1)[1] for a in entry.iter("a")}
        ours = tuple(f"{s}." for g in term.games for s in (chapters[g], *appendices.get(g, ())))
        assert all(t.startswith(ours) for t in targets), (term.term, targets)
        for game, _why in term.not_in:
            assert not any(t.startswith(f"{chapters[game]}.") for t in targets), (term.term, game)
        linked[term.term] = targets
    watten = chapters["watten"] + "."
    assert not any(t.startswith(watten) for t in linked["Auge"])
    assert any(t.startswith(chapters["piquet"] + ".") for t in linked["Stich"])
    assert any(t.startswith(watten) for t in linked["Stich"])
