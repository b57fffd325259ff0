"""Time and memory bounds of the repair engine: one long token, a long document.

Usage: ``python benchmarks/repair_bounds.py [--token-chars N] [--mb MB]``

1. The time to repair a single token of ``--token-chars`` characters (default
   1,000,000), for three kinds of token: plain letters, letters that look like long-s
   misreadings (``fjſ``), and U+FFFD; the lexicon is loaded first and not timed.
2. The peak resident memory (max RSS) of a fresh process that loads the lexicon and
   repairs ``--mb`` megabytes (UTF-8, default 20) made of the seed texts repeated,
   separated by blank lines; printed with the memory after the lexicon alone and per
   input character.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.data import seed_files  # noqa: E402


def seeds_repeated(megabytes: float) -> str:
    """About ``megabytes`` MB (UTF-8) of the seed texts, repeated, blank lines between."""
    seeds = "\n\n".join(p.read_text(encoding="utf-8") for p in seed_files().values()) + "\n\n"
    wanted = int(megabytes * 1_000_000)
    copies = wanted // len(seeds.encode("utf-8")) + 1
    text = seeds * copies
    while len(text.encode("utf-8")) > wanted:
        text = text[: len(text) - max(1, (len(text.encode("utf-8")) - wanted) // 2)]
    return text


def memory_child(megabytes: float) -> int:
    """Run in a fresh process: repair the text, print memory figures."""
    from normalise.engine import repair
    from normalise.lexicon import load

    load()
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    text = seeds_repeated(megabytes)
    started = time.perf_counter()
    result = repair(text)
    took = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    size = len(text.encode("utf-8"))
    print(
        f"document: {size / 1e6:.1f} MB UTF-8, {len(text):,} characters, {len(result.edits):,} edits"
    )
    print(f"repair time: {took:.1f} s ({len(text) / took:,.0f} chars/s)")
    print(f"max RSS after the lexicon: {base:.0f} MB")
    print(
        f"peak RSS: {peak:.0f} MB = {peak * 2**20 / len(text):.1f} bytes per input character "
        f"({(peak - base) * 2**20 / len(text):.1f} above the lexicon)"
    )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--token-chars", type=int, default=1_000_000)
    parser.add_argument("--mb", type=float, default=20.0)
    parser.add_argument("--memory-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_child:
        return memory_child(args.mb)

    from normalise.engine import repair
    from normalise.lexicon import load

    load()
    n = args.token_chars
    for name, token in (
        ("letters", ("abcdefghijklmnopqrstuvwxyz" * (n // 26 + 1))[:n]),
        ("f/j/long s", ("fjſ" * (n // 3 + 1))[:n]),
        ("U+FFFD", "\ufffd" * n),
    ):
        started = time.perf_counter()
        repair(token)
        print(f"one token of {n:,} characters ({name}): {time.perf_counter() - started:.2f} s")
    sys.stdout.flush()
    command = [sys.executable, __file__, "--memory-child", "--mb", str(args.mb)]
    return subprocess.run(command, cwd=ROOT, check=False).returncode


if __name__ == "__main__":
    raise SystemExit(main())
