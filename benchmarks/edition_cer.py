"""CER of the edition's reading text against the hand-checked gold passages.

For every gold passage of ``tests/data/gold-dev/passages.jsonl`` that lies inside the
body covered by a source's ``structure.toml``, compare the edition reading of the raw
span with the gold reading (white space folded to one space on both sides) and report
the character error rate: summed Levenshtein distances / summed gold lengths.

The edition reading comes from ``tei.edition.edition_reading`` when the TEI builder
provides it; otherwise it is computed here: automatic repair, the editor's curated
corrections merged on top (the editor wins), page furniture deleted.

    .venv/bin/python benchmarks/edition_cer.py [--max 0.005] [--siglum engelmann1798] [-v]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

from rapidfuzz.distance import Levenshtein

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.data import GOLD, book_repair, furniture_edits  # noqa: E402
from corpus import SIGLA, CorpusError, load_corrections, load_source, load_structure  # noqa: E402
from normalise import Repair, merge_layers  # noqa: E402
from tei.normal import fold  # noqa: E402


def fallback_repair(siglum: str) -> Repair:
    """Automatic repair + curated corrections + furniture removed, as one Repair."""
    raw = load_source(siglum).raw
    furniture = furniture_edits(raw, load_structure(siglum))
    curated = sorted([*load_corrections(siglum), *furniture], key=lambda e: (e.start, e.end))
    return Repair(raw, merge_layers(book_repair(siglum).edits, curated))


def reader(siglum: str, force_fallback: bool = False) -> tuple[Callable[[int, int], str], str]:
    """A function (start, end) -> edition reading of that raw span, and its origin."""
    if not force_fallback:
        try:
            from tei.edition import edition_reading  # type: ignore[import-not-found]
        except ImportError:
            pass
        else:
            return (lambda a, b: edition_reading(siglum, a, b)), "tei.edition.edition_reading"
    fixed = fallback_repair(siglum)
    return fixed.reading_span, "fallback (repair + corrections + furniture)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=float, default=0.005, help="highest total CER accepted")
    parser.add_argument("--siglum", action="append", help="only these sources")
    parser.add_argument("--fallback", action="store_true", help="do not use tei.edition")
    parser.add_argument("-v", "--verbose", action="store_true", help="show differing passages")
    args = parser.parse_args(argv)
    passages = [json.loads(x) for x in GOLD.read_text(encoding="utf-8").splitlines() if x]
    total_dist = total_len = 0
    for siglum in args.siglum or SIGLA:
        try:
            source = load_source(siglum)
            structure = load_structure(siglum)
        except CorpusError as error:
            print(f"{siglum}: skipped ({error})")
            continue
        original = source.meta.get("original_file", "")
        mine = [
            p
            for p in passages
            if p["source"] == original
            and structure.body_start <= p["start"]
            and p["end"] <= structure.body_end
        ]
        if not mine:
            continue
        read, origin = reader(siglum, args.fallback)
        print(f"{siglum}: {len(mine)} passages, reading from {origin}")
        for p in mine:
            got, gold = fold(read(p["start"], p["end"])), fold(p["gold"])
            dist = Levenshtein.distance(got, gold)
            total_dist += dist
            total_len += len(gold)
            print(
                f"  {p['id']} {p['start']}..{p['end']}: {dist}/{len(gold)} = {dist / len(gold):.4%}"
            )
            if args.verbose and dist:
                print(f"    got:  {got}\n    gold: {gold}")
    if not total_len:
        print("no gold passage inside a structured body")
        return 0
    cer = total_dist / total_len
    print(f"TOTAL {total_dist}/{total_len} = {cer:.4%} (max {args.max:.4%})")
    return 0 if cer <= args.max else 1


if __name__ == "__main__":
    raise SystemExit(main())
