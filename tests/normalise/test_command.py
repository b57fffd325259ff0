"""``stichwort repair``: encodings, formats, review listing, errors, atomic output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from normalise.command import repair_command
from normalise.prepare import prepare

TEXT = "Dieſes Spiel iſt ſchön, wel⸗ chem man folgt. Die Größe zählt.\n"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stichwort", "repair", *args],
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.parametrize(
    "encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-be", "utf-32", "utf-32-be"]
)
def test_reads_utf8_and_every_byte_order_mark(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "in.txt"
    data = TEXT.encode(encoding)
    if encoding.endswith("-be"):
        data = "\ufeff".encode(encoding) + data  # the -be codecs write no mark
    path.write_bytes(data)
    result = run(str(path))
    assert result.returncode == 0, result.stderr
    assert result.stdout == "Dieses Spiel ist schön, welchem man folgt. Die Größe zählt.\n"
    assert "mojibake" not in result.stderr


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1"])
def test_a_legacy_encoding_is_read_only_when_named(tmp_path: Path, encoding: str) -> None:
    path = tmp_path / "in.txt"
    path.write_bytes(TEXT.replace("ſ", "s").replace("⸗", "¬").encode(encoding))
    refused = run(str(path))
    assert refused.returncode == 2 and refused.stdout == ""
    assert f"{path}: not UTF-8" in refused.stderr and "byte 0xF6 at offset 20" in refused.stderr
    assert "--encoding" in refused.stderr
    result = run(str(path), "--encoding", encoding)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "Dieses Spiel ist schön, welchem man folgt. Die Größe zählt.\n"


def test_json_format(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text(TEXT, encoding="utf-8")
    data = json.loads(run(str(path), "--format", "json").stdout)
    assert set(data) == {"format", "input", "reading", "edits", "proposals", "confusions"}
    assert data["input"]["encoding"] == "utf-8" and data["input"]["bytes"] == len(TEXT.encode())
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
    assert prepare("„ſo“ ﬁ") == ("„ſo“ ﬁ", [])  # curly quotes, long s and ligatures stay


def test_json_names_what_the_repair_learned(tmp_path: Path) -> None:
    path = tmp_path / "in.txt"
    path.write_text(
        "Das ist qut. Er hat es qesagt, aber nicht qefragt; es war qanz schön.",
        encoding="utf-8",
    )
    data = json.loads(run(str(path), "--format", "json").stdout)
    assert [c[:2] for c in data["confusions"]] == [["q", "g"]]
    assert "gesagt" in data["reading"]
