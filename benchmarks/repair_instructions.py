"""Instructions the repair engine executes on the four seed texts, counted by valgrind.

Usage: ``python benchmarks/repair_instructions.py``

Wall-clock speed on a shared virtual machine varies by more than a change to the
engine may gain (see ``repair_speed.py``); the count of executed instructions does not.
Two runs under ``valgrind --tool=cachegrind --cache-sim=no`` with ``PYTHONHASHSEED=0``:
one imports the engine, loads the lexicon and the bigrams and reads the seeds, the
other does the same and repairs every seed once; the difference is the repair's. Needs valgrind (``apt-get install valgrind``);
takes about two minutes.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

_LOAD = (
    "import sys; sys.path.insert(0, {root!r})\n"
    "from benchmarks.data import seed_files\n"
    "from normalise.context import load as bigrams\n"
    "from normalise.engine import repair\n"
    "from normalise.lexicon import load\n"
    "load(); bigrams()\n"
    "texts = [p.read_text(encoding='utf-8') for p in seed_files().values()]\n"
)
_REPAIR = "for text in texts:\n    repair(text)\n"
_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions(code: str) -> int:
    """Instructions valgrind counts for running ``code`` in a fresh interpreter."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    with tempfile.TemporaryDirectory() as tmp:
        out = subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={Path(tmp) / 'out'}",
                sys.executable,
                "-c",
                code,
            ],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
    found = _REFS.search(out.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=__doc__.splitlines()[0]).parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind not found: apt-get install valgrind", file=sys.stderr)
        return 2
    load = instructions(_LOAD.format(root=str(ROOT)))
    both = instructions(_LOAD.format(root=str(ROOT)) + _REPAIR)
    print(f"load: {load / 1e6:,.0f} M instructions")
    print(f"repair of the four seeds after load: {(both - load) / 1e6:,.0f} M instructions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
