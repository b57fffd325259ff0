"""The static DTS 1.0 export, served over HTTP and walked as a DTS client would.

Every URI template is expanded with an independent RFC 6570 implementation
(``uritemplate``); what the API answers is compared with the TEI files themselves: the
refs of the default tree with the CTS URNs of the body (the header's URN and the
``@n`` of each division and block, as its ``stdVals`` declares), the pages with
``pb[not(@ed)]``, the text of each unit with the text of the TEI element or page.
"""

from __future__ import annotations

import json
import shutil
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from uritemplate import URITemplate

from corpus import SIGLA
from sitegen.dts import DTS_CONTEXT, DTS_NS, DtsError, build_dts
from sitegen.serve import serve
from stichwort.cli import main
from tests.conftest import built

TEI_NS = "http://www.tei-c.org/ns/1.0"
NS = {"t": TEI_NS}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The export of the built TEI files in SITE/dts, SITE served from a local port;
    yields the entry point's URL and SITE."""
    site = tmp_path_factory.mktemp("site")
    with serve(site) as base:
        build_dts(built("tei"), list(SIGLA), base, site / "dts")
        yield f"{base}dts/entry.json", site


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:
        assert response.status == 200
        return response.read()


def get_json(url: str) -> dict[str, Any]:
    data = json.loads(get(url))
    assert data["@context"] == DTS_CONTEXT
    assert data["dtsVersion"] == "1.0"
    return data


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def expand(template: str, **values: Any) -> str:
    return URITemplate(template).expand({k: v for k, v in values.items() if v is not None})


@pytest.fixture(scope="module")
def api(served: tuple[str, Path]) -> str:
    """The URL of the entry point."""
    return served[0]


@pytest.fixture(scope="module")
def resources(api: str) -> dict[str, dict[str, Any]]:
    """The resources reached from the entry point: root -> edition -> resources."""
    entry = get_json(api)
    assert entry["@type"] == "EntryPoint"
    for key in ("collection", "navigation", "document"):
        assert entry[key].startswith(api.removesuffix("entry.json")), key
    root = get_json(expand(entry["collection"]))
    assert root["@type"] == "Collection" and root["totalParents"] == 0
    assert [m["@type"] for m in root["member"]] == ["Collection"]
    edition = get_json(expand(root["member"][0]["collection"]))
    assert edition["totalChildren"] == len(edition["member"]) == len(SIGLA)
    assert get_json(expand(entry["collection"], id=edition["@id"])) == edition
    found = {}
    for member in edition["member"]:
        assert member["@type"] == "Resource"
        full = get_json(expand(entry["collection"], id=member["@id"]))
        assert full["@id"] == member["@id"]
        parents = get_json(expand(member["collection"], nav="parents"))
        assert [p["@id"] for p in parents["member"]] == [edition["@id"]]
        found[member["@id"]] = full
    assert sorted(found) == sorted(SIGLA)
    return found


def tei(siglum: str) -> etree._Element:
    return etree.parse(str(built(f"tei/{siglum}.xml"))).getroot()


def urns(root: etree._Element) -> dict[str, etree._Element]:
    """Every division and block with ``@n`` by its CTS URN: the header's URN, a colon and
    the ``@n`` of the enclosing divisions with one and of the element, joined with dots."""
    base = root.findtext(".//t:publicationStmt/t:idno[@type='URN']", namespaces=NS)
    assert base
    return {
        f"{base}:" + ".".join([*e.xpath("ancestor::t:div[@n]/@n", namespaces=NS), e.get("n")]): e
        for e in root.iterfind("t:text/t:body//*[@n]", NS)
        if etree.QName(e).localname in ("div", "head", "p", "ab", "item", "note")
    }


def expected_refs(siglum: str) -> list[str]:
    """The default tree's refs, from the CTS URNs of the body (``urn:…:{ref}``)."""
    body = tei(siglum).find("t:text/t:body", NS)
    assert body is not None
    refs = [urn.rsplit(":", 1)[1] for urn in urns(tei(siglum))]
    blocks = [
        e
        for e in body.iter(
            *(f"{{{TEI_NS}}}{tag}" for tag in ("div", "head", "p", "ab", "item", "note"))
        )
        if e.get("{http://www.w3.org/XML/1998/namespace}id")
    ]
    assert len(refs) == len(blocks) > 0, "every division and block with an xml:id has a URN"
    return refs


def expected_pages(siglum: str) -> list[str]:
    return [pb.get("n") for pb in tei(siglum).iterfind(".//t:body//t:pb", NS) if not pb.get("ed")]


def wrapper_text(data: bytes) -> str:
    root = etree.fromstring(data)
    assert root.tag == f"{{{TEI_NS}}}TEI"
    assert [c.tag for c in root] == [f"{{{DTS_NS}}}wrapper"]
    return "".join(root[0].itertext())


@pytest.mark.parametrize("siglum", SIGLA)
def test_default_tree_matches_the_tei(resources: dict[str, dict[str, Any]], siglum: str) -> None:
    resource = resources[siglum]
    assert [t.get("identifier") for t in resource["citationTrees"]] == [None, "page"]
    whole = get_json(expand(resource["navigation"], down=-1))
    refs = [m["identifier"] for m in whole["member"]]
    assert refs == expected_refs(siglum)
    levels = {m["identifier"]: m for m in whole["member"]}
    for member in whole["member"]:
        parent = member["parent"]
        assert member["level"] == (1 if parent is None else levels[parent]["level"] + 1)
    top = get_json(expand(resource["navigation"], down=1))
    assert [m["identifier"] for m in top["member"]] == [
        m["identifier"] for m in whole["member"] if m["level"] == 1
    ]


@pytest.mark.parametrize("siglum", SIGLA)
def test_page_tree_matches_the_tei(resources: dict[str, dict[str, Any]], siglum: str) -> None:
    resource = resources[siglum]
    pages = get_json(expand(resource["navigation"], down=-1, tree="page"))
    assert [m["identifier"] for m in pages["member"]] == expected_pages(siglum)
    assert {m["citeType"] for m in pages["member"]} == {"page"}


@pytest.mark.parametrize("siglum", SIGLA)
def test_every_ref_resolves_to_its_tei_text(
    resources: dict[str, dict[str, Any]], siglum: str
) -> None:
    resource = resources[siglum]
    root = tei(siglum)
    by_urn = urns(root)
    by_ref = {urn.rsplit(":", 1)[1]: e for urn, e in by_urn.items()}
    whole = get_json(expand(resource["navigation"], down=-1))
    for member in whole["member"]:
        ref = member["identifier"]
        nav = get_json(expand(resource["navigation"], ref=ref))
        assert nav["ref"] == member
        urn = next(u for u, e in by_urn.items() if e is by_ref[ref])
        assert member["dublinCore"]["identifier"] == [urn]
        text = wrapper_text(get(expand(resource["document"], ref=ref)))
        assert text == "".join(by_ref[ref].itertext()), ref
        children = [m for m in whole["member"] if m["parent"] == ref]
        if children:
            below = get_json(expand(resource["navigation"], ref=ref, down=1))
            assert below["member"] == children


@pytest.mark.parametrize("siglum", SIGLA)
def test_every_page_resolves_to_the_text_up_to_the_next_page(
    resources: dict[str, dict[str, Any]], siglum: str
) -> None:
    resource = resources[siglum]
    body = tei(siglum).find("t:text/t:body", NS)
    assert body is not None
    milestones = [pb for pb in body.iterfind(".//t:pb", NS) if not pb.get("ed")]
    assert milestones, "every source has printed pages"
    for pb, following in zip(milestones, [*milestones[1:], None], strict=True):
        after = [
            t
            for t in pb.xpath("following::text()")
            if body in t.getparent().iterancestors() or (t.getparent() is body and not t.is_tail)
        ]
        if following is not None:
            before = {(t.getparent(), t.is_tail) for t in following.xpath("preceding::text()")}
            after = [t for t in after if (t.getparent(), t.is_tail) in before]
        ref = pb.get("n")
        nav = get_json(expand(resource["navigation"], ref=ref, tree="page"))
        assert nav["ref"]["identifier"] == ref
        assert nav["ref"]["citeType"] == "page"
        data = get(expand(resource["document"], ref=ref, tree="page"))
        assert wrapper_text(data) == "".join(after), ref


@pytest.mark.parametrize("siglum", SIGLA)
def test_the_full_document_is_the_tei_file(
    resources: dict[str, dict[str, Any]], siglum: str
) -> None:
    assert get(expand(resources[siglum]["document"])) == built(f"tei/{siglum}.xml").read_bytes()


def test_unknown_refs_and_resources_have_no_file(resources: dict[str, dict[str, Any]]) -> None:
    resource = resources[SIGLA[0]]
    assert status(expand(resource["navigation"], ref="no.such.ref")) == 404
    assert status(expand(resource["document"], ref="no.such.ref")) == 404
    assert status(expand(resource["document"], ref="no.such.page", tree="page")) == 404
    start = expected_refs(SIGLA[0])[0]
    assert status(expand(resource["navigation"], start=start, end=start)) == 404
    other = resource["navigation"].replace(f"/{SIGLA[0]}{{", "/nosuchsource{")
    assert status(expand(other, down=1)) == 404


def test_every_json_file_is_dts_json_ld(served: tuple[str, Path]) -> None:
    entry, site = served
    files = sorted((site / "dts").rglob("*.json"))
    assert len(files) > 100
    types = set()
    for path in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data["@context"] == DTS_CONTEXT, path
        assert data["dtsVersion"] == "1.0", path
        types.add(data["@type"])
        if data["@type"] in ("EntryPoint", "Navigation"):
            assert data["@id"].startswith(entry.removesuffix("entry.json")), path
            assert get(data["@id"]) == path.read_bytes(), "@id is the file's own address"
    assert types == {"EntryPoint", "Collection", "Resource", "Navigation"}


def test_cli_needs_an_absolute_base_url(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("STICHWORT_BASE_URL", raising=False)
    out = tmp_path / "dts"
    assert main(["dts", "--tei", str(built("tei")), "--out", str(out)]) == 2
    assert "no base URL" in capsys.readouterr().err
    assert main(["dts", "--base-url", "site/", "--tei", str(built("tei")), "--out", str(out)]) == 2
    assert "'site/' is not an absolute http(s) URL" in capsys.readouterr().err
    assert not out.exists()
    monkeypatch.setenv("STICHWORT_BASE_URL", "https://dts.test.invalid/edition")
    args = ["dts", "--sigla", "pierer1861", "--tei", str(built("tei")), "--out", str(out)]
    assert main(args) == 0
    entry = json.loads((out / "entry.json").read_text(encoding="utf-8"))
    assert entry["@id"] == "https://dts.test.invalid/edition/dts/entry.json"
    assert [p.name for p in (out / "document").glob("*.xml") if ";" not in p.name] == [
        "pierer1861.xml"
    ]


def test_cli_rejects_an_unknown_siglum(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["dts", "--base-url", "http://localhost:8000/", "--sigla", "nosuch1800"])
    assert exit_.value.code == 2
    assert "invalid choice: 'nosuch1800'" in capsys.readouterr().err


def test_missing_tei_and_unwritable_out_are_clear_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["dts", "--base-url", "http://localhost:8000/", "--sigla", "pierer1861"]
    assert main([*base, "--tei", str(tmp_path), "--out", str(tmp_path / "dts")]) == 2
    assert f"{tmp_path / 'pierer1861.xml'}: no TEI file" in capsys.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("not a directory", encoding="utf-8")
    out = blocker / "dts"
    assert main([*base, "--tei", str(built("tei")), "--out", str(out)]) == 2
    assert f"cannot write the DTS export to {out}" in capsys.readouterr().err


def test_a_failed_export_leaves_the_earlier_one_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tei_dir = tmp_path / "tei"
    tei_dir.mkdir()
    shutil.copy(built("tei/pierer1861.xml"), tei_dir)
    out = tmp_path / "site" / "dts"
    count = build_dts(tei_dir, ["pierer1861"], "http://localhost:8000/", out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert len(before) == count
    text = (tei_dir / "pierer1861.xml").read_text(encoding="utf-8")
    broken = text.replace('use="@n"', 'use="@nosuchattribute"', 1)
    assert broken != text
    (tei_dir / "pierer1861.xml").write_text(broken, encoding="utf-8")
    with pytest.raises(DtsError, match=r"pierer1861\.xml: line \d+: citeStructure @use"):
        build_dts(tei_dir, ["pierer1861"], "http://localhost:8000/", out)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["dts"], "no temporary directory left"

    (tei_dir / "pierer1861.xml").write_text(text, encoding="utf-8")
    calls = []

    def fail_late(content: list[object]) -> bytes:
        calls.append(content)
        if len(calls) > 5:
            raise OSError(28, "No space left on device")
        return b"<TEI/>"

    monkeypatch.setattr("sitegen.dts.wrapped", fail_late)
    with pytest.raises(OSError, match="No space left"):
        build_dts(tei_dir, ["pierer1861"], "http://localhost:8000/", out)
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert sorted(p.name for p in out.parent.iterdir()) == ["dts"], "no temporary directory left"


def test_a_ref_that_cannot_name_a_file_is_refused(tmp_path: Path) -> None:
    text = built("tei/pierer1861.xml").read_text(encoding="utf-8")
    broken = text.replace('n="p1"', 'n="p/1"', 1)
    assert broken != text
    (tmp_path / "pierer1861.xml").write_text(broken, encoding="utf-8")
    with pytest.raises(DtsError, match=r"line \d+: reference 'preference\.p/1' cannot name a file"):
        build_dts(tmp_path, ["pierer1861"], "http://localhost:8000/", tmp_path / "dts")
    assert not (tmp_path / "dts").exists()


def test_an_out_dir_that_is_not_an_export_is_not_replaced(tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("<p>the edition</p>", encoding="utf-8")
    with pytest.raises(DtsError, match="not an earlier DTS export"):
        build_dts(built("tei"), ["pierer1861"], "http://localhost:8000/", site)
    assert [p.name for p in site.iterdir()] == ["index.html"]
    with pytest.raises(DtsError, match="is not a directory"):
        build_dts(built("tei"), ["pierer1861"], "http://localhost:8000/", site / "index.html")
