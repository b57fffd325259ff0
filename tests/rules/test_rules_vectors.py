"""Vectors: the export validates against its JSON Schema and mirrors the claims."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from rules.claims import all_claims
from rules.vectors import SCHEMA_NAME, export_vectors, load_schema, vectors_documents


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    out = tmp_path_factory.mktemp("vectors")
    paths = export_vectors(out)
    assert paths[-1].name == SCHEMA_NAME and out / "piquet.json" in paths
    assert json.loads((out / SCHEMA_NAME).read_text(encoding="utf-8")) == load_schema()
    return json.loads((out / "piquet.json").read_text(encoding="utf-8"))


def test_schema_is_valid_draft_2020_12() -> None:
    schema = load_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    jsonschema.Draft202012Validator.check_schema(schema)


def test_export_validates_against_the_schema(exported: dict[str, object]) -> None:
    jsonschema.Draft202012Validator(load_schema()).validate(exported)


def test_schema_rejects_a_broken_vector(exported: dict[str, object]) -> None:
    validator = jsonschema.Draft202012Validator(load_schema())
    broken = json.loads(json.dumps(exported))
    del broken["vectors"][0]["expected"]
    assert list(validator.iter_errors(broken))
    both = json.loads(json.dumps(exported))
    both["vectors"][0]["rejects"] = True
    assert list(validator.iter_errors(both))
    quoteless = json.loads(json.dumps(exported))
    del quoteless["vectors"][0]["quote"]
    assert list(validator.iter_errors(quoteless))


def test_vectors_mirror_the_claims(exported: dict[str, object]) -> None:
    vectors = exported["vectors"]
    assert isinstance(vectors, list)
    claims = [c for c in all_claims() if c.rule.startswith("piquet.")]
    from_claims = [v for v in vectors if not v["rule"].endswith(".transcript")]
    assert len(from_claims) == sum(len(c.cases) for c in claims)
    assert len({v["id"] for v in vectors}) == len(vectors)
    by_id = {v["id"]: v for v in vectors}
    for claim in claims:
        for case_id, case in zip(claim.case_ids(), claim.cases, strict=True):
            v = by_id[case_id]
            assert (v["claim"], v["paragraph"], v["quote"], v["rule"]) == (
                claim.id,
                claim.paragraph,
                claim.quote,
                claim.rule,
            )
            assert v["input"] == case.input
            if case.rejects:
                assert v["kind"] == "rejection" and v["rejects"] is True and "expected" not in v
            else:
                assert v["kind"] == "value" and v["expected"] == case.expected
    assert exported["game"] == "piquet"
    assert exported["source"]["siglum"] == "engelmann1798"
    assert "10H" in exported["notation"]


def test_emendations_travel_with_the_vectors(exported: dict[str, object]) -> None:
    quint = next(v for v in exported["vectors"] if v["id"] == "piquet.sequence.tierce.tierce")
    assert quint["emendation"][0]["raw"] == "Tertie, gilt 2 Points"
    assert quint["emendation"][0]["reading"] == "Tertie, gilt 3 Points"


def test_urns_come_from_the_built_tei(tmp_path: Path) -> None:
    from tests.conftest import built

    tei_dir = built("tei/engelmann1798.xml").parent
    document = vectors_documents(tei_dir)["piquet"]
    jsonschema.Draft202012Validator(load_schema()).validate(document)
    quoted = [v for v in document["vectors"] if "quote" in v]
    assert quoted and all(v["urn"].startswith("urn:cts:stichwort:engelmann1798") for v in quoted)
    without = vectors_documents(tmp_path)["piquet"]
    assert not any("urn" in v for v in without["vectors"])
