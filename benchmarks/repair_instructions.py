"""Instructions the repair engine executes on the four seed texts, counted by valgrind.

Usage: ``python benchmarks/repair_instructions.py [--batch-files N | --unseen N]``

Wall-clock speed on a shared virtual machine varies by more than a change to the
engine may gain (see ``repair_speed.py``); the count of executed instructions does not.
Two runs under ``valgrind --tool=cachegrind --cache-sim=no`` with ``PYTHONHASHSEED=0``:
one imports the engine, loads the lexicon and the bigrams and reads the seeds, the
other does the same and repairs every seed once; the difference is the repair's.
With ``--batch-files N`` the texts are instead N files of about 100 KB cut from the
seeds repeated, as ``repair_batch.py`` makes them: documents of one process that
share words, where what the process remembers across documents shows. With
``--unseen N`` they are the first N held-out Dingler documents with synthetic damage
(``repair_quality.py``'s, about 20,000 characters each): new text, whose decisions no
earlier document made. Needs valgrind
(``apt-get install valgrind``); takes about two minutes.
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
_BATCH = (
    "from benchmarks.repair_bounds import seeds_repeated\n"
    "from normalise.chunks import chunk_spans\n"
    "whole = seeds_repeated({files} * 0.102)\n"
    "texts = [whole[a:b] for a, b in chunk_spans(whole, len(whole) // {files} + 1)][:{files}]\n"
)
_UNSEEN = (
    "from benchmarks.repair_quality import damaged_documents\n"
    "texts = damaged_documents()[:{files}]\n"
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
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch-files", type=int, default=0, help="N files of a batch instead")
    parser.add_argument(
        "--unseen", type=int, default=0, help="N damaged held-out documents instead (1-10)"
    )
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind not found: apt-get install valgrind", file=sys.stderr)
        return 2
    setup = _LOAD.format(root=str(ROOT))
    what = "the four seeds"
    if args.batch_files:
        setup += _BATCH.format(files=args.batch_files)
        what = f"{args.batch_files} files of a batch"
    elif args.unseen:
        setup += _UNSEEN.format(files=args.unseen)
        what = f"{args.unseen} damaged held-out documents"
    load = instructions(setup)
    both = instructions(setup + _REPAIR)
    print(f"load: {load / 1e6:,.0f} M instructions")
    print(f"repair of {what} after load: {(both - load) / 1e6:,.0f} M instructions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
