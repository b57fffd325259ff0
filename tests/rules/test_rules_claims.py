"""Claims: quotes stand in the TEI reading text, every case passes, and broken rules are caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.claims import Case, Claim, all_claims, evaluate, fold, run_claims
from rules.errors import RulesError
from rules.piquet import functions as piquet
from rules.registry import get_rule
from tei.layers import load_paragraphs
from tests.conftest import built


@pytest.fixture(scope="module")
def readings() -> dict[str, str]:
    """The reading text of every paragraph of every built source."""
    found: dict[str, str] = {}
    for path in sorted(built("tei/engelmann1798.xml").parent.glob("*.xml")):
        found.update({pid: p.reading for pid, p in load_paragraphs(path).items()})
    return found


def test_enough_claims_with_unique_ids() -> None:
    claims = all_claims()
    assert len(claims) >= 40
    assert len({c.id for c in claims}) == len(claims)
    case_ids = [i for c in claims for i in c.case_ids()]
    assert len(set(case_ids)) == len(case_ids)


def test_each_claim_cites_a_paragraph_its_rule_implements() -> None:
    for claim in all_claims():
        assert claim.paragraph in get_rule(claim.rule).paragraphs, claim.id


def test_cases_are_json() -> None:
    for claim in all_claims():
        for case in claim.cases:
            assert json.loads(json.dumps(case.input)) == case.input
            assert json.loads(json.dumps(case.expected)) == case.expected


def test_quotes_stand_in_the_tei_reading_text(readings: dict[str, str]) -> None:
    missing = [
        (c.id, c.paragraph, c.quote)
        for c in all_claims()
        if fold(c.quote) not in fold(readings.get(c.paragraph, ""))
    ]
    assert not missing


def test_all_claims_pass_with_the_reference_rules(tmp_path: Path) -> None:
    out = tmp_path / "claims.json"
    results = run_claims(built("tei/engelmann1798.xml").parent, out)
    failed = [(r["id"], r["note"]) for r in results if r["status"] != "passed"]
    assert not failed
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written == results
    for r in written:
        assert set(r) >= {"id", "paragraph", "quote", "rules", "status", "note"}
        assert r["urn"].startswith("urn:cts:")
    tierce = next(r for r in written if r["id"] == "piquet.sequence.tierce")
    assert "Tertie, gilt 2 Points" in tierce["note"]


def test_a_broken_quinte_makes_claims_fail(
    monkeypatch: pytest.MonkeyPatch, readings: dict[str, str]
) -> None:
    original = piquet.sequence_value

    def quinte_14(length: int, tierce: int = 3) -> int:
        return 14 if length == 5 else original(length, tierce)

    monkeypatch.setattr(piquet, "sequence_value", quinte_14)
    results = {r["id"]: r for r in evaluate(all_claims(), readings)}
    failed = {i for i, r in results.items() if r["status"] == "failed"}
    assert "piquet.sequence.quart_quint" in failed
    assert "expected 15, got 14" in results["piquet.sequence.quart_quint"]["note"]
    # A Quinte counted inside a whole hand's declarations is caught too.
    assert {"piquet.sequence.best_annuls", "piquet.declarations.all"} <= failed
    # Claims without a Quinte are unaffected.
    assert results["piquet.sequence.longer_annuls"]["status"] == "passed"
    assert results["piquet.partie.worked_example"]["status"] == "passed"


def test_a_changed_text_makes_the_claim_fail(readings: dict[str, str]) -> None:
    claim = next(c for c in all_claims() if c.id == "piquet.sequence.quart_quint")
    altered = dict(readings)
    altered[claim.paragraph] = altered[claim.paragraph].replace("Quinte 15", "Quinte 14")
    [result] = evaluate([claim], altered)
    assert result["status"] == "failed"
    assert "quote not found" in result["note"]


def test_run_claims_explains_a_missing_tei(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match="build the TEI first"):
        run_claims(tmp_path, tmp_path / "claims.json")


def test_claim_validation() -> None:
    with pytest.raises(RulesError, match="dotted"):
        Claim("Bad Id", "x.p1", "q", "piquet.pack", (Case({}, 1),))
    with pytest.raises(RulesError, match="at least one case"):
        Claim("piquet.x", "x.p1", "q", "piquet.pack", ())
