"""The TEI builder: validity (jing, tei_all), the lossless raw rule, ids, URNs, pages."""

from __future__ import annotations

import itertools
import subprocess
from collections import Counter
from pathlib import Path

import pytest
from lxml import etree
from teisynth import SCHEMA, write_synth

from corpus import CorpusError, load_source, load_structure
from tei.body import TEI_NS, XML_ID
from tei.build import build_tei
from tei.edition import edition_edits, edition_log
from tei.layers import category_resps, cts_urn, provenance, raw_text, read_tei
from tei.validate import jing_command

NS = {"t": TEI_NS}


def _jing(paths: list[Path]) -> subprocess.CompletedProcess[str]:
    assert SCHEMA.exists(), f"{SCHEMA} missing: run `make schema`"
    command = [*jing_command(), str(SCHEMA), *map(str, paths)]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def _all_built(synth_tei: Path, real_tei: dict[str, Path]) -> list[Path]:
    return [synth_tei, *real_tei.values()]


def test_real_corpus_is_built(real_sigla: list[str], real_tei: dict[str, Path]) -> None:
    assert "engelmann1798" in real_sigla
    assert sorted(real_tei) == sorted(real_sigla)


def test_every_built_file_is_valid_tei_all(synth_tei: Path, real_tei: dict[str, Path]) -> None:
    result = _jing(_all_built(synth_tei, real_tei))
    errors = [line for line in result.stdout.splitlines() if "error" in line]
    assert result.returncode == 0, "\n".join(errors or [result.stderr])


def test_raw_rule_holds_for_every_real_source(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        structure = load_structure(siglum)
        expected = load_source(siglum).raw[structure.body_start : structure.body_end]
        _, body = read_tei(path)
        assert raw_text(body) == expected, siglum


def test_raw_rule_holds_for_synthetic_source(synth_root: Path, synth_tei: Path) -> None:
    structure = load_structure("synth1798", synth_root)
    raw = load_source("synth1798", synth_root).raw
    _, body = read_tei(synth_tei)
    assert raw_text(body) == raw[structure.body_start : structure.body_end]
    assert not raw_text(body).startswith("Provided")  # the library header is not body


def test_body_is_not_indented(synth_tei: Path) -> None:
    _, body = read_tei(synth_tei)
    assert body.text is None
    assert all(div.tail is None for div in body)


def _blocks(path: Path) -> list[etree._Element]:
    _, body = read_tei(path)
    return body.xpath(".//t:head|.//t:p|.//t:item|.//t:ab", namespaces=NS)


def test_ids_unique_typed_and_urns(synth_tei: Path, real_tei: dict[str, Path]) -> None:
    for path in _all_built(synth_tei, real_tei):
        tree = etree.parse(str(path))
        ids = Counter(e.get(XML_ID) for e in tree.iter() if e.get(XML_ID))
        assert [i for i, k in ids.items() if k > 1] == [], path
        urns = Counter()
        for block in _blocks(path):
            assert block.get(XML_ID, "").startswith(path.stem + "."), path
            assert block.get("n"), block.get(XML_ID)
            assert block.get("sameAs") is None, block.get(XML_ID)  # declared, not repeated
            urn = cts_urn(block)
            assert urn.startswith(f"urn:cts:stichwort:{path.stem}."), block.get(XML_ID)
            urns[urn] += 1
            if etree.QName(block).localname != "head":
                assert block.get("ana", "").startswith("#ptype."), block.get(XML_ID)
        assert [u for u, k in urns.items() if k > 1] == [], path


def test_expected_ids_and_urn_of_engelmann(real_tei: dict[str, Path]) -> None:
    tree = etree.parse(str(real_tei["engelmann1798"]))
    (p1,) = tree.xpath("//t:p[@xml:id='engelmann1798.piquet.p1']", namespaces=NS)
    base = "urn:cts:stichwort:engelmann1798.unterricht.stw1"
    assert cts_urn(p1) == f"{base}:piquet.regeln.p1"
    (law,) = tree.xpath("//t:item[@xml:id='engelmann1798.piquet.gesetze.15']", namespaces=NS)
    assert (law.get("n"), cts_urn(law)) == ("15", f"{base}:piquet.gesetze.15")
    laws = tree.xpath("//t:div[@type='laws']/t:list/t:item", namespaces=NS)
    assert laws, "the Piquet laws are items of a list"


def test_every_pb_has_n_and_is_followed_by_fw(synth_tei: Path, real_tei: dict[str, Path]) -> None:
    for path in _all_built(synth_tei, real_tei):
        tree = etree.parse(str(path))
        for pb in tree.iterfind(".//t:pb", namespaces=NS):
            assert pb.get("n"), path
            following = pb.getnext()
            if following is None or etree.QName(following).localname != "fw":
                # an unnumbered page: the page break only, placed by the editor
                assert pb.get("resp") == "#editor", (path, pb.get("n"))
    tree = etree.parse(str(synth_tei))
    assert [pb.get("n") for pb in tree.iterfind(".//t:pb", namespaces=NS)] == ["11", "12", "8"]


def test_furniture_and_edits_encoding(synth_tei: Path) -> None:
    tree = etree.parse(str(synth_tei))
    fw = {e.get("type"): e.text for e in tree.iterfind(".//t:fw", namespaces=NS)}
    assert fw == {"pageNum": "12", "sig": "A 2", "pageMarker": "\ufffd   8    \ufffd"}
    noise = tree.find(".//t:surplus[@reason='noise']", namespaces=NS)  # furniture noise
    assert noise is not None and noise.text == "xqzv#"
    resps = category_resps(tree.getroot())
    corrs = list(tree.iter(f"{{{TEI_NS}}}corr"))
    assert not [c for c in corrs if resps.type_of(c) == "noise" and not len(c) and not c.text]
    hyphen = tree.find(".//t:reg[@type='hyphenation']", namespaces=NS)
    orig = hyphen.getprevious()
    # the whole word: "wel⸗<lb/> chem"
    assert orig.text.endswith("⸗") and etree.QName(orig[0]).localname == "lb"
    assert orig[0].tail.startswith(" ") and raw_text(orig).replace("⸗ ", "").isalpha()
    assert provenance(hyphen, resps) == ("#stichwort-repair", "high")
    assert hyphen.get("resp") is None and hyphen.get("cert") is None  # the defaults
    (editorial,) = [c for c in corrs if resps.type_of(c) == "editorial"]
    assert (editorial.text, *provenance(editorial, resps)) == ("2.", "#editor", "medium")
    assert editorial.get("cert") == "medium"  # the exception is written
    assert "ſ" in "".join(tree.find(".//t:body", namespaces=NS).itertext())  # no long-s choices
    assert tree.find(".//t:reg[@type='long-s']", namespaces=NS) is None


def test_block_notes_go_to_back(synth_tei: Path) -> None:
    tree = etree.parse(str(synth_tei))
    assert tree.find(".//t:body//t:note[@type='editorial']", namespaces=NS) is None
    note = tree.find(".//t:back/t:div[@type='notes']/t:note", namespaces=NS)
    assert note.get("target") == "#synth1798.piquet.gesetze.2"
    assert "25." in note.text


def test_header_declares_citation_and_normalisation(real_tei: dict[str, Path]) -> None:
    tree = etree.parse(str(real_tei["engelmann1798"]))
    outer = tree.find(".//t:refsDecl[@default='true']/t:citeStructure", namespaces=NS)
    assert outer.get("match").startswith("/") and outer.get("use") == "@n"
    assert all(c.get("delim") for c in outer.iterfind(".//t:citeStructure", namespaces=NS))
    assert tree.find(".//t:refsDecl[@n='page']/t:citeStructure", namespaces=NS) is not None
    normalisation = "".join(tree.find(".//t:normalization", namespaces=NS).itertext())
    assert "ſ" in normalisation and "superscript" in normalisation
    assert tree.xpath("//t:respStmt[@xml:id='stichwort-repair']", namespaces=NS)
    assert tree.xpath("//t:editor[@xml:id='editor']", namespaces=NS)
    assert tree.findtext(".//t:titleStmt/t:author", namespaces=NS) == "Theodor Engelmann"


def test_police_handbook_says_title_and_year_not_established(real_tei: dict[str, Path]) -> None:
    if "polizei472" not in real_tei:
        pytest.fail("polizei472 has no structure.toml")
    tree = etree.parse(str(real_tei["polizei472"]))
    notes = tree.xpath("//t:sourceDesc//t:note[@type='not-established']", namespaces=NS)
    assert notes and "not established" in notes[0].text


def test_source_without_structure_is_refused_and_nothing_written(tmp_path: Path) -> None:
    write_synth(tmp_path, "good")
    write_synth(tmp_path, "nostructure")
    (tmp_path / "nostructure" / "structure.toml").unlink()
    with pytest.raises(CorpusError, match=r"nostructure/structure\.toml: file not found"):
        build_tei(["good", "nostructure"], tmp_path / "out", root=tmp_path)
    assert not (tmp_path / "out").exists()  # not even the good source is written


def test_broken_structure_is_an_error_naming_file_and_place(tmp_path: Path) -> None:
    write_synth(tmp_path, "broken")
    path = tmp_path / "broken" / "structure.toml"
    path.write_text(path.read_text().replace("end = ", "end = -", 1))
    with pytest.raises(CorpusError, match=r"structure\.toml: div #1"):
        build_tei(["broken"], tmp_path / "out", root=tmp_path)
    assert not (tmp_path / "out" / "broken.xml").exists()


def test_edition_edits_drop_what_cannot_be_encoded(synth_root: Path) -> None:
    log = edition_log("synth1798", synth_root)
    edits = edition_edits("synth1798", synth_root)
    assert edits == sorted(edits, key=lambda e: (e.start, e.end))
    assert all(a.end <= b.start for a, b in itertools.pairwise(edits))
    furniture = [e for e in edits if e.evidence.startswith("furniture")]
    assert len(furniture) == 4 and all(
        e.kind == "noise" and e.source == "editor" for e in furniture
    )
    assert any(e.source == "editor" and e.replacement == "2." for e in edits)
    assert all(edit.source == "auto" for edit, _ in log.dropped)
    assert not any(e in edits for e, _ in log.dropped)
