"""``stichwort repair``: encodings, formats, review listing, errors, atomic output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from normalise.command import fix_mojibake, repair_command

TEXT = "Dieſes Spiel iſt ſchön, wel⸗ chem man folgt. Die Größe zählt.\n"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stichwort", "repair", *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252", "latin-1"])
def test_reads_every_supported_encoding(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "in.txt"
    text = TEXT.replace("ſ", "s").replace("⸗", "¬") if encoding in ("cp1252", "latin-1") else TEXT
    path.write_bytes(text.encode(encoding))
    result = run(str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout == "Dieses Spiel ist schön, welchem man folgt. Die Größe zählt.\n"


def test_json_format(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text(TEXT, encoding="utf-8")
    data = json.loads(run(str(path), "--format", "json").stdout)
    assert set(data) == {"reading", "edits", "proposals"}
    assert data["reading"].startswith("Dieses Spiel ist schön")
    assert {e["kind"] for e in data["edits"]} >= {"long-s", "hyphenation"}


@pytest.mark.parametrize(("content", "message"), [(b"", "empty"), (b"\x00\x01\x02ab", "binary")])
def test_empty_or_binary_file_fails_naming_it(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad name.txt"
    path.write_bytes(content)
    result = run(str(path))
    assert result.returncode != 0
    assert str(path) in result.stderr and message in result.stderr


def test_missing_file_fails(tmp_path: Path) -> None:
    result = run(str(tmp_path / "nope.txt"))
    assert result.returncode != 0 and "nope.txt" in result.stderr


def test_output_file_written_atomically(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text(TEXT, encoding="utf-8")
    out = tmp_path / "sub" / "out.json"
    assert repair_command(path, "json", False, out) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["reading"].startswith("Dieses")
    assert [p.name for p in out.parent.iterdir()] == ["out.json"]  # no temporary left


def test_review_lists_proposals(root: Path) -> None:
    path = root / "corpus" / "schwaighofer1927" / "raw.txt"
    result = run(str(path), "--review")
    assert result.returncode == 0
    lines = [line for line in result.stdout.splitlines() if line]
    assert lines, result.stderr
    for line in lines:
        offset, context, change, confidence, evidence = line.split("\t")
        assert int(offset) >= 0 and "[" in context and " -> " in change
        assert 0 < float(confidence) < 1 and evidence
    data = json.loads(run(str(path), "--review", "--format", "json").stdout)
    assert len(data) == len(lines)
    assert {"start", "original", "replacement", "confidence", "context"} <= set(data[0])


def test_mojibake_fixed_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text("Die GrÃ¶ÃŸe des Spiels zÃ¤hlt.", encoding="utf-8")
    result = run(str(path))
    assert result.stdout.strip() == "Die Größe des Spiels zählt."
    assert "mojibake" in result.stderr
    assert fix_mojibake("„ſo“")[0] == "„ſo“"  # curly quotes and long s are kept
