"""Conform's reports: transcripts and rejections, JUnit XML, JSON, progress, --help, equality."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from rules.conform import json_equal
from stichwort.cli import main

HERE = Path(__file__).resolve().parent
ADAPTERS = HERE / "adapters"
FIXTURES = HERE / "fixtures"
VALUES = FIXTURES / "values.json"
REJECTIONS = FIXTURES / "rejections.json"
TOY = FIXTURES / "toy_transcripts.json"


def test_toy_adapter_passes_the_transcripts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", str(ADAPTERS / "toy_adapter.py"), "--vectors", str(TOY)]) == 0
    assert "3 vectors, 3 passed, 0 failed, 0 skipped" in capsys.readouterr().out


def test_lax_toy_adapter_fails_transcripts_and_the_rejection(
    capsys: pytest.CaptureFixture[str],
) -> None:
    adapter = str(ADAPTERS / "lax_toy_adapter.py")
    assert main(["conform", adapter, "--vectors", str(TOY), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    failures = {f["id"]: f for r in report["rules"] for f in r["failures"]}
    split = failures["toy.transcript.split"]
    assert split["problem"] == "mismatch"
    assert split["detail"] == "legal actions before action 1 differ first"
    assert split["paragraphs"] == ["toy1.rules.p1", "toy1.rules.p2"]
    assert split["got"]["legal"][1] == ["8H", "KS"]
    revoke = failures["toy.transcript.revoke"]
    assert revoke["problem"] == "not-refused" and revoke["rejects"] is True
    assert "expected" not in revoke


def test_text_report_lists_counts_and_failures_with_paragraphs(
    capsys: pytest.CaptureFixture[str],
) -> None:
    adapter = str(ADAPTERS / "lax_toy_adapter.py")
    assert main(["conform", adapter, "--vectors", str(TOY)]) == 1
    out = capsys.readouterr().out
    assert "toy.transcript       0       3        0" in out
    assert "FAILED toy.transcript.split (toy1.rules.p1, toy1.rules.p2) rule toy.transcript" in out
    assert "  where    legal actions before action 1 differ first" in out
    assert "FAILED toy.transcript.revoke (toy1.rules.p1) rule toy.transcript" in out
    assert '  expected a refusal (an exception, or {"error": ...})' in out


def test_junit_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junit = tmp_path / "ci" / "conform.xml"
    junit.parent.mkdir()
    junit.write_text("old report", encoding="utf-8")
    adapter = str(ADAPTERS / "rules_error_adapter.py")
    files = [str(VALUES), str(REJECTIONS), str(TOY)]
    status = main(["conform", adapter, "--vectors", *files, "--junit", str(junit)])
    assert status == 1
    capsys.readouterr()
    assert [p.name for p in junit.parent.iterdir()] == ["conform.xml"]  # replaced, no leftovers
    root = ET.parse(junit).getroot()
    assert root.tag == "testsuites"
    assert (root.get("tests"), root.get("failures"), root.get("skipped")) == ("12", "5", "3")
    suites = {s.get("name"): s for s in root.iter("testsuite")}
    assert set(suites) == {"piquet", "toy"}
    assert suites["toy"].get("skipped") == "3"  # the piquet adapter does not know toy
    cases = {c.get("name"): c for c in root.iter("testcase")}
    assert len(cases) == 12
    five = cases["fixture.sequence.five"]
    assert five.get("classname") == "piquet.sequence_value"
    failure = five.find("failure")
    assert failure is not None and failure.get("type") == "error"
    assert failure.get("message", "").startswith("engelmann1798.piquet.p8: RulesError:")
    text = failure.text or ""
    assert "paragraphs: engelmann1798.piquet.p8" in text
    assert "quote: die Quarte 4, die Quinte 15" in text
    assert 'input    {"length": 5}' in text and "expected 15" in text
    assert cases["fixture.reject.sequence_of_nine"].find("failure") is None
    assert cases["toy.transcript.split"].find("skipped") is not None


CONTROL = """
import json, sys
for line in sys.stdin:
    print(json.dumps({"error": "bad \\u0000 byte \\u001b[31m and <tags> & \\"quotes\\""}), flush=True)
"""


def test_junit_survives_control_characters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "control.py"
    script.write_text(CONTROL, encoding="utf-8")
    junit = tmp_path / "out.xml"
    spec = f'exec:"{sys.executable}" "{script}"'
    assert main(["conform", spec, "--vectors", str(VALUES), "--junit", str(junit)]) == 1
    capsys.readouterr()
    failures = list(ET.parse(junit).getroot().iter("failure"))
    assert len(failures) == 6
    assert 'bad \\u0000 byte \\u001b[31m and <tags> & "quotes"' in (failures[0].text or "")


def test_json_report_keeps_its_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["conform", "rules.reference_adapter", "--vectors", str(VALUES), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report) >= {"adapter", "vectors", "summary", "rules"}
    assert report["adapter"] == "rules.reference_adapter" and report["vectors"] == 6
    assert report["summary"] == {"passed": 6, "failed": 0, "skipped": 0}
    assert {r["rule"] for r in report["rules"]} == {
        "piquet.sequence_value",
        "piquet.pip_value",
        "piquet.partie_units",
    }


def test_progress_on_request_only(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["conform", "rules.reference_adapter", "--vectors", str(VALUES)]
    assert main([*argv, "--progress"]) == 0
    assert "conform: 6/6 vectors (piquet), 0 failed" in capsys.readouterr().err
    assert main([*argv, "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


def test_help_documents_every_option() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "stichwort", "conform", "--help"],
        capture_output=True,
        text=True,
        check=True,
    )
    for option in ("--vectors", "--json", "--junit", "--timeout", "--max-answer-bytes"):
        assert option in result.stdout
    assert "--progress" in result.stdout and "exit status" in result.stdout
    assert 'exec:"node adapter.js"' in result.stdout


@pytest.mark.parametrize(
    ("value", "bad"),
    [("--timeout", "0"), ("--timeout", "soon"), ("--max-answer-bytes", "-1")],
)
def test_bad_limits_are_refused(value: str, bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["conform", "rules.reference_adapter", value, bad])
    assert stop.value.code == 2
    assert value in capsys.readouterr().err


def test_json_equality() -> None:
    assert json_equal({"a": 1, "b": [1, 2]}, {"b": [1, 2], "a": 1})
    assert not json_equal([1, 2], [2, 1])
    assert json_equal(15, 15.0)
    assert not json_equal(True, 1) and not json_equal(0, False) and not json_equal(None, False)
    assert not json_equal({"a": 1}, {"a": 1, "b": None})
    assert not json_equal("15", 15)
