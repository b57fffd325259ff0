"""``stichwort validate``: jing (tei_all), the project Schematron and the raw rule."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import tei.validate
from tei.errors import TeiError
from tei.validate import validate_files


def test_built_files_are_valid(synth_tei: Path, real_tei: dict[str, Path]) -> None:
    assert validate_files([synth_tei, *real_tei.values()]) == []


def _mutate(path: Path, tmp_path: Path, name: str, *pairs: tuple[str, str]) -> Path:
    text = path.read_text(encoding="utf-8")
    for old, new in pairs:
        assert old in text, old
        text = text.replace(old, new, 1)
    out = tmp_path / name
    out.write_text(text, encoding="utf-8")
    return out


def test_project_rules_are_reported(synth_tei: Path, tmp_path: Path) -> None:
    bad = _mutate(
        synth_tei,
        tmp_path,
        "bad.xml",
        ('<pb xml:id="synth1798.page12" n="12"/>', "<pb/>"),
        ('resp="#editor"', 'resp="#nobody"'),
        (' ana="#ptype.strategy"', ""),
        ('xml:id="synth1798.piquet.p2" n="p2"', 'xml:id="synth1798.piquet.p2" n="p1"'),
    )
    problems = "\n".join(validate_files([bad]))
    assert "a pb has no @n" in problems
    assert '@resp "#nobody" does not resolve' in problems
    assert 'p "synth1798.piquet.p3" has no paragraph type' in problems
    assert "is not unique" in problems
    assert "bad.xml:" in problems and "(in synth1798.piquet.p2)" in problems


def test_raw_rule_is_checked_against_the_corpus(real_tei: dict[str, Path], tmp_path: Path) -> None:
    path = real_tei["engelmann1798"]
    text = path.read_text(encoding="utf-8")
    body = text.index("<body>")
    position = body + text[body:].index("Spiel kann nur")
    changed = tmp_path / "engelmann1798.xml"
    changed.write_text(text[:position] + "X" + text[position + 1 :], encoding="utf-8")
    problems = validate_files([changed])
    assert any("raw rule broken" in p and "'X" in p for p in problems), problems


def test_jing_reports_schema_errors(synth_tei: Path, tmp_path: Path) -> None:
    bad = _mutate(synth_tei, tmp_path, "invalid.xml", ("<list>", '<list bogus="1">'))
    problems = validate_files([bad])
    assert any("invalid.xml:" in p and "bogus" in p for p in problems), problems


def test_broken_xml_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    broken = tmp_path / "broken.xml"
    broken.write_text("<TEI><text>")
    (problem,) = validate_files([broken])
    assert problem.startswith(f"{broken}:1: not well-formed XML: Premature end of data")


def test_missing_schema_or_jing_says_what_to_run(
    synth_tei: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tei.validate, "SCHEMA", tmp_path / "none.rng")
    with pytest.raises(TeiError, match="make schema"):
        validate_files([synth_tei])
    monkeypatch.undo()
    monkeypatch.setattr(tei.validate.shutil, "which", lambda *args, **kwargs: None)
    with pytest.raises(TeiError, match="make test"):
        validate_files([synth_tei])


def test_cli_validate(synth_tei: Path, tmp_path: Path) -> None:
    command = [sys.executable, "-m", "stichwort.cli", "validate", str(synth_tei)]
    assert subprocess.run(command, capture_output=True, check=False).returncode == 0
    bad = _mutate(
        synth_tei, tmp_path, "bad.xml", ('<pb xml:id="synth1798.page12" n="12"/>', "<pb/>")
    )
    result = subprocess.run([*command[:-1], str(bad)], capture_output=True, text=True, check=False)
    assert result.returncode == 1 and "a pb has no @n" in result.stderr
