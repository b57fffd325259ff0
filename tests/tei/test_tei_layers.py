"""Text layers read back from the TEI: raw, diplomatic, reading; ``stichwort text``."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from corpus import load_source, load_structure
from tei.edition import edition_reading
from tei.errors import TeiError
from tei.layers import layer_text, load_paragraphs


def _check_reading(path: Path, siglum: str, root: Path | None = None) -> int:
    structure = load_structure(siglum, root)
    raw = load_source(siglum, root).raw
    paragraphs = load_paragraphs(path)
    assert sorted(paragraphs) == sorted(f"{siglum}.{b.id}" for b in structure.blocks)
    for block in structure.blocks:
        paragraph = paragraphs[f"{siglum}.{block.id}"]
        assert paragraph.raw == raw[block.start : block.end], block.id
        assert paragraph.reading == edition_reading(siglum, block.start, block.end, root), block.id
        assert "\n" not in paragraph.reading and "ſ" not in paragraph.reading
    return len(paragraphs)


def test_reading_layer_equals_edition_reading_synthetic(synth_root: Path, synth_tei: Path) -> None:
    assert _check_reading(synth_tei, "synth1798", synth_root) == 10


def test_reading_layer_equals_edition_reading_real(real_tei: dict[str, Path]) -> None:
    for siglum, path in real_tei.items():
        assert _check_reading(path, siglum) > 0


def test_paragraph_fields(synth_tei: Path) -> None:
    paragraphs = load_paragraphs(synth_tei)
    p1 = paragraphs["synth1798.piquet.p1"]
    assert (p1.kind, p1.type, p1.n, p1.div) == ("p", "rule", "p1", "synth1798.piquet")
    assert p1.urn == "urn:cts:stichwort:synth1798.regeln.stw1:piquet.p1"
    assert p1.reading == (
        "Dieses Spiel kann nur unter zwei Personen, aus welchem die Zwei genommen "
        "werden, mit 32 Blättern gespielt."
    )
    assert "aus wel⸗|chem die Zwei genom⸗|men" in p1.diplomatic
    assert "Blaͤttern geſpielt" in p1.diplomatic
    law = paragraphs["synth1798.piquet.gesetze.2"]
    assert (law.kind, law.div, law.n) == ("item", "synth1798.piquet.gesetze", "2")
    assert law.reading == "2. Wer zweimal giebt, zahlt." and law.raw.startswith("25.")
    p2 = paragraphs["synth1798.piquet.p2"]
    assert "12" not in p2.reading and "A 2" not in p2.reading and "Karten giebt" in p2.reading
    assert paragraphs["synth1798.piquet.p3"].reading == "Zum Schluß ein Satz mit Müll darin."
    assert paragraphs["synth1798.tresett.p2"].div == "synth1798.tresett"  # through the part


def test_page_where_each_block_begins(synth_tei: Path) -> None:
    pages = {k.split(".", 1)[1]: p.page for k, p in load_paragraphs(synth_tei).items()}
    assert pages["piquet.head"] == "11"  # an empty pageNum: an unnumbered page begins
    assert pages["piquet.p1"] == "11" and pages["piquet.p2"] == "11"
    assert pages["piquet.gesetze.1"] == "12" and pages["tresett.p1"] == "12"
    assert pages["tresett.head"] == "8"


def test_layer_text_whole_body(synth_root: Path, synth_tei: Path) -> None:
    structure = load_structure("synth1798", synth_root)
    raw = load_source("synth1798", synth_root).raw
    assert layer_text(synth_tei, "raw") == raw[structure.body_start : structure.body_end]
    reading = layer_text(synth_tei, "reading").split("\n\n")
    assert len(reading) == 10 and reading[0] == "Das Piquetspiel."
    diplomatic = layer_text(synth_tei, "diplomatic")
    assert "Das Piquetſpiel." in diplomatic and "\ufffd" not in diplomatic


def test_layer_text_of_one_element(synth_tei: Path) -> None:
    assert layer_text(synth_tei, "reading", "synth1798.piquet.gesetze.1") == (
        "1. Wer sich vergiebt, verliert."
    )
    laws = layer_text(synth_tei, "reading", "synth1798.piquet.gesetze")
    assert laws == "Gesetze.\n\n1. Wer sich vergiebt, verliert.\n\n2. Wer zweimal giebt, zahlt."
    assert layer_text(synth_tei, "raw", "synth1798.piquet.gesetze.2").startswith("25. Wer")


def test_unknown_id_names_file_and_id(synth_tei: Path) -> None:
    with pytest.raises(TeiError, match=r"synth1798\.xml: no element with xml:id 'nope'"):
        layer_text(synth_tei, "reading", "nope")


def test_broken_and_foreign_xml(tmp_path: Path) -> None:
    broken = tmp_path / "broken.xml"
    broken.write_text('<TEI xmlns="http://www.tei-c.org/ns/1.0">\n<text><body>\n</TEI>\n')
    with pytest.raises(TeiError, match=r"broken\.xml:\d+: not well-formed XML"):
        layer_text(broken, "reading")
    foreign = tmp_path / "foreign.xml"
    foreign.write_text("<html><body/></html>")
    with pytest.raises(TeiError, match=r"foreign\.xml:1: not a TEI file"):
        load_paragraphs(foreign)
    with pytest.raises(TeiError, match=r"missing\.xml: cannot read"):
        layer_text(tmp_path / "missing.xml", "raw")


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "stichwort.cli", "text", *args]
    return subprocess.run(command, capture_output=True, text=True, check=False)


def test_cli_text(synth_tei: Path, tmp_path: Path) -> None:
    whole = _cli(str(synth_tei))
    assert whole.returncode == 0 and whole.stdout.startswith("Das Piquetspiel.\n\n")
    one = _cli(str(synth_tei), "--layer", "diplomatic", "--id", "synth1798.piquet.p1")
    assert one.returncode == 0 and "wel⸗|chem" in one.stdout
    unknown = _cli(str(synth_tei), "--id", "synth1798.nope")
    assert unknown.returncode == 2 and unknown.stdout == ""
    assert "no element with xml:id 'synth1798.nope'" in unknown.stderr
    broken = tmp_path / "broken.xml"
    broken.write_text("<TEI>")
    result = _cli(str(broken))
    assert result.returncode == 2 and "broken.xml:1: not well-formed XML" in result.stderr
