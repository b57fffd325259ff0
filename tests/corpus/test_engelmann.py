"""The Engelmann 1798 source: checksum, metadata, structure, furniture, corrections."""

from __future__ import annotations

import hashlib
import re
import shutil
import tomllib
from pathlib import Path

import pytest

from corpus import CorpusError, load_corrections, load_source, load_structure
from corpus.sources import CORPUS_DIR

SIGLUM = "engelmann1798"
SHA256 = "f0d9a489f1ae4d76d3a4f68fed9c07a4219b843ecf11ee2721abfedfb1f9987d"
SOURCE_DIR = CORPUS_DIR / SIGLUM


@pytest.fixture(scope="module")
def raw() -> str:
    return load_source(SIGLUM).raw


@pytest.fixture(scope="module")
def structure():
    return load_structure(SIGLUM)


def test_checksum_and_meta() -> None:
    source = load_source(SIGLUM)
    data = (SOURCE_DIR / "raw.txt").read_bytes()
    assert hashlib.sha256(data).hexdigest() == SHA256
    meta = source.meta
    assert meta["siglum"] == SIGLUM
    assert meta["file"]["sha256"] == SHA256
    assert meta["work"] == "unterricht"
    assert meta["original_file"] == "000_b7ba3a26da54c73a.txt"
    assert meta["bibl"]["author"] == "Theodor Engelmann"
    assert meta["bibl"]["date"] == "1798"
    assert meta["bibl"]["place"] == "Berlin"
    for table in ("provenance", "digitisation", "licence", "damage"):
        assert meta[table], table


def test_structure_loads_and_covers_piquet(structure) -> None:
    divs = {d.id: d for d in structure.divs}
    piquet = divs["piquet"]
    assert (piquet.start, piquet.type) == (645, "game")
    assert piquet.end == 22506
    assert divs["piquet.regeln"].parent == "piquet"
    assert divs["piquet.gesetze"].parent == "piquet"
    assert divs["piquet.gesetze"].type == "laws"
    assert structure.body_start <= 645 and structure.body_end >= 22506


def test_piquet_ids(structure, raw) -> None:
    blocks = {b.id: b for b in structure.blocks}
    for head in ("piquet.head", "piquet.regeln.head", "piquet.gesetze.head"):
        assert blocks[head].kind == "head"
    assert raw[blocks["piquet.head"].start :].startswith("Das Piquetſpiel")
    laws = [b for b in structure.blocks if b.div == "piquet.gesetze" and b.kind == "item"]
    assert [b.id for b in laws] == [f"piquet.gesetze.{n}" for n in range(1, 18)]
    assert [b.n for b in laws] == [str(n) for n in range(1, 18)]
    assert all(b.type == "rule" for b in laws)
    # misnumbered or unnumbered laws are documented, never silent
    for n in (5, 15, 16):
        assert blocks[f"piquet.gesetze.{n}"].note
    assert raw[blocks["piquet.gesetze.5"].start :].startswith("Wenn einer falſch anſagte")
    paragraphs = [b for b in structure.blocks if b.div == "piquet.regeln" and b.kind == "p"]
    assert [b.id for b in paragraphs] == [f"piquet.p{k}" for k in range(1, len(paragraphs) + 1)]
    assert len(paragraphs) >= 10
    assert all(b.type in ("rule", "example", "strategy", "other") for b in paragraphs)


def test_whole_book_is_covered(structure, raw) -> None:
    tops = sorted((d for d in structure.divs if not d.parent), key=lambda d: d.start)
    assert tops[0].start == 0 and tops[-1].end == len(raw)
    assert [d.id for d in tops] == [
        "front",
        "piquet",
        "tresett",
        "boston",
        "casino",
        "connectionen",
        "piquesept",
        "goodhope",
        "kleeblatt",
        "scan",
    ]
    games = [d for d in tops if d.type == "game"]
    assert all(any(b.id == f"{g.id}.head" for b in structure.blocks) for g in games)
    laws = {
        div: [b.n for b in structure.blocks if b.div == div and b.kind == "item"]
        for div in ("goodhope.regeln", "connectionen.regeln", "casino.gesetze")
    }
    assert laws["goodhope.regeln"] == [str(n) for n in range(1, 18)]
    assert laws["connectionen.regeln"] == [str(n) for n in range(1, 13)]
    assert laws["casino.gesetze"] == [str(n) for n in range(1, 9)]
    pages = [int(f.n) for f in structure.furniture if f.kind == "pageNum"]
    assert pages[-1] == 47


def test_blocks_start_at_a_word(structure, raw) -> None:
    for block in structure.blocks:
        assert not raw[block.start].isspace(), block.id
        assert block.end > block.start, block.id


def test_furniture_text_and_pages(structure, raw) -> None:
    data = tomllib.loads((SOURCE_DIR / "structure.toml").read_text(encoding="utf-8"))
    for entry in data["furniture"]:
        assert raw[entry["start"] : entry["end"]] == entry["text"]
    pages = [int(f.n) for f in structure.furniture if f.kind == "pageNum"]
    assert pages == sorted(pages)
    assert len(pages) == len(set(pages))
    assert pages == list(range(3, 48))  # every printed page 3-47, lost numbers estimated
    for f in structure.furniture:
        # removing a furniture span leaves one space between the neighbouring words
        assert raw[f.end - 1].isspace() or f.end == len(raw), f
        assert f.start == 0 or raw[f.start - 1].isspace(), f


def test_corrections_match_raw(raw) -> None:
    edits = load_corrections(SIGLUM)
    assert len(edits) > 20
    for edit in edits:
        assert raw[edit.start : edit.end] == edit.original
        assert edit.source == "editor"
    data = tomllib.loads((SOURCE_DIR / "corrections.toml").read_text(encoding="utf-8"))
    for entry in data["correction"]:
        assert entry.get("note"), entry
        assert entry.get("cert") in ("high", "medium", "low")


def test_corrections_do_not_overlap_furniture(structure) -> None:
    spans = [(f.start, f.end) for f in structure.furniture]
    for edit in load_corrections(SIGLUM):
        assert not any(a < edit.end and edit.start < b for a, b in spans), edit


def test_piquet_reading_has_no_known_damage(structure) -> None:
    from normalise import Edit, Repair, merge_layers, repair

    source = load_source(SIGLUM)
    furniture = [
        Edit(f.start, f.end, source.raw[f.start : f.end], "", "noise", 1.0, "", "editor")
        for f in structure.furniture
    ]
    curated = sorted([*load_corrections(SIGLUM), *furniture], key=lambda e: e.start)
    fixed = Repair(source.raw, merge_layers(repair(source.raw).edits, curated))
    text = fixed.reading_span(645, 22506)
    assert "ſ" not in text and "⸗" not in text and "ꝛ" not in text
    for damaged in ("Da me", "Spiet", "Bepic", "BRepic", "könnre", "§", " z0", "25. Wenn"):
        assert damaged not in text, damaged
    assert re.search(r"\b5\. Wenn einer falsch ansagte", text)


def _copy_source(tmp_path: Path) -> Path:
    target = tmp_path / SIGLUM
    target.mkdir()
    for name in ("raw.txt", "meta.toml", "structure.toml", "corrections.toml"):
        shutil.copy(SOURCE_DIR / name, target / name)
    return target


def test_broken_structure_names_file_and_entry(tmp_path: Path) -> None:
    target = _copy_source(tmp_path)
    path = target / "structure.toml"
    text = path.read_text(encoding="utf-8")
    # shift the start of the paragraph piquet.p3 by one character
    block = text.index('id = "piquet.p3"')
    start = text.index("start = ", block)
    line_end = text.index("\n", start)
    value = int(text[start + len("start = ") : line_end])
    path.write_text(text[:start] + f"start = {value + 1}" + text[line_end:], encoding="utf-8")
    with pytest.raises(CorpusError) as error:
        load_structure(SIGLUM, root=tmp_path)
    message = str(error.value)
    assert str(path) in message
    assert "piquet.p3" in message


def test_broken_furniture_text_is_reported(tmp_path: Path) -> None:
    target = _copy_source(tmp_path)
    path = target / "structure.toml"
    text = path.read_text(encoding="utf-8").replace('text = "A 2 "', 'text = "A 3 "', 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError, match="furniture") as error:
        load_structure(SIGLUM, root=tmp_path)
    assert str(path) in str(error.value)


def test_broken_correction_names_file_and_entry(tmp_path: Path) -> None:
    target = _copy_source(tmp_path)
    path = target / "corrections.toml"
    text = path.read_text(encoding="utf-8")
    at = text.index("\nat = ") + 1
    line_end = text.index("\n", at)
    value = int(text[at + len("at = ") : line_end])
    path.write_text(text[:at] + f"at = {value + 7}" + text[line_end:], encoding="utf-8")
    with pytest.raises(CorpusError) as error:
        load_corrections(SIGLUM, root=tmp_path)
    message = str(error.value)
    assert str(path) in message
    assert "correction #1" in message


def test_wrong_checksum_is_refused(tmp_path: Path) -> None:
    target = _copy_source(tmp_path)
    with (target / "raw.txt").open("a", encoding="utf-8") as handle:
        handle.write(" ")
    with pytest.raises(CorpusError, match="sha256"):
        load_source(SIGLUM, root=tmp_path)
