"""``stichwort repair`` / ``restore`` on PAGE XML, ALTO and hOCR files."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from lxml import etree

DATA = Path(__file__).resolve().parents[2] / "data" / "ocr"


def stichwort(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stichwort", *args], capture_output=True, text=True, check=False
    )


def canonical(path: Path) -> bytes:
    return etree.tostring(etree.parse(str(path)), method="c14n")


def test_repair_writes_the_format_and_restore_gives_it_back(tmp_path: Path) -> None:
    for name in ("page-2019.xml", "alto-v4.xml"):
        out, back = tmp_path / f"repaired-{name}", tmp_path / f"restored-{name}"
        done = stichwort("repair", str(DATA / name), "-o", str(out))
        assert done.returncode == 0, done.stderr
        assert "lines, edits:" in done.stderr and name in done.stderr
        assert out.read_bytes().startswith(b"<?xml") and b"stichwort" in out.read_bytes()
        done = stichwort("restore", str(out), "-o", str(back))
        assert done.returncode == 0, done.stderr
        assert canonical(back) == canonical(DATA / name)


def test_review_of_a_layout_file_and_json_refused(tmp_path: Path) -> None:
    done = stichwort("repair", str(DATA / "hocr.html"), "--review", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("[")
    done = stichwort("repair", str(DATA / "page-2013.xml"), "--format", "json")
    assert done.returncode != 0
    assert "page-2013.xml: --format json is for plain text" in done.stderr


def test_broken_layout_file_names_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.xml"
    data = (DATA / "alto-v4.xml").read_bytes().replace(b"</Layout>", b"</Layou>")
    bad.write_bytes(data)
    out = tmp_path / "out.xml"
    done = stichwort("repair", str(bad), "-o", str(out))
    assert done.returncode != 0
    assert f"{bad}:" in done.stderr and "not well-formed XML" in done.stderr
    assert not out.exists()
