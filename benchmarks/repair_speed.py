"""Speed and memory of the repair engine on the four seed texts.

Usage: ``python benchmarks/repair_speed.py [--cold] [--runs N] [--no-workers]
[--default-collector]``

Reports the load time of the lexicon and the word bigrams (:mod:`normalise.context`)
from the cache (warm) and, with ``--cold``, the time to build both from their sources
(into a temporary cache directory); then characters per second of ``repair`` over all
seeds in this process (wall clock and CPU time, lexicon and bigrams already loaded; the
best of ``--runs`` runs, since other jobs on the machine slow single runs down), the peak
resident memory of the process, and the wall clock time when two worker processes share
the seeds (each loads the lexicon first, as ``stichwort repair --jobs 2`` does; a whole
document goes to one worker, so the longest seed bounds it). The load average is printed
with the figures, and the time of a fixed workload (:mod:`benchmarks.machine`)
before and after, since the machine's speed moves from hour to hour.

The runs after the first find most decisions made (the engine remembers them for the
process), as do the files of a batch cut from repeated text. So the speed on new text is
printed too: the held-out Dingler documents of ``repair_quality.py`` (synthetic and
tuning, 19 of about 20,000 characters) with their synthetic damage, each repaired once,
with how often and how long Python's garbage collector ran meanwhile.
``--default-collector`` runs the collector as the interpreter's defaults have it and lets
it walk the loaded lexicon (what the repair cost before :mod:`normalise.collector`).
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.data import seed_files  # noqa: E402
from benchmarks.machine import describe  # noqa: E402


def _load_time(cache: str | None) -> tuple[float, float]:
    """Seconds (wall, CPU) to load (or build) the lexicon and the bigrams in a fresh
    interpreter."""
    env = dict(os.environ)
    if cache is not None:
        env["XDG_CACHE_HOME"] = cache
    code = (
        "import time; t=time.perf_counter(); c=time.process_time(); "
        "from normalise.lexicon import load; load(); "
        "from normalise.context import load as bigrams; bigrams(); "
        "print(time.perf_counter()-t, time.process_time()-c)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, check=True, capture_output=True, text=True
    )
    wall, cpu = out.stdout.strip().splitlines()[-1].split()
    return float(wall), float(cpu)


def _worker_ready() -> None:
    """Worker start-up: the lexicon, loaded before any document arrives."""
    from normalise.lexicon import load

    load()


def _repair_length(text: str) -> int:
    """Repair one document in a worker; the number of edits (a small answer to send)."""
    from normalise.engine import repair

    return len(repair(text).edits)


def _started(_: int) -> None:
    """A task that returns once a worker has started (and loaded the lexicon)."""
    time.sleep(0.2)  # long enough that the two probes go to two workers


def _two_workers(texts: list[str]) -> float:
    """Wall seconds for two worker processes (lexicon loaded) to repair ``texts``,
    the longest first."""
    with ProcessPoolExecutor(max_workers=2, initializer=_worker_ready) as pool:
        list(pool.map(_started, range(2)))  # both workers up, the lexicon loaded
        wall = time.perf_counter()
        list(pool.map(_repair_length, sorted(texts, key=len, reverse=True)))
        return time.perf_counter() - wall


def _new_text(repair: Callable[[str], object]) -> tuple[int, float, int, float]:
    """(characters, CPU seconds, collections, seconds collecting) of repairing each damaged
    held-out document once."""
    from benchmarks.repair_quality import damaged_documents

    texts = damaged_documents()
    collected = [0, 0.0]  # runs, seconds
    started = [0.0]

    def clock(phase: str, _info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            collected[0] += 1
            collected[1] += time.perf_counter() - started[0]

    gc.callbacks.append(clock)
    cpu = time.process_time()
    try:
        for text in texts:
            repair(text)
    finally:
        gc.callbacks.remove(clock)
    runs, seconds = collected
    return sum(map(len, texts)), time.process_time() - cpu, int(runs), seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="also time a cold lexicon build")
    parser.add_argument("--runs", type=int, default=3, help="repair runs; the best is reported")
    parser.add_argument("--no-workers", action="store_true", help="skip the two-worker figure")
    parser.add_argument(
        "--default-collector",
        action="store_true",
        help="garbage collection as the interpreter's defaults have it (before the collector)",
    )
    args = parser.parse_args(argv)

    print(
        f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())} on {os.cpu_count()} cores"
    )
    print(describe())
    if args.cold:
        with tempfile.TemporaryDirectory() as tmp:
            wall, cpu = _load_time(tmp)
            print(f"lexicon + bigrams cold build + cache: {wall:.2f} s wall / {cpu:.2f} s CPU")
    _load_time(None)  # make sure the cache exists
    wall, cpu = _load_time(None)
    print(f"lexicon + bigrams warm load (cache):  {wall:.2f} s wall / {cpu:.2f} s CPU")

    from normalise.context import load as bigrams
    from normalise.engine import repair
    from normalise.lexicon import load

    load()
    bigrams()
    if args.default_collector:
        import normalise.collector as collector

        collector.YOUNG, collector.OLDER = 700, 10  # the interpreter's defaults
        gc.unfreeze()  # the loaded data walked by full collections again
    books = {p.parent.name: p.read_text(encoding="utf-8") for p in seed_files().values()}
    texts = list(books.values())
    chars = sum(len(t) for t in texts)
    runs: list[tuple[float, float]] = []
    book_cpu: dict[str, float] = {}  # each book's least CPU time over the runs
    for _ in range(max(1, args.runs)):
        wall = time.perf_counter()
        cpu = time.process_time()
        for book, text in books.items():
            started = time.process_time()
            repair(text)
            took = time.process_time() - started
            book_cpu[book] = min(took, book_cpu.get(book, took))
        runs.append((time.perf_counter() - wall, time.process_time() - cpu))
    wall = min(w for w, _ in runs)
    cpu = min(c for _, c in runs)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    each = ", ".join(f"{w:.2f}/{c:.2f}" for w, c in runs)
    print(f"repaired {len(texts)} seeds, {chars} chars; runs (s wall/CPU): {each}")
    print(
        f"one process, best run: {chars / wall:,.0f} chars/s wall, {chars / cpu:,.0f} chars/s CPU"
    )
    per_book = ", ".join(
        f"{book} {len(books[book]) / max(took, 1e-9):,.0f}" for book, took in book_cpu.items()
    )
    print(f"per book, chars/s CPU (best run; no profile): {per_book}")
    print(f"peak memory (max RSS, lexicon included): {peak_mb:.0f} MB")
    new_chars, new_cpu, runs_gc, seconds_gc = _new_text(repair)
    print(
        f"one process, new text ({new_chars:,} chars of damaged held-out documents, each "
        f"repaired once): {new_chars / new_cpu:,.0f} chars/s CPU ({new_cpu:.2f} s); the "
        f"garbage collector ran {runs_gc:,} times, {seconds_gc:.2f} s"
    )
    if not args.no_workers:
        two = _two_workers(texts)
        print(
            f"two worker processes: {two:.2f} s wall, {chars / two:,.0f} chars/s wall "
            f"(longest seed {max(map(len, texts))} of {chars} chars)"
        )
    print(describe())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
