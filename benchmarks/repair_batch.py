"""Throughput, scaling and peak memory of ``stichwort repair DIR --out OUT --jobs N``.

Usage: ``python benchmarks/repair_batch.py [--files N] [--file-kb KB] [--jobs 1 2]
[--stream-mb MB ...]``

1. **Scaling.** A directory of ``--files`` files of about ``--file-kb`` KB each (the
   seed texts repeated, cut at paragraph breaks) is repaired once for each ``--jobs``
   value into a fresh output directory; printed per run: files, characters, wall
   time, characters per second (all characters over the wall time of the whole
   command, lexicon loads included), the characters per second after load (all
   characters over the repair time of the busiest worker: the sum of the manifest's
   per-file seconds of the files it repaired, which leave out start-up and loading),
   the CPU time of the command and its workers (less dependent on other load) and the
   peak memory; then the speed-up of each run over the first. With ``--unseen`` the
   files are instead the held-out Dingler documents of ``repair_quality.py`` (synthetic
   and tuning, 19 of about 20,000 characters), each damaged with its own seed: text in
   which no word's decision is met again from an earlier file, as a new book's OCR is.
   The seeds repeated let every file after the first find most of its decisions made.
2. **Bounded memory.** One file of each ``--stream-mb`` size (UTF-8) is repaired with
   ``--jobs 2``, streamed in segments; printed: size, time, characters per second and
   the peak memory, which should not grow with the size.

Peak memory is the largest sum of the resident set sizes (RSS) of the command and all
its child processes (workers, the fork server), sampled every 50 ms with psutil. The
load average of the machine is printed before and after, since other work on the
machine lowers both speed and scaling, and so is the time of a fixed workload
(:mod:`benchmarks.machine`), since the machine's own speed moves from hour to hour.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.machine import describe  # noqa: E402
from benchmarks.repair_bounds import seeds_repeated  # noqa: E402
from normalise.chunks import chunk_spans  # noqa: E402

STICHWORT = [sys.executable, "-m", "stichwort", "repair"]


def make_files(folder: Path, files: int, kb: float) -> int:
    """``files`` text files of about ``kb`` KB each, cut from the seeds repeated; returns
    the number of characters."""
    text = seeds_repeated(files * kb / 1000 * 1.02)
    chars = 0
    spans = chunk_spans(text, int(len(text) / files) + 1)
    for k, (a, b) in enumerate(spans[:files]):
        piece = text[a:b]
        (folder / f"book{k:04d}.txt").write_text(piece, encoding="utf-8")
        chars += len(piece)
    return chars


def make_unseen_files(folder: Path) -> tuple[int, int]:
    """The damaged held-out documents
    (:func:`benchmarks.repair_quality.damaged_documents`), one file each; returns
    (files, characters)."""
    from benchmarks.repair_quality import damaged_documents

    texts = damaged_documents()
    for k, text in enumerate(texts):
        (folder / f"unseen{k:04d}.txt").write_text(text, encoding="utf-8")
    return len(texts), sum(map(len, texts))


def sample(process: psutil.Process, cpu: dict[int, float]) -> int:
    """The RSS of a process and all its descendants, in bytes; ``cpu`` keeps the last
    CPU time (user + system) seen of each of them."""
    total = 0
    for p in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
            total += p.memory_info().rss
            times = p.cpu_times()
            cpu[p.pid] = times.user + times.system
    return total


def run(args: list[str]) -> tuple[float, float, int, dict[str, object], float]:
    """Run ``stichwort repair`` with ``args``: wall seconds, CPU seconds of the command
    and its workers (sampled: the last 50 ms of each may be missed), peak tree RSS, the
    manifest's totals."""
    started = time.perf_counter()
    # The command's progress goes straight to this stderr: a pipe read only at the end
    # fills on a long run (a line every 10 s) and would block the command.
    child = subprocess.Popen([*STICHWORT, *args], cwd=ROOT)
    watched = psutil.Process(child.pid)
    peak = 0
    cpu: dict[int, float] = {}
    reported, now = started, 0
    while child.poll() is None:
        with contextlib.suppress(psutil.NoSuchProcess):
            now = sample(watched, cpu)
            peak = max(peak, now)
        if time.perf_counter() - reported >= 60:
            reported = time.perf_counter()
            print(
                f"memory: {now / 2**20:,.0f} MB now, peak {peak / 2**20:,.0f} MB", file=sys.stderr
            )
        time.sleep(0.05)
    seconds = time.perf_counter() - started
    if child.returncode != 0:
        raise SystemExit(f"stichwort repair {' '.join(args)} failed (its messages are above)")
    out = Path(args[args.index("--out") + 1])
    manifest = json.loads((out / "stichwort-manifest.json").read_text(encoding="utf-8"))
    return seconds, sum(cpu.values()), peak, manifest["totals"], busiest(manifest)


def busiest(manifest: dict[str, Any]) -> float:
    """The repair seconds of the busiest worker of a batch: the per-file seconds of the
    manifest summed by worker (a file streamed in segments by several workers is split
    evenly among them)."""
    busy: dict[str, float] = {}
    for record in manifest["files"]:
        for worker in record["workers"]:
            busy[worker] = busy.get(worker, 0.0) + record["seconds"] / len(record["workers"])
    return max(busy.values(), default=0.0)


def load() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=24, help="files for the scaling runs")
    parser.add_argument("--file-kb", type=float, default=100.0, help="size of each file")
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2], help="jobs to compare")
    parser.add_argument(
        "--stream-mb", type=float, nargs="*", default=[10.0, 40.0], help="large single files"
    )
    parser.add_argument(
        "--unseen",
        action="store_true",
        help="scaling runs on the damaged held-out documents, none repeated, not the seeds",
    )
    args = parser.parse_args(argv)
    print(f"load average before: {load()} ({os.cpu_count()} cores)")
    print(describe())
    with tempfile.TemporaryDirectory(prefix="repair-batch-") as tmp:
        work = Path(tmp)
        folder = work / "in"
        folder.mkdir()
        if args.unseen:
            args.files, chars = make_unseen_files(folder)
        else:
            chars = make_files(folder, args.files, args.file_kb)
        rates: list[float] = []
        for jobs in args.jobs:
            out = work / f"out-jobs{jobs}"
            seconds, cpu, peak, totals, busy = run(
                [str(folder), "--out", str(out), "--jobs", str(jobs)]
            )
            assert totals["repaired"] == args.files and totals["chars"] == chars, totals
            rates.append(chars / seconds)
            print(
                f"jobs {jobs}: {args.files} files, {chars:,} chars in {seconds:.1f} s = "
                f"{chars / seconds:,.0f} chars/s; after load {chars / busy:,.0f} chars/s (the "
                f"busiest worker repaired for {busy:.1f} s); {cpu:.1f} CPU s = "
                f"{chars / cpu:,.0f} chars per CPU second; peak memory {peak / 2**20:,.0f} MB"
            )
        for jobs, rate in zip(args.jobs[1:], rates[1:], strict=True):
            print(f"scaling {args.jobs[0]} -> {jobs} jobs: {rate / rates[0]:.2f}x")
        print(f"load average after scaling runs: {load()}")
        for mb in args.stream_mb:
            big = work / f"big{mb:g}"
            big.mkdir()
            text = seeds_repeated(mb)
            (big / "big.txt").write_text(text, encoding="utf-8")
            del text
            out = work / f"out-big{mb:g}"
            seconds, cpu, peak, totals, _ = run([str(big), "--out", str(out), "--jobs", "2"])
            n = int(str(totals["chars"]))
            print(
                f"one file of {mb:g} MB ({n:,} chars), --jobs 2, streamed: {seconds:.1f} s = "
                f"{n / seconds:,.0f} chars/s; {n / cpu:,.0f} chars per CPU second; "
                f"peak memory {peak / 2**20:,.0f} MB"
            )
    print(f"load average after: {load()}")
    print(describe())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
