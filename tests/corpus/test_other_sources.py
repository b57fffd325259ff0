"""The sources besides Engelmann: schwaighofer1927, polizei472, pierer1861.

Checksums, metadata, structure (tiling of the whole file, games with heads, typed
paragraphs, unique ids, increasing page numbers), corrections, and broken copies of
the files that must raise CorpusError naming the file and the entry.
"""

from __future__ import annotations

import hashlib
import itertools
import re
import shutil
from pathlib import Path

import pytest

from corpus import CorpusError, load_corrections, load_source, load_structure
from corpus.sources import CORPUS_DIR, PARAGRAPH_TYPES
from tei.gaps import load_gaps

SOURCES = {
    "schwaighofer1927": {
        "sha256": "c950df4f54b21c4b33b529065c9a08442be69349b7ceba09959cfff0fbba72e7",
        "seed": "001_4cabc27c96a3d7ba.txt",
        "games": ["bieten", "bietenweli", "spitzbieten", "watten", "kritischwatten", "perlaggen"],
        "sections": [
            "watten.zuzweit",
            "watten.zuviert",
            "perlaggen.ordnung",
            "perlaggen.ordnung1924",
        ],
        "commentary": ["commentary.intro", "commentary.interlude"],
    },
    "polizei472": {
        "sha256": "8b5490bc5a00a7f8557173147109a4ebaa625a52e85fe0377d8b21303ffb1813",
        "seed": "003_fc397ede5e9ddbb5.txt",
        "games": ["dreisatz", "rougeetnoir"],
        "sections": ["vorher"],
        "commentary": [],
    },
    "pierer1861": {
        "sha256": "0764feab5087636f6366cdf08f5fd9be9418599e670048dc89bcf345e3a7f558",
        "seed": "004_78ac239cc2f0ace7.txt",
        "games": ["preference"],
        "sections": ["front"],
        "commentary": [],
    },
}
SIGLA = list(SOURCES)


@pytest.mark.parametrize("siglum", SIGLA)
def test_checksum_and_meta(siglum: str) -> None:
    expected = SOURCES[siglum]
    source = load_source(siglum)
    data = (CORPUS_DIR / siglum / "raw.txt").read_bytes()
    assert hashlib.sha256(data).hexdigest() == expected["sha256"]
    meta = source.meta
    assert meta["siglum"] == siglum
    assert meta["file"]["sha256"] == expected["sha256"]
    assert meta["original_file"] == expected["seed"]
    assert re.fullmatch(r"[a-z0-9]+", meta["work"])
    for key in ("author", "title", "edition", "volume", "pages", "place", "publisher", "date"):
        assert key in meta["bibl"], key
    assert isinstance(meta["bibl"]["established"], bool)
    for table in ("provenance", "digitisation", "licence", "damage"):
        assert meta[table], table
    assert meta["damage"]["kinds"]


def test_polizei_title_and_year_not_established() -> None:
    bibl = load_source("polizei472").meta["bibl"]
    assert bibl["established"] is False
    assert "not established" in bibl["note"].lower()
    assert "1905" in bibl["date"]


@pytest.mark.parametrize("siglum", SIGLA)
def test_structure_tiles_the_whole_file(siglum: str) -> None:
    raw = load_source(siglum).raw
    structure = load_structure(siglum)
    tops = sorted((d for d in structure.divs if not d.parent), key=lambda d: d.start)
    assert tops[0].start == 0
    assert tops[-1].end == len(raw)
    for a, b in itertools.pairwise(tops):
        assert a.end == b.start
    # every character lies in exactly one block
    covered = sorted((b.start, b.end) for b in structure.blocks)
    position = 0
    for start, end in covered:
        assert start == position
        position = end
    assert position == len(raw)


@pytest.mark.parametrize("siglum", SIGLA)
def test_games_have_divs_with_heads(siglum: str) -> None:
    structure = load_structure(siglum)
    divs = {d.id: d for d in structure.divs}
    heads = {b.div: b for b in structure.blocks if b.kind == "head"}
    for game in SOURCES[siglum]["games"]:
        assert divs[game].type == "game", game
        assert game in heads, f"{game} has no head block"
        assert heads[game].start == divs[game].start, f"{game}: head does not open the div"
    for section in SOURCES[siglum]["sections"]:
        assert section in divs, section
    for commentary in SOURCES[siglum]["commentary"]:
        assert divs[commentary].type == "commentary"
        blocks = [b for b in structure.blocks if b.div == commentary]
        assert blocks and all(b.type == "commentary" for b in blocks)


@pytest.mark.parametrize("siglum", SIGLA)
def test_blocks_typed_and_ids_unique(siglum: str) -> None:
    structure = load_structure(siglum)
    for block in structure.blocks:
        if block.kind in ("p", "item", "ab"):
            assert block.type in PARAGRAPH_TYPES, block.id
        assert not block.id.startswith(siglum), block.id
        assert re.fullmatch(r"[a-z0-9]+(\.[a-z0-9]+)*", block.id), block.id
    ids = [b.id for b in structure.blocks] + [d.id for d in structure.divs]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("siglum", SIGLA)
def test_page_numbers_have_n_and_increase(siglum: str) -> None:
    structure = load_structure(siglum)
    tops = [d for d in structure.divs if not d.parent]
    pages = [f for f in structure.furniture if f.kind in ("pageNum", "marker")]
    assert pages
    for top in tops:
        numbers = [int(f.n) for f in pages if top.start <= f.start < top.end]
        assert all(n > 0 for n in numbers)
        assert numbers == sorted(set(numbers)), f"{top.id}: pages {numbers}"


def test_schwaighofer_pages_and_laws() -> None:
    structure = load_structure("schwaighofer1927")
    raw = load_source("schwaighofer1927").raw
    pages = [int(f.n) for f in structure.furniture if f.kind in ("pageNum", "marker")]
    assert pages[0] == 4 and 95 in pages
    laws = [b for b in structure.blocks if b.div == "perlaggen.ordnung" and b.kind == "item"]
    assert [int(b.n) for b in laws] == list(range(1, 33))
    for law in laws:
        assert re.match(rf"(\d+ \W? ?)?-?{law.n}[.,]", raw[law.start : law.end]), law.id
    new = [b.n for b in structure.blocks if b.div == "perlaggen.ordnung1924" and b.kind == "item"]
    assert new[:3] == ["1", "2", "3"] and "25a" in new and new[-1] == "32"
    note = next(b for b in structure.blocks if b.id == "watten.webnote")
    assert note.kind == "note" and raw[note.start : note.end].startswith("---")


def test_pierer_gaps_are_entries_and_noted() -> None:
    structure = load_structure("pierer1861")
    raw = load_source("pierer1861").raw
    blocks = {b.id: b for b in structure.blocks}
    first, second = load_gaps("pierer1861")
    p1, p6 = blocks["preference.p1"], blocks["preference.p6"]
    assert p1.start <= first.at < p1.end and p6.start <= second.at < p6.end
    assert raw[: first.at].endswith("Jeder Spieler macht diese Figur")
    assert raw[second.at :].startswith("\n\nso schließt sich die Partie")
    assert (first.id, first.cert, second.id, second.cert) == (
        "preference.gap1",
        "",
        "preference.gap2",
        "medium",
    )
    assert all((g.reason, g.unit, g.quantity) == ("lost", "figure", 1) for g in (first, second))
    assert "preference.gap1" in p1.note and "preference.gap2" in p6.note
    assert "preference.gap2" in blocks["preference.p7"].note


def test_polizei_header_is_furniture() -> None:
    structure = load_structure("polizei472")
    kinds = {(f.kind, f.n) for f in structure.furniture}
    assert ("pageNum", "472") in kinds
    assert any(f.kind == "header" for f in structure.furniture)


@pytest.mark.parametrize("siglum", SIGLA)
def test_corrections_load(siglum: str) -> None:
    raw = load_source(siglum).raw
    for edit in load_corrections(siglum):
        assert raw[edit.start : edit.end] == edit.original
        assert edit.source == "editor"


def test_polizei_corrections() -> None:
    fixes = {e.original: e.replacement for e in load_corrections("polizei472")}
    assert fixes["lle jeu"] == "(le jeu"
    assert fixes["6 I 52"] == "6 × 52"
    assert fixes["ronge"] == "rouge"


# ------------------------------------------------------------------ broken copies


def _copy(tmp_path: Path, siglum: str) -> Path:
    target = tmp_path / siglum
    shutil.copytree(CORPUS_DIR / siglum, target)
    return target


@pytest.mark.parametrize("siglum", SIGLA)
def test_wrong_checksum_raises(tmp_path: Path, siglum: str) -> None:
    target = _copy(tmp_path, siglum)
    (target / "raw.txt").write_bytes((target / "raw.txt").read_bytes() + b"x")
    with pytest.raises(CorpusError, match=r"raw\.txt.*sha256"):
        load_source(siglum, tmp_path)


@pytest.mark.parametrize("siglum", SIGLA)
def test_broken_structure_offset_raises(tmp_path: Path, siglum: str) -> None:
    target = _copy(tmp_path, siglum)
    path = target / "structure.toml"
    text = path.read_text(encoding="utf-8")
    text, count = re.subn(
        r"(?m)^end = (\d+)$", lambda m: f"end = {int(m.group(1)) + 1}", text, count=1
    )
    assert count == 1
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError, match=r"structure\.toml: (div|top-level)"):
        load_structure(siglum, tmp_path)


@pytest.mark.parametrize("siglum", SIGLA)
def test_broken_structure_toml_raises(tmp_path: Path, siglum: str) -> None:
    target = _copy(tmp_path, siglum)
    path = target / "structure.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[[div]\n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"structure\.toml: broken TOML"):
        load_structure(siglum, tmp_path)


@pytest.mark.parametrize("siglum", SIGLA)
def test_broken_block_quote_raises(tmp_path: Path, siglum: str) -> None:
    target = _copy(tmp_path, siglum)
    path = target / "structure.toml"
    text = path.read_text(encoding="utf-8")
    first = text.index("[[block]]")
    quote = text.index('begins = "', first) + len('begins = "')
    path.write_text(text[:quote] + "XX" + text[quote:], encoding="utf-8")
    with pytest.raises(CorpusError, match=r"structure\.toml: block #1 \(.+\): begins"):
        load_structure(siglum, tmp_path)


CORRECTION = '\n[[correction]]\nat = {at}\nsic = "{sic}"\ncorr = "y"\nkind = "ocr"\ncert = "high"\n'


@pytest.mark.parametrize("siglum", SIGLA)
def test_wrong_correction_offset_or_sic_raises(tmp_path: Path, siglum: str) -> None:
    raw = load_source(siglum).raw
    target = _copy(tmp_path, siglum)
    path = target / "corrections.toml"
    original = path.read_text(encoding="utf-8")
    count = original.count("[[correction]]")
    # a sic that is not at its offset
    wrong = raw[0:3] + "Q"
    path.write_text(original + CORRECTION.format(at=0, sic=wrong), encoding="utf-8")
    with pytest.raises(CorpusError, match=rf"corrections\.toml: correction #{count + 1}: sic"):
        load_corrections(siglum, tmp_path)


@pytest.mark.parametrize("siglum", SIGLA)
def test_broken_corrections_toml_raises(tmp_path: Path, siglum: str) -> None:
    target = _copy(tmp_path / "b", siglum)
    path = target / "corrections.toml"
    path.write_text(path.read_text(encoding="utf-8") + "\n[[correction]\nat = \n", encoding="utf-8")
    with pytest.raises(CorpusError, match=r"corrections\.toml: broken TOML"):
        load_corrections(siglum, tmp_path / "b")


def test_schwaighofer_offsets_of_corrections_shifted_raise(tmp_path: Path) -> None:
    target = _copy(tmp_path, "schwaighofer1927")
    path = target / "corrections.toml"
    text = path.read_text(encoding="utf-8")
    if "[[correction]]" not in text:
        pytest.skip("no corrections yet")
    text = re.sub(r"(?m)^at = (\d+)$", lambda m: f"at = {int(m.group(1)) + 1}", text, count=1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError, match=r"corrections\.toml: correction #1: sic"):
        load_corrections("schwaighofer1927", tmp_path)


def test_pierer_gap_shifted_offset_raises(tmp_path: Path) -> None:
    target = _copy(tmp_path, "pierer1861")
    path = target / "structure.toml"
    text, count = re.subn(
        r"(?m)^at = (\d+)$", lambda m: f"at = {int(m.group(1)) + 1}", path.read_text(), count=1
    )
    assert count == 1
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CorpusError, match=r"structure\.toml: gap #1 at \d+: after '.*Figur'"):
        load_gaps("pierer1861", tmp_path)
