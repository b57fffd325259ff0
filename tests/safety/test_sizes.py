"""Inputs too big or not files at all: refused before they are read; a long token or a
long document costs time and memory in proportion to its length, not more."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from normalise import repair, restore_raw, textio
from normalise.lexicon import Lexicon
from stichwort.cli import main


def _repair(path: Path, *args: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["repair", str(path), *args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_device_directory_and_fifo_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for path in (Path("/dev/zero"), tmp_path, fifo):
        status, out, err = _repair(path, capsys=capsys)
        assert status == 2 and out == "", path
        assert err.startswith(f"stichwort repair: error: {path}: is ") and "Traceback" not in err


def test_oversized_input_is_refused_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as handle:
        handle.truncate(textio.MAX_INPUT_BYTES + 1)  # sparse: nothing is written
    status, out, err = _repair(big, capsys=capsys)
    assert status == 2 and out == ""
    assert f"{big}: too large ({textio.MAX_INPUT_BYTES + 1:,} bytes" in err


class CountingTable(dict[str, float]):
    """A lexicon table that counts its look-ups."""

    lookups = 0

    def get(self, key: str, default: float | None = None) -> float | None:  # type: ignore[override]
        CountingTable.lookups += 1
        return super().get(key, default)


def test_compound_lookup_of_a_long_token_costs_nothing() -> None:
    table = CountingTable({"karten": 4.0, "spiel": 4.5, "haus": 4.0, "kartenspielhaus": 3.0})
    lexicon = Lexicon(table, prefixes=frozenset())
    assert lexicon.compound_zipf("kartenspiel") is not None
    CountingTable.lookups = 0
    assert lexicon.compound_zipf("kartenspiel" * 100_000) is None
    assert CountingTable.lookups == 0
    # a word no form of the table ends like is no compound: nothing looked up
    CountingTable.lookups = 0
    assert lexicon.compound_zipf("kartenspielhäuser") is None
    assert CountingTable.lookups == 0
    short = len("spielkartenhaus")  # ends like "haus": the split is searched
    CountingTable.lookups = 0
    lexicon.compound_zipf("spielkartenhaus")
    assert 0 < CountingTable.lookups <= 8 * short  # linear in the token, links included


def test_a_million_character_token_round_trips() -> None:
    raw = "ab" * 500_000
    r = repair(raw)
    assert restore_raw(r.reading, r.edits) == raw and len(r.reading) == len(raw)


def test_an_xml_file_too_big_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import tei.xmlsafe

    big = tmp_path / "big.xml"
    with big.open("wb") as handle:
        handle.truncate(1001)
    monkeypatch.setattr(tei.xmlsafe, "MAX_XML_BYTES", 1000)
    assert main(["text", str(big)]) == 2
    err = capsys.readouterr().err
    assert f"{big}: cannot read: too large (1,001 bytes" in err and len(err.splitlines()) == 1
