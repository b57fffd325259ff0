"""``stichwort repair DIR --out OUT --dask ADDRESS``: the same batch on a dask.distributed
cluster (a LocalCluster of two worker processes here) gives the serial run's outputs
byte for byte, the same manifest, and resumes from it."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
from distributed import LocalCluster

from normalise.batch import MANIFEST, collect_inputs, run_batch
from stichwort.cli import main

IGNORED = {"seconds", "workers"}  # what differs from run to run


def _tree(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != MANIFEST
    }


def _records(out: Path) -> dict[str, dict[str, object]]:
    files = json.loads((out / MANIFEST).read_text(encoding="utf-8"))["files"]
    return {r["output"]: {k: v for k, v in r.items() if k not in IGNORED} for r in files}


@pytest.fixture(scope="module")
def inputs(root: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Six text files, one of them streamed in segments, and one that fails."""
    folder = tmp_path_factory.mktemp("inputs")
    text = (root / "corpus" / "schwaighofer1927" / "raw.txt").read_text(encoding="utf-8")
    for k in range(5):
        (folder / f"teil{k}.txt").write_text(text[k * 8000 : (k + 1) * 8000], encoding="utf-8")
    (folder / "lang").mkdir()
    (folder / "lang" / "buch.txt").write_text(text[50_000:100_000], encoding="utf-8")
    (folder / "kaputt.txt").write_bytes(b"Spiel \xff\xfe")
    return folder


SMALL = {"stream_bytes": 20_000, "segment_chars": 12_000}


def test_a_dask_cluster_gives_the_serial_outputs_byte_for_byte(
    inputs: Path, tmp_path: Path
) -> None:
    serial = tmp_path / "serial"
    first = run_batch(collect_inputs([str(inputs)], serial), serial, **SMALL)  # type: ignore[arg-type]
    assert (first.done, first.failed) == (6, 1)
    assert _records(serial)["lang/buch.txt"]["chunks"] > 3  # type: ignore[operator]
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        address = cluster.scheduler_address
        out = tmp_path / "dask"
        sources = collect_inputs([str(inputs)], out)
        summary = run_batch(sources, out, dask=address, **SMALL)  # type: ignore[arg-type]
        assert (summary.done, summary.failed) == (6, 1)
        assert _tree(out) == _tree(serial)
        assert _records(out) == _records(serial)
        workers = {w for r in summary.records for w in r["workers"]}
        assert len(workers) == 2  # both worker processes did some of the work
        assert {r["lexicon_loads"] for r in summary.records if r["status"] == "done"} == {1}
        # resumable: the command line on the same cluster finds everything up to date
        (out / "teil3.txt").unlink()
        assert main(["repair", str(inputs), "--out", str(out), "--dask", address]) == 1
        assert _tree(out) == _tree(serial)
        records = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        assert records["totals"]["repaired"] == 1 and records["totals"]["up_to_date"] == 5
