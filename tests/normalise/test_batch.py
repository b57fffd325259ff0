"""``stichwort repair DIR --out OUT``: whole directories, failures, manifest, resuming,
worker processes (one lexicon load each), and a batch killed and run again."""

from __future__ import annotations

import hashlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from normalise.batch import (
    MANIFEST,
    collect_inputs,
    journal_path,
    repair_one,
    run_batch,
)
from normalise.textio import InputError
from stichwort.cli import main


def _excerpt(root: Path, siglum: str, start: int, chars: int) -> str:
    text = (root / "corpus" / siglum / "raw.txt").read_text(encoding="utf-8")
    return text[start : start + chars]


def _tree(folder: Path) -> dict[str, str]:
    """Relative path -> SHA-256 of every file below ``folder`` except the manifest."""
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != MANIFEST
    }


def _manifest(out: Path) -> dict[str, dict[str, object]]:
    data = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    assert data["format"] == "stichwort-batch/1"
    return {record["output"]: record for record in data["files"]}


@pytest.fixture(scope="module")
def inputs(root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory of three good text files (one in a sub-directory), a binary file, a
    file in an unknown 8-bit encoding, an XML file and a file with another suffix."""
    folder = tmp_path_factory.mktemp("inputs")
    (folder / "band2").mkdir()
    (folder / "engelmann.txt").write_text(_excerpt(root, "engelmann1798", 2000, 6000), "utf-8")
    (folder / "band2" / "schwaighofer.txt").write_text(
        _excerpt(root, "schwaighofer1927", 10_000, 5000), "utf-8"
    )
    (folder / "pierer.txt").write_bytes(
        b"\xef\xbb\xbf" + _excerpt(root, "pierer1861", 0, 3000).encode("utf-8")
    )
    (folder / "scan.txt").write_bytes(b"II*\x00" + bytes(range(256)) * 4)
    (folder / "latin1.txt").write_bytes("Das Spiel der Größe\n".encode("latin-1"))
    (folder / "page.xml").write_text('<?xml version="1.0"?>\n<PcGts/>\n', "utf-8")
    (folder / "notes.md").write_text("not an input\n", "utf-8")
    return folder


@pytest.fixture(scope="module")
def serial(inputs: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, str]:
    """The batch run once in this process: output directory, exit status, stderr."""
    out = tmp_path_factory.mktemp("serial")
    err = io.StringIO()
    sys_stderr, sys.stderr = sys.stderr, err
    try:
        status = main(["repair", str(inputs), "--out", str(out)])
    finally:
        sys.stderr = sys_stderr
    return out, status, err.getvalue()


GOOD = ("band2/schwaighofer.txt", "engelmann.txt", "pierer.txt")
BAD = ("latin1.txt", "page.xml", "scan.txt")


def test_each_output_is_what_repair_file_prints(
    inputs: Path, serial: tuple[Path, int, str], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _, _ = serial
    for rel in GOOD:
        assert main(["repair", str(inputs / rel)]) == 0
        printed = capsys.readouterr().out
        assert (out / rel).read_text(encoding="utf-8") == printed
        assert printed.strip()


def test_failures_are_reported_and_the_batch_goes_on(serial: tuple[Path, int, str]) -> None:
    out, status, err = serial
    assert status == 1
    assert sorted(_tree(out)) == sorted(GOOD)  # nothing written for a failed file
    records = _manifest(out)
    assert sorted(records) == sorted(GOOD + BAD)  # notes.md has no input suffix
    places = {
        "scan.txt": "NUL byte at offset 3",
        "latin1.txt": "byte 0xF6 at offset 16",
        "page.xml": "looks like XML",
    }
    for rel, place in places.items():
        record = records[rel]
        assert record["status"] == "failed" and record["output_sha256"] is None
        assert rel in str(record["error"]) and place in str(record["error"])
        assert f"stichwort repair: {record['error']}" in err
    assert "repaired 3 files, 0 up to date, 3 failed" in err


def test_manifest_has_per_file_statistics(inputs: Path, serial: tuple[Path, int, str]) -> None:
    out, _, _ = serial
    records = _manifest(out)
    for rel in GOOD:
        record = records[rel]
        data = (inputs / rel).read_bytes()
        output, stats = repair_one(data, rel)
        assert record["status"] == "done" and record["error"] is None
        assert record["sha256"] == hashlib.sha256(data).hexdigest()
        assert record["bytes"] == len(data)
        assert record["output_sha256"] == hashlib.sha256(output).hexdigest()
        assert record["output_bytes"] == len(output)
        assert record["chars"] == stats["chars"] == len(data.decode("utf-8"))
        assert record["edits"] == stats["edits"] and record["proposals"] == stats["proposals"]
        assert isinstance(record["seconds"], float) and record["seconds"] > 0
    assert records["pierer.txt"]["encoding"] == "utf-8" and "encoding" in str(
        records["pierer.txt"]["edits"]
    )  # the byte order mark is left out, an encoding edit
    assert sum(sum(r["edits"].values()) for r in records.values()) > 50  # type: ignore[union-attr]
    assert not journal_path(out / MANIFEST).exists()


def test_a_second_run_skips_what_is_up_to_date(
    inputs: Path, serial: tuple[Path, int, str], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    first = run_batch(collect_inputs([str(inputs)], out), out, progress=None)
    before = _tree(out)
    again = run_batch(collect_inputs([str(inputs)], out), out, progress=None)
    assert (first.done, first.failed, first.skipped) == (3, 3, 0)
    assert (again.done, again.failed, again.skipped) == (0, 3, 3)  # failures are retried
    assert _tree(out) == before == _tree(serial[0])
    # a changed input, and an output changed by hand, are repaired again
    changed = inputs / "engelmann.txt"
    original = changed.read_bytes()
    try:
        changed.write_bytes(original.replace(b"Spiel", b"Spiei", 1))
        (out / "pierer.txt").write_text("edited by hand\n", encoding="utf-8")
        third = run_batch(collect_inputs([str(inputs)], out), out, progress=None)
        assert (third.done, third.skipped) == (2, 1)
        assert (out / "pierer.txt").read_bytes() == (serial[0] / "pierer.txt").read_bytes()
    finally:
        changed.write_bytes(original)


def test_another_engine_version_repairs_again(
    inputs: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    sources = [s for s in collect_inputs([str(inputs)], out) if s.rel == "pierer.txt"]
    assert run_batch(sources, out, progress=None).done == 1
    assert run_batch(sources, out, progress=None).skipped == 1
    monkeypatch.setattr("normalise.batch.engine_version", lambda: "another engine")
    assert run_batch(sources, out, progress=None).done == 1
    assert _manifest(out)["pierer.txt"]["engine"] == "another engine"


def test_two_worker_processes_give_the_same_outputs_and_load_the_lexicon_once_each(
    inputs: Path, serial: tuple[Path, int, str], tmp_path: Path
) -> None:
    out = tmp_path / "out"
    sources = collect_inputs([str(inputs)], out)
    summary = run_batch(sources, out, jobs=2, progress=None)
    assert (summary.done, summary.failed) == (3, 3)
    assert _tree(out) == _tree(serial[0])
    records = _manifest(out)
    workers = {w for r in records.values() for w in r["workers"]}  # type: ignore[union-attr]
    assert str(os.getpid()) not in {w.rsplit(":", 1)[1] for w in workers}
    assert 1 <= len(workers) <= 2
    assert {r["lexicon_loads"] for r in records.values()} == {1}
    for rel in GOOD:
        assert {k: v for k, v in records[rel].items() if k not in ("seconds", "workers")} == {
            k: v for k, v in _manifest(serial[0])[rel].items() if k not in ("seconds", "workers")
        }


def test_a_worker_loads_the_engine_before_its_first_file() -> None:
    """No file's seconds in the manifest include importing the engine."""
    code = (
        "import sys\n"
        "from normalise.batch import init_worker\n"
        "assert 'normalise.engine' not in sys.modules\n"
        "init_worker()\n"
        "assert 'normalise.engine' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=300)


def test_patterns_and_files_name_their_outputs(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    sources = collect_inputs([str(inputs / "**" / "*.txt"), str(inputs / "page.xml")], out)
    names = ["band2/schwaighofer.txt", "engelmann.txt", "latin1.txt", "pierer.txt", "scan.txt"]
    assert sorted(s.rel for s in sources) == sorted([*names, "page.xml"])
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "pierer.txt").write_text("x\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"same output path 'pierer\.txt'"):
        collect_inputs([str(inputs / "pierer.txt"), str(tmp_path / "other" / "pierer.txt")], out)
    with pytest.raises(InputError, match="no file matches"):
        collect_inputs([str(inputs / "*.nothing")], out)


def test_the_output_directory_inside_the_input_is_not_read(inputs: Path, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "a.txt").write_bytes((inputs / "pierer.txt").read_bytes())
    out = folder / "repaired"
    assert run_batch(collect_inputs([str(folder)], out), out, progress=None).done == 1
    assert [s.rel for s in collect_inputs([str(folder)], out)] == ["a.txt"]


def test_command_line_refusals(
    inputs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["repair", str(inputs)]) == 2
    assert f"{inputs}: is a directory: a batch needs --out DIR" in capsys.readouterr().err
    for extra in (["--review"], ["--format", "json"], ["-o", str(tmp_path / "x")]):
        assert main(["repair", str(inputs), "--out", str(tmp_path / "o"), *extra]) == 2
        assert "are for one file" in capsys.readouterr().err
    assert main(["repair", str(inputs), "--out", str(tmp_path / "o"), "--jobs", "0"]) == 2
    assert main(["repair", str(tmp_path / "none" / "*.txt"), "--out", str(tmp_path)]) == 2
    assert "no file matches" in capsys.readouterr().err


def test_progress_names_files_chunks_speed_and_time_left(inputs: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    stream = io.StringIO()
    sources = [s for s in collect_inputs([str(inputs)], out) if s.rel in GOOD]
    run_batch(sources, out, progress=stream)
    last = stream.getvalue().splitlines()[-1]
    assert last.startswith("repair: 3/3 files (0 up to date, 0 failed), 3 chunks, ")
    assert "chars/s, ETA 0:00:00" in last
    rate = int(last.split("chunks, ")[1].split(" chars/s")[0].replace(",", ""))
    assert rate > 0


def _journal_lines(out: Path) -> int:
    journal = journal_path(out / MANIFEST)
    return len(journal.read_text(encoding="utf-8").splitlines()) if journal.exists() else 0


def test_a_killed_batch_resumes_and_gives_the_same_outputs(root: Path, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    text = (root / "corpus" / "schwaighofer1927" / "raw.txt").read_text(encoding="utf-8")
    for k in range(8):
        (folder / f"part{k}.txt").write_text(text[k * 12_000 : (k + 1) * 12_000], "utf-8")
    reference = tmp_path / "reference"
    assert run_batch(collect_inputs([str(folder)], reference), reference, progress=None).done == 8
    out = tmp_path / "out"
    command = [sys.executable, "-m", "stichwort", "repair", str(folder), "--out", str(out)]
    process = subprocess.Popen(command, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 300
        while _journal_lines(out) < 2 and process.poll() is None:
            assert time.monotonic() < deadline, "the batch wrote nothing in 300 s"
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
    finally:
        process.wait()
    finished = _journal_lines(out)
    assert 2 <= finished < 8, "killed too late to test resuming"
    assert not (out / MANIFEST).exists()  # written at the end only; the journal has the rest
    again = subprocess.run([*command, "--jobs", "2"], capture_output=True, text=True, check=False)
    assert again.returncode == 0, again.stderr
    assert f"{finished} up to date" in again.stderr
    assert _tree(out) == _tree(reference)  # no temporary file left behind either
    assert not journal_path(out / MANIFEST).exists()


def test_an_interrupted_batch_ends_its_workers_and_resumes(root: Path, tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    text = (root / "corpus" / "schwaighofer1927" / "raw.txt").read_text(encoding="utf-8")
    for k in range(6):
        (folder / f"part{k}.txt").write_text(text[k * 20_000 : (k + 1) * 20_000], "utf-8")
    out = tmp_path / "out"
    command = [sys.executable, "-m", "stichwort", "repair", str(folder), "--out", str(out)]
    process = subprocess.Popen([*command, "--jobs", "2"], stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 300
        while _journal_lines(out) < 1 and process.poll() is None:
            assert time.monotonic() < deadline, "the batch wrote nothing in 300 s"
            time.sleep(0.05)
        workers = psutil.Process(process.pid).children(recursive=True)
        assert workers
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=120) == 130
    finally:
        if process.poll() is None:
            process.kill()
        process.communicate()
    _, alive = psutil.wait_procs(workers, timeout=30)
    assert alive == []
    finished = _journal_lines(out)
    assert finished >= 1
    again = subprocess.run(command, capture_output=True, text=True, check=False)
    assert again.returncode == 0, again.stderr
    assert f"{finished} up to date" in again.stderr


def test_layout_files_in_a_batch_are_repaired_into_their_own_format(
    root: Path, tmp_path: Path
) -> None:
    """PAGE XML, ALTO and hOCR in a directory come out as ``stichwort repair FILE`` writes
    them (their own format), and the manifest names the format of each."""
    from normalise.formats import repair_document

    folder = tmp_path / "in"
    folder.mkdir()
    names = ("page-2019.xml", "alto-v4.xml", "hocr.html")
    for name in names:
        (folder / name).write_bytes((root / "tests" / "data" / "ocr" / name).read_bytes())
    out = tmp_path / "out"
    summary = run_batch(collect_inputs([str(folder)], out), out, progress=None)
    assert summary.failed == 0
    records = _manifest(out)
    for name in names:
        expected = repair_document((folder / name).read_bytes(), name)
        assert (out / name).read_bytes() == expected.output
        assert records[name]["format"] == expected.fmt != "text"
