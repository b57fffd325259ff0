"""The OCR-D processor ``ocrd-stichwort-repair`` on a small workspace the test builds."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from lxml import etree
from ocrd import Resolver
from ocrd_validators import OcrdToolValidator

from normalise.formats import ocrd_processor
from normalise.formats.page import parse_token
from normalise.formats.schema import validation_errors
from normalise.formats.xmlio import local

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "ocr"
PAGE = "application/vnd.prima.page+xml"
LINE = "der betreffende Abheber auf"  # a line of region r3, which has no Word elements
LONG_S = "der betreffende Abheber iſt auf"


def run_processor(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    code = "from normalise.formats.ocrd_processor import main; main()"
    return subprocess.run(
        [sys.executable, "-c", code, *args], cwd=cwd, capture_output=True, text=True, check=False
    )


def test_ocrd_tool_json_is_valid() -> None:
    tool = json.loads((Path(ocrd_processor.__file__).parent / "ocrd-tool.json").read_text())
    report = OcrdToolValidator.validate(tool)
    assert report.is_valid, report.errors
    assert not report.warnings and not report.notices
    assert ocrd_processor.EXECUTABLE in tool["tools"]


def test_ocrd_tool_json_names_the_repository_of_the_package_metadata() -> None:
    """``git_url`` (required by OCR-D) is the ``Repository`` URL of pyproject.toml, or
    empty while the project has none: no invented address."""
    tool = json.loads((Path(ocrd_processor.__file__).parent / "ocrd-tool.json").read_text())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert tool["git_url"] == project.get("urls", {}).get("Repository", "")
    assert tool["version"] == project["version"]


def test_processor_repairs_a_page_file_group_into_another(tmp_path: Path) -> None:
    workspace = Resolver().workspace_from_nothing(directory=str(tmp_path))
    for n in (1, 2):
        workspace.add_file(
            "OCR-D-OCR",
            file_id=f"OCR_{n:04d}",
            page_id=f"PHYS_{n:04d}",
            mimetype=PAGE,
            local_filename=f"OCR-D-OCR/OCR_{n:04d}.xml",
            content=(DATA / "page-2019.xml").read_text(encoding="utf-8").replace(LINE, LONG_S),
        )
    workspace.save_mets()
    done = run_processor(
        *("-m", "mets.xml", "-I", "OCR-D-OCR", "-O", "OCR-D-REPAIR", "-P", "keep_long_s", "true"),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    workspace = Resolver().workspace_from_url(str(tmp_path / "mets.xml"))
    outputs = list(workspace.mets.find_files(fileGrp="OCR-D-REPAIR", mimetype=PAGE))
    assert sorted(f.pageId for f in outputs) == ["PHYS_0001", "PHYS_0002"]
    before = etree.fromstring(
        (DATA / "page-2019.xml").read_bytes().replace(LINE.encode(), LONG_S.encode())
    )
    for output in outputs:
        data = (tmp_path / output.local_filename).read_bytes()
        assert validation_errors(data) == []
        root = etree.fromstring(data)
        steps = [m.get("value") for m in root.iter("{*}MetadataItem")]
        assert ocrd_processor.EXECUTABLE in steps
        old = {e.get("id"): e for e in before.iter() if e.get("id")}
        changed = 0
        for element in root.iter():
            if not element.get("id") or local(element) not in ("TextLine", "Word"):
                continue
            coords = element.find("{*}Coords")
            assert coords is not None
            assert coords.get("points") == old[element.get("id")].find("{*}Coords").get("points")
            if (parse_token(element.get("custom")) or {}).get("textEquiv") == "added":
                changed += 1
                equivs = [c for c in element if local(c) == "TextEquiv"]
                ocr = [c for c in old[element.get("id")] if local(c) == "TextEquiv"]
                assert equivs[0].get("index") == "0"
                assert equivs[1].findtext("{*}Unicode") == ocr[0].findtext("{*}Unicode")
                assert equivs[0].findtext("{*}Unicode") != ocr[0].findtext("{*}Unicode")
        assert changed > 10
        line = next(e for e in root.iter("{*}TextLine") if e.get("id") == "r3_l3")
        assert "iſt auf" in (line.findtext("{*}TextEquiv/{*}Unicode") or "")


def test_without_the_extra_the_script_says_how_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(ocrd_processor, "HAVE_OCRD", False)
    with pytest.raises(SystemExit) as stop:
        ocrd_processor.main()
    assert stop.value.code == 2
    assert "pip install 'stichwort[ocrd]'" in capsys.readouterr().err
