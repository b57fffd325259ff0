"""The page tree of the built TEI: page breaks, their ids, sequences and supplied pages.

A page is identified by its number within its sequence: the source's own pages, or a
separately paginated print named by ``@ed`` (Schwaighofer's appended 1890 booklet).
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree
from teisynth import SYNTH_BLOCKS, SYNTH_DIVS, SYNTH_FURNITURE, write_source

from corpus import CorpusError, load_structure
from corpus.sources import CORPUS_DIR
from tei.body import TEI_NS, XML_ID, page_id
from tei.build import build_document
from tei.validate import validate_files

NS = {"t": TEI_NS}
SUPPLIED = ("67", "75", "90")
"""Schwaighofer pages whose number the OCR lost: editorial page breaks."""
BOOKLET = "anhang1890"


def _pbs(path: Path) -> list[etree._Element]:
    return etree.parse(str(path)).findall(".//t:body//t:pb", namespaces=NS)


def _sequence(path: Path, ed: str | None = None) -> list[str]:
    """The page numbers of one sequence in document order (``ed`` None: the main one)."""
    return [pb.get("n", "") for pb in _pbs(path) if pb.get("ed") == ed]


def test_page_ids_are_unique_and_derived_from_the_page(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        pbs = _pbs(path)
        assert pbs, siglum
        ids = [pb.get(XML_ID) for pb in pbs]
        assert all(ids), f"{siglum}: a pb without xml:id"
        assert len(set(ids)) == len(ids), f"{siglum}: {Counter(ids).most_common(3)}"
        keys = [(pb.get("ed", ""), pb.get("n")) for pb in pbs]
        assert len(set(keys)) == len(keys), f"{siglum}: a page begins twice: {keys}"
        for pb in pbs:
            expected = f"{siglum}.{page_id(pb.get('n', ''), pb.get('ed', ''))}"
            assert pb.get(XML_ID) == expected


def test_main_sequences_have_no_hole(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        numbers = [int(n) for n in _sequence(path)]
        assert numbers == list(range(numbers[0], numbers[-1] + 1)), f"{siglum}: {numbers}"


def test_schwaighofer_runs_from_page_4_to_95(real_tei: dict[str, Path]) -> None:
    assert _sequence(real_tei["schwaighofer1927"]) == [str(n) for n in range(4, 96)]


def test_lost_schwaighofer_pages_are_supplied_with_reason(real_tei: dict[str, Path]) -> None:
    path = real_tei["schwaighofer1927"]
    tree = etree.parse(str(path))
    for n in SUPPLIED:
        (pb,) = tree.xpath("//t:body//t:pb[@n = $n][not(@ed)]", namespaces=NS, n=n)
        assert pb.get("resp") == "#editor" and pb.get("cert") in ("high", "medium", "low")
        following = pb.getnext()
        assert following is None or etree.QName(following).localname != "fw", n
        reasons = [  # the evidence note on the page break, in <back>
            "".join(note.itertext())
            for note in tree.xpath(
                "//t:back/t:div[@type='evidence']/t:note[@target = $t]",
                namespaces=NS,
                t="#" + pb.get(XML_ID, ""),
            )
        ]
        assert any(f"page {n}" in reason for reason in reasons), (n, reasons)
    numbered = tree.xpath("//t:body//t:pb[not(@resp)]", namespaces=NS)
    assert numbered and all(pb.get("cert") is None for pb in numbered)


def test_supplied_pages_stand_before_the_remnant_of_their_number(
    real_tei: dict[str, Path],
) -> None:
    """The OCR garbage that is left of the lost number comes right after the break."""
    tree = etree.parse(str(real_tei["schwaighofer1927"]))
    remnants = {"67": "Eu v7 ", "75": "15 ", "90": "0 > "}
    for n, remnant in remnants.items():
        (pb,) = tree.xpath("//t:body//t:pb[@n = $n][not(@ed)]", namespaces=NS, n=n)
        following = pb.getnext()  # a <surplus> (furniture noise) or an OCR repair's <sic>
        if etree.QName(following).localname == "choice":
            following = following.find("t:sic", namespaces=NS)
        assert following is not None and following.text == remnant, n


def test_booklet_has_its_own_page_sequence(real_tei: dict[str, Path]) -> None:
    path = real_tei["schwaighofer1927"]
    assert _sequence(path, BOOKLET) == ["11"]
    tree = etree.parse(str(path))
    booklet = tree.xpath("//t:div[@xml:id = 'schwaighofer1927.anhang1890']", namespaces=NS)[0]
    inside = booklet.findall(".//t:pb", namespaces=NS)
    assert inside and all(pb.get("ed") == BOOKLET for pb in inside)
    with_ed = tree.xpath("//t:body//t:pb[@ed]", namespaces=NS)
    assert [pb.get(XML_ID) for pb in with_ed] == [pb.get(XML_ID) for pb in inside]
    assert "11" in _sequence(path)  # the book's own page 11 is another page


def _tei_xpath(expression: str) -> str:
    """A citeStructure XPath (TEI names unprefixed) with the ``t:`` prefix on element steps."""
    return re.sub(r"(?<=/)([A-Za-z][\w-]*)(?=[\[/]|$)", r"t:\1", expression)


def test_page_citation_keys_are_unique(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        tree = etree.parse(str(path))
        for cite in tree.iterfind(".//t:refsDecl/t:citeStructure[@unit='page']", namespaces=NS):
            matched = tree.xpath(_tei_xpath(cite.get("match", "")), namespaces=NS)
            assert matched, f"{siglum}: {cite.get('match')} matches nothing"
            keys = ["".join(pb.xpath(f"string({cite.get('use')})")) for pb in matched]
            assert len(set(keys)) == len(keys), f"{siglum}: {Counter(keys).most_common(2)}"


def test_tei_xpath_prefixes_element_steps_only() -> None:
    assert _tei_xpath("/TEI/text/body//pb[not(@ed)]") == "/t:TEI/t:text/t:body//t:pb[not(@ed)]"


def _with_booklet_ed(tmp_path: Path, value: str, kind: str = "marker") -> Path:
    target = tmp_path / "schwaighofer1927"
    shutil.copytree(CORPUS_DIR / "schwaighofer1927", target)
    path = target / "structure.toml"
    text = path.read_text(encoding="utf-8")
    text, count = re.subn(r'(?m)^ed = "anhang1890"$', f'ed = "{value}"', text)
    assert count == 1
    if kind != "marker":
        start = text.rindex('kind = "marker"')
        text = text[:start] + f'kind = "{kind}"' + text[start + len('kind = "marker"') :]
    path.write_text(text, encoding="utf-8")
    return tmp_path


def test_loader_reads_ed_of_a_page() -> None:
    structure = load_structure("schwaighofer1927")
    eds = {(f.n, f.ed) for f in structure.furniture if f.ed}
    assert eds == {("11", BOOKLET)}


@pytest.mark.parametrize(("value", "kind"), [("1890 booklet", "marker"), ("anhang", "noise")])
def test_loader_refuses_a_bad_ed(tmp_path: Path, value: str, kind: str) -> None:
    root = _with_booklet_ed(tmp_path, value, kind)
    with pytest.raises(CorpusError, match=r"structure\.toml: furniture #\d+ at 141657: ed"):
        load_structure("schwaighofer1927", root)


def test_page_id_keeps_ids_valid() -> None:
    assert page_id("67") == "page67"
    assert page_id("11", BOOKLET) == "anhang1890.page11"
    assert page_id("2½") == "page2_"


def test_project_rules_report_a_page_that_begins_twice(
    real_tei: dict[str, Path], tmp_path: Path
) -> None:
    text = real_tei["schwaighofer1927"].read_text(encoding="utf-8")
    booklet = f'<pb xml:id="schwaighofer1927.{BOOKLET}.page11" n="11" ed="{BOOKLET}"/>'
    assert text.count(booklet) == 1
    changed = tmp_path / "schwaighofer1927.xml"
    changed.write_text(text.replace(booklet, '<pb xml:id="x.page11" n="11"/>'), encoding="utf-8")
    problems = [p for p in validate_files([changed]) if "begins more than once" in p]
    assert len(problems) == 2 and all('page "11"' in p for p in problems), problems
    assert validate_files([real_tei["schwaighofer1927"]]) == []


def test_encoder_keeps_ids_unique_when_a_page_begins_twice(tmp_path: Path) -> None:
    """A duplicate page number gives a suffixed id and a warning, never ill-formed XML."""
    furniture = [(kind, text, "12" if kind == "marker" else n) for kind, text, n in SYNTH_FURNITURE]
    write_source(
        tmp_path,
        "twice1798",
        before="Provided by a library. STAMP\n",
        blocks=SYNTH_BLOCKS,
        divs=SYNTH_DIVS,
        furniture=furniture,
    )
    built = build_document("twice1798", tmp_path)
    ids = re.findall(rb'<pb xml:id="([^"]+)"', built.xml)
    assert ids == [b"twice1798.page11", b"twice1798.page12", b"twice1798.page12-2"]
    assert any("page '12' begins 2 times" in w for w in built.warnings)
