"""Damaged corpus files: ``stichwort build`` refuses them in one line naming the file,
the entry and the problem, exits 2, and writes nothing (a good TEI file stays)."""

from __future__ import annotations

from pathlib import Path

import pytest

from stichwort.cli import main
from tests.safety.conftest import SIGLUM

CORRECTION = '[[correction]]\nat = {at}\nsic = "{sic}"\ncorr = "x"\nkind = "ocr"\n'


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _without_file_table(meta: str) -> str:
    start = meta.index("[file]\n")
    end = meta.index("\n[", start + 1)
    return meta[:start] + meta[end + 1 :]


DAMAGE = {
    "structure missing": (
        lambda d: (d / "structure.toml").unlink(),
        "structure.toml: file not found",
    ),
    "structure empty": (
        lambda d: (d / "structure.toml").write_text("", encoding="utf-8"),
        "structure.toml: no [[div]] entries",
    ),
    "structure without blocks": (
        lambda d: (d / "structure.toml").write_text(
            '[[div]]\nid = "all"\ntype = "game"\nstart = 0\nend = 3748\n', encoding="utf-8"
        ),
        "structure.toml: no [[block]] entries",
    ),
    "structure entry without id": (
        lambda d: _replace(d / "structure.toml", 'id = "front.site"\n', ""),
        "structure.toml: block #1 (no id): 'id' is missing",
    ),
    "structure start a string": (
        lambda d: _replace(d / "structure.toml", "start = 19\n", 'start = "19"\n'),
        "structure.toml: div #2 (preference): 'start' must be an integer, not str '19'",
    ),
    "structure id a number": (
        lambda d: _replace(d / "structure.toml", 'id = "front"', "id = 7"),
        "structure.toml: div #1 (7): 'id' must be a string, not int 7",
    ),
    "structure div a table": (
        lambda d: (d / "structure.toml").write_text(
            '[div]\nid = "front"\nstart = 0\nend = 3\n', encoding="utf-8"
        ),
        "structure.toml: 'div' must be an array of tables ([[div]])",
    ),
    "structure not UTF-8": (
        lambda d: (d / "structure.toml").write_bytes(b'title = "Gr\xf6\xdfe"\n'),
        "structure.toml: not UTF-8 at byte 11",
    ),
    "corrections missing": (
        lambda d: (d / "corrections.toml").unlink(),
        "corrections.toml: file not found (a source without corrections says so",
    ),
    "corrections empty": (
        lambda d: (d / "corrections.toml").write_bytes(b"\n  \n"),
        "corrections.toml: file is empty: say that there are no corrections",
    ),
    "insertion at 999999": (
        lambda d: (d / "corrections.toml").write_text(CORRECTION.format(at=999999, sic="")),
        "corrections.toml: correction #1: offset 999999..999999 outside the raw text (0..3748)",
    ),
    "negative at": (
        lambda d: (d / "corrections.toml").write_text(CORRECTION.format(at=-5, sic="Pre")),
        "corrections.toml: correction #1: offset -5..-2 outside the raw text",
    ),
    "at a string": (
        lambda d: (d / "corrections.toml").write_text(CORRECTION.format(at='"19"', sic="P")),
        "corrections.toml: correction #1: 'at' must be an integer, not str '19'",
    ),
    "at a float": (
        lambda d: (d / "corrections.toml").write_text(CORRECTION.format(at="19.0", sic="P")),
        "corrections.toml: correction #1: 'at' must be an integer, not float 19.0",
    ),
    "correction without corr": (
        lambda d: (d / "corrections.toml").write_text('[[correction]]\nat = 19\nsic = "P"\n'),
        "corrections.toml: correction #1: 'corr' is missing",
    ),
    "meta file a string": (
        lambda d: (d / "meta.toml").write_text(
            'file = "broken"\n' + _without_file_table((d / "meta.toml").read_text("utf-8"))
        ),
        "meta.toml: [file] must be a table",
    ),
}


@pytest.fixture
def good_tei(corpus_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    out = tmp_path / "build"
    assert main(["build", "--sigla", SIGLUM, "--out", str(out)]) == 0
    capsys.readouterr()
    return out / "tei" / f"{SIGLUM}.xml"


@pytest.mark.parametrize("case", sorted(DAMAGE))
def test_damaged_corpus_file_is_refused_and_nothing_written(
    case: str, corpus_copy: Path, good_tei: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import tests.safety.conftest as fixtures

    before = good_tei.read_bytes()
    damage, message = DAMAGE[case]
    damage(corpus_copy)
    fixtures._clear_caches()
    status = main(["build", "--sigla", SIGLUM, "--out", str(good_tei.parent.parent)])
    err = capsys.readouterr().err
    assert status == 2
    lines = [line for line in err.splitlines() if not line.startswith("tei: ")]
    assert len(lines) == 1 and lines[0].startswith("stichwort build: error: "), err
    assert str(corpus_copy) in lines[0] and message in lines[0], lines[0]
    assert good_tei.read_bytes() == before
    assert [p.name for p in good_tei.parent.iterdir()] == [good_tei.name]


@pytest.mark.parametrize("content", ["# none: the transcription is clean\n", "correction = []\n"])
def test_an_empty_corrections_file_that_says_so_is_fine(
    content: str, corpus_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (corpus_copy / "corrections.toml").write_text(content, encoding="utf-8")
    assert main(["build", "--sigla", SIGLUM, "--out", str(tmp_path / "b")]) == 0
    assert (tmp_path / "b" / "tei" / f"{SIGLUM}.xml").exists()
