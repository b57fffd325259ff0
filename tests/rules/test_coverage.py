"""build/coverage.json: every rule, law and example paragraph, what formalises it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.coverage import coverage, model_citations, summary
from rules.piquet import GAME
from stichwort.cli import main
from tests.conftest import built


@pytest.fixture(scope="module")
def cover() -> dict[str, dict[str, object]]:
    return coverage(built("tei/engelmann1798.xml").parent)


def test_every_rule_law_and_example_paragraph_is_listed(
    cover: dict[str, dict[str, object]],
) -> None:
    from tei.layers import load_paragraphs

    expected = {
        pid
        for path in built("tei/engelmann1798.xml").parent.glob("*.xml")
        for pid, p in load_paragraphs(path).items()
        if p.type in ("rule", "example") and p.kind != "head"
    }
    assert set(cover) == expected
    for entry in cover.values():
        assert set(entry) >= {"rules", "claims", "unformalised"}
        assert entry["unformalised"] is None or isinstance(entry["unformalised"], str)


def test_every_piquet_paragraph_is_covered_or_has_a_reason(
    cover: dict[str, dict[str, object]],
) -> None:
    piquet = {pid: e for pid, e in cover.items() if e["game"] == "piquet"}
    assert len(piquet) == 36
    for pid, entry in piquet.items():
        assert entry["rules"] or entry["unformalised"], pid
    assert cover["engelmann1798.piquet.gesetze.16"]["unformalised"]
    assert summary(cover)["piquet"] == {
        "paragraphs": 36, "covered": 35, "unformalised": 1, "missing": 0
    }  # fmt: skip


def test_model_actions_and_scores_cite_their_paragraphs(
    cover: dict[str, dict[str, object]],
) -> None:
    p11 = cover["engelmann1798.piquet.p11"]
    assert "play" in p11["actions"] and "lead" in p11["scores"]
    assert "piquet.transcript" in p11["rules"]
    assert "buy" in cover["engelmann1798.piquet.gesetze.11"]["actions"]
    assert "capot" in cover["engelmann1798.piquet.p19"]["scores"]
    assert "counts_nothing" in cover["engelmann1798.piquet.gesetze.6"]["scores"] or (
        "engelmann1798.piquet.gesetze.6" in model_citations(GAME)
    )
    # claims count the worked transcripts that quote a paragraph too
    assert cover["engelmann1798.piquet.gesetze.3"]["claims"] >= 2


def test_cli_writes_the_coverage_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tei = built("tei/engelmann1798.xml").parent
    out = tmp_path / "coverage.json"
    assert main(["coverage", "--tei", str(tei), "--out", str(out)]) == 0
    assert "cited by a rule" in capsys.readouterr().out
    assert json.loads(out.read_text(encoding="utf-8"))["engelmann1798.piquet.p1"]["rules"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["coverage", "--tei", str(empty), "--out", str(tmp_path / "x.json")]) == 2
    assert "no TEI paragraphs" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()
