"""Two builds of the same input give byte-identical TEI files (no build clock, no randomness)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from corpus import SIGLA


def _build(out: Path, **env: str) -> dict[str, bytes]:
    environment = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    environment.update(env)
    command = [sys.executable, "-m", "stichwort", "build", "--out", str(out)]
    result = subprocess.run(command, capture_output=True, text=True, env=environment, check=False)
    assert result.returncode == 0, result.stderr
    return {path.name: path.read_bytes() for path in sorted((out / "tei").glob("*.xml"))}


def test_two_builds_are_byte_identical(tmp_path: Path) -> None:
    # different time zones and hash seeds: neither may leak into the files
    first = _build(tmp_path / "a", TZ="UTC", PYTHONHASHSEED="1")
    second = _build(tmp_path / "b", TZ="Pacific/Kiritimati", PYTHONHASHSEED="2")
    assert sorted(first) == sorted(f"{siglum}.xml" for siglum in SIGLA)
    assert len(first) == 4
    for name, data in first.items():
        assert data == second[name], f"{name} differs between two builds"


def test_source_date_epoch_overrides_the_date(tmp_path: Path) -> None:
    built = _build(tmp_path / "epoch", SOURCE_DATE_EPOCH="946771200", PYTHONHASHSEED="3")
    for name, data in built.items():
        assert b'<date when="2000-01-02">2000-01-02</date>' in data, name
        assert b'<change when="2000-01-02">' in data, name
