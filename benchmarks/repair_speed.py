"""Speed and memory of the repair engine on the four seed texts.

Usage: ``python benchmarks/repair_speed.py [--cold]``

Reports the load time of the lexicon and the word bigrams (:mod:`normalise.context`)
from the cache (warm) and, with ``--cold``, the time to build both from their sources
(into a temporary cache directory); then characters
per second of ``repair`` over all seeds (wall clock and CPU time, lexicon already
loaded) and the peak resident memory of the process.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.data import seed_files  # noqa: E402


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="also time a cold lexicon build")
    args = parser.parse_args(argv)

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
    texts = [p.read_text(encoding="utf-8") for p in seed_files().values()]
    chars = sum(len(t) for t in texts)
    wall = time.perf_counter()
    cpu = time.process_time()
    for text in texts:
        repair(text)
    wall = time.perf_counter() - wall
    cpu = time.process_time() - cpu
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"repaired {len(texts)} seeds, {chars} chars in {wall:.2f} s wall / {cpu:.2f} s CPU")
    print(f"speed: {chars / wall:,.0f} chars/s wall, {chars / cpu:,.0f} chars/s CPU")
    print(f"peak memory (max RSS, lexicon included): {peak_mb:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
