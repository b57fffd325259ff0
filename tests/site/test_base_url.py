"""The published base URL is configuration: without one no domain is made up; with one,
every permalink, canonical link, citation and the sitemap use it (fixture site)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlsplit

import lxml.html
import pytest

from sitegen.build import SiteError, build_site
from sitegen.inputs import BASE_URL_ENV, InputError, base_url
from sitegen.redirects import write_redirects
from sitegen.text_page import read_page_data
from stichwort.cli import main
from tests.site.conftest import TODAY

BASE = "https://edition.test/stichwort/"
ABSOLUTE = re.compile(r"https?://[^\s\"'<>)\]]+")


def _site(fake_build: Path, monkeypatch: pytest.MonkeyPatch, base: str | None) -> Path:
    if base is None:
        monkeypatch.delenv(BASE_URL_ENV, raising=False)
    else:
        monkeypatch.setenv(BASE_URL_ENV, base)
    build_site(fake_build, fake_build / "docs", today=TODAY)
    return fake_build / "site"


def _own_urls(site: Path) -> list[tuple[Path, str]]:
    """Absolute URLs of files of the site itself: http(s) URLs whose path ends in the
    path of a file of the site (or of its DTS API)."""
    found = []
    for path in site.rglob("*"):
        if path.suffix not in (".html", ".xml", ".json", ".md", ".js") or "search" in path.parts:
            continue
        if path.suffix == ".js" and not path.name.endswith(".data.js"):
            continue
        for url in ABSOLUTE.findall(path.read_text(encoding="utf-8")):
            parts = urlsplit(url).path.strip("/").split("/")
            tails = ["/".join(parts[k:]) for k in range(len(parts)) if parts[k]]
            if any((site / tail).is_file() or tail.startswith("dts/") for tail in tails):
                found.append((path, url))
    return found


def _cite_boxes(page_path: Path) -> dict[str, lxml.html.HtmlElement]:
    """Each paragraph's citation box content by paragraph id: from the page's data file
    (a light text page, whose script shows the box on demand) or from the page."""
    page = lxml.html.parse(str(page_path)).getroot()
    holder = page.xpath("//*[@data-sw-data]")
    if not holder:
        return {
            box.xpath("ancestor::article/@data-id")[0]: box
            for box in page.xpath('//details[@class="sw-cite"]')
        }
    text = (page_path.parent / holder[0].get("data-sw-data")).read_text("utf-8").strip()
    entries = read_page_data(text)
    return {
        pid: lxml.html.fragment_fromstring(entry["cite"], create_parent="div")
        for pid, entry in entries.items()
        if "cite" in entry
    }


def test_without_a_base_url_no_domain_is_made_up(
    fake_build: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = _site(fake_build, monkeypatch, None)
    assert _own_urls(site) == []
    for path in site.rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        assert "example.org" not in text, path
        assert 'rel="canonical"' not in text, path
    page = lxml.html.parse(str(site / "x1800" / "piquet.html")).getroot()
    boxes = _cite_boxes(site / "x1800" / "piquet.html")
    links = [a for box in boxes.values() for a in box.xpath('.//p[@class="sw-cite__permalink"]/a')]
    assert links and all(a.get("href").startswith("#") for a in links)
    assert all(a.text_content().startswith("x1800/piquet.html#") for a in links)
    assert not page.xpath('//meta[@name="citation_public_url"]')
    codes = [c for box in boxes.values() for c in box.xpath('.//pre[@class="sw-cite__code"]/code')]
    assert codes
    for code in codes:
        assert "urn:cts:" in code.text_content() or "x1800." in code.text_content()
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    assert "http" not in sitemap.replace("http://www.sitemaps.org", "")


def test_with_a_base_url_every_address_uses_it(
    fake_build: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = _site(fake_build, monkeypatch, BASE.rstrip("/"))  # the slash is added
    for path in site.rglob("*.html"):
        if path.name == "404.html":  # not a page of its own address
            continue
        tree = lxml.html.parse(str(path)).getroot()
        canonical = tree.xpath('//link[@rel="canonical"]/@href')
        relative = path.relative_to(site).as_posix()
        assert canonical == [BASE + relative], path
    page = lxml.html.parse(str(site / "x1800" / "piquet.html")).getroot()
    boxes = _cite_boxes(site / "x1800" / "piquet.html")
    assert boxes
    for pid, box in boxes.items():
        (a,) = box.xpath('.//p[@class="sw-cite__permalink"]/a')
        assert a.get("href") == a.text_content() == f"{BASE}x1800/piquet.html#{pid}"
        codes = {
            fmt.xpath("./p")[0].text_content(): fmt.xpath(".//code")[0].text_content()
            for fmt in box.xpath('./div[@class="sw-cite__format"]')
        }
        url = a.get("href")
        assert url in codes["Text"] and f"url = {{{url}}}" in codes["BibTeX"]
        assert json.loads(codes["CSL-JSON"])[0]["URL"] == url
        assert f"UR  - {url}" in codes["RIS"]
        dts = box.xpath('.//p[@class="sw-cite__dts"]/a/@href')
        assert dts and all(link.startswith(BASE + "dts/") for link in dts)
    assert page.xpath('//meta[@name="citation_public_url"]/@content') == [
        BASE + "x1800/piquet.html"
    ]
    locs = re.findall(r"<loc>([^<]*)</loc>", (site / "sitemap.xml").read_text(encoding="utf-8"))
    assert locs and all(loc.startswith(BASE) for loc in locs)
    own = _own_urls(site)
    assert own and all(url.startswith(BASE) for _path, url in own)


def test_base_url_order_and_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(BASE_URL_ENV, "https://env.test")
    config = {"site_url": "https://config.test/"}
    assert base_url("https://cli.test/a", config) == "https://cli.test/a/"
    assert base_url(None, config) == "https://env.test/"
    monkeypatch.delenv(BASE_URL_ENV)
    assert base_url(None, config) == "https://config.test/"
    assert base_url(None, {}) == ""
    for bad in ("stichwort.test", "ftp://x.test/", "https://x.test/?a=1"):
        with pytest.raises(InputError, match="--base-url"):
            base_url(bad, {})
    monkeypatch.setenv(BASE_URL_ENV, "file:///tmp")
    with pytest.raises(InputError, match=BASE_URL_ENV):
        base_url(None, {})


def test_bad_base_url_fails_the_build_before_anything_is_written(
    fake_build: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(BASE_URL_ENV, "not a url")
    with pytest.raises(SiteError, match=BASE_URL_ENV):
        build_site(fake_build, fake_build / "docs", today=TODAY)
    assert not (fake_build / "docs").exists() and not (fake_build / "site").exists()


def test_site_command_takes_base_url(
    fake_build: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv(BASE_URL_ENV, raising=False)
    docs = fake_build / "docs"
    args = ["site", "--build", str(fake_build), "--docs", str(docs), "--pages-only"]
    assert main([*args, "--base-url", "https://cli.test/"]) == 0
    text = (docs / "x1800" / "piquet.md").read_text(encoding="utf-8")
    text += (docs / "x1800" / "piquet.data.js").read_text(encoding="utf-8")
    assert "https://cli.test/x1800/piquet.html#x1800.piquet.p1" in text
    assert main([*args, "--base-url", "cli.test"]) == 2
    assert "--base-url" in capsys.readouterr().err


def test_redirect_pages(tmp_path: Path) -> None:
    (tmp_path / "polizei472").mkdir()
    (tmp_path / "polizei472" / "dreisatz.html").write_text("new", encoding="utf-8")
    written = write_redirects(tmp_path)
    assert written == ["polizei472/10.html"]  # only where the new page exists
    tree = lxml.html.parse(str(tmp_path / "polizei472" / "10.html")).getroot()
    assert tree.xpath('//link[@rel="canonical"]/@href') == ["dreisatz.html"]
    assert 'location.replace("dreisatz.html" + location.hash)' in lxml.html.tostring(
        tree, encoding="unicode"
    )
    (tmp_path / "polizei472" / "10.html").unlink()
    write_redirects(tmp_path, BASE)
    tree = lxml.html.parse(str(tmp_path / "polizei472" / "10.html")).getroot()
    assert tree.xpath("//main//a/@href") == [BASE + "polizei472/dreisatz.html"]
    # an existing file (a case-insensitive file system's new page) is never replaced
    assert write_redirects(tmp_path) == []
