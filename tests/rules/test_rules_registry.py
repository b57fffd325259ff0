"""The rule registry: every rule cites real paragraphs, is documented and introspectable."""

from __future__ import annotations

import pytest

from corpus import SIGLA, load_structure
from rules import registry
from rules.claims import all_claims
from rules.errors import RulesError
from rules.registry import (
    Emendation,
    all_rules,
    get_rule,
    rule,
    rules_for_paragraph,
    unformalised,
)

SIGLUM = "engelmann1798"


def paragraph_ids() -> set[str]:
    """Every block and division id of every source."""
    ids: set[str] = set()
    for siglum in SIGLA:
        structure = load_structure(siglum)
        ids |= {f"{siglum}.{b.id}" for b in structure.blocks}
        ids |= {f"{siglum}.{d.id}" for d in structure.divs}
    return ids


def test_every_rule_cites_existing_paragraphs() -> None:
    known = paragraph_ids()
    rules = all_rules()
    assert len(rules) >= 30
    for info in rules:
        assert info.paragraphs, info.name
        missing = [p for p in info.paragraphs if p not in known]
        assert not missing, f"{info.name} cites unknown paragraphs {missing}"
        for e in info.emendations:
            assert e.paragraph in known, f"{info.name}: emendation cites {e.paragraph}"
            assert e.paragraph in info.paragraphs, f"{info.name}: emendation outside its paragraphs"


def test_rule_info_is_introspectable() -> None:
    info = get_rule("piquet.sequence_value")
    assert info.game == "piquet"
    assert info.module == "rules.piquet.functions"
    assert info.summary.startswith("The value of one sequence")
    assert info.summary == info.doc.splitlines()[0]
    assert "def sequence_value" in info.source
    assert info.file.endswith("piquet/functions.py") and info.line > 0
    assert info.emendations[0].raw == "Tertie, gilt 2 Points"
    data = info.to_json()
    assert data["paragraphs"] == ["engelmann1798.piquet.p8"]
    assert data["emendations"][0]["cert"] in ("high", "medium", "low")


def test_names_are_stable_and_sorted() -> None:
    names = [r.name for r in all_rules()]
    assert names == sorted(names)
    assert all(n.split(".")[0] == r.game for n, r in zip(names, all_rules(), strict=True))
    with pytest.raises(RulesError, match="unknown rule"):
        get_rule("piquet.no_such_rule")


def test_reverse_index() -> None:
    for info in all_rules():
        for pid in info.paragraphs:
            assert info in rules_for_paragraph(pid)
    names = {r.name for r in rules_for_paragraph(f"{SIGLUM}.piquet.p8")}
    assert {"piquet.sequence_value", "piquet.sequences"} <= names
    assert rules_for_paragraph(f"{SIGLUM}.piquet.head") == []


def test_every_rule_has_a_claim() -> None:
    claimed = {c.rule for c in all_claims()}
    assert {r.name for r in all_rules()} <= claimed


def test_every_rules_paragraph_and_law_is_formalised_or_strategy() -> None:
    structure = load_structure(SIGLUM)
    cited = {p for r in all_rules() for p in r.paragraphs}
    uncited = {
        f"{SIGLUM}.{b.id}"
        for b in structure.blocks
        if b.id.startswith("piquet.")
        and b.kind in ("p", "item")
        and f"{SIGLUM}.{b.id}" not in cited
    }
    piquet_reasons = {k: v for k, v in unformalised().items() if k.startswith(f"{SIGLUM}.piquet.")}
    assert uncited == set(piquet_reasons)
    assert all(reason for reason in unformalised().values())


def test_decorator_refuses_rules_without_paragraphs_or_doc() -> None:
    with pytest.raises(RulesError, match="cites no paragraph"):

        @rule(paragraphs=[], game="test")
        def nothing() -> int:
            """Nothing."""
            return 0

    with pytest.raises(RulesError, match="no docstring"):

        @rule(paragraphs=["x.y"], game="test")
        def undocumented() -> int:
            return 0

    assert "test.nothing" not in registry._REGISTRY


def test_emendation_cert_is_checked() -> None:
    with pytest.raises(ValueError, match="cert"):
        Emendation("x.p1", "a", "b", "c", cert="certain")  # type: ignore[arg-type]
    text = Emendation("x.p1", "3", "", "silent", cert="low").describe()
    assert "the text is silent" in text
