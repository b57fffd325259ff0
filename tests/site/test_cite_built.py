"""The citations of the built site (``make edition``), read back as a reader's tools would:
every paragraph's CSL-JSON rendered by citeproc-py, every BibTeX entry parsed by
bibtexparser, every RIS record by rispy; the chapter pages' meta tags, COinS, DTS links,
page addresses and redirects."""

from __future__ import annotations

import json
import warnings
from functools import cache
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlsplit

import bibtexparser
import lxml.html
import pytest
import rispy
from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle
from citeproc import formatter as csl_formatter
from citeproc.source.json import CiteProcJSON

from sitegen.inputs import base_url
from sitegen.redirects import MOVED
from sitegen.render_tei import TeiDocument, load_tei
from sitegen.text_page import chapter_sections, read_page_data, section_page_path
from tests.conftest import built


@cache
def _documents() -> tuple[TeiDocument, ...]:
    return tuple(load_tei(path) for path in sorted(built("tei").glob("*.xml")))


def _site() -> Path:
    return built("site/index.html").parent


def _chapter_pages() -> list[tuple[TeiDocument, str, Path]]:
    """Every chapter page: (document, game id, built page)."""
    return [
        (doc, game.id, _site() / doc.siglum / f"{game.id.rsplit('.', 1)[-1]}.html")
        for doc in _documents()
        for game in doc.games
    ]


def _text_pages() -> list[Path]:
    """Every page that shows paragraphs: the chapter pages and the section pages of a
    long chapter (one page per section)."""
    pages = []
    for doc in _documents():
        for game in doc.games:
            pages.append(_site() / doc.siglum / f"{game.id.rsplit('.', 1)[-1]}.html")
            for section in chapter_sections(game):
                pages.append(
                    _site() / section_page_path(doc, game, section).replace(".md", ".html")
                )
    return pages


def _page_data(page: Path, tree: lxml.html.HtmlElement) -> dict[str, dict]:
    """The data file of a light text page (what its script shows on demand), by block id."""
    holder = tree.xpath("//*[@data-sw-data]")
    if not holder:
        return {}
    text = (page.parent / holder[0].get("data-sw-data")).read_text(encoding="utf-8").strip()
    return read_page_data(text)


@cache
def _boxes() -> list[
    tuple[str, Path, dict[str, str], lxml.html.HtmlElement, lxml.html.HtmlElement]
]:
    """Every "Cite this paragraph" box: (paragraph id, page, format -> text, article, the
    box's content: from the page's data file on a light page, else from the page)."""
    out = []
    for page in _text_pages():
        tree = lxml.html.parse(str(page)).getroot()
        data = _page_data(page, tree)
        for article in tree.xpath('//article[contains(@class, "sw-block")]'):
            pid = article.get("data-id")
            if pid in data:
                box = lxml.html.fragment_fromstring(data[pid]["cite"], create_parent="div")
            else:
                (box,) = article.xpath('.//details[contains(@class, "sw-cite")]')
            formats = {
                fmt.xpath('./p[@class="sw-cite__label"]')[0].text_content(): fmt.xpath(".//code")[
                    0
                ].text_content()
                for fmt in box.xpath('./div[@class="sw-cite__format"]')
            }
            out.append((pid, page, formats, article, box))
    return out


def test_every_paragraph_has_its_citations() -> None:
    paragraphs = {
        b.id
        for doc in _documents()
        for game in doc.games
        for b in game.blocks()
        if b.kind != "head"
    }
    boxes = _boxes()
    assert {pid for pid, *_ in boxes} == paragraphs
    for pid, _page, formats, *_ in boxes:
        assert set(formats) == {"Text", "BibTeX", "CSL-JSON", "RIS"}, pid


def test_every_csl_json_renders_with_citeproc() -> None:
    """No variable outside CSL (citeproc-py warns about those), type chapter or
    entry-encyclopedia with its container, and a bibliography entry naming both."""
    style = CitationStylesStyle("harvard-cite-them-right", validate=False)
    for pid, _page, formats, *_ in _boxes():
        items = json.loads(formats["CSL-JSON"])
        assert len(items) == 1 and items[0]["id"] == pid
        item = items[0]
        assert item["type"] in ("chapter", "entry-encyclopedia"), pid
        assert item["container-title"] and item["title"], pid
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # unsupported (non-standard) variables
            source = CiteProcJSON(items)
        bibliography = CitationStylesBibliography(style, source, csl_formatter.plain)
        bibliography.register(Citation([CitationItem(pid)]))
        [entry] = [str(e) for e in bibliography.bibliography()]
        assert item["title"] in entry and item["container-title"] in entry, (pid, entry)
        assert ("pierer1861" in pid) == (item["type"] == "entry-encyclopedia"), pid


def test_every_bibtex_entry_parses() -> None:
    for pid, _page, formats, *_ in _boxes():
        library = bibtexparser.parse_string(formats["BibTeX"])
        assert not library.failed_blocks, pid
        [entry] = library.entries
        assert entry.key == pid.replace(".", "_") and entry.key == entry.key.lower(), pid
        assert entry.entry_type in ("inbook", "incollection"), pid
        fields = {f.key: f.value for f in entry.fields}
        assert fields["title"] and fields["booktitle"] and pid in fields["note"], pid


def test_every_ris_record_parses_with_start_and_end_page() -> None:
    for pid, _page, formats, *_ in _boxes():
        [record] = rispy.loads(formats["RIS"])
        assert record["type_of_reference"] in ("CHAP", "ENCYC"), pid
        assert record["title"] and record["secondary_title"], pid
        assert record["start_page"] and record["end_page"], pid
        assert pid in record["notes"][0], pid


def test_chapter_pages_carry_zotero_meta() -> None:
    base = base_url()
    for doc, game_id, page in _chapter_pages():
        tree = lxml.html.parse(str(page)).getroot()
        meta: dict[str, list[str]] = {}
        for tag in tree.xpath("//head/meta[@name]"):
            meta.setdefault(tag.get("name"), []).append(tag.get("content"))
        game = next(g for g in doc.games if g.id == game_id)
        assert meta["citation_title"] == [game.label], page
        assert meta["citation_inbook_title"], page
        pages = [p for b in game.blocks() if b.kind != "head" for p in b.pages if p]
        assert meta["citation_firstpage"] == [pages[0]], page
        assert meta["citation_lastpage"] == [pages[-1]], page
        assert meta["citation_publication_date"], page
        assert not any("(" in a for a in meta.get("citation_author", [])), page
        url = meta.get("citation_public_url")
        assert url == ([base + page.relative_to(_site()).as_posix()] if base else None), page


def test_coins_and_dts_links_per_paragraph() -> None:
    site = _site()
    for pid, page, _formats, article, box in _boxes():
        (span,) = article.xpath('.//span[@class="Z3988"]')
        fields = dict(parse_qsl(span.get("title")))
        assert fields["rft.genre"] == "bookitem" and fields["rft.spage"], pid
        links = box.xpath('.//p[@class="sw-cite__dts"]/a/@href')
        assert len(links) == 2, pid
        for link in links:
            parts = urlsplit(link)
            base = base_url()
            if base:
                assert link.startswith(base + "dts/"), link
                path = site / unquote(link.removeprefix(base))
            else:
                assert not parts.scheme, link
                path = (page.parent / unquote(parts.path)).resolve()
            assert path.is_file(), link


def test_chapter_pages_link_their_dts_document_and_navigation() -> None:
    base = base_url()
    for doc, game_id, page in _chapter_pages():
        tree = lxml.html.parse(str(page)).getroot()
        links = tree.xpath('//p[@class="sw-model-links"]/a[contains(., "DTS")]/@href')
        ref = next(g for g in doc.games if g.id == game_id).urn.rsplit(":", 1)[1]
        assert [urlsplit(unquote(link)).path.rsplit("/", 1)[1] for link in links] == [
            f"{doc.siglum};ref={ref}.xml",
            f"{doc.siglum};ref={ref};down=1.json",
        ], page
        for link in links:
            if base:
                path = _site() / unquote(link.removeprefix(base))
            else:
                path = (page.parent / unquote(link)).resolve()
            assert path.is_file(), link


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_old_addresses_redirect(old: str, new: str) -> None:
    site = _site()
    assert (site / new).is_file()
    tree = lxml.html.parse(str(site / old)).getroot()
    (link,) = tree.xpath('//link[@rel="canonical"]/@href')
    target = link.removeprefix(base_url()) if base_url() else posixpath_join(old, link)
    assert target == new
    assert tree.xpath(f'//meta[@http-equiv="refresh"][contains(@content, "{link}")]')
    assert tree.xpath(f'//main//a[@href="{link}"]')


def posixpath_join(page: str, link: str) -> str:
    """The site path that a relative ``link`` on ``page`` points to."""
    import posixpath

    return posixpath.normpath(posixpath.join(posixpath.dirname(page), link))


def test_pages_are_named_by_ids() -> None:
    """Every chapter page is named by its division's id (``polizei472/dreisatz.html``),
    not by its citation number (``polizei472/10.html`` is only a redirect)."""
    site = _site()
    for doc in _documents():
        for game in doc.games:
            name = game.id.rsplit(".", 1)[-1]
            assert (site / doc.siglum / f"{name}.html").is_file(), game.id
    assert (site / "polizei472" / "dreisatz.html").is_file()
    assert (site / "polizei472" / "rougeetnoir.html").is_file()
    moved = {site / old for old in MOVED}
    for path in (site / "polizei472").glob("*.html"):
        assert not path.stem.isdigit() or path in moved, path


def test_citation_keys_are_lower_case() -> None:
    """The citation key of every division (its ``@n``, the URN's reference) is lower case
    like the ids: Pierer's entry is ``preference``, not ``Preference``."""
    for doc in _documents():
        for game in doc.games:
            assert game.n == game.n.lower(), game.id
            assert game.urn.rsplit(":", 1)[1] == game.urn.rsplit(":", 1)[1].lower(), game.id


def test_rules_index_links_resolve() -> None:
    """The rules overview links to pages that exist, the claims page among them."""
    page = _site() / "rules" / "index.html"
    tree = lxml.html.parse(str(page)).getroot()
    (content,) = tree.xpath('//*[@class="md-content"]')
    targets = set()
    for href in content.xpath(".//a/@href"):
        parts = urlsplit(href)
        if parts.scheme or not parts.path:
            continue
        target = (page.parent / unquote(parts.path)).resolve()
        assert target.is_file(), href
        targets.add(target)
    assert (_site() / "claims.html").resolve() in targets
