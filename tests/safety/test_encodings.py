"""Hostile and careless inputs of ``stichwort repair``: encodings, normalisations, sizes.

Every input the command accepts comes back byte for byte through ``stichwort restore``;
every input it refuses gets one line naming the file (and the byte offset), exit 2.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest

from stichwort.cli import main

TEXT = "Das Spiel iſt gut, wel⸗ chem man folgt. Die Größe zählt; Übel iſt es nie.\n"
NFD = unicodedata.normalize("NFD", TEXT)

INPUTS: dict[str, bytes] = {
    "crlf": TEXT.replace("\n", "\r\n").encode() * 3,
    "cr": TEXT.replace("\n", "\r").encode() * 3,
    "nfd": NFD.encode(),
    "mixed-nfc-nfd": (TEXT + NFD + TEXT).encode(),
    "utf8-bom": b"\xef\xbb\xbf" + TEXT.encode(),
    "control-characters": TEXT.replace("Spiel ", "Spiel\x07 \x1b[0m")
    .replace("gut", "g\x7fut\x85")
    .replace("\n", "\x0b\x0c\n")
    .encode(),
    "nul-after-4kb": (TEXT * 60).encode() + b"\x00" + TEXT.encode(),
    "utf16-le-bom": "\ufeff".encode("utf-16-le") + TEXT.encode("utf-16-le"),
    "utf16-be-bom": "\ufeff".encode("utf-16-be") + TEXT.encode("utf-16-be"),
    "utf32-le-bom": "\ufeff".encode("utf-32-le") + TEXT.encode("utf-32-le"),
    "utf32-be-bom": "\ufeff".encode("utf-32-be") + TEXT.encode("utf-32-be"),
    "utf16-crlf-nfd": "\ufeff".encode("utf-16-le") + NFD.replace("\n", "\r\n").encode("utf-16-le"),
    "mojibake": "Die GrÃ¶ÃŸe des Spiels zÃ¤hlt.\r\n".encode(),
}


def _repair(path: Path, *args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["repair", str(path), *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("name", sorted(INPUTS))
def test_json_gives_the_input_back_byte_for_byte(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / f"{name}.txt"
    source.write_bytes(INPUTS[name])
    out = tmp_path / "out.json"
    status, _, err = _repair(source, "--format", "json", "-o", str(out), capsys=capsys)
    assert status == 0, err
    assert "ftfy fixed mojibake" not in err
    reading = json.loads(out.read_text(encoding="utf-8"))["reading"]
    assert not any(c in reading for c in "\r\x00\x07\x1b\x7f\x85\ufeff")
    assert unicodedata.is_normalized("NFC", reading)
    assert "Größe" in reading
    back = tmp_path / "back.txt"
    assert main(["restore", str(out), "-o", str(back)]) == 0
    assert back.read_bytes() == INPUTS[name]


def test_every_normalisation_is_an_edit_and_named_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.txt"
    source.write_bytes(b"\xef\xbb\xbf" + "Gro\u0308ße\r\nund\x00 Spiel\r".encode())
    status, out, err = _repair(source, "--format", "json", capsys=capsys)
    assert status == 0
    edits = json.loads(out)["edits"]
    assert edits[0] == {
        "start": 0,
        "end": 1,
        "original": "\ufeff",
        "replacement": "",
        "kind": "encoding",
        "confidence": 1.0,
        "evidence": "byte order mark",
        "source": "auto",
    }
    kinds = {e["original"]: e["kind"] for e in edits}
    assert kinds["o\u0308"] == "encoding" and kinds["\x00"] == "encoding"
    assert kinds["\r\n"] == "whitespace"
    assert "read as utf-8 (byte order mark)" in err
    assert "byte order mark" in err and "CR LF line end" in err and "Unicode NFC" in err
    assert "control character removed" in err and "mojibake" not in err


def test_utf16_is_decoded_not_read_as_cp1252(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "in.txt"
    source.write_bytes(INPUTS["utf16-le-bom"])
    status, out, err = _repair(source, capsys=capsys)
    assert status == 0
    assert out == "Das Spiel ist gut, welchem man folgt. Die Größe zählt; Übel ist es nie.\n"
    assert "utf-16-le (byte order mark)" in err


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("Größe".encode("cp1252"), "not UTF-8 and no byte order mark: byte 0xF6 at offset 2"),
        ("Spiel".encode("utf-16-le"), "looks like UTF-16 or UTF-32 without a byte order mark"),
        (b"\xff\xfeS\x00\x00\xd8", "not valid utf-16-le (byte order mark): byte 0x00 at offset 4"),
        (b"\xef\xbb\xbfGr\xf6\xdfe", "not valid utf-8 (byte order mark): byte 0xF6 at offset 5"),
        (b"\x00\x01binary", "looks binary (NUL byte at offset 0)"),
        (b"", "file is empty"),
    ],
)
def test_undecodable_or_ambiguous_input_is_refused(
    data: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "bad input.txt"
    source.write_bytes(data)
    status, out, err = _repair(source, capsys=capsys)
    assert status == 2 and out == ""
    assert err == f"stichwort repair: error: {source}: " + err.split(f"{source}: ", 1)[1]
    assert message in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"{not json", "out.json:1: not JSON"),
        (b"\xff\xfe{}", "out.json: not UTF-8 at byte 0"),
        (b'{"format": "other"}', "not the JSON output of 'stichwort repair'"),
        (
            b'{"format": "stichwort-repair/1", "input": {}, "reading": "x", "edits": [{"start": -1}]}',
            "edit #1:",
        ),
        (
            b'{"format": "stichwort-repair/1", "input": {"encoding": "utf-8"}, "reading": "a",'
            b' "edits": [{"start": 0, "end": 1, "original": "b", "replacement": "z",'
            b' "kind": "ocr"}]}',
            "cannot restore the input",
        ),
        (
            b'{"format": "stichwort-repair/1", "input": {"encoding": "utf-8", "sha256": "0"},'
            b' "reading": "a", "edits": []}',
            "do not match the input's SHA-256",
        ),
    ],
)
def test_restore_refuses_a_broken_file(
    content: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "out.json"
    path.write_bytes(content)
    target = tmp_path / "back.txt"
    assert main(["restore", str(path), "-o", str(target)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.splitlines()) == 1
    assert not target.exists()
