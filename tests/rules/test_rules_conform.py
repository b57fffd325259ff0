"""Conformance: the reference adapter passes every vector, a wrong one fails exactly the right ones."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from rules.conform import conform_command, load_vectors, make_adapter, run_vectors
from rules.errors import RulesError
from rules.vectors import export_vectors
from stichwort.cli import main

HERE = Path(__file__).resolve().parent
WRONG = str(HERE / "wrong_piquet_adapter.py")

# Worked out by hand from the claims (rules/piquet_claims.py), not by running the code:
# the vectors whose expected value involves a Quinte (15) ...
QUINTE_VECTORS = {
    "piquet.sequence.quart_quint.quint",  # sequence_value(5)
    "piquet.sequence.best_annuls.quint_major",  # elder's Quinte major + Tertie: 18
    "piquet.declarations.all.fifty_one",  # the same hand's declarations
    "piquet.law3.forgotten.sets_forgotten",  # the same hand, sets forgotten
    "piquet.law4.unshown.point_and_sequences_unshown",  # the younger's Quinte from the Jack
    "piquet.law5.false_declaration.elder_false",  # the younger's Quinte counts unopposed
    "piquet.law5.false_declaration.younger_false",  # the elder's Quinte major
    "piquet.sequence.tierce_as_printed.quinte_unchanged",  # sequence_value(5, tierce=2)
}
# ... and every vector of the play, whose last trick counts 3.
LAST_TRICK_VECTORS = {
    "piquet.play.last_trick.three",
    "piquet.play.lead_and_win.four_tricks",
    "piquet.play.only_leader_and_winner.discard_scores_nothing",
    "piquet.play.winner_counts.both_count",
    "piquet.play.court_lead.king_then_ten",
    "piquet.play.last_trick_scored.leader_wins_last",
    "piquet.play.last_trick_scored.follower_wins_last",
    "piquet.play.last_trick_three.leader_wins_last",  # trick_points(last=True)
    "piquet.play.last_trick_three.follower_wins_last",
    "piquet.law6.no_card_left.unanswered_last_trick",
}


@pytest.fixture(scope="module")
def vector_files(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Every game's exported vector file."""
    paths = export_vectors(tmp_path_factory.mktemp("vectors"))
    return [p for p in paths if not p.name.endswith(".schema.json")]


@pytest.fixture(scope="module")
def vector_file(vector_files: list[Path]) -> Path:
    """Piquet's vector file."""
    return next(p for p in vector_files if p.name == "piquet.json")


def failing_ids(reports: list) -> set[str]:
    return {f["id"] for r in reports for f in r.failures}


def test_reference_adapter_passes_every_vector(
    vector_files: list[Path], capsys: pytest.CaptureFixture[str]
) -> None:
    from rules.registry import games

    assert {p.stem for p in vector_files} == set(games())
    assert conform_command("rules.reference_adapter", vector_files, as_json=True) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["failed"] == report["summary"]["skipped"] == 0
    assert report["summary"]["passed"] == report["vectors"] == len(load_vectors(vector_files))


def test_wrong_adapter_fails_exactly_the_affected_vectors(vector_file: Path) -> None:
    vectors = load_vectors([vector_file])
    with make_adapter(WRONG) as adapter:
        reports = run_vectors(adapter, vectors)
    failing = failing_ids(reports)
    transcripts = {v["id"]: v for v in vectors if v["rule"] == "piquet.transcript"}
    assert failing - set(transcripts) == QUINTE_VECTORS | LAST_TRICK_VECTORS
    # Every complete deal has a last trick; the worked p10 example stops before play and
    # holds no Quinte, so it passes.
    finished = {
        i
        for i, v in transcripts.items()
        if v.get("expected", {}).get("over")
        and any(a.startswith("play ") for a in v["input"]["actions"])
    }
    assert finished and finished <= failing
    assert "piquet.transcript.p10_four_aces" not in failing
    by_rule = {r.rule: r for r in reports}
    # three deal values and two deal rejections are not implemented by the wrong adapter
    assert by_rule["piquet.deal"].skipped == 5 and by_rule["piquet.deal"].failed == 0
    assert by_rule["piquet.pip_value"].failed == 0
    quint = next(f for f in by_rule["piquet.sequence_value"].failures)
    assert (quint["expected"], quint["got"], quint["paragraph"]) == (
        15,
        14,
        "engelmann1798.piquet.p8",
    )


def test_wrong_adapter_report_and_exit_status(
    vector_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert conform_command(WRONG, [vector_file], as_json=False) == 1
    out = capsys.readouterr().out
    assert "5 skipped" in out
    assert (
        "FAILED piquet.sequence.quart_quint.quint (engelmann1798.piquet.p8) rule piquet.sequence_value"
        in out
    )
    assert "  expected 15\n  got      14\n" in out


EXTERNAL = """
import json, sys
VALUES = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
for line in sys.stdin:
    request = json.loads(line)
    rule, data = request["rule"], request["input"]
    if rule == "piquet.sequence_value":
        answer = {"output": VALUES.get(data["length"], 0)}
    elif rule == "piquet.partie_units":
        answer = {"output": data["points"] // 10}   # wrong: rounds down
    elif rule == "piquet.pip_value":
        answer = {"error": "pips not done yet"}
    else:
        answer = {"unsupported": True}
    print(json.dumps(answer), flush=True)
"""


def test_exec_adapter_speaks_json_lines(vector_file: Path, tmp_path: Path) -> None:
    script = tmp_path / "adapter.py"
    script.write_text(EXTERNAL, encoding="utf-8")
    with make_adapter(f'exec:"{sys.executable}" {script}') as adapter:
        reports = {r.rule: r for r in run_vectors(adapter, load_vectors([vector_file]))}
    assert reports["piquet.sequence_value"].passed == 8
    # the adapter knows no Tertie of 2 and does not refuse a sequence of nine
    assert {f["id"] for f in reports["piquet.sequence_value"].failures} == {
        "piquet.sequence.tierce_as_printed.ocr_reading",
        "piquet.sequence.tierce_as_printed.no_ninth_card",
    }
    units = reports["piquet.partie_units"]
    # rounding down breaks exactly the cases with a remainder of 5 or more
    assert {f["id"] for f in units.failures} == {
        "piquet.partie.by_tens.15",
        "piquet.partie.by_tens.5",
        "piquet.partie.rounding.45",
        "piquet.partie.worked_example.35",
        "piquet.partie.worked_example.46",
    }
    assert reports["piquet.pip_value"].failed == 8
    assert "pips not done yet" in reports["piquet.pip_value"].failures[0]["error"]
    assert reports["piquet.deal"].skipped == 5


def test_cli_conform_and_errors(
    vector_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["conform", "rules.reference_adapter", "--vectors", str(vector_file)]) == 0
    assert "0 failed" in capsys.readouterr().out
    assert main(["conform", "no_such_adapter_module", "--vectors", str(vector_file)]) == 2
    assert "cannot import adapter" in capsys.readouterr().err
    dead = tmp_path / "dead.py"
    dead.write_text("import sys; sys.exit(0)\n", encoding="utf-8")
    assert main(["conform", f"exec:{sys.executable} {dead}", "--vectors", str(vector_file)]) == 2
    captured = capsys.readouterr()
    assert "never answered" in captured.err and "exited with status 0" in captured.err
    count = len(load_vectors([vector_file]))
    assert (
        f"conform exec:{sys.executable} {dead}: {count} vectors, 0 passed, {count} failed"
        in captured.out
    )
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    with pytest.raises(RulesError, match="not a vector file"):
        load_vectors([bad])


def test_exported_vectors_have_every_kind(vector_file: Path) -> None:
    vectors = load_vectors([vector_file])
    assert {v["kind"] for v in vectors} == {"value", "rejection", "transcript"}
    assert all(("expected" in v) != ("rejects" in v) for v in vectors)
    assert sum(v["kind"] == "transcript" for v in vectors) >= 50
    assert sum(v["kind"] == "rejection" for v in vectors) >= 20


def test_python_adapter_runs_outside_the_runner() -> None:
    with make_adapter(WRONG) as adapter:
        answer = adapter.ask("piquet.sequence_value", {"length": 5})
        assert (answer.status, answer.value) == ("output", 14)
        assert adapter._process is not None and adapter._process.pid != os.getpid()
    assert adapter._process is None  # closed: killed and reaped
    assert "wrong_piquet_adapter" not in sys.modules
