"""Vector files are checked before anything runs: one line naming file, vector and place; exit 2."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rules.conform import SCHEMA_PATH, load_vectors
from rules.errors import RulesError
from stichwort.cli import main

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
VALUES = FIXTURES / "values.json"
REJECTIONS = FIXTURES / "rejections.json"
TOY = FIXTURES / "toy_transcripts.json"
TOY_ADAPTER = str(HERE / "adapters" / "toy_adapter.py")

Doc = dict[str, Any]


def fixture(path: Path) -> Doc:
    document: Doc = json.loads(path.read_text(encoding="utf-8"))
    return document


def refused(tmp_path: Path, capsys: pytest.CaptureFixture[str], *documents: Doc | bytes) -> str:
    """Run conform on the given files with the toy adapter; assert exit 2 and one clean line."""
    paths = []
    for i, document in enumerate(documents):
        path = tmp_path / f"file{i}.json"
        if isinstance(document, bytes):
            path.write_bytes(document)
        else:
            path.write_text(json.dumps(document), encoding="utf-8")
        paths.append(str(path))
    assert main(["conform", TOY_ADAPTER, "--vectors", *paths]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "Traceback" not in captured.err
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


def test_schema_is_draft_2020_12_version_2() -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "urn:stichwort:schema:vectors:2"
    assert schema["description"].startswith("Vectors format version 2.")


@pytest.mark.parametrize("path", [VALUES, REJECTIONS, TOY])
def test_fixtures_validate_against_the_schema(path: Path) -> None:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(fixture(path))
    kinds = {v["kind"] for v in load_vectors([path])}
    assert kinds <= {"value", "rejection", "transcript"}


def _set(index: int, **changes: Any) -> Callable[[Doc], None]:
    return lambda d: d["vectors"][index].update(changes)


def _drop(index: int, key: str) -> Callable[[Doc], None]:
    return lambda d: d["vectors"][index].pop(key)


BROKEN: list[tuple[str, Path, Callable[[Doc], None], str]] = [
    (
        "missing input",
        VALUES,
        _drop(1, "input"),
        "vector 'fixture.sequence.four' ($.vectors[1]): 'input' is a required property",
    ),
    (
        "missing expected",
        VALUES,
        _drop(1, "expected"),
        "vector 'fixture.sequence.four' ($.vectors[1]): 'expected' is a required property",
    ),
    (
        "missing kind",
        VALUES,
        _drop(1, "kind"),
        "vector 'fixture.sequence.four' ($.vectors[1]): 'kind' is a required property",
    ),
    (
        "missing quote",
        VALUES,
        _drop(0, "quote"),
        "vector 'fixture.sequence.three' ($.vectors[0]): 'quote' is a required property",
    ),
    (
        "value vector with rejects",
        VALUES,
        _set(1, rejects=True),
        "'rejects' belongs only to vectors of kind 'rejection'",
    ),
    (
        "rejection with expected",
        REJECTIONS,
        _set(0, expected=0),
        "vector 'fixture.reject.sequence_of_nine' ($.vectors[0]): a vector of kind 'rejection' "
        "has 'rejects': true and no 'expected'",
    ),
    (
        "rejects false",
        REJECTIONS,
        _set(0, rejects=False),
        "($.vectors[0].rejects): 'rejects' must be true",
    ),
    (
        "bad kind",
        VALUES,
        _set(2, kind="maybe"),
        "vector 'fixture.sequence.five' ($.vectors[2].kind): 'maybe' is not one of",
    ),
    ("bad id", VALUES, _set(2, id="Five"), "($.vectors[2].id): 'Five' does not match"),
    (
        "vector not an object",
        VALUES,
        lambda d: d["vectors"].__setitem__(3, 5),
        "vector 3 ($.vectors[3]): 5 is not of type 'object'",
    ),
    ("no source", VALUES, lambda d: d.pop("source"), "$: 'source' is a required property"),
    ("no vectors", VALUES, lambda d: d.pop("vectors"), "not a vector file"),
    (
        "rule of another game",
        VALUES,
        _set(0, rule="toy.sequence_value"),
        "rule 'toy.sequence_value' is not a rule of game 'piquet'",
    ),
    (
        "transcript legal lists too short",
        TOY,
        lambda d: d["vectors"][0]["expected"]["legal"].pop(),
        "vector 'toy.transcript.split' ($.vectors[0].expected.legal): 3 lists of legal actions "
        "for 4 actions",
    ),
    (
        "transcript legal list unsorted",
        TOY,
        lambda d: d["vectors"][0]["expected"]["legal"].__setitem__(0, ["AS", "7H"]),
        "($.vectors[0].expected.legal[0]): legal actions not in Unicode code-point order",
    ),
    (
        "transcript action not legal",
        TOY,
        lambda d: d["vectors"][0]["input"]["actions"].__setitem__(1, "8H"),
        "($.vectors[0].input.actions[1]): action '8H' is not among its legal actions",
    ),
    (
        "transcript without deal",
        TOY,
        lambda d: d["vectors"][0]["input"].pop("deal"),
        "($.vectors[0].input): 'deal' is a required property",
    ),
    (
        "transcript without scores",
        TOY,
        lambda d: d["vectors"][1]["expected"].pop("scores"),
        "vector 'toy.transcript.double_sweep' ($.vectors[1].expected): 'scores' is a required",
    ),
    (
        "transcript rule as a value vector",
        TOY,
        _set(0, kind="value", claim="c", paragraph="toy1.rules.p1", quote="q"),
        "($.vectors[0].kind): 'value' is not one of ['transcript', 'rejection']",
    ),
    ("undeclared variant", TOY, _set(0, variant="triple"), "variant 'triple' is not declared"),
    (
        "nested too deep",
        VALUES,
        _set(0, expected=json.loads("[" * 300 + "]" * 300)),
        "vector 'fixture.sequence.three' ($.vectors[0]): nested deeper than 256 levels",
    ),
]


@pytest.mark.parametrize(
    ("source", "breaks", "message"),
    [(s, b, m) for _n, s, b, m in BROKEN],
    ids=[n for n, *_ in BROKEN],
)
def test_schema_invalid_vector_file_is_refused(
    source: Path,
    breaks: Callable[[Doc], None],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    document = copy.deepcopy(fixture(source))
    breaks(document)
    line = refused(tmp_path, capsys, document)
    assert line.startswith(f"stichwort conform: error: {tmp_path / 'file0.json'}: ")
    assert message in line


def test_duplicate_ids_across_files_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(tmp_path, capsys, fixture(VALUES), fixture(VALUES))
    assert "file1.json: vector 'fixture.sequence.three' repeats an id of" in line
    assert "file0.json" in line


def test_file_that_is_not_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = VALUES.read_bytes().replace("Zählen".encode(), "Zählen".encode("latin-1"))
    line = refused(tmp_path, capsys, data)
    offset = data.index(b"\xe4")
    assert f"file0.json: not UTF-8: byte 0xe4 at offset {offset} (line " in line


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b'{"vectors": [', "not JSON: Expecting value at line 1, column 14"),
        (b"", "not JSON: Expecting value at line 1, column 1"),
        (b'{"vectors": [NaN]}', "not JSON: NaN is not JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "not JSON"),
        (b'["not", "an", "object"]', "not a vector file"),
    ],
    ids=["truncated", "empty", "nan", "nested", "list"],
)
def test_file_that_is_not_json(
    data: bytes, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(tmp_path, capsys, data)
    assert "file0.json: " in line and message in line


def test_missing_file_and_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.json"
    assert main(["conform", TOY_ADAPTER, "--vectors", str(missing)]) == 2
    assert f"{missing}: vector file not found" in capsys.readouterr().err
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["conform", TOY_ADAPTER, "--vectors", str(empty)]) == 2
    assert "no vector files" in capsys.readouterr().err


def test_folder_of_vector_files_skips_the_schema(tmp_path: Path) -> None:
    folder = tmp_path / "vectors"
    folder.mkdir()
    (folder / "toy.json").write_bytes(TOY.read_bytes())
    (folder / "vectors.schema.json").write_bytes(SCHEMA_PATH.read_bytes())
    assert [v["id"] for v in load_vectors([folder])] == [
        "toy.transcript.split",
        "toy.transcript.double_sweep",
        "toy.transcript.revoke",
    ]


def test_load_vectors_raises_rules_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    with pytest.raises(RulesError, match="not a vector file"):
        load_vectors([bad])


def test_format_1_file_is_read_as_value_vectors(tmp_path: Path) -> None:
    document = fixture(VALUES)
    document["version"] = "stichwort 0.1.0; vectors format 1"
    for vector in document["vectors"]:
        del vector["kind"]
    path = tmp_path / "v1.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    vectors = load_vectors([path])
    assert [v["kind"] for v in vectors] == ["value"] * 6
    # format 2 requires the kind
    document["version"] = "stichwort 0.2.0; vectors format 2"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(RulesError, match="'kind' is a required property"):
        load_vectors([path])
