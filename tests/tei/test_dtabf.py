"""The DTA base format export: valid against basisformat.rng with jing, the raw rule
lossless, and nothing lost: the side file gives back the TEI body."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from lxml import etree

from corpus import SIGLA, load_source, load_structure
from stichwort.cli import build_parser, main
from tei.body import TEI_NS, XML_ID
from tei.dtabf import DTABF_RNG, convert, export_dtabf, restore_body, validate_dtabf
from tei.errors import TeiError
from tei.layers import layer_text, raw_text, read_tei
from tei.validate import run_jing

T = f"{{{TEI_NS}}}"


@pytest.fixture(scope="module")
def dtabf_files(real_tei: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict:
    out = tmp_path_factory.mktemp("dtabf")
    tei_dir = next(iter(real_tei.values())).parent
    paths = export_dtabf(tei_dir, out, sorted(real_tei))
    return {p.stem: p for p in paths}


def _canonical(element: etree._Element) -> str:
    element = copy.deepcopy(element)
    element.tail = None
    return etree.canonicalize(etree.tostring(element, encoding="unicode"))


def test_all_four_sources_are_exported(dtabf_files: dict[str, Path]) -> None:
    assert set(dtabf_files) == set(SIGLA)
    for path in dtabf_files.values():
        assert path.with_suffix(".json").exists()


def test_every_export_is_valid_dtabf_with_jing(dtabf_files: dict[str, Path]) -> None:
    assert validate_dtabf(sorted(dtabf_files.values())) == []


def test_jing_finds_our_tei_invalid_against_dtabf(real_tei: dict[str, Path]) -> None:
    """The check is not vacuous: the TEI before the export breaks DTABf."""
    path = real_tei["engelmann1798"]
    errors = run_jing({path: path.read_bytes()}, schema=DTABF_RNG)
    assert any('attribute "resp" not allowed' in e for e in errors)
    assert any('"pb" missing required attribute "facs"' in e for e in errors)


def test_raw_layer_of_the_export_is_the_seed(dtabf_files: dict[str, Path]) -> None:
    for siglum, path in dtabf_files.items():
        source, structure = load_source(siglum), load_structure(siglum)
        expected = source.raw[structure.body_start : structure.body_end]
        assert layer_text(path, "raw") == expected, siglum


def test_side_file_gives_back_the_tei_body(
    real_tei: dict[str, Path], dtabf_files: dict[str, Path]
) -> None:
    for siglum, path in dtabf_files.items():
        side = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        _, exported = read_tei(path)
        _, original = read_tei(real_tei[siglum])
        assert _canonical(restore_body(exported, side)) == _canonical(original), siglum


def test_side_file_is_keyed_by_ids_of_the_export(dtabf_files: dict[str, Path]) -> None:
    for siglum, path in dtabf_files.items():
        side = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
        tree, _ = read_tei(path)
        ids = {e.get(XML_ID) for e in tree.iter() if isinstance(e.tag, str)}
        assert side["siglum"] == siglum
        assert set(side["elements"]) <= ids
        assert side["teiHeader"].startswith("<teiHeader")


def test_provenance_moves_to_the_side_file(
    real_tei: dict[str, Path], dtabf_files: dict[str, Path]
) -> None:
    """Every provenance attribute of a correction in our TEI (@ana, and @resp and @cert where
    they differ from the evidence category's) is in the side file under its element's id;
    the categories themselves are in the side file's ``evidence``."""
    siglum = "schwaighofer1927"
    _, original = read_tei(real_tei[siglum])
    side = json.loads(dtabf_files[siglum].with_suffix(".json").read_text(encoding="utf-8"))
    categories: set[str] = set()
    for name in ("ana", "cert"):
        ours = sorted(e.get(name) for e in original.iter(f"{T}corr", f"{T}reg") if e.get(name))
        moved = sorted(
            entry["attributes"][name]
            for entry in side["elements"].values()
            if entry["element"] in ("corr", "reg") and name in entry.get("attributes", {})
        )
        assert ours and moved == ours, name
        if name == "ana":
            categories = {ana.removeprefix("#") for ana in ours}
    assert categories and categories <= set(side["evidence"])


def test_export_holds_only_dtabf_markup(dtabf_files: dict[str, Path]) -> None:
    for siglum, path in dtabf_files.items():
        _, body = read_tei(path)
        for element in body.iter():
            for name in ("resp", "cert", "ana", "break"):
                assert element.get(name) is None, (siglum, element.tag, name)
        facs = [pb.get("facs") for pb in body.iter(f"{T}pb")]
        assert facs == [f"#f{k:04d}" for k in range(1, len(facs) + 1)]
        assert all(fw.get("place") in ("top", "bottom") for fw in body.iter(f"{T}fw"))
        assert not list(body.iter(f"{T}ab", f"{T}desc"))


SMALL = f"""<TEI xmlns="{TEI_NS}" xml:lang="de"><teiHeader><fileDesc><titleStmt>
<title type="main">Probe</title><author>A. Autor</author></titleStmt><publicationStmt>
<publisher>P</publisher><availability><licence target="https://example.org/l">L</licence>
</availability></publicationStmt><sourceDesc><p>S</p></sourceDesc></fileDesc></teiHeader>
<text><body><div type="game" n="probe" xml:id="x.probe"><ab xml:id="x.p1" n="p1">Er<choice><orig
>⸗<lb break="no"/> </orig><reg type="hyphenation" resp="#editor" cert="high">-</reg></choice
>stes <surplus reason="noise">§§</surplus>Spiel<gap reason="lost" unit="chars" quantity="3"
resp="#editor"><desc>eine Figur</desc></gap>.<pb n="2"/><fw type="sig">B</fw></ab></div>
</body></text></TEI>"""


def test_small_document_round_trip_and_validity(tmp_path: Path) -> None:
    tree = etree.ElementTree(etree.fromstring(SMALL.encode()))
    body = tree.getroot().find(f"{T}text/{T}body")
    assert body is not None
    xml, side = convert("x", tree)
    exported = etree.fromstring(xml)
    new_body = exported.find(f"{T}text/{T}body")
    assert new_body is not None
    assert raw_text(new_body) == raw_text(body) == "Er⸗ stes §§Spiel.B\n"
    assert _canonical(restore_body(new_body, side)) == _canonical(body)
    path = tmp_path / "x.xml"
    path.write_bytes(xml)
    assert run_jing({path: xml}, schema=DTABF_RNG) == []
    entries = side["elements"]
    assert isinstance(entries, dict)
    assert entries["x.p1"]["renamed_from"] == "ab"
    assert any(e.get("renamed_from") == "surplus" for e in entries.values())
    gap = next(g for g in new_body.iter(f"{T}gap"))
    assert "eine Figur" in entries[gap.get(XML_ID)]["children"][0]["xml"]


def test_an_element_without_dtabf_mapping_is_refused() -> None:
    text = SMALL.replace("<surplus", "<unclear").replace("</surplus>", "</unclear>")
    with pytest.raises(TeiError, match="unclear"):
        convert("x", etree.ElementTree(etree.fromstring(text.encode())))


def test_cli_export_dtabf(real_tei: dict[str, Path], tmp_path: Path) -> None:
    tei_dir = next(iter(real_tei.values())).parent
    args = ["export", "dtabf", "--tei", str(tei_dir), "--out", str(tmp_path), "--sigla"]
    assert main([*args, "pierer1861"]) == 0
    assert (tmp_path / "pierer1861.xml").exists()
    assert (tmp_path / "pierer1861.json").exists()


def test_plain_export_still_means_vectors() -> None:
    args = build_parser().parse_args(["export", "--out", "somewhere"])
    assert args.handler.__name__ == "cmd_export"
    assert args.out == Path("somewhere")


def test_schematron_of_dtabf_reports_no_error(dtabf_files: dict[str, Path]) -> None:
    """SaxonC (``saxonche``, in the ``test`` extra) runs the DTABf Schematron."""
    from tei.dtabf import run_schematron

    for path, counts in run_schematron(sorted(dtabf_files.values())).items():
        errors = {m: n for m, n in counts.items() if not m.startswith("WARNING")}
        assert errors == {}, path


def test_synthetic_source_exports_valid_and_lossless(synth_tei: Path, tmp_path: Path) -> None:
    """The synthetic fixture has every block, furniture and edit kind and a gap."""
    (path,) = export_dtabf(synth_tei.parent, tmp_path, [synth_tei.stem])
    assert run_jing({path: path.read_bytes()}, schema=DTABF_RNG) == []
    _, original = read_tei(synth_tei)
    _, exported = read_tei(path)
    assert raw_text(exported) == raw_text(original)
    side = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    assert _canonical(restore_body(exported, side)) == _canonical(original)
    assert list(exported.iter(f"{T}gap"))
