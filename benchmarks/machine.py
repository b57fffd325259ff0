"""How fast the machine runs plain Python at the moment: a fixed workload, timed.

Usage: ``python benchmarks/machine.py [--rounds N]``

On the shared virtual machine the repair benchmarks' speed moves by a third from one
hour to the next with the same code. A fixed workload of the kind the engine does
(slicing strings, building sets, looking up dictionaries) timed beside them shows how
fast the machine ran meanwhile, so that figures of different hours can be compared:
``repair_speed.py`` and ``repair_batch.py`` print it before and after their runs. The
workload is the same on every run (no randomness); its CPU time is the best of
``rounds`` runs, in milliseconds, lower meaning a faster machine.
"""

from __future__ import annotations

import argparse
import time

WORDS = 10_000  # pseudo-words of the workload
LETTERS = "abcdefghiklmnoprstuwäöüß"


def _words() -> list[str]:
    """The workload's pseudo-words, from a fixed linear congruential sequence."""
    state, out = 12345, []
    for _ in range(WORDS):
        word = []
        for _ in range(4 + state % 9):
            state = (state * 1103515245 + 12345) % 2**31
            word.append(LETTERS[state % len(LETTERS)])
        out.append("".join(word))
    return out


def _workload(words: list[str]) -> int:
    """Deletions of one letter of each word, looked up in an index of the words' own:
    the number of hits (so that the work is not optimised away)."""
    index: dict[str, int] = {}
    for k, word in enumerate(words):
        for i in range(len(word)):
            index.setdefault(word[:i] + word[i + 1 :], k)
    hits = 0
    for word in reversed(words):
        keys = {word[:i] + word[i + 1 :] for i in range(len(word))}
        hits += len(keys & index.keys())
    return hits


def reference_ms(rounds: int = 3) -> float:
    """CPU milliseconds of the fixed workload, the best of ``rounds`` runs."""
    words = _words()
    best = float("inf")
    for _ in range(rounds):
        started = time.process_time()
        _workload(words)
        best = min(best, time.process_time() - started)
    return best * 1000


def describe(rounds: int = 3) -> str:
    """The reference time as the benchmarks print it."""
    return f"machine reference workload: {reference_ms(rounds):.1f} ms CPU (lower is faster)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="runs; the best is reported")
    args = parser.parse_args(argv)
    print(describe(args.rounds))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
